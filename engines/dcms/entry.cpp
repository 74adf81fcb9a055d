#include "dcms/entry.hpp"

#include <chrono>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/game.hpp"
#include "dcms/generator.hpp"
#include "dcms/notation.hpp"
#include "search/simultaneous_perft.hpp"

namespace gamelab::dcms {

namespace {

// A position file from the dataset (text) or from --board FILE. --variant must agree with a file that
// has pieces; a setup-phase board (no piece lines) can be played in either variant, so there it sets it.
State load_position(const PositionSpec& spec) {
  State state;
  if (!spec.text.empty()) {
    state = parse_position_text(spec.text, spec.source);
  } else if (spec.board.empty()) {
    throw InputError(
        "dcms needs --board FILE: a position file (RULES.md section 5: 'variant ROWS COLS TURN', the board rows, "
        "one 'LETTER ROW COL' line per piece); `gamelab boards dcms` writes setup-phase boards");
  } else if (!std::filesystem::is_regular_file(spec.board)) {
    throw InputError("--board " + spec.board + ": no such file; a Dog-Cat-Mouse-cheeSe position is a file (RULES.md section 5)");
  } else {
    state = parse_position_text(read_text_file(spec.board), spec.board);
  }
  const auto option = spec.options.find("variant");
  if (option != spec.options.end()) {
    const Variant variant = parse_variant(option->second, "--variant");
    if (state.phase == Phase::Setup) {
      state = setup_state(*state.board, variant, state.turn_limit);
    } else if (variant != state.variant) {
      throw InputError("--variant " + option->second + " disagrees with " + (spec.board.empty() ? spec.source : spec.board) +
                       " (variant " + variant_name(state.variant) + ")");
    }
  }
  return state;
}

PerftReport run_perft(const PerftRequest& request) {
  const State root = load_position(request.position);
  if (root.phase == Phase::Setup) {
    const std::string source = request.position.board.empty() ? request.position.source : request.position.board;
    throw InputError(source + ": a board for the setup phase (no piece lines); perft counts joint moves of placed "
                              "pieces: add one line per piece, e.g. 'S 3 1', 'M 3 2', 's 3 6', 'm 3 5'");
  }
  PerftReport report;
  report.position = position_text(root);
  report.depth = request.depth;
  const auto start = std::chrono::steady_clock::now();
  const auto entries = search::simultaneous_perft_divide<Game>(root, request.depth, request.threads);
  std::uint64_t total = 0;
  for (const auto& entry : entries) total += entry.nodes;
  report.nodes = request.depth == 0 ? 1 : total;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (request.divide) {
    for (const auto& entry : entries) {
      report.divide.push_back({joint_move_text(entry.first, entry.second),
                               pieces_map_text(play(root, entry.first, entry.second)), entry.nodes});
    }
  }
  return report;
}

std::vector<GeneratedBoard> run_generator(const BoardRequest& request) {
  const SuiteOptions options = parse_suite_options(request.options);
  std::vector<GeneratedBoard> out;
  for (auto& board : generate_suite(request.seed, request.count, options)) {
    out.push_back({std::move(board.name), std::move(board.text)});
  }
  return out;
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry;
  entry.name = "dcms";
  entry.title = "Dog-Cat-Mouse-cheeSe";
  entry.shape = GameShape::Simultaneous;
  entry.position_options = {
      {"variant", "mouse or full; must agree with a position file that has pieces, and sets the variant of a "
                  "setup-phase board"},
  };
  entry.perft = run_perft;
  entry.show = [](const PositionSpec& spec) {
    const State state = load_position(spec);
    return position_text(state) + "\n" + diagram(state);
  };
  entry.board_options = {
      {"rows", "rows per board: N or MIN-MAX (default 7-15; 3..64)"},
      {"cols", "columns per board: N or MIN-MAX (default 8-21; 4..64)"},
      {"density", "share of the inner squares that are walls: D or MIN-MAX (default 0.05-0.25; 0..0.5)"},
      {"variant", "variant written in each file: mouse or full (default full; a setup board plays either)"},
  };
  entry.generate_boards = run_generator;
  return entry;
}

}  // namespace gamelab::dcms
