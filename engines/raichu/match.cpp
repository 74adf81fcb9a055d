#include "raichu/match.hpp"

#include <cmath>
#include <memory>
#include <sstream>

#include "core/error.hpp"
#include "core/process.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "raichu/tablebase.hpp"
#include "search/alphabeta.hpp"
#include "search/alphabeta_openings.hpp"

namespace gamelab::raichu {

namespace {

bool is_board_line(const std::string& line, int n) {
  return line.size() == static_cast<std::size_t>(n) * n &&
         line.find_first_not_of(".wbWB@$") == std::string::npos;
}

// The legal move leading from `state` to `board`, if there is one.
std::optional<Move> move_to(const State& state, const std::string& board) {
  MoveList moves;
  generate_moves(state, moves);
  for (const auto& m : moves) {
    if (board_string(play(state, m)) == board) return m;
  }
  return std::nullopt;
}

std::string tail(const std::string& text) {
  return text.size() <= 200 ? text : "..." + text.substr(text.size() - 200);
}

}  // namespace

BotMove ask_external_bot(const PlayerSpec& bot, const State& state) {
  std::vector<std::string> argv = split_command(bot.command);
  std::ostringstream limit;
  limit << bot.time_limit_s;
  for (const std::string& arg : {std::to_string(state.n), std::string(1, side_char(state.side)), board_string(state), limit.str()}) {
    argv.push_back(arg);
  }
  std::string last_board;
  const ProcessResult run = run_process(argv, "", bot.time_limit_s, [&](const std::string& line, double) {
    if (is_board_line(line, state.n)) last_board = line;
  });
  BotMove answer;
  if (!run.started) {
    answer.termination = Termination::Crash;
    answer.detail = run.error;
    return answer;
  }
  if (last_board.empty()) {
    if (run.timed_out) {
      answer.termination = Termination::Timeout;
      answer.detail = "no board line within " + limit.str() + " s";
    } else {
      answer.termination = Termination::Crash;
      answer.detail = "exited (" + (run.signaled ? std::string("signal") : "code " + std::to_string(run.exit_code)) +
                      ") without a board line; stderr: " + tail(run.err);
    }
    return answer;
  }
  const auto move = move_to(state, last_board);
  if (!move) {
    answer.termination = Termination::Illegal;
    answer.detail = "board " + last_board + " is not a legal successor";
    return answer;
  }
  answer.next = play(state, *move);
  answer.detail = move_text(*move, state);
  return answer;
}

GameRecord play_game(const GameRequest& request) {
  if (request.players.size() != 2) throw InputError("a Raichu game needs exactly two players");
  State s = parse_position_text(request.opening, request.opening_source);
  const Color first = s.side;  // seat 0 moves first from the opening
  std::unique_ptr<search::AlphaBeta<Game>> engines[2];  // the lab's seats; an external bot's stays empty
  for (int seat = 0; seat < 2; ++seat) {
    const PlayerSpec& p = request.players[seat];
    if (p.external()) continue;
    const ParamSet params = p.params.size() ? p.params : default_params();
    engines[seat] = std::make_unique<search::AlphaBeta<Game>>(params.values(), search::AlphaBetaKnobs::from(params),
                                                             search::SearchOptions::for_limits(p.limits));
    if (!p.tablebase.empty()) {
      std::shared_ptr<const tb::Tablebase> tables = tb::shared_tablebase(p.tablebase, s.n);
      engines[seat]->set_oracle([tables](const State& state, int ply) { return tb::search_score(*tables, state, ply); });
    }
  }
  std::shared_ptr<const tb::Tablebase> adjudicator;
  if (!request.adjudication_tables.empty()) adjudicator = tb::shared_tablebase(request.adjudication_tables, s.n);
  GameRecord record;
  std::vector<std::uint64_t> history;
  while (true) {
    const Result r = result(s);
    if (r.over()) {
      const double white_score = r.outcome == Outcome::WhiteWins ? 1.0 : r.outcome == Outcome::BlackWins ? 0.0 : 0.5;
      record.score = first == White ? white_score : 1.0 - white_score;
      record.reason = std::string(to_string(r.outcome)) + ": " + to_string(r.reason);
      return record;
    }
    if (adjudicator) {
      if (const auto v = adjudicator->probe(s)) {
        // The exact value under best play; a decision beyond the ply limit is the limit's draw.
        const int left = s.ply_limit - s.ply;
        const tb::Value in_game = tb::within_limit(*v, left);
        const bool decided = in_game.wdl != tb::Wdl::Draw;
        const bool mover_wins = in_game.wdl == tb::Wdl::Win;
        const double mover = tb::mover_result(in_game);
        const double white_score = s.side == White ? mover : 1.0 - mover;
        record.score = first == White ? white_score : 1.0 - white_score;
        record.adjudication = "tablebase";
        const std::string cls = tb::Material::of(s).name();
        record.reason = !decided ? "draw: adjudicated by the endgame tables (" + cls +
                                       (v->wdl == tb::Wdl::Draw ? " drawn)" : ", decided only in " + std::to_string(v->plies) +
                                                                                   " plies, " + std::to_string(left) + " left)")
                                 : std::string(white_score == 1.0 ? "white wins" : "black wins") +
                                       ": adjudicated by the endgame tables (" + cls + ", " +
                                       (s.side == White ? "white" : "black") + " to move " + (mover_wins ? "wins" : "loses") +
                                       " in " + std::to_string(v->plies) + " plies)";
        return record;
      }
    }
    const int seat = s.side == first ? 0 : 1;
    const PlayerSpec& player = request.players[seat];
    history.push_back(s.hash);
    if (player.external()) {
      const BotMove answer = ask_external_bot(player, s);
      if (answer.termination != Termination::Normal) {
        record.termination = answer.termination;
        record.fault = seat;
        record.score = seat == 0 ? 0.0 : 1.0;
        record.reason = player.name + ": " + to_string(answer.termination) + ": " + answer.detail;
        return record;
      }
      record.moves.push_back(answer.detail);
      s = answer.next;
    } else {
      auto& engine = *engines[seat];
      engine.set_game_history(history);
      const auto found = engine.search(s, player.limits);
      if (!found.best) throw std::logic_error("engine found no move in a live position");
      record.moves.push_back(move_text(*found.best, s));
      s = play(s, *found.best);
    }
    ++record.plies;
  }
}

std::vector<std::string> generate_openings(const OpeningRequest& request) {
  const auto n_option = request.options.find("n");
  const int n = n_option == request.options.end() ? 8 : parse_board_size(n_option->second, "--n");
  search::OpeningPlan plan{request.count, request.min_plies, request.max_plies, request.seed};
  plan.on_kept = request.on_kept;
  std::vector<std::string> out;
  for (const State& s : search::balanced_openings<Game>(start_position(n), plan, default_params(), request.balance_depth,
                                                          request.min_score, request.max_score)) {
    out.push_back(position_line(s));
  }
  return out;
}

}  // namespace gamelab::raichu
