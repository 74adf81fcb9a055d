#include "dcms/match.hpp"

#include <memory>
#include <stdexcept>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "dcms/engine.hpp"
#include "dcms/external_bot.hpp"
#include "dcms/generator.hpp"
#include "dcms/notation.hpp"
#include "dcms/protocol.hpp"
#include "dcms/referee.hpp"
#include "dcms/search_actions.hpp"
#include "dcms/setup.hpp"
#include "registry/simultaneous_play.hpp"

namespace gamelab::dcms {

namespace {

State opening_state(const DatagenRequest& request) {
  if (!request.opening.empty()) return parse_position_text(request.opening, "datagen opening");
  const auto generated = generate_suite(request.seed, 1, SuiteOptions{});
  return parse_position_text(generated[0].text, generated[0].name);
}

// Dog-Cat-Mouse-cheeSe for the play loops (registry/play_loop.hpp): seat 0 is blue. A game from a
// setup-phase board starts with the setup step (both seats place), then the turns. An action is the
// tournament's text, a placement or a move string, which the referee (referee.hpp) checks and plays:
// the lab's engine answers in it like an external bot; after a timeout it is empty (no placement, or
// a null move). The faults are match.hpp's.
class Play : public loop::SimultaneousPlay<State, Engine> {
 public:
  using Action = std::string;
  static constexpr const char* title = "Dog-Cat-Mouse-cheeSe";
  static constexpr const char* no_limit_games = "a Dog-Cat-Mouse-cheeSe game at turn 60 goes to the side with more pieces";

  explicit Play(const GameRequest& request)
      : SimultaneousPlay(parse_position_text(request.opening, request.opening_source), request, default_params()) {
    if (s_.phase == Phase::Play && ends_before_moves(s_)) throw InputError(request.opening_source + ": the game is already over");
    for (int seat = 0; seat < 2; ++seat) {
      const PlayerSpec& p = request.players[seat];
      if (p.external()) bots_[seat] = std::make_unique<ExternalBot>(p.command, p.time_limit_s);
    }
  }
  explicit Play(const DatagenRequest& request)
      : SimultaneousPlay(opening_state(request), request, default_params(), 1), rng_(request.seed) {}
  ~Play() {
    for (auto& bot : bots_) {
      if (bot) bot->finish();
    }
  }

  bool in_setup() const { return s_.phase == Phase::Setup; }
  bool over() const { return !in_setup() && ends_before_moves(s_); }

  loop::Answer<std::string> ask(int seat) {
    if (engines_[seat]) {
      if (in_setup()) return {placement_text(engines_[seat]->choose_placement(s_, seat, limits_[seat]).placement)};
      const MoveSearch found = engines_[seat]->choose_action(s_, seat, limits_[seat]);
      if (!found.action) throw std::logic_error("dcms engine found no action in a live position");
      return {move_text(*found.action, seat), loop::self_play_score(found, seat)};
    }
    const BotAnswer answer = bots_[seat]->ask(in_setup() ? setup_request(s_, seat) : move_request(s_, seat));
    if (answer.termination == Termination::Normal) {
      in_a_row_[seat] = 0;
      return {answer.line};
    }
    if (answer.termination == Termination::Crash) return {"", Termination::Crash, true, answer.detail};  // loses at once
    if (in_setup()) return {"", Termination::Timeout, true, answer.detail + " (setup: no placement)"};
    if (++in_a_row_[seat] >= kMaxConsecutiveTimeouts) {
      return {"", Termination::Stalled, true, std::to_string(kMaxConsecutiveTimeouts) + " timeouts in a row: " + answer.detail};
    }
    return {"", Termination::Timeout, false, answer.detail};  // a null move
  }

  // The referee plays the step; an illegal placement or move string loses (a missing placement too,
  // but that seat's fault is already in the log).
  std::string play(const loop::Answers<Play>& a, loop::FaultLog& log, int ply) {
    if (in_setup()) {
      const RefereeSetup refereed = referee_setup(s_, a[0].action, a[1].action);
      for (int side = 0; side < 2; ++side) {
        if (!refereed.problem[side].empty() && a[side].fault == Termination::Normal) {
          log.add(side, ply, Termination::Illegal, refereed.problem[side], true);
        }
      }
      s_ = refereed.state;
      return "setup [" + a[0].action + "] [" + a[1].action + "]";
    }
    const RefereeTurn refereed = referee_turn(s_, a[0].action, a[1].action);
    for (int side = 0; side < 2; ++side) {
      if (!refereed.parse[side].ok()) {
        log.add(side, ply, Termination::Illegal, "move '" + a[side].action + "': " + refereed.parse[side].message, true);
      }
    }
    s_ = refereed.state;
    if (!refereed.parse[0].ok() || !refereed.parse[1].ok()) return "[" + a[0].action + "] [" + a[1].action + "]";
    return joint_move_text(refereed.parse[0].action, refereed.parse[1].action);
  }

  // A crash or a stall in play loses at once, before the referee could end the game.
  std::string forfeit_reason(const loop::FaultLog& log) const {
    const double score = log.forfeit_score();
    return score == 0.5 ? "draw" : score == 0.0 ? "red wins" : "blue wins";
  }

  // The decisive faults, then each seat's timeouts (a stall's included).
  std::string notes(const loop::FaultLog& log) const {
    std::string out;
    for (int seat = 0; seat < 2; ++seat) {
      if (const loop::Fault* f = log.forfeit(seat)) out += "; " + who(log, seat) + ": " + to_string(f->kind) + ": " + f->detail;
    }
    for (int seat = 0; seat < 2; ++seat) {
      const int late = log.count(seat, Termination::Timeout) + log.count(seat, Termination::Stalled);
      const loop::Fault* f = log.forfeit(seat);
      if (late > 0) {
        out += "; " + who(log, seat) + ": " + std::to_string(late) +
               (f && f->kind == Termination::Timeout ? " timeout(s), in the setup" : " timeout(s), null moves");
      }
    }
    return out;
  }

  std::string position() const { return position_text(s_); }
  // A piece is engaged (it can capture or be captured within a turn).
  bool tactical() const {
    for (int side = 0; side < 2; ++side) {
      for (int rank : {kMouse, kCat, kDog}) {
        if (engaged(s_, side, rank)) return true;
      }
    }
    return false;
  }
  // The setup (random placements; it counts no ply), then random joint actions.
  bool random_step() {
    if (in_setup()) {
      Placement placements[2];
      for (int side = 0; side < 2; ++side) {
        const auto squares = setup_squares(*s_.board, side);
        placements[side] = placement_at(squares, s_.variant, rng_.below(placement_count(*s_.board, s_.variant, side)));
      }
      s_ = place_pieces(s_, placements[0], placements[1]);
      return true;
    }
    dcms::Action actions[2];
    for (int side = 0; side < 2; ++side) {
      ActionList list;
      generate_actions(s_, side, list);
      actions[side] = list[rng_.below(list.size())];
    }
    s_ = dcms::play(s_, actions[0], actions[1]);
    return true;
  }

 private:
  static std::string who(const loop::FaultLog& log, int seat) { return log.name(seat) + " (" + side_name(seat) + ")"; }

  std::unique_ptr<ExternalBot> bots_[2];
  int in_a_row_[2] = {0, 0};  // timeouts in a row
  Rng rng_{1};
};

}  // namespace

GameRecord play_game(const GameRequest& request) { return loop::referee<Play>(request); }

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  return loop::self_play<Play>(request);
}

}  // namespace gamelab::dcms
