#pragma once
// Ataxx (docs/rules/ataxx.md): squares, bitboards and the game state.
//
// A square is rank * 7 + file (a1 = 0, g1 = 6, a7 = 42, g7 = 48), so a board is the low 49 bits of a
// word: one word per side and one for the gaps. A step east or west must not wrap from file g of one
// rank to file a of the next, which the file masks below cut off. They hold every bit 7k of the word,
// past the board too: a step east from g7 lands on bit 49, "file a" of a rank above the board, which
// a later step south would bring back onto a7. North and south need no mask of their own (bits
// shifted past the board are cut by kBoard or by an empty-square mask, those below 0 fall out).
#include <array>
#include <bit>
#include <cstdint>

namespace gamelab::ataxx {

using Bitboard = std::uint64_t;

constexpr int kFiles = 7;
constexpr int kSquares = 49;
constexpr int kHalfmoveLimit = 100;  // the clock that draws (docs/rules/ataxx.md §4)
constexpr Bitboard kBoard = (Bitboard{1} << kSquares) - 1;
constexpr Bitboard kFileA = 0x8102040810204081ULL;  // bits 0, 7, ..., 63
constexpr Bitboard kFileB = kFileA << 1;
constexpr Bitboard kFileF = kFileA << 5;
constexpr Bitboard kFileG = kFileA << 6;

// x moves first (the field's FEN letters; libataxx calls x "Black").
enum Color : std::uint8_t { X = 0, O = 1 };
inline Color opponent(Color c) { return static_cast<Color>(c ^ 1); }

constexpr int square(int file, int rank) { return rank * kFiles + file; }
constexpr int file_of(int sq) { return sq % kFiles; }
constexpr int rank_of(int sq) { return sq / kFiles; }
constexpr Bitboard bit(int sq) { return Bitboard{1} << sq; }

// The project builds without -march (portable release bots), where std::popcount is a call into
// libgcc. The functions that count bits on the hot path are therefore compiled twice, with and
// without the POPCNT instruction, and the loader picks the one the machine runs (GCC's and Clang's
// function multiversioning); a build that targets POPCNT already needs neither.
#if defined(__x86_64__) && !defined(__POPCNT__) && defined(__GNUC__) && !defined(__clang_analyzer__)
#define GAMELAB_ATAXX_COUNTS_BITS __attribute__((target_clones("popcnt", "default")))
#else
#define GAMELAB_ATAXX_COUNTS_BITS
#endif

// Every square at king distance <= 1 of a square of `b` (b itself included).
constexpr Bitboard within_one(Bitboard b) {
  const Bitboard row = b | ((b << 1) & ~kFileA) | ((b >> 1) & ~kFileG);
  return (row | (row << 7) | (row >> 7)) & kBoard;
}
// Every square at king distance <= 2 of a square of `b`.
constexpr Bitboard within_two(Bitboard b) { return within_one(within_one(b)); }

// The squares at king distance exactly 1 and exactly 2 of each square.
struct Rings {
  std::array<Bitboard, kSquares> one{}, two{};
  constexpr Rings() {
    for (int sq = 0; sq < kSquares; ++sq) {
      one[sq] = within_one(bit(sq)) & ~bit(sq);
      two[sq] = within_two(bit(sq)) & ~within_one(bit(sq));
    }
  }
};
inline constexpr Rings kRings{};

struct State {
  std::array<Bitboard, 2> stones{};  // per colour
  Bitboard gaps = 0;                 // blocked squares: never played on, never change
  std::uint64_t hash = 0;            // Zobrist hash of stones, gaps and side (compute_hash)
  std::uint32_t fullmove = 1;        // goes up after each move of o (a pass too)
  std::uint16_t halfmove = 0;        // plies since the last single move (§3)
  Color side = X;                    // side to move

  Bitboard empty() const { return kBoard & ~(stones[X] | stones[O] | gaps); }
  int stone_count(Color c) const { return std::popcount(stones[c]); }
  // Same stones, gaps, side, halfmove clock and fullmove number (the hash follows from them).
  bool operator==(const State& other) const;
};

// Zobrist hash of a state computed from scratch (play() keeps `hash` equal to it incrementally).
std::uint64_t compute_hash(const State& state);

// The Zobrist keys (core/zobrist.hpp, fixed seed: hashes are stable from run to run). `flip` is a
// square's two stone keys XOR-ed, so that a stone changing colour costs one look-up; `clock` is mixed
// into the search's hash near the draw (game.hpp), never into State::hash.
struct HashKeys {
  std::array<std::array<std::uint64_t, kSquares>, 2> stone;
  std::array<std::uint64_t, kSquares> gap, flip;
  std::uint64_t side;  // o to move
  std::array<std::uint64_t, kHalfmoveLimit + 1> clock;
  HashKeys();
};
// Inline, so that play() pays a guard check rather than a call for them.
inline const HashKeys& hash_keys() {
  static const HashKeys keys;
  return keys;
}

// x5o/7/7/7/7/7/o5x x 0 1.
State start_position();

}  // namespace gamelab::ataxx
