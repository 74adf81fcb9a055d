#pragma once
// What a generations campaign is (docs/tools/train.md §9): the settings of its three steps, kept in
// the campaign's config.json. The first run writes them from the flags; a resume reads them back and
// refuses a flag that says otherwise, since a generation made with other settings would not be the
// one the journal describes. The seeds of every step derive from the campaign's seed and the
// generation, so config.json alone rebuilds every data file, network and match.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "eval/stats/sprt.hpp"
#include "registry/game_entry.hpp"
#include "tuner/train/campaign.hpp"

namespace gamelab::generations {

// A generation's three steps, in order.
enum class Step { Data, Train, Match };
std::string_view to_string(Step step);  // "data", "train", "match"
// InputError naming `what` unless `text` is one of the above.
Step parse_step(const std::string& text, const std::string& what);

// What a verification that reaches its game cap without an SPRT verdict decides: keep the current
// best, or promote the new evaluation when its Elo is above 0.
enum class Undecided { Keep, Positive };
std::string_view to_string(Undecided rule);  // "keep", "positive"
Undecided parse_undecided(const std::string& text, const std::string& what);

// Step 1: self-play with the current best (`gamelab datagen`).
struct DataSettings {
  int games = 1000;
  std::string limit = "nodes=2000";
  std::string openings;  // an opening suite the games start from (as given); "" the game's start
  int random_plies = 8;
  bool keep_tactical = false;
};

// Step 3: the new evaluation against the current best (`gamelab match`, SPRT).
struct MatchSettings {
  std::string limit = "nodes=8000";  // both engines
  int games = 400;                   // the cap: the match stops here without a verdict
  std::string openings, boards, suite;  // as given; none: the match runner's default suite
  eval::SprtConfig sprt{0, 10, 0.05, 0.05, eval::EloModel::Logistic};
  Undecided undecided = Undecided::Positive;
};

struct GenerationsSettings {
  std::string game;
  int generations = 3;
  std::uint64_t seed = 1;
  std::string params_file;         // the parameter file given ("" for the engine's defaults) ...
  std::string params_fingerprint;  // ... and its values' fingerprint (the values are in params.json)
  bool eval_add = true;            // the learned output added to the hand-made evaluation, or replacing it
  // Generation 0: the hand-made evaluation alone (file ""), or with a learned file (--start-eval, e.g. a
  // release's release.eval), played in the campaign's eval mode and copied into it as gen-0/best.eval.
  std::string start_eval_file;         // as given
  std::string start_eval_fingerprint;  // its fingerprint, checked again before every run
  DataSettings data;
  train::TrainOptions train;  // its seed is derived per generation (step_seed); its threads are a run option
  int data_window = 1;        // generation K trains on the data of generations K - data_window + 1 .. K (from 1)
  bool residual = false;      // each network fitted over the hand-made evaluation of params.json (train.md §2)
  // Each training starts from the weights of the evaluation that played its data (the current best;
  // random weights when that is the hand-made evaluation alone) instead of random ones (train.md §9).
  bool warm_start = false;
  MatchSettings match;

  nlohmann::ordered_json to_json() const;
  // InputError naming `source` for a missing member or a value out of range.
  static GenerationsSettings from_json(const nlohmann::json& data, const std::string& source);
};

// The seed of step `step` of generation `generation` (1-based) of a campaign seeded with `seed`.
std::uint64_t step_seed(std::uint64_t seed, int generation, Step step);

// A flag of `gamelab generations` that fixes what the campaign computes, and the member of
// config.json it sets ("/data/games" for --games). --generations, --data-window, --warm-start, --threads
// and --concurrency are not among them: a resume may run more generations, train the next ones on more
// generations' data or from the best's weights, on other threads.
struct SettingFlag {
  std::string flag;
  std::string member;  // a JSON pointer into config.json
};
const std::vector<SettingFlag>& setting_flags();

// With --resume: InputError for the first flag of `given` (flags the user typed) whose value in
// `asked` (the settings the flags make) differs from the campaign's `stored` ones, naming the flag,
// both values and the campaign's config.json.
void check_resume_flags(const GenerationsSettings& stored, const GenerationsSettings& asked,
                        const std::vector<std::string>& given, const std::string& config_path);

// InputError unless `game` can run generations: its engine plays learned evaluation files
// (GameEntry::learned_eval), it has sparse inputs to train them on, self-play data and matches. The
// message names the game, what it lacks, and the games that can.
void check_generations_game(const GameEntry& game);

}  // namespace gamelab::generations
