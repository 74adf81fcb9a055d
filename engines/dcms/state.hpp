#pragma once
// Dog-Cat-Mouse-cheeSe (docs/rules/dcms.md): variants, pieces and the game state.
//
// A state is the board (a pointer to the interned walls), where each of the eight pieces stands (or
// kNoSquare when it is captured, not yet placed, or not part of the variant), the turns played, the
// turn limit, and which sides have forfeited (an illegal setup or move string loses at once).
// It is 40 bytes and trivially copyable: play() is copy-make.
#include <array>
#include <cstdint>

#include "dcms/board.hpp"

namespace gamelab::dcms {

// `mouse`: cheeSe and Mouse only (the tournament's round 1); `full`: cheeSe, Mouse, Cat, Dog.
enum class Variant : std::uint8_t { Mouse = 0, Full = 1 };
constexpr int rank_count(Variant v) { return v == Variant::Mouse ? 2 : 4; }

// Pieces by rank. A piece is (side, rank); its index in State::pos is side * 4 + rank.
enum Rank : int { kCheese = 0, kMouse = 1, kCat = 2, kDog = 3 };
constexpr int kRanks = 4;
constexpr int kPieces = 8;
constexpr int piece_index(int side, int rank) { return side * kRanks + rank; }
constexpr char kPieceLetters[kPieces + 1] = "SMCDsmcd";
constexpr char piece_letter(int side, int rank) { return kPieceLetters[piece_index(side, rank)]; }
const char* rank_name(int rank);  // "cheeSe", "Mouse", "Cat", "Dog"

enum class Phase : std::uint8_t { Setup = 0, Play = 1 };

// Why a side forfeited (set by the referee, see referee.hpp).
enum class Forfeit : std::uint8_t { None = 0, Setup = 1, Move = 2 };

constexpr int kDefaultTurnLimit = 60;
constexpr int kMaxTurnLimit = 255;

struct State {
  const Board* board = nullptr;  // interned (board.hpp), never null in a state from this library
  std::array<Square, kPieces> pos{kNoSquare, kNoSquare, kNoSquare, kNoSquare,
                                  kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  std::uint64_t hash = 0;            // Zobrist: pieces on squares and the turn number
  std::uint8_t turn = 0;             // turns played since the setup
  std::uint8_t turn_limit = kDefaultTurnLimit;
  Variant variant = Variant::Full;
  Phase phase = Phase::Setup;
  std::uint8_t forfeits = 0;         // bit s: side s broke a rule and lost
  Forfeit forfeit_kind = Forfeit::None;

  Square at(int side, int rank) const { return pos[piece_index(side, rank)]; }
  bool on_board(int side, int rank) const { return at(side, rank) != kNoSquare; }
  // Pieces of `side` on the board, its cheeSe included.
  int piece_count(int side) const;
  friend bool operator==(const State&, const State&) = default;
};

// A setup-phase state: the board and the variant, no piece placed yet.
State setup_state(const Board& board, Variant variant, int turn_limit = kDefaultTurnLimit);

// Zobrist hash from scratch; play() keeps State::hash equal to it incrementally.
std::uint64_t compute_hash(const State& state);
std::uint64_t piece_key(int piece, Square sq);
std::uint64_t turn_key(int turn);

// Put a piece on a square / take it off, keeping the hash in step.
void put_piece(State& state, int piece, Square sq);
void remove_piece(State& state, int piece);

}  // namespace gamelab::dcms
