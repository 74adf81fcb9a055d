#include "ataxx/uai_client.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <sstream>

#include "ataxx/notation.hpp"
#include "ataxx/rules.hpp"
#include "core/error.hpp"
#include "core/process.hpp"

namespace gamelab::ataxx {

namespace {

std::vector<std::string> client_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// An engine's text in a fault's detail: short, on one line.
std::string client_quoted(const std::string& text) {
  std::string out = "'";
  for (const char ch : text.substr(0, 80)) out += ch >= 32 && ch < 127 ? ch : '?';
  return out + (text.size() > 80 ? "...'" : "'");
}

template <class Int>
void client_number(const std::string& text, Int& value) {
  Int read = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), read);
  if (ec == std::errc() && ptr == text.data() + text.size()) value = read;
}

// The figures of an `info` line the lab keeps; a field it cannot read keeps the last value.
void read_info(const std::vector<std::string>& w, UaiReply& reply) {
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    if (w[i] == "pv" || w[i] == "string") return;  // the rest is moves or words
    if (w[i] == "depth") client_number(w[i + 1], reply.depth);
    if (w[i] == "nodes") client_number(w[i + 1], reply.nodes);
    if (w[i] == "score" && i + 2 < w.size()) {
      reply.mate = 0;
      client_number(w[i + 2], w[i + 1] == "mate" ? reply.mate : reply.score_cp);
    }
  }
}

State client_after(const State& start, const std::vector<Move>& moves) {
  State s = start;
  for (const Move& m : moves) s = play(s, m);
  return s;
}

}  // namespace

UaiClient::UaiClient(const std::string& command, std::vector<std::pair<std::string, std::string>> options,
                     UaiClientLimits limits)
    : command_(command), argv_(split_command(command)), options_(std::move(options)), limits_(limits) {}

UaiClient::~UaiClient() {
  if (process_) process_->kill();
}

bool UaiClient::send(const std::string& line) { return process_->write(line + "\n", limits_.handshake_s); }

UaiReply UaiClient::fault(UaiReply reply, Termination termination, const std::string& detail) {
  reply.termination = termination;
  reply.move.reset();
  reply.detail = detail;
  if (process_) {
    if (termination == Termination::Crash) {
      process_->finish(0.2);
      const std::string& err = process_->err();  // its last words
      reply.detail += " (" + process_->status_text() + "; stderr " +
                      client_quoted(err.substr(err.size() - std::min<std::size_t>(err.size(), 80))) + ")";
    }
    process_->kill();
    process_.reset();
  }
  return reply;
}

UaiReply UaiClient::await(const std::string& expected, const std::string& after) {
  const auto start = std::chrono::steady_clock::now();
  std::string line;
  while (true) {
    const auto read = process_->read_line(line, std::max(limits_.handshake_s - seconds_since(start), 0.0));
    if (read == PipedProcess::Read::Closed) {
      return fault({}, Termination::Crash, "ended before " + expected + " (after " + after + ")");
    }
    if (read == PipedProcess::Read::Timeout) {
      std::ostringstream limit;
      limit << limits_.handshake_s;
      return fault({}, Termination::Stalled, "no " + expected + " within " + limit.str() + " s of " + after);
    }
    const std::vector<std::string> w = client_words(line);
    if (!w.empty() && w[0] == expected) return {};
    if (w.size() > 2 && w[0] == "id" && w[1] == "name") name_ = line.substr(line.find("name") + 5);
  }
}

UaiReply UaiClient::start() {
  process_ = std::make_unique<PipedProcess>(argv_);
  if (!process_->started()) {
    const std::string why = process_->error();
    process_.reset();
    return fault({}, Termination::Crash, "could not start " + client_quoted(argv_[0]) + ": " + why);
  }
  send("uai");
  if (UaiReply r = await("uaiok", "uai"); !r.ok()) return r;
  for (const auto& [name, value] : options_) send("setoption name " + name + " value " + value);
  send("isready");
  return await("readyok", "the options");
}

void UaiClient::set_options(std::vector<std::pair<std::string, std::string>> options) {
  if (options == options_) return;
  const auto names = [](const auto& list) {
    std::vector<std::string> out;
    for (const auto& item : list) out.push_back(item.first);
    return out;
  };
  if (process_ && names(options) == names(options_)) {
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (options[i].second != options_[i].second) send("setoption name " + options[i].first + " value " + options[i].second);
    }
  } else if (process_) {
    finish();
  }
  options_ = std::move(options);
}

UaiReply UaiClient::new_game() {
  if (!process_) {
    if (UaiReply r = start(); !r.ok()) return r;
  }
  send("uainewgame");
  send("isready");
  return await("readyok", "uainewgame");
}

