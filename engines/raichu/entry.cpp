// Raichu's registry entry, and its games for the match runner and datagen: the play loops of
// registry/play_loop.hpp over its Play, with the lab's engine or an external bot (external_bot.hpp) on
// either side, self-play (seeded random plies from the opening, the n = 8 start when empty, then the
// engine on both sides; every position from the end of the random plies on labelled with the final
// result from its side to move's view; with skip_tactical, positions where the side to move has a
// capture left out), and opening suites from the start of the board size --n names.
#include "raichu/entry.hpp"

#include <array>

#include "core/text_file.hpp"
#include "raichu/eval.hpp"
#include "raichu/export/export_python.hpp"
#include "raichu/external_bot.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "raichu/position_options.hpp"
#include "raichu/tablebase.hpp"
#include "registry/alphabeta_play.hpp"
#include "registry/entry_of.hpp"

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

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Raichu", load_position);
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position);
  entry.position_options = position_options();
  entry.play_game = loop::referee<Play>;
  entry.generate_openings = [](const OpeningRequest& request) {  // from the start of the board size --n names
    return balanced_opening_texts<Game>(request, start_position(board_size_option(request.options)), default_params());
  };
  entry.datagen_game = loop::self_play<Play>;
  entry.exports.push_back(export_format("python",
                                        "the tournament's player: one self-contained Python 3 file (python3 FILE N PLAYER BOARD TIMELIMIT)",
                                        export_python, exported_params, exported_params_source, exported_eval));
  entry.tablebase = [](const TablebaseRequest& request, const std::function<void(const TablebaseClassStats&)>& on_class) {
    tb::BuildOptions options;
    options.n = board_size_option(request.options);
    options.max_pieces = request.max_pieces;
    options.folder = request.folder;
    options.threads = request.threads;
    options.on_class = on_class;
    GameEntry::TablebaseReport report;
    const tb::Tablebase tables = tb::build(options, report.classes);
    if (!request.bundle.empty()) write_file_atomic(request.bundle, tb::bundle_of(tables));
    if (request.sample_wins > 0) {
      report.won_positions = tb::sample_wins(tables, request.sample_wins, request.min_win_plies, request.seed, report.won_classes);
    }
    return report;
  };
  return entry;
}

}  // namespace gamelab::raichu
