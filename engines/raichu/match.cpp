#include "raichu/match.hpp"

#include <array>

#include "raichu/eval.hpp"
#include "raichu/external_bot.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "raichu/tablebase.hpp"
#include "registry/alphabeta_play.hpp"
#include "search/alphabeta_openings.hpp"

namespace gamelab::raichu {

namespace {

// The material of the side to move minus the other's, by the evaluation's material weights.
int material_balance(const State& s, const ParamSet& params) {
  std::array<int, kFeatureCount> counts{};
  feature_counts(s, counts);
  const auto values = params.values();
  return counts[MaterialPichu] * values[MaterialPichu] + counts[MaterialPikachu] * values[MaterialPikachu] +
         counts[MaterialRaichu] * values[MaterialRaichu];
}

// Raichu for the play loops (registry/play_loop.hpp). Every fault of an external bot loses the game
// (docs/rules/raichu.md); the adjudicator is the endgame tables.
class Play : public loop::AlphaBetaPlay<Game> {
 public:
  static constexpr const char* title = "Raichu";
  static constexpr const char* adjudicator = "tablebase";

  explicit Play(const GameRequest& request)
      : AlphaBetaPlay(parse_position_text(request.opening, request.opening_source), request, default_params()) {
    for (int seat = 0; seat < 2; ++seat) {
      const PlayerSpec& p = request.players[seat];
      if (p.external()) bots_[seat] = &p;
      if (p.external() || p.tablebase.empty()) continue;
      std::shared_ptr<const tb::Tablebase> tables = tb::shared_tablebase(p.tablebase, s_.n);
      engines_[seat]->set_oracle([tables](const State& state, int ply) { return tb::search_score(*tables, state, ply); });
    }
    if (!request.adjudication_tables.empty()) tables_ = tb::shared_tablebase(request.adjudication_tables, s_.n);
  }
  explicit Play(const DatagenRequest& request)
      : AlphaBetaPlay(request.opening.empty() ? start_position(8) : parse_position_text(request.opening, "datagen opening"),
                      request, default_params(), request.limits) {
    if (!request.adjudication_tables.empty()) tables_ = tb::shared_tablebase(request.adjudication_tables, s_.n);
  }

  loop::Answer<Move> ask(int seat) {
    history_.push_back(s_.hash);
    if (!bots_[seat]) return engine_move(seat);
    const BotMove answer = ask_external_bot(*bots_[seat], s_);
    return {answer.move, answer.termination, true, answer.detail};
  }
  std::string play(const loop::Answers<Play>& answers, loop::FaultLog&, int) {
    const Move m = answers[to_move()].action;
    std::string text = move_text(m, s_);
    s_ = raichu::play(s_, m);
    return text;
  }
  loop::Verdict verdict() const {
    const Result r = result(s_);
    return {seat0(r.outcome == Outcome::WhiteWins ? 1.0 : r.outcome == Outcome::BlackWins ? 0.0 : 0.5),
            std::string(to_string(r.outcome)) + ": " + to_string(r.reason)};
  }

  // The exact value under best play; a decision beyond the ply limit is the limit's draw.
  std::optional<loop::Verdict> adjudicate() const {
    const auto v = tables_ ? tables_->probe(s_) : std::nullopt;
    if (!v) return std::nullopt;
    const int left = s_.ply_limit - s_.ply;
    const tb::Value in_game = tb::within_limit(*v, left);
    const double mover = tb::mover_result(in_game);
    const double white = s_.side == White ? mover : 1.0 - mover;
    const std::string by = "adjudicated by the endgame tables (" + tb::Material::of(s_).name();
    const std::string plies = std::to_string(v->plies) + " plies";
    if (in_game.wdl == tb::Wdl::Draw) {
      return loop::Verdict{seat0(white), "draw: " + by + (v->wdl == tb::Wdl::Draw ? " drawn)" : ", decided only in " + plies +
                                                                                         ", " + std::to_string(left) + " left)")};
    }
    return loop::Verdict{seat0(white), std::string(white == 1.0 ? "white wins: " : "black wins: ") + by + ", " +
                                           (s_.side == White ? "white" : "black") + " to move " +
                                           (in_game.wdl == tb::Wdl::Win ? "wins" : "loses") + " in " + plies + ")"};
  }

  // Self-play: a game ended by the ply limit is labelled as LimitGames says.
  static constexpr const char* no_limit_games = nullptr;
  std::optional<double> self_play_label(LimitGames policy, double rules) const {
    if (result(s_).reason != EndReason::PlyLimit || policy == LimitGames::Draw) return rules;
    if (policy == LimitGames::Drop) return std::nullopt;
    const int balance = material_balance(s_, params_);  // the side to move's
    const double mover = balance > 0 ? 1.0 : balance < 0 ? 0.0 : 0.5;
    return seat0(s_.side == White ? mover : 1.0 - mover);
  }
  std::string position() const { return position_line(s_); }

 private:
  const PlayerSpec* bots_[2] = {};
  std::shared_ptr<const tb::Tablebase> tables_;  // the adjudicator
};

}  // namespace

GameRecord play_game(const GameRequest& request) { return loop::referee<Play>(request); }

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) { return loop::self_play<Play>(request); }

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
