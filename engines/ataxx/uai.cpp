#include "ataxx/uai.hpp"

#include <strings.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/error.hpp"
#include "search/embedded_eval.hpp"
#include "search/knobs.hpp"

namespace gamelab::ataxx {

namespace {

// A go whose every token was unreadable (a truncated line) searches this long rather than waiting for
// a `stop` that its sender may never send; a bare `go` searches until `stop`, as in UCI.
constexpr std::int64_t kFallbackMovetime_ms = 1000;

std::vector<std::string> uai_tokens(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> tokens;
  for (std::string word; in >> word;) tokens.push_back(word);
  return tokens;
}

std::string uai_joined(std::vector<std::string>::const_iterator from, std::vector<std::string>::const_iterator to) {
  std::string out;
  for (; from != to; ++from) out += (out.empty() ? "" : " ") + *from;
  return out;
}

std::optional<std::int64_t> uai_number(const std::string& text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

// A sender's text quoted back in an info string: short, printable, on one line.
std::string uai_shown(const std::string& text) {
  std::string out = "'";
  for (const char ch : text.substr(0, 40)) out += std::isprint(static_cast<unsigned char>(ch)) ? ch : '?';
  return out + (text.size() > 40 ? "...'" : "'");
}

bool uai_same_name(const std::string& a, const std::string& b) { return strcasecmp(a.c_str(), b.c_str()) == 0; }

// "cp S", or "mate M" for a decided game: M in moves, negative when the side to move is lost.
std::string uai_score(int score) {
  if (!search::is_decisive(score)) return "cp " + std::to_string(score);
  const int moves = (search::kWin - std::abs(score) + 1) / 2;
  return "mate " + std::to_string(score > 0 ? moves : -moves);
}

std::string uai_info(const search::IterationInfo<Move>& info) {
  const auto nps = info.seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(info.nodes) / info.seconds) : 0;
  std::string line = "info depth " + std::to_string(info.depth) + " score " + uai_score(info.score) + " nodes " +
                     std::to_string(info.nodes) + " nps " + std::to_string(nps) + " time " +
                     std::to_string(static_cast<std::int64_t>(info.seconds * 1000)) + " pv";
  for (const Move& m : info.pv) line += " " + move_text(m);
  return line;
}

}  // namespace

GoRequest read_go(const std::vector<std::string>& tokens, Color side, std::string& problem) {
  GoRequest request;
  std::optional<std::int64_t> time[2], inc[2];  // by colour: x's is btime/binc
  int movestogo = 0;
  auto note = [&](const std::string& text) { problem += (problem.empty() ? "go: " : "; ") + text; };
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string& key = tokens[i];
    if (key == "infinite") {
      request.infinite = true;
      continue;
    }
    if (key == "ponder") continue;  // no pondering: searched as the same go without it
    static const std::vector<std::string> keys = {"btime",     "wtime",    "binc",  "winc",
                                                  "movestogo", "movetime", "depth", "nodes"};
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      note("unknown token " + uai_shown(key));
      continue;
    }
    const auto value = i + 1 < tokens.size() ? uai_number(tokens[i + 1]) : std::nullopt;
    if (!value) {
      note(key + " needs a number");
      continue;
    }
    ++i;
    const std::int64_t v = *value;
    if (key == "btime" || key == "wtime") {
      time[key == "btime" ? X : O] = v;  // may be <= 0: the move is then played at once
    } else if (key == "binc" || key == "winc") {
      inc[key == "binc" ? X : O] = v;
    } else if (v <= 0) {
      note(key + " " + std::to_string(v) + " is not positive");
    } else if (key == "movestogo") {
      movestogo = static_cast<int>(std::min<std::int64_t>(v, INT_MAX));
    } else if (key == "movetime") {
      request.limits.movetime_ms = v;
    } else if (key == "depth") {
      request.limits.depth = static_cast<int>(std::min<std::int64_t>(v, search::kMaxPly));
    } else {
      request.limits.nodes = static_cast<std::uint64_t>(v);
    }
  }
  // A referee that names only the other colour's clock (chess's habit: wtime for the first player)
  // still gets its move in time: that clock is the one it keeps.
  const Color own = time[side] || !time[opponent(side)] ? side : opponent(side);
  if (own != side) note(std::string(side == X ? "btime" : "wtime") + " missing; playing on the other clock");
  if (time[own] && !request.infinite) {
    const std::int64_t budget = clock_movetime_ms(*time[own], inc[own].value_or(0), movestogo);
    request.limits.movetime_ms = std::min(request.limits.movetime_ms.value_or(budget), budget);
  }
  if (request.infinite) request.limits.movetime_ms.reset();
  if (!request.limits.any() && !problem.empty() && !request.infinite) {
    request.limits.movetime_ms = kFallbackMovetime_ms;
    note("no readable limit; searching " + std::to_string(kFallbackMovetime_ms) + " ms");
  }
  if (!request.limits.any()) request.infinite = true;
  return request;
}

