#include "jumpchess/match.hpp"

#include <memory>

#include "core/error.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/judge.hpp"
#include "jumpchess/notation.hpp"
#include "registry/alphabeta_play.hpp"
#include "search/alphabeta_openings.hpp"

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

}  // namespace

GameRecord play_game(const GameRequest& request) { return loop::referee<Play>(request); }

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  return loop::self_play<Play>(request);
}

std::vector<std::string> generate_openings(const OpeningRequest& request) {
  if (!request.options.empty()) {
    throw InputError("jump chess openings always start from the start position (no --" + request.options.begin()->first + ")");
  }
  search::OpeningPlan plan{request.count, request.min_plies, request.max_plies, request.seed};
  plan.on_kept = request.on_kept;
  std::vector<std::string> out;
  for (const State& s : search::balanced_openings<Game>(start_position(), plan, default_params(), request.balance_depth,
                                                          request.min_score, request.max_score)) {
    out.push_back(position_text(s));
  }
  return out;
}

}  // namespace gamelab::jumpchess
