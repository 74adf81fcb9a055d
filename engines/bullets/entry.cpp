#include "bullets/entry.hpp"

#include <charconv>
#include <chrono>
#include <iostream>
#include <iterator>

#include "bullets/game.hpp"
#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "search/simultaneous_perft.hpp"

namespace gamelab::bullets {

namespace {

int single_option(const PositionSpec& spec, const char* name, int fallback, int lo, int hi) {
  auto it = spec.options.find(name);
  if (it == spec.options.end()) return fallback;
  int min = 0, max = 0;
  parse_range(it->second, std::string("--") + name, lo, hi, min, max);
  if (min != max) throw InputError(std::string("--") + name + ": '" + it->second + "' must be one number here");
  return min;
}

// A position file (--board FILE, or - for standard input); without --board, the board generated from
// --seed/--rows/--cols/--walls at round 0 with --limit.
Position load_position(const PositionSpec& spec) {
  if (!spec.text.empty()) return parse_position(spec.text, spec.source);
  if (!spec.board.empty()) {
    if (!spec.options.empty()) {
      throw InputError("--board " + spec.board + " gives the whole position; leave out --" + spec.options.begin()->first);
    }
    if (spec.board == "-") {
      const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
      return parse_position(text, "standard input");
    }
    return parse_position(read_text_file(spec.board), spec.board);
  }
  std::uint64_t seed = 1;
  if (auto it = spec.options.find("seed"); it != spec.options.end()) {
    const char* end = it->second.data() + it->second.size();
    auto [ptr, ec] = std::from_chars(it->second.data(), end, seed);
    if (ec != std::errc() || ptr != end) throw InputError("--seed: '" + it->second + "' is not a number");
  }
  const int rows = single_option(spec, "rows", 15, kMinSize, kMaxSize);
  const int cols = single_option(spec, "cols", 20, kMinSize, kMaxSize);
  const int walls = single_option(spec, "walls", 40, 0, kMaxCells);
  const int limit = single_option(spec, "limit", static_cast<int>(kDefaultRoundLimit), 1, 1000000000);
  return {start_state(generate_board(rows, cols, walls, seed), static_cast<std::uint32_t>(limit)), Red};
}

PerftReport run_perft(const PerftRequest& request) {
  const Position root = load_position(request.position);
  PerftReport report;
  report.position = position_text(root.state, root.you);
  report.depth = request.depth;
  const auto start = std::chrono::steady_clock::now();
  const auto entries = search::simultaneous_perft_divide<Game>(root.state, request.depth, request.threads);
  std::uint64_t total = 0;
  for (const auto& entry : entries) total += entry.nodes;
  report.nodes = request.depth == 0 ? 1 : total;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (request.divide) {
    for (const auto& entry : entries) {
      report.divide.push_back({joint_text(entry.first, entry.second),
                               summary(play(root.state, entry.first, entry.second)), entry.nodes});
    }
  }
  return report;
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry;
  entry.name = "bullets";
  entry.title = "Bullets";
  entry.shape = GameShape::Simultaneous;
  entry.position_options = {
      {"seed", "without --board: seed of the generated board (default 1)"},
      {"rows", "without --board: board height n, 5-64 (default 15)"},
      {"cols", "without --board: board width m, 5-64 (default 20)"},
      {"walls", "without --board: the generator's wall count (default 40)"},
      {"limit", "without --board: round limit (default 2000)"},
  };
  entry.perft = run_perft;
  entry.show = [](const PositionSpec& spec) {
    const Position position = load_position(spec);
    return diagram(position.state) + "side " + side_letter(position.you) + "\n";
  };
  entry.board_options = {
      {"rows", "board height n or a range A-B (default 15-50, the tournament's)"},
      {"cols", "board width m or a range A-B (default 20-50)"},
      {"walls", "the generator's wall count or a range (default 10-200)"},
      {"limit", "round limit or a range (default 2000)"},
  };
  entry.generate_boards = [](const BoardRequest& request) {
    return generate_suite(request.seed, request.count, board_ranges(request.options));
  };
  return entry;
}

}  // namespace gamelab::bullets
