#pragma once
// Ataxx's position as sparse one-hot inputs, for learned evaluations (docs/tools/train.md §1): the
// field's 2 x 2 tuples (the bullet trainer's Ataxx example, "Ataxx2Tuples"), seen from a side.
//
// The 36 tuples are the 2 x 2 blocks of the 7 x 7 board: tuple t = 6 i + j has its low corner on rank
// i, file j (square 7 i + j) and holds that square (k = 0), its east neighbour (1), its north one (2)
// and the north-east one (3). Each square is in one digit d_k: 0 empty, 1 the perspective's stone
// ("ours"), 2 the opponent's, 3 a gap. A tuple without a gap is one of 81 states, the field's:
//
//   index = 81 t + sum of d_k 3^k                              (0 .. 2,915)
//
// so that a position without gaps has exactly the field's inputs. A tuple with a gap gets one of the
// 175 states of its own block instead (which of its squares are gaps, and the others' three states):
//
//   index = 2,916 + 175 t + rank of (sum of d_k 4^k) among the codes with a digit 3
//
// The field counts a gap as empty; here it is not, because it is no empty square to the game: no
// stone is ever played there nor flips from there, so as "empty" it would look like a hole beside the
// stones that never fills. 36 x (81 + 175) = 9,216 inputs, and exactly one per tuple is on: 36 in a
// perspective, within the integer form's bound of 63 (core/sparse_network.hpp).
//
// No square is turned: Ataxx's moves have no direction and its rules treat both colours alike, so a
// perspective only says whose stones are "ours", and x's view of a position is o's view of the same
// board with the colours swapped.
//
// A move changes the inputs of the tuples whose squares it changes (learned_eval.hpp); tuples_of and
// tuple_input give those, kMaxChangedTuples bounds them (proved in sparse_inputs.cpp).
#include <array>
#include <cstdint>

#include "ataxx/state.hpp"

namespace gamelab::ataxx {

inline constexpr const char* kSparseInputName = "ataxx-tuples-v1";
inline constexpr int kTuples = 36;
inline constexpr std::uint32_t kPlainTupleStates = 81;    // 3^4: no gap
inline constexpr std::uint32_t kGappedTupleStates = 175;  // 4^4 - 3^4: at least one gap
inline constexpr std::uint32_t kGappedInputsFrom = kTuples * kPlainTupleStates;
inline constexpr std::uint32_t kSparseInputCount = kGappedInputsFrom + kTuples * kGappedTupleStates;
inline constexpr int kSparseMaxActive = kTuples;
// At most this many tuples change with one move: the destination and the stones it flips lie in the 3
// x 3 block around it, which 16 tuples meet, and a jump's origin adds at most 3 tuples more.
inline constexpr int kMaxChangedTuples = 19;

// The tables behind tuple_input. A tuple's squares in a bitboard shifted down to its corner sit on bits
// 0, 1, 7 and 8 (its squares 0 to 3); its key puts ours there, theirs 2 bits up and the gaps 4 bits up,
// 13 bits that one look-up (8 KB) turns into the tuple's state. The search computes some 30 inputs per
// update (7.5 tuples a move, old and new state, both perspectives): with one look-up an update's inputs
// took 49 ns, with a look-up per square's digit and one per code 92 ns.
inline constexpr Bitboard kTupleSquares = 0x183;
struct TupleTables {
  std::array<std::uint8_t, kTuples> corner{};              // tuple t's low square: 7 (t / 6) + t % 6
  std::array<std::uint8_t, 1 << 13> state{};               // key -> plain: sum of d_k 3^k; gapped: its rank
  std::array<std::uint64_t, kSquares> tuples_of_square{};  // bit t: the square is in tuple t
  constexpr TupleTables() {
    constexpr int kBit[4] = {0, 1, 7, 8};
    std::array<std::uint8_t, 256> gapped_rank{};  // base-4 code with a digit 3 -> its rank among those
    for (int code = 0, rank = 0; code < 256; ++code) {
      bool gap = false;
      for (int k = 0; k < 4; ++k) gap = gap || ((code >> (2 * k)) & 3) == 3;
      if (gap) gapped_rank[code] = static_cast<std::uint8_t>(rank++);
    }
    for (int key = 0; key < (1 << 13); ++key) {
      int plain = 0, code = 0, gaps = 0;
      bool valid = true;
      for (int k = 0, power = 1; k < 4; ++k, power *= 3) {
        const int ours = (key >> kBit[k]) & 1, theirs = (key >> (kBit[k] + 2)) & 1, gap = (key >> (kBit[k] + 4)) & 1;
        valid = valid && ours + theirs + gap <= 1;
        const int d = ours + 2 * theirs + 3 * gap;
        plain += d * power;
        code += d << (2 * k);
        gaps += gap;
      }
      if (valid) state[key] = static_cast<std::uint8_t>(gaps ? gapped_rank[code] : plain);
    }
    for (int t = 0; t < kTuples; ++t) {
      const int c = t / 6 * kFiles + t % 6;
      corner[t] = static_cast<std::uint8_t>(c);
      for (const int sq : {c, c + 1, c + kFiles, c + kFiles + 1}) tuples_of_square[sq] |= 1ULL << t;
    }
  }
};
inline constexpr TupleTables kTupleTables{};

// The one input of tuple t that is on, for these stones ("ours" the perspective's) and gaps.
constexpr std::uint32_t tuple_input(int t, Bitboard ours, Bitboard theirs, Bitboard gaps) {
  const int c = kTupleTables.corner[t];
  const Bitboard gap = (gaps >> c) & kTupleSquares;
  const Bitboard key = ((ours >> c) & kTupleSquares) | (((theirs >> c) & kTupleSquares) << 2) | (gap << 4);
  const std::uint32_t block = gap ? kGappedInputsFrom + kGappedTupleStates * t : kPlainTupleStates * t;
  return block + kTupleTables.state[key];
}

// The tuples (bit t) that hold a square of `squares`.
constexpr std::uint64_t tuples_of(Bitboard squares) {
  std::uint64_t out = 0;
  for (; squares; squares &= squares - 1) out |= kTupleTables.tuples_of_square[std::countr_zero(squares)];
  return out;
}

// Writes the 36 inputs of `state` seen from `perspective` into `out` (room for kSparseMaxActive), in
// tuple order; returns 36. Allocates nothing.
int active_sparse_inputs(const State& state, Color perspective, std::uint32_t* out);

}  // namespace gamelab::ataxx
