#pragma once
// Bullets (docs/rules/bullets.md): the game state — board, both players, every bullet, round and round limit.
//
// Bullets are a bit per slot (board.hpp): bit s set means "a bullet is in slot s", slots being counted
// at round 0, so the bits do not change when a turn passes; bullets with the same square and direction
// are one bit (they move together for ever, as the tournament's input also shows them once).
// The state is copy-made; copying moves only the slot words the board uses.
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "bullets/board.hpp"

namespace gamelab::bullets {

// Side 0 is Blue, side 1 Red: docs/rules/common.md writes a joint move as (blue's action, red's action).
enum Side : std::uint8_t { Blue = 0, Red = 1 };
inline Side other(Side s) { return static_cast<Side>(s ^ 1); }
inline char side_letter(Side s) { return s == Red ? 'R' : 'B'; }

constexpr std::uint32_t kDefaultRoundLimit = 2000;

struct State {
  const Board* board = nullptr;
  std::uint64_t hash = 0;
  std::uint32_t round = 0;                       // turns played (the tournament's round number)
  std::uint32_t limit = kDefaultRoundLimit;      // at round == limit the game is a draw
  std::array<std::uint16_t, 2> player{};         // square of Blue, Red
  std::uint8_t hit = 0;                          // bit s: side s stands on a bullet (the game is over)
  std::uint16_t words = 0;                       // slot words in use (= board->slot_words())
  std::array<std::uint64_t, kMaxSlotWords> slots;  // only the first `words` are meaningful

  State() { slots.fill(0); }
  State(const State& other) noexcept { copy_from(other); }
  State& operator=(const State& other) noexcept {
    if (this != &other) copy_from(other);
    return *this;
  }

  bool bullet_on(int cell, std::uint32_t at_round) const { return board->bullet_on(slots.data(), cell, at_round); }
  bool has_slot(int slot) const { return (slots[slot >> 6] >> (slot & 63)) & 1; }
  bool over() const { return hit != 0 || round >= limit; }
  int bullet_count() const;  // distinct bullets (square, direction)

  // Same board, players, bullets, round and limit.
  bool operator==(const State& other) const;

 private:
  void copy_from(const State& other) noexcept {
    board = other.board;
    hash = other.hash;
    round = other.round;
    limit = other.limit;
    player = other.player;
    hit = other.hit;
    words = other.words;
    std::memcpy(slots.data(), other.slots.data(), sizeof(std::uint64_t) * words);
  }
};

// Where `side` starts: Red on (1, 1), Blue on (n-2, m-2).
inline int start_square(const Board& board, Side side) {
  return side == Red ? board.cell(1, 1) : board.cell(board.rows() - 2, board.cols() - 2);
}

// Round 0 on `board`: both players on their start squares, no bullet. Both squares must be open.
State start_state(const Board* board, std::uint32_t limit = kDefaultRoundLimit);

// A state with the given players and bullets (their squares and directions at round `round`), e.g. from
// a parsed position. Players must stand on open, different squares, bullets on open squares; the hit
// flags are set from the board (a player on a bullet has been hit: the game is over).
State make_state(const Board* board, int blue, int red, const std::vector<BulletPlace>& bullets,
                 std::uint32_t round, std::uint32_t limit);

// Every bullet where it is at round `at_round`, in slot order.
std::vector<BulletPlace> bullets_at(const State& state, std::uint32_t at_round);
inline std::vector<BulletPlace> bullets_now(const State& state) { return bullets_at(state, state.round); }

// The squares holding at least one bullet at round `at_round` (any round, past or future): O(bullets).
CellSet bullet_squares_at(const State& state, std::uint32_t at_round);

// Per square, a 4-bit mask (bit d = a bullet flying in direction d) at the state's own round.
std::vector<std::uint8_t> bullet_masks(const State& state);

// Adds a bullet on `cell` flying `dir` at the state's round (merged with an identical one), hash kept.
void add_bullet(State& state, int cell, Dir dir);
// Moves a player, hash kept.
void set_player(State& state, Side side, int cell);
// Sets the round, hash kept.
void set_round(State& state, std::uint32_t round);
// Recomputes the hit flags from the board (a player sharing its square with a bullet is hit).
void update_hits(State& state);

// Zobrist hash from scratch (play() keeps `hash` equal to it incrementally). It covers players, bullet
// slots and the round; the board is fixed for a game and the limit is a setting.
std::uint64_t compute_hash(const State& state);

}  // namespace gamelab::bullets
