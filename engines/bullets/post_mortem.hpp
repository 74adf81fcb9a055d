#pragma once
// Why a game was lost: the post-mortem of a Bullets game that ended with one player hit (issue 34: every
// loss to a careful player gets its cause).
//
// A loser is *doomed* once no action saves it from the bullets already flying (safety.hpp: over the next
// 64 rounds, nobody shooting again). An action is *safe* (at depth 1) if no reply of the opponent, a shot
// included, leaves the player doomed after the joint move, and *safe at depth 2* if after every reply
// the player still has a safe action. Walking back from the hit, the last round at which the loser had a
// safe action tells the cause:
//  - it played an unsafe action there although a safe one existed: a search error at that round (its
//    tree did not see the reply that dooms it);
//  - it played a safe action there: from the next round on every action could be answered by a shot
//    that dooms it. Then the last round with an action safe at depth 2 tells whether it walked into a
//    trap two joint moves deep (it played another action there) or was trapped deeper than that;
//  - it never had a safe action (the game started lost).
// A turn the loser's program did not answer (the record marks it `[blue: timeout]`) is named too: a late
// answer played as 8.
//
// And the bullets that hit: each shot of the game is kept with its shooter and round (a bullet is its
// slot, board.hpp, so where it is at the hit is one lookup), and those on the loser's square at the hit
// are named. Most losses between careful players come from bullets hundreds of rounds old, not from the
// shot just fired (docs/engines/bullets.md §6).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

// A shot of the game: who fired it and at which round (the position's round when it was played).
struct FiredShot {
  Side shooter = Blue;
  std::uint32_t round = 0;
};

// A bullet younger than this many rounds at the hit counts as just fired (LossCause::kind()).
constexpr std::uint32_t kFreshShotRounds = 10;

struct LossCause {
  Side loser = Blue;
  std::uint32_t hit_round = 0;
  std::optional<std::uint32_t> doomed_round;     // the first round from which it is doomed
  std::optional<std::uint32_t> last_safe_round;  // the last round at which it had a safe action
  bool played_safe = false;                      // and played one of them there
  std::optional<std::uint32_t> last_deep_round;  // the last round at which it had an action safe at depth 2
  bool played_deep = false;                      // and played one of them there
  std::vector<Action> safe_actions;              // its safe actions at that round
  Action played = kNothing;                      // what it played there
  std::vector<std::uint32_t> silent_rounds;      // rounds its program gave no answer (played as 8)
  std::vector<FiredShot> hit_by;                      // the shots whose bullets are on its square at the hit, youngest first
                                                 // (empty: bullets of the starting position)
  std::string text() const;                      // one line in words
  // The youngest bullet that hit, in a few words: its own or the opponent's, fired within
  // kFreshShotRounds rounds or before (a class to count losses by).
  std::string kind() const;
};

// The cause of the loss of the game from `start` through the joint moves `moves` (record texts such as
// "B3 R8", marks like "[blue: timeout]" allowed); nothing if the game did not end with exactly one
// player hit. InputError for a move that does not parse.
std::optional<LossCause> explain_loss(const State& start, const std::vector<std::string>& moves);

}  // namespace gamelab::bullets
