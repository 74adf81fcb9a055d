#pragma once
// What the command line and the lab need of a game, type-erased behind one small record per game.
// Game folders fill in their entry (engines/<game>/entry.cpp); apps/, eval/ and tuner/ reach games
// only through the registry (game_registry.hpp), never by including a game folder.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/params.hpp"
#include "registry/move_tree.hpp"

namespace gamelab {

enum class GameShape { TurnBased, Simultaneous };

// A command-line option that helps pick a position, e.g. {"n", "board size"} for Raichu.
struct PositionOption {
  std::string name;  // long flag without dashes
  std::string help;
  std::string old_name = {};  // an old spelling still accepted, hidden (where the command has no option of that name)
};

// Where a position comes from, in order of precedence:
//  - text: the content of a position file (docs/rules/common.md §3); `source` names it in error messages;
//  - board: the --board value given on the command line (a board string or a file path, as the game
//    documents);
//  - neither: the game's start position (or generated board) chosen by `options`.
// `options` holds only the PositionOption flags that the user actually gave.
struct PositionSpec {
  std::string text;
  std::string source;
  std::string board;
  std::map<std::string, std::string> options;
  // A position option's value as given on the command line (`--n 10`: option("n") is "10"), or null.
  const std::string* option(const std::string& name) const {
    const auto it = options.find(name);
    return it == options.end() ? nullptr : &it->second;
  }
};

struct PerftRequest {
  PositionSpec position;
  int depth = 1;
  bool divide = false;
  int threads = 1;
};

struct PerftLine {
  std::string move;    // readable move (or joint move)
  std::string result;  // the resulting position in the tournament's board form, when it has one line
  std::uint64_t nodes = 0;
};

struct PerftReport {
  std::string position;  // the root position, in the game's position-file form
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<PerftLine> divide;  // filled when the request asked for it
};

// `gamelab boards <game>`: a suite of generated boards (simultaneous games).
struct BoardRequest {
  std::uint64_t seed = 1;
  int count = 1;
  std::map<std::string, std::string> options;  // the game's board_options the user gave
};

struct GeneratedBoard {
  std::string name;  // file name inside the output folder, e.g. "board-007-11x15.txt"
  std::string text;  // the position file (docs/rules/common.md §3)
};

// A learned evaluation file (`gamelab train`, docs/tools/train.md §8) for the lab's engine: empty
// `file`, the hand-made evaluation. With `add` (what eval= and --eval give unless told otherwise) the
// learned output is added to the hand-made evaluation, else it replaces it.
struct LearnedEvalSpec {
  std::string file;
  bool add = true;
  bool empty() const { return file.empty(); }
};

// `gamelab search <game>` and the bench: one search from one position.
struct SearchLine {
  int depth = 0;
  int score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string pv;  // readable moves separated by blanks
};

struct SearchRequest {
  PositionSpec position;
  SearchLimits limits;
  ParamSet params;
  std::function<void(const SearchLine&)> on_iteration;  // optional
  std::uint64_t seed = 1;  // for searches that draw random numbers (MCTS): same seed, same result
  LearnedEvalSpec learned;  // games whose engine loads learned evaluation files (GameEntry::learned_eval)
};

struct SearchReport {
  std::string best_move;  // readable; empty if the game is over
  std::string result;     // the position after the best move, in the tournament's board form
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string analysis;  // optional lines printed before the best move (e.g. root mixed strategies)
};

// A player in a match: the lab's own engine (parameters and limits) or an external bot run through the
// game's tournament protocol.
struct PlayerSpec {
  std::string name;
  ParamSet params;          // internal engine
  SearchLimits limits;      // internal engine: depth / nodes / movetime
  std::string tablebase;    // internal engine: a folder of endgame tables it probes (games that have them)
  LearnedEvalSpec learned;  // internal engine: a learned evaluation file (eval= on --engine)
  std::string command;      // external bot: the command line (no shell)
  std::string protocol;     // external bot: the game's protocol name (e.g. "raichu")
  double time_limit_s = 1;  // external bot: the per-move limit, as the tournament gives it
  bool external() const { return !command.empty(); }
};

// One game of a match, refereed by the game's own rules.
struct GameRequest {
  std::string opening;                 // start position, position-file text
  std::string opening_source;          // names it in messages
  std::vector<PlayerSpec> players;     // seat order: seat 0 moves first (or is blue)
  std::uint64_t seed = 0;              // for any random choice inside the game (same for both games of a pair)
  // A folder of endgame tables (games that have them): a position they know ends the game at once with
  // its exact value (a decision that needs more plies than are left is a draw), recorded as adjudicated.
  std::string adjudication_tables;
};

enum class Termination { Normal, Crash, Timeout, Illegal, Stalled };
// Inline: the games' play loops name it, and a game's library links no registry.
inline const char* to_string(Termination t) {
  switch (t) {
    case Termination::Normal: return "normal";
    case Termination::Crash: return "crash";
    case Termination::Timeout: return "timeout";
    case Termination::Illegal: return "illegal";
    case Termination::Stalled: return "stalled";
  }
  return "?";
}

struct GameRecord {
  double score = 0.5;          // for seat 0: 1 win, 0.5 draw, 0 loss
  std::string reason;          // why it ended, in words
  Termination termination = Termination::Normal;
  int fault = -1;              // the seat at fault when termination is not Normal
  int plies = 0;
  std::vector<std::string> moves;  // readable moves (or joint moves)
  std::string adjudication;        // non-empty: ended by an adjudicator ("tablebase"), not by the rules
};

// `gamelab openings <game>`: balanced positions after a few seeded random plies, deduplicated.
struct OpeningRequest {
  int count = 100;
  std::uint64_t seed = 1;
  int min_plies = 2;
  int max_plies = 8;
  int balance_depth = 4;   // search depth used to judge balance (0: no check)
  int max_score = 150;     // keep positions whose |score| at balance_depth is at most this
  int min_score = 0;       // ... and at least this (> 0: an unbalanced suite, one side clearly ahead)
  std::function<void(int kept)> on_kept = nullptr;  // optional: after each opening kept (a progress bar)
  std::map<std::string, std::string> options;  // the game's position options (e.g. n)
};

// Texel tuning (tuner/): the evaluation as sparse features, and self-play positions labelled with the
// game's result. Features and results take the evaluation's point of view: the side to move in a
// turn-based game, side 0 (blue) in a simultaneous one.
struct EvalFeature {
  int index;  // a parameter index below GameEntry::eval_weights
  int value;
};

struct LabelledPosition {
  std::string position;  // position-file text (docs/rules/common.md §3), as `features` reads it
  double result = 0.5;   // 1 win, 0.5 draw, 0 loss, from the evaluation's point of view there
  // The self-play engine's search score there, same point of view (games whose search scores the
  // side to move: Raichu, jump chess), for labels that blend the result with a deeper look.
  std::optional<int> score = std::nullopt;
};

// How datagen labels games that end by the ply limit (Raichu's 400 plies, a draw by the rules): as
// they ended ("draw"), left out ("drop": a shuffle that nobody won says little about the positions
// before it), or by the material each side ends with ("material": the side with more material, by the
// evaluation's material weights, gets 1, an equal balance 0.5).
enum class LimitGames { Draw, Drop, Material };

// One self-play game for `gamelab datagen`: both sides play the engine with `params` and `limits`
// from `opening` (position-file text; empty: the game's start or a generated board from `seed`),
// after `random_plies` seeded random moves. Same request, same positions.
struct DatagenRequest {
  std::string opening;
  std::uint64_t seed = 1;
  ParamSet params;
  SearchLimits limits;
  int random_plies = 8;
  LearnedEvalSpec learned;  // the engine's learned evaluation file, if any (games that load them)
  bool skip_tactical = true;  // leave out positions where the static evaluation is unreliable (captures pending)
  LimitGames limit_games = LimitGames::Draw;
  // A folder of endgame tables (games that have them): the game ends at the first position they know,
  // and every position kept is labelled with that position's exact result (decisions beyond the ply
  // limit are draws), so the labels are exact where the tables reach.
  std::string adjudication_tables;
};

// Learned evaluations (`gamelab train`, tuner/train/): a position as sparse one-hot inputs, the
// indices of the inputs that are on, seen from each side. perspective[0] is the side the evaluation
// speaks for (the side to move in a turn-based game, blue in a simultaneous one), perspective[1] the
// other side; one input set serves both (each side sees its own pieces as "ours"), so that a network's
// feature transformer is shared between the perspectives (docs/tools/train.md §1).
struct SparseInputs {
  std::vector<std::uint32_t> perspective[2];
};

struct SparseInputSet {
  // Names the mapping and its version (e.g. "raichu-pieces-v1"): an evaluation file trained on another
  // mapping is refused, since its weights would mean other things.
  std::string name;
  std::uint32_t count = 0;       // every index is below it
  std::uint32_t max_active = 0;  // at most this many inputs are on in one perspective (integer bounds)
  // Fills both perspectives' active indices of a position (position-file text); clears them first.
  // Empty: the game has no sparse inputs yet.
  std::function<void(const std::string& position_text, SparseInputs& out)> active;
};

// The engine's hand-made evaluation with a parameter set, as a learned file is added to it: `value` of
// a position (text) from the evaluation's point of view (as SparseInputs' perspective 0) in the
// engine's units, and `units_per_logit`, what turns those units into the file's logits: 0 for the
// alpha-beta games, which add the file's output times the file's own scale to their evaluation; the
// MCTS's mcts_eval_scale for the simultaneous games, which add it at that scale.
struct HandmadeEval {
  std::function<double(const std::string& position_text)> value;
  double units_per_logit = 0;
};

// `gamelab export <game> --<format> FILE`: a release bot's source in a form a tournament takes.
// The learned evaluation it carries (docs/tools/bots.md §6a): `learned` (--eval FILE, checked against the
// game's input set before the writer runs), else the frozen release's own when the parameters are the
// release's too (no --params), else none (learned::exported_eval).
struct ExportRequest {
  ParamSet params;            // empty: the frozen release configuration (engines/<game>/release.json)
  std::string params_source;  // names the parameters in the file's header (e.g. the --params path)
  LearnedEvalSpec learned;    // --eval FILE and --eval-mode
};

struct ExportFormat {
  std::string flag;  // the option's name without dashes: "cpp" gives `--cpp FILE`
  std::string help;
  std::function<std::string(const ExportRequest&)> write;  // the file's content
};

// `gamelab judge <game>`: the lab as the tournament's judge server on a fixed port, for games whose
// bots connect to the judge (jump chess): its engine against each client that connects, one game per
// connection. Seat 0 of each record is the lab's engine, seat 1 the client.
struct JudgeRequest {
  int port = 8888;
  PlayerSpec engine;                 // the lab's side: its parameters and limits
  int games = 1;
  std::string client_color = "alternate";  // black, white, or alternate (the client is Black in game 1)
  double time_limit_s = 5;           // the client's per-move limit
  double wait_s = 0;                 // how long to wait for each client to connect; 0: for ever
  std::function<void(const std::string& line)> print;  // the games as they are played, line by line
  // Optional: called after each game (1, 2, …) with its record (seat 0 the lab) and whether the client
  // moved first in it (`gamelab judge --out` writes the games as match records).
  std::function<void(int game, bool client_first, const GameRecord& record)> on_game;
};

// `gamelab tablebase <game>`: endgame tables by retrograde analysis (games that have them: Raichu).
struct TablebaseRequest {
  std::map<std::string, std::string> options;  // the game's position options the user gave (e.g. n)
  int max_pieces = 3;
  std::string folder;  // where the tables are written; tables already there and sound are reused
  int threads = 1;
  // Won positions to sample for a suite (0: none): uniformly over the classes (and sides to move) that
  // have wins of at least `min_win_plies`, then uniformly among those wins; seeded.
  int sample_wins = 0;
  int min_win_plies = 4;
  std::uint64_t seed = 1;
  std::string bundle;  // also write every table into this one file (what the release bot embeds)
};
struct TablebaseSideStats {
  std::uint64_t positions = 0, won = 0, drawn = 0, lost = 0;  // for the side to move
  int longest_win = 0;                                         // plies
  std::string longest_example;                                 // a position line of that win
};
struct TablebaseClassStats {
  std::string name;  // the material class, e.g. "RRvR"
  int n = 0;
  TablebaseSideStats side[2];  // seat 0 (White) to move, seat 1 to move
  double seconds = 0;          // to build (or to load, when reused)
  std::uint64_t bytes = 0;     // the file's size
  bool reused = false;         // the file was already there and sound
  int index = 0, total = 0;    // this class's place in the build (1-based) and the number of classes
};

// A game's own analysis of a position (`gamelab analyse <game> --board`; Bullets': each player's earliest
// hit on an opponent that stays, engines/bullets/reports.hpp): what the game finds, in its own terms.
struct PositionAnalysis {
  std::vector<std::string> lines;  // in words, a line each
  std::string json;                // the same as one JSON object (its fields are the game's)
};

// Why a recorded game was lost (`gamelab analyse --records`; Bullets: engines/bullets/post_mortem.hpp).
struct LossExplanation {
  std::string text;  // the cause, one line in words
  std::string kind;  // a short class of the loss, which the command counts over the records
};

// The conformance suite's seeded random game (registry/random_game.hpp): its steps as the game writes
// them, and how it ended in words.
struct RandomGame {
  std::vector<std::string> steps;
  std::string end;
};

struct GameEntry {
  std::string name;   // command-line name: raichu, jumpchess, dcms, bullets
  std::string title;  // human name
  GameShape shape = GameShape::TurnBased;
  std::vector<PositionOption> position_options;
  std::function<PerftReport(const PerftRequest&)> perft;
  // A readable diagram of the position, for `gamelab show`.
  std::function<std::string(const PositionSpec&)> show;
  // `gamelab perft --against` (registry/move_tree.hpp): every legal move (joint move) of a position-file
  // text, in the generator's order (the perft divide's), empty when the game is over there; and the
  // lab's token for the move another program wrote as `token` there, "" when it is no legal move. A
  // move has one token, but some games admit several spellings of it: any path of a jump chess move
  // (moves leading to the same board are one move), a Dog-Cat-Mouse-cheeSe or Bullets step into a wall
  // (the same action as standing still), pieces left out of a Dog-Cat-Mouse-cheeSe move string.
  std::function<std::vector<TreeMove>(const std::string& position_text)> tree_moves;
  std::function<std::string(const std::string& position_text, const std::string& token)> canonical_move;
  // The conformance suite's random game from a position-file text with a seed: the checks of
  // registry/random_game.hpp at every step, std::logic_error at the first that breaks.
  std::function<RandomGame(const std::string& opening_text, std::uint64_t seed)> random_game;
  // Board generator (empty for games with a fixed start): same request, same boards.
  std::vector<PositionOption> board_options;
  std::function<std::vector<GeneratedBoard>(const BoardRequest&)> generate_boards;
  // The game's own analysis (empty for games without one): `gamelab analyse <game>` exists where a game
  // gives it, with `analysis_help` as its description; the command knows no game's terms.
  std::string analysis_help;
  std::function<PositionAnalysis(const std::string& position_text, const std::string& source)> analyse_position;
  // Why a recorded game was lost (none: it did not end with one side beaten by the rules).
  std::function<std::optional<LossExplanation>(const std::string& opening_text, const std::vector<std::string>& moves)>
      explain_loss;
  // The engine: its parameter set (weights and knobs) and a search (empty until a game has one).
  std::function<ParamSet()> default_params;
  std::function<SearchReport(const SearchRequest&)> search;
  // Matches: refereeing one game, and making an opening suite (turn-based games).
  std::function<GameRecord(const GameRequest&)> play_game;
  double bot_time_limit_s = 1;  // external bots' per-move limit when --engine gives no timelimit= (the tournament's)
  // Its bots speak an engine protocol of the field (UAI): the lab's search limits go in its `go` (tc=,
  // movetime=, depth=, nodes=) and a bot's parameters as its options (setoption), not in a file. Else a
  // bot gets the tournament's per-move time (timelimit=), and its node budget and parameters from the
  // lab as docs/tools/your-bot.md §2 says (GAMELAB_NODES, GAMELAB_PARAMS).
  bool bot_engine_protocol = false;
  std::function<std::vector<std::string>(const OpeningRequest&)> generate_openings;
  // Texel tuning: the first `eval_weights` parameters of default_params() are evaluation weights (the
  // rest are search knobs); `features` gives a position's sparse features over them, so that
  // evaluate = sum of weight[index] * value; `datagen_game` plays one labelled self-play game.
  std::size_t eval_weights = 0;
  std::function<std::vector<EvalFeature>(const std::string& position_text)> features;
  std::function<std::vector<LabelledPosition>(const DatagenRequest&)> datagen_game;
  // Learned evaluations: the position as sparse one-hot inputs (`gamelab train`); an empty `active`
  // means none yet. `learned_eval`: the engine evaluates with an evaluation file of this input set
  // when a request names one (PlayerSpec/SearchRequest/DatagenRequest::learned).
  SparseInputSet sparse_inputs;
  bool learned_eval = false;
  // The hand-made evaluation that a learned file is added to (evalmode=add), for a residual fit
  // (`gamelab train --base PARAMS`, docs/tools/train.md §2); empty where that evaluation is not one
  // function of the position (Bullets': it holds the engine's preferences for its own seat).
  std::function<HandmadeEval(const ParamSet& params)> handmade_eval;
  // Release bots: source exports (`gamelab export`) and a judge server (`gamelab judge`).
  std::vector<ExportFormat> exports;
  std::function<std::vector<GameRecord>(const JudgeRequest&)> judge_server;
  // Endgame tables (empty for games without them); `on_class` is called after each class.
  struct TablebaseReport {
    std::vector<TablebaseClassStats> classes;
    std::vector<std::string> won_positions;  // sampled (position lines), when the request asked
    std::vector<std::string> won_classes;    // the classes and sides they were sampled from, e.g. "KPvK w"
  };
  std::function<TablebaseReport(const TablebaseRequest&, const std::function<void(const TablebaseClassStats&)>& on_class)>
      tablebase;
};

}  // namespace gamelab
