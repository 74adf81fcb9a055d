#pragma once
// Jump chess (docs/rules/jumpchess.md): squares, sides, target regions and the game state.
//
// The board is 8 x 8; square = row * 8 + col, row 0 at the top. Each side's pieces are one 64-bit set
// (bit = square), so the state is 24 bytes of board and counters plus the hash: small and cheap to copy.
#include <array>
#include <bit>
#include <cstdint>

namespace gamelab::jumpchess {

constexpr int kSize = 8;
constexpr int kSquares = kSize * kSize;
constexpr int kPiecesPerSide = 9;   // each side starts with 9 and never gains one
constexpr int kMoveLimit = 200;     // the game ends when each side has made this many moves
constexpr int kMaxHops = 99;        // a chain of more hops is not a move

using Bitboard = std::uint64_t;

// Black moves first, so Black is 0. The tournament's board values are color + 1 (1 black, 2 white).
enum Color : std::uint8_t { Black = 0, White = 1 };
inline Color opponent(Color c) { return static_cast<Color>(c ^ 1); }

constexpr int square(int row, int col) { return row * kSize + col; }
constexpr int row_of(int sq) { return sq / kSize; }
constexpr int col_of(int sq) { return sq % kSize; }
constexpr bool on_board(int row, int col) { return row >= 0 && row < kSize && col >= 0 && col < kSize; }
constexpr Bitboard bit(int sq) { return Bitboard{1} << sq; }

// Target regions (the shaded squares): Black's are columns 6 and 7, White's columns 0 and 1.
constexpr Bitboard kColumn0 = 0x0101010101010101ULL;
constexpr Bitboard kBlackTarget = (kColumn0 << 6) | (kColumn0 << 7);
constexpr Bitboard kWhiteTarget = kColumn0 | (kColumn0 << 1);
constexpr Bitboard target_of(Color c) { return c == Black ? kBlackTarget : kWhiteTarget; }

struct State {
  std::array<Bitboard, 2> pieces{};          // per colour
  std::uint64_t hash = 0;                    // Zobrist hash of the pieces and the side to move
  std::array<std::uint16_t, 2> moves_made{};  // moves made by each side, passes included
  Color side = Black;                        // side to move

  Bitboard occupied() const { return pieces[Black] | pieces[White]; }
  int piece_count(Color c) const { return std::popcount(pieces[c]); }
  // The tournament's value of a square: 0 empty, 1 black, 2 white.
  int value_at(int sq) const {
    return (pieces[Black] & bit(sq)) ? 1 : (pieces[White] & bit(sq)) ? 2 : 0;
  }
  // Same pieces, side to move and move counts (the hash follows from the pieces and side).
  bool operator==(const State& other) const {
    return pieces == other.pieces && moves_made == other.moves_made && side == other.side;
  }
};

// Zobrist hash computed from scratch; play() keeps State::hash equal to it incrementally. It covers
// the pieces and the side to move, not the move counts (as a chess hash leaves out the move clocks).
std::uint64_t compute_hash(const State& state);
std::uint64_t piece_key(Color c, int sq);
std::uint64_t side_to_move_key();  // toggled when the side to move changes (set when White moves)

// Places a piece on an empty square, keeping the hash in step.
void put_piece(State& state, Color c, int sq);

// The start position of docs/rules/jumpchess.md, Black to move, no moves made.
State start_position();

}  // namespace gamelab::jumpchess
