// The lenient UAI move reader (docs/rules/ataxx.md §6.2), as the lab reads an external engine's
// bestmove: the first line is a FEN, the rest the move. A move it accepts is one the generator lists.
#include "ataxx/movegen.hpp"
#include "ataxx/notation.hpp"
#include "fuzz_check.hpp"

using namespace gamelab;
using namespace gamelab::ataxx;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content = fuzz::text(data, size);
  const std::size_t newline = content.find('\n');
  if (newline == std::string::npos) return 0;
  return fuzz::refuse_or_check([&] {
    const State s = parse_position_text(content.substr(0, newline), "fuzz");
    const auto move = read_uai_move(content.substr(newline + 1), s);
    if (!move) return;
    ataxx::MoveList moves;
    generate_moves(s, moves);
    bool listed = false;
    for (const Move& m : moves) listed = listed || move_text(m) == move_text(*move);
    FUZZ_CHECK(listed);
  });
}
