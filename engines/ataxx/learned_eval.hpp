#pragma once
// Ataxx's search evaluating with a learned evaluation file (docs/tools/train.md §8): the generic
// incremental evaluation along alpha-beta's line (search/learned_line_eval.hpp, which says how the
// file's output becomes the score and what evalmode=add|replace mean; as Raichu's and jump chess's)
// over Ataxx's 2 x 2 tuples, ataxx-tuples-v1 (sparse_inputs.hpp).
//
// What is Ataxx's own is which inputs a move switches: a move changes its destination, the stones it
// flips and a jump's origin, and every tuple that holds one of those squares goes from one state to
// another, its old input off and its new one on, in both perspectives alike. Which tuples those are
// follows from the squares whose stones differ between the parent and the child, so Change keeps
// both boards: 40 bytes, and no rule of the move is repeated here. A pass changes nothing. So a move
// switches at most kMaxChangedTuples = 19 inputs on and as many off in a perspective (the bound is
// proved over every destination and origin in sparse_inputs.cpp); a clone without flips, 1 to 4.
#include <array>
#include <cstdint>

#include "ataxx/eval.hpp"
#include "ataxx/movegen.hpp"
#include "ataxx/sparse_inputs.hpp"
#include "ataxx/state.hpp"
#include "search/learned_line_eval.hpp"

namespace gamelab::ataxx {

struct LearnedInputs : search::SideToMoveInputs<State, Move, MoveList> {
  static constexpr const char* kGame = "ataxx";
  static constexpr const char* kInputName = kSparseInputName;
  static constexpr std::uint32_t kInputCount = kSparseInputCount;
  static constexpr int kMaxActive = kSparseMaxActive;
  static constexpr int kMaxAdded = kMaxChangedTuples;    // each changed tuple's new state
  static constexpr int kMaxRemoved = kMaxChangedTuples;  // and its old one

  // The stones before and after the move, by colour; the gaps never change.
  struct Change {
    std::array<Bitboard, 2> before{}, after{};
    Bitboard gaps = 0;
  };
  static Change change(const State& parent, const Move&, const State& child) {
    return {parent.stones, child.stones, parent.gaps};
  }
  static void changed(const Change& c, int perspective, search::InputChanges<kMaxAdded, kMaxRemoved>& out) {
    const Color us = static_cast<Color>(perspective), them = opponent(us);
    const Bitboard squares = (c.before[X] ^ c.after[X]) | (c.before[O] ^ c.after[O]);
    for (std::uint64_t tuples = tuples_of(squares); tuples; tuples &= tuples - 1) {
      const int t = std::countr_zero(tuples);
      out.remove(tuple_input(t, c.before[us], c.before[them], c.gaps));
      out.add(tuple_input(t, c.after[us], c.after[them], c.gaps));
    }
  }
  static int handmade(const State& s, const int* weights, const MoveList&) { return ataxx::evaluate(s, weights); }
};

// One engine's evaluator (ataxx/game.hpp: Game::Incremental). LearnedEval::load reads an Ataxx file once
// per process; another game's, another input set's or a broken file is an InputError naming the file
// and the field.
using LearnedEval = search::LearnedLineEval<LearnedInputs>;

}  // namespace gamelab::ataxx
