// engines/dcms/python/dcms_bot.py imported and called as the tournament calls setup() and move(): a
// Python process (python_driver.py) holds the module; this test is the referee. The module drives the
// native bot over pipes: full games refereed by the lab's rules, captured pieces passed as None, the
// tournament's clock kept, and bad input reported as Python exceptions carrying the bot's message.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/piped_process.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"

using namespace release_dcms_test;
using nlohmann::json;

namespace {

const std::string kModuleDir = std::string(GAMELAB_SOURCE_DIR) + "/engines/dcms/python";

json board_json(const Board& board) {
  json rows = json::array();
  for (int r = 0; r < board.rows(); ++r) {
    json row = json::array();
    for (int c = 0; c < board.cols(); ++c) row.push_back(board.is_wall(r, c) ? "WWWW" : "    ");
    rows.push_back(row);
  }
  return rows;
}

json pieces_json(const State& s) {
  json pieces = json::object();
  for (int rank = 0; rank < rank_count(s.variant); ++rank) {
    for (int side = 0; side < 2; ++side) {
      const Square sq = s.at(side, rank);
      pieces[std::string(1, piece_letter(side, rank))] = sq == kNoSquare ? json(nullptr) : json::array({row_of(sq), col_of(sq)});
    }
  }
  return pieces;
}

json setup_call(const State& setup, int color) {
  return {{"f", "setup"}, {"color", color}, {"rows", setup.board->rows()}, {"cols", setup.board->cols()},
          {"board", board_json(*setup.board)}, {"variant", variant_name(setup.variant)}};
}

json move_call(const State& s, int color) {
  return {{"f", "move"}, {"color", color}, {"rows", s.board->rows()}, {"cols", s.board->cols()},
          {"board", board_json(*s.board)}, {"pieces", pieces_json(s)}};
}

// The Python side: the module imported once, called once per line.
class Module {
 public:
  Module(double time_limit, const std::vector<std::string>& bot_args) {
    std::vector<std::string> argv = {GAMELAB_PYTHON3, std::string(GAMELAB_SOURCE_DIR) + "/tests/dcms/release/python_driver.py",
                                     kModuleDir, DCMS_BOT, std::to_string(time_limit)};
    argv.insert(argv.end(), bot_args.begin(), bot_args.end());
    process_ = std::make_unique<gamelab::PipedProcess>(argv);
    REQUIRE(process_->started());
  }
  json call(const json& request) {
    REQUIRE(process_->write(request.dump() + "\n", 10));
    std::string line;
    const auto read = process_->read_line(line, 30);
    INFO(process_->err());
    REQUIRE(read == gamelab::PipedProcess::Read::Line);
    return json::parse(line);
  }

 private:
  std::unique_ptr<gamelab::PipedProcess> process_;
};

Placement placement_of(const json& answer) {
  Placement p;
  for (const auto& cell : answer) p.cells[p.count++] = {cell[0].get<int>(), cell[1].get<int>()};
  return p;
}

bool have_python() {
  if (std::string(GAMELAB_PYTHON3).empty()) {
    WARN("no python3 found: the Python module's tests are skipped");
    return false;
  }
  return true;
}

}  // namespace

