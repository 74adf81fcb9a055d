#pragma once
// One description of a search's knobs, read both ways: each knob of a struct of ints is one row
// {name, member, min, max, c_end, r_end}, and the same table gives the knobs' defaults as parameters
// (with ranges and SPSA schedule ends) and reads the knobs back from a parameter set. A knob's name is
// written once, so the two directions cannot drift apart (AlphaBetaKnobs, MctsKnobs, dcms::EngineKnobs).
#include <vector>

#include "core/params.hpp"

namespace gamelab {

template <class Knobs>
struct KnobRow {
  const char* name;
  int Knobs::*member;
  int min, max;
  double c_end, r_end;
  // Parameter sets written before the knob existed lack it: it then keeps its default instead of
  // being an error.
  bool optional = false;
};

// The defaults of a default-constructed `Knobs`, one parameter per row, in the table's order.
template <class Knobs, class Table>
std::vector<Param> knob_params(const Table& table) {
  const Knobs defaults;
  std::vector<Param> params;
  for (const KnobRow<Knobs>& row : table) {
    params.push_back({row.name, defaults.*row.member, row.min, row.max, row.c_end, row.r_end});
  }
  return params;
}

// Every knob of the table read from `params` by name; InputError (from ParamSet) for a missing one
// that is not optional.
template <class Knobs, class Table>
Knobs knobs_from(const Table& table, const ParamSet& params) {
  Knobs knobs;
  for (const KnobRow<Knobs>& row : table) {
    if (row.optional && !params.contains(row.name)) continue;
    knobs.*row.member = params.value(row.name);
  }
  return knobs;
}

}  // namespace gamelab
