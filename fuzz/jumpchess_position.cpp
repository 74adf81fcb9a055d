// Jump chess position files (8 rows of 0/1/2, `black`/`white`, optionally `moves B W`) and the
// one-line board of 64 digits: the first byte chooses the form. Accepted positions print back to the
// same state.
#include "fuzz_check.hpp"
#include "jumpchess/notation.hpp"

using namespace gamelab;
using namespace gamelab::jumpchess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string content = fuzz::text(data + 1, size - 1);
  return fuzz::refuse_or_check([&] {
    if (data[0] & 1) {
      const Color side = (data[0] & 2) ? White : Black;
      const State s = parse_board_digits(content, side, "fuzz");
      FUZZ_CHECK(parse_board_digits(board_digits(s), side, "printed") == s);
    } else {
      const State s = parse_position_text(content, "fuzz");
      FUZZ_CHECK(parse_position_text(position_text(s), "printed") == s);
    }
  });
}
