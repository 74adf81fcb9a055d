// Bullets' registry entry, and its games for the match runner and datagen: the play loops of
// registry/play_loop.hpp over its Play. Seat 0 is Blue (side 0), seat 1 Red; each seat is the lab's
// engine or an external bot (external_bot.hpp); a game starts from request.opening, a position file
// whose side letter is ignored. Self-play: request.opening, or a board drawn from the tournament's
// ranges (15-50 x 20-50, walls 10-200, round limit 100-2000) with request.seed; then request.random_plies
// seeded random joint moves (never one that ends the game), then the engine on both sides until the
// game ends; its positions labelled with the game's result from Blue's (side 0's) point of view, as
// the evaluation sees them.
#include "bullets/entry.hpp"

#include "bullets/analysis.hpp"
#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/external_bot.hpp"
#include "bullets/game.hpp"
#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "bullets/position_options.hpp"
#include "bullets/post_mortem.hpp"
#include "bullets/reports.hpp"
#include "bullets/sparse_inputs.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"
#include "registry/simultaneous_learned.hpp"
#include "registry/simultaneous_play.hpp"

namespace gamelab::bullets {

namespace {

const char* side_name(int side) { return side == Blue ? "blue" : "red"; }

State opening_state(const DatagenRequest& request) {
  if (!request.opening.empty()) return parse_position(request.opening, "datagen opening").state;
  BoardRanges ranges;
  ranges.limit_min = 100;
  const GeneratedBoard board = generate_suite(request.seed, 1, ranges).front();
  return parse_position(board.text, board.name).state;
}

// Bullets for the play loops (registry/play_loop.hpp). A silent bot's turn is played as 8 (a soft
// fault, marked in the joint move); garbage or a program that cannot start forfeits.
class Play : public loop::SimultaneousPlay<State, Engine> {
 public:
  using Action = bullets::Action;
  static constexpr const char* title = "Bullets";
  static constexpr const char* no_limit_games = "Bullets datagen labels round-limit games as the draws they are";

  explicit Play(const GameRequest& request)
      : SimultaneousPlay(parse_position(request.opening, request.opening_source).state, request, default_params()) {
    for (int seat = 0; seat < 2; ++seat) {
      if (request.players[seat].external()) bots_[seat] = &request.players[seat];
    }
  }
  explicit Play(const DatagenRequest& request)
      : SimultaneousPlay(opening_state(request), request, default_params(), 2), rng_(derive_seed(request.seed, 1)) {}

  bool over() const { return s_.over(); }
  loop::Answer<Action> ask(int seat) {
    const Side side = static_cast<Side>(seat);
    if (bots_[seat]) return ask_external_bot(*bots_[seat], s_, side);
    const SearchResult found = engines_[seat]->search(s_, side, limits_[seat]);
    // A plan's hit (engine.hpp) claims a win against a player that stays, not what the position is
    // worth against one that moves: no score.
    if (found.plan_hit_round) return {*found.action};
    return {*found.action, loop::self_play_score(found, seat)};
  }
  std::string play(const loop::Answers<Play>& a, loop::FaultLog&, int) {
    std::string text = joint_text(a[0].action, a[1].action);
    for (int seat = 0; seat < 2; ++seat) {
      if (a[seat].fault != Termination::Normal) {
        text += std::string(" [") + side_name(seat) + ": " + to_string(a[seat].fault) + "]";
      }
    }
    s_ = bullets::play(s_, a[0].action, a[1].action);
    return text;
  }
  std::string forfeit_reason(const loop::FaultLog& log) const {
    const loop::Fault& f = *log.first_forfeit();
    return log.name(f.seat) + " (" + side_name(f.seat) + ") forfeits: " + to_string(f.kind) + ": " + f.detail;
  }
  // The turns played as 8 (after a forfeit the reason is the forfeit's alone).
  std::string notes(const loop::FaultLog& log) const {
    std::string out;
    for (int seat = 0; seat < 2 && !log.forfeited(); ++seat) {
      if (const int n = log.count(seat)) {
        out += "; " + log.name(seat) + " (" + side_name(seat) + ") gave no answer " + std::to_string(n) + " time(s), played as 8";
      }
    }
    return out;
  }

