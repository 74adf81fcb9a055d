#include "jumpchess/entry.hpp"

#include "core/error.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/export/export_cpp.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/judge_server.hpp"
#include "jumpchess/match.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/position_options.hpp"
#include "jumpchess/release.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::jumpchess {

namespace {

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
  entry.position_options = position_options();
  entry.canonical_move = jumpchess_canonical;  // any path of a move names it
  entry.search = run_search;                   // its result: the board's rows, as the client shows them
  entry.play_game = play_game;
  entry.bot_time_limit_s = 5;  // docs/rules/jumpchess.md: a program that exceeds 5 s passes
  entry.generate_openings = generate_openings;
  entry.datagen_game = datagen_game;
  entry.exports.push_back(export_format("cpp", "GetStep for the tournament's C++ template: one self-contained C++14 file",
                                        export_getstep_cpp, release_params, release_params_source, exported_eval));
  entry.judge_server = run_judge_server;
  return entry;
}

}  // namespace gamelab::jumpchess
