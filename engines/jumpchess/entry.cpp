#include "jumpchess/entry.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/export/export_cpp.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/judge_server.hpp"
#include "jumpchess/match.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/release.hpp"
#include "jumpchess/sparse_inputs.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::jumpchess {

namespace {

const std::string* option(const PositionSpec& spec, const char* name) {
  auto it = spec.options.find(name);
  return it == spec.options.end() ? nullptr : &it->second;
}

// "--moves 'B W'": two counts.
void parse_moves_option(const std::string& text, int& black, int& white) {
  std::size_t used = 0;
  try {
    black = std::stoi(text, &used);
    const std::string rest = text.substr(used);
    white = std::stoi(rest, &used);
    if (rest.find_first_not_of(" \t", used) != std::string::npos) throw std::invalid_argument("extra");
  } catch (const std::exception&) {
    throw InputError("--moves '" + text + "': expected two counts 'B W' (moves made by Black and White)");
  }
}

// The position before --path: a position file (text or path), a 64-digit board, or the start position.
// --side and --moves go with a board on the command line and, for a file, must agree with it if given.
State base_position(const PositionSpec& spec) {
  const std::string* side_text = option(spec, "side");
  const std::string* moves_text = option(spec, "moves");
  if (spec.text.empty() && !spec.board.empty() &&
      (looks_like_board_digits(spec.board) || !std::filesystem::exists(spec.board))) {
    const Color side = side_text ? parse_side(*side_text, "--side") : Black;
    int black = 0, white = 0;
    if (moves_text) parse_moves_option(*moves_text, black, white);
    try {
      const State s = parse_board_digits(spec.board, side, "--board");
      return make_position(s.pieces[Black], s.pieces[White], side, black, white, "--board with --side/--moves");
    } catch (const InputError& e) {
      if (looks_like_board_digits(spec.board)) throw;
      throw InputError("--board '" + spec.board + "' is neither an existing position file nor a board of 64 digits (" +
                       e.what() + ")");
    }
  }
  if (spec.text.empty() && spec.board.empty()) {
    State state = start_position();
    int black = 0, white = 0;
    if (moves_text) parse_moves_option(*moves_text, black, white);
    const Color side = side_text ? parse_side(*side_text, "--side") : Black;
    return make_position(state.pieces[Black], state.pieces[White], side, black, white, "start position");
  }
  const std::string source = spec.text.empty() ? spec.board : spec.source;
  const State state = parse_position_text(spec.text.empty() ? read_text_file(spec.board) : spec.text, source);
  if (side_text && parse_side(*side_text, "--side") != state.side) {
    throw InputError("--side " + *side_text + " disagrees with " + source + " (" + side_name(state.side) + " to move)");
  }
  if (moves_text) {
    int black = 0, white = 0;
    parse_moves_option(*moves_text, black, white);
    if (black != state.moves_made[Black] || white != state.moves_made[White]) {
      throw InputError("--moves '" + *moves_text + "' disagrees with " + source);
    }
  }
  return state;
}

// The position, then the paths of --path (separated by ';') played from it in turn.
State load_position(const PositionSpec& spec) {
  State state = base_position(spec);
  if (const std::string* paths = option(spec, "path")) {
    std::size_t start = 0;
    for (int k = 1;; ++k) {
      const std::size_t end = paths->find(';', start);
      const std::string what = "--path move " + std::to_string(k);
      const std::string one = paths->substr(start, end == std::string::npos ? std::string::npos : end - start);
      const Path path = parse_path(one, what);
      state = play_path(state, path, what + " " + path_text(path));
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  return state;
}

std::string jumpchess_move_text(const Move& m, const State&) { return move_text(m); }

// The position after a move as the tournament's client shows it: the board's rows.
std::string result_rows(const State& s) {
  std::string rows = board_rows(s);
  if (!rows.empty() && rows.back() == '\n') rows.pop_back();
  return rows;
}

SearchReport run_search(const SearchRequest& request) {
  return alphabeta_search<Game>(load_position(request.position), request, default_params(), jumpchess_move_text,
                                result_rows);
}

std::string jumpchess_canonical(const std::string& text, const std::string& token) {
  using namespace jumpchess;
  const State s = parse_position_text(text, "position");
  if (ends_before_moves(s)) return "";
  try {
    const Path path = token == "pass" ? Path{} : parse_path(token, "move");
    return without_blanks(move_text(find_move(s, path, "move")));
  } catch (const InputError&) {
    return "";
  }
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Jump chess", load_position);
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position);
  entry.position_options = {
      {"side", "side to move: black or white (default black)"},
      {"moves", "moves already made by Black and White, e.g. '120 119' (default '0 0')"},
      {"path", "moves to play first, as paths separated by ';', e.g. '[(2,2), (2,3)]; [(5,5), (5,4)]'"},
  };
  entry.canonical_move = jumpchess_canonical;  // any path of a move names it
  entry.search = run_search;                   // its result: the board's rows, as the client shows them
  entry.play_game = play_game;
  entry.bot_time_limit_s = 5;  // docs/rules/jumpchess.md: a program that exceeds 5 s passes
  entry.generate_openings = generate_openings;
  entry.datagen_game = datagen_game;
  entry.exports.push_back({"cpp", "GetStep for the tournament's C++ template: one self-contained C++14 file",
                           [](const ExportRequest& request) {
                             const bool release = request.params.size() == 0;
                             const auto eval = exported_eval(request.learned.file, request.learned.add, release);
                             if (!release) return export_getstep_cpp(request.params, request.params_source, eval);
                             return export_getstep_cpp(release_params(), release_params_source(), eval);
                           }});
  entry.judge_server = run_judge_server;
  return entry;
}

}  // namespace gamelab::jumpchess
