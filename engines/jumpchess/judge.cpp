#include "jumpchess/judge.hpp"

#include <sstream>

#include "core/error.hpp"
#include "core/placeholders.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/protocol.hpp"

namespace gamelab::jumpchess {

namespace {

std::string seconds_text(double s) {
  std::ostringstream out;
  out << s << " s";
  return out.str();
}

// Printable, short: a bot's output may be anything.
std::string printable_tail(const std::string& text) {
  std::string out;
  for (char ch : text.size() <= 200 ? text : text.substr(text.size() - 200)) {
    out += (ch >= 32 && ch < 127) ? ch : (ch == '\n' ? '|' : '?');
  }
  return out;
}

}  // namespace

std::vector<std::string> bot_command(const std::string& command, int port, int team) {
  std::vector<std::string> argv = split_command(command);
  bool has_port = false;
  for (auto& word : argv) {
    has_port = has_port || word.find("{port}") != std::string::npos;
    replace_all(word, "{host}", "127.0.0.1");
    replace_all(word, "{port}", std::to_string(port));
    replace_all(word, "{team}", std::to_string(team));
  }
  if (!has_port) {
    for (const std::string& word : {std::string("--host"), std::string("127.0.0.1"), std::string("--port"),
                                    std::to_string(port), std::string("--team"), std::to_string(team)}) {
      argv.push_back(word);
    }
  }
  return argv;
}

ExternalBot::ExternalBot(const PlayerSpec& spec, int team) : spec_(spec) {
  const std::string limit = seconds_text(spec_.time_limit_s);
  try {
    listener_.emplace(Listener::open_local());
    child_ = std::make_unique<ChildProcess>(bot_command(spec_.command, listener_->port(), team));
  } catch (const std::exception& e) {
    start_fault_ = BotAnswer{Termination::Crash, Move::pass(), e.what()};
    return;
  }
  if (!child_->started()) {
    start_fault_ = BotAnswer{Termination::Crash, Move::pass(), child_->error()};
    return;
  }
  const Deadline deadline = deadline_in(spec_.time_limit_s);
  socket_ = listener_->accept(deadline, [this] { return !child_->running(); });
  listener_.reset();  // one connection per game
  if (!socket_.is_open()) {
    start_fault_ = child_->running() ? fault(Termination::Timeout, "did not connect within " + limit + " of its start", true)
                                     : fault(Termination::Crash, crash_detail("exited before connecting"), true);
    return;
  }
  read_team(deadline);
}

ExternalBot::ExternalBot(const PlayerSpec& spec, Socket connected) : spec_(spec), socket_(std::move(connected)) {
  read_team(deadline_in(spec_.time_limit_s));
}

void ExternalBot::read_team(Deadline deadline) {
  int team_id = 0;
  std::string detail;
  const protocol::ReadStatus r = protocol::read_team(socket_, deadline, team_id, detail);
  if (r == protocol::ReadStatus::Timeout) {
    start_fault_ = fault(Termination::Timeout, "connected but sent no team id within " + seconds_text(spec_.time_limit_s), true);
  } else if (r != protocol::ReadStatus::Ok) {
    start_fault_ = fault(Termination::Crash, crash_detail("closed the connection before sending its team id"), true);
  } else {
    team_ = team_id;
  }
}

ExternalBot::~ExternalBot() { finish(); }

std::string ExternalBot::crash_detail(const std::string& what) {
  if (!child_) return what;  // a client that connected by itself: nothing more is known
  child_->wait_exit(0.05);  // a bot that closed its socket is usually exiting: say how it ended
  const std::string output = printable_tail(child_->output_tail(200));
  return what + " (" + child_->status_text() + ")" + (output.empty() ? "" : "; output: " + output);
}

BotAnswer ExternalBot::fault(Termination kind, const std::string& detail, bool disconnect) {
  if (disconnect) {
    socket_.close();
    if (child_) child_->kill();
  }
  return BotAnswer{kind, Move::pass(), detail};
}

BotAnswer ExternalBot::ask(const State& state) {
  if (start_fault_) {
    BotAnswer answer = *start_fault_;
    start_fault_.reset();
    return answer;
  }
  if (!socket_.is_open()) return BotAnswer{Termination::Normal, Move::pass(), "", false};
  const int id = next_id_++;
  const std::string limit = seconds_text(spec_.time_limit_s);
  const Deadline deadline = deadline_in(spec_.time_limit_s);
  const std::string request = protocol::encode_request(id, state, state.side);
  const IoStatus sent = socket_.write_all(request.data(), request.size(), deadline);
  protocol::Reply reply;
  std::string detail;
  protocol::ReadStatus r = protocol::ReadStatus::Timeout;
  if (sent == IoStatus::Ok) {
    while (true) {
      r = protocol::read_reply(socket_, deadline, reply, detail);
      // An answer to an earlier request that came after its limit: thrown away (while time is left:
      // a bot flooding old answers must not keep the judge here).
      if (r != protocol::ReadStatus::Ok || reply.id_package < 1 || reply.id_package >= id) break;
      if (std::chrono::steady_clock::now() >= deadline) {
        r = protocol::ReadStatus::Timeout;
        break;
      }
    }
  } else if (sent != IoStatus::Timeout) {
    r = protocol::ReadStatus::Closed;
  }
  switch (r) {
    case protocol::ReadStatus::Timeout:
      if (++timeouts_in_a_row_ >= kHungAfterTimeouts) {
        return fault(Termination::Timeout,
                     "no answer within " + limit + ", " + std::to_string(kHungAfterTimeouts) +
                         " times in a row: taken for hung, killed; it passes for the rest of the game",
                     true);
      }
      return fault(Termination::Timeout, "no answer within " + limit, false);
    case protocol::ReadStatus::Closed:
      return fault(Termination::Crash, crash_detail("closed the connection"), true);
    case protocol::ReadStatus::Garbage:
      return fault(Termination::Illegal, "garbage: " + detail + "; disconnected", true);
    case protocol::ReadStatus::Ok:
      break;
  }
  if (reply.id_package != id) {
    return fault(Termination::Illegal,
                 "garbage: id_package " + std::to_string(reply.id_package) + " was never sent (expected " +
                     std::to_string(id) + "); disconnected",
                 true);
  }
  timeouts_in_a_row_ = 0;
  const Replay replay = replay_path(state, reply.path);
  if (!replay.ok) return fault(Termination::Illegal, "path " + path_text(reply.path) + " does not replay: " + replay.reason, false);
  return BotAnswer{Termination::Normal, replay.move, ""};
}

void ExternalBot::finish() {
  if (socket_.is_open()) {
    const std::string bye = protocol::encode_exit(next_id_++);
    socket_.write_all(bye.data(), bye.size(), deadline_in(0.1));
    if (child_) child_->wait_exit(0.2);
    socket_.close();
  }
  if (child_) child_->kill();
}

}  // namespace gamelab::jumpchess
