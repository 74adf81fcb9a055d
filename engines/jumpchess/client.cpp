#include "jumpchess/client.hpp"

#include <algorithm>
#include <thread>

#include "core/error.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/protocol.hpp"
#include "jumpchess/rules.hpp"
#include "jumpchess/socket.hpp"
#include "search/embedded_eval.hpp"

namespace gamelab::jumpchess {

namespace {

// The longest the client waits for the judge's next request: the opponent thinks in between.
constexpr double kRequestWait_s = 24 * 3600;

Socket connect_with_retries(const ClientOptions& options) {
  const Deadline give_up = deadline_in(options.connect_timeout_s);
  std::string error;
  while (true) {
    Socket socket = connect_to(options.host, options.port, deadline_in(1), error);
    if (socket.is_open()) return socket;
    if (std::chrono::steady_clock::now() >= give_up) {
      char tried[64];
      std::snprintf(tried, sizeof tried, " (kept trying for %g s)", options.connect_timeout_s);
      throw InputError(error + tried);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

void send_all(Socket& socket, const std::string& bytes, const char* what) {
  const IoStatus sent = socket.write_all(bytes.data(), bytes.size(), deadline_in(kTournamentTimeLimit));
  if (sent != IoStatus::Ok) throw std::runtime_error(std::string("sending ") + what + " to the judge: " + to_string(sent));
}

bool is_start_board(const State& state) {
  const State start = start_position();
  return state.pieces == start.pieces;
}

}  // namespace

std::int64_t client_movetime_ms(double time_limit_s) {
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(time_limit_s * 600.0 - 50.0));
}

Path safe_path(const State& state, const std::optional<Move>& best) {
  if (best) {
    const Path path = path_of(*best);
    if (replay_path(state, path).ok) return path;
  }
  MoveList moves;
  generate_moves(state, moves);
  for (const Move& move : moves) {
    const Path path = path_of(move);
    if (replay_path(state, path).ok) return path;
  }
  return {};
}

ClientPlayer::ClientPlayer(const ParamSet& params, const learned::EmbeddedEval& eval)
    : engine_(std::make_unique<search::AlphaBeta<Game>>(params.values(), search::AlphaBetaKnobs::from(params))) {
  search::attach_embedded_eval(*engine_, eval);
}

ClientPlayer::Choice ClientPlayer::choose(const State& state, std::chrono::steady_clock::time_point start,
                                          std::int64_t movetime_ms, std::optional<int> depth) {
  // A judge that reuses the connection for a new game: the old game's positions are no repetitions.
  if (is_start_board(state)) history_.clear();
  history_.push_back(Game::hash(state));
  engine_->set_game_history(history_);
  SearchLimits limits;
  limits.depth = depth;
  const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  limits.movetime_ms = std::max<std::int64_t>(1, movetime_ms - used);
  const auto found = engine_->search(state, limits);
  Choice choice;
  choice.path = safe_path(state, found.best);
  choice.depth = found.depth;
  choice.score = found.score;
  choice.nodes = found.nodes;
  const Replay played = replay_path(state, choice.path);
  if (played.ok) history_.push_back(Game::hash(played.state));
  return choice;
}

int run_client(const ClientOptions& options, const ParamSet& params, std::FILE* log, const learned::EmbeddedEval& eval) {
  // The transposition table is allocated, and the embedded evaluation read, before connecting.
  ClientPlayer player(params, eval);
  Socket socket = connect_with_retries(options);
  send_all(socket, protocol::encode_team(options.team), "the team id");
  const std::int64_t movetime_ms = client_movetime_ms(options.time_limit_s);
  for (int request_number = 1;; ++request_number) {
    protocol::Request request;
    std::string detail;
    const protocol::ReadStatus status = protocol::read_request(socket, deadline_in(kRequestWait_s), request, detail);
    const auto start = std::chrono::steady_clock::now();
    if (status == protocol::ReadStatus::Garbage) throw InputError("request " + std::to_string(request_number) + ": " + detail);
    if (status != protocol::ReadStatus::Ok) {
      std::fprintf(log, "jumpchess_bot: the judge closed the connection without the exit code (after %d requests)\n",
                   request_number - 1);
      return 1;
    }
    if (request.code == protocol::kExitCode) return 0;
    const State state = protocol::request_position(request);
    if (ends_before_moves(state)) {
      throw InputError("request " + std::to_string(request_number) + ": the game is already over (" +
                       to_string(result(state).reason) + "); there is no move to make:\n" + board_rows(state));
    }
    const ClientPlayer::Choice choice = player.choose(state, start, movetime_ms, options.depth);
    send_all(socket, protocol::encode_reply(request.id_package, choice.path), "the answer");
    if (options.verbose) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(log, "jumpchess_bot: request %d (%s): %s depth %d score %d nodes %llu %.3f s\n", request_number,
                   side_name(state.side), path_text(choice.path).c_str(), choice.depth, choice.score,
                   static_cast<unsigned long long>(choice.nodes), seconds);
    }
  }
}

}  // namespace gamelab::jumpchess
