// Jump chess move paths `[(r0,c0), (r1,c1), ...]` as a bot sends them, parsed and replayed on one of
// a few positions (the first byte chooses). A path that replays leads to a board the move generator
// lists, and find_move agrees with the replay; the parser never accepts more than the syntax.
#include <array>

#include "fuzz_check.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/rules.hpp"

using namespace gamelab;
using namespace gamelab::jumpchess;

namespace {

// From datasets/perft/jumpchess.json: the start, a web of captures, 341 moves, no legal move for white.
const std::array<const char*, 4> kPositions = {
    "1 0 0 0 0 0 0 0\n0 1 0 0 0 0 0 2\n1 0 1 0 0 0 2 0\n0 1 0 0 0 2 0 2\n1 0 1 0 0 0 2 0\n0 1 0 0 0 2 0 2\n"
    "1 0 0 0 0 0 2 0\n0 0 0 0 0 0 0 2\nblack\nmoves 0 0\n",
    "1 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 1 2 0 2 0 0\n0 0 2 0 1 0 2 0\n0 0 0 2 1 2 0 0\n0 0 1 0 2 0 2 0\n"
    "0 0 0 2 0 1 0 0\n0 0 0 0 0 0 0 1\nblack\nmoves 0 0\n",
    "0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 1 0 2 0 2 0\n0 1 0 1 0 2 0 1\n0 0 2 0 1 0 2 0\n0 1 0 2 0 2 0 2\n"
    "0 1 2 0 1 0 1 0\n0 0 0 0 0 0 0 0\nblack\nmoves 0 0\n",
    "0 0 0 0 0 1 1 2\n0 0 0 0 0 0 0 1\n0 0 0 0 0 0 0 1\n0 0 0 0 0 0 0 0\n0 0 1 0 0 0 0 0\n0 0 0 0 0 0 0 0\n"
    "0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\nwhite\nmoves 0 0\n",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const std::array<State, 4> positions = [] {
    std::array<State, 4> out;
    for (std::size_t k = 0; k < kPositions.size(); ++k) out[k] = parse_position_text(kPositions[k], "fuzz position");
    return out;
  }();
  const State& s = positions[data[0] % positions.size()];
  const std::string text = fuzz::text(data + 1, size - 1);
  return fuzz::refuse_or_check([&] {
    const Path path = parse_path(text, "fuzz");
    const Replay replay = replay_path(s, path);
    if (!replay.ok) return;
    jumpchess::MoveList moves;
    generate_moves(s, moves);
    bool listed = false;
    for (const Move& m : moves) listed = listed || play(s, m) == replay.state;
    FUZZ_CHECK(listed);
    FUZZ_CHECK(play(s, find_move(s, path, "fuzz")) == replay.state);
    FUZZ_CHECK(parse_path(path_text(path), "printed") == path);
  });
}
