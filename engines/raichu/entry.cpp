#include "raichu/entry.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "raichu/eval.hpp"
#include "raichu/export/export_python.hpp"
#include "raichu/game.hpp"
#include "raichu/match.hpp"
#include "raichu/notation.hpp"
#include "raichu/sparse_inputs.hpp"
#include "raichu/tablebase.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::raichu {

namespace {

bool looks_like_board_string(const std::string& text) {
  return !text.empty() && text.find_first_not_of(".wbWB@$") == std::string::npos;
}

// --board takes a board string or the path of a position file; --n and --side go with a string and,
// for a file, must agree with it if given.
State load_position(const PositionSpec& spec) {
  if (!spec.text.empty()) return parse_position_text(spec.text, spec.source);
  const auto option = [&](const char* name) -> const std::string* {
    auto it = spec.options.find(name);
    return it == spec.options.end() ? nullptr : &it->second;
  };
  const std::string* n_text = option("n");
  const std::string* side_text = option("side");
  if (spec.board.empty()) {
    State state = start_position(n_text ? parse_board_size(*n_text, "--n") : 8);
    if (side_text) {
      state.side = parse_side(*side_text, "--side");
      state.hash = compute_hash(state);
    }
    return state;
  }
  if (looks_like_board_string(spec.board) || !std::filesystem::exists(spec.board)) {
    const int n = n_text ? parse_board_size(*n_text, "--n") : 8;
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

}  // namespace

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Raichu", load_position);
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position);
  entry.position_options = {
      {"n", "board size: 8, 10, 12, 14 or 16 (default 8)"},
      {"side", "side to move: w or b (default w)"},
  };
  entry.play_game = play_game;
  entry.generate_openings = generate_openings;
  entry.datagen_game = datagen_game;
  entry.exports.push_back({"python", "the tournament's player: one self-contained Python 3 file (python3 FILE N PLAYER BOARD TIMELIMIT)",
                           [](const ExportRequest& request) {
                             const bool release = request.params.size() == 0;
                             const auto eval = exported_eval(request.learned.file, request.learned.add, release);
                             if (!release) return export_python(request.params, request.params_source, eval);
                             return export_python(exported_params(), exported_params_source(), eval);
                           }});
  entry.tablebase = [](const TablebaseRequest& request, const std::function<void(const TablebaseClassStats&)>& on_class) {
    tb::BuildOptions options;
    options.n = 8;
    if (const auto it = request.options.find("n"); it != request.options.end()) options.n = parse_board_size(it->second, "--n");
    options.max_pieces = request.max_pieces;
    options.folder = request.folder;
    options.threads = request.threads;
    options.on_class = on_class;
    GameEntry::TablebaseReport report;
    const tb::Tablebase tables = tb::build(options, report.classes);
    if (!request.bundle.empty()) write_file_atomic(request.bundle, tb::bundle_of(tables));
    if (request.sample_wins > 0) {
      report.won_positions = tb::sample_wins(tables, request.sample_wins, request.min_win_plies, request.seed, report.won_classes);
    }
    return report;
  };
  return entry;
}

}  // namespace gamelab::raichu
