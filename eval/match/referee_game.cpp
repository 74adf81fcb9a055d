#include "eval/match/referee_game.hpp"
#include "eval/match/open_watch.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "core/error.hpp"
#include "core/placeholders.hpp"
#include "core/process.hpp"
#include "eval/match/referee_result.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::eval {

namespace {

constexpr std::size_t kRefereeMaxOutput = 4u << 20;  // bytes of standard output held whole
constexpr std::size_t kRefereeTailLines = 400;        // lines kept beyond that, for the result

// A word for /bin/sh: in single quotes, a quote inside as '\''.
std::string sh_quoted(const std::string& word) {
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// An engine's name as a file name: letters, digits, '-', '_' and '.' kept, anything else '_'.
std::string program_file_name(const std::string& name) {
  std::string out;
  for (const char c : name) out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ? c : '_';
  if (out.empty() || out == "." || out == "..") out = "player";
  return out;
}

// `text` whole when it fits in `max` bytes, else its head and tail with the cut said in between.
std::string cut_output(const std::string& text, std::size_t max) {
  if (text.size() <= max) return text;
  const std::size_t half = max / 2;
  return text.substr(0, half) + "\n[... " + std::to_string(text.size() - 2 * half) + " bytes cut ...]\n" +
         text.substr(text.size() - half);
}

// The folder of one game's player programs, removed with it.
class GameFolder {
 public:
  GameFolder() {
    std::string name = (std::filesystem::temp_directory_path() / "gamelab-referee-XXXXXX").string();
    if (!::mkdtemp(name.data())) {
      throw std::runtime_error("cannot make a folder in " + std::filesystem::temp_directory_path().string() + ": " +
                               std::strerror(errno));
    }
    path_ = name;
  }
  ~GameFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  GameFolder(const GameFolder&) = delete;
  GameFolder& operator=(const GameFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A seat's program: a /bin/sh script that runs the player's command with its environment
// (the leading NAME=VALUE words ExternalCall put there) and the referee's arguments.
std::string write_player_program(const std::string& path, const PlayerSpec& player) {
  const std::vector<std::string> words = split_command(player.command);
  const std::size_t assigned = leading_assignments(words);
  if (assigned == words.size()) throw InputError("engine " + player.name + ": its command names no program");
  std::string script = "#!/bin/sh\n# gamelab: the program of engine " + player.name + " for one refereed game\n";
  for (std::size_t k = 0; k < assigned; ++k) {
    const std::size_t eq = words[k].find('=');
    script += "export " + words[k].substr(0, eq) + "=" + sh_quoted(words[k].substr(eq + 1)) + "\n";
  }
  script += "exec";
  for (std::size_t k = assigned; k < words.size(); ++k) script += " " + sh_quoted(words[k]);
  script += " \"$@\"\n";
  // Close-on-exec: a referee started meanwhile by another thread must not inherit the file open for
  // writing, or running the program would fail with "Text file busy".
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
  if (fd < 0) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  const bool written = ::write(fd, script.data(), script.size()) == static_cast<ssize_t>(script.size());
  if (::close(fd) != 0 || !written) throw std::runtime_error("cannot write " + path);
  return path;
}

// Which of the seats' programs were opened (run) since the watch began.
class StartWatch {
 public:
  StartWatch(const std::string& first, const std::string& second) : watch_({first, second}) {}
  // Whether each seat's program was started; both true when there is no way to watch (no claim).
  void started(bool out[2]) const {
    const bool watched = watch_.watching(0) && watch_.watching(1);
    out[0] = !watched || watch_.opened(0);
    out[1] = !watched || watch_.opened(1);
  }

 private:
  OpenWatch watch_;
};

std::string fill_referee_word(std::string word, const std::string programs[2], const GameRequest& request,
                              std::uint64_t pair, int game) {
  replace_all(word, "{first}", programs[0]);
  replace_all(word, "{second}", programs[1]);
  replace_all(word, "{first_name}", request.players[0].name);
  replace_all(word, "{second_name}", request.players[1].name);
  replace_all(word, "{seed}", std::to_string(request.seed));
  replace_all(word, "{pair}", std::to_string(pair));
  replace_all(word, "{game}", std::to_string(game));
  return word;
}

gamelab::GameRecord referee_fault_record(gamelab::Termination termination, const std::string& reason) {
  gamelab::GameRecord r;
  r.score = 0.5;
  r.termination = termination;
  r.fault = -1;
  r.reason = "referee fault: " + reason;
  return r;
}

bool exit_is_fine(const RefereeSpec& spec, int code) {
  for (const int ok : spec.ok_exit_codes) {
    if (ok == code) return true;
  }
  const RefereeResultRule& r = spec.result;
  return r.preset == ResultPreset::Exit && (code == r.exit_first || code == r.exit_second || code == r.exit_draw);
}

}  // namespace

RefereeGame play_referee_game(const RefereeSpec& spec, const GameRequest& request, std::uint64_t pair, int game) {
  if (request.players.size() != 2) throw std::logic_error("a refereed game needs two players");
  for (const PlayerSpec& p : request.players) {
    if (!p.external()) {
      throw InputError("engine " + p.name + ": a game played through its referee (" + spec.game +
                       ") takes external programs only (cmd=\"...\")");
    }
  }
  const GameFolder folder;
  std::string names[2] = {program_file_name(request.players[0].name), program_file_name(request.players[1].name)};
  if (names[0] == names[1]) {
    names[0] += "-1";
    names[1] += "-2";
  }
  std::string programs[2];
  // A player that is one program with nothing to hand it (no NAME=VALUE words) is linked, not wrapped:
  // a /bin/sh start costs half a millisecond a player and a game. The two must be different files,
  // since the watch of who started tells the seats apart by the file opened.
  std::string targets[2];
  for (int seat = 0; seat < 2; ++seat) {
    const std::vector<std::string> words = split_command(request.players[seat].command);
    std::error_code error;
    if (words.size() == 1 && words[0].find('=') == std::string::npos) {
      targets[seat] = std::filesystem::canonical(words[0], error).string();
      if (error || ::access(targets[seat].c_str(), X_OK) != 0) targets[seat].clear();
    }
  }
  const bool link = !targets[0].empty() && !targets[1].empty() && targets[0] != targets[1];
  for (int seat = 0; seat < 2; ++seat) {
    programs[seat] = folder.path() + "/" + names[seat];
    if (link) {
      std::filesystem::create_symlink(targets[seat], programs[seat]);
    } else {
      write_player_program(programs[seat], request.players[seat]);
    }
  }
  StartWatch watch(programs[0], programs[1]);
  std::vector<std::string> argv;
  for (const auto& word : split_command(spec.command)) argv.push_back(fill_referee_word(word, programs, request, pair, game));

  std::deque<std::string> tail;
  std::size_t line_count = 0;
  const ProcessResult run = run_process(
      argv, "", spec.game_timeout_s,
      [&](const std::string& line, double) {
        ++line_count;
        tail.push_back(line);
        if (tail.size() > kRefereeTailLines) tail.pop_front();
      },
      kRefereeMaxOutput);
  RefereeGame result;
  watch.started(result.started);

  RefereeOutput output;
  const bool whole = run.out.size() < kRefereeMaxOutput;
  output.out_lines = whole ? split_output_lines(run.out) : std::vector<std::string>(tail.begin(), tail.end());
  output.err_lines = split_output_lines(run.err);
  if (run.started && !run.timed_out && !run.signaled) output.exit_code = run.exit_code;

  SeatWords words;
  for (int seat = 0; seat < 2; ++seat) {
    words.seat[seat] = {request.players[seat].name, programs[seat], names[seat]};
  }
  const std::string last_err = output.err_lines.empty() ? "" : "; its last line on standard error: '" + output.err_lines.back() + "'";
  std::string status;
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%.2f s", run.seconds);
  if (!run.started) {
    status = "could not start: " + run.error;
    result.record = referee_fault_record(gamelab::Termination::Crash, "the referee could not be started (" + run.error + ")");
  } else if (run.timed_out) {
    status = "killed at the game's timeout";
    char limit[64];
    std::snprintf(limit, sizeof limit, "%g s", spec.game_timeout_s);
    result.record = referee_fault_record(gamelab::Termination::Timeout,
                                         std::string("the referee ran past the game's timeout of ") + limit + " and was killed");
  } else if (run.signaled) {
    status = "killed by a signal";
    result.record = referee_fault_record(gamelab::Termination::Crash, "the referee was killed by a signal" + last_err);
  } else if (!exit_is_fine(spec, run.exit_code)) {
    status = "exit code " + std::to_string(run.exit_code);
    result.record = referee_fault_record(gamelab::Termination::Crash,
                                         "the referee exited with code " + std::to_string(run.exit_code) + last_err);
  } else {
    status = "exit code " + std::to_string(run.exit_code);
    const RefereeReading reading = read_referee_result(spec.result, output, words);
    if (!reading.found) {
      result.record = referee_fault_record(gamelab::Termination::Illegal, reading.reason);
    } else if (!result.started[0] && !result.started[1]) {
      result.record = referee_fault_record(
          gamelab::Termination::Illegal, "the referee reported a result (" + reading.reason +
                                             ") but never started either player: a result for a game never started");
    } else if (reading.seed && *reading.seed != request.seed) {
      result.record = referee_fault_record(gamelab::Termination::Illegal,
                                           "the referee's result is for seed " + std::to_string(*reading.seed) +
                                               ", not this game's " + std::to_string(request.seed) + ": a result for another game");
    } else {
      gamelab::GameRecord& r = result.record;
      r.score = reading.score;
      r.reason = reading.reason;
      r.termination = reading.termination;
      r.fault = reading.fault;
      r.plies = reading.plies;
      r.moves = reading.moves;
      r.adjudication = reading.adjudication;
      result.opening = reading.opening;
    }
  }
  // The programs' paths change from game to game; the records name the engines instead, so that the
  // same command writes the same records.
  for (int seat = 0; seat < 2; ++seat) replace_all(result.record.reason, programs[seat], request.players[seat].name);
  replace_all(result.record.reason, folder.path() + "/", "");
  result.referee_fault = result.record.termination != gamelab::Termination::Normal && result.record.fault < 0;

  std::string out_text = whole ? run.out : run.out.substr(0, spec.log_bytes);
  if (!whole) {
    out_text += "\n[... " + std::to_string(line_count) + " lines in all; the last " + std::to_string(tail.size()) + ":]\n";
    for (const auto& line : tail) out_text += line + "\n";
  }
  std::string& log = result.log;
  log = "=== " + spec.game + " pair " + std::to_string(pair) + " game " + std::to_string(game) + " seed " +
        std::to_string(request.seed) + ": first " + request.players[0].name + ", second " + request.players[1].name + "\n";
  log += "$";
  for (const auto& word : argv) log += " " + word;
  log += "\n--- " + status + " after " + seconds + "; players started: " + (result.started[0] ? "first" : "") +
         (result.started[0] && result.started[1] ? " and " : "") + (result.started[1] ? "second" : "") +
         (!result.started[0] && !result.started[1] ? "none" : "") + "; " +
         (result.referee_fault ? "FAULT, not scored: " : "score of first " + std::to_string(result.record.score).substr(0, 3) + ": ") +
         result.record.reason + "\n";
  log += "--- standard output (" + std::to_string(run.out.size()) + (whole ? "" : "+") + " bytes)\n" +
         cut_output(out_text, spec.log_bytes);
  if (!log.empty() && log.back() != '\n') log += "\n";
  if (!run.err.empty()) {
    log += "--- standard error (" + std::to_string(run.err.size()) + " bytes)\n" + cut_output(run.err, spec.log_bytes);
    if (log.back() != '\n') log += "\n";
  }
  return result;
}

namespace {

struct RefereeGames {
  std::mutex lock;
  std::deque<std::pair<RefereeSpec, GameEntry>> games;  // a deque: references stay valid as it grows
};

RefereeGames& referee_games() {
  static RefereeGames games;
  return games;
}

}  // namespace

const GameEntry& register_referee_game(const RefereeSpec& spec) {
  check_referee_spec(spec);
  RefereeGames& all = referee_games();
  std::lock_guard<std::mutex> guard(all.lock);
  for (const auto& [known, entry] : all.games) {
    if (known.game != spec.game) continue;
    if (referee_spec_json(known) != referee_spec_json(spec)) {
      throw InputError("game " + spec.game + " is defined twice, by two different referees");
    }
    return entry;
  }
  GameEntry entry;
  entry.name = spec.game;
  entry.title = spec.game + " (through its referee)";
  entry.shape = GameShape::TurnBased;
  entry.bot_time_limit_s = std::min(spec.game_timeout_s, 3600.0);
  entry.play_game = [spec](const GameRequest& request) { return play_referee_game(spec, request, 0, 1).record; };
  all.games.emplace_back(spec, std::move(entry));
  return all.games.back().second;
}

const RefereeSpec* referee_of(const std::string& game) {
  RefereeGames& all = referee_games();
  std::lock_guard<std::mutex> guard(all.lock);
  for (const auto& [spec, entry] : all.games) {
    if (spec.game == game) return &spec;
  }
  return nullptr;
}

const GameEntry& find_match_game(const std::string& name) {
  {
    RefereeGames& all = referee_games();
    std::lock_guard<std::mutex> guard(all.lock);
    for (const auto& [spec, entry] : all.games) {
      if (spec.game == name) return entry;
    }
  }
  return find_game(name);
}

}  // namespace gamelab::eval
