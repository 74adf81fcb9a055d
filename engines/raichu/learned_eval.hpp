#pragma once
// Raichu's search evaluating with a learned evaluation file (docs/tools/train.md §8): the generic
// incremental evaluation along alpha-beta's line (search/learned_line_eval.hpp, which says how the
// file's output becomes the score and what evalmode=add|replace mean) over Raichu's sparse inputs
// (sparse_inputs.hpp). What is Raichu's own is which inputs a move switches: the mover off at `from`
// and on at `to` (as a Raichu when it promotes), the captured piece off at `over`; the same squares
// in both perspectives, each seen through its own half turn.
#include <cstdint>

#include "raichu/eval.hpp"
#include "raichu/movegen.hpp"
#include "raichu/sparse_inputs.hpp"
#include "raichu/state.hpp"
#include "search/learned_line_eval.hpp"

namespace gamelab::raichu {

struct LearnedInputs : search::SideToMoveInputs<State, Move, MoveList> {
  static constexpr const char* kGame = "raichu";
  static constexpr const char* kInputName = kSparseInputName;
  static constexpr std::uint32_t kInputCount = kSparseInputCount;
  static constexpr int kMaxActive = kSparseMaxActive;
  static constexpr int kMaxAdded = 1;    // the mover at `to`
  static constexpr int kMaxRemoved = 2;  // the mover at `from`, the captured piece

  // The squares and pieces a move changes (over_piece Empty: no capture), and the board size that
  // turns them into inputs.
  struct Change {
    std::uint8_t from = 0, from_piece = 0;
    std::uint8_t over = 0, over_piece = 0;
    std::uint8_t to = 0, to_piece = 0;
    std::uint8_t n = 0;
  };
  static Change change(const State& parent, const Move& m, const State& child) {
    Change c;
    c.from = m.from;
    c.from_piece = parent.board[m.from];
    if (m.is_capture()) {
      c.over = m.over;
      c.over_piece = parent.board[m.over];
    }
    c.to = m.to;
    c.to_piece = child.board[m.to];
    c.n = static_cast<std::uint8_t>(parent.n);
    return c;
  }
  static void changed(const Change& c, int perspective, search::InputChanges<kMaxAdded, kMaxRemoved>& out) {
    const Color view = static_cast<Color>(perspective);
    out.remove(sparse_input_index(c.n, view, c.from, static_cast<Piece>(c.from_piece)));
    if (c.over_piece != Empty) out.remove(sparse_input_index(c.n, view, c.over, static_cast<Piece>(c.over_piece)));
    out.add(sparse_input_index(c.n, view, c.to, static_cast<Piece>(c.to_piece)));
  }
  static int handmade(const State& s, const int* weights, const MoveList& moves) { return raichu::evaluate(s, weights, moves); }
};

// One engine's evaluator (raichu/game.hpp: Game::Incremental). LearnedEval::load reads a Raichu file
// once per process; another game's, another input set's or a broken file is an InputError naming the
// file and the field.
using LearnedEval = search::LearnedLineEval<LearnedInputs>;

}  // namespace gamelab::raichu
