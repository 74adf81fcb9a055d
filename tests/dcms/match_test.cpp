// Refereed games: the line protocol's requests, engine-vs-engine games replayed exactly, and external
// bots that misbehave (sleep, print garbage, crash, move illegally, place illegally) through
// `gamelab match dcms`, each fault recorded against the bot's seat and none able to hang the run.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/records.hpp"
#include "common/run.hpp"
#include "dcms/eval.hpp"
#include "dcms/entry.hpp"
#include "dcms/protocol.hpp"
#include "dcms/search_actions.hpp"
#include "positions.hpp"
#include "registry/game_registry.hpp"

using namespace dcms_test;

namespace {

const std::string kBots = std::string(GAMELAB_SOURCE_DIR) + "/tests/dcms/bots/";
const std::string kBoards = std::string(GAMELAB_SOURCE_DIR) + "/tests/dcms/boards";

using gamelab_test::Run;
using gamelab_test::run;

// One pair (two games, seats swapped) of the lab's engine against `bot` on the open test board.
std::vector<nlohmann::json> pair_against(const std::string& bot, const std::string& out, int nodes = 300) {
  std::filesystem::remove(out);
  const Run r = run("match dcms --engine name=lab,nodes=" + std::to_string(nodes) + " --engine \"name=bot,cmd=" + kBots + bot +
                    ",movetime=300\" --games 2 --boards " + kBoards + " --seed 5 --out " + out);
  INFO(r.output);
  REQUIRE(r.status == 0);
  const auto lines = gamelab_test::read_records(out);
  REQUIRE(lines.size() == 1);
  return {lines[0]["games"][0], lines[0]["games"][1]};
}

}  // namespace

