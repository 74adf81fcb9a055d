#include "jumpchess/match.hpp"

#include <cmath>
#include <memory>

#include "core/error.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/judge.hpp"
#include "jumpchess/notation.hpp"
#include "search/alphabeta.hpp"
#include "search/alphabeta_openings.hpp"

namespace gamelab::jumpchess {

namespace {

// A seat's faults during one game: counts per kind, the first one and the last one.
struct SeatFaults {
  struct Fault {
    int ply = -1;
    Termination kind = Termination::Normal;
    std::string detail;
    std::string text() const { return "ply " + std::to_string(ply) + ": " + to_string(kind) + ": " + detail; }
  };
  int timeout = 0, illegal = 0, crash = 0;
  Fault first, last;

  void add(Termination kind, int ply, const std::string& detail) {
    (kind == Termination::Timeout ? timeout : kind == Termination::Illegal ? illegal : crash) += 1;
    last = {ply, kind, detail};
    if (first.ply < 0) first = last;
  }
  bool any() const { return first.ply >= 0; }
  std::string text(const std::string& name) const {
    std::string out = name + " faults: " + std::to_string(timeout) + " timeout, " + std::to_string(illegal) +
                      " illegal, " + std::to_string(crash) + " crash (first at " + first.text();
    if (last.ply != first.ply) out += "; last at " + last.text();
    return out + ")";
  }
};

std::unique_ptr<search::AlphaBeta<Game>> make_engine(const ParamSet& params, const SearchLimits& limits) {
  const ParamSet& p = params.size() ? params : default_params();
  return std::make_unique<search::AlphaBeta<Game>>(p.values(), search::AlphaBetaKnobs::from(p),
                                                   search::SearchOptions::for_limits(limits));
}

}  // namespace

GameRecord play_game(const GameRequest& request) {
  if (request.players.size() != 2) throw InputError("a jump chess game needs exactly two players");
  State s = parse_position_text(request.opening, request.opening_source);
  const Color first = s.side;  // seat 0 moves first from the opening
  std::unique_ptr<search::AlphaBeta<Game>> engines[2];
  std::unique_ptr<ExternalBot> bots[2];
  for (int seat = 0; seat < 2; ++seat) {
    const PlayerSpec& player = request.players[seat];
    if (player.external()) {
      bots[seat] = std::make_unique<ExternalBot>(player, seat + 1);
    } else {
      engines[seat] = make_engine(player.params, player.limits);
    }
  }
  GameRecord record;
  SeatFaults faults[2];
  std::vector<std::uint64_t> history;
  while (!result(s).over()) {
    const int seat = s.side == first ? 0 : 1;
    const PlayerSpec& player = request.players[seat];
    history.push_back(Game::hash(s));
    MoveList legal;
    generate_moves(s, legal);
    Move move = Move::pass();
    std::string text = "pass";
    if (legal[0].is_pass()) {
      // No legal move: the pass, nobody is asked.
    } else if (player.external()) {
      const BotAnswer answer = bots[seat]->ask(s);
      if (answer.fault != Termination::Normal) {
        faults[seat].add(answer.fault, record.plies, answer.detail);
        text = std::string("pass (") + to_string(answer.fault) + ")";
      } else if (!answer.asked) {
        text = "pass (disconnected)";
      } else {
        move = answer.move;
        text = move_text(move);
      }
    } else {
      auto& engine = *engines[seat];
      engine.set_game_history(history);
      const auto found = engine.search(s, player.limits);
      if (!found.best) throw std::logic_error("jump chess engine found no move in a live position");
      move = *found.best;
      text = move_text(move);
    }
    record.moves.push_back(text);
    s = play(s, move);
    ++record.plies;
  }
  for (auto& bot : bots) {
    if (bot) bot->finish();
  }
  const Result r = result(s);
  const double black_points = r.outcome == Outcome::BlackWins ? 1.0 : r.outcome == Outcome::WhiteWins ? 0.0 : 0.5;
  record.score = first == Black ? black_points : 1.0 - black_points;
  record.reason = std::string(to_string(r.outcome)) + " " + std::to_string(r.black_score) + "-" +
                  std::to_string(r.white_score) + ": " + to_string(r.reason);
  // The first fault of the game names the termination and the seat; every seat's faults are listed.
  int at_fault = -1;
  for (int seat = 0; seat < 2; ++seat) {
    if (!faults[seat].any()) continue;
    record.reason += "; " + faults[seat].text(request.players[seat].name);
    if (at_fault < 0 || faults[seat].first.ply < faults[at_fault].first.ply) at_fault = seat;
  }
  if (at_fault >= 0) {
    record.termination = faults[at_fault].first.kind;
    record.fault = at_fault;
  }
  return record;
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
