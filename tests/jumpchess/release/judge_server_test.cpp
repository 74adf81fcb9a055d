// `gamelab judge jumpchess`: the lab as the tournament's judge server on a fixed port. The release
// client plays full games against it over 127.0.0.1 (each a separate process), the transcript replays
// move by move, a misbehaving client's faults are passes, and bad requests are refused clearly.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <memory>
#include <regex>
#include <sstream>
#include <thread>

#include "core/process.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "jumpchess/path.hpp"

using namespace release_jumpchess_test;
using gamelab::ChildProcess;

namespace {

std::unique_ptr<ChildProcess> start_judge(int port, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {GAMELAB_BINARY, "judge", "jumpchess", "--port", std::to_string(port), "--wait", "60"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  auto judge = std::make_unique<ChildProcess>(argv);
  REQUIRE(judge->started());
  // Listening once it says so (a client that does not retry, like the fake bot, must not come first).
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (judge->output_tail(4000).find("judge: waiting on") == std::string::npos && judge->running() &&
         std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return judge;
}

// Plays the transcript's moves ("  12. black  client [(2,2), (2,3)]  (...)") of game `game` from the
// start; returns the final position and checks that every move replays.
State replay_transcript(const std::string& transcript, int game, int& client_moves) {
  std::istringstream in(transcript);
  const std::regex move_line(R"(^ *(\d+)\. (black|white) +(lab|client) +(pass.*|\[[^\]]*\]).*$)");
  const std::string header = "game " + std::to_string(game) + ": black ";
  State s = start_position();
  bool inside = false;
  client_moves = 0;
  for (std::string line; std::getline(in, line);) {
    if (!inside) {
      inside = line.rfind(header, 0) == 0;
      continue;
    }
    if (line.rfind("game ", 0) == 0) break;  // the game's result line
    std::smatch m;
    if (!std::regex_match(line, m, move_line)) continue;
    INFO(line);
    REQUIRE((m[2] == "black") == (s.side == Black));
    const std::string move = m[4];
    const Path path = move.rfind("pass", 0) == 0 ? Path{} : parse_path(move);
    const Replay replay = replay_path(s, path);
    REQUIRE(replay.ok);
    s = replay.state;
    if (m[3] == "client" && !path.empty()) ++client_moves;
  }
  return s;
}

}  // namespace

TEST_CASE("the judge server and the release client play full games against each other over 127.0.0.1", "[judge][timed]") {
  const int port = free_port();
  const std::string records = std::filesystem::absolute("judged.jsonl").string();  // the test's own folder
  auto judge = start_judge(port, {"--games", "2", "--engine", "depth=2", "--client-limit", "movetime=2000", "--out", records});
  for (int game = 1; game <= 2; ++game) {
    ChildProcess client({JUMPCHESS_BOT, "--port", std::to_string(port), "--team", "7", "--depth", "3", "--time-limit", "1"});
    REQUIRE(client.started());
    client.wait_exit(300);
    INFO(client.output_tail(4000) << judge->output_tail(4000));
    CHECK(client.status_text() == "exit code 0");  // told to exit (code 0) at the end of its game
  }
  judge->wait_exit(30);
  const std::string transcript = judge->output_tail(1 << 22);
  INFO(transcript.substr(transcript.size() > 6000 ? transcript.size() - 6000 : 0));
  REQUIRE(judge->status_text() == "exit code 0");
  CHECK(transcript.find("game 1: black client, white lab; client team 7") != std::string::npos);
  CHECK(transcript.find("game 2: black lab, white client; client team 7") != std::string::npos);
  CHECK(transcript.find("pass (") == std::string::npos);  // no fault of the client
  for (int game = 1; game <= 2; ++game) {
    int client_moves = 0;
    const State end = replay_transcript(transcript, game, client_moves);
    CHECK(client_moves > 5);
    CHECK(result(end).over());  // a full game: played to its end by the rules
    const std::string verdict = "game " + std::to_string(game) + ": " + to_string(result(end).outcome);
    CHECK(transcript.find(verdict) != std::string::npos);
  }
  CHECK(transcript.find("judge: 2 game(s): lab ") != std::string::npos);

  // --out: the two games as one match record, seats in the order of play (Black first), readable by the lab.
  const std::string text = gamelab::read_text_file(records);
  REQUIRE(std::count(text.begin(), text.end(), '\n') == 1);
  const auto record = nlohmann::json::parse(text);
  CHECK(record["game"] == "jumpchess");
  CHECK(record["pair"] == 0);
  CHECK(record["engines"][0]["name"] == "lab");
  CHECK(record["engines"][1]["name"] == "client");
  CHECK(record["games"][0]["seats"] == nlohmann::json::array({"client", "lab"}));  // game 1: the client is Black
  CHECK(record["games"][1]["seats"] == nlohmann::json::array({"lab", "client"}));
  for (int game = 1; game <= 2; ++game) {
    int client_moves = 0;
    const Result r = result(replay_transcript(transcript, game, client_moves));
    const double black = r.outcome == Outcome::BlackWins ? 1.0 : r.outcome == Outcome::WhiteWins ? 0.0 : 0.5;
    CHECK(record["games"][game - 1]["score"].get<double>() == black);  // the score of seats[0], Black
  }
  // The lab reads it as any match's records: `gamelab report` draws the match (lab against client).
  const std::string report = std::filesystem::absolute("judged-report").string();
  const gamelab::ProcessResult drawn = gamelab::run_process({GAMELAB_BINARY, "report", records, "--out", report}, "", 60);
  INFO(drawn.out << drawn.err);
  CHECK(drawn.exit_code == 0);
  CHECK(gamelab::read_text_file(report + "/summary.md").find("client") != std::string::npos);
  // Records hold pairs with the seats swapped: an odd count or a fixed colour is refused at once.
  const gamelab::ProcessResult odd = gamelab::run_process(
      {GAMELAB_BINARY, "judge", "jumpchess", "--games", "3", "--out", records + ".odd", "--wait", "0.1"}, "", 30);
  CHECK(odd.exit_code == 2);
  CHECK(odd.err.find("give --client alternate and an even --games") != std::string::npos);
}

TEST_CASE("the judge server passes for a client's illegal path and goes on", "[judge][timed]") {
  const int port = free_port();
  auto judge = start_judge(port, {"--engine", "depth=1", "--client", "white", "--timelimit", "2"});
  ChildProcess client({GAMELAB_FAKE_BOT, "--host", "127.0.0.1", "--port", std::to_string(port), "--team", "9", "--mode",
                       "illegal", "--after", "2"});
  REQUIRE(client.started());
  client.wait_exit(120);
  judge->wait_exit(30);
  const std::string transcript = judge->output_tail(1 << 22);
  INFO(transcript.substr(transcript.size() > 6000 ? transcript.size() - 6000 : 0) << client.output_tail(2000));
  CHECK(judge->status_text() == "exit code 0");
  CHECK(client.status_text() == "exit code 0");
  CHECK(transcript.find("white client pass (illegal)") != std::string::npos);
  CHECK(transcript.find("path [(0,0), (7,7)] does not replay") != std::string::npos);
  CHECK(transcript.find("the client passed 1 time(s) for faults") != std::string::npos);
  CHECK(transcript.find("games with client faults: 1") != std::string::npos);
}

TEST_CASE("gamelab judge refuses a taken port, and stops when no client comes", "[judge][timed]") {
  Listener taken = Listener::open_local();
  gamelab::ProcessResult run = gamelab::run_process(
      {GAMELAB_BINARY, "judge", "jumpchess", "--port", std::to_string(taken.port()), "--wait", "1"}, "", 30);
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("cannot listen on 127.0.0.1:" + std::to_string(taken.port())) != std::string::npos);

  const int port = free_port();
  run = gamelab::run_process({GAMELAB_BINARY, "judge", "jumpchess", "--port", std::to_string(port), "--wait", "0.3"}, "", 30);
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("no client connected to 127.0.0.1:" + std::to_string(port) + " within 0.300 s (game 1)") !=
        std::string::npos);

  run = gamelab::run_process({GAMELAB_BINARY, "judge", "jumpchess", "--engine", "depth=2,cmd=x"}, "", 30);
  CHECK(run.exit_code == 2);
}