UaiEngine::UaiEngine(ParamSet params, std::ostream& out, learned::EmbeddedEval eval)
    : params_(std::move(params)), eval_(eval), out_(out) {}

UaiEngine::~UaiEngine() { stop_search(); }

int UaiEngine::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line)) {
    if (!command(line)) break;
  }
  stop_search();  // the end of input: the search answers, then the bot exits
  return 0;
}

bool UaiEngine::command(const std::string& line) {
  const std::vector<std::string> t = uai_tokens(line);
  if (t.empty()) return true;
  const std::string& c = t[0];
  try {
    if (c == "uai") {
      list_options();
    } else if (c == "isready") {
      if (wait_search(0)) stop_search();  // a search that already answered: its thread is joined
      if (!worker_.joinable()) engine();  // a table to build after setoption is built now, not in a go
      say("readyok");
    } else if (c == "uainewgame") {
      stop_search();
      engine().clear();
      position_ = start_position();
    } else if (c == "setoption") {
      set_option(t);
    } else if (c == "position") {
      set_position(t);
    } else if (c == "go") {
      go(t);
    } else if (c == "stop") {
      stop_search();
    } else if (c == "quit") {
      stop_search();
      return false;
    } else if (c != "ponderhit" && c != "debug") {
      say("info string unknown command " + uai_shown(c) +
          "; expected uai, isready, setoption, uainewgame, position, "
          "go, stop or quit");
    }
  } catch (const std::exception& e) {  // never expected: the command is dropped, the bot plays on
    say("info string " + c + " failed: " + e.what());
  }
  return true;
}

bool UaiEngine::wait_search(double limit_s) {
  std::unique_lock lock(out_mutex_);
  return searched_.wait_for(lock, std::chrono::duration<double>(limit_s), [this] { return !searching_; });
}

