// `gamelab export dcms --python` (and --python-mouse): the exported file is checked against the engine
// (check_dcms.py imports it: the same actions, joint results, evaluation and narrowed search actions on
// 2,000 random positions; the same root pruning and proven actions from the serialized bounds and the
// same max-min value at depths 1 and 2; the same placement candidates and placement search; and the
// module's shortcuts against its own reference: piece scores against the full evaluation, the actions
// made one at a time against the listed ones), then called as the tournament calls it (call_dcms.py:
// setup() and move() with the board as a tuple of tuples and the pieces map with None for captured
// pieces): every answer is legal and on time, bad arguments raise ValueError naming the argument, and
// under GAMELAB_NODES every move searches the budget and answers the same twice. With a learned
// evaluation file (`--eval FILE --eval-mode add|replace`; dcms_learned.py): the same inputs, output,
// learned value and leaf evaluation as the engine's MCTS on 10,000 positions, for both forms and both
// modes, legal answers, and another game's file refused.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common/dcms_positions.hpp"
#include "core/eval_file.hpp"
#include "core/rng.hpp"
#include "dcms/distances.hpp"
#include "dcms/engine.hpp"
#include "dcms/eval.hpp"
#include "dcms/export/export_python.hpp"
#include "dcms/game.hpp"
#include "dcms/generator.hpp"
#include "dcms/notation.hpp"
#include "dcms/protocol.hpp"
#include "dcms/rules.hpp"
#include "dcms/search_actions.hpp"
#include "dcms/setup.hpp"
#include "dcms/setup_search.hpp"
#include "dcms/sparse_inputs.hpp"
#include "common/python_export.hpp"

using namespace python_export_test;
using namespace gamelab::dcms;
using gamelab::ProcessResult;
using nlohmann::json;

