#include "raichu/position_options.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "raichu/notation.hpp"

namespace gamelab::raichu {

namespace {

bool looks_like_board_string(const std::string& text) {
  return !text.empty() && text.find_first_not_of(".wbWB@$") == std::string::npos;
}

}  // namespace

std::vector<PositionOption> position_options() {
  return {
      {"n", "board size: 8, 10, 12, 14 or 16 (default 8)"},
      {"side", "side to move: w or b (default w)"},
  };
}

int board_size_option(const std::map<std::string, std::string>& options) {
  const auto n = options.find("n");
  return n == options.end() ? 8 : parse_board_size(n->second, "--n");
}

// --board takes a board string or the path of a position file; --n and --side go with a string and,
// for a file, must agree with it if given.
State load_position(const PositionSpec& spec) {
  if (!spec.text.empty()) return parse_position_text(spec.text, spec.source);
  const std::string* n_text = spec.option("n");
  const std::string* side_text = spec.option("side");
  if (spec.board.empty()) {
    State state = start_position(board_size_option(spec.options));
    if (side_text) {
      state.side = parse_side(*side_text, "--side");
      state.hash = compute_hash(state);
    }
    return state;
  }
  if (looks_like_board_string(spec.board) || !std::filesystem::exists(spec.board)) {
    const int n = board_size_option(spec.options);
    const Color side = side_text ? parse_side(*side_text, "--side") : White;
    try {
      return parse_board(n, side, spec.board, "--board");
    } catch (const InputError& e) {
      if (looks_like_board_string(spec.board)) throw;
      throw InputError("--board '" + spec.board + "' is neither an existing position file nor a board string (" +
                       e.what() + ")");
    }
  }
  State state = parse_position_text(read_text_file(spec.board), spec.board);
  if (n_text && parse_board_size(*n_text, "--n") != state.n) {
    throw InputError("--n " + *n_text + " disagrees with " + spec.board + " (n = " + std::to_string(state.n) + ")");
  }
  if (side_text && parse_side(*side_text, "--side") != state.side) {
    throw InputError("--side " + *side_text + " disagrees with " + spec.board);
  }
  return state;
}

}  // namespace gamelab::raichu
