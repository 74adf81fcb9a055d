// Bullets' turn input as the tournament hands it to a bot on standard input (and position files,
// which may add `limit L`). Accepted inputs that the cell form can show print back to the same
// position, byte for byte in the tournament's form.
#include "bullets/notation.hpp"
#include "fuzz_check.hpp"

using namespace gamelab;
using namespace gamelab::bullets;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content = fuzz::text(data, size);
  return fuzz::refuse_or_check([&] {
    const Position p = parse_position(content, "fuzz");
    if (!representable(p.state)) return;
    const Position again = parse_position(position_text(p.state, p.you), "printed");
    FUZZ_CHECK(again.state == p.state && again.you == p.you);
    FUZZ_CHECK(tournament_input(again.state, again.you) == tournament_input(p.state, p.you));
  });
}
