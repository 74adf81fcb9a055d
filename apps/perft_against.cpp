// gamelab perft <game> --against CMD: the lab runs `CMD DEPTH POSITION [MOVE ...]`, reads one
// `MOVE COUNT` line per legal move, a blank line and the total, compares that divide with its own, and
// descends into the first move whose count differs until the move lists themselves differ
// (docs/tools/perft.md).
#include "perft_against.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <system_error>
#include <vector>

#include "core/error.hpp"
#include "core/process.hpp"
#include "core/text_file.hpp"
#include "registry/move_tree.hpp"

namespace gamelab::cli {

namespace {





constexpr std::size_t kMaxOutput = std::size_t{128} << 20;  // a divide of 100,000 joint moves is ~3 MB

// A run of CMD that cannot be read as a divide: a crash, a timeout, a line that is not the protocol.
struct Fault {
  std::string message;
};

// A folder for the root's position file, removed with the object.
class PositionFile {
 public:
  explicit PositionFile(const std::string& text) {
    static int counter = 0;
    dir_ = std::filesystem::temp_directory_path() /
           ("gamelab-perft-against-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "position.txt").string();
    write_file_atomic(path_, text);
  }
  ~PositionFile() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  PositionFile(const PositionFile&) = delete;
  PositionFile& operator=(const PositionFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::filesystem::path dir_;
  std::string path_;
};

// A line as it is quoted in a message: control characters escaped, long lines cut.
std::string quote_line(const std::string& line) {
  std::string out = "'";
  for (unsigned char ch : line.substr(0, 200)) {
    if (ch < 0x20 || ch == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", ch);
      out += hex;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out + (line.size() > 200 ? "...'" : "'");
}

std::string command_text(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& word : argv) {
    if (!out.empty()) out += ' ';
    out += word.empty() || word.find_first_of(" \t'\"\\$()[]{}*?;&|<>") != std::string::npos ? "'" + word + "'" : word;
  }
  return out;
}

// The last few lines of a program's standard error, indented, for a crash report.
std::string stderr_tail(const std::string& err) {
  std::vector<std::string> lines;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);) {
    if (!trim_blanks(line).empty()) lines.push_back(line);
  }
  std::string out;
  const std::size_t first = lines.size() > 8 ? lines.size() - 8 : 0;
  for (std::size_t k = first; k < lines.size(); ++k) out += "\n  stderr: " + lines[k].substr(0, 300);
  return out;
}

bool parse_count(const std::string& text, std::uint64_t& value) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  value = std::stoull(text);
  return true;
}

struct TheirLine {
  std::string token;
  std::uint64_t count = 0;
};

struct TheirDivide {
  std::vector<TheirLine> moves;
  std::uint64_t total = 0;
};

// Reads CMD's standard output: `MOVE COUNT` lines, one blank line, the total; nothing after it but
// blank lines. Each line may end in "\r\n".
TheirDivide parse_divide(const std::string& out, const std::string& shown) {
  TheirDivide divide;
  std::istringstream in(out);
  std::string line;
  int number = 0;
  bool blank_seen = false, total_seen = false;
  const auto fail = [&](const std::string& why) {
    return Fault{"protocol fault: line " + std::to_string(number) + " " + quote_line(line) + ": " + why + "\n  command: " + shown};
  };
  std::uint64_t sum = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string trimmed = trim_blanks(line);
    if (total_seen) {
      if (!trimmed.empty()) throw fail("nothing may follow the total");
      continue;
    }
    if (blank_seen) {
      if (!parse_count(trimmed, divide.total)) throw fail("expected the total (one number) after the blank line");
      total_seen = true;
      continue;
    }
    if (trimmed.empty()) {
      blank_seen = true;
      continue;
    }
    std::istringstream words(trimmed);
    std::string token, count_text, more;
    words >> token >> count_text;
    TheirLine move{token, 0};
    if (count_text.empty() || (words >> more) || !parse_count(count_text, move.count)) {
      throw fail("expected 'MOVE COUNT' (a move without blanks, then its count)");
    }
    sum += move.count;
    divide.moves.push_back(move);
  }
  if (!total_seen) {
    line = number > 0 ? line : "";
    throw Fault{std::string("protocol fault: the output ended ") +
                (blank_seen ? "after the blank line, without the total" : "before the blank line and the total") +
                " (" + std::to_string(number) + " lines read" + (number > 0 ? ", the last " + quote_line(line) : "") +
                ")\n  command: " + shown};
  }
  if (sum != divide.total) {
    throw Fault{"protocol fault: the total " + std::to_string(divide.total) + " is not the sum of the move counts (" +
                std::to_string(sum) + ")\n  command: " + shown};
  }
  return divide;
}

class Against {
 public:
  Against(const GameEntry& game, const AgainstOptions& options)
      : game_(game), options_(options),
        argv_(split_command(options.command)) {}

  int runs() const { return runs_; }

