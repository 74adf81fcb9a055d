// Jump chess's registry entry, and its games for the match runner and datagen: the play loops of
// registry/play_loop.hpp over its Play. One game from request.opening, seat 0 moving first, the lab's
// engine or an external bot (judge.hpp) on either side; a side with no legal move passes without being
// asked. A bot's fault (a timeout, an illegal or garbage answer, a crash) is a pass and the game goes
// on, as in the tournament; the record keeps the first fault (termination, seat) and the reason lists
// every seat's faults, so the result is the tournament's while the fault stays visible. Self-play: the
// engine on both sides after the request's random plies; every position from then on (with
// skip_tactical, not those where the side to move has a hop capture) labelled with the final result
// for its side to move. Opening suites: add_alphabeta_engine's, from the start.
#include "jumpchess/entry.hpp"

#include <memory>

#include "core/error.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/export/export_cpp.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/judge.hpp"
#include "jumpchess/judge_server.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/position_options.hpp"
#include "jumpchess/release.hpp"
#include "registry/alphabeta_play.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::jumpchess {

namespace {

std::string fault_text(const loop::Fault& f) {
  return "ply " + std::to_string(f.ply) + ": " + to_string(f.kind) + ": " + f.detail;
}

// Jump chess for the play loops (registry/play_loop.hpp). A bot's fault is a pass and the game goes
// on, as in the tournament (judge.hpp); the reason lists every seat's faults.
class Play : public loop::AlphaBetaPlay<Game> {
 public:
  static constexpr const char* title = "jump chess";
  static constexpr const char* no_limit_games = "a jump chess game that reaches the move limit is scored by pieces in the target, not drawn";

  explicit Play(const GameRequest& request)
      : AlphaBetaPlay(parse_position_text(request.opening, request.opening_source), request, default_params()) {
    for (int seat = 0; seat < 2; ++seat) {
      if (request.players[seat].external()) bots_[seat] = std::make_unique<ExternalBot>(request.players[seat], seat + 1);
    }
  }
  explicit Play(const DatagenRequest& request)
      : AlphaBetaPlay(request.opening.empty() ? start_position() : parse_position_text(request.opening, "datagen opening"),
                      request, default_params(),
                      request.limits.any() ? request.limits : SearchLimits{4, {}, {}, {}}),  // depth 4 without a limit
        self_play_(true) {}

  // A side with no legal move passes unasked (self-play's engine still searches: its score labels the
  // position); so does a bot disconnected earlier ("disconnected").
  loop::Answer<Move> ask(int seat) {
    history_.push_back(Game::hash(s_));
    MoveList legal;
    generate_moves(s_, legal);
    if (legal[0].is_pass() && !self_play_) return {Move::pass()};
    if (!bots_[seat]) return engine_move(seat);
    const BotAnswer answer = bots_[seat]->ask(s_);
    return {answer.move, answer.fault, false, answer.asked ? answer.detail : "disconnected"};
  }
  std::string play(const loop::Answers<Play>& answers, loop::FaultLog&, int) {
    const auto& a = answers[to_move()];
    s_ = jumpchess::play(s_, a.action);
    if (a.fault != Termination::Normal) return std::string("pass (") + to_string(a.fault) + ")";
    return a.detail.empty() ? move_text(a.action) : "pass (" + a.detail + ")";
  }
  loop::Verdict verdict() const {
    const Result r = result(s_);
    return {seat0(r.outcome == Outcome::BlackWins ? 1.0 : r.outcome == Outcome::WhiteWins ? 0.0 : 0.5),
            std::string(to_string(r.outcome)) + " " + std::to_string(r.black_score) + "-" + std::to_string(r.white_score) +
                ": " + to_string(r.reason)};
  }
  // Every seat's faults: counts by kind, the first and the last.
  std::string notes(const loop::FaultLog& log) const {
    std::string out;
    for (int seat = 0; seat < 2; ++seat) {
      const loop::Fault* first = log.first(seat);
      if (!first) continue;
      out += "; " + log.name(seat) + " faults: " + std::to_string(log.count(seat, Termination::Timeout)) + " timeout, " +
             std::to_string(log.count(seat, Termination::Illegal)) + " illegal, " +
             std::to_string(log.count(seat, Termination::Crash)) + " crash (first at " + fault_text(*first) +
             (log.last(seat)->ply != first->ply ? "; last at " + fault_text(*log.last(seat)) : "") + ")";
    }
    return out;
  }
  std::string position() const { return position_text(s_); }

 private:
  std::unique_ptr<ExternalBot> bots_[2];  // told the game is over when destroyed
  bool self_play_ = false;
};

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
  entry.play_game = loop::referee<Play>;
  entry.bot_time_limit_s = 5;  // docs/rules/jumpchess.md: a program that exceeds 5 s passes
  entry.datagen_game = loop::self_play<Play>;
  entry.exports.push_back(export_format("cpp", "GetStep for the tournament's C++ template: one self-contained C++14 file",
                                        export_getstep_cpp, release_params, release_params_source, exported_eval));
  entry.judge_server = run_judge_server;
  return entry;
}

}  // namespace gamelab::jumpchess