void UaiEngine::say(const std::string& line) {
  const std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

void UaiEngine::list_options() {
  say("id name gamelab-ataxx");
  say("id author gamelab");
  say("option name Hash type spin default " + std::to_string(kDefaultHashMb) + " min 1 max " +
      std::to_string(kMaxHashMb));
  for (const Param& p : params_.all()) {
    say("option name " + p.name + " type spin default " + std::to_string(p.value) + " min " + std::to_string(p.min) +
        " max " + std::to_string(p.max));
  }
  say("uaiok");
}

void UaiEngine::set_option(const std::vector<std::string>& t) {
  // setoption name NAME value VALUE: a UCI name may have blanks; names are compared ignoring case.
  const auto value_at = std::find(t.begin(), t.end(), "value");
  if (t.size() < 3 || t[1] != "name" || value_at < t.begin() + 3) {
    say("info string setoption: expected 'setoption name NAME value VALUE'");
    return;
  }
  const std::string name = uai_joined(t.begin() + 2, value_at);
  const std::string text = value_at == t.end() ? "" : uai_joined(value_at + 1, t.end());
  const auto number = uai_number(text);
  if (!number || *number < INT_MIN || *number > INT_MAX) {
    say("info string setoption: " + uai_shown(name) + " needs an integer value, not " + uai_shown(text));
    return;
  }
  const int value = static_cast<int>(*number);
  if (uai_same_name(name, "Hash")) {
    if (value < 1 || value > kMaxHashMb) {
      say("info string setoption: Hash " + text + " is not in [1, " + std::to_string(kMaxHashMb) + "] MB");
      return;
    }
    hash_mb_ = value;
    engine_stale_ = true;
    return;
  }
  for (const Param& p : params_.all()) {
    if (!uai_same_name(p.name, name)) continue;
    try {
      params_.set(std::string(p.name), value);
      engine_stale_ = true;
    } catch (const InputError& e) {
      say(std::string("info string setoption: ") + e.what());
    }
    return;
  }
  say("info string setoption: no option " + uai_shown(name) + " (uai lists them)");
}

void UaiEngine::set_position(const std::vector<std::string>& t) {
  // All or nothing: a bad FEN or move leaves the position as it was.
  State s;
  std::size_t i = 2;
  if (t.size() > 1 && t[1] == "startpos") {
    s = start_position();
  } else if (t.size() > 1 && t[1] == "fen") {
    i = static_cast<std::size_t>(std::find(t.begin() + 2, t.end(), "moves") - t.begin());
    try {
      s = parse_fen(uai_joined(t.begin() + 2, t.begin() + static_cast<std::ptrdiff_t>(i)), "position fen");
    } catch (const InputError& e) {
      say(std::string("info string ") + e.what() + "; the position is unchanged");
      return;
    }
  } else {
    say("info string position: expected 'position startpos|fen FEN [moves M...]'; the position is unchanged");
    return;
  }
  if (i < t.size() && t[i] != "moves") {
    say("info string position: expected moves, not " + uai_shown(t[i]) + "; the position is unchanged");
    return;
  }
  for (std::size_t k = i + 1; k < t.size(); ++k) {
    const std::optional<Move> m = read_uai_move(t[k], s);
    if (!m) {
      say("info string position: move " + std::to_string(k - i) + " " + uai_shown(t[k]) + " is not a legal move in " +
          fen_string(s) + "; the position is unchanged");
      return;
    }
    s = play(s, *m);
  }
  position_ = s;
}

void UaiEngine::go(const std::vector<std::string>& t) {
  const auto received = std::chrono::steady_clock::now();
  stop_search();  // a go during a search: the old search answers first
  std::string problem;
  const GoRequest request = read_go(t, position_.side, problem);
  if (!problem.empty()) say("info string " + problem);
  engine();
  stop_ = false;
  {
    const std::lock_guard lock(out_mutex_);
    searching_ = true;
  }
  worker_ = std::thread(&UaiEngine::search, this, position_, request, received);
}

void UaiEngine::search(State root, GoRequest request, std::chrono::steady_clock::time_point received) {
  // A depth or node limit answers the same position the same way, whatever was searched before.
  if (request.limits.reproducible() && !request.infinite) engine_->clear();
  if (request.limits.movetime_ms) {  // the clock started when the go was read
    const auto spent =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - received);
    request.limits.movetime_ms = std::max<std::int64_t>(*request.limits.movetime_ms - spent.count(), 1);
  }
  // Empty only when the game is over; stopped at once, the search still names its first legal move.
  const auto say_info = [this](const search::IterationInfo<Move>& info) { say(uai_info(info)); };
  const std::optional<Move> best = engine_->search(root, request.limits, say_info).best;
  if (!best) say("info string the game is over (" + Game::end_text(root) + ")");
  if (request.infinite) stop_.wait(false);  // UCI: no bestmove before the stop
  const std::lock_guard lock(out_mutex_);
  out_ << "bestmove " << (best ? move_text(*best) : "0000") << '\n' << std::flush;
  searching_ = false;
  searched_.notify_all();
}

void UaiEngine::stop_search() {
  stop_ = true;
  stop_.notify_all();
  if (worker_.joinable()) worker_.join();
}

search::AlphaBeta<Game>& UaiEngine::engine() {
  if (!engine_ || engine_stale_) {
    search::SearchOptions options;
    options.tt_megabytes = static_cast<std::size_t>(hash_mb_);
    engine_ =
        std::make_unique<search::AlphaBeta<Game>>(params_.values(), search::AlphaBetaKnobs::from(params_), options);
    engine_->set_stop_flag(&stop_);
    search::attach_embedded_eval(*engine_, eval_);  // as eval=FILE,evalmode=MODE on the lab's engine (read once)
    engine_stale_ = false;
  }
  return *engine_;
}

}  // namespace gamelab::ataxx
