// Dog-Cat-Mouse-cheeSe position files (`variant ROWS COLS TURN`, the board rows of 4-character cells,
// a `LETTER ROW COL` line per piece). Accepted positions print back to the same state.
#include "dcms/notation.hpp"
#include "fuzz_check.hpp"

using namespace gamelab;
using namespace gamelab::dcms;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content = fuzz::text(data, size);
  return fuzz::refuse_or_check([&] {
    const State s = parse_position_text(content, "fuzz");
    FUZZ_CHECK(parse_position_text(position_text(s), "printed") == s);
  });
}
