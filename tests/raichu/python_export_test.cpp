// `gamelab export raichu --python`: the exported file is checked against the engine (check_raichu.py
// imports it: the same successors and the same evaluation on 2,000 random positions, each successor as
// its incremental play makes it equal to the board parsed from scratch, the same minimax value at a
// fixed depth without reductions on every board size), then run as the tournament runs it,
// `python3 raichu.py N PLAYER BOARD TIMELIMIT`: every board line it prints is a legal successor, it
// exits by itself before TIMELIMIT, bad arguments get a clear error (exit 2, no board), and with
// GAMELAB_NODES it plays the same board every time.
//
// With a learned evaluation (`gamelab export raichu --python F --eval FILE --eval-mode add|replace`,
// check_raichu_learned.py): on 10,000 positions of seeded random games over n = 8..16, files of random
// weights of both forms evaluate as the engine's learned evaluator in both modes (the file's score, its
// sums kept by play along each game, and the evaluation the search uses); the search finds the engine's
// minimax value at a fixed depth with the file; the file plays legal moves from the command line; an
// export without --eval is what it was before; another game's file is refused.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/eval_file.hpp"
#include "core/rng.hpp"
#include "core/sparse_network.hpp"
#include "common/python_export.hpp"
#include "raichu/eval.hpp"
#include "raichu/export/export_python.hpp"
#include "raichu/game.hpp"
#include "raichu/learned_eval.hpp"
#include "raichu/sparse_inputs.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"
#include "raichu/tablebase.hpp"
#include "search/alphabeta.hpp"

using namespace python_export_test;
using namespace gamelab::raichu;
using gamelab::ProcessResult;
using nlohmann::json;

