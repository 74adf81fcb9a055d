// The strings a Dog-Cat-Mouse-cheeSe bot exchanges with the tournament, on a fixed 7 x 8 board: the
// first byte chooses the parser and the side, the rest is the text.
//  - the move string ("D 2 C 6 M 4"): parse_move never throws; an accepted string's canonical form
//    parses to the same action;
//  - the pieces map ({'S': (1, 1), 'm': None, ...}): accepted maps print back to the same state;
//  - the setup answer (((1, 1), (2, 1))): accepted answers print back to the same placement.
#include "dcms/notation.hpp"
#include "fuzz_check.hpp"

using namespace gamelab;
using namespace gamelab::dcms;

namespace {

// datasets/boards/dcms/board-002-7x8.txt with every piece placed, 3 turns played.
const char* const kPosition =
    "full 7 8 3\n"
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n"
    "WWWW        WWWWWWWW        WWWW\n"
    "WWWW                        WWWW\n"
    "WWWWWWWW    WWWWWWWW    WWWWWWWW\n"
    "WWWW                        WWWW\n"
    "WWWW                        WWWW\n"
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n"
    "S 1 1\nM 2 1\nC 2 2\nD 4 1\ns 1 6\nm 2 6\nc 2 5\nd 4 6\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const State state = parse_position_text(kPosition, "fuzz position");
  const int side = data[0] & 1;
  const std::string text = fuzz::text(data + 1, size - 1);
  switch ((data[0] >> 1) % 3) {
    case 0: {
      const MoveParse move = parse_move(state, side, text);  // reports, never throws
      if (!move.ok()) return 0;
      const MoveParse again = parse_move(state, side, move_text(move.action, side));
      FUZZ_CHECK(again.ok() && again.action == move.action);
      return 0;
    }
    case 1:
      return fuzz::refuse_or_check([&] {
        const State s = parse_pieces_map(*state.board, state.variant, state.turn, text, "fuzz");
        FUZZ_CHECK(parse_pieces_map(*s.board, s.variant, s.turn, pieces_map_text(s), "printed") == s);
      });
    default:
      return fuzz::refuse_or_check([&] {
        const Placement p = parse_placement(text, "fuzz");
        FUZZ_CHECK(parse_placement(placement_text(p), "printed") == p);
      });
  }
}
