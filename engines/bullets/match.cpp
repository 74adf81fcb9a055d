#include "bullets/match.hpp"

#include <memory>
#include <optional>
#include <sstream>

#include "bullets/engine.hpp"
#include "bullets/notation.hpp"
#include "core/error.hpp"
#include "core/process.hpp"
#include "core/rng.hpp"

namespace gamelab::bullets {

namespace {

std::string tail(const std::string& text) {
  return text.size() <= 200 ? text : "..." + text.substr(text.size() - 200);
}

std::string trimmed(const std::string& text) {
  const auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  std::size_t begin = 0, end = text.size();
  while (begin < end && blank(text[begin])) ++begin;
  while (end > begin && blank(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

const char* side_name(Side side) { return side == Blue ? "blue" : "red"; }

// The records' words for the faults this referee records (kept here: the registry links the games).
const char* fault_name(Termination t) {
  switch (t) {
    case Termination::Crash: return "crash";
    case Termination::Timeout: return "timeout";
    case Termination::Illegal: return "illegal";
    default: return "fault";
  }
}

// A soft fault (no answer, played as 8) remembered for the record: the first one decides.
struct FaultLog {
  std::optional<Termination> first;
  int first_seat = -1;
  int count[2] = {0, 0};
  void add(int seat, Termination t) {
    if (!first) {
      first = t;
      first_seat = seat;
    }
    ++count[seat];
  }
};

}  // namespace

BotAnswer ask_external_bot(const PlayerSpec& bot, const State& state, Side side) {
  BotAnswer answer;
  std::ostringstream limit;
  limit << bot.time_limit_s;
  const ProcessResult run = run_process(split_command(bot.command), tournament_input(state, side), bot.time_limit_s);
  if (!run.started) {
    answer.fault = Termination::Crash;
    answer.forfeit = true;
    answer.detail = run.error;
    return answer;
  }
  const std::string output = trimmed(run.out);
  if (output.empty()) {
    // No answer: the tournament plays 8.
    if (run.timed_out) {
      answer.fault = Termination::Timeout;
      answer.detail = "no answer within " + limit.str() + " s, played as 8";
    } else {
      answer.fault = Termination::Crash;
      answer.detail = "exited (" + (run.signaled ? std::string("signal") : "code " + std::to_string(run.exit_code)) +
                      ") without an answer, played as 8; stderr: " + tail(run.err);
    }
    return answer;
  }
  try {
    answer.action = parse_action(output, "answer");
  } catch (const InputError& e) {
    answer.fault = Termination::Illegal;
    answer.forfeit = true;
    answer.detail = tail(e.what());
  }
  return answer;
}

GameRecord play_game(const GameRequest& request) {
  if (request.players.size() != 2) throw InputError("a Bullets game needs exactly two players");
  State s = parse_position(request.opening, request.opening_source).state;
  std::unique_ptr<Engine> engines[2];
  for (int seat = 0; seat < 2; ++seat) {
    const PlayerSpec& p = request.players[seat];
    if (p.external()) continue;
    check_limits(p.limits, "--engine " + p.name);
    engines[seat] = std::make_unique<Engine>(p.params.size() ? p.params : default_params(),
                                             derive_seed(request.seed, static_cast<std::uint64_t>(seat)));
  }
  GameRecord record;
  FaultLog soft;
  while (!s.over()) {
    Action action[2];
    BotAnswer answers[2];
    std::string marks;
    for (int seat = 0; seat < 2; ++seat) {
      const Side side = static_cast<Side>(seat);
      const PlayerSpec& player = request.players[seat];
      if (!player.external()) {
        action[seat] = *engines[seat]->search(s, side, player.limits).action;
        continue;
      }
      answers[seat] = ask_external_bot(player, s, side);
      action[seat] = answers[seat].action;
      if (answers[seat].fault != Termination::Normal && !answers[seat].forfeit) {
        soft.add(seat, answers[seat].fault);
        marks += std::string(" [") + side_name(side) + ": " + fault_name(answers[seat].fault) + "]";
      }
    }
    if (answers[0].forfeit || answers[1].forfeit) {
      const int seat = answers[0].forfeit ? 0 : 1;
      record.termination = answers[seat].fault;
      record.fault = seat;
      record.score = answers[0].forfeit && answers[1].forfeit ? 0.5 : seat == 0 ? 0.0 : 1.0;
      record.reason = request.players[seat].name + " (" + side_name(static_cast<Side>(seat)) + ") forfeits: " +
                      fault_name(answers[seat].fault) + ": " + answers[seat].detail;
      return record;
    }
    record.moves.push_back(joint_text(action[0], action[1]) + marks);
    s = play(s, action[0], action[1]);
    ++record.plies;
  }
  const Result r = result(s);
  record.score = r.outcome == Outcome::BlueWins ? 1.0 : r.outcome == Outcome::RedWins ? 0.0 : 0.5;
  record.reason = std::string(to_string(r.outcome)) + ": " + to_string(r.reason);
  if (soft.first) {
    record.termination = *soft.first;
    record.fault = soft.first_seat;
    for (int seat = 0; seat < 2; ++seat) {
      if (soft.count[seat] == 0) continue;
      record.reason += "; " + request.players[seat].name + " (" + side_name(static_cast<Side>(seat)) + ") gave no answer " +
                       std::to_string(soft.count[seat]) + " time(s), played as 8";
    }
  }
  return record;
}

}  // namespace gamelab::bullets
