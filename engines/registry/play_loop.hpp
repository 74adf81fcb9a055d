#pragma once
// One referee loop (GameEntry::play_game) and one self-play loop (GameEntry::datagen_game) for every
// game, in the spirit of OpenSpiel: each game fills one small interface, a `Play` class in its
// entry.cpp, and these loops play, record and label them all. What stays in the game is only the
// game's own: its rules and notation, its engine, its bot's protocol and what a fault means in its
// tournament, adjudication and a setup phase (optional hooks).
//
// A game's Play (`G` below; alphabeta_play.hpp and simultaneous_play.hpp hold what games of a shape share):
//   using Action;                        what a seat plays in one step
//   static constexpr bool simultaneous;  both seats answer every step, or only the seat to move
//   static constexpr const char* title;  "a <title> game needs exactly two players"
//   G(const GameRequest&)                the opening; the seats: the lab's engine or an external bot
//   G(const DatagenRequest&)             the opening; the lab's engine on both seats
//   bool over() const                    the rules ended the game
//   int to_move() const                  turn-based: the seat to move
//   Answer<Action> ask(int seat)         the seat's answer: its engine's, or its bot's with the fault
//                                        the game's protocol and rules make of it
//   std::string play(answers, log, ply)  plays the step, returns the record's text of it; the rules
//                                        may forfeit a seat there (log.add)
//   Verdict verdict() const              seat 0's score and the reason by the rules, once over()
//   std::string position() const         self-play: the position-file text
//   bool tactical() const                self-play: the static evaluation is unreliable here
//   bool random_step()                   self-play: one seeded random step (false: none possible)
// and the optional hooks of Hooks, which a Play inherits and may hide.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "registry/fault_log.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::loop {

// What a seat answered for one step.
template <class Action>
struct Answer {
  Answer() = default;
  Answer(Action a, std::optional<int> search_score = std::nullopt) : action(std::move(a)), score(search_score) {}
  Answer(Action a, Termination kind, bool loses, std::string what)
      : action(std::move(a)), fault(kind), forfeit(loses), detail(std::move(what)) {}

  Action action{};  // what is played: the seat's choice, or after a soft fault the rules' substitute
  Termination fault = Termination::Normal;
  bool forfeit = false;      // the fault loses the game at once
  std::string detail;        // the fault in words, for the record
  std::optional<int> score;  // the lab's engine: its search score, side to move's view (self-play labels)
};

template <class G>
using Answers = std::array<Answer<typename G::Action>, 2>;

// How a game ended: seat 0's score (1 win, 0.5 draw, 0 loss) and why, in words.
struct Verdict {
  double score = 0.5;
  std::string reason;
};

// The optional hooks, as a game without them has them.
struct Hooks {
  // A setup step (Dog-Cat-Mouse-cheeSe): both seats place; it counts no ply, and a faulty placement is
  // the rules' to forfeit, so the step is played.
  bool in_setup() const { return false; }
  // An adjudicator ends the game here (Raichu's endgame tables), named `adjudicator` in the record.
  std::optional<Verdict> adjudicate() const { return std::nullopt; }
  static constexpr const char* adjudicator = "";
  // The reason when forfeits ended the game before its rules did, and what follows any reason.
  std::string forfeit_reason(const FaultLog& log) const {
    const Fault& f = *log.first_forfeit();
    return log.name(f.seat) + ": " + to_string(f.kind) + ": " + f.detail;
  }
  std::string notes(const FaultLog&) const { return ""; }
  // Self-play: seat 0's label for a game the rules scored `rules` (nullopt: leave the game out).
  std::optional<double> self_play_label(LimitGames, double rules) const { return rules; }
  // A game whose self_play_label reads the LimitGames policy (Raichu's ply-limit draws) sets this to
  // nullptr; any other says why it has no use for it, and self_play refuses a policy but Draw.
  static constexpr const char* no_limit_games = "its games that reach their limit are scored by its rules";
};

// A seat's game clock (tc=) as the referee keeps it: the time left goes with each search (the time
// manager, core/limits.hpp, makes a move's time of it), the wall time the move took comes off, then the
// increment goes on. A move that took longer than the time left loses on time. Off: no clock.
class SeatClock {
 public:
  SeatClock() = default;
  explicit SeatClock(std::optional<GameClock> clock) : clock_(clock) {}
  bool on() const { return clock_.has_value(); }
  std::int64_t left_ms() const { return clock_ ? clock_->time_ms : 0; }
  void set_left_ms(std::int64_t ms) { clock_->time_ms = ms; }
  // `limits` with the time left now.
  SearchLimits limits(SearchLimits limits) const {
    if (clock_) limits.clock = clock_;
    return limits;
  }
  // Takes `seconds` off the clock: the fault in words when it ran out, else "".
  std::string charge(double seconds) {
    if (!clock_) return "";
    const auto spent = static_cast<std::int64_t>(seconds * 1000.0);
    if (spent > clock_->time_ms) {
      return "its move took " + std::to_string(spent) + " ms with " + std::to_string(clock_->time_ms) + " ms left";
    }
    clock_->time_ms += clock_->inc_ms - spent;
    return "";
  }

