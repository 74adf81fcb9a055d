#pragma once
// Helpers for the jump chess release tests: the positions the bots are tried on (as the tournament's
// judge sends them: a board and a side, no move counts), a free local port, and small file helpers.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/temp_folder.hpp"
#include "core/process.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/protocol.hpp"
#include "jumpchess/rules.hpp"
#include "jumpchess/socket.hpp"

namespace release_jumpchess_test {

using namespace gamelab::jumpchess;
namespace protocol = gamelab::jumpchess::protocol;

// The position as the judge's request shows it: the board and the side to move, moves 0 0.
inline State as_requested(const State& s) {
  return make_position(s.pieces[Black], s.pieces[White], s.side, 0, 0, "test position");
}

inline std::vector<State> from_dataset(const std::string& file, const char* member) {
  const auto json = nlohmann::json::parse(gamelab::read_text_file(std::string(GAMELAB_DATA_DIR) + "/" + file));
  std::vector<State> out;
  for (const auto& p : json["positions"]) {
    const std::string text = member ? p[member].get<std::string>() : p.get<std::string>();
    out.push_back(as_requested(parse_position_text(text, file)));
  }
  return out;
}

// `count` positions a bot can be asked about: the board suites first (bench, perft, openings), then
// positions after seeded random play (0..160 plies from the start); none is over.
inline std::vector<State> bot_positions(std::size_t count, std::uint64_t seed) {
  std::vector<State> suite;
  for (const State& s : from_dataset("bench/jumpchess.json", "position")) suite.push_back(s);
  for (const State& s : from_dataset("perft/jumpchess.json", "position")) suite.push_back(s);
  for (const State& s : from_dataset("openings/jumpchess.json", nullptr)) suite.push_back(s);
  std::vector<State> out;
  for (const State& s : suite) {
    if (out.size() < count && !ends_before_moves(s)) out.push_back(s);
  }
  gamelab::Rng rng(seed);
  while (out.size() < count) {
    State s = start_position();
    const int plies = static_cast<int>(rng.below(161));
    for (int k = 0; k < plies && !result(s).over(); ++k) {
      MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
    const State requested = as_requested(s);
    if (!ends_before_moves(requested)) out.push_back(requested);
  }
  return out;
}

// A port on 127.0.0.1 that was free a moment ago (the system picked it).
inline int free_port() { return Listener::open_local().port(); }

using gamelab_test::TempFolder;

// A judge written on raw sockets, on a port the system picks, with the release client started as the
// tournament starts it (`jumpchess_bot --host 127.0.0.1 --port P --team 42 EXTRA...`) and connected.
struct RawJudge {
  Listener listener = Listener::open_local();
  std::unique_ptr<gamelab::ChildProcess> bot;
  Socket socket;

  explicit RawJudge(const std::vector<std::string>& extra = {"--time-limit", "0.5"}) {
    std::vector<std::string> argv = {JUMPCHESS_BOT, "--host", "127.0.0.1", "--port", std::to_string(listener.port()),
                                     "--team", "42"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    bot = std::make_unique<gamelab::ChildProcess>(argv);
    REQUIRE(bot->started());
    socket = listener.accept(deadline_in(10), [this] { return !bot->running(); });
    INFO(bot->output_tail(2000));
    REQUIRE(socket.is_open());
  }
  int team() {
    int team = 0;
    std::string detail;
    REQUIRE(protocol::read_team(socket, deadline_in(5), team, detail) == protocol::ReadStatus::Ok);
    return team;
  }
  void send(const std::string& bytes) { REQUIRE(socket.write_all(bytes.data(), bytes.size(), deadline_in(5)) == IoStatus::Ok); }
  protocol::ReadStatus try_reply(double limit_s, protocol::Reply& reply, std::string& detail) {
    return protocol::read_reply(socket, deadline_in(limit_s), reply, detail);
  }
  protocol::Reply reply(double limit_s) {
    protocol::Reply reply;
    std::string detail;
    const protocol::ReadStatus status = try_reply(limit_s, reply, detail);
    INFO(detail << bot->output_tail(2000));
    REQUIRE(status == protocol::ReadStatus::Ok);
    return reply;
  }
  // How the bot ended, waiting up to `limit_s` for it.
  std::string ending(double limit_s) {
    bot->wait_exit(limit_s);
    return bot->status_text();
  }
};

}  // namespace release_jumpchess_test