TEST_CASE("the protocol's requests mirror setup(color, rows, cols, board) and move(...)", "[dcms][protocol]") {
  const State setup = setup_state(board_of(kOpen), Variant::Mouse);
  CHECK(setup_request(setup, kRed) ==
        "setup 1 5 8 mouse\n"
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n"
        "WWWW                        WWWW\n"
        "WWWW                        WWWW\n"
        "WWWW                        WWWW\n"
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n");
  const State s = position("mouse", kOpen, "S 2 1, M 1 3, s 2 6", 7);
  CHECK(move_request(s, kBlue) ==
        "move 0 5 8 7\n"
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n"
        "WWWW                        WWWW\n"
        "WWWW                        WWWW\n"
        "WWWW                        WWWW\n"
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n"
        "{'S': (2, 1), 's': (2, 6), 'M': (1, 3), 'm': None}\n");
}

TEST_CASE("an engine-vs-engine game is refereed to its end and replays exactly", "[dcms][match]") {
  const gamelab::GameEntry& game = gamelab::find_game("dcms");
  gamelab::GameRequest request;
  request.opening = gamelab::read_text_file(kBoards + "/open-7x10.txt");
  request.opening_source = "open-7x10.txt";
  request.seed = 17;
  gamelab::PlayerSpec a, b;
  a.name = "a";
  b.name = "b";
  a.params = b.params = default_params();
  a.limits.nodes = 400;
  b.limits.nodes = 150;
  request.players = {a, b};
  const gamelab::GameRecord one = game.play_game(request);
  const gamelab::GameRecord two = game.play_game(request);
  CHECK(one.moves == two.moves);
  CHECK(one.score == two.score);
  CHECK(one.termination == gamelab::Termination::Normal);
  CHECK(one.fault == -1);
  REQUIRE(one.moves.size() >= 2);
  CHECK(one.moves[0].rfind("setup [((", 0) == 0);
  CHECK(one.plies == static_cast<int>(one.moves.size()) - 1);
  CHECK(one.plies <= 60);
}

TEST_CASE("a well-behaved external bot plays whole games through the line protocol", "[dcms][match][bots]") {
  const auto games = pair_against("stays.sh", "dcms_bot_stays.jsonl", 2000);
  for (const auto& g : games) {
    CHECK(g["termination"] == "normal");
    CHECK(g["fault"].is_null());
  }
  // The bot never moves: the engine (seat 0 in the first game) eats its cheeSe.
  CHECK(games[0]["score"] == 1.0);
  CHECK(games[1]["score"] == 0.0);
}

TEST_CASE("misbehaving bots lose and are recorded at fault, and never hang the match", "[dcms][match][bots]") {
  struct Case {
    const char* bot;
    const char* termination;
  };
  for (const Case& c : {Case{"sleeps_forever.sh", "timeout"}, Case{"prints_garbage.sh", "illegal"},
                        Case{"exits_nonzero.sh", "crash"}, Case{"illegal_move.sh", "illegal"},
                        Case{"bad_setup.sh", "illegal"}, Case{"crashes_mid_game.sh", "crash"},
                        Case{"sleeps_on_moves.sh", "stalled"}}) {
    INFO(c.bot);
    const auto start = std::chrono::steady_clock::now();
    const auto games = pair_against(c.bot, "dcms_bot_faults.jsonl");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    for (int g = 0; g < 2; ++g) {
      const int bot_seat = g == 0 ? 1 : 0;
      CHECK(games[g]["termination"] == c.termination);
      CHECK(games[g]["fault"] == bot_seat);
      CHECK(games[g]["score"] == (bot_seat == 0 ? 0.0 : 1.0));  // seat 0's score: the bot lost
      CHECK_THAT(games[g]["reason"].get<std::string>(), Catch::Contains("bot"));
    }
  }
}

TEST_CASE("a move answered late is a null move: the game goes on and the timeout is recorded", "[dcms][match][bots]") {
  const auto games = pair_against("late_first_move.sh", "dcms_bot_late.jsonl", 2000);
  for (int g = 0; g < 2; ++g) {
    const int bot_seat = g == 0 ? 1 : 0;
    INFO(games[g].dump());
    CHECK(games[g]["termination"] == "timeout");
    CHECK(games[g]["fault"] == bot_seat);
    CHECK(games[g]["plies"].get<int>() >= 2);  // played on after the null move
    // The bot's first move shows as nothing moving; the game ends by the rules (the engine wins).
    const std::string first = games[g]["moves"][1];
    CHECK_THAT(first, Catch::Contains(bot_seat == 1 ? "] [d 5 c 5 m 5]" : "[D 5 C 5 M 5] ["));
    CHECK_THAT(games[g]["reason"].get<std::string>(), Catch::Contains("1 timeout(s), null moves"));
    CHECK(games[g]["score"] == (bot_seat == 0 ? 0.0 : 1.0));
  }
}

TEST_CASE("external bots get the tournament's 5 s by default", "[dcms][match]") {
  CHECK(gamelab::find_game("dcms").bot_time_limit_s == 5.0);
}

TEST_CASE("two bots that both fail the setup draw — faults of both are named", "[dcms][match][bots]") {
  const gamelab::GameEntry& game = gamelab::find_game("dcms");
  gamelab::GameRequest request;
  request.opening = gamelab::read_text_file(kBoards + "/open-7x10.txt");
  request.opening_source = "open-7x10.txt";
  gamelab::PlayerSpec crash, late;
  crash.name = "crasher";
  crash.command = kBots + "exits_nonzero.sh";
  late.name = "sleeper";
  late.command = kBots + "sleeps_forever.sh";
  crash.time_limit_s = late.time_limit_s = 0.3;
  request.players = {crash, late};
  const gamelab::GameRecord r = game.play_game(request);
  CHECK(r.score == 0.5);
  CHECK(r.termination == gamelab::Termination::Crash);
  CHECK(r.fault == 0);
  CHECK_THAT(r.reason, Catch::Contains("draw: illegal setup"));
  CHECK_THAT(r.reason, Catch::Contains("crasher (blue): crash"));
  CHECK_THAT(r.reason, Catch::Contains("sleeper (red): 1 timeout(s)"));
}

TEST_CASE("the Texel hooks: features of a position file, and labelled self-play games", "[dcms][texel]") {
  const gamelab::GameEntry& game = gamelab::find_game("dcms");
  CHECK(game.eval_weights == static_cast<std::size_t>(kFeatureCount));
  for (const State& s : random_positions(20, 4)) {
    const auto hook = game.features(position_text(s));
    const auto direct = features(s);
    REQUIRE(hook.size() == direct.size());
    for (std::size_t k = 0; k < hook.size(); ++k) {
      CHECK(hook[k].index == direct[k].index);
      CHECK(hook[k].value == direct[k].value);
    }
  }
  gamelab::DatagenRequest request;
  request.opening = gamelab::read_text_file(kBoards + "/open-7x10.txt");
  request.seed = 3;
  request.params = default_params();
  request.limits.nodes = 200;
  request.random_plies = 2;
  request.skip_tactical = false;  // on this small open board nearly every position has a capture in reach
  const auto one = game.datagen_game(request);
  const auto two = game.datagen_game(request);
  REQUIRE_FALSE(one.empty());
  REQUIRE(one.size() == two.size());
  for (std::size_t k = 0; k < one.size(); ++k) {
    CHECK(one[k].position == two[k].position);
    CHECK(one[k].result == one[0].result);  // every position of a game has the game's result
    const State s = parse_position_text(one[k].position, "datagen");
    CHECK(s.turn >= 2);
    CHECK_FALSE(ends_before_moves(s));
  }
  CHECK((one[0].result == 0.0 || one[0].result == 0.5 || one[0].result == 1.0));
  // On a generated board, with the tactical positions left out: no piece can capture or be captured.
  request.opening.clear();
  request.skip_tactical = true;
  int kept = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    request.seed = seed;
    for (const auto& p : game.datagen_game(request)) {
      const State s = parse_position_text(p.position, "datagen");
      for (int side = 0; side < 2; ++side) {
        for (int rank = kMouse; rank <= kDog; ++rank) CHECK_FALSE(engaged(s, side, rank));
      }
      ++kept;
    }
  }
  CHECK(kept > 0);
}