namespace {

using gamelab_test::dcms::suite_boards;

int square_index(const State& s, Square sq) { return sq == kNoSquare ? -1 : row_of(sq) * s.board->cols() + col_of(sq); }

json pos_json(const State& s) {
  json out = json::array();
  for (int piece = 0; piece < kPieces; ++piece) out.push_back(square_index(s, s.pos[piece]));
  return out;
}

// The position as the tournament hands it to move(): the board rows and the pieces map, every key of
// the variant present (None, here null, for a piece off the board); the turn for the module's counter.
json position_json(const State& s) {
  json pieces = json::object();
  for (int rank = 0; rank < rank_count(s.variant); ++rank) {
    for (int side = 0; side < 2; ++side) {
      const Square sq = s.at(side, rank);
      pieces[std::string(1, piece_letter(side, rank))] =
          sq == kNoSquare ? json(nullptr) : json::array({row_of(sq), col_of(sq)});
    }
  }
  return {{"rows", s.board->rows()}, {"cols", s.board->cols()}, {"board", board_rows(*s.board)},
          {"variant", variant_name(s.variant)}, {"turn", s.turn}, {"pieces", pieces}};
}

// Seeded positions in play: random legal placements on the suite's boards, then 0..39 random turns;
// the turn count set anywhere in 0..59 (the evaluation's race and late-material terms read it).
std::vector<State> random_positions(std::size_t count, std::uint64_t seed) {
  const std::vector<Board> boards = suite_boards();
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (out.size() < count) {
    const Variant variant = out.size() % 2 ? Variant::Full : Variant::Mouse;
    State s = gamelab_test::dcms::random_play(setup_state(boards[rng.below(boards.size())], variant), rng, 39);
    if (ends_before_moves(s)) continue;
    s.turn = static_cast<std::uint8_t>(rng.below(kDefaultTurnLimit));
    s.hash = compute_hash(s);
    out.push_back(s);
  }
  return out;
}

std::string digits(const Action& a) { return {char('0' + a.digit[0]), char('0' + a.digit[1]), char('0' + a.digit[2])}; }

json action_texts(const ActionList& list) {
  json out = json::array();
  for (const Action& a : list) out.push_back(digits(a));
  return out;
}

json terminal_json(const State& s) {
  const auto t = terminal_value(s);
  return t ? json(*t) : json(nullptr);
}

json position_case(const State& s, const gamelab::ParamSet& params, gamelab::Rng& rng) {
  json c = position_json(s);
  c["kind"] = "position";
  const int quiet = EngineKnobs::from(params).quiet_moves;
  ActionList actions[2];
  for (int side = 0; side < 2; ++side) {
    generate_actions(s, side, actions[side]);
    c["actions"].push_back(action_texts(actions[side]));
    ActionList narrowed;
    search_actions(s, side, quiet, params.values().data(), narrowed);
    c["search_actions"].push_back(action_texts(narrowed));
  }
  for (int k = 0; k < 8; ++k) {
    const std::size_t i = rng.below(actions[0].size()), j = rng.below(actions[1].size());
    const State next = play(s, actions[0][i], actions[1][j]);
    c["joint"].push_back({i, j, pos_json(next), terminal_json(next)});
  }
  std::array<int, kFeatureCount> f;
  feature_counts(s, f);
  c["features"] = f;
  c["eval"] = evaluate(s, params.values().data());
  return c;
}

// Blue's max-min value over the search's actions at `depth` joint plies (blue commits first), in
// integers: the evaluation at the leaves, +-100000 or 0 for a finished game.
int maxmin(const State& s, int depth, const gamelab::ParamSet& params) {
  if (const auto t = terminal_value(s)) return *t == 1.0 ? 100000 : *t == 0.0 ? -100000 : 0;
  if (depth == 0) return evaluate(s, params.values().data());
  const int quiet = EngineKnobs::from(params).quiet_moves;
  ActionList a, b;
  search_actions(s, kBlue, quiet, params.values().data(), a);
  search_actions(s, kRed, quiet, params.values().data(), b);
  int best = -1000000;
  for (const Action& x : a) {
    int worst = 1000000;
    for (const Action& y : b) worst = std::min(worst, maxmin(play(s, x, y), depth - 1, params));
    best = std::max(best, worst);
  }
  return best;
}

// The engine's root pruning and proven actions (serialized bounds, mcts_bound_depth), and max-min values.
json search_case(const State& s, const gamelab::ParamSet& params, bool depth_two) {
  json c = position_json(s);
  c["kind"] = "search";
  const std::vector<int> weights = params.values();
  SearchConfig config{weights.data(), EngineKnobs::from(params).quiet_moves};
  for (int side = 0; side < 2; ++side) {
    gamelab::search::SimultaneousMcts<SearchGame> mcts(weights, gamelab::search::MctsKnobs::from(params), 1);
    gamelab::SearchLimits limits;
    limits.nodes = 1;
    const auto found = mcts.search(SearchState{s, &config}, side, limits);
    if (side == 0) {
      for (int p = 0; p < 2; ++p) {
        json allowed = json::array();
        for (const char pruned : found.pruned[p]) allowed.push_back(pruned ? 0 : 1);
        c["allowed"].push_back(allowed);
      }
    }
    json proven = nullptr;
    if (found.proven) {
      const auto& list = found.actions[side];
      proven = std::find(list.begin(), list.end(), *found.action) - list.begin();
    }
    c["proven"].push_back(proven);
  }
  c["maxmin1"] = maxmin(s, 1, params);
  if (depth_two) c["maxmin2"] = maxmin(s, 2, params);
  return c;
}

// The position with one side's Mouse moved to a square two king steps or less from the enemy
// cheeSe (then the captures resolved as after a turn), so that one-turn wins and losses are near.
State mouse_near_cheese(State s, gamelab::Rng& rng) {
  const int side = static_cast<int>(rng.below(2));
  const Square cheese = s.at(other(side), kCheese);
  if (!s.on_board(side, kMouse) || cheese == kNoSquare) return s;
  const Distances& d = distances(s.board);
  std::vector<Square> near;
  for (const Square sq : d.squares()) {
    if (d.at(sq, cheese) >= 1 && d.at(sq, cheese) <= 2) near.push_back(sq);
  }
  if (near.empty()) return s;
  s.pos[piece_index(side, kMouse)] = near[rng.below(near.size())];
  resolve_captures(s);
  s.hash = compute_hash(s);
  return s;
}

std::size_t search_action_product(const State& s, const gamelab::ParamSet& params) {
  std::size_t product = 1;
  for (int side = 0; side < 2; ++side) {
    ActionList list;
    search_actions(s, side, EngineKnobs::from(params).quiet_moves, params.values().data(), list);
    product *= list.size();
  }
  return product;
}

json placements_json(const Board& board, const std::vector<Placement>& list) {
  json out = json::array();
  for (const Placement& p : list) {
    json squares = json::array();
    for (int rank = 0; rank < p.count; ++rank) squares.push_back(p.cells[rank].row * board.cols() + p.cells[rank].col);
    out.push_back(squares);
  }
  return out;
}

json setup_case(const Board& board, Variant variant, const gamelab::ParamSet& params, bool search) {
  json c = {{"kind", "setup"}, {"rows", board.rows()}, {"cols", board.cols()}, {"board", board_rows(board)},
            {"variant", variant_name(variant)}};
  const EngineKnobs knobs = EngineKnobs::from(params);
  for (int side = 0; side < 2; ++side) c["candidates"].push_back(placements_json(board, placement_candidates(board, variant, side, knobs)));
  if (search) {
    const std::vector<int> weights = params.values();
    for (int side = 0; side < 2; ++side) {
      gamelab::Rng rng(1);
      const PlacementSearch found = search_placement(setup_state(board, variant), side, weights.data(), knobs,
                                                     gamelab::search::MctsKnobs::from(params), rng);
      json result = {{"placement", placements_json(board, {found.placement})[0]}};
      for (int p = 0; p < 2; ++p) {
        result["candidates"].push_back(placements_json(board, found.candidates[p]));
        result["strategy"].push_back(found.strategy[p]);
      }
      c["search"].push_back(result);
    }
  }
  return c;
}

// ---- the tournament's calls ------------------------------------------------------------------------

struct CallAnswer {
  json call;
  json answer;  // {"answer": ..., "seconds": ...} or {"error": type, "message": ...}
};

// Runs call_dcms.py on the calls with the module's TIME_LIMIT set to `time_limit` seconds.
std::vector<CallAnswer> call_module(const std::string& module, const std::vector<json>& calls, double time_limit,
                                    const std::string& name) {
  const std::string cases = write_cases(name, calls);
  const ProcessResult run = run_python({driver("call_dcms.py"), module, cases, std::to_string(time_limit)},
                                       30 + 3 * time_limit * static_cast<double>(calls.size()));
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<json> answers = json_lines(run.out);
  REQUIRE(answers.size() == calls.size());
  std::vector<CallAnswer> out;
  for (std::size_t k = 0; k < calls.size(); ++k) out.push_back({calls[k], answers[k]});
  return out;
}

json setup_call(const Board& board, int color) {
  return {{"kind", "setup"}, {"color", color}, {"rows", board.rows()}, {"cols", board.cols()}, {"board", board_rows(board)}};
}

json move_call(const State& s, int color) {
  json c = position_json(s);
  c["kind"] = "move";
  c["color"] = color;
  return c;
}

void require_legal_setup(const CallAnswer& a, const Board& board, Variant variant, double limit) {
  INFO(a.call.dump() << "\n" << a.answer.dump());
  REQUIRE(a.answer.contains("answer"));
  const Placement p = parse_placement(a.answer["answer"].get<std::string>());
  CHECK(placement_problem(board, variant, a.call["color"].get<int>(), p).empty());
  CHECK(a.answer["seconds"].get<double>() < limit);
}

void require_legal_move(const CallAnswer& a, const State& s, double limit) {
  INFO(a.call.dump() << "\n" << a.answer.dump());
  REQUIRE(a.answer.contains("answer"));
  const MoveParse parsed = parse_move(s, a.call["color"].get<int>(), a.answer["answer"].get<std::string>());
  INFO(parsed.message);
  CHECK(parsed.ok());
  CHECK(a.answer["seconds"].get<double>() < limit);
}

// Full-variant positions with captured pieces (None in the map), both sides still with a piece to move.
std::vector<State> positions_with_captures(std::size_t count) {
  std::vector<State> out;
  for (const State& s : random_positions(1000, 5)) {
    bool movable = true;
    for (int side = 0; side < 2; ++side) movable = movable && s.piece_count(side) > 1;
    if (s.variant == Variant::Full && s.piece_count(kBlue) + s.piece_count(kRed) < 8 && movable && out.size() < count) {
      out.push_back(s);
    }
  }
  return out;
}

// ---- learned evaluation files ----------------------------------------------------------------------

// An evaluation file of `game` over `inputs` (`count` inputs, at most `max_active` on) with seeded random
// weights as large as its reader allows (the trainer's clip, 1.98, quantised: the network's sums often
// pass both ends of the clipped ReLU), written to `path` as `gamelab train` writes files.
void write_random_eval(const std::string& path, bool network, std::uint32_t hidden, std::uint64_t seed,
                       const std::string& game = "dcms", const std::string& inputs = kSparseInputName,
                       std::uint32_t count = kSparseInputCount, std::uint32_t max_active = kSparseMaxActive) {
  gamelab::Rng rng(seed);
  const auto uniform = [&rng](int bound) { return static_cast<int>(rng.below(2 * static_cast<std::uint64_t>(bound) + 1)) - bound; };
  gamelab::learned::EvalFile file;
  file.game = game;
  file.inputs = inputs;
  file.max_active = max_active;
  file.note = "random weights for dcms_export_test";
  if (network) {
    gamelab::learned::SparseNetwork net;
    net.inputs = count;
    net.hidden = hidden;
    net.scale = 100;
    const int ft = 505;  // 1.98 x QA
    for (std::size_t k = 0; k < std::size_t{count} * hidden; ++k) net.ft_weights.push_back(static_cast<std::int16_t>(uniform(ft)));
    for (std::uint32_t k = 0; k < hidden; ++k) net.ft_bias.push_back(static_cast<std::int16_t>(uniform(ft)));
    for (std::uint32_t k = 0; k < 2 * hidden; ++k) net.out_weights.push_back(static_cast<std::int16_t>(uniform(2027)));  // 1.98 x QB
    net.out_bias = uniform(517000);  // 1.98 x QA x QB
    file.model = std::move(net);
  } else {
    gamelab::learned::SparseLinear linear;
    linear.inputs = count;
    linear.scale = 100;
    for (std::uint32_t k = 0; k < count; ++k) linear.weights.push_back(uniform(8110));  // 1.98 x 4096
    linear.bias = uniform(8110);
    file.model = std::move(linear);
  }
  gamelab::learned::write_eval_file(path, file);
}

// `gamelab export dcms --<flag> FILE --eval EVAL --eval-mode MODE`: the run (the file is work_folder()/name).
ProcessResult export_with_eval(const std::string& flag, const std::string& name, const std::string& eval,
                               const std::string& mode) {
  const std::string path = (work_folder() / name).string();
  return gamelab::run_process({GAMELAB_BINARY, "export", "dcms", "--" + flag, path, "--eval", eval, "--eval-mode", mode}, "", 60);
}

std::string exported_with_eval(const std::string& flag, const std::string& name, const std::string& eval,
                               const std::string& mode) {
  const ProcessResult run = export_with_eval(flag, name, eval, mode);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  return (work_folder() / name).string();
}

// Seeded positions in play for the learned evaluation: random legal placements and random play on
// boards the generator draws (7-15 rows, 8-21 columns, walls 5-25 %: the lab's self-play range) and
// on the committed suite's, the turn count set anywhere in 0..59 (the inputs read the turns left).
std::vector<State> learned_positions(std::size_t count, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  std::vector<Board> boards = suite_boards();
  for (int k = 0; k < 40; ++k) {
    const int rows = 7 + static_cast<int>(rng.below(9)), cols = 8 + static_cast<int>(rng.below(14));
    boards.push_back(generate_board(rows, cols, 0.05 + 0.2 * rng.unit(), rng.next()));
  }
  std::vector<State> out;
  while (out.size() < count) {
    const Variant variant = out.size() % 2 ? Variant::Full : Variant::Mouse;
    State s = gamelab_test::dcms::random_play(setup_state(boards[rng.below(boards.size())], variant), rng, 45);
    s.turn = static_cast<std::uint8_t>(rng.below(kDefaultTurnLimit));
    s.hash = compute_hash(s);
    if (!ends_before_moves(s)) out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("the dcms exports are Python 3.6 with the standard library only", "[python][dcms]") {
  for (const std::string flag : {"python", "python-mouse"}) {
    const std::string file = exported("dcms", flag);
    const ProcessResult run = run_python({driver("check_syntax.py"), file}, 60);
    INFO(flag << "\n" << run.out << run.err);
    REQUIRE(run.exit_code == 0);
    const std::string text = gamelab::read_text_file(file);
    CHECK(text.find(std::string("VARIANT = \"") + (flag == "python" ? "full" : "mouse") + "\"") != std::string::npos);
    const gamelab::ParamSet params = exported_params();
    for (const auto& p : params.all()) CHECK(text.find(std::to_string(p.value) + ",") != std::string::npos);
    CHECK(text.find(exported_params_source()) != std::string::npos);
  }
  gamelab::ParamSet other("raichu", {{"eval_x", 1, 0, 2, 1, 0.002}});
  CHECK_THROWS_WITH(export_python(other, "x", Variant::Full, {}), Catch::Contains("not Dog-Cat-Mouse-cheeSe's"));
}

TEST_CASE("the dcms export has the engine's rules, evaluation and search actions on 2,000 positions", "[python][dcms]") {
  const gamelab::ParamSet params = exported_params();
  gamelab::Rng rng(3);
  std::vector<json> cases;
  for (const State& s : random_positions(2000, 21)) cases.push_back(position_case(s, params, rng));
  require_driver_agrees("check_dcms.py", exported("dcms", "python"), write_cases("dcms_positions.jsonl", cases), 900);
}

TEST_CASE("the dcms export prunes the root as the engine's serialized bounds do, and agrees on max-min values",
          "[python][dcms]") {
  const gamelab::ParamSet params = exported_params();
  std::vector<json> cases;
  int mouse = 0, full = 0, pruned = 0, proven = 0;
  gamelab::Rng rng(45);
  for (const State& random : random_positions(3000, 44)) {
    // Half of them with a Mouse two steps or less from the enemy cheeSe, half of them on the last
    // turn (every joint move ends the game): there the bounds decide.
    State s = rng.below(2) ? mouse_near_cheese(random, rng) : random;
    if (rng.below(2) == 0) {
      s.turn = kDefaultTurnLimit - 1;
      s.hash = compute_hash(s);
    }
    if (ends_before_moves(s)) continue;
    const std::size_t product = search_action_product(s, params);
    json c;
    if (s.variant == Variant::Mouse && mouse < 60 && product <= 81) {
      c = search_case(s, params, true);
      ++mouse;
    } else if (s.variant == Variant::Full && full < 60 && product <= 3000) {
      c = search_case(s, params, false);
      ++full;
    } else {
      continue;
    }
    const std::string allowed = c["allowed"].dump();
    pruned += allowed.find('0') != std::string::npos;
    proven += !c["proven"][0].is_null() || !c["proven"][1].is_null();
    cases.push_back(c);
  }
  REQUIRE(cases.size() == 120);
  INFO(pruned << " cases with actions pruned, " << proven << " with a proven action");
  CHECK(pruned >= 10);  // the cases exercise the pruning and the proofs
  CHECK(proven >= 10);
  require_driver_agrees("check_dcms.py", exported("dcms", "python"), write_cases("dcms_search.jsonl", cases), 900);
}

TEST_CASE("the dcms export chooses the engine's placement candidates and placement", "[python][dcms]") {
  const gamelab::ParamSet params = exported_params();
  const std::vector<Board> boards = suite_boards();
  std::vector<json> cases;
  for (std::size_t k = 0; k < boards.size(); k += 5) cases.push_back(setup_case(boards[k], k % 2 ? Variant::Full : Variant::Mouse, params, false));
  cases.push_back(setup_case(boards[1], Variant::Full, params, true));
  cases.push_back(setup_case(boards[2], Variant::Mouse, params, true));
  require_driver_agrees("check_dcms.py", exported("dcms", "python"), write_cases("dcms_setup.jsonl", cases), 900);
}

TEST_CASE("the dcms export answers setup() and move() legally and on time, None for captured pieces", "[python][dcms][timed]") {
  const std::vector<Board> boards = suite_boards();
  const double limit = 0.5;  // the module's TIME_LIMIT for this test (the tournament's 5 s: [slow] below)
  SECTION("full variant") {
    std::vector<json> calls = {setup_call(boards[3], kBlue), setup_call(boards[8], kRed)};
    std::vector<State> states;
    for (const State& s : random_positions(4, 9)) {
      if (s.variant == Variant::Full) states.push_back(s);
    }
    for (const State& s : positions_with_captures(3)) states.push_back(s);
    REQUIRE(states.size() == 5);
    for (std::size_t k = 0; k < states.size(); ++k) calls.push_back(move_call(states[k], static_cast<int>(k % 2)));
    const auto answers = call_module(exported("dcms", "python"), calls, limit, "dcms_calls_full.jsonl");
    require_legal_setup(answers[0], boards[3], Variant::Full, limit);
    require_legal_setup(answers[1], boards[8], Variant::Full, limit);
    for (std::size_t k = 0; k < states.size(); ++k) require_legal_move(answers[2 + k], states[k], limit);
  }
  SECTION("mouse variant") {
    std::vector<json> calls = {setup_call(boards[5], kBlue), setup_call(boards[5], kRed)};
    std::vector<State> states;
    for (const State& s : random_positions(4, 10)) {
      if (s.variant == Variant::Mouse) states.push_back(s);
    }
    for (std::size_t k = 0; k < states.size(); ++k) calls.push_back(move_call(states[k], static_cast<int>(k % 2)));
    const auto answers = call_module(exported("dcms", "python-mouse"), calls, limit, "dcms_calls_mouse.jsonl");
    require_legal_setup(answers[0], boards[5], Variant::Mouse, limit);
    require_legal_setup(answers[1], boards[5], Variant::Mouse, limit);
    for (std::size_t k = 0; k < states.size(); ++k) require_legal_move(answers[2 + k], states[k], limit);
  }
}

TEST_CASE("the dcms export answers within the tournament's 5 seconds", "[python][dcms][slow]") {
  const std::vector<Board> boards = suite_boards();
  std::vector<json> calls;
  std::vector<Board> setup_boards;
  for (std::size_t k = 0; k < boards.size(); k += 12) {
    calls.push_back(setup_call(boards[k], static_cast<int>(k % 2)));
    setup_boards.push_back(boards[k]);
  }
  std::vector<State> states;
  for (const State& s : random_positions(4, 17)) {
    if (s.variant == Variant::Full) states.push_back(s);
  }
  for (std::size_t k = 0; k < states.size(); ++k) calls.push_back(move_call(states[k], static_cast<int>(k % 2)));
  const auto answers = call_module(exported("dcms", "python"), calls, 5.0, "dcms_calls_5s.jsonl");
  for (std::size_t k = 0; k < setup_boards.size(); ++k) require_legal_setup(answers[k], setup_boards[k], Variant::Full, 5.0);
  for (std::size_t k = 0; k < states.size(); ++k) require_legal_move(answers[setup_boards.size() + k], states[k], 5.0);
}

TEST_CASE("the dcms export reads the board leniently where its meaning is clear", "[python][dcms]") {
  // The handout shows an empty cell as one blank while calling it "a string with 4 blanks"; any cell
  // but the wall marker is open, and the border is a wall whatever it shows. Each reading must give
  // a legal placement on the board it means.
  const std::vector<Board> boards = suite_boards();
  const json exact = setup_call(boards[3], kBlue);
  std::vector<json> cells;
  for (const auto& row : exact["board"]) {
    json line = json::array();
    const std::string text = row.get<std::string>();
    for (std::size_t c = 0; c < text.size(); c += 4) line.push_back(text.substr(c, 4));
    cells.push_back(line);
  }
  json one_blank = exact, trailing = exact, odd_border = exact;
  one_blank["cells"] = trailing["cells"] = odd_border["cells"] = cells;
  for (auto& row : one_blank["cells"]) {
    for (auto& cell : row) if (cell == "    ") cell = " ";
  }
  for (auto& row : trailing["cells"]) {
    for (auto& cell : row) cell = cell == "WWWW" ? "WWWW\n" : "";  // line ends, empty strings
  }
  odd_border["cells"][1][0] = "XXXX";  // a border cell that does not show the wall
  const auto answers = call_module(exported("dcms", "python"), {exact, one_blank, trailing, odd_border}, 0.5,
                                   "dcms_lenient_calls.jsonl");
  REQUIRE(answers.size() == 4);
  for (const auto& answer : answers) require_legal_setup(answer, boards[3], Variant::Full, 0.5);
}

TEST_CASE("the dcms export reads lists where the tournament passes tuples", "[python][dcms]") {
  // A harness that builds the board as a list of lists and the squares as [row, col] lists means the
  // same position: the same legal answers.
  const std::vector<Board> boards = suite_boards();
  json setup = setup_call(boards[3], kRed);
  setup["lists"] = true;
  std::vector<json> calls = {setup};
  std::vector<State> states;
  for (const State& s : random_positions(4, 12)) {
    if (s.variant == Variant::Full) states.push_back(s);
  }
  REQUIRE(!states.empty());
  for (std::size_t k = 0; k < states.size(); ++k) {
    json c = move_call(states[k], static_cast<int>(k % 2));
    c["lists"] = true;
    calls.push_back(c);
  }
  const auto answers = call_module(exported("dcms", "python"), calls, 0.5, "dcms_list_calls.jsonl");
  require_legal_setup(answers[0], boards[3], Variant::Full, 0.5);
  for (std::size_t k = 0; k < states.size(); ++k) require_legal_move(answers[1 + k], states[k], 0.5);
}

TEST_CASE("the dcms export answers early when its answer can no longer change", "[python][dcms][timed]") {
  // 2 s a call (a search of 1.55 s): decoupled UCT with the most played action (the frozen knobs)
  // stops once the leader's lead exceeds the iterations left; a proven action is played at once.
  std::vector<json> calls;
  std::vector<State> states;
  for (const State& s : random_positions(6, 31)) {
    states.push_back(s);
    calls.push_back(move_call(s, static_cast<int>(states.size() % 2)));
  }
  const auto answers = call_module(exported("dcms", "python"), calls, 2.0, "dcms_early_calls.jsonl");
  int early = 0;
  for (std::size_t k = 0; k < states.size(); ++k) {
    require_legal_move(answers[k], states[k], 2.0);
    INFO(answers[k].answer.dump());
    REQUIRE(answers[k].answer.contains("search"));
    const json& search = answers[k].answer["search"];
    if (search["early"] == true || search["proven"] == true) ++early;
  }
  CHECK(early * 2 >= static_cast<int>(states.size()));
}

TEST_CASE("the dcms export searches exactly GAMELAB_NODES iterations, the same answers every time", "[python][dcms]") {
  // A fixed budget (what `gamelab match` sets for reproducible games): each move searches that many
  // iterations (fewer only when the answer is fixed: proven, or a lead the iterations left cannot
  // overturn), seeded by the position, so the answers depend neither on the clock nor on the calls
  // before. The budget is small and the time limit large: the safety net never decides here.
  const std::vector<Board> boards = suite_boards();
  std::vector<json> calls = {setup_call(boards[7], kBlue)};
  std::vector<State> states;
  for (const State& s : random_positions(6, 33)) {
    states.push_back(s);
    calls.push_back(move_call(s, static_cast<int>(states.size() % 2)));
  }
  calls.push_back(calls[1]);  // the first move again, after other calls: the same answer
  const std::string module = exported("dcms", "python");
  const std::string cases = write_cases("dcms_budget_calls.jsonl", calls);
  std::vector<std::vector<json>> runs;
  for (int run = 0; run < 2; ++run) {
    const ProcessResult result = gamelab::run_process(
        {"/usr/bin/env", "GAMELAB_NODES=300", GAMELAB_PYTHON3, driver("call_dcms.py"), module, cases, "30"}, "", 600);
    INFO(result.out << result.err);
    REQUIRE(result.exit_code == 0);
    runs.push_back(json_lines(result.out));
    REQUIRE(runs.back().size() == calls.size());
  }
  for (std::size_t k = 0; k < calls.size(); ++k) {
    INFO(calls[k].dump() << "\n" << runs[0][k].dump() << "\n" << runs[1][k].dump());
    REQUIRE(runs[0][k].contains("answer"));
    CHECK(runs[0][k]["answer"] == runs[1][k]["answer"]);
    if (k == 0) continue;
    const json& search = runs[0][k]["search"];
    CHECK(search == runs[1][k]["search"]);
    if (search["proven"] != true && search["early"] != true) CHECK(search["iterations"] == 300);
    CHECK(search["iterations"].get<int>() <= 300);
  }
  CHECK(runs[0][1]["answer"] == runs[0][calls.size() - 1]["answer"]);
  // Through the line protocol, as `gamelab match dcms --engine 'name=a,cmd=env GAMELAB_NODES=300
  // python3 a.py'` runs it: the same answers twice.
  const State s = random_positions(2, 8)[1];  // full variant
  const std::string input = setup_request(setup_state(boards[4], Variant::Full), kRed) + move_request(s, kBlue) +
                            move_request(s, kRed) + kQuitRequest;
  std::string first;
  for (int run = 0; run < 2; ++run) {
    const ProcessResult result =
        gamelab::run_process({"/usr/bin/env", "GAMELAB_NODES=300", GAMELAB_PYTHON3, module, "--time", "30"}, input, 300);
    INFO(result.out << result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(std::count(result.out.begin(), result.out.end(), '\n') == 3);
    if (run == 0) first = result.out;
    CHECK(result.out == first);
  }
  // A value that is no positive integer is reported and ignored (the search runs by the clock).
  const ProcessResult bad =
      gamelab::run_process({"/usr/bin/env", "GAMELAB_NODES=many", GAMELAB_PYTHON3, module, "--time", "0.3"},
                           move_request(s, kBlue) + kQuitRequest, 60);
  CHECK(bad.exit_code == 0);
  CHECK(bad.err.find("GAMELAB_NODES='many' is no positive integer") != std::string::npos);
  CHECK(parse_move(s, kBlue, bad.out.substr(0, bad.out.find('\n'))).ok());
}

TEST_CASE("the dcms export refuses bad arguments with ValueError naming them", "[python][dcms]") {
  const std::vector<Board> boards = suite_boards();
  const State s = random_positions(2, 8)[1];  // full variant
  struct Bad {
    json call;
    std::string message;
  };
  std::vector<Bad> bad;
  json c = setup_call(boards[0], 2);
  bad.push_back({c, "color must be 0 (blue) or 1 (red), got 2"});
  c = move_call(s, 0);
  c["color"] = 1.0;
  bad.push_back({c, "color must be 0 (blue) or 1 (red), got 1.0"});
  c = setup_call(boards[0], 0);
  c["rows"] = boards[0].rows() + 1;
  bad.push_back({c, "board has " + std::to_string(boards[0].rows()) + " rows"});
  c = move_call(s, 0);
  c["pieces"]["Q"] = json::array({1, 1});
  bad.push_back({c, "pieces has the key 'Q'"});
  c = move_call(s, 0);
  c["pieces"]["M"] = json::array({99, 1});
  bad.push_back({c, "pieces['M'] = (99, 1) is not an open square"});
  c = move_call(s, 0);
  c["pieces"]["m"] = "far";
  bad.push_back({c, "pieces['m'] is 'far'; expected (row, col) or None"});
  c = move_call(s, 1);
  c["pieces"] = "S at 1 1";
  bad.push_back({c, "pieces must be a dict"});
  std::vector<json> calls;
  for (const Bad& b : bad) calls.push_back(b.call);
  const auto answers = call_module(exported("dcms", "python"), calls, 1.0, "dcms_bad_calls.jsonl");
  for (std::size_t k = 0; k < bad.size(); ++k) {
    INFO(answers[k].call.dump() << "\n" << answers[k].answer.dump());
    REQUIRE(answers[k].answer.contains("error"));
    CHECK(answers[k].answer["error"] == "ValueError");
    CHECK(answers[k].answer["message"].get<std::string>().find(bad[k].message) != std::string::npos);
  }
}

TEST_CASE("the dcms export speaks the lab's line protocol when run as a program", "[python][dcms]") {
  // `python3 dcms.py --time S`: what gamelab's match runner starts for protocol=dcms.
  const Board board = suite_boards()[2];
  const State setup = setup_state(board, Variant::Mouse);
  const State s = random_positions(1, 13)[0];  // mouse variant
  const std::string input = setup_request(setup, kRed) + move_request(s, kBlue) + kQuitRequest;
  const ProcessResult run = run_python({exported("dcms", "python"), "--time", "0.3"}, 10, input);
  INFO(input << "\n" << run.out << run.err);
  REQUIRE(run.exit_code == 0);
  const std::size_t newline = run.out.find('\n');
  REQUIRE(newline != std::string::npos);
  const Placement placement = parse_placement(run.out.substr(0, newline));
  CHECK(placement.count == 2);  // the request's variant, not the file's
  CHECK(placement_problem(board, Variant::Mouse, kRed, placement).empty());
  const std::string answer = run.out.substr(newline + 1, run.out.find('\n', newline + 1) - newline - 1);
  CHECK(parse_move(s, kBlue, answer).ok());
  // A bad option is refused with the usage.
  const ProcessResult bad = run_python({exported("dcms", "python"), "--fast"}, 10, "");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("usage: python3 dcms.py [--time SECONDS]") != std::string::npos);
}

TEST_CASE("the dcms export plays whole games, imported and called, every answer legal", "[python][dcms][slow]") {
  // play_dcms.py plays the module against itself as the tournament would call two players, and logs
  // each turn's pieces map and answers; the engine referees the log independently.
  const std::vector<Board> boards = suite_boards();
  for (const auto& [flag, variant, board] : {std::tuple{"python", Variant::Full, boards[4]},
                                             std::tuple{"python-mouse", Variant::Mouse, boards[6]}}) {
    const std::string log = (work_folder() / (std::string("dcms_game_") + flag + ".jsonl")).string();
    json game = {{"rows", board.rows()}, {"cols", board.cols()}, {"board", board_rows(board)}};
    const std::string game_file = write_cases(std::string("dcms_game_") + flag + "_board.jsonl", {game});
    const ProcessResult run = run_python({driver("play_dcms.py"), exported("dcms", flag), game_file, log, "0.3"}, 600);
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    const std::vector<json> turns = json_lines(gamelab::read_text_file(log));
    REQUIRE(turns.size() >= 2);
    State s = setup_state(board, variant);
    Placement placements[2];
    for (int side = 0; side < 2; ++side) {
      placements[side] = parse_placement(turns[0]["setup"][side].get<std::string>());
      REQUIRE(placement_problem(board, variant, side, placements[side]).empty());
      CHECK(turns[0]["seconds"][side].get<double>() < 0.3);
    }
    s = place_pieces(s, placements[0], placements[1]);
    for (std::size_t k = 1; k < turns.size(); ++k) {
      INFO("turn " << k - 1 << ": " << turns[k].dump());
      REQUIRE_FALSE(ends_before_moves(s));
      CHECK(turns[k]["pieces"].get<std::string>() == pieces_map_text(s));
      Action actions[2];
      for (int side = 0; side < 2; ++side) {
        const MoveParse parsed = parse_move(s, side, turns[k]["answers"][side].get<std::string>());
        INFO(parsed.message);
        REQUIRE(parsed.ok());
        actions[side] = parsed.action;
        CHECK(turns[k]["seconds"][side].get<double>() < 0.3);
      }
      s = play(s, actions[0], actions[1]);
    }
    CHECK(ends_before_moves(s));  // the log runs to the end of the game
  }
}

// ---- with a learned evaluation file (`gamelab export dcms --eval FILE --eval-mode add|replace`) --------

TEST_CASE("the dcms export names the learned evaluation it carries in its header, and without one carries none",
          "[python][dcms][learned]") {
  const std::string eval = (work_folder() / "dcms-header.eval").string();
  write_random_eval(eval, true, 8, 3);
  const auto file = LearnedEval::read(eval);
  char fingerprint[17];
  std::snprintf(fingerprint, sizeof fingerprint, "%016llx", static_cast<unsigned long long>(file->fingerprint()));
  for (const std::string mode : {"add", "replace"}) {
    const std::string module = exported_with_eval("python", "dcms_header_" + mode + ".py", eval, mode);
    const ProcessResult syntax = run_python({driver("check_syntax.py"), module}, 60);
    INFO(syntax.out << syntax.err);
    CHECK(syntax.exit_code == 0);
    const std::string text = gamelab::read_text_file(module);
    INFO(text.substr(0, 1200));
    CHECK(text.find("# Learned evaluation: " + eval + " (fingerprint " + fingerprint + "): form network, hidden 8,") != std::string::npos);
    CHECK(text.find("inputs dcms-distances-v1 559, max_active 39, scale 100, quantisation ft=255 out=1024;\n#   mode " + mode) != std::string::npos);
    CHECK(text.find(std::string("LEARNED_ADD = ") + (mode == "add" ? "True" : "False")) != std::string::npos);
    CHECK(text.find(std::string("LEARNED_FINGERPRINT = \"") + fingerprint + "\"") != std::string::npos);
    CHECK(text.find("%%") == std::string::npos);  // every section marker and placeholder resolved
  }
  // Without a file: no trace of one (the sections are cut with their markers), and the same file as
  // export_python with no evaluation.
  for (const std::string flag : {"python", "python-mouse"}) {
    const std::string text = gamelab::read_text_file(exported("dcms", flag));
    CHECK(text.find("LEARNED") == std::string::npos);
    CHECK(text.find("learned_") == std::string::npos);
    CHECK(text.find("%%IF_") == std::string::npos);
    CHECK(text == export_python(exported_params(), exported_params_source(),
                                flag == "python" ? Variant::Full : Variant::Mouse, {}));
  }
}

TEST_CASE("the dcms export evaluates its leaves as the engine on 10,000 positions — a learned network and a linear file, added and replacing",
          "[python][dcms][learned]") {
  // Random files over dcms-distances-v1 (scale 100, not the MCTS's mcts_eval_scale, so the mapping
  // matters); for each position the engine's inputs (every tenth), the file's raw output and learned
  // value (LearnedLeafEval), and the MCTS's evaluation and leaf value in both modes
  // (SimultaneousMcts::evaluation, leaf_value); dcms_learned.py asks each exported file the same.
  const gamelab::ParamSet params = exported_params();
  const std::vector<int> weights = params.values();
  const gamelab::search::MctsKnobs knobs = gamelab::search::MctsKnobs::from(params);
  REQUIRE(knobs.eval_scale != 100);
  const SearchConfig config{weights.data(), EngineKnobs::from(params).quiet_moves};
  struct Form {
    std::string name, path;
    std::unique_ptr<LearnedEval> eval;
    std::unique_ptr<gamelab::search::SimultaneousMcts<SearchGame>> adding, replacing;
  };
  std::vector<Form> forms;
  for (const bool network : {true, false}) {
    Form form;
    form.name = network ? "network" : "linear";
    form.path = (work_folder() / ("dcms-" + form.name + ".eval")).string();
    write_random_eval(form.path, network, 24, network ? 7 : 8);
    const auto file = LearnedEval::read(form.path);
    form.eval = std::make_unique<LearnedEval>(file, true, knobs.eval_scale);
    form.adding = std::make_unique<gamelab::search::SimultaneousMcts<SearchGame>>(weights, knobs, 1);
    form.replacing = std::make_unique<gamelab::search::SimultaneousMcts<SearchGame>>(weights, knobs, 1);
    form.adding->set_learned(std::make_unique<LearnedEval>(file, true, knobs.eval_scale));
    form.replacing->set_learned(std::make_unique<LearnedEval>(file, false, knobs.eval_scale));
    forms.push_back(std::move(form));
  }
  std::vector<json> lines;
  std::map<const Board*, int> board_ids;
  std::map<std::string, std::set<int>> values;
  int both_mice = 0;
  const std::vector<State> positions = learned_positions(10000, 61);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const State& s = positions[k];
    auto [it, added] = board_ids.emplace(s.board, static_cast<int>(board_ids.size()));
    if (added) {
      lines.push_back({{"kind", "board"}, {"id", it->second}, {"rows", s.board->rows()}, {"cols", s.board->cols()},
                       {"board", board_rows(*s.board)}});
    }
    json c = position_json(s);
    for (const char* key : {"rows", "cols", "board"}) c.erase(key);
    c["kind"] = "position";
    c["board"] = it->second;
    const SearchState state{s, &config};
    for (Form& form : forms) {
      const int value = form.eval->value(state);
      values[form.name].insert(value);
      c[form.name] = {form.eval->raw_output(state), value, form.adding->evaluation(state), form.replacing->evaluation(state),
                      form.adding->leaf_value(state), form.replacing->leaf_value(state)};
    }
    if (k % 10 == 0) {
      for (int side = 0; side < 2; ++side) {
        std::uint32_t active[kSparseMaxActive];
        const int count = active_sparse_inputs(s, side, active);
        c["inputs"].push_back(std::vector<std::uint32_t>(active, active + count));
      }
    }
    both_mice += s.on_board(kBlue, kMouse) && s.on_board(kRed, kMouse);
    lines.push_back(c);
  }
  INFO(board_ids.size() << " boards, " << both_mice << " positions with both Mice");
  CHECK(board_ids.size() >= 80);
  CHECK(both_mice >= 5000);
  for (const auto& [form, seen] : values) CHECK(seen.size() >= 1000);  // the files' values vary: the positions do
  const std::string cases = write_cases("dcms_learned.jsonl", lines);
  std::vector<std::string> args = {driver("dcms_learned.py"), cases};
  args.push_back("network:add:" + exported_with_eval("python", "dcms_network_add.py", forms[0].path, "add"));
  args.push_back("network:replace:" + exported_with_eval("python-mouse", "dcms_network_replace.py", forms[0].path, "replace"));
  args.push_back("linear:add:" + exported_with_eval("python-mouse", "dcms_linear_add.py", forms[1].path, "add"));
  args.push_back("linear:replace:" + exported_with_eval("python", "dcms_linear_replace.py", forms[1].path, "replace"));
  const ProcessResult run = run_python(args, 600);
  INFO(run.out << run.err);
  REQUIRE_FALSE(run.timed_out);
  REQUIRE(run.exit_code == 0);
  CHECK(std::count(run.out.begin(), run.out.end(), '\n') == 4);
  std::filesystem::remove(cases);  // kept only when it shows a disagreement
}

TEST_CASE("the dcms export with a learned evaluation answers setup() and move() legally and on time",
          "[python][dcms][learned][timed]") {
  const std::vector<Board> boards = suite_boards();
  const double limit = 0.5;
  const std::string network = (work_folder() / "dcms-calls-network.eval").string();
  const std::string linear = (work_folder() / "dcms-calls-linear.eval").string();
  write_random_eval(network, true, 32, 11);
  write_random_eval(linear, false, 0, 12);
  for (const auto& [flag, variant, eval, mode] :
       {std::tuple{"python", Variant::Full, network, "add"}, std::tuple{"python-mouse", Variant::Mouse, linear, "replace"},
        std::tuple{"python", Variant::Full, network, "replace"}}) {
    INFO(flag << " " << eval << " " << mode);
    const std::string module = exported_with_eval(flag, std::string("dcms_calls_") + flag + "_" + mode + ".py", eval, mode);
    std::vector<json> calls = {setup_call(boards[3], kBlue), setup_call(boards[8], kRed)};
    std::vector<State> states;
    for (const State& s : random_positions(8, 9)) {
      if (s.variant == variant) states.push_back(s);
    }
    REQUIRE(states.size() == 4);
    for (std::size_t k = 0; k < states.size(); ++k) calls.push_back(move_call(states[k], static_cast<int>(k % 2)));
    const auto answers = call_module(module, calls, limit, std::string("dcms_learned_calls_") + mode + ".jsonl");
    require_legal_setup(answers[0], boards[3], variant, limit);
    require_legal_setup(answers[1], boards[8], variant, limit);
    for (std::size_t k = 0; k < states.size(); ++k) {
      require_legal_move(answers[2 + k], states[k], limit);
      INFO(answers[2 + k].answer.dump());
      REQUIRE(answers[2 + k].answer.contains("search"));  // searched, with the file at its leaves
    }
  }
}

TEST_CASE("the dcms export refuses another game's evaluation file, or another input set's — exit 2, nothing written",
          "[python][dcms][learned]") {
  const std::string bullets = (work_folder() / "bullets-for-dcms.eval").string();
  write_random_eval(bullets, false, 0, 9, "bullets", "bullets-window-v1", 1002, 57);
  const std::string old_inputs = (work_folder() / "dcms-v0.eval").string();
  write_random_eval(old_inputs, true, 8, 10, "dcms", "dcms-distances-v0");
  for (const auto& [eval, field] : {std::pair{bullets, "game is 'bullets', expected 'dcms'"},
                                    std::pair{old_inputs, "inputs is 'dcms-distances-v0', expected 'dcms-distances-v1'"}}) {
    for (const std::string flag : {"python", "python-mouse"}) {
      const std::string name = "dcms_refused_" + flag + ".py";
      const ProcessResult run = export_with_eval(flag, name, eval, "add");
      INFO(run.out << run.err);
      CHECK(run.exit_code == 2);
      CHECK(run.err.find(eval + ": " + field) != std::string::npos);
      CHECK_FALSE(std::filesystem::exists(work_folder() / name));
    }
  }
  // export_python itself, given a file read without dcms's expectations.
  const gamelab::learned::ExportedEval other{std::make_shared<const gamelab::learned::EvalFile>(gamelab::learned::read_eval_file(bullets)),
                                             true, bullets};
  CHECK_THROWS_WITH(export_python(exported_params(), "x", Variant::Full, other),
                    Catch::Contains("is bullets's file over bullets-window-v1, not Dog-Cat-Mouse-cheeSe's"));
}
