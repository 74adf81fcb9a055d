// Raichu's position file (docs/rules/common.md §3: `N SIDE BOARD` after '#' comment lines). Accepted positions
// print as a position line that parses back to the same state.
#include "fuzz_check.hpp"
#include "raichu/notation.hpp"

using namespace gamelab;
using namespace gamelab::raichu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content = fuzz::text(data, size);
  return fuzz::refuse_or_check([&] {
    const State s = parse_position_text(content, "fuzz");
    FUZZ_CHECK(parse_position_text(position_line(s) + "\n", "printed") == s);
  });
}
