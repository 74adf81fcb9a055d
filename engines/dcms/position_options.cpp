#include "dcms/position_options.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/notation.hpp"

namespace gamelab::dcms {

std::vector<PositionOption> position_options() {
  return {
      {"variant", "mouse or full; must agree with a position file that has pieces, and sets the variant of a "
                  "setup-phase board"},
      {"side", "search: the side the engine plays, blue or red (default blue); other commands ignore it"},
  };
}

// A position file from the dataset (text) or from --board FILE. --variant must agree with a file that
// has pieces; a setup-phase board (no piece lines) can be played in either variant, so there it sets it.
State load_position(const PositionSpec& spec) {
  State state;
  if (!spec.text.empty()) {
    state = parse_position_text(spec.text, spec.source);
  } else if (spec.board.empty()) {
    throw InputError(
        "dcms needs --board FILE: a position file (docs/rules/common.md §3: 'variant ROWS COLS TURN', the board rows, "
        "one 'LETTER ROW COL' line per piece); `gamelab boards dcms` writes setup-phase boards");
  } else if (!std::filesystem::is_regular_file(spec.board)) {
    throw InputError("--board " + spec.board + ": no such file; a Dog-Cat-Mouse-cheeSe position is a file (docs/rules/common.md §3)");
  } else {
    state = parse_position_text(read_text_file(spec.board), spec.board);
  }
  if (const std::string* variant_text = spec.option("variant")) {
    const Variant variant = parse_variant(*variant_text, "--variant");
    if (state.phase == Phase::Setup) {
      state = setup_state(*state.board, variant, state.turn_limit);
    } else if (variant != state.variant) {
      throw InputError("--variant " + *variant_text + " disagrees with " + (spec.board.empty() ? spec.source : spec.board) +
                       " (variant " + variant_name(state.variant) + ")");
    }
  }
  return state;
}

}  // namespace gamelab::dcms