  TheirDivide theirs(int depth, const std::string& file, const std::vector<std::string>& path) {
    std::vector<std::string> argv = argv_;
    argv.push_back(std::to_string(depth));
    argv.push_back(file);
    argv.insert(argv.end(), path.begin(), path.end());
    const std::string shown = command_text(argv);
    ++runs_;
    const ProcessResult r = run_process(argv, "", options_.timeout_s, {}, kMaxOutput);
    if (!r.started) throw Fault{"crash: cannot start " + quote_line(argv[0]) + " (" + r.error + ")\n  command: " + shown};
    if (r.timed_out) {
      char limit[32];
      std::snprintf(limit, sizeof limit, "%g", options_.timeout_s);
      throw Fault{std::string("timeout: no complete answer within ") + limit + " s (killed; --timeout sets the limit)" +
                  "\n  command: " + shown + stderr_tail(r.err)};
    }
    if (r.signaled) throw Fault{"crash: killed by a signal\n  command: " + shown + stderr_tail(r.err)};
    if (r.exit_code != 0) {
      throw Fault{"crash: exit code " + std::to_string(r.exit_code) + "\n  command: " + shown + stderr_tail(r.err)};
    }
    if (r.out.size() >= kMaxOutput) throw Fault{"protocol fault: more than 128 MiB of output\n  command: " + shown};
    return parse_divide(r.out, shown);
  }

  // The lab's count after each move (by token) at `depth`, through the registry's perft.
  std::map<std::string, std::uint64_t> lab_counts(const std::string& position, int depth) {
    PerftRequest request;
    request.position.text = position;
    request.position.source = "position";
    request.depth = depth;
    request.divide = true;
    request.threads = options_.threads;
    std::map<std::string, std::uint64_t> counts;
    for (const auto& line : game_.perft(request).divide) counts[without_blanks(line.move)] = line.nodes;
    return counts;
  }

  // One check from `root` (position-file text) at `depth`: 0 agree, 1 differ (reported); Fault thrown.
  int check(const std::string& root, int depth, std::ostream& out, std::uint64_t* nodes = nullptr) {
    PositionFile file(root);
    std::vector<std::string> path;
    std::string position = root;
    int d = depth;
    std::uint64_t their_from_parent = 0, lab_from_parent = 0;
    while (true) {
      const TheirDivide theirs_now = theirs(d, file.path(), path);
      const std::vector<TreeMove> lab = game_.tree_moves(position);
      std::map<std::string, std::uint64_t> lab_count;
      if (!lab.empty()) lab_count = lab_counts(position, d);
      std::uint64_t lab_total = 0;
      for (const auto& [token, count] : lab_count) lab_total += count;
      // Their moves, read as the lab's tokens.
      std::map<std::string, std::uint64_t> their_count;
      std::map<std::string, std::string> spelling;
      std::vector<std::string> extra;
      std::set<std::string> lab_tokens;
      for (const auto& move : lab) lab_tokens.insert(move.token);
      // The lab's own spellings first, then the others, read by their meaning: a move listed twice is
      // then reported under the spelling that is not the lab's.
      for (const bool own : {true, false}) {
        for (const auto& line : theirs_now.moves) {
          if (lab_tokens.count(line.token) != (own ? 1u : 0u)) continue;
          const std::string key = own ? line.token : game_.canonical_move(position, line.token);
          if (key.empty()) {
            extra.push_back(line.token);
          } else if (their_count.count(key)) {
            extra.push_back(line.token + "   (listed twice: the same move as " + spelling[key] + ")");
          } else {
            their_count[key] = line.count;
            spelling[key] = line.token;
          }
        }
      }
      std::vector<std::string> missing;
      for (const auto& move : lab) {
        if (!their_count.count(move.token)) missing.push_back(move.token);
      }
      if (!missing.empty() || !extra.empty()) {
        report(out, "the move lists differ", depth, path, position, d);
        if (lab.empty()) out << "the game is over here: the lab has no move (the position above says why)\n";
        if (theirs_now.moves.empty()) out << "your program lists no move here\n";
        print_list(out, "missing", "legal here, not in your list", '-', missing);
        print_list(out, "extra", "in your list, not legal here", '+', extra);
        return 1;
      }
      const TreeMove* first = nullptr;
      std::vector<const TreeMove*> differing;
      for (const auto& move : lab) {
        if (lab_count[move.token] != their_count[move.token]) {
          differing.push_back(&move);
          if (!first) first = &move;
        }
      }
      if (!first) {
        if (path.empty()) {
          if (nodes) *nodes = lab_total;
          return 0;
        }
        // Same moves and counts here, yet the parent's run counted this position differently.
        report(out, "your program counts this position differently from its parent", depth, path, position, d);
        out << "from the position before, your program counted " << their_from_parent << " for the last move of the path"
            << " (the lab " << lab_from_parent << "); from here it counts " << theirs_now.total
            << ", as the lab does: its counts depend on the path that leads here\n";
        return 1;
      }
      if (d == 1) {
        report(out, "the counts differ at depth 1 (every legal move counts 1)", depth, path, position, d);
        for (const auto* move : differing) {
          out << "  " << move->token << ": lab 1, yours " << their_count[move->token] << "\n";
        }
        return 1;
      }
      their_from_parent = their_count[first->token];
      lab_from_parent = lab_count[first->token];
      path.push_back(first->token);
      position = first->child;
      --d;
    }
  }

