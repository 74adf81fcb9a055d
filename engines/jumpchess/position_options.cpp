#include "jumpchess/position_options.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/path.hpp"

namespace gamelab::jumpchess {

namespace {

// "--moves 'B W'": two counts.
void parse_moves_option(const std::string& text, int& black, int& white) {
  std::size_t used = 0;
  try {
    black = std::stoi(text, &used);
    const std::string rest = text.substr(used);
    white = std::stoi(rest, &used);
    if (rest.find_first_not_of(" \t", used) != std::string::npos) throw std::invalid_argument("extra");
  } catch (const std::exception&) {
    throw InputError("--moves '" + text + "': expected two counts 'B W' (moves made by Black and White)");
  }
}

// The position before --path: a position file (text or path), a 64-digit board, or the start position.
// --side and --moves go with a board on the command line and, for a file, must agree with it if given.
State base_position(const PositionSpec& spec) {
  const std::string* side_text = spec.option("side");
  const std::string* moves_text = spec.option("moves");
  if (spec.text.empty() && !spec.board.empty() &&
      (looks_like_board_digits(spec.board) || !std::filesystem::exists(spec.board))) {
    const Color side = side_text ? parse_side(*side_text, "--side") : Black;
    int black = 0, white = 0;
    if (moves_text) parse_moves_option(*moves_text, black, white);
    try {
      const State s = parse_board_digits(spec.board, side, "--board");
      return make_position(s.pieces[Black], s.pieces[White], side, black, white, "--board with --side/--moves");
    } catch (const InputError& e) {
      if (looks_like_board_digits(spec.board)) throw;
      throw InputError("--board '" + spec.board + "' is neither an existing position file nor a board of 64 digits (" +
                       e.what() + ")");
    }
  }
  if (spec.text.empty() && spec.board.empty()) {
    State state = start_position();
    int black = 0, white = 0;
    if (moves_text) parse_moves_option(*moves_text, black, white);
    const Color side = side_text ? parse_side(*side_text, "--side") : Black;
    return make_position(state.pieces[Black], state.pieces[White], side, black, white, "start position");
  }
  const std::string source = spec.text.empty() ? spec.board : spec.source;
  const State state = parse_position_text(spec.text.empty() ? read_text_file(spec.board) : spec.text, source);
  if (side_text && parse_side(*side_text, "--side") != state.side) {
    throw InputError("--side " + *side_text + " disagrees with " + source + " (" + side_name(state.side) + " to move)");
  }
  if (moves_text) {
    int black = 0, white = 0;
    parse_moves_option(*moves_text, black, white);
    if (black != state.moves_made[Black] || white != state.moves_made[White]) {
      throw InputError("--moves '" + *moves_text + "' disagrees with " + source);
    }
  }
  return state;
}

}  // namespace

std::vector<PositionOption> position_options() {
  return {
      {"side", "side to move: black or white (default black)"},
      {"moves", "moves already made by Black and White, e.g. '120 119' (default '0 0')"},
      {"path", "moves to play first, as paths separated by ';', e.g. '[(2,2), (2,3)]; [(5,5), (5,4)]'"},
  };
}

// The position, then the paths of --path (separated by ';') played from it in turn.
State load_position(const PositionSpec& spec) {
  State state = base_position(spec);
  if (const std::string* paths = spec.option("path")) {
    std::size_t start = 0;
    for (int k = 1;; ++k) {
      const std::size_t end = paths->find(';', start);
      const std::string what = "--path move " + std::to_string(k);
      const std::string one = paths->substr(start, end == std::string::npos ? std::string::npos : end - start);
      const Path path = parse_path(one, what);
      state = play_path(state, path, what + " " + path_text(path));
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  return state;
}

}  // namespace gamelab::jumpchess
