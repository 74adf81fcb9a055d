#include "bullets/external_bot.hpp"

#include <sstream>

#include "bullets/notation.hpp"
#include "core/error.hpp"
#include "core/process.hpp"

namespace gamelab::bullets {

namespace {

std::string trimmed(const std::string& text) {
  const auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  std::size_t begin = 0, end = text.size();
  while (begin < end && blank(text[begin])) ++begin;
  while (end > begin && blank(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

}  // namespace

BotAnswer ask_external_bot(const PlayerSpec& bot, const State& state, Side side) {
  std::ostringstream limit;
  limit << bot.time_limit_s;
  const ProcessResult run = run_process(split_command(bot.command), tournament_input(state, side), bot.time_limit_s);
  if (!run.started) return {kNothing, Termination::Crash, true, run.error};
  const std::string output = trimmed(run.out);
  // No answer: the tournament plays 8.
  if (output.empty() && run.timed_out) {
    return {kNothing, Termination::Timeout, false, "no answer within " + limit.str() + " s, played as 8"};
  }
  if (output.empty()) {
    return {kNothing, Termination::Crash, false,
            "exited (" + (run.signaled ? std::string("signal") : "code " + std::to_string(run.exit_code)) +
                ") without an answer, played as 8; stderr: " + loop::tail(run.err)};
  }
  try {
    return {parse_action(output, "answer")};
  } catch (const InputError& e) {
    return {kNothing, Termination::Illegal, true, loop::tail(e.what())};
  }
}

}  // namespace gamelab::bullets
