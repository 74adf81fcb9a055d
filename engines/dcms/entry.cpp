#include "dcms/entry.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/export/export_python.hpp"
#include "dcms/game.hpp"
#include "dcms/generator.hpp"
#include "dcms/match.hpp"
#include "dcms/notation.hpp"
#include "dcms/search_report.hpp"
#include "dcms/sparse_inputs.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"

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
        "dcms needs --board FILE: a position file (docs/rules/common.md §3: 'variant ROWS COLS TURN', the board rows, "
        "one 'LETTER ROW COL' line per piece); `gamelab boards dcms` writes setup-phase boards");
  } else if (!std::filesystem::is_regular_file(spec.board)) {
    throw InputError("--board " + spec.board + ": no such file; a Dog-Cat-Mouse-cheeSe position is a file (docs/rules/common.md §3)");
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

std::vector<TreeMove> dcms_moves(const std::string& text) {
  using namespace dcms;
  const State s = parse_position_text(text, "position");
  std::vector<TreeMove> out;
  if (s.phase == Phase::Setup || ends_before_moves(s)) return out;
  dcms::ActionList blue, red;
  generate_actions(s, kBlue, blue);
  generate_actions(s, kRed, red);
  for (const auto& b : blue) {
    for (const auto& r : red) {
      const State child = play(s, b, r);
      out.push_back({without_blanks(joint_move_text(b, r)), position_text(child), ends_before_moves(child)});
    }
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
  GameEntry entry;
  entry.name = "dcms";
  entry.title = "Dog-Cat-Mouse-cheeSe";
  entry.shape = GameShape::Simultaneous;
  entry.position_options = {
      {"variant", "mouse or full; must agree with a position file that has pieces, and sets the variant of a "
                  "setup-phase board"},
      {"side", "search: the side the engine plays, blue or red (default blue); other commands ignore it"},
  };
  entry.perft = run_perft;
  entry.tree_moves = dcms_moves;
  entry.canonical_move = dcms_canonical;
  entry.random_game = random_game<Game>;
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
    entry.exports.push_back({full ? "python" : "python-mouse",
                             std::string("the tournament's player: one self-contained Python 3 file with setup() and move(), "
                                         "setup() placing ") + (full ? "all four pieces (full variant)" : "cheeSe and Mouse (mouse variant, round 1)"),
                             [variant](const ExportRequest& request) {
                               const bool release = request.params.size() == 0;
                               const auto eval = exported_eval(request.learned.file, request.learned.add, release);
                               if (!release) return export_python(request.params, request.params_source, variant, eval);
                               return export_python(exported_params(), exported_params_source(), variant, eval);
                             }});
  }
  return entry;
}

}  // namespace gamelab::dcms
