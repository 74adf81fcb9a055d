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

namespace gamelab::dcms {

namespace {

struct Reply {
  Termination termination = Termination::Normal;
  std::string text;
  std::string detail;
};

// One seat: the lab's engine (with its limits) or an external bot.
class Seat {
 public:
  Seat(const PlayerSpec& spec, std::uint64_t seed) : limits_(spec.limits) {
    if (spec.external()) {
      bot_ = std::make_unique<ExternalBot>(spec.command, spec.time_limit_s);
    } else {
      engine_ = std::make_unique<Engine>(spec.params.size() ? spec.params : default_params(), seed);
    }
  }

  Reply setup(const State& setup, int side) {
    if (bot_) return from(bot_->ask(setup_request(setup, side)));
    return {Termination::Normal, placement_text(engine_->choose_placement(setup, side, limits_).placement), ""};
  }

  Reply move(const State& state, int side) {
    if (bot_) return from(bot_->ask(move_request(state, side)));
    const MoveSearch found = engine_->choose_action(state, side, limits_);
    if (!found.action) throw std::logic_error("dcms engine found no action in a live position");
    return {Termination::Normal, move_text(*found.action, side), ""};
  }

  void finish() {
    if (bot_) bot_->finish();
  }

 private:
  static Reply from(const BotAnswer& answer) { return {answer.termination, answer.line, answer.detail}; }

  SearchLimits limits_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<ExternalBot> bot_;
};

// The faults of a game: the decisive one (it ended the game or lost it) and the timeouts (null moves).
struct Faults {
  Termination decisive = Termination::Normal;
  bool at_fault[2] = {false, false};  // the seats that committed the decisive fault
  std::string detail[2];
  int timeouts[2] = {0, 0};
  int in_a_row[2] = {0, 0};
  int first_late = -1;  // the first seat that answered late
  bool late_setup[2] = {false, false};

