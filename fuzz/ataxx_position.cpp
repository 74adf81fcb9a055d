// Ataxx's position file (docs/rules/ataxx.md §6.1: one FEN line after '#' comment lines). An accepted
// position prints as a FEN that reads back to a position with the same text and hash.
#include "ataxx/notation.hpp"
#include "ataxx/state.hpp"
#include "fuzz_check.hpp"

using namespace gamelab;
using namespace gamelab::ataxx;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content = fuzz::text(data, size);
  return fuzz::refuse_or_check([&] {
    const State s = parse_position_text(content, "fuzz");
    const State back = parse_position_text(position_text(s) + "\n", "printed");
    FUZZ_CHECK(position_text(back) == position_text(s));
    FUZZ_CHECK(back.hash == s.hash);
    FUZZ_CHECK(s.hash == compute_hash(s));
  });
}
