// Raichu's board string (the tournament's BOARD argument): the first byte picks n and the side to
// move, the rest is the board. Accepted boards print back unchanged, and every successor prints as a
// board the parser accepts again.
#include "fuzz_check.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"

using namespace gamelab;
using namespace gamelab::raichu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int n = 8 + 2 * (data[0] % 5);
  const Color side = (data[0] & 0x80) ? Black : White;
  const std::string board = fuzz::text(data + 1, size - 1);
  return fuzz::refuse_or_check([&] {
    const State s = parse_board(n, side, board, "fuzz");
    FUZZ_CHECK(board_string(s) == board);
    FUZZ_CHECK(s.hash == compute_hash(s));
    if (result(s).over()) return;
    raichu::MoveList moves;
    generate_moves(s, moves);
    for (const Move& m : moves) {
      const State next = play(s, m);
      const State reparsed = parse_board(n, next.side, board_string(next), "successor");  // ply 0, not 1
      FUZZ_CHECK(reparsed.hash == next.hash && board_string(reparsed) == board_string(next));
    }
  });
}
