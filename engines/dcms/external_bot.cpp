#include "dcms/external_bot.hpp"

#include <chrono>
#include <sstream>

#include "core/process.hpp"
#include "dcms/protocol.hpp"

namespace gamelab::dcms {

namespace {

std::string tail(const std::string& text) {
  const std::string t = text.size() <= 200 ? text : "..." + text.substr(text.size() - 200);
  return t.empty() ? "(nothing)" : t;
}

std::string seconds_text(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

}  // namespace

ExternalBot::ExternalBot(const std::string& command, double time_limit_s)
    : argv_(split_command(command)), limit_s_(time_limit_s) {}

ExternalBot::~ExternalBot() {
  if (process_) process_->kill();
}

BotAnswer ExternalBot::ask(const std::string& request) {
  const auto start = std::chrono::steady_clock::now();
  BotAnswer answer;
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  if (!process_) process_ = std::make_unique<PipedProcess>(argv_);
  if (!process_->started()) {
    answer.termination = Termination::Crash;
    answer.detail = process_->error();
    return answer;
  }
  // The request goes within the same limit as the answer: a bot that reads nothing is late, not lost.
  // If the write fails (the bot closed its input or exited), its output still tells which: a crashed
  // bot's output ends at once, a live one's does not.
  process_->write(request, limit_s_);
  const PipedProcess::Read read = process_->read_line(answer.line, std::max(limit_s_ - elapsed(), 0.0));
  answer.seconds = elapsed();
  if (read == PipedProcess::Read::Line) return answer;
  if (read == PipedProcess::Read::Timeout) {
    answer.termination = Termination::Timeout;
    answer.detail = "no answer within " + seconds_text(limit_s_) + " s";
    process_->kill();
    process_.reset();  // started afresh for the next request
    return answer;
  }
  process_->finish(0.2);
  answer.termination = Termination::Crash;
  answer.detail = "ended (" + process_->status_text() + ") without an answer; stderr: " + tail(process_->err());
  return answer;
}

void ExternalBot::finish() {
  if (!process_) return;
  process_->write(kQuitRequest, 0.1);
  process_->finish(kQuitGrace_s);
  process_.reset();
}

}  // namespace gamelab::dcms
