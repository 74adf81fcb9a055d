// The Ataxx release bot's UAI (engines/ataxx/uai.hpp) driven in-process, and the lab's UAI client
// (uai_client.hpp) against the real bot (ATAXX_BOT) and against the misbehaving engines of bots/.
#include "ataxx/uai.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ataxx/eval.hpp"
#include "ataxx/game.hpp"
#include "ataxx/uai_client.hpp"
#include "core/limits.hpp"
#include "registry/game_registry.hpp"
#include "search/alphabeta.hpp"

namespace {

using namespace gamelab;
using namespace gamelab::ataxx;

const std::string kBots = std::string(GAMELAB_TESTS) + "/ataxx/bots/";

double uai_seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The bot over a string stream; its output is read only while no search runs (wait_search).
class Session {
 public:
  Session() : uai_(default_params(), out_) {}
  // Sends `line` and returns what the bot wrote since the last call (for a go: after its bestmove).
  std::vector<std::string> send(const std::string& line, double wait_s = 10) {
    uai_.command(line);
    REQUIRE(uai_.wait_search(wait_s));
    return news();
  }
  std::vector<std::string> news() {
    std::istringstream in(out_.str().substr(read_));
    read_ = out_.str().size();
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
  }
  UaiEngine& uai() { return uai_; }

