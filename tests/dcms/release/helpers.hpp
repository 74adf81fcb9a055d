#pragma once
// Helpers for the Dog-Cat-Mouse-cheeSe release tests: requests the bot is tried on (setups on the
// committed board suite, positions from the bench suite and from seeded random play, both variants,
// both colours), and a check that an answer is legal by the referee's own parsers.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/dcms_positions.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "dcms/actions.hpp"
#include "dcms/notation.hpp"
#include "dcms/protocol.hpp"
#include "dcms/rules.hpp"
#include "dcms/setup.hpp"

namespace release_dcms_test {

using namespace gamelab::dcms;

// One request: a setup-phase state (a setup request) or a position in play (a move request), and the
// side asked.
struct Case {
  State state;
  int side = kBlue;
  bool setup() const { return state.phase == Phase::Setup; }
  std::string request() const { return setup() ? setup_request(state, side) : move_request(state, side); }
};

// The committed suite's boards; a random legal placement for both sides, then up to `max_turns`
// random turns (the last position in play).
using gamelab_test::dcms::random_play;
using gamelab_test::dcms::suite_boards;

// `count` requests: the bench suite's positions first, then from seeded random play on the board suite
// (one in eight a setup), variants and colours alternating; none is over.
inline std::vector<Case> bot_cases(std::size_t count, std::uint64_t seed) {
  std::vector<Case> out;
  const auto bench = nlohmann::json::parse(gamelab::read_text_file(std::string(GAMELAB_DATA_DIR) + "/bench/dcms.json"));
  for (const auto& p : bench["positions"]) {
    if (out.size() >= count) break;
    const State s = parse_position_text(p["position"].get<std::string>(), "bench/dcms.json");
    if (s.phase == Phase::Play && ends_before_moves(s)) continue;
    out.push_back({s, static_cast<int>(out.size() % 2)});
  }
  const std::vector<Board> boards = suite_boards();
  gamelab::Rng rng(seed);
  while (out.size() < count) {
    const Variant variant = out.size() % 2 ? Variant::Mouse : Variant::Full;
    const State setup = setup_state(boards[rng.below(boards.size())], variant);
    const int side = static_cast<int>(rng.below(2));
    if (rng.below(8) == 0) {
      out.push_back({setup, side});
    } else {
      out.push_back({random_play(setup, rng, 59), side});
    }
  }
  return out;
}

// Empty if `answer` is a legal answer to `c` by the referee's parsers, else why not.
inline std::string answer_problem(const Case& c, const std::string& answer) {
  if (c.setup()) {
    try {
      return placement_problem(*c.state.board, c.state.variant, c.side, parse_placement(answer));
    } catch (const gamelab::InputError& e) {
      return e.what();
    }
  }
  const MoveParse parse = parse_move(c.state, c.side, answer);
  return parse.ok() ? "" : parse.message;
}

}  // namespace release_dcms_test
