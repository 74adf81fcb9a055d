#pragma once
// Whether a generation's evaluation replaces the current best, from its verification match: written
// once, so that the journal, the command's summary and the tests apply the same rule.
//
//   SPRT accepted H1                       promoted
//   SPRT accepted H0                       kept
//   no verdict at the game cap, "positive" promoted when the Elo is above 0
//   no verdict at the game cap, "keep"     kept
//
// "positive" is the default: at a cap of a few hundred games an SPRT on a game with as many draws as
// Raichu's often ends undecided, and a generation that scored above even is the better bet for the
// next one's data. "keep" promotes only what the SPRT accepted.
#include <string>

#include "eval/stats/sprt.hpp"
#include "tuner/generations/settings.hpp"

namespace gamelab::generations {

struct Promotion {
  bool promoted = false;
  std::string reason;  // "SPRT accepted H1", "undecided at the cap, Elo +3.2 > 0 (rule: positive)", ...
};

Promotion decide_promotion(eval::SprtVerdict verdict, double elo, Undecided rule);

}  // namespace gamelab::generations
