#include "dcms/entry.hpp"

#include "core/error.hpp"
#include "dcms/export/export_python.hpp"
#include "dcms/game.hpp"
#include "dcms/generator.hpp"
#include "dcms/match.hpp"
#include "dcms/notation.hpp"
#include "dcms/position_options.hpp"
#include "dcms/search_report.hpp"
#include "dcms/sparse_inputs.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"

namespace gamelab::dcms {

namespace {

PerftReport run_perft(const PerftRequest& request) {
  const State root = load_position(request.position);
  if (root.phase == Phase::Setup) {
    const std::string source = request.position.board.empty() ? request.position.source : request.position.board;
    throw InputError(source + ": a board for the setup phase (no piece lines); perft counts joint moves of placed "
                              "pieces: add one line per piece, e.g. 'S 3 1', 'M 3 2', 's 3 6', 'm 3 5'");
  }
  return simultaneous_perft<Game>(root, position_text(root), request, joint_move_text, pieces_map_text);
}

SearchReport run_search(const SearchRequest& request) {
  return search_report(load_position(request.position), search_side(request.position), request);
}

std::vector<GeneratedBoard> run_generator(const BoardRequest& request) {
  const SuiteOptions options = parse_suite_options(request.options);
  std::vector<GeneratedBoard> out;
  for (auto& board : generate_suite(request.seed, request.count, options)) {
    out.push_back({std::move(board.name), std::move(board.text)});
  }
  return out;
}

// "D2C5M4" -> "D 2 C 5 M 4": the move string of docs/rules/dcms.md §4 (pairs of one letter, one digit).
std::string spaced_pairs(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (k > 0) out += ' ';
    out += text[k];
  }
  return out;
}

std::string dcms_canonical(const std::string& text, const std::string& token) {
  using namespace dcms;
  const State s = parse_position_text(text, "position");
  if (s.phase == Phase::Setup || ends_before_moves(s)) return "";
  const std::size_t middle = token.find("][");
  if (token.size() < 4 || token.front() != '[' || token.back() != ']' || middle == std::string::npos) return "";
  const MoveParse blue = parse_move(s, kBlue, spaced_pairs(token.substr(1, middle - 1)));
  const MoveParse red = parse_move(s, kRed, spaced_pairs(token.substr(middle + 2, token.size() - middle - 3)));
  if (!blue.ok() || !red.ok()) return "";
  return without_blanks(joint_move_text(blue.action, red.action));
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Dog-Cat-Mouse-cheeSe", load_position);
  entry.position_options = position_options();
  entry.perft = run_perft;  // a setup-phase board has no joint moves to count
  entry.tree_moves = [](const std::string& text) {
    if (parse_position_text(text, "position").phase == Phase::Setup) return std::vector<TreeMove>{};
    return tree_moves_of<Game>(text);
  };
  entry.canonical_move = dcms_canonical;
  entry.board_options = {
      {"rows", "rows per board: N or MIN-MAX (default 7-15; 3..64)"},
      {"cols", "columns per board: N or MIN-MAX (default 8-21; 4..64)"},
      {"density", "share of the inner squares that are walls: D or MIN-MAX (default 0.05-0.25; 0..0.5)"},
      {"variant", "variant written in each file: mouse or full (default full; a setup board plays either)"},
  };
  entry.generate_boards = run_generator;
  entry.default_params = default_params;
  entry.search = run_search;
  entry.play_game = play_game;
  entry.bot_time_limit_s = 5;  // docs/rules/dcms.md
  entry.eval_weights = kFeatureCount;
  entry.features = features_of<Game>;
  entry.datagen_game = datagen_game;
  entry.learned_eval = true;  // game.hpp LearnedEval: eval=FILE on --engine, --eval on search, bench, datagen, tune spsa
  entry.sparse_inputs = simultaneous_sparse_inputs<kSparseMaxActive>(kSparseInputName, kSparseInputCount, parse_position_text);
  entry.handmade_eval = simultaneous_handmade_eval(parse_position_text, [](const State& state, const int* weights) {
    return evaluate(state, weights);  // SearchGame::evaluate, what the MCTS adds a learned file to
  });
  for (const Variant variant : {Variant::Full, Variant::Mouse}) {
    const bool full = variant == Variant::Full;
    const auto write = [variant](const ParamSet& params, const std::string& source, const learned::ExportedEval& eval) {
      return export_python(params, source, variant, eval);
    };
    entry.exports.push_back(export_format(full ? "python" : "python-mouse",
                                          std::string("the tournament's player: one self-contained Python 3 file with setup() "
                                                      "and move(), setup() placing ") +
                                              (full ? "all four pieces (full variant)" : "cheeSe and Mouse (mouse variant, round 1)"),
                                          write, exported_params, exported_params_source, exported_eval));
  }
  return entry;
}

}  // namespace gamelab::dcms