namespace {

const std::string kStart8 = "........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........";

// `count` positions in play after seeded random play (0..119 plies) from the start of a size drawn
// from `sizes`: Pichus, Pikachus and Raichus of both colours, captures and promotions pending.
std::vector<State> random_positions(std::size_t count, std::uint64_t seed, const std::vector<int>& sizes) {
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (out.size() < count) {
    State s = start_position(sizes[rng.below(sizes.size())]);
    const int plies = static_cast<int>(rng.below(120));
    for (int k = 0; k < plies && !result(s).over(); ++k) {
      MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
    // As the tournament hands it over: the board and the side, no ply count.
    if (!result(s).over()) out.push_back(parse_board(s.n, s.side, board_string(s)));
  }
  return out;
}

// `count` endings: 1..4 pieces of random kinds per side on random squares (Pichus and Pikachus short of
// their promotion row), n = 8 or 10, either side to move, not over: where the conversion terms count.
std::vector<State> random_endings(std::size_t count, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (out.size() < count) {
    const int n = rng.below(2) ? 8 : 10;
    std::string board(static_cast<std::size_t>(n * n), '.');
    for (int color = 0; color < 2; ++color) {
      const int pieces = 1 + static_cast<int>(rng.below(4));
      for (int k = 0; k < pieces; ++k) {
        const int kind = static_cast<int>(rng.below(3));
        int sq;
        do sq = static_cast<int>(rng.below(board.size()));
        while (board[sq] != '.' || (kind < 2 && sq / n == (color == 0 ? n - 1 : 0)));
        board[sq] = (color == 0 ? "wW@" : "bB$")[kind];
      }
    }
    const State s = parse_board(n, rng.below(2) ? White : Black, board);
    if (!result(s).over()) out.push_back(s);
  }
  return out;
}

json position_json(const State& s) {
  return {{"n", s.n}, {"side", std::string(1, side_char(s.side))}, {"board", board_string(s)}};
}

// The engine's successors (in generation order), evaluation and features.
json position_case(const State& s, const gamelab::ParamSet& params) {
  json c = position_json(s);
  c["kind"] = "position";
  MoveList moves;
  generate_moves(s, moves);
  json successors = json::array();
  for (const Move& m : moves) successors.push_back(board_string(play(s, m)));
  c["successors"] = successors;
  std::array<int, kFeatureCount> f;
  feature_counts(s, f);
  c["features"] = f;
  c["eval"] = evaluate(s, params.values().data());
  return c;
}

// The engine's value at `depth` without late-move reductions, aspiration windows or table cutoffs:
// the minimax value of the tree the search defines (quiescence on captures included); with `file`, the
// engine evaluating with it (eval=FILE, in mode `add` or replace).
json minimax_case(const State& s, const gamelab::ParamSet& params, int depth,
                  std::shared_ptr<const gamelab::learned::EvalFile> file = nullptr, bool add = true) {
  auto knobs = gamelab::search::AlphaBetaKnobs::from(params);
  knobs.lmr_min_depth = 0;
  knobs.aspiration_window = 0;
  gamelab::search::AlphaBeta<Game> engine(params.values(), knobs, {1, false});
  if (file) engine.set_incremental(std::make_unique<LearnedEval>(file, add));
  gamelab::SearchLimits limits;
  limits.depth = depth;
  const auto found = engine.search(s, limits);
  json c = position_json(s);
  c["kind"] = "minimax";
  c["depth"] = depth;
  c["value"] = found.score;
  c["completed"] = found.depth;
  return c;
}

struct BotRun {
  ProcessResult process;
  std::vector<std::string> lines;
  double last_line_s = 0;  // when the last line arrived
};

// The exported file (by default the plain export) run with `args`.
BotRun run_bot(const std::vector<std::string>& args, double limit_s, const std::string& file = "") {
  BotRun run;
  std::vector<std::string> argv = {GAMELAB_PYTHON3, file.empty() ? exported("raichu", "python") : file};
  argv.insert(argv.end(), args.begin(), args.end());
  run.process = gamelab::run_process(argv, "", limit_s, [&](const std::string& line, double seconds) {
    run.lines.push_back(line);
    run.last_line_s = seconds;
  });
  return run;
}

// As the tournament runs it: every line a legal successor of `s`, printed and exited before the limit.
void require_legal_and_on_time(const State& s, double limit_s, const std::string& file = "") {
  const std::string limit = std::to_string(limit_s);
  const BotRun run = run_bot({std::to_string(s.n), std::string(1, side_char(s.side)), board_string(s), limit}, limit_s, file);
  INFO(position_line(s) << " TIMELIMIT " << limit << "\nstdout:\n" << run.process.out << "\nstderr:\n" << run.process.err);
  REQUIRE(run.process.started);
  REQUIRE_FALSE(run.process.timed_out);
  REQUIRE(run.process.exit_code == 0);
  REQUIRE_FALSE(run.lines.empty());
  MoveList moves;
  generate_moves(s, moves);
  for (const std::string& line : run.lines) {
    bool legal = false;
    for (const Move& m : moves) legal = legal || board_string(play(s, m)) == line;
    INFO("line: " << line);
    CHECK(legal);
  }
  CHECK(run.last_line_s < limit_s);
  CHECK(run.process.seconds < limit_s);
}

// The release's parameters exported without its learned evaluation: the hand-made port, which the
// engine plays with exported_params() alone. (Without --params the export is the release as its bots
// play it, with its release.eval when it has one; the learned tests below check that file's way.)
std::string exported_handmade() {
  const std::string params = (work_folder() / "raichu_release_params.json").string();
  if (!std::filesystem::exists(params)) exported_params().save_file(params);
  return exported("raichu", "python", {"--params", params});
}

}  // namespace

TEST_CASE("the Raichu export is Python 3.6 with the standard library only", "[python][raichu]") {
  const std::string file = exported("raichu", "python");
  const ProcessResult run = run_python({driver("check_syntax.py"), file}, 60);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  // The frozen parameters are written in: every weight by name, with the exported values.
  const std::string text = gamelab::read_text_file(file);
  const gamelab::ParamSet params = exported_params();
  for (int f = 0; f < kFeatureCount; ++f) {
    const auto& p = params.at(static_cast<std::size_t>(f));
    CHECK(text.find("    " + std::to_string(p.value) + ",  # " + p.name + "\n") != std::string::npos);
  }
  CHECK(text.find(exported_params_source()) != std::string::npos);
}

TEST_CASE("the Raichu export takes --params and refuses another game's", "[python][raichu]") {
  const auto dir = work_folder();
  gamelab::ParamSet params = default_params();
  params.set("eval_mobility", 7);
  params.save_file((dir / "raichu_params.json").string());
  const std::string out = (dir / "raichu_tuned.py").string();
  ProcessResult run = gamelab::run_process(
      {GAMELAB_BINARY, "export", "raichu", "--python", out, "--params", (dir / "raichu_params.json").string()}, "", 60);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(gamelab::read_text_file(out).find("    7,  # eval_mobility\n") != std::string::npos);
  // Same parameters, same file.
  CHECK(gamelab::read_text_file(out) == export_python(params, (dir / "raichu_params.json").string(), {}));
  gamelab::ParamSet other("dcms", {{"eval_x", 1, 0, 2, 1, 0.002}});
  CHECK_THROWS_WITH(export_python(other, "x", {}), Catch::Contains("not Raichu's"));
}

TEST_CASE("the Raichu export generates the engine's successors and evaluation on 2,500 positions", "[python][raichu]") {
  const gamelab::ParamSet params = exported_params();
  std::vector<json> cases;
  for (const State& s : random_positions(2000, 12, {8, 8, 8, 8, 10, 10, 12, 14, 16})) cases.push_back(position_case(s, params));
  // And 500 endings, most of them with a side pressing (the conversion terms non-zero).
  int pressing = 0;
  for (const State& s : random_endings(500, 13)) {
    cases.push_back(position_case(s, params));
    std::array<int, kFeatureCount> f;
    feature_counts(s, f);
    pressing += f[ConvertCohesion] != 0 || f[ConvertApproach] != 0 || f[ConvertDefenderEdge] != 0;
  }
  CHECK(pressing > 200);
  require_driver_agrees("check_raichu.py", exported_handmade(), write_cases("raichu_positions.jsonl", cases), 600);
}

TEST_CASE("the Raichu export carries the Raichu-only 3-piece tables as the rule they prove", "[python][raichu]") {
  // Every RvR position and 4,000 random RRvR / RvRR ones, both sides to move, on 8 x 8: the file's
  // score at ply 1 must be the tables' (a win in d plies: WIN - 1 - d; a draw: 0). Classes with another
  // piece, more pieces or another board size are outside it (null).
  namespace tb = gamelab::raichu::tb;
  tb::BuildOptions options;
  options.max_pieces = 3;
  options.threads = 2;
  std::vector<tb::ClassStats> stats;
  const tb::Tablebase tables = tb::build(options, stats);
  const auto expected = [&](const State& s) -> json {
    const auto v = tables.probe(s);
    REQUIRE(v);
    if (v->wdl == tb::Wdl::Draw) return 0;
    return v->wdl == tb::Wdl::Win ? gamelab::search::win_in(1 + v->plies) : gamelab::search::loss_in(1 + v->plies);
  };
  const auto endgame_case = [](const State& s, const json& value) {
    return json{{"kind", "endgame"}, {"n", s.n}, {"side", std::string(1, side_char(s.side))}, {"board", board_string(s)},
                {"value", value}};
  };
  std::vector<json> cases;
  const tb::Table& rvr = *tables.find(tb::Material::parse("RvR"));
  for (std::uint64_t i = 0; i < rvr.size(); ++i) {
    for (const Color side : {White, Black}) {
      tb::Placement p;
      if (!rvr.placement(i, side, p)) continue;
      const State s = tb::state_of(p, 8);
      cases.push_back(endgame_case(s, expected(s)));
    }
  }
  gamelab::Rng rng(41);
  const auto random_state = [&](const std::string& pieces, Color side, int n) {
    while (true) {
      std::string board(static_cast<std::size_t>(n * n), '.');
      bool ok = true;
      for (const char c : pieces) {
        const std::size_t sq = rng.below(board.size());
        ok = ok && board[sq] == '.';
        board[sq] = c;
      }
      if (ok) return parse_board(n, side, board);
    }
  };
  for (int k = 0; k < 4000; ++k) {
    const State s = random_state(k % 2 ? "@@$" : "@$$", rng.below(2) ? White : Black, 8);
    cases.push_back(endgame_case(s, expected(s)));
  }
  for (const std::string pieces : {"@$W", "@@$$", "@$b"}) cases.push_back(endgame_case(random_state(pieces, White, 8), nullptr));
  cases.push_back(endgame_case(random_state("@$", White, 10), nullptr));
  require_driver_agrees("check_raichu.py", exported("raichu", "python"), write_cases("raichu_endgame.jsonl", cases), 600);
}

TEST_CASE("the Raichu export finds the engine's minimax value at depth 3", "[python][raichu]") {
  const gamelab::ParamSet params = exported_params();
  std::vector<json> cases;
  cases.push_back(minimax_case(start_position(8), params, 3));
  for (const State& s : random_positions(23, 31, {8})) cases.push_back(minimax_case(s, params, 3));
  // The file's tables (bitboard masks, cells, keys) are made per board size: every size the lab plays.
  for (const State& s : random_positions(8, 37, {10, 12, 14, 16})) cases.push_back(minimax_case(s, params, 3));
  cases.push_back(minimax_case(start_position(16), params, 2));
  require_driver_agrees("check_raichu.py", exported_handmade(), write_cases("raichu_minimax.jsonl", cases), 600);
}

TEST_CASE("the Raichu export finds the engine's minimax value at depths 4 and 5", "[python][raichu][slow]") {
  const gamelab::ParamSet params = exported_params();
  std::vector<json> cases;
  for (const State& s : random_positions(30, 47, {8, 10})) cases.push_back(minimax_case(s, params, 4));
  for (const State& s : random_positions(6, 53, {8})) cases.push_back(minimax_case(s, params, 5));
  require_driver_agrees("check_raichu.py", exported_handmade(), write_cases("raichu_minimax_deep.jsonl", cases), 3600);
}

TEST_CASE("the Raichu export plays legal moves on time from the tournament's command line", "[python][raichu][timed]") {
  SECTION("the start, White") { require_legal_and_on_time(start_position(8), 2); }
  SECTION("the start of n = 10, Black") {
    State s = start_position(10);
    s = parse_board(10, Black, board_string(s));
    require_legal_and_on_time(s, 1);
  }
  SECTION("random positions of every size") {
    for (const State& s : random_positions(3, 77, {8, 12, 16})) require_legal_and_on_time(s, 1);
  }
  SECTION("a single legal move is printed at once") {
    // White's only piece is a Pichu in the corner with one empty forward diagonal.
    std::string board(64, '.');
    board[0] = 'w';
    board[63] = 'b';
    const State s = parse_board(8, White, board);
    MoveList moves;
    generate_moves(s, moves);
    REQUIRE(moves.size() == 1);
    const BotRun run = run_bot({"8", "w", board, "5"}, 5);
    REQUIRE(run.process.exit_code == 0);
    REQUIRE(run.lines.size() == 1);
    CHECK(run.lines[0] == board_string(play(s, moves[0])));
    CHECK(run.process.seconds < 2.5);  // it does not wait for the limit
  }
}

TEST_CASE("the Raichu export honours a node budget (GAMELAB_NODES) and plays the same move every time", "[python][raichu]") {
  // As `gamelab match` runs it: `env GAMELAB_NODES=N python3 raichu.py ...` (no shell). The budget stops
  // the search; the time limit is far away, so the board cannot depend on the machine's speed.
  const auto budget_run = [](const State& s, const std::string& budget, const std::string& limit) {
    std::vector<std::string> argv = {"env", "GAMELAB_NODES=" + budget, GAMELAB_PYTHON3, exported("raichu", "python"),
                                     std::to_string(s.n), std::string(1, side_char(s.side)), board_string(s), limit};
    const ProcessResult run = gamelab::run_process(argv, "", 60);
    INFO(position_line(s) << " GAMELAB_NODES=" << budget << "\nstdout:\n" << run.out << "\nstderr:\n" << run.err);
    REQUIRE(run.exit_code == 0);
    const std::vector<std::string> lines = [&] {
      std::vector<std::string> out;
      std::size_t start = 0;
      while (start < run.out.size()) {
        const std::size_t end = std::min(run.out.find('\n', start), run.out.size());
        if (end > start) out.push_back(run.out.substr(start, end - start));
        start = end + 1;
      }
      return out;
    }();
    REQUIRE_FALSE(lines.empty());
    MoveList moves;
    generate_moves(s, moves);
    bool legal = false;
    for (const Move& m : moves) legal = legal || board_string(play(s, m)) == lines.back();
    CHECK(legal);
    return std::make_pair(lines.back(), run);
  };
  for (const State& s : random_positions(3, 83, {8, 10})) {
    const auto first = budget_run(s, "3000", "60");
    const auto second = budget_run(s, "3000", "60");
    CHECK(first.first == second.first);
    CHECK(first.second.seconds < 30);  // it stopped at the budget, not at the limit
  }
  // A value that is no positive integer is ignored with a note on standard error.
  const auto ignored = budget_run(start_position(8), "lots", "1");
  CHECK(ignored.second.err.find("GAMELAB_NODES") != std::string::npos);
}

TEST_CASE("the Raichu export answers a board bigger than the engine's 16 x 16", "[python][raichu]") {
  // The handout allows any even n >= 8; the engine stops at 16, the Python player at 64.
  std::string board(18 * 18, '.');
  for (int c = 0; c < 18; c += 2) board[18 + c] = 'W';
  for (int c = 1; c < 18; c += 2) board[15 * 18 + c] = 'b';
  const BotRun run = run_bot({"18", "w", board, "1"}, 1);
  INFO(run.process.out << run.process.err);
  REQUIRE(run.process.exit_code == 0);
  REQUIRE_FALSE(run.lines.empty());
  const std::string& last = run.lines.back();
  REQUIRE(last.size() == board.size());
  int changed = 0;
  for (std::size_t i = 0; i < board.size(); ++i) changed += last[i] != board[i];
  CHECK(changed == 2);  // a Pikachu stepped: one square emptied, one filled
}

TEST_CASE("the Raichu export refuses bad arguments with a clear message", "[python][raichu]") {
  struct Bad {
    std::vector<std::string> args;
    std::string message;
  };
  std::string no_white = kStart8;
  for (char& ch : no_white) {
    if (ch == 'w' || ch == 'W') ch = '.';
  }
  std::string too_many = kStart8;
  for (int i = 24; i < 33; ++i) too_many[i] = 'w';
  const std::vector<Bad> bad = {
      {{}, "expected 4 arguments"},
      {{"8", "w", kStart8}, "expected 4 arguments"},
      {{"9", "w", kStart8, "1"}, "N: board size 9"},
      {{"eight", "w", kStart8, "1"}, "N: 'eight' is not a board size"},
      {{"6", "w", kStart8, "1"}, "N: board size 6"},
      {{"8", "x", kStart8, "1"}, "PLAYER: side 'x'"},
      {{"8", "w", kStart8.substr(1), "1"}, "BOARD: board string has 63 characters"},
      {{"8", "w", kStart8.substr(0, 10) + "Z" + kStart8.substr(11), "1"}, "character 'Z' at index 10 (row 1, col 2)"},
      {{"8", "w", too_many, "1"}, "White has more than 8 pieces"},
      {{"8", "w", kStart8, "soon"}, "TIMELIMIT: 'soon' is not a number"},
      {{"8", "w", kStart8, "-1"}, "TIMELIMIT: -1 s is outside"},
      {{"8", "w", kStart8, "nan"}, "TIMELIMIT: nan s is outside"},
      {{"8", "w", no_white, "1"}, "the game is already over"},
  };
  for (const Bad& b : bad) {
    const BotRun run = run_bot(b.args, 10);
    std::string args;
    for (const auto& a : b.args) args += " " + a;
    INFO("args:" << args << "\nstderr:\n" << run.process.err);
    CHECK(run.process.exit_code == 2);
    CHECK(run.process.out.empty());
    CHECK(run.process.err.find("raichu.py: error: ") != std::string::npos);
    CHECK(run.process.err.find(b.message) != std::string::npos);
    CHECK(run.process.err.find("Traceback") == std::string::npos);
  }
}

TEST_CASE("the Raichu export plays whole games against the native bot without a fault", "[python][raichu][slow]") {
  // The lab's match runner referees: an illegal board, a crash or a timeout would end a game early
  // with that termination recorded.
  const auto out = work_folder() / "raichu_vs_native.jsonl";
  std::filesystem::remove(out);
  const std::string py = "name=py,cmd=\"" + std::string(GAMELAB_PYTHON3) + " " + exported("raichu", "python") + "\",movetime=500";
  const std::string native = "name=native,cmd=" + std::string(GAMELAB_RAICHU_BOT) + ",movetime=500";
  const ProcessResult run = gamelab::run_process(
      {GAMELAB_BINARY, "match", "raichu", "--engine", py, "--engine", native, "--games", "2", "--out", out.string()}, "", 1800);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  int games = 0;
  for (const json& pair : json_lines(gamelab::read_text_file(out.string()))) {
    for (const json& game : pair["games"]) {
      INFO(game.dump());
      ++games;
      CHECK(game["termination"] == "normal");
    }
  }
  CHECK(games == 2);
}

// ---- with a learned evaluation (--eval FILE) --------------------------------------------------------

namespace {

namespace learned = gamelab::learned;

// A file over Raichu's inputs with seeded random weights as large as training allows (the trainer clips
// each weight to +-1.98: feature transformer +-505, output +-2028 and linear +-8110 once quantised),
// a third of the hidden units with smaller weights, so that the clipped ReLU is at both ends and in
// between; `game` names another game for the refusals.
learned::EvalFile random_file(bool network, std::uint64_t seed, const std::string& game = "raichu") {
  gamelab::Rng rng(seed);
  const auto uniform = [&](int bound) { return static_cast<int>(rng.below(2 * static_cast<std::uint64_t>(bound) + 1)) - bound; };
  learned::EvalFile file;
  file.game = game;
  file.inputs = kSparseInputName;
  file.max_active = kSparseMaxActive;
  file.note = "random weights, seed " + std::to_string(seed);
  if (network) {
    learned::SparseNetwork net;
    net.inputs = kSparseInputCount;
    net.hidden = 32;
    net.scale = 147;
    static constexpr int kBound[3] = {505, 64, 8};
    for (std::uint32_t i = 0; i < net.inputs; ++i) {
      for (std::uint32_t h = 0; h < net.hidden; ++h) net.ft_weights.push_back(static_cast<std::int16_t>(uniform(kBound[h % 3])));
    }
    for (std::uint32_t h = 0; h < net.hidden; ++h) net.ft_bias.push_back(static_cast<std::int16_t>(uniform(kBound[h % 3])));
    for (std::uint32_t h = 0; h < 2 * net.hidden; ++h) net.out_weights.push_back(static_cast<std::int16_t>(uniform(2028)));
    net.out_bias = uniform(500000);  // b2 x QA x QB, |b2| <= 1.98
    file.model = std::move(net);
  } else {
    learned::SparseLinear linear;
    linear.inputs = kSparseInputCount;
    linear.scale = 147;
    for (std::uint32_t i = 0; i < linear.inputs; ++i) linear.weights.push_back(uniform(8110));
    linear.bias = uniform(8110);
    file.model = std::move(linear);
  }
  return file;
}

// `file` written into the work folder as `name`; its path.
std::string written(const learned::EvalFile& file, const std::string& name) {
  const std::string path = (work_folder() / name).string();
  learned::write_eval_file(path, file);
  return path;
}

// `gamelab export raichu --python OUT --eval EVAL --eval-mode MODE`, as a user runs it; OUT's path.
std::string exported_with(const std::string& eval, const std::string& mode) {
  const std::string out = (work_folder() / (std::filesystem::path(eval).stem().string() + "_" + mode + ".py")).string();
  const ProcessResult run =
      gamelab::run_process({GAMELAB_BINARY, "export", "raichu", "--python", out, "--eval", eval, "--eval-mode", mode}, "", 60);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  return out;
}

struct PlayedGame {
  State start;
  std::vector<Move> moves;
};

// Seeded random games from the starts of n = 8, 10, .., 16 in turn (as the tournament hands a position
// over: no ply count), 0..119 plies each, none played into a finished position, until they hold
// `positions` positions (each start and the position after each move).
std::vector<PlayedGame> random_games(std::size_t positions, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  std::vector<PlayedGame> games;
  std::size_t held = 0;
  while (held < positions) {
    const int n = 8 + 2 * static_cast<int>(games.size() % 5);
    PlayedGame game{parse_board(n, White, board_string(start_position(n))), {}};
    State s = game.start;
    const int plies = static_cast<int>(rng.below(120));
    for (int k = 0; k < plies; ++k) {
      MoveList moves;
      generate_moves(s, moves);
      const Move m = moves[rng.below(moves.size())];
      const State child = play(s, m);
      if (result(child).over()) break;
      game.moves.push_back(m);
      s = child;
    }
    held += game.moves.size() + 1;
    games.push_back(std::move(game));
  }
  return games;
}

// check_raichu_learned.py's cases: per game the moves, and at each position the engine's learned score
// and its evaluation in both modes, from its incremental evaluators along the game (the search's
// LearnedLineEval: root, then push per move), the learned score also checked against the reference
// inference from scratch (LearnedEval::reference_score). `checked` counts the positions.
std::vector<json> learned_game_cases(const std::vector<PlayedGame>& games, const std::shared_ptr<const learned::EvalFile>& file,
                                     const gamelab::ParamSet& params, std::size_t& checked) {
  std::vector<json> cases;
  LearnedEval adding(file, true), replacing(file, false);
  const std::vector<int> weights = params.values();
  for (const PlayedGame& game : games) {
    json c = position_json(game.start);
    c["kind"] = "game";
    json moves = json::array(), learned_scores = json::array(), added = json::array(), replaced = json::array();
    State s = game.start;
    for (std::size_t ply = 0; ply <= game.moves.size(); ++ply) {
      if (ply == 0) {
        adding.root(s);
        replacing.root(s);
      } else {
        const Move& m = game.moves[ply - 1];
        const State child = play(s, m);
        adding.push(static_cast<int>(ply), s, m, child);
        replacing.push(static_cast<int>(ply), s, m, child);
        moves.push_back({row_of(m.from), col_of(m.from), row_of(m.to), col_of(m.to)});
        s = child;
      }
      MoveList legal;
      generate_moves(s, legal);
      const int score = adding.learned_score(s, static_cast<int>(ply));
      REQUIRE(score == LearnedEval::reference_score(*file, s));
      learned_scores.push_back(score);
      added.push_back(adding.evaluate(s, static_cast<int>(ply), weights.data(), legal));
      replaced.push_back(replacing.evaluate(s, static_cast<int>(ply), weights.data(), legal));
      ++checked;
    }
    c["moves"] = moves;
    c["learned"] = learned_scores;
    c["add"] = added;
    c["replace"] = replaced;
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

TEST_CASE("the Raichu export with a learned evaluation evaluates as the engine on 10,000 positions of n = 8..16",
          "[python][raichu][learned]") {
  const gamelab::ParamSet params = exported_params();
  const std::vector<PlayedGame> games = random_games(10000, 71);
  for (const bool network : {true, false}) {
    INFO((network ? "network" : "linear"));
    const std::string eval = written(random_file(network, network ? 5 : 6), network ? "random_network.eval" : "random_linear.eval");
    const auto file = LearnedEval::read(eval);
    std::size_t checked = 0;
    const std::vector<json> cases = learned_game_cases(games, file, params, checked);
    CHECK(checked >= 10000);
    for (const std::string mode : {"add", "replace"}) {
      INFO("mode " << mode);
      require_driver_agrees("check_raichu_learned.py", exported_with(eval, mode),
                            write_cases(std::string("raichu_learned_") + (network ? "network_" : "linear_") + mode + ".jsonl", cases), 600);
    }
  }
}

TEST_CASE("the Raichu export with a learned evaluation finds the engine's minimax value at a fixed depth",
          "[python][raichu][learned]") {
  // The learned score enters the search where the engine adds it (the quiescence search's static
  // evaluation): the same value at depth 3 on n = 8, depth 2 on the other sizes, with each form in
  // each mode.
  const gamelab::ParamSet params = exported_params();
  const std::vector<State> small = random_positions(6, 91, {8}), large = random_positions(4, 93, {10, 12, 14, 16});
  for (const bool network : {true, false}) {
    const std::string eval = written(random_file(network, network ? 7 : 8), network ? "search_network.eval" : "search_linear.eval");
    const auto file = LearnedEval::read(eval);
    for (const bool add : {true, false}) {
      INFO((network ? "network" : "linear") << (add ? " added" : " replacing"));
      std::vector<json> cases;
      cases.push_back(minimax_case(start_position(8), params, 3, file, add));
      for (const State& s : small) cases.push_back(minimax_case(s, params, 3, file, add));
      for (const State& s : large) cases.push_back(minimax_case(s, params, 2, file, add));
      require_driver_agrees("check_raichu.py", exported_with(eval, add ? "add" : "replace"),
                            write_cases("raichu_learned_minimax.jsonl", cases), 600);
    }
  }
}

TEST_CASE("the Raichu export with a learned evaluation plays legal moves from the command line",
          "[python][raichu][learned][timed]") {
  const std::string eval = written(random_file(true, 9), "play_network.eval");
  const std::string file = exported_with(eval, "add");
  {
    const ProcessResult run = run_python({driver("check_syntax.py"), file}, 60);
    INFO(run.out << run.err);
    CHECK(run.exit_code == 0);
  }
  SECTION("the start, White") { require_legal_and_on_time(start_position(8), 2, file); }
  SECTION("random positions of n = 10 and 16") {
    for (const State& s : random_positions(2, 97, {10, 16})) require_legal_and_on_time(s, 1, file);
  }
  SECTION("replacing, on n = 12") {
    require_legal_and_on_time(random_positions(1, 99, {12})[0], 1, exported_with(eval, "replace"));
  }
  SECTION("a board bigger than the inputs' 16 x 16: the hand-made evaluation alone") {
    std::string board(18 * 18, '.');
    for (int c = 0; c < 18; c += 2) board[18 + c] = 'W';
    for (int c = 1; c < 18; c += 2) board[15 * 18 + c] = 'b';
    const BotRun run = run_bot({"18", "w", board, "1"}, 1, file);
    INFO(run.process.out << run.process.err);
    REQUIRE(run.process.exit_code == 0);
    REQUIRE_FALSE(run.lines.empty());
    CHECK(run.lines.back().size() == board.size());
  }
  SECTION("a node budget gives the same board every time") {
    const State s = random_positions(1, 101, {8})[0];
    const auto budget_run = [&] {
      const ProcessResult run = gamelab::run_process({"env", "GAMELAB_NODES=2000", GAMELAB_PYTHON3, file, "8",
                                                      std::string(1, side_char(s.side)), board_string(s), "60"}, "", 60);
      INFO(run.out << run.err);
      REQUIRE(run.exit_code == 0);
      return run.out;
    };
    const std::string first = budget_run();
    CHECK(first == budget_run());
    REQUIRE(first.size() > static_cast<std::size_t>(s.n * s.n));
    const std::string last = first.substr(first.size() - 1 - s.n * s.n, s.n * s.n);  // the last line
    MoveList moves;
    generate_moves(s, moves);
    bool legal = false;
    for (const Move& m : moves) legal = legal || board_string(play(s, m)) == last;
    CHECK(legal);
  }
}

TEST_CASE("the Raichu export writes a learned evaluation only when given one, and refuses another game's",
          "[python][raichu][learned]") {
  const gamelab::ParamSet params = exported_params();
  // Parameters without --eval: nothing of it (the file is byte for byte what it was before the learned sections).
  const std::string plain = gamelab::read_text_file(exported_handmade());
  CHECK(plain.find("LEARNED") == std::string::npos);
  CHECK(plain.find("%%") == std::string::npos);
  // Without --params: the release as its bots play it, with its own release.eval when it has one.
  const std::string release_text = gamelab::read_text_file(exported("raichu", "python"));
  const auto release_eval = exported_eval("", true, true);  // the release's compiled-in file, or none
  CHECK((release_text.find("LEARNED_ADD") != std::string::npos) == static_cast<bool>(release_eval));
  CHECK(release_text == export_python(params, exported_params_source(), release_eval));
  // With it: the header names the file, its fingerprint, form and mode; the same file, the same bytes.
  const std::string eval = written(random_file(false, 11), "header_linear.eval");
  const auto file = LearnedEval::read(eval);
  const std::string text = gamelab::read_text_file(exported_with(eval, "replace"));
  char fingerprint[17];
  std::snprintf(fingerprint, sizeof fingerprint, "%016llx", static_cast<unsigned long long>(file->fingerprint()));
  CHECK(text.find("# Learned evaluation: " + eval + " (fingerprint " + fingerprint + "): form linear, hidden 0,") != std::string::npos);
  CHECK(text.find("mode replace (the learned score replaces the hand-made evaluation)") != std::string::npos);
  CHECK(text.find("LEARNED_ADD = False") != std::string::npos);
  CHECK(text == export_python(params, exported_params_source(), exported_eval(eval, false, false)));
  // Another game's file (Raichu's inputs under another game's name) is refused by the command line
  // with exit code 2 naming the field, and writes nothing.
  const std::string other = written(random_file(true, 12, "jumpchess"), "other_game.eval");
  const std::string out = (work_folder() / "refused.py").string();
  const ProcessResult run = gamelab::run_process({GAMELAB_BINARY, "export", "raichu", "--python", out, "--eval", other}, "", 60);
  INFO(run.out << run.err);
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("game is 'jumpchess', expected 'raichu'") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(out));
  // A file whose sums could leave int16 with Raichu's 32 inputs on (its own max_active says fewer):
  // the engine would wrap them; the Python file's lanes cannot, so the export refuses it.
  learned::EvalFile wide = random_file(true, 13);
  wide.max_active = 16;
  for (auto& w : std::get<learned::SparseNetwork>(wide.model).ft_weights) w = 1500;
  const auto wide_file = std::make_shared<const learned::EvalFile>(wide);
  CHECK_THROWS_WITH(export_python(params, "x", learned::ExportedEval{wide_file, true, "wide.eval"}),
                    Catch::Contains("beyond the int16 accumulator"));
}
