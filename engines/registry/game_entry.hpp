#pragma once
// What the command line and the lab need of a game, type-erased behind one small record per game.
// Game folders fill in their entry (engines/<game>/entry.cpp); apps/, eval/ and tuner/ reach games
// only through the registry (game_registry.hpp), never by including a game folder.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/params.hpp"

namespace gamelab {

enum class GameShape { TurnBased, Simultaneous };

// A command-line option that helps pick a position, e.g. {"n", "board size"} for Raichu.
struct PositionOption {
  std::string name;  // long flag without dashes
  std::string help;
};

// Where a position comes from, in order of precedence:
//  - text: the content of a position file (RULES.md §5); `source` names it in error messages;
//  - board: the --board value given on the command line (a board string or a file path, as the game
//    documents);
//  - neither: the game's start position (or generated board) chosen by `options`.
// `options` holds only the PositionOption flags that the user actually gave.
struct PositionSpec {
  std::string text;
  std::string source;
  std::string board;
  std::map<std::string, std::string> options;
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
  std::string text;  // the position file (RULES.md section 5)
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
};

struct SearchReport {
  std::string best_move;  // readable; empty if the game is over
  std::string result;     // the position after the best move, in the tournament's board form
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct GameEntry {
  std::string name;   // command-line name: raichu, jumpchess, dcms, bullets
  std::string title;  // human name
  GameShape shape = GameShape::TurnBased;
  std::vector<PositionOption> position_options;
  std::function<PerftReport(const PerftRequest&)> perft;
  // A readable diagram of the position, for `gamelab show`.
  std::function<std::string(const PositionSpec&)> show;
  // Board generator (empty for games with a fixed start): same request, same boards.
  std::vector<PositionOption> board_options;
  std::function<std::vector<GeneratedBoard>(const BoardRequest&)> generate_boards;
  // The engine: its parameter set (weights and knobs) and a search (empty until a game has one).
  std::function<ParamSet()> default_params;
  std::function<SearchReport(const SearchRequest&)> search;
};

}  // namespace gamelab
