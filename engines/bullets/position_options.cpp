#include "bullets/position_options.hpp"

#include <charconv>
#include <iostream>
#include <iterator>

#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::bullets {

namespace {

int single_option(const PositionSpec& spec, const char* name, int fallback, int lo, int hi) {
  const std::string* text = spec.option(name);
  if (!text) return fallback;
  int min = 0, max = 0;
  parse_range(*text, std::string("--") + name, lo, hi, min, max);
  if (min != max) throw InputError(std::string("--") + name + ": '" + *text + "' must be one number here");
  return min;
}

}  // namespace

std::vector<PositionOption> position_options() {
  return {
      {"seed", "seed of the generated board without --board, and of the search (default 1)"},
      {"rows", "without --board: board height n, 5-64 (default 15)"},
      {"cols", "without --board: board width m, 5-64 (default 20)"},
      {"walls", "without --board: the generator's wall count (default 40)"},
      {"rounds", "without --board: the round limit (default 2000)", "limit"},
  };
}

std::uint64_t seed_option(const PositionSpec& spec) {
  std::uint64_t seed = 1;
  if (const std::string* text = spec.option("seed")) {
    const char* end = text->data() + text->size();
    auto [ptr, ec] = std::from_chars(text->data(), end, seed);
    if (ec != std::errc() || ptr != end) throw InputError("--seed: '" + *text + "' is not a number");
  }
  return seed;
}

// A position file (--board FILE, or - for standard input); without --board, the board generated from
// --seed/--rows/--cols/--walls at round 0 with --limit. With --board, --seed only seeds a search.
Position load_position(const PositionSpec& spec) {
  if (!spec.text.empty()) return parse_position(spec.text, spec.source);
  if (!spec.board.empty()) {
    for (const auto& [name, value] : spec.options) {
      if (name != "seed") throw InputError("--board " + spec.board + " gives the whole position; leave out --" + name);
    }
    if (spec.board == "-") {
      const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
      return parse_position(text, "standard input");
    }
    return parse_position(read_text_file(spec.board), spec.board);
  }
  const std::uint64_t seed = seed_option(spec);
  const int rows = single_option(spec, "rows", 15, kMinSize, kMaxSize);
  const int cols = single_option(spec, "cols", 20, kMinSize, kMaxSize);
  const int walls = single_option(spec, "walls", 40, 0, kMaxCells);
  const int limit = single_option(spec, "rounds", static_cast<int>(kDefaultRoundLimit), 1, 1000000000);
  return {start_state(generate_board(rows, cols, walls, seed), static_cast<std::uint32_t>(limit)), Red};
}

}  // namespace gamelab::bullets
