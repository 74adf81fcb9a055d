#pragma once
// Jump chess's search evaluating with a learned evaluation file (docs/tools/train.md §8): the generic
// incremental evaluation along alpha-beta's line (search/learned_line_eval.hpp, which says how the
// file's output becomes the score and what evalmode=add|replace mean; as Raichu's) over jump chess's
// sparse inputs, jumpchess-pieces-v1 (sparse_inputs.hpp).
//
// What is jump chess's own is which inputs a move switches, in each perspective:
//  - the mover off at `from` and on at `to` (a pass moves nothing);
//  - every enemy piece its chain of hops captured off (up to the 9 a side has);
//  - the mover's clock input, moves made / 20, when the move crosses a multiple of 20 (the clock is
//    the perspective's own, so only the mover's perspective sees it change; a pass counts as a move).
// So a move switches at most 2 inputs on and 1 + 9 + 1 off in a perspective.
#include <cstdint>

#include "jumpchess/eval.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/sparse_inputs.hpp"
#include "jumpchess/state.hpp"
#include "search/learned_line_eval.hpp"

namespace gamelab::jumpchess {

struct LearnedInputs : search::SideToMoveInputs<State, Move, MoveList> {
  static constexpr const char* kGame = "jumpchess";
  static constexpr const char* kInputName = kSparseInputName;
  static constexpr std::uint32_t kInputCount = kSparseInputCount;
  static constexpr int kMaxActive = kSparseMaxActive;
  static constexpr int kMaxAdded = 2;                    // the mover at `to`, the mover's new clock
  static constexpr int kMaxRemoved = 2 + kPiecesPerSide;  // the mover at `from`, the captured, the old clock

  // The move (its ends and captured pieces), who made it and how many moves it had made before.
  struct Change {
    Bitboard captured = 0;
    std::uint16_t moves_before = 0;
    std::uint8_t from = 0, to = 0;
    std::uint8_t mover = Black;
    bool pass = false;
  };
  static Change change(const State& parent, const Move& m, const State&) {
    Change c;
    c.captured = m.captured;
    c.moves_before = parent.moves_made[parent.side];
    c.from = m.from;
    c.to = m.to;
    c.mover = parent.side;
    c.pass = m.is_pass();
    return c;
  }
  static void changed(const Change& c, int perspective, search::InputChanges<kMaxAdded, kMaxRemoved>& out) {
    const Color view = static_cast<Color>(perspective), mover = static_cast<Color>(c.mover);
    if (!c.pass) {
      out.remove(sparse_input_index(view, mover, c.from));
      out.add(sparse_input_index(view, mover, c.to));
      for (Bitboard set = c.captured; set; set &= set - 1) {
        out.remove(sparse_input_index(view, opponent(mover), std::countr_zero(set)));
      }
    }
    if (view == mover) {
      const std::uint32_t before = sparse_clock_index(c.moves_before), after = sparse_clock_index(c.moves_before + 1);
      if (before != after) {
        out.remove(before);
        out.add(after);
      }
    }
  }
  static int handmade(const State& s, const int* weights, const MoveList& moves) {
    return jumpchess::evaluate(s, weights, moves);
  }
};

// One engine's evaluator (jumpchess/game.hpp: Game::Incremental). LearnedEval::load reads a jump chess
// file once per process; another game's, another input set's or a broken file is an InputError naming
// the file and the field.
using LearnedEval = search::LearnedLineEval<LearnedInputs>;

}  // namespace gamelab::jumpchess