 private:
  // At most kShown moves of a list, then how many more.
  static void print_list(std::ostream& out, const char* name, const char* meaning, char sign,
                         const std::vector<std::string>& tokens) {
    constexpr std::size_t kShown = 50;
    out << name << " " << tokens.size() << " (" << meaning << "):\n";
    for (std::size_t k = 0; k < tokens.size() && k < kShown; ++k) out << "  " << sign << " " << tokens[k] << "\n";
    if (tokens.size() > kShown) out << "  ... and " << tokens.size() - kShown << " more\n";
  }

  void report(std::ostream& out, const std::string& what, int depth, const std::vector<std::string>& path,
              const std::string& position, int d) {
    out << game_.name << " perft " << depth << " against " << command_text(argv_) << ": " << what << "\n";
    out << "path from the root (" << path.size() << (path.size() == 1 ? " move" : " moves") << "):";
    if (path.empty()) out << " none, the root itself";
    for (const auto& token : path) out << " " << token;
    out << "\nposition there (depth " << d << " left to count):\n";
    PositionSpec spec;
    spec.text = position;
    spec.source = "position";
    std::string shown = game_.show(spec);
    if (!shown.empty() && shown.back() != '\n') shown += '\n';
    out << shown;
  }

  const GameEntry& game_;
  AgainstOptions options_;
  std::vector<std::string> argv_;
  int runs_ = 0;
};

std::string root_text(const GameEntry& game, const PositionSpec& root) {
  PerftRequest request;
  request.position = root;
  request.depth = 1;
  return game.perft(request).position;
}

}  // namespace

int perft_against(const GameEntry& game, const PositionSpec& root, int depth, const AgainstOptions& options,
                  std::ostream& out, std::ostream& err) {
  if (depth < 1) throw InputError("perft --against needs --depth D with D >= 1");
  const std::string text = root_text(game, root);
  Against against(game, options);
  const auto start = std::chrono::steady_clock::now();
  try {
    std::uint64_t nodes = 0;
    const int verdict = against.check(text, depth, out, &nodes);
    if (verdict == 0) {
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.2f",
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      out << game.name << " perft " << depth << " against " << options.command << ": every count agrees, " << nodes
          << " nodes (" << seconds << " s)\n";
    }
    return verdict;
  } catch (const Fault& fault) {
    err << "gamelab: error: " << game.name << " perft " << depth << " against " << options.command << ": "
        << fault.message << "\n";
    return 2;
  }
}

int perft_against_suite(const GameEntry& game, const std::string& dataset, int max_depth,
                        const AgainstOptions& options, std::ostream& out) {
  nlohmann::json data;
  try {
    data = nlohmann::json::parse(read_text_file(dataset));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(dataset + ": not valid JSON (" + e.what() + ")");
  }
  if (!data.is_object() || !data.contains("positions") || !data["positions"].is_array()) {
    throw InputError(dataset + ": expected an object with a \"positions\" array");
  }
  Against against(game, options);
  int agree = 0, differ = 0, faults = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& item : data["positions"]) {
    if (!item.is_object() || !item.contains("name") || !item.contains("position") || !item.contains("counts") ||
        !item["counts"].is_array()) {
      throw InputError(dataset + ": a position without \"name\", \"position\" or \"counts\"");
    }
    const std::string name = item["name"].get<std::string>();
    int depth = static_cast<int>(item["counts"].size());
    if (item.contains("fast_depth")) depth = std::min(depth, item["fast_depth"].get<int>());
    if (max_depth > 0) depth = std::min(depth, max_depth);
    if (depth < 1) continue;
    std::ostringstream detail;
    char row[128];
    try {
      std::uint64_t nodes = 0;
      const int verdict = against.check(item["position"].get<std::string>(), depth, detail, &nodes);
      std::snprintf(row, sizeof row, "%-44s d=%-2d %14llu  %s\n", name.c_str(), depth,
                    static_cast<unsigned long long>(nodes), verdict == 0 ? "ok" : "DIFFERS");
      (verdict == 0 ? agree : differ) += 1;
    } catch (const Fault& fault) {
      std::snprintf(row, sizeof row, "%-44s d=%-2d %14s  FAULT\n", name.c_str(), depth, "-");
      detail << fault.message << "\n";
      ++faults;
    }
    out << row << detail.str() << std::flush;
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  out << game.name << " perft suite " << dataset << " against " << options.command << ": " << agree << "/"
      << (agree + differ + faults) << " positions agree, " << differ << " differ, " << faults << " faults ("
      << against.runs() << " runs, " << seconds << " s)\n";
  return faults > 0 ? 2 : differ > 0 ? 1 : 0;
}

}  // namespace gamelab::cli