 private:
  std::ostringstream out_;
  UaiEngine uai_;
  std::size_t read_ = 0;
};

std::string bestmove_of(const std::vector<std::string>& lines) {
  REQUIRE(!lines.empty());
  REQUIRE(lines.back().rfind("bestmove ", 0) == 0);
  return lines.back().substr(9);
}

bool any_starts(const std::vector<std::string>& lines, const std::string& prefix) {
  for (const auto& l : lines) {
    if (l.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

const State kMiddle = parse_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
// How late an answer may come: the field's referee allows 25 ms past a movetime (cuteataxx's
// timeout_buffer), the lab's client as much past a clock (UaiClientLimits::tolerance_ms).
constexpr double kLate_s = 0.025;

}  // namespace

TEST_CASE("uai lists every parameter as a spin option, isready answers readyok", "[uai]") {
  Session s;
  const auto lines = s.send("uai");
  REQUIRE(lines.front() == "id name gamelab-ataxx");
  REQUIRE(lines.back() == "uaiok");
  const ParamSet params = default_params();
  for (const Param& p : params.all()) {
    const std::string option = "option name " + p.name + " type spin default " + std::to_string(p.value) + " min " +
                               std::to_string(p.min) + " max " + std::to_string(p.max);
    INFO(option);
    CHECK(std::find(lines.begin(), lines.end(), option) != lines.end());
  }
  CHECK(any_starts(lines, "option name Hash type spin"));
  CHECK(s.send("isready") == std::vector<std::string>{"readyok"});
}

TEST_CASE("setoption changes a parameter, unknown names and bad values are named and ignored", "[uai]") {
  Session s;
  CHECK(s.send("setoption name eval_tempo value 250").empty());
  CHECK(s.uai().params().value("eval_tempo") == 250);
  CHECK(s.send("setoption name EVAL_EDGE value -7").empty());  // UCI option names ignore case
  CHECK(s.uai().params().value("eval_edge") == -7);
  CHECK(s.send("setoption name Hash value 4").empty());
  for (const std::string bad :
       {"setoption name eval_tempo value 5000", "setoption name eval_tempo value abc", "setoption name eval_tempo",
        "setoption name no_such value 1", "setoption", "setoption name Hash value 0", "setoption value 3"}) {
    INFO(bad);
    const auto lines = s.send(bad);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("info string setoption", 0) == 0);
  }
  CHECK(s.uai().params().value("eval_tempo") == 250);
  // The new values are played: the bot's depth-4 move is the lab's engine's with the same values.
  ParamSet p = default_params();
  p.set("eval_tempo", 250);
  p.set("eval_edge", -7);
  search::SearchOptions hash4;
  hash4.tt_megabytes = 4;
  search::AlphaBeta<Game> engine(p.values(), search::AlphaBetaKnobs::from(p), hash4);
  SearchLimits depth4;
  depth4.depth = 4;
  s.send("position fen " + fen_string(kMiddle));
  CHECK(bestmove_of(s.send("go depth 4")) == move_text(*engine.search(kMiddle, depth4).best));
}

TEST_CASE("position startpos and fen with moves, go depth and go nodes answer the same twice", "[uai]") {
  Session s;
  s.send("uainewgame");
  s.send("position startpos moves g2 a1a3 f3");
  const State after =
      play(play(play(start_position(), Move::single(square(6, 1))), Move::jump(square(0, 0), square(0, 2))),
           Move::single(square(5, 2)));
  for (const std::string go : {"go depth 5", "go nodes 30000"}) {
    INFO(go);
    const auto first = s.send(go);
    CHECK(any_starts(first, "info depth 1 score cp "));
    const std::string move = bestmove_of(first);
    CHECK(read_uai_move(move, after).has_value());
    CHECK(bestmove_of(s.send(go)) == move);
    s.send("position fen " + fen_string(after));
    CHECK(bestmove_of(s.send(go)) == move);  // the same position as a FEN: the same answer
    s.send("position startpos moves g2 a1a3 f3");
  }
  // The bot plays the lab's engine: a fresh AlphaBeta finds the same depth-5 move.
  search::AlphaBeta<Game> engine(default_params().values(), search::AlphaBetaKnobs::from(default_params()));
  SearchLimits depth5;
  depth5.depth = 5;
  CHECK(bestmove_of(s.send("go depth 5")) == move_text(*engine.search(after, depth5).best));
}

TEST_CASE("info lines give depth, score, nodes, nps, time and a legal pv", "[uai]") {
  Session s;
  const auto lines = s.send("go depth 4");
  int depth = 0;
  for (const auto& l : lines) {
    if (l.rfind("info depth", 0) != 0) continue;
    std::istringstream in(l);
    std::string info, key, cp, pv;
    int d = 0, score = 0;
    long long nodes = 0, nps = 0, time = 0;
    in >> info >> key >> d >> key >> cp >> score;
    CHECK(cp == "cp");
    in >> key >> nodes >> key >> nps >> key >> time >> pv;
    CHECK(pv == "pv");
    CHECK(d == ++depth);
    CHECK(nodes > 0);
    State st = start_position();
    for (std::string m; in >> m;) {
      const auto move = read_uai_move(m, st);
      REQUIRE(move);
      st = play(st, *move);
    }
  }
  CHECK(depth == 4);
}

TEST_CASE("a finished game answers bestmove 0000, and so does a forced pass", "[uai]") {
  Session s;
  s.send("position fen 7/7/7/7/7/7/7 x 0 1");
  CHECK(bestmove_of(s.send("go depth 3")) == "0000");
  s.send("position fen x5o/7/7/7/7/7/o5x x 100 1");
  CHECK(bestmove_of(s.send("go movetime 50")) == "0000");
  s.send("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");  // x's only move is the pass
  CHECK(bestmove_of(s.send("go depth 3")) == "0000");
  CHECK(bestmove_of(s.send("go wtime 1000 btime 1000")) == "0000");
}

TEST_CASE("garbage, truncated lines, bad FENs and illegal moves are named and ignored", "[uai]") {
  Session s;
  s.send("position fen " + fen_string(kMiddle));
  const std::string reference = bestmove_of(s.send("go depth 4"));
  const std::vector<std::string> bad = {"hello",
                                        "\x01\x02\xff",
                                        "ua",
                                        "positio",
                                        "position",
                                        "position fen",
                                        "position fen x5o/7/7",
                                        "position fen x5o/7/7/7/7/7/o5x q",
                                        "position fen x5o/7/7/7/7/7/o5x x 0 1 9",
                                        "position startpos moves zz",
                                        "position startpos moves g2 g2",
                                        "position startpos moves a1a5",
                                        "position startpos garbage g2",
                                        "position fen 7/7/7/7/7/7/7 x 0 1 moves a1",
                                        std::string(100000, 'x'),
                                        "setoption name"};
  for (const auto& line : bad) {
    INFO(line.substr(0, 60));
    const auto lines = s.send(line);
    REQUIRE(!lines.empty());
    CHECK(lines[0].rfind("info string ", 0) == 0);
    CHECK(lines[0].size() < 300);
  }
  CHECK(s.send("") == std::vector<std::string>{});
  CHECK(s.send("isready") == std::vector<std::string>{"readyok"});
  CHECK(bestmove_of(s.send("go depth 4")) == reference);  // the position kept through all of it
}

TEST_CASE("go with a clock reads x's time from btime and o's from wtime", "[uai]") {
  std::string problem;
  const std::vector<std::string> go = {"go", "wtime", "100000", "btime", "1000", "winc", "0", "binc", "10"};
  CHECK(*read_go(go, X, problem).limits.movetime_ms == clock_movetime_ms(1000, 10, 0));
  CHECK(*read_go(go, O, problem).limits.movetime_ms == clock_movetime_ms(100000, 0, 0));
  CHECK(problem.empty());
  CHECK(read_go({"go", "infinite"}, X, problem).infinite);
  CHECK(read_go({"go"}, X, problem).infinite);
  CHECK(!read_go({"go", "movetime", "50", "depth", "9"}, X, problem).infinite);
  // The budget: (time - 20) / 30 + 0.8 inc, twice that for the search's movetime, at most half of what is left.
  CHECK(clock_movetime_ms(1000, 10, 0) == 2 * (980 / 30 + 8));
  CHECK(clock_movetime_ms(30, 10, 0) == 5);
  CHECK(clock_movetime_ms(0, 0, 0) == 1);
  CHECK(clock_movetime_ms(1000, 0, 1) == 490);
  for (std::int64_t t = 30; t < 100000; t = t * 3 / 2) CHECK(clock_movetime_ms(t, 10, 0) < t - kMoveOverhead_ms);
}

TEST_CASE("go movetime and go with a clock answer in time", "[uai][timed]") {
  Session s;
  s.send("isready");
  s.send("position fen " + fen_string(kMiddle));
  auto t = std::chrono::steady_clock::now();
  bestmove_of(s.send("go movetime 100"));
  CHECK(uai_seconds_since(t) < 0.100 + kLate_s);
  t = std::chrono::steady_clock::now();
  bestmove_of(s.send("go wtime 1000 btime 1000 winc 10 binc 10"));
  CHECK(uai_seconds_since(t) < clock_movetime_ms(1000, 10, 0) / 1000.0 + kLate_s);
}

TEST_CASE("go infinite searches until stop, which answers at once", "[uai][timed]") {
  Session s;
  s.uai().command("go infinite");
  CHECK(!s.uai().wait_search(0.3));  // still searching (or waiting for the stop)
  s.uai().command("isready");        // answered during the search
  const auto t = std::chrono::steady_clock::now();
  const auto lines = s.send("stop", 0);
  CHECK(uai_seconds_since(t) < kLate_s);  // within 256 nodes, well under a millisecond unloaded
  CHECK(std::find(lines.begin(), lines.end(), "readyok") < lines.end() - 1);
  CHECK(read_uai_move(bestmove_of(lines), start_position()).has_value());
}

TEST_CASE("a go whose limits are unreadable searches a second, not until a stop", "[uai][timed]") {
  Session s;
  const auto t = std::chrono::steady_clock::now();
  const auto lines = s.send("go movetime soon", 3);
  CHECK(uai_seconds_since(t) < 1.1);
  CHECK(lines[0].rfind("info string go: ", 0) == 0);
  CHECK(read_uai_move(bestmove_of(lines), start_position()).has_value());
}

TEST_CASE("quit and the end of input end run() with 0, a search answering first", "[uai]") {
  std::ostringstream out;
  {
    UaiEngine uai(default_params(), out);
    std::istringstream in("uai\nquit\nisready\n");
    CHECK(uai.run(in) == 0);
  }
  CHECK(out.str().find("readyok") == std::string::npos);
  std::ostringstream out2;
  UaiEngine uai(default_params(), out2);
  std::istringstream in("position startpos\ngo infinite\n");
  CHECK(uai.run(in) == 0);
  CHECK(out2.str().find("bestmove ") != std::string::npos);
}

// ---- the client ----

TEST_CASE("the client plays the bot with options, limits and a clock", "[uai][client]") {
  UaiClient client(ATAXX_BOT, {{"eval_tempo", "250"}, {"Hash", "4"}});
  REQUIRE(client.new_game().ok());
  CHECK(client.engine_name() == "gamelab-ataxx");
  SearchLimits depth;
  depth.depth = 4;
  const State start = start_position();
  UaiReply reply = client.play(start, {}, depth);
  REQUIRE(reply.ok());
  CHECK(reply.depth == 4);
  CHECK(reply.nodes > 0);
  std::vector<Move> moves = {*reply.move};
  UaiClock clock = UaiClock::of(1000, 10);
  reply = client.play(start, moves, clock);
  REQUIRE(reply.ok());
  CHECK(read_uai_move(move_text(*reply.move), play(start, moves[0])).has_value());
  CHECK(clock.time_ms[O] < 1010);
  CHECK(clock.time_ms[X] == 1000);
  client.finish();
}

TEST_CASE("the client names each fault of a misbehaving engine", "[uai][client][timed]") {
  UaiClientLimits quick;
  quick.handshake_s = 0.3;
  quick.search_s = 0.3;
  const State start = start_position();
  UaiClock clock = UaiClock::of(200, 0);
  SECTION("an engine that cannot start, or exits, crashed") {
    CHECK(UaiClient("/nonexistent/ataxx-engine", {}, quick).new_game().termination == Termination::Crash);
    CHECK(UaiClient("sh " + kBots + "crashes.sh handshake", {}, quick).new_game().termination == Termination::Crash);
    UaiClient client("sh " + kBots + "crashes.sh", {}, quick);
    REQUIRE(client.new_game().ok());
    const UaiReply reply = client.play(start, {}, clock);
    CHECK(reply.termination == Termination::Crash);
    CHECK(reply.detail.find("exit code 3") != std::string::npos);
    CHECK(reply.detail.find("segfault") != std::string::npos);
  }
  SECTION("an engine silent in the handshake stalled; one silent after go lost on time, and restarts") {
    const auto t = std::chrono::steady_clock::now();
    CHECK(UaiClient("sh " + kBots + "never_answers.sh", {}, quick).new_game().termination == Termination::Stalled);
    CHECK(uai_seconds_since(t) < 0.5);
    UaiClient client("sh " + kBots + "never_answers.sh go", {}, quick);
    REQUIRE(client.new_game().ok());
    const UaiReply reply = client.play(start, {}, clock);
    CHECK(reply.termination == Termination::Timeout);
    CHECK(reply.seconds == Approx(0.225).margin(0.05));  // its 200 ms and the 25 ms tolerance
    CHECK(clock.time_ms[X] <= -quick.tolerance_ms);
    SearchLimits depth;
    depth.depth = 3;
    REQUIRE(client.new_game().ok());  // started afresh
    CHECK(client.play(start, {}, depth).termination == Termination::Stalled);
  }
  SECTION("an illegal move and a garbage answer are illegal; garbage for uaiok stalled") {
    UaiClient illegal("sh " + kBots + "illegal_move.sh", {}, quick);
    REQUIRE(illegal.new_game().ok());
    UaiReply reply = illegal.play(start, {}, clock);
    CHECK(reply.termination == Termination::Illegal);
    CHECK(reply.detail.find("'bestmove d4'") != std::string::npos);
    CHECK(reply.depth == 3);
    UaiClient garbage("sh " + kBots + "garbage.sh", {}, quick);
    REQUIRE(garbage.new_game().ok());
    CHECK(garbage.play(start, {}, clock).termination == Termination::Illegal);
    CHECK(UaiClient("sh " + kBots + "garbage.sh handshake", {}, quick).new_game().termination == Termination::Stalled);
  }
}

TEST_CASE("the bot plays itself at 1+0.01 through the client and never loses on time", "[uai][client][timed][slow]") {
  const std::vector<State> openings = {start_position(), start_position(), kMiddle,
                                       parse_fen("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1")};
  UaiClient bots[2] = {UaiClient(ATAXX_BOT), UaiClient(ATAXX_BOT)};
  std::int64_t least_left = 1000;
  double longest = 0;
  int plies = 0;
  for (std::size_t game = 0; game < openings.size(); ++game) {
    for (auto& bot : bots) REQUIRE(bot.new_game().ok());
    State s = openings[game];
    std::vector<Move> moves;
    UaiClock clock = UaiClock::of(1000, 10);
    while (!ends_before_moves(s)) {
      const int side = s.side;
      UaiClient& bot = bots[(side + game) % 2];  // each process plays x and o in turn
      const UaiReply reply = bot.play(openings[game], moves, clock);
      INFO("game " << game << " ply " << moves.size() << ": " << reply.detail);
      REQUIRE(reply.ok());
      least_left = std::min(least_left, clock.time_ms[side] - clock.inc_ms[side]);
      longest = std::max(longest, reply.seconds);
      moves.push_back(*reply.move);
      s = play(s, *reply.move);
      ++plies;
    }
  }
  WARN("1+0.01: " << openings.size() << " games, " << plies << " moves, the least time left " << least_left
                  << " ms, the longest move " << longest * 1000 << " ms");
  CHECK(least_left > 0);
}

TEST_CASE("the match runner's pool keeps a UAI engine running from game to game", "[uai][client]") {
  UaiClient* first = nullptr;
  {
    UaiHandle a = borrow_uai_engine(ATAXX_BOT, {{"eval_tempo", "250"}});
    REQUIRE(a->new_game().ok());
    first = a.get();
    UaiHandle b = borrow_uai_engine(ATAXX_BOT, {{"eval_tempo", "250"}});  // the other seat: its own process
    CHECK(b.get() != first);
  }
  UaiHandle again = borrow_uai_engine(ATAXX_BOT, {{"eval_tempo", "300"}});  // the next game, the next point
  CHECK(again.get() == first);
  REQUIRE(again->new_game().ok());
  SearchLimits depth;
  depth.depth = 3;
  CHECK(again->play(start_position(), {}, depth).ok());
  CHECK(borrow_uai_engine("sh " + kBots + "crashes.sh", {}).get() != first);  // another command, another engine
}

TEST_CASE("match games on a clock: the lab's engine and a UAI engine at tc=1+0.01, a time loss recorded",
          "[uai][client][timed]") {
  const GameEntry& game = find_game("ataxx");
  GameRequest request;
  request.opening = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1";
  request.opening_source = "test";
  request.players.resize(2);
  request.players[0].name = "lab";
  request.players[0].params = default_params();
  request.players[0].limits = parse_limits("tc=1+0.01", "test");
  request.players[1].name = "bot";
  request.players[1].command = ATAXX_BOT;
  request.players[1].protocol = "ataxx";
  request.players[1].limits = parse_limits("tc=1+0.01", "test");
  const gamelab::GameRecord played = game.play_game(request);
  INFO(played.reason);
  CHECK(played.termination == gamelab::Termination::Normal);
  CHECK(played.plies > 20);

  request.players[1].command = "sh " + kBots + "never_answers.sh go";
  request.players[1].limits = parse_limits("tc=0.2", "test");
  const gamelab::GameRecord lost = game.play_game(request);
  CHECK(lost.termination == gamelab::Termination::Timeout);
  CHECK(lost.fault == 1);
  CHECK(lost.score == 1.0);
  CHECK(lost.plies == 1);  // the lab's engine moved, the other's clock ran out
}

TEST_CASE("tune spsa tunes a UAI engine's options through setoption, each game's point sent to it", "[uai][client]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "gamelab-uai-spsa-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string log = (dir / "sent.log").string();
  const std::string spsa = (dir / "tempo.spsa").string();
  std::ofstream(spsa) << "eval_tempo, int, 300, 0, 1000, 40, 0.002\n";
  const std::string command = std::string(GAMELAB_BINARY) + " tune spsa ataxx --engine cmd=\"sh " + kBots +
                              "logged.sh " + log + " " + ATAXX_BOT + "\" --params " + spsa +
                              " --limit nodes=500 --iterations 2 --pairs-per-iteration 1 --verify-games 0 --campaign " +
                              (dir / "campaign").string() + " > " + (dir / "out.txt").string() + " 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  std::ifstream in(log);
  std::set<std::string> values;
  int new_games = 0, starts = 0, files = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("setoption name eval_tempo value ", 0) == 0) values.insert(line.substr(32));
    new_games += line == "uainewgame";
    starts += line == "uai";
    files += line.find("GAMELAB_PARAMS") != std::string::npos;
  }
  CHECK(files == 0);
  CHECK(starts == 2);  // the two seats' processes, kept running over the four games
  // Each iteration plays a point above its value and one below, c_k (about 40) apart from it: 2
  // iterations, up to 4 values around 300. Where the second iteration's value lies depends on the
  // games' results (the release bot's play), so only the sides are checked.
  CHECK(values.size() >= 3);
  int above = 0, below = 0;
  for (const std::string& v : values) {
    const int value = std::stoi(v);
    CHECK(std::abs(value - 300) >= 30);
    CHECK(std::abs(value - 300) <= 50);
    above += value > 300;
    below += value < 300;
  }
  CHECK(above >= 1);
  CHECK(below >= 1);
  CHECK(new_games == 8);  // 2 iterations x 1 pair x 2 games, both seats the engine
  std::filesystem::remove_all(dir);
}