  bool over() const { return decisive != Termination::Normal; }
  void decide(int seat, Termination t, const std::string& why) {
    if (over() && decisive != t) return;  // one kind of fault per game step; the first kind stands
    decisive = t;
    at_fault[seat] = true;
    detail[seat] = why;
  }
};

// The text a bot's reply stands for, or empty (a null move / no setup) after a timeout.
std::string reply_text(const Reply& reply) { return reply.termination == Termination::Normal ? reply.text : ""; }

double blue_score(Outcome outcome) {
  return outcome == Outcome::BlueWins ? 1.0 : outcome == Outcome::RedWins ? 0.0 : 0.5;
}

}  // namespace

GameRecord play_game(const GameRequest& request) {
  if (request.players.size() != 2) throw InputError("a Dog-Cat-Mouse-cheeSe game needs exactly two players");
  State s = parse_position_text(request.opening, request.opening_source);
  if (s.phase == Phase::Play && ends_before_moves(s)) throw InputError(request.opening_source + ": the game is already over");
  std::unique_ptr<Seat> seats[2];
  for (int seat = 0; seat < 2; ++seat) seats[seat] = std::make_unique<Seat>(request.players[seat], derive_seed(request.seed, seat));
  const std::string names[2] = {request.players[0].name, request.players[1].name};
  GameRecord record;
  Faults faults;

  // Replies to one step: crashes and stalls are decided here; the texts go to the referee.
  auto take = [&](Reply (&replies)[2], bool setup) {
    for (int side = 0; side < 2; ++side) {
      const Reply& r = replies[side];
      if (r.termination == Termination::Crash) faults.decide(side, Termination::Crash, r.detail);
      if (r.termination == Termination::Timeout) {
        ++faults.timeouts[side];
        if (faults.first_late < 0) faults.first_late = side;
        if (setup) {
          faults.late_setup[side] = true;
          faults.decide(side, Termination::Timeout, r.detail + " (setup: no placement)");
        }
        else if (++faults.in_a_row[side] >= kMaxConsecutiveTimeouts) {
          faults.decide(side, Termination::Stalled, std::to_string(kMaxConsecutiveTimeouts) + " timeouts in a row: " + r.detail);
        }
      } else {
        faults.in_a_row[side] = 0;
      }
    }
  };

  if (s.phase == Phase::Setup) {
    Reply replies[2] = {seats[0]->setup(s, kBlue), seats[1]->setup(s, kRed)};
    take(replies, true);
    const std::string texts[2] = {reply_text(replies[0]), reply_text(replies[1])};
    record.moves.push_back("setup [" + texts[0] + "] [" + texts[1] + "]");
    // A crashed or late side has no placement: the referee forfeits it (both: a draw).
    const RefereeSetup refereed = referee_setup(s, texts[0], texts[1]);
    for (int side = 0; side < 2; ++side) {
      if (!refereed.problem[side].empty() && replies[side].termination == Termination::Normal) {
        faults.decide(side, Termination::Illegal, refereed.problem[side]);
      }
    }
    s = refereed.state;
  }
  while (!faults.over() && !ends_before_moves(s)) {
    Reply replies[2] = {seats[0]->move(s, kBlue), seats[1]->move(s, kRed)};
    take(replies, false);
    if (faults.over()) break;  // a crash or a stall ends the game before the referee
    const std::string texts[2] = {reply_text(replies[0]), reply_text(replies[1])};
    const RefereeTurn refereed = referee_turn(s, texts[0], texts[1]);
    const bool legal = refereed.parse[0].ok() && refereed.parse[1].ok();
    record.moves.push_back(legal ? joint_move_text(refereed.parse[0].action, refereed.parse[1].action)
                                 : "[" + texts[0] + "] [" + texts[1] + "]");
    for (int side = 0; side < 2; ++side) {
      if (!refereed.parse[side].ok()) {
        faults.decide(side, Termination::Illegal, "move '" + texts[side] + "': " + refereed.parse[side].message);
      }
    }
    s = refereed.state;
    ++record.plies;
  }
  for (auto& seat : seats) seat->finish();

  // The score: the referee's result, except after a crash or a stall in play, which lose at once
  // (both: a draw) and end the game before the referee could.
  std::string outcome;
  if ((faults.decisive == Termination::Crash || faults.decisive == Termination::Stalled) && !result(s).over()) {
    const bool both = faults.at_fault[0] && faults.at_fault[1];
    record.score = both ? 0.5 : faults.at_fault[0] ? 0.0 : 1.0;
    outcome = both ? "draw" : faults.at_fault[0] ? "red wins" : "blue wins";
  } else {
    const Result r = result(s);
    record.score = blue_score(r.outcome);
    outcome = std::string(to_string(r.outcome)) + ": " + to_string(r.reason);
  }
  record.reason = outcome;
  if (faults.over()) {
    record.termination = faults.decisive;
    record.fault = faults.at_fault[0] ? 0 : 1;
    for (int seat = 0; seat < 2; ++seat) {
      if (faults.at_fault[seat]) {
        record.reason += "; " + names[seat] + " (" + side_name(seat) + "): " + to_string(faults.decisive) + ": " + faults.detail[seat];
      }
    }
  } else if (faults.first_late >= 0) {
    record.termination = Termination::Timeout;
    record.fault = faults.first_late;
  }
  for (int seat = 0; seat < 2; ++seat) {
    if (faults.timeouts[seat] > 0) {
      record.reason += "; " + names[seat] + " (" + side_name(seat) + "): " + std::to_string(faults.timeouts[seat]) +
                       (faults.late_setup[seat] ? " timeout(s), in the setup" : " timeout(s), null moves");
    }
  }
  return record;
}

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  if (request.limit_games != LimitGames::Draw) {
    throw InputError("--limit-games is for Raichu's ply-limit draws (a Dog-Cat-Mouse-cheeSe game at turn 60 goes to the side with more pieces)");
  }
  Rng rng(request.seed);
  State s;
  if (!request.opening.empty()) {
    s = parse_position_text(request.opening, "datagen opening");
  } else {
    const auto generated = generate_suite(request.seed, 1, SuiteOptions{});
    s = parse_position_text(generated[0].text, generated[0].name);
  }
  const ParamSet params = request.params.size() ? request.params : default_params();
  Engine engines[2] = {Engine(params, derive_seed(request.seed, 1)), Engine(params, derive_seed(request.seed, 2))};
  if (s.phase == Phase::Setup) {
    Placement placements[2];
    for (int side = 0; side < 2; ++side) {
      if (request.random_plies > 0) {
        const auto squares = setup_squares(*s.board, side);
        placements[side] = placement_at(squares, s.variant, rng.below(placement_count(*s.board, s.variant, side)));
      } else {
        placements[side] = engines[side].choose_placement(s, side, request.limits).placement;
      }
    }
    s = place_pieces(s, placements[0], placements[1]);
  }
  std::vector<std::string> positions;
  for (int turn = 0; !ends_before_moves(s); ++turn) {
    Action actions[2];
    if (turn < request.random_plies) {
      for (int side = 0; side < 2; ++side) {
        ActionList list;
        generate_actions(s, side, list);
        actions[side] = list[rng.below(list.size())];
      }
    } else {
      const bool tactical = engaged(s, kBlue, kMouse) || engaged(s, kBlue, kCat) || engaged(s, kBlue, kDog) ||
                            engaged(s, kRed, kMouse) || engaged(s, kRed, kCat) || engaged(s, kRed, kDog);
      if (!request.skip_tactical || !tactical) positions.push_back(position_text(s));
      for (int side = 0; side < 2; ++side) actions[side] = *engines[side].choose_action(s, side, request.limits).action;
    }
    s = play(s, actions[0], actions[1]);
  }
  const double label = blue_score(result(s).outcome);
  std::vector<LabelledPosition> out;
  for (auto& p : positions) out.push_back({std::move(p), label, std::nullopt});
  return out;
}

}  // namespace gamelab::dcms