UaiReply UaiClient::go(const State& start, const std::vector<Move>& moves, const std::string& go_line, double limit_s,
                       Termination late) {
  if (!process_) return fault({}, Termination::Crash, "not running (new_game() starts it)");
  std::string position = "position fen " + fen_string(start) + (moves.empty() ? "" : " moves");
  for (const Move& m : moves) position += " " + move_text(m);
  send(position);
  send("isready");  // as cuteataxx: the engine has read the position before its clock starts
  if (UaiReply r = await("readyok", "position"); !r.ok()) return r;
  const State now = client_after(start, moves);
  const auto sent = std::chrono::steady_clock::now();
  send(go_line);
  UaiReply reply;
  std::string line;
  while (true) {
    const auto read = process_->read_line(line, std::max(limit_s - seconds_since(sent), 0.0));
    reply.seconds = seconds_since(sent);
    if (read == PipedProcess::Read::Closed) {
      return fault(reply, Termination::Crash, "ended before its bestmove (" + go_line + ")");
    }
    if (read == PipedProcess::Read::Timeout) {
      return fault(reply, late,
                   "no bestmove within " + std::to_string(static_cast<int>(limit_s * 1000)) + " ms of " + go_line);
    }
    const std::vector<std::string> w = client_words(line);
    if (w.empty() || (w[0] != "info" && w[0] != "bestmove")) continue;  // UCI: other lines are ignored
    if (w[0] == "info") {
      read_info(w, reply);
      continue;
    }
    reply.move = w.size() > 1 ? read_uai_move(w[1], now) : std::nullopt;
    if (!reply.move) {
      return fault(reply, Termination::Illegal, client_quoted(line) + " is no legal move in " + fen_string(now));
    }
    return reply;
  }
}

UaiReply UaiClient::play(const State& start, const std::vector<Move>& moves, UaiClock& clock) {
  const Color side = client_after(start, moves).side;
  auto ms = [](std::int64_t t) { return std::to_string(std::max<std::int64_t>(t, 0)); };
  const std::string line = "go wtime " + ms(clock.time_ms[O]) + " btime " + ms(clock.time_ms[X]) + " winc " +
                           ms(clock.inc_ms[O]) + " binc " + ms(clock.inc_ms[X]);
  const double limit_s = static_cast<double>(clock.time_ms[side] + limits_.tolerance_ms) / 1000.0;
  UaiReply reply = go(start, moves, line, limit_s, Termination::Timeout);
  clock.time_ms[side] -= static_cast<std::int64_t>(reply.seconds * 1000.0);
  if (reply.ok() && clock.time_ms[side] < -limits_.tolerance_ms) {  // the deadline rounded in its favour
    return fault(reply, Termination::Timeout,
                 "bestmove " + std::to_string(-clock.time_ms[side]) + " ms after its clock ran out");
  }
  if (reply.ok()) clock.time_ms[side] += clock.inc_ms[side];
  return reply;
}

UaiReply UaiClient::play(const State& start, const std::vector<Move>& moves, const SearchLimits& limits) {
  if (!limits.any()) throw InputError("UAI go: give a clock, movetime, depth or nodes (a bare go searches until stop)");
  std::string line = "go";
  if (limits.movetime_ms) line += " movetime " + std::to_string(*limits.movetime_ms);
  if (limits.depth) line += " depth " + std::to_string(*limits.depth);
  if (limits.nodes) line += " nodes " + std::to_string(*limits.nodes);
  if (!limits.movetime_ms) return go(start, moves, line, limits_.search_s, Termination::Stalled);
  return go(start, moves, line, static_cast<double>(*limits.movetime_ms + limits_.tolerance_ms) / 1000.0,
            Termination::Timeout);
}

void UaiClient::finish() {
  if (!process_) return;
  process_->write("quit\n", 0.1);
  process_->finish(1.0);
  process_.reset();
}

namespace {

// This thread's idle engines, oldest first.
std::vector<std::unique_ptr<UaiClient>>& idle_uai_engines() {
  thread_local std::vector<std::unique_ptr<UaiClient>> idle;
  return idle;
}

}  // namespace

void UaiReturn::operator()(UaiClient* client) const {
  auto& idle = idle_uai_engines();
  idle.emplace_back(client);
  if (idle.size() > kIdleUaiEngines) {
    idle.front()->finish();
    idle.erase(idle.begin());
  }
}

UaiHandle borrow_uai_engine(const std::string& command, std::vector<std::pair<std::string, std::string>> options) {
  auto& idle = idle_uai_engines();
  for (auto it = idle.rbegin(); it != idle.rend(); ++it) {  // the last given back first
    if ((*it)->command() != command) continue;
    UaiHandle engine(it->release());
    idle.erase(std::next(it).base());
    engine->set_options(std::move(options));
    return engine;
  }
  return UaiHandle(new UaiClient(command, std::move(options)));
}

}  // namespace gamelab::ataxx