 private:
  std::optional<GameClock> clock_;
};

// Asks the seats to move (both, or the seat to move); their faults go to the log.
template <class G>
Answers<G> ask_seats(G& game, FaultLog& log, int ply) {
  Answers<G> answers;
  for (int seat = 0; seat < 2; ++seat) {
    if constexpr (!G::simultaneous) {
      if (seat != game.to_move()) continue;
    }
    answers[seat] = game.ask(seat);
    const auto& a = answers[seat];
    if (a.fault != Termination::Normal) log.add(seat, ply, a.fault, a.detail, a.forfeit);
  }
  return answers;
}

// One refereed game: seat 0 moves first from the opening (or is blue).
template <class G>
GameRecord referee(const GameRequest& request) {
  if (request.players.size() != 2) throw InputError(std::string("a ") + G::title + " game needs exactly two players");
  G game(request);
  GameRecord record;
  FaultLog log({request.players[0].name, request.players[1].name});
  while (!game.over() && !log.forfeited()) {
    if (const auto verdict = game.adjudicate()) {
      record.score = verdict->score;
      record.reason = verdict->reason;
      record.adjudication = G::adjudicator;
      return record;
    }
    const bool setup = game.in_setup();
    const Answers<G> answers = ask_seats(game, log, record.plies);
    if (log.forfeited() && !setup) break;  // a forfeit ends the game before the move
    record.moves.push_back(game.play(answers, log, record.plies));
    if (!setup) ++record.plies;
  }
  log.fill(record);
  const Verdict end = game.over() ? game.verdict() : Verdict{log.forfeit_score(), game.forfeit_reason(log)};
  record.score = end.score;
  record.reason = end.reason + game.notes(log);
  return record;
}

// The search score a self-play position is labelled with, from the label's point of view (`view`,
// the side to move, in a turn-based game: the only seat that answered). In a simultaneous game, whose
// label is seat 0's, both seats searched the same position and each engine's value leans to its own
// side (Bullets' aggression is a contempt); the mean of the two, seat 1's turned to seat 0's view,
// cancels that lean. One score alone stands for itself.
template <class G>
std::optional<int> view_score(const Answers<G>& answers, [[maybe_unused]] int view) {
  if constexpr (!G::simultaneous) return answers[view].score;
  const auto& a = answers[0].score;
  const auto& b = answers[1].score;
  if (a && b) return (*a - *b) / 2;
  if (b) return -*b;
  return a;
}

// One self-play game: seeded random steps from the opening (a setup counts none), then the lab's
// engine on both seats to the end. Every position from then on (with skip_tactical, only where the
// static evaluation is reliable) is labelled with the final result from its point of view: the side
// to move's in a turn-based game, seat 0's in a simultaneous one. An adjudicator ends the game at the
// first position it knows, with its exact result.
template <class G>
std::vector<LabelledPosition> self_play(const DatagenRequest& request) {
  if (G::no_limit_games && request.limit_games != LimitGames::Draw) {
    throw InputError(std::string("--limit-games is for Raichu's ply-limit draws: ") + G::no_limit_games);
  }
  G game(request);
  for (int ply = 0; ply < request.random_plies && !game.over();) {
    const bool setup = game.in_setup();
    if (!game.random_step()) break;
    if (!setup) ++ply;
  }
  struct Kept {
    std::string position;
    int view;  // the seat whose point of view the label takes
    std::optional<int> score;
  };
  std::vector<Kept> kept;
  FaultLog log;  // the engine never faults
  std::optional<double> label;
  while (!game.over()) {
    if (const auto verdict = game.adjudicate()) {
      label = verdict->score;
      break;
    }
    const bool keep = !game.in_setup() && !(request.skip_tactical && game.tactical());
    int view = 0;
    if constexpr (!G::simultaneous) view = game.to_move();
    const Answers<G> answers = ask_seats(game, log, 0);
    if (keep) kept.push_back({game.position(), view, view_score<G>(answers, view)});
    game.play(answers, log, 0);
  }
  if (!label) label = game.self_play_label(request.limit_games, game.verdict().score);
  if (!label) return {};  // the game is left out
  std::vector<LabelledPosition> out;
  out.reserve(kept.size());
  for (auto& k : kept) out.push_back({std::move(k.position), k.view == 0 ? *label : 1.0 - *label, k.score});
  return out;
}

}  // namespace gamelab::loop
