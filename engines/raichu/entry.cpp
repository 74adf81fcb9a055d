#include "raichu/entry.hpp"

#include "core/text_file.hpp"
#include "raichu/eval.hpp"
#include "raichu/export/export_python.hpp"
#include "raichu/game.hpp"
#include "raichu/match.hpp"
#include "raichu/position_options.hpp"
#include "raichu/tablebase.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::raichu {

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Raichu", load_position);
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position);
  entry.position_options = position_options();
  entry.play_game = play_game;
  entry.generate_openings = generate_openings;
  entry.datagen_game = datagen_game;
  entry.exports.push_back(export_format("python",
                                        "the tournament's player: one self-contained Python 3 file (python3 FILE N PLAYER BOARD TIMELIMIT)",
                                        export_python, exported_params, exported_params_source, exported_eval));
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
