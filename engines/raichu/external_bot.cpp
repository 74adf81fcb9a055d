#include "raichu/external_bot.hpp"

#include <optional>
#include <sstream>

#include "core/process.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"
#include "registry/play_loop.hpp"

namespace gamelab::raichu {

namespace {

bool is_board_line(const std::string& line, int n) {
  return line.size() == static_cast<std::size_t>(n) * n &&
         line.find_first_not_of(".wbWB@$") == std::string::npos;
}

// The legal move leading from `state` to `board`, if there is one.
std::optional<Move> move_to(const State& state, const std::string& board) {
  MoveList moves;
  generate_moves(state, moves);
  for (const auto& m : moves) {
    if (board_string(play(state, m)) == board) return m;
  }
  return std::nullopt;
}

}  // namespace

BotMove ask_external_bot(const PlayerSpec& bot, const State& state) {
  std::vector<std::string> argv = split_command(bot.command);
  std::ostringstream limit;
  limit << bot.time_limit_s;
  for (const std::string& arg : {std::to_string(state.n), std::string(1, side_char(state.side)), board_string(state), limit.str()}) {
    argv.push_back(arg);
  }
  std::string last_board;
  const ProcessResult run = run_process(argv, "", bot.time_limit_s, [&](const std::string& line, double) {
    if (is_board_line(line, state.n)) last_board = line;
  });
  if (!run.started) return {Termination::Crash, {}, {}, run.error};
  if (last_board.empty() && run.timed_out) return {Termination::Timeout, {}, {}, "no board line within " + limit.str() + " s"};
  if (last_board.empty()) {
    return {Termination::Crash, {}, {},
            "exited (" + (run.signaled ? std::string("signal") : "code " + std::to_string(run.exit_code)) +
                ") without a board line; stderr: " + loop::tail(run.err)};
  }
  const auto move = move_to(state, last_board);
  if (!move) return {Termination::Illegal, {}, {}, "board " + last_board + " is not a legal successor"};
  return {Termination::Normal, *move, play(state, *move), move_text(*move, state)};
}

}  // namespace gamelab::raichu
