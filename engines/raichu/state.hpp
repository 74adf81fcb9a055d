#pragma once
// Raichu (docs/rules/raichu.md): pieces, squares, moves and the game state.
//
// Squares are indexed row * 16 + col whatever n is (n = 8..16), so one fixed stride serves every
// board size; squares outside the n x n board are never touched. Each side's pieces are also kept as a
// 256-bit set (four words) so the move generator visits pieces in square order without scanning
// empty squares.
#include <array>
#include <bit>
#include <cstdint>

#include "core/move_list.hpp"

namespace gamelab::raichu {

constexpr int kStride = 16;
constexpr int kSquares = kStride * kStride;
constexpr int kMinN = 8;
constexpr int kMaxN = 16;
constexpr int kDefaultPlyLimit = 400;

enum Color : std::uint8_t { White = 0, Black = 1 };
inline Color opponent(Color c) { return static_cast<Color>(c ^ 1); }

enum PieceType : std::uint8_t { NoType = 0, Pichu = 1, Pikachu = 2, Raichu = 3 };

// A square's content: type in bits 0-1, colour in bit 2 (0 = empty).
enum Piece : std::uint8_t {
  Empty = 0,
  WhitePichu = 1,
  WhitePikachu = 2,
  WhiteRaichu = 3,
  BlackPichu = 5,
  BlackPikachu = 6,
  BlackRaichu = 7,
};
inline Piece make_piece(Color c, PieceType t) { return static_cast<Piece>((c << 2) | t); }
inline PieceType type_of(std::uint8_t p) { return static_cast<PieceType>(p & 3); }
inline Color color_of(std::uint8_t p) { return static_cast<Color>(p >> 2); }

inline int square(int row, int col) { return row * kStride + col; }
inline int row_of(int sq) { return sq / kStride; }
inline int col_of(int sq) { return sq % kStride; }

// n must be even and 8..16.
bool valid_board_size(int n);

struct Move {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  std::uint8_t over = 0;   // the captured piece's square, when kCapture is set
  std::uint8_t flags = 0;  // kCapture | kPromotion
  static constexpr std::uint8_t kCapture = 1;
  static constexpr std::uint8_t kPromotion = 2;
  bool is_capture() const { return flags & kCapture; }
  bool is_promotion() const { return flags & kPromotion; }
  friend bool operator==(const Move&, const Move&) = default;
};

// An upper bound on the legal moves of any position: a side has at most n <= 16 pieces (it starts with
// n and never gains one; the parser rejects more), and one piece reaches at most the 30 other squares
// of its row and column plus at most 30 on its diagonals.
constexpr std::size_t kMaxMoves = 16 * 60;
using MoveList = gamelab::MoveList<Move, kMaxMoves>;

struct State {
  std::array<std::uint8_t, kSquares> board{};      // Piece per square
  std::array<std::array<std::uint64_t, 4>, 2> pieces{};  // per colour: bit (row * 16 + col)
  std::uint64_t hash = 0;
  std::uint16_t ply = 0;        // plies played since the position was set up
  std::uint16_t ply_limit = kDefaultPlyLimit;
  std::uint8_t n = 8;
  Color side = White;           // side to move
  std::array<std::uint8_t, 2> counts{};  // pieces per colour (kept by put_piece / remove_piece)

  int piece_count(Color c) const { return counts[c]; }
  bool operator==(const State& other) const;  // same board, side, n, ply and limit
};

// Calls f(square) for every piece of colour `c`, in square order (the piece sets' bits).
template <class F>
inline void for_each_piece(const State& state, Color c, F&& f) {
  for (int word = 0; word < 4; ++word) {
    for (std::uint64_t bits = state.pieces[c][word]; bits; bits &= bits - 1) f(word * 64 + std::countr_zero(bits));
  }
}

// Zobrist hash of a state computed from scratch (play() keeps `hash` equal to it incrementally).
std::uint64_t compute_hash(const State& state);

// The key toggled when the side to move changes.
std::uint64_t side_to_move_key();

// Places or removes a piece, keeping the piece sets and the hash in step.
void put_piece(State& state, int sq, Piece piece);
void remove_piece(State& state, int sq);

// The start position for board size n (n must be valid), White to move.
State start_position(int n);

}  // namespace gamelab::raichu