  std::string position() const { return position_text(s_, Blue); }
  bool tactical() const { return bullets::tactical(s_); }
  // A few tries for a joint move that does not end the game; if none, the random part stops here.
  bool random_step() {
    ActionList blue, red;
    generate_actions(s_, Blue, blue);
    generate_actions(s_, Red, red);
    for (int attempt = 0; attempt < 20; ++attempt) {
      const State next = bullets::play(s_, blue[rng_.below(blue.size())], red[rng_.below(red.size())]);
      if (!next.over()) {
        s_ = next;
        return true;
      }
    }
    return false;
  }

 private:
  const PlayerSpec* bots_[2] = {};
  Rng rng_{1};
};


PerftReport run_perft(const PerftRequest& request) {
  const Position root = load_position(request.position);
  return simultaneous_perft<Game>(root.state, position_text(root.state, root.you), request, joint_text, summary);
}

SearchReport run_search(const SearchRequest& request) {
  const Position root = load_position(request.position);
  return search_report(root, request.position.option("seed") ? seed_option(request.position) : request.seed, request);
}

std::vector<TreeMove> bullets_moves(const std::string& text) {
  using namespace bullets;
  const Position p = parse_position(text, "position");
  std::vector<TreeMove> out;
  if (ends_before_moves(p.state)) return out;
  bullets::ActionList blue, red;
  generate_actions(p.state, Blue, blue);
  generate_actions(p.state, Red, red);
  for (const auto b : blue) {
    for (const auto r : red) {
      const State child = play(p.state, b, r);
      out.push_back({without_blanks(joint_text(b, r)), position_text(child, p.you), ends_before_moves(child)});
    }
  }
  return out;
}

std::string bullets_canonical(const std::string& text, const std::string& token) {
  using namespace bullets;
  const Position p = parse_position(text, "position");
  if (ends_before_moves(p.state)) return "";
  if (token.size() != 4 || token[0] != 'B' || token[2] != 'R') return "";
  Action joint[2];
  for (int side = 0; side < 2; ++side) {
    const char digit = token[1 + 2 * side];
    if (digit < '0' || digit > '8') return "";
    bullets::ActionList legal;
    generate_actions(p.state, static_cast<Side>(side), legal);
    Action a = static_cast<Action>(digit - '0');
    bool listed = false;
    for (const auto l : legal) listed = listed || l == a;
    if (!listed) a = kNothing;  // a move into a wall: the same action as doing nothing
    joint[side] = a;
  }
  return without_blanks(joint_text(joint[0], joint[1]));
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Bullets");  // its position carries the side letter: perft, the move tree and show are its own
  add_mcts_engine<kSparseMaxActive, Game>(entry, default_params, kFeatureCount, run_search, kSparseInputName, kSparseInputCount);
  entry.position_options = position_options();
  entry.perft = run_perft;
  entry.tree_moves = bullets_moves;
  entry.canonical_move = bullets_canonical;
  entry.show = [](const PositionSpec& spec) {
    const Position position = load_position(spec);
    return diagram(position.state) + "side " + side_letter(position.you) + "\n";
  };
  entry.board_options = {
      {"rows", "board height n or a range A-B (default 15-50, the tournament's)"},
      {"cols", "board width m or a range A-B (default 20-50)"},
      {"walls", "the generator's wall count or a range (default 10-200)"},
      {"rounds", "the round limit or a range A-B (default 2000)", "limit"},
  };
  entry.generate_boards = [](const BoardRequest& request) {
    return generate_suite(request.seed, request.count, board_ranges(request.options));
  };
  entry.analysis_help = "each player's earliest hit on an opponent that never moves (--board, --boards), and why each "
                        "game of match records was lost (--records)";
  entry.analyse_position = analyse_hits;  // reports.hpp
  entry.explain_loss = [](const std::string& opening, const std::vector<std::string>& moves) -> std::optional<LossExplanation> {
    const auto cause = explain_loss(parse_position(opening, "record opening").state, moves);
    if (!cause) return std::nullopt;
    return LossExplanation{cause->text(), cause->kind()};
  };
  entry.play_game = [](const GameRequest& request) {
    for (const PlayerSpec& p : request.players) {
      if (!p.external()) check_limits(p.limits, "--engine " + p.name);
    }
    return loop::referee<Play>(request);
  };
  entry.bot_time_limit_s = kTournamentMoveMs / 1000.0;
  entry.datagen_game = [](const DatagenRequest& request) {
    check_limits(request.limits, "datagen limits");
    return loop::self_play<Play>(request);
  };
  return entry;
}

}  // namespace gamelab::bullets
