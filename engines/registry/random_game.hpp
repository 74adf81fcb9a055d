#pragma once
// The conformance suite's random game (GameEntry::random_game; tests/conformance/), written once for
// each shape of the one game interface (search/game_concepts.hpp), in the manner of OpenSpiel's
// RandomSimTest: from a position, seeded random steps to the end of the game. Before every step it
// checks what every game must keep, and throws std::logic_error naming the game, the seed, the step
// and the position on the first that breaks:
//  - the Zobrist hash play kept equals the hash computed from scratch;
//  - the position file round-trips: its text parses back to a position with the same text and hash
//    (the text alone where the game's file leaves something out: text_holds_hash);
//  - a live position has moves (a forced pass is a move), each written once, each leading to its own
//    position (moves of one effect are one move; a simultaneous game's actions, against the other
//    side's), and play gives a position the text form can hold;
//  - the game ends: within kMaxSteps steps.
// The same opening and seed give the same steps, whatever else runs.
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "registry/game_entry.hpp"
#include "search/game_concepts.hpp"

namespace gamelab {

namespace random_game_detail {

constexpr int kMaxSteps = 100000;

// A game whose position file leaves out some of what its state and hash keep says so with
// `static constexpr bool kTextHoldsHash = false` (Bullets: bullets in one cell are written merged);
// its round trip is checked on the text alone.
template <class G>
constexpr bool text_holds_hash() {
  if constexpr (requires { G::kTextHoldsHash; }) return G::kTextHoldsHash;
  return true;
}

template <class G>
[[noreturn]] void fail(std::uint64_t seed, std::size_t step, const typename G::State& s, const std::string& what) {
  throw std::logic_error(std::string(G::kName) + " random game of seed " + std::to_string(seed) + ", step " +
                         std::to_string(step) + ": " + what + "\nposition:\n" + G::position_text(s));
}

template <class G>
void check_position(std::uint64_t seed, std::size_t step, const typename G::State& s) {
  if (G::zobrist(s) != G::zobrist_from_scratch(s)) fail<G>(seed, step, s, "the incremental hash is not the hash from scratch");
  const std::string text = G::position_text(s);
  const typename G::State back = G::parse_position(text, "the position's own text");
  if (G::position_text(back) != text) fail<G>(seed, step, s, "the position file does not read back as itself");
  if constexpr (text_holds_hash<G>()) {
    if (G::zobrist(back) != G::zobrist(s)) fail<G>(seed, step, s, "the position read back from its text has another hash");
  }
}

// A position as the distinctness check tells positions apart: its text and its hash (a text form may
// leave out what the hash keeps, such as a bullet's turn in Bullets).
template <class G>
std::string child_key(const typename G::State& s) {
  return G::position_text(s) + "#" + std::to_string(G::zobrist(s));
}

// Each item once, each leading to its own position.
template <class G>
void check_distinct(std::uint64_t seed, std::size_t step, const typename G::State& s, const std::vector<std::string>& texts,
                    const std::vector<std::string>& children) {
  if (std::set<std::string>(texts.begin(), texts.end()).size() != texts.size()) fail<G>(seed, step, s, "a move is listed twice");
  if (std::set<std::string>(children.begin(), children.end()).size() != children.size()) {
    fail<G>(seed, step, s, "two listed moves lead to the same position");
  }
}

// One seeded random step of a turn-based game, its moves checked first; nullopt when the side to
// move has none (the game's end rules say who has lost).
template <search::TurnBasedGame G>
std::optional<std::string> random_step(typename G::State& s, Rng& rng, std::uint64_t seed, std::size_t step) {
  typename G::MoveList moves;
  G::generate_moves(s, moves);
  if (moves.size() == 0) return std::nullopt;
  std::vector<std::string> texts, children;
  for (const auto& m : moves) {
    texts.push_back(G::move_text(s, m));
    children.push_back(child_key<G>(G::play(s, m)));
  }
  check_distinct<G>(seed, step, s, texts, children);
  const std::size_t pick = rng.below(moves.size());
  s = G::play(s, moves[pick]);
  return texts[pick];
}

// One seeded random joint step of a simultaneous game, both sides' actions checked first.
template <search::SimultaneousGame G>
std::optional<std::string> random_step(typename G::State& s, Rng& rng, std::uint64_t seed, std::size_t step) {
  typename G::ActionList actions[2];
  for (int side = 0; side < 2; ++side) {
    G::generate_actions(s, side, actions[side]);
    if (actions[side].size() == 0) fail<G>(seed, step, s, "side " + std::to_string(side) + " has no action in a live game");
  }
  // Each side's actions are of different effect: two of them may meet the same end against one
  // action of the other side (two Mice stepping where a Cat eats either), but not against every one;
  // checked against the other side's first, middle and last actions.
  for (int side = 0; side < 2; ++side) {
    const auto& other = actions[1 - side];
    std::vector<std::string> texts, children;
    const std::set<std::size_t> samples = {0, other.size() / 2, other.size() - 1};
    for (const auto& a : actions[side]) {
      std::string key;
      for (const std::size_t k : samples) {
        const auto& blue = side == 0 ? a : other[k];
        const auto& red = side == 0 ? other[k] : a;
        key += child_key<G>(G::play(s, blue, red)) + "|";
      }
      texts.push_back(side == 0 ? G::joint_text(s, a, other[0]) : G::joint_text(s, other[0], a));
      children.push_back(key);
    }
    check_distinct<G>(seed, step, s, texts, children);
  }
  const auto blue = actions[0][rng.below(actions[0].size())];
  const auto red = actions[1][rng.below(actions[1].size())];
  const std::string text = G::joint_text(s, blue, red);
  s = G::play(s, blue, red);
  return text;
}

}  // namespace random_game_detail

template <search::Game G>
RandomGame random_game(const std::string& opening, std::uint64_t seed) {
  namespace d = random_game_detail;
  Rng rng(seed);
  typename G::State s = G::parse_position(opening, "opening");
  RandomGame out;
  for (std::size_t step = 0;; ++step) {
    d::check_position<G>(seed, step, s);
    if (G::ends_before_moves(s)) break;
    if (step >= static_cast<std::size_t>(d::kMaxSteps)) d::fail<G>(seed, step, s, "the game has not ended");
    const auto text = d::random_step<G>(s, rng, seed, step);
    if (!text) break;
    out.steps.push_back(*text);
  }
  out.end = G::end_text(s);
  return out;
}

}  // namespace gamelab
