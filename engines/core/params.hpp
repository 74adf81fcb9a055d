#pragma once
// Named parameters: every evaluation weight and search knob of a game's engine, in one ordered list.
//
// A parameter is {name, value, min, max, c_end, r_end}: integer value and bounds, and the SPSA
// schedule ends used by OpenBench and fishtest (c_end: perturbation size at the last iteration;
// r_end: learning rate at the last iteration). Parameter sets load and save as JSON and read and write
// OpenBench's SPSA text form, one parameter per line: `name, int, default, min, max, c_end, r_end`.
// Engines read values by index (the order of the game's defaults), never by name on the hot path.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gamelab {

struct Param {
  std::string name;
  int value = 0;
  int min = 0;
  int max = 0;
  double c_end = 0;
  double r_end = 0;
  friend bool operator==(const Param&, const Param&) = default;
};

// One parameter line of OpenBench's SPSA text: where it stands (`source:line`) and its comma-separated
// fields, blanks trimmed. Blank lines and '#' comments are skipped. The readers check the fields.
struct SpsaRow {
  std::string at;
  std::vector<std::string> fields;
};
std::vector<SpsaRow> spsa_rows(const std::string& text, const std::string& source);

class ParamSet {
 public:
  ParamSet() = default;
  // Checks names (non-empty, no blanks or commas, unique), bounds and values; InputError otherwise.
  ParamSet(std::string game, std::vector<Param> params);

  const std::string& game() const { return game_; }
  std::size_t size() const { return params_.size(); }
  const std::vector<Param>& all() const { return params_; }
  const Param& at(std::size_t index) const { return params_.at(index); }
  int value(std::size_t index) const { return params_[index].value; }
  // The values in order: what an engine keeps.
  std::vector<int> values() const;

  // Index of `name`; InputError naming it if the set has no such parameter.
  std::size_t index_of(std::string_view name) const;
  bool contains(std::string_view name) const;
  int value(std::string_view name) const { return params_[index_of(name)].value; }
  // Sets a value; InputError if it lies outside [min, max].
  void set(std::string_view name, int value);

  // A 64-bit fingerprint of names and values (game records keep it to tell configurations apart).
  std::uint64_t fingerprint() const;
  std::string fingerprint_hex() const;  // the same as 16 lower-case hex digits (records, reports, exports)

  std::string to_json() const;
  std::string to_spsa() const;

  // Reads a JSON or SPSA file for this set's game: `defaults` lists the legal names; parameters the
  // file does not mention keep their default. Errors name `source`, the parameter and the problem
  // (unknown name, missing field, value out of range, min > max, duplicate, malformed line).
  static ParamSet from_json(const std::string& text, const ParamSet& defaults, const std::string& source);
  static ParamSet from_spsa(const std::string& text, const ParamSet& defaults, const std::string& source);
  // Chooses the form by content (a JSON object starts with '{').
  static ParamSet load_file(const std::string& path, const ParamSet& defaults);
  // The learned evaluation a parameter file names beside its parameters (a release.json's "eval": its
  // file, recorded from the project's root and else looked for beside the release.json, and its mode),
  // or nullopt. load_file reads the parameters only; an engine given a release file plays the release
  // as its bots do, this evaluation included, unless told otherwise (eval=none; eval/match/engine_arg.hpp).
  struct NamedEval {
    std::string file;
    bool add = true;
  };
  static std::optional<NamedEval> named_eval(const std::string& path);
  void save_file(const std::string& path) const;  // JSON, written atomically

  // A set that declares itself: what an external program (a team's own bot) tunes. The text is an
  // OpenBench SPSA text (`name, int, default, min, max, c_end, r_end`, value = default) or a JSON
  // parameter file (a campaign's current.json, say); its parameters, in its order, are the whole set,
  // for `game`. InputError naming `source` and the line for a malformed, duplicate or empty list.
  static ParamSet declared(const std::string& text, const std::string& game, const std::string& source);
  static ParamSet declared_file(const std::string& path, const std::string& game);
  // The values alone, {"NAME": value, ...} in the set's order: what an external program reads.
  std::string to_values_json() const;

  friend bool operator==(const ParamSet&, const ParamSet&) = default;

 private:
  std::string game_;
  std::vector<Param> params_;
};

}  // namespace gamelab
