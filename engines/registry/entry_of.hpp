#pragma once
// What every game's registry entry holds that its adapter (search/game_concepts.hpp) already says,
// written once: a game's entry.cpp calls entry_of<Game>(title, load) and adds only what is its own
// (its position options, its engine's extras, its bot's protocol, its exports). Besides the adapter's
// members it uses the free functions of the game's namespace that every game has under the same name,
// found by argument-dependent lookup: diagram(state) for `gamelab show`, features(state) for Texel.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "registry/alphabeta_entry.hpp"
#include "registry/game_entry.hpp"
#include "registry/move_tree.hpp"
#include "registry/random_game.hpp"
#include "registry/simultaneous_entry.hpp"
#include "search/alphabeta_openings.hpp"
#include "search/game_concepts.hpp"

namespace gamelab {

template <class G>
using LoadPosition = std::function<typename G::State(const PositionSpec&)>;

// The position a command names, for a game without position options of its own: the position file's
// text (a dataset's, an opening's), else --board as a position file's path or as the position itself
// (a one-line form such as a FEN), else the game's start (G::start_position(), when it has one).
template <search::Game G>
typename G::State load_position_of(const PositionSpec& spec) {
  if (!spec.text.empty()) return G::parse_position(spec.text, spec.source);
  if (!spec.board.empty()) {
    if (std::filesystem::is_regular_file(spec.board)) return G::parse_position(read_text_file(spec.board), spec.board);
    try {
      return G::parse_position(spec.board, "--board");
    } catch (const InputError& e) {
      throw InputError("--board '" + spec.board + "' is neither a position file nor a " + G::kName + " position (" + e.what() + ")");
    }
  }
  if constexpr (requires { G::start_position(); }) {
    return G::start_position();
  } else {
    throw InputError(std::string(G::kName) + " needs --board FILE: a position file (docs/rules/common.md §3)");
  }
}

// The position after a move as the tournament shows it (a perft divide's and a search's result): the
// adapter's board_text where the tournament has a board form, else the position file.
template <class G>
std::string board_text_of(const typename G::State& s) {
  if constexpr (requires { G::board_text(s); }) {
    return G::board_text(s);
  } else {
    return G::position_text(s);
  }
}

// `gamelab perft --against`: every move (joint move) of a position with its child, in the generator's order.
template <search::TurnBasedGame G>
std::vector<TreeMove> tree_moves_of(const std::string& text) {
  const typename G::State s = G::parse_position(text, "position");
  std::vector<TreeMove> out;
  if (G::ends_before_moves(s)) return out;
  typename G::MoveList moves;
  G::generate_moves(s, moves);
  for (const auto& m : moves) {
    const typename G::State child = G::play(s, m);
    out.push_back({without_blanks(G::move_text(s, m)), G::position_text(child), G::ends_before_moves(child)});
  }
  return out;
}

template <search::SimultaneousGame G>
std::vector<TreeMove> tree_moves_of(const std::string& text) {
  const typename G::State s = G::parse_position(text, "position");
  std::vector<TreeMove> out;
  if (G::ends_before_moves(s)) return out;
  typename G::ActionList actions[2];
  for (int side = 0; side < 2; ++side) G::generate_actions(s, side, actions[side]);
  for (const auto& a : actions[0]) {
    for (const auto& b : actions[1]) {
      const typename G::State child = G::play(s, a, b);
      out.push_back({without_blanks(G::joint_text(s, a, b)), G::position_text(child), G::ends_before_moves(child)});
    }
  }
  return out;
}

// Another program's token read back, for a game whose moves have one spelling: the token itself when it
// is one of the position's moves.
template <class G>
std::string canonical_move_of(const std::string& text, const std::string& token) {
  for (const auto& m : tree_moves_of<G>(text)) {
    if (m.token == token) return token;
  }
  return "";
}

// Texel's features of a position file (the evaluation's point of view: the side to move, or blue).
template <search::Game G>
std::vector<EvalFeature> features_of(const std::string& text) {
  std::vector<EvalFeature> out;
  for (const auto& f : features(G::parse_position(text, "position"))) out.push_back({f.index, f.value});
  return out;
}

// An opening suite (`gamelab openings`): seeded random plies from `start`, kept when a search with
// `params` scores them within the request's margin, as position files.
template <search::TurnBasedGame G>
std::vector<std::string> balanced_opening_texts(const OpeningRequest& request, const typename G::State& start, const ParamSet& params) {
  search::OpeningPlan plan{request.count, request.min_plies, request.max_plies, request.seed};
  plan.on_kept = request.on_kept;
  std::vector<std::string> out;
  for (const auto& s : search::balanced_openings<G>(start, plan, params, request.balance_depth, request.min_score, request.max_score)) {
    out.push_back(G::position_text(s));
  }
  return out;
}

// The entry's rules part: name, title, shape, perft, show, the move tree for perft --against and the
// conformance suite's random game, from the adapter and the game's way of loading a position.
template <search::Game G>
GameEntry entry_of(std::string title, LoadPosition<G> load = load_position_of<G>) {
  GameEntry entry;
  entry.name = G::kName;
  entry.title = std::move(title);
  entry.shape = search::TurnBasedGame<G> ? GameShape::TurnBased : GameShape::Simultaneous;
  entry.perft = [load](const PerftRequest& request) {
    const typename G::State root = load(request.position);
    if constexpr (search::TurnBasedGame<G>) {
      return alphabeta_perft<G>(
          root, G::position_text(root), request, [](const auto& m, const auto& s) { return G::move_text(s, m); },
          board_text_of<G>);
    } else {
      return simultaneous_perft<G>(
          root, G::position_text(root), request, [&](const auto& a, const auto& b) { return G::joint_text(root, a, b); },
          board_text_of<G>);
    }
  };
  entry.show = [load](const PositionSpec& spec) {
    const typename G::State s = load(spec);
    return G::position_text(s) + "\n" + diagram(s);
  };
  entry.tree_moves = tree_moves_of<G>;
  entry.canonical_move = canonical_move_of<G>;
  entry.random_game = random_game<G>;
  return entry;
}

// A release bot's source export (`gamelab export <game> --FLAG FILE`): `write(params, source, eval)`
// makes the file from the request's parameters, or from the frozen release's (`release_params()`,
// `release_source()`) when the request gives none; `exported_eval(file, add, release)` is the learned
// evaluation it carries (learned::exported_eval: --eval, else the release's own with its parameters).
template <class Write, class ReleaseParams, class ReleaseSource, class ExportedEval>
ExportFormat export_format(std::string flag, std::string help, Write write, ReleaseParams release_params,
                           ReleaseSource release_source, ExportedEval exported_eval) {
  return {std::move(flag), std::move(help), [=](const ExportRequest& request) {
            const bool release = request.params.size() == 0;
            const auto eval = exported_eval(request.learned.file, request.learned.add, release);
            return release ? write(release_params(), release_source(), eval) : write(request.params, request.params_source, eval);
          }};
}

// An alpha-beta engine's part of the entry: its parameters, its search, Texel's features over its
// evaluation weights (the first `eval_weights` parameters), the hand-made evaluation a learned file
// is fitted over, and the learned files' inputs where the engine plays them.
template <search::AlphaBetaGame G>
void add_alphabeta_engine(GameEntry& entry, ParamSet (*default_params)(), std::size_t eval_weights, LoadPosition<G> load) {
  entry.default_params = default_params;
  entry.search = [load, default_params](const SearchRequest& request) {
    return alphabeta_search<G>(
        load(request.position), request, default_params(), [](const auto& m, const auto& s) { return G::move_text(s, m); },
        board_text_of<G>);
  };
  entry.eval_weights = eval_weights;
  entry.features = features_of<G>;
  entry.handmade_eval = alphabeta_handmade_eval<G>(&G::parse_position);
  // Opening suites from the game's start (a game whose start depends on its position options, such as
  // Raichu's board size, makes its own with balanced_opening_texts).
  if constexpr (requires { G::start_position(); }) {
    entry.generate_openings = [default_params](const OpeningRequest& request) {
      if (!request.options.empty()) {
        throw InputError(std::string(G::kName) + " openings start from the start position (no --" + request.options.begin()->first + ")");
      }
      return balanced_opening_texts<G>(request, G::start_position(), default_params());
    };
  }
  // A game whose engine plays learned evaluation files (G::Incremental: search/learned_line_eval.hpp).
  if constexpr (requires { typename G::Incremental::InputSet; }) {
    using Inputs = typename G::Incremental::InputSet;
    entry.learned_eval = true;
    entry.sparse_inputs = side_to_move_sparse_inputs<Inputs::kMaxActive>(Inputs::kInputName, Inputs::kInputCount, &G::parse_position);
  }
}

// A simultaneous game's MCTS engine in the registry: its parameters, its search (the game's report of a
// joint move), the Texel features, and the learned evaluation files its engine plays through the
// sparse inputs `input_name` (game.hpp LearnedEval: eval=FILE on --engine, --eval on search, bench,
// datagen, tune spsa).
template <int MaxActive, search::SimultaneousGame G>
void add_mcts_engine(GameEntry& entry, ParamSet (*default_params)(), std::size_t eval_weights,
                     std::function<SearchReport(const SearchRequest&)> search, std::string input_name, std::uint32_t input_count) {
  entry.default_params = default_params;
  entry.search = std::move(search);
  entry.eval_weights = eval_weights;
  entry.features = features_of<G>;
  entry.learned_eval = true;
  entry.sparse_inputs = simultaneous_sparse_inputs<MaxActive>(std::move(input_name), input_count, &G::parse_position);
}

}  // namespace gamelab
