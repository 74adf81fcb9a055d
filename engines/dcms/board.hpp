#pragma once
// Dog-Cat-Mouse-cheeSe (docs/rules/dcms.md): the board, i.e. its size and its walls. Pieces live in State.
//
// Squares are indexed row * 64 + col whatever the board's size (rows and cols 3..64), so one fixed
// stride serves every board and a numpad direction is one fixed offset. Rows 0 and r-1 and columns 0
// and c-1 are always walls (the parser and the generator insist), so a step from any square a piece
// can stand on stays inside the board: moves need no bounds checks, only a wall test.
//
// A Board never changes once a game starts. States point at an interned copy (intern()), so a state
// stays small and copy-make play copies a pointer, not the walls.
#include <array>
#include <cstdint>
#include <vector>

namespace gamelab::dcms {

constexpr int kStride = 64;
constexpr int kMinRows = 3;
constexpr int kMaxRows = 64;
constexpr int kMinCols = 3;
constexpr int kMaxCols = 64;
constexpr int kSquares = kStride * kMaxRows;

using Square = std::uint16_t;
constexpr Square kNoSquare = 0xFFFF;

constexpr Square square(int row, int col) { return static_cast<Square>(row * kStride + col); }
constexpr int row_of(Square sq) { return sq / kStride; }
constexpr int col_of(Square sq) { return sq % kStride; }

// Sides: blue (color 0, upper-case letters) and red (color 1, lower-case).
enum Side : int { kBlue = 0, kRed = 1 };
constexpr int other(int side) { return side ^ 1; }
const char* side_name(int side);  // "blue" / "red"

// Numpad directions: 7 8 9 = up-left, up, up-right; 4 5 6 = left, stay, right; 1 2 3 = down-left,
// down, down-right (up = row - 1). The offset of digit d (1..9) on the square index.
constexpr int kDigitRowDelta[10] = {0, 1, 1, 1, 0, 0, 0, -1, -1, -1};
constexpr int kDigitColDelta[10] = {0, -1, 0, 1, -1, 0, 1, -1, 0, 1};
constexpr int digit_offset(int digit) { return kDigitRowDelta[digit] * kStride + kDigitColDelta[digit]; }

class Board {
 public:
  // A rows x cols board whose border is walls and whose inner squares are empty. The size must be
  // valid (valid_board_size); callers that take sizes from users check first.
  Board(int rows, int cols);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  bool inside(int row, int col) const { return row >= 0 && row < rows_ && col >= 0 && col < cols_; }
  bool is_wall(int row, int col) const { return (walls_[row] >> col) & 1; }
  bool is_wall(Square sq) const { return (walls_[sq / kStride] >> (sq % kStride)) & 1; }
  // Inner squares only matter: a border square set empty makes the board invalid (has_wall_border).
  void set_wall(int row, int col, bool wall);
  bool has_wall_border() const;
  int wall_count() const;
  int empty_count() const { return rows_ * cols_ - wall_count(); }
  // A 64-bit digest of the size and the walls (for interning; equal boards, equal digests).
  std::uint64_t digest() const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  int rows_;
  int cols_;
  std::array<std::uint64_t, kMaxRows> walls_{};  // bit col of word row
};

bool valid_board_size(int rows, int cols);

// The one shared, immutable copy of `board` (equal boards give the same pointer); it lives until the
// program ends, about 0.5 KB per distinct board. Thread-safe. The board must have its wall border.
const Board* intern(const Board& board);

// The placement rule (docs/rules/dcms.md): blue sets up in columns with 2*col < c-1, red in columns with
// 2*col > c-1; on an odd width the middle column belongs to nobody; never on a wall.
bool in_own_half(const Board& board, int side, int col);
bool legal_setup_square(const Board& board, int side, int row, int col);
// Every legal setup square of `side`, row-major.
std::vector<Square> setup_squares(const Board& board, int side);

}  // namespace gamelab::dcms
