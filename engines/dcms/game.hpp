#pragma once
// Dog-Cat-Mouse-cheeSe as seen by the generic searches in engines/search:
//  - Game: the rules' view (simultaneous perft): every merged action;
//  - SearchGame: the simultaneous-move MCTS's view (search/simultaneous_mcts.hpp): the state carries
//    the engine's configuration, so that each side's actions are the search's narrowed set
//    (search_actions.hpp); values and evaluation are blue's (side 0's), as the template expects;
//    its leaves may be evaluated with a learned evaluation file (LearnedEval).
#include <cstdint>
#include <optional>

#include "dcms/actions.hpp"
#include "dcms/eval.hpp"
#include "dcms/notation.hpp"
#include "dcms/rules.hpp"
#include "dcms/search_actions.hpp"
#include "dcms/sparse_inputs.hpp"
#include "dcms/state.hpp"
#include "search/game_concepts.hpp"
#include "search/learned_leaf_eval.hpp"

namespace gamelab::dcms {

struct Game : search::SimultaneousAdapter<State, Action, ActionList> {
  static constexpr const char* kName = "dcms";

  // The one game interface's texts and hashes (search/game_concepts.hpp).
  static State parse_position(const std::string& text, const std::string& source) { return parse_position_text(text, source); }
  static std::string position_text(const State& s) { return dcms::position_text(s); }
  static std::string joint_text(const State&, const Action& blue, const Action& red) { return joint_move_text(blue, red); }
};

// Blue's result of a finished game (1 win, 0.5 draw, 0 loss); empty while it goes on.
inline std::optional<double> terminal_value(const State& s) {
  if (!dcms::ends_before_moves(s)) return std::nullopt;
  switch (result(s).outcome) {
    case Outcome::BlueWins: return 1.0;
    case Outcome::RedWins: return 0.0;
    default: return 0.5;
  }
}

// What narrows the actions the search considers; owned by the engine, shared by every node.
struct SearchConfig {
  const int* weights = nullptr;  // evaluation weights (ranking a quiet piece's moves)
  int quiet_moves = 0;           // moves kept per quiet piece (0: all)
};

struct SearchState {
  dcms::State state;
  const SearchConfig* config = nullptr;
};

// A learned evaluation file at the MCTS's leaves (search/learned_leaf_eval.hpp: the mapping to
// mcts_eval_scale): dcms-distances-v1 (sparse_inputs.hpp), blue's view first as the search's values.
struct LearnedInputs {
  using State = SearchState;
  static constexpr const char* kGame = "dcms";
  static constexpr const char* kInputName = kSparseInputName;
  static constexpr std::uint32_t kInputCount = kSparseInputCount;
  static constexpr int kMaxActive = kSparseMaxActive;
  static int active(const SearchState& s, int side, std::uint32_t* out) { return active_sparse_inputs(s.state, side, out); }
};
using LearnedEval = search::LearnedLeafEval<LearnedInputs>;

struct SearchGame {
  using State = SearchState;
  using Learned = LearnedEval;  // when the engine is given a file (Engine::set_learned_eval)
  using Action = dcms::Action;
  using ActionList = dcms::ActionList;
  static constexpr const char* kName = "dcms";

  static void generate_actions(const SearchState& s, int side, ActionList& actions) {
    search_actions(s.state, side, s.config->quiet_moves, s.config->weights, actions);
  }
  static SearchState play(const SearchState& s, const Action& blue, const Action& red) {
    return {dcms::play(s.state, blue, red), s.config};
  }
  static std::optional<double> terminal_value(const SearchState& s) { return dcms::terminal_value(s.state); }
  static int evaluate(const SearchState& s, const int* weights) { return dcms::evaluate(s.state, weights); }
};

}  // namespace gamelab::dcms
