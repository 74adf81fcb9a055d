#include "jumpchess/judge_server.hpp"

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>

#include "core/error.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/judge.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/socket.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::jumpchess {

namespace {

// How long "for ever" is when no --wait is given.
constexpr double kForever_s = 365.0 * 24 * 3600;

Color client_color_of(const std::string& rule, int game) {
  if (rule == "black") return Black;
  if (rule == "white") return White;
  if (rule == "alternate") return game % 2 == 1 ? Black : White;
  throw InputError("client colour '" + rule + "': expected black, white or alternate");
}

void check(const JudgeRequest& request) {
  if (request.port < 1 || request.port > 65535) throw InputError("--port " + std::to_string(request.port) + ": expected 1..65535");
  if (request.games < 1) throw InputError("--games " + std::to_string(request.games) + ": expected at least 1");
  if (!(request.time_limit_s > 0)) throw InputError("--timelimit: expected a positive number of seconds");
  if (request.wait_s < 0) throw InputError("--wait: expected 0 (for ever) or a positive number of seconds");
  client_color_of(request.client_color, 1);
  if (!request.engine.limits.any()) throw InputError("the lab's engine needs a limit: depth=D, nodes=N or movetime=MS");
}

std::string fixed_seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", seconds);
  return text;
}

using Print = std::function<void(const std::string&)>;

// One game against the client on `socket`.
GameRecord play_one(const JudgeRequest& request, Socket socket, int game, const Print& print) {
  const Color client = client_color_of(request.client_color, game);
  PlayerSpec client_spec;
  client_spec.name = "client";
  client_spec.time_limit_s = request.time_limit_s;
  ExternalBot bot(client_spec, std::move(socket));
  const ParamSet& params = request.engine.params.size() ? request.engine.params : default_params();
  search::AlphaBeta<Game> engine(params.values(), search::AlphaBetaKnobs::from(params));
  const std::string names[2] = {client == Black ? "client" : "lab", client == White ? "client" : "lab"};
  print("game " + std::to_string(game) + ": black " + names[Black] + ", white " + names[White] + "; client team " +
        (bot.connected() ? std::to_string(bot.team()) : std::string("unknown (no team id)")));

  GameRecord record;
  Termination first_fault = Termination::Normal;
  int faults = 0;
  State s = start_position();
  std::vector<std::uint64_t> history;
  while (!result(s).over()) {
    history.push_back(Game::hash(s));
    MoveList legal;
    generate_moves(s, legal);
    Move move = Move::pass();
    std::string text = "pass";
    std::string note;
    if (legal[0].is_pass()) {
      note = "no legal move";
    } else if (s.side == client) {
      const auto asked = std::chrono::steady_clock::now();
      const BotAnswer answer = bot.ask(s);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
      if (answer.fault != Termination::Normal) {
        if (faults++ == 0) first_fault = answer.fault;
        text = std::string("pass (") + to_string(answer.fault) + ")";
        note = answer.detail;
      } else if (!answer.asked) {
        text = "pass (disconnected)";
      } else {
        move = answer.move;
        text = move_text(move);
        note = fixed_seconds_text(seconds);
      }
    } else {
      engine.set_game_history(history);
      const auto found = engine.search(s, request.engine.limits);
      if (!found.best) throw std::logic_error("jump chess engine found no move in a live position");
      move = *found.best;
      text = move_text(move);
      note = "depth " + std::to_string(found.depth) + ", score " + std::to_string(found.score);
    }
    ++record.plies;
    char head[48];
    std::snprintf(head, sizeof head, "%4d. %-5s %-6s ", record.plies, side_name(s.side), names[s.side].c_str());
    print(head + text + (note.empty() ? "" : "  (" + note + ")"));
    record.moves.push_back(text);
    s = play(s, move);
  }
  bot.finish();
  const Result r = result(s);
  const double black_points = r.outcome == Outcome::BlackWins ? 1.0 : r.outcome == Outcome::WhiteWins ? 0.0 : 0.5;
  record.score = client == Black ? 1.0 - black_points : black_points;  // seat 0 is the lab
  record.reason = std::string(to_string(r.outcome)) + " " + std::to_string(r.black_score) + "-" +
                  std::to_string(r.white_score) + ": " + to_string(r.reason);
  if (faults > 0) {
    record.termination = first_fault;
    record.fault = 1;
    record.reason += "; the client passed " + std::to_string(faults) + " time(s) for faults";
  }
  print(diagram(s));
  print("game " + std::to_string(game) + ": " + record.reason + " (lab " +
        (record.score == 1 ? "wins" : record.score == 0 ? "loses" : "draws") + ")");
  return record;
}

}  // namespace

std::vector<GameRecord> run_judge_server(const JudgeRequest& request) {
  check(request);
  const Print print = [&request](const std::string& line) {
    if (request.print) request.print(line);
  };
  std::unique_ptr<Listener> listener;
  try {
    listener = std::make_unique<Listener>(Listener::open_local(request.port));
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
  std::vector<GameRecord> records;
  for (int game = 1; game <= request.games; ++game) {
    const double wait = request.wait_s > 0 ? request.wait_s : kForever_s;
    print("judge: waiting on 127.0.0.1:" + std::to_string(listener->port()) + " for the client of game " +
          std::to_string(game) + " of " + std::to_string(request.games) + " (it plays " +
          side_name(client_color_of(request.client_color, game)) + ")");
    Socket socket = listener->accept(deadline_in(wait), [] { return false; });
    if (!socket.is_open()) {
      throw InputError("no client connected to 127.0.0.1:" + std::to_string(request.port) + " within " +
                       fixed_seconds_text(request.wait_s) + " (game " + std::to_string(game) + ")");
    }
    records.push_back(play_one(request, std::move(socket), game, print));
    if (request.on_game) request.on_game(game, client_color_of(request.client_color, game) == Black, records.back());
  }
  return records;
}

}  // namespace gamelab::jumpchess