TEST_CASE("dcms_bot.py plays full games as the tournament calls it, refereed by the lab's rules", "[python]") {
  if (!have_python()) return;
  Module module(5.0, {"--nodes", "300"});
  const std::vector<Board> boards = suite_boards();
  gamelab::Rng rng(17);
  for (int game = 0; game < 4; ++game) {
    const Variant variant = game % 2 ? Variant::Mouse : Variant::Full;
    const int color = game / 2;  // the module plays blue, then red
    const State setup = setup_state(boards[rng.below(boards.size())], variant);
    const json placed = module.call(setup_call(setup, color));
    INFO(placed.dump());
    REQUIRE(placed.contains("answer"));
    const Placement mine = placement_of(placed["answer"]);
    CHECK(placement_problem(*setup.board, variant, color, mine).empty());
    const auto squares = setup_squares(*setup.board, 1 - color);
    const Placement theirs = placement_at(squares, variant, rng.below(placement_count(*setup.board, variant, 1 - color)));
    State s = color == kBlue ? place_pieces(setup, mine, theirs) : place_pieces(setup, theirs, mine);
    while (!ends_before_moves(s)) {
      const json answer = module.call(move_call(s, color));
      INFO(answer.dump() << "\n" << diagram(s));
      REQUIRE(answer.contains("answer"));
      const MoveParse parse = parse_move(s, color, answer["answer"].get<std::string>());
      REQUIRE(parse.ok());
      ActionList actions;
      generate_actions(s, 1 - color, actions);
      const Action other = actions[rng.below(actions.size())];
      s = color == kBlue ? play(s, parse.action, other) : play(s, other, parse.action);
    }
    CHECK(result(s).over());
  }
}

TEST_CASE("dcms_bot.py answers None pieces and keeps the tournament's clock", "[python][timed]") {
  if (!have_python()) return;
  Module module(0.5, {});
  const std::vector<Board> boards = suite_boards();
  gamelab::Rng rng(5);
  int calls = 0;
  double largest = 0;
  while (calls < 6) {
    const State s = random_play(setup_state(boards[rng.below(boards.size())], Variant::Full), rng, 40);
    // Take a Cat and a Dog off the board, as captures do: the map gives them as None.
    State cut = s;
    for (const int piece : {piece_index(kBlue, kCat), piece_index(kRed, kDog)}) {
      if (cut.pos[piece] != kNoSquare) remove_piece(cut, piece);
    }
    if (ends_before_moves(cut)) continue;
    const int color = calls % 2;
    const json call = move_call(cut, color);
    CHECK(call["pieces"]["C"].is_null());
    const json answer = module.call(call);
    INFO(answer.dump() << "\n" << diagram(cut));
    REQUIRE(answer.contains("answer"));
    CHECK(parse_move(cut, color, answer["answer"].get<std::string>()).ok());
    largest = std::max(largest, answer["seconds"].get<double>());
    ++calls;
  }
  CHECK(largest < 0.5);
}

TEST_CASE("dcms_bot.py reports bad input as exceptions with the reason, then plays on", "[python]") {
  if (!have_python()) return;
  Module module(5.0, {"--nodes", "200"});
  const State setup = setup_state(suite_boards()[0], Variant::Mouse);
  // Cells are read leniently (a crash loses the tournament's game): any cell but the wall marker is
  // open, one blank included, and the border is a wall whatever it shows.
  json lenient = setup_call(setup, 0);
  for (auto& row : lenient["board"]) {
    for (auto& cell : row) {
      if (cell == "    ") cell = " ";
    }
  }
  lenient["board"][0][1] = "";
  const json placed = module.call(lenient);
  INFO(placed.dump());
  REQUIRE(placed.contains("answer"));
  json bad_color = setup_call(setup, 0);
  bad_color["color"] = 2;
  CHECK(module.call(bad_color)["error"].get<std::string>().find("ValueError: color is 2") == 0);
  // A position the rules cannot reach: both Mice on one square. The native bot refuses it.
  gamelab::Rng rng(3);
  State s = random_play(setup, rng, 0);
  json impossible = move_call(s, 0);
  impossible["pieces"]["m"] = impossible["pieces"]["M"];
  const std::string error = module.call(impossible)["error"].get<std::string>();
  CHECK(error.find("RuntimeError: dcms_bot exited with code 2: dcms_bot: error: ") == 0);
  CHECK(error.find("the capture rule would have removed it") != std::string::npos);
  json over = move_call(s, 1);
  over["pieces"]["s"] = nullptr;
  CHECK(module.call(over)["error"].get<std::string>().find("the game is already over") != std::string::npos);
  // The next call starts a fresh bot.
  const json answer = module.call(move_call(s, 1));
  REQUIRE(answer.contains("answer"));
  CHECK(parse_move(s, 1, answer["answer"].get<std::string>()).ok());
}
