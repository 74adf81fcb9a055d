// One named test per rule of docs/rules/dcms.md, each on a small hand-made position (mostly the open 5 x 8
// board of helpers.hpp: blue sets up on columns 1-3, red on columns 4-6).
#include "helpers.hpp"

using namespace dcms_test;
using Set = std::set<std::string>;

// ---- setup ---------------------------------------------------------------------------------------------

TEST_CASE("setup: blue uses columns with 2*col < c-1, red columns with 2*col > c-1", "[dcms][rules][setup]") {
  const Board even = board_of(kOpen);  // c = 8: blue 1..3, red 4..6
  for (int col = 0; col < 8; ++col) {
    CHECK(in_own_half(even, kBlue, col) == (2 * col < 7));
    CHECK(in_own_half(even, kRed, col) == (2 * col > 7));
  }
  CHECK(setup_squares(even, kBlue).size() == 9);
  CHECK(setup_squares(even, kRed).size() == 9);
  const State s = setup_state(even, Variant::Mouse);
  const auto played = referee_setup(s, "((2, 1), (1, 3))", "((3, 6), (2, 4))");
  CHECK(played.problem[0].empty());
  CHECK(played.problem[1].empty());
  CHECK_FALSE(result(played.state).over());
  CHECK(played.state.phase == Phase::Play);
  CHECK(played.state.turn == 0);
  CHECK(pieces_of(played.state) == "S 2 1, s 3 6, M 1 3, m 2 4");
}

TEST_CASE("setup: on an odd width the middle column belongs to nobody", "[dcms][rules][setup]") {
  const Board odd = board_of({"#########", "#.......#", "#########"});  // c = 9, middle column 4
  CHECK(in_own_half(odd, kBlue, 3));
  CHECK_FALSE(in_own_half(odd, kBlue, 4));
  CHECK_FALSE(in_own_half(odd, kRed, 4));
  CHECK(in_own_half(odd, kRed, 5));
  const State s = setup_state(odd, Variant::Mouse);
  const auto middle = referee_setup(s, "((1, 4), (1, 1))", "((1, 7), (1, 7))");
  CHECK(result(middle.state).outcome == Outcome::RedWins);
  CHECK(result(middle.state).reason == EndReason::IllegalSetup);
  CHECK_THAT(middle.problem[0], Catch::Contains("the cheeSe at (1,4) is not in blue's half (columns with 2*col < 8)"));
}

TEST_CASE("setup: a piece in the other half loses at once", "[dcms][rules][setup]") {
  const State s = setup_state(board_of(kOpen), Variant::Mouse);
  const auto played = referee_setup(s, "((2, 1), (2, 2))", "((2, 6), (2, 3))");
  CHECK(result(played.state).outcome == Outcome::BlueWins);
  CHECK(result(played.state).reason == EndReason::IllegalSetup);
  CHECK_THAT(played.problem[1], Catch::Contains("red setup: the Mouse at (2,3) is not in red's half (columns with 2*col > 7)"));
  CHECK(ends_before_moves(played.state));
  // The offender's pieces are not placed; the legal side's are.
  CHECK(pieces_of(played.state) == "S 2 1, M 2 2");
}

TEST_CASE("setup: a piece on a wall loses at once", "[dcms][rules][setup]") {
  const State s = setup_state(board_of({"########", "#.#....#", "#......#", "########"}), Variant::Mouse);
  const auto played = referee_setup(s, "((1, 2), (1, 1))", "((1, 6), (2, 5))");
  CHECK(result(played.state).outcome == Outcome::RedWins);
  CHECK_THAT(played.problem[0], Catch::Contains("the cheeSe at (1,2) is on a wall"));
  const auto border = referee_setup(s, "((1, 1), (1, 1))", "((0, 6), (2, 5))");
  CHECK(result(border.state).outcome == Outcome::BlueWins);
  CHECK_THAT(border.problem[1], Catch::Contains("(0,6) is on a wall"));
  const auto outside = referee_setup(s, "((1, 1), (1, 1))", "((2, 9), (2, 5))");
  CHECK(result(outside.state).outcome == Outcome::BlueWins);
  CHECK_THAT(outside.problem[1], Catch::Contains("(2,9) is outside the 4x8 board"));
}

TEST_CASE("setup: both sides breaking the rule is a draw", "[dcms][rules][setup]") {
  const State s = setup_state(board_of(kOpen), Variant::Mouse);
  const auto played = referee_setup(s, "((2, 5), (2, 1))", "((0, 0), (2, 5))");
  CHECK(result(played.state).outcome == Outcome::Draw);
  CHECK(result(played.state).reason == EndReason::IllegalSetup);
  CHECK(pieces_of(played.state).empty());
}

TEST_CASE("setup: the wrong number of squares or an unreadable answer loses", "[dcms][rules][setup]") {
  const State mouse = setup_state(board_of(kOpen), Variant::Mouse);
  const auto three = referee_setup(mouse, "((2, 1), (2, 2), (2, 3))", "((2, 6), (2, 5))");
  CHECK(result(three.state).outcome == Outcome::RedWins);
  CHECK_THAT(three.problem[0], Catch::Contains("the mouse variant needs 2 squares (cheeSe, Mouse), got 3"));
  const State full = setup_state(board_of(kOpen), Variant::Full);
  const auto two = referee_setup(full, "((2, 1), (2, 2), (1, 1), (3, 1))", "((2, 6), (2, 5))");
  CHECK(result(two.state).outcome == Outcome::BlueWins);
  CHECK_THAT(two.problem[1], Catch::Contains("the full variant needs 4 squares (cheeSe, Mouse, Cat, Dog), got 2"));
  const auto garbage = referee_setup(mouse, "((2, 1), (2, 2))", "((2, 6) (2, 5))");
  CHECK(result(garbage.state).outcome == Outcome::BlueWins);
  CHECK_THAT(garbage.problem[1], Catch::Contains("red setup: index 8: expected ',' or ')'"));
}

TEST_CASE("setup: pieces of one side may share a square", "[dcms][rules][setup]") {
  const State s = setup_state(board_of(kOpen), Variant::Full);
  const auto played = referee_setup(s, "((2, 1), (2, 1), (2, 1), (2, 1))", "[[2, 6], [2, 6], [1, 4], [1, 4]]");
  CHECK(played.problem[0].empty());
  CHECK(played.problem[1].empty());
  CHECK_FALSE(result(played.state).over());
  CHECK(played.state.piece_count(kBlue) == 4);
  CHECK(played.state.piece_count(kRed) == 4);
}

TEST_CASE("setup: the legal placements are every choice of a legal square per piece", "[dcms][rules][setup]") {
  const Board board = board_of({"#######", "#.#.#.#", "#.....#", "#######"});  // c = 7: blue 1..2, red 4..5
  const auto blue_squares = setup_squares(board, kBlue);
  CHECK(blue_squares.size() == 3);  // (1,1) (2,1) (2,2); (1,2) is a wall
  CHECK(placement_count(board, Variant::Mouse, kBlue) == 9);
  CHECK(placement_count(board, Variant::Full, kRed) == 81);
  std::set<std::string> seen;
  for_each_placement(board, Variant::Full, kRed, [&](const Placement& p) {
    CHECK(placement_problem(board, Variant::Full, kRed, p).empty());
    seen.insert(placement_text(p));
  });
  CHECK(seen.size() == 81);
  CHECK(placement_text(placement_at(blue_squares, Variant::Mouse, 0)) == "((1, 1), (1, 1))");
  CHECK(placement_text(placement_at(blue_squares, Variant::Mouse, 5)) == "((2, 1), (2, 2))");
}

// ---- moves ---------------------------------------------------------------------------------------------

TEST_CASE("moves: the digits are numpad directions with up = row - 1", "[dcms][rules][moves]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 2, m 2 5");
  const int expected[10][2] = {{0, 0}, {3, 1}, {3, 2}, {3, 3}, {2, 1}, {2, 2}, {2, 3}, {1, 1}, {1, 2}, {1, 3}};
  for (int digit = 1; digit <= 9; ++digit) {
    INFO("digit " << digit);
    const State next = after(s, "M " + std::to_string(digit), "m 5");
    CHECK(next.at(kBlue, kMouse) == square(expected[digit][0], expected[digit][1]));
  }
}

TEST_CASE("moves: a step into a wall leaves the piece where it was and is the same action as staying",
          "[dcms][rules][moves]") {
  const State s = position("mouse", {"########", "#.#....#", "#......#", "########"}, "S 2 1, s 2 6, M 1 1, m 1 6");
  // Blue's Mouse in the corner (1,1): walls up, left, up-left, up-right and right (1,2).
  CHECK(after(s, "M 8", "m 5").at(kBlue, kMouse) == square(1, 1));
  CHECK(after(s, "M 6", "m 5").at(kBlue, kMouse) == square(1, 1));
  CHECK(action_of(s, kBlue, "M 7") == action_of(s, kBlue, "M 5"));
  CHECK(move_text(action_of(s, kBlue, "M 9"), kBlue) == "M 5");
  CHECK(action_texts(s, kBlue) == Set{"M 2", "M 3", "M 5"});
  CHECK(action_texts(s, kRed) == Set{"m 1", "m 2", "m 4", "m 5"});
}

TEST_CASE("moves: a side's action names every movable piece — merged actions are the product", "[dcms][rules][moves]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 2, C 1 2, D 3 3, m 2 5, c 2 4, d 3 6");
  // Mouse in the middle row: 9; Cat on the top row: 6; Dog on the bottom row: 6.
  CHECK(action_count(s, kBlue) == 9 * 6 * 6);
  CHECK(action_texts(s, kBlue).size() == 9 * 6 * 6);
  CHECK(action_texts(s, kBlue).count("D 6 C 4 M 5") == 1);
  // Red's Dog in the bottom-right corner: 4 squares; Cat and Mouse in the middle row: 9 each.
  CHECK(action_count(s, kRed) == 4 * 9 * 9);
  // No two generated actions leave the pieces on the same squares.
  ActionList actions;
  generate_actions(s, kBlue, actions);
  std::set<std::array<Square, 3>> placements;
  for (const auto& a : actions) placements.insert(a.to);
  CHECK(placements.size() == actions.size());
}

TEST_CASE("moves: the cheeSe never moves and a captured piece has no action", "[dcms][rules][moves]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, C 2 2, m 2 5");
  // Blue: Mouse and Dog captured, only the Cat moves; red: only its Mouse.
  CHECK(action_texts(s, kBlue).size() == 9);
  CHECK(action_texts(s, kBlue).count("C 5") == 1);
  CHECK(action_texts(s, kRed).size() == 9);
  for (const auto& text : action_texts(s, kRed)) CHECK(text.rfind("m ", 0) == 0);
}

TEST_CASE("moves: a side with only its cheeSe has exactly one action, the empty one", "[dcms][rules][moves]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, m 2 5");
  CHECK(action_texts(s, kBlue) == Set{""});
  CHECK_FALSE(ends_before_moves(s));
  const State next = after(s, "", "m 4");
  CHECK(next.turn == 1);
  CHECK(next.at(kRed, kMouse) == square(2, 4));
  CHECK(joint_move_text(stay_action(s, kBlue), action_of(s, kRed, "m 4")) == "[] [m 4]");
}

TEST_CASE("moves: pieces of one side may share a square and never interact", "[dcms][rules][moves]") {
  const State s = position("full", kOpen, "S 2 1, s 2 6, M 1 1, C 1 3, D 3 2, m 1 5");
  // Mouse, Cat and Dog of blue all step onto (2,2); the Mouse also could step onto its own cheeSe.
  const State together = after(s, "M 3 C 1 D 8", "m 5");
  CHECK(together.at(kBlue, kMouse) == square(2, 2));
  CHECK(together.at(kBlue, kCat) == square(2, 2));
  CHECK(together.at(kBlue, kDog) == square(2, 2));
  CHECK(together.piece_count(kBlue) == 4);
  const State on_cheese = after(s, "M 2", "m 5");
  CHECK(on_cheese.at(kBlue, kMouse) == square(2, 1));
  CHECK(on_cheese.on_board(kBlue, kCheese));
  CHECK_FALSE(result(on_cheese).over());
}

// ---- captures ------------------------------------------------------------------------------------------

TEST_CASE("capture rank 0: a Mouse on the enemy cheeSe eats it and its side wins", "[dcms][rules][captures]") {
  const State s = position("mouse", kOpen, "S 2 1, s 2 5, M 2 4, m 3 6");
  const State next = after(s, "M 6", "m 5");
  CHECK_FALSE(next.on_board(kRed, kCheese));
  CHECK(next.at(kBlue, kMouse) == square(2, 5));
  CHECK(result(next).outcome == Outcome::BlueWins);
  CHECK(result(next).reason == EndReason::CheeseEaten);
  CHECK(ends_before_moves(next));
  CHECK(points(Outcome::BlueWins, kBlue) == 3);
  CHECK(points(Outcome::BlueWins, kRed) == 0);
}

TEST_CASE("capture rank 0: both cheeSes eaten in the same turn is a draw", "[dcms][rules][captures]") {
  const State s = position("mouse", kOpen, "S 2 2, s 2 5, M 2 4, m 2 3");
  // The Mice pass each other on the way to the cheeSes.
  const State next = after(s, "M 6", "m 4");
  CHECK_FALSE(next.on_board(kBlue, kCheese));
  CHECK_FALSE(next.on_board(kRed, kCheese));
  CHECK(next.on_board(kBlue, kMouse));
  CHECK(next.on_board(kRed, kMouse));
  CHECK(result(next).outcome == Outcome::Draw);
  CHECK(result(next).reason == EndReason::BothCheesesEaten);
  CHECK(points(Outcome::Draw, kBlue) == 1);
  CHECK(points(Outcome::Draw, kRed) == 1);
}

TEST_CASE("capture ranks 0 then 1: a Mouse eats the cheeSe, then fights the other Mouse (handout)",
          "[dcms][rules][captures]") {
  const State s = position("mouse", kOpen, "S 2 1, s 2 5, M 2 4, m 2 6");
  const State next = after(s, "M 6", "m 4");
  CHECK_FALSE(next.on_board(kRed, kCheese));
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK_FALSE(next.on_board(kRed, kMouse));
  CHECK(result(next).outcome == Outcome::BlueWins);
  CHECK(result(next).reason == EndReason::CheeseEaten);
}

TEST_CASE("capture rank 1: two Mice on one square both die", "[dcms][rules][captures]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 3, m 2 5");
  const State next = after(s, "M 6", "m 4");
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK_FALSE(next.on_board(kRed, kMouse));
  CHECK_FALSE(result(next).over());
  // With no Mouse left nobody can eat a cheeSe, but the game goes on to the turn limit.
  CHECK(action_texts(next, kBlue) == Set{""});
  CHECK_FALSE(ends_before_moves(next));
}

TEST_CASE("capture rank 1: removals of one rank are decided together", "[dcms][rules][captures]") {
  // Blue Mouse, red Mouse and red Cat meet: the blue Mouse dies (red Mouse and Cat), and the red Mouse
  // dies too although the blue Mouse is being removed in the same step.
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 3, m 2 5, c 3 4");
  const State next = after(s, "M 6", "m 4 c 8");
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK_FALSE(next.on_board(kRed, kMouse));
  CHECK(next.at(kRed, kCat) == square(2, 4));
  const State meet = after(s, "M 3", "m 1 c 5");
  CHECK_FALSE(meet.on_board(kBlue, kMouse));
  CHECK_FALSE(meet.on_board(kRed, kMouse));
  CHECK(meet.at(kRed, kCat) == square(3, 4));
}

TEST_CASE("capture rank 1: a Cat eats a Mouse", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 3, c 2 5");
  const State next = after(s, "M 6", "c 4");
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK(next.at(kRed, kCat) == square(2, 4));
  CHECK_FALSE(result(next).over());
}

TEST_CASE("capture rank 2: two Cats on one square both die", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, C 2 3, c 2 5");
  const State next = after(s, "C 6", "c 4");
  CHECK_FALSE(next.on_board(kBlue, kCat));
  CHECK_FALSE(next.on_board(kRed, kCat));
}

TEST_CASE("capture rank 2: a Dog eats a Cat", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, C 2 3, d 3 4");
  const State next = after(s, "C 3", "d 5");
  CHECK_FALSE(next.on_board(kBlue, kCat));
  CHECK(next.at(kRed, kDog) == square(3, 4));
}

TEST_CASE("capture rank 3: two Dogs on one square both die", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, D 2 3, d 2 4");
  const State next = after(s, "D 6", "d 5");
  CHECK_FALSE(next.on_board(kBlue, kDog));
  CHECK_FALSE(next.on_board(kRed, kDog));
  CHECK(next.piece_count(kBlue) == 1);
  CHECK(next.piece_count(kRed) == 1);
}

TEST_CASE("captures: pieces two or more ranks apart ignore each other", "[dcms][rules][captures]") {
  // A Cat on the enemy cheeSe, a Dog on the enemy cheeSe and a Dog on the enemy Mouse.
  const State s = position("full", kOpen, "S 2 2, s 2 5, C 2 4, D 1 4, m 3 3, c 1 2, d 2 3");
  const State next = after(s, "C 6 D 3", "m 5 c 2 d 6");
  CHECK(next.piece_count(kBlue) == 3);
  CHECK(next.piece_count(kRed) == 4);
  CHECK(next.at(kBlue, kCat) == square(2, 5));
  CHECK(next.at(kBlue, kDog) == square(2, 5));
  CHECK(next.at(kRed, kCat) == square(2, 2));
  CHECK(next.at(kRed, kDog) == square(2, 4));
  CHECK_FALSE(result(next).over());
  // A Dog and a Mouse on one square.
  const State dog_mouse = after(s, "C 8 D 2", "m 9 c 5 d 5");
  CHECK(dog_mouse.at(kBlue, kDog) == square(2, 4));
  CHECK(dog_mouse.at(kRed, kMouse) == square(2, 4));
}

TEST_CASE("captures: a Cat eats a Mouse even if a Dog then eats the Cat", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 3, D 3 3, c 2 5");
  const State next = after(s, "M 6 D 9", "c 4");
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK_FALSE(next.on_board(kRed, kCat));
  CHECK(next.at(kBlue, kDog) == square(2, 4));
}

TEST_CASE("captures: a Mouse eats the cheeSe and is eaten by a Cat on the same square", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 2 1, s 2 5, M 2 4, c 1 5");
  const State next = after(s, "M 6", "c 2");
  CHECK_FALSE(next.on_board(kRed, kCheese));
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK(result(next).outcome == Outcome::BlueWins);
}

TEST_CASE("captures: a cheeSe is eaten even with its own Mouse on it, then the Mice fight", "[dcms][rules][captures]") {
  const State s = position("mouse", kOpen, "S 2 2, s 2 6, M 2 2, m 2 3");
  const State next = after(s, "M 5", "m 4");
  CHECK_FALSE(next.on_board(kBlue, kCheese));
  CHECK_FALSE(next.on_board(kBlue, kMouse));
  CHECK_FALSE(next.on_board(kRed, kMouse));
  CHECK(result(next).outcome == Outcome::RedWins);
}

TEST_CASE("captures: pieces that swap squares pass each other", "[dcms][rules][captures]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 3, m 2 4, C 3 3, c 3 4");
  const State next = after(s, "M 6 C 6", "m 4 c 4");
  CHECK(next.at(kBlue, kMouse) == square(2, 4));
  CHECK(next.at(kRed, kMouse) == square(2, 3));
  CHECK(next.at(kBlue, kCat) == square(3, 4));
  CHECK(next.at(kRed, kCat) == square(3, 3));
  CHECK(next.piece_count(kBlue) + next.piece_count(kRed) == 6);
}

TEST_CASE("captures: only the end squares matter (a piece that steps away escapes)", "[dcms][rules][captures]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 3, m 2 4");
  const State next = after(s, "M 6", "m 6");
  CHECK(next.at(kBlue, kMouse) == square(2, 4));
  CHECK(next.at(kRed, kMouse) == square(2, 5));
}

// ---- end -----------------------------------------------------------------------------------------------

TEST_CASE("end: after 60 turns the side with more pieces wins", "[dcms][rules][end]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 3, m 3 5, ", 59);
  CHECK_FALSE(ends_before_moves(s));
  const State last = after(s, "M 5", "m 4");  // the red Mouse steps onto nothing: counts stay 2-2
  CHECK(last.turn == 60);
  CHECK(result(last).outcome == Outcome::Draw);
  CHECK(result(last).reason == EndReason::TurnLimit);
  CHECK(ends_before_moves(last));
  const State fewer = position("full", kOpen, "S 1 1, s 1 6, M 2 3, C 3 3, m 3 5, c 2 5, d 3 6", 59);
  const State won = after(fewer, "M 6 C 5", "m 5 c 4 d 5");  // the red Cat eats the blue Mouse: 2 vs 4
  CHECK(won.piece_count(kBlue) == 2);
  CHECK(result(won).outcome == Outcome::RedWins);
  CHECK(result(won).reason == EndReason::TurnLimit);
}

TEST_CASE("end: the piece count includes the cheeSes, which are both on the board whenever it is used",
          "[dcms][rules][end]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 3", 60);
  CHECK(s.piece_count(kBlue) == 2);
  CHECK(s.piece_count(kRed) == 1);
  CHECK(result(s).outcome == Outcome::BlueWins);
  const State even = position("mouse", kOpen, "S 1 1, s 1 6", 60);
  CHECK(result(even).outcome == Outcome::Draw);
}

TEST_CASE("end: a cheeSe eaten on the last turn decides before the piece count", "[dcms][rules][end]") {
  const State s = position("full", kOpen, "S 2 1, s 2 5, M 2 4, m 3 3, c 3 4, d 3 6", 59);
  const State next = after(s, "M 6", "m 5 c 5 d 5");
  CHECK(next.turn == 60);
  CHECK(next.piece_count(kBlue) == 2);
  CHECK(next.piece_count(kRed) == 3);
  CHECK(result(next).outcome == Outcome::BlueWins);
  CHECK(result(next).reason == EndReason::CheeseEaten);
}

TEST_CASE("end: the turn limit is a setting of the state", "[dcms][rules][end]") {
  State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 3, m 3 5");
  CHECK(s.turn_limit == 60);
  s.turn_limit = 2;
  s = after(after(s, "M 6", "m 4"), "M 4", "m 6");
  CHECK(result(s).reason == EndReason::TurnLimit);
}

// ---- the referee ---------------------------------------------------------------------------------------

TEST_CASE("referee: an illegal move string loses for that side, both illegal is a draw", "[dcms][rules][referee]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 3, m 3 5");
  const auto blue_bad = referee_turn(s, "M 0", "m 4");
  CHECK(result(blue_bad.state).outcome == Outcome::RedWins);
  CHECK(result(blue_bad.state).reason == EndReason::IllegalMove);
  CHECK(blue_bad.parse[0].error == MoveError::BadDigit);
  CHECK(blue_bad.state.turn == 0);  // nothing moved
  CHECK(blue_bad.state.at(kRed, kMouse) == square(3, 5));
  const auto red_bad = referee_turn(s, "M 4", "M 4");
  CHECK(result(red_bad.state).outcome == Outcome::BlueWins);
  CHECK(red_bad.parse[1].error == MoveError::OtherSidesPiece);
  const auto both = referee_turn(s, "S 4", "m4");
  CHECK(result(both.state).outcome == Outcome::Draw);
  CHECK(result(both.state).reason == EndReason::IllegalMove);
  const auto fine = referee_turn(s, "M 6", "m 7");
  CHECK_FALSE(result(fine.state).over());
  CHECK(fine.state.turn == 1);
}

TEST_CASE("referee: a timeout is a null move, every piece stays", "[dcms][rules][referee]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 3, C 3 1, m 3 5");
  const auto timeout = referee_turn(s, "", "m 4");
  CHECK_FALSE(result(timeout.state).over());
  CHECK(timeout.state.at(kBlue, kMouse) == square(2, 3));
  CHECK(timeout.state.at(kBlue, kCat) == square(3, 1));
  CHECK(play(s, stay_action(s, kBlue), action_of(s, kRed, "m 4")) == timeout.state);
}

// ---- hash ----------------------------------------------------------------------------------------------

TEST_CASE("the hash holds the turn number, and a position read back hashes as the position played", "[dcms][rules][hash]") {
  State s = position("full", kOpen, "S 1 1, s 1 6, M 2 3, C 3 3, D 1 2, m 2 5, c 2 4, d 3 6");
  for (std::size_t i = 0; i < 30 && !ends_before_moves(s); ++i) {
    ActionList blue, red;
    generate_actions(s, kBlue, blue);
    generate_actions(s, kRed, red);
    s = play(s, blue[(i * 37) % blue.size()], red[(i * 53) % red.size()]);
    CHECK(s.hash == compute_hash(s));
  }
  const State reparsed = parse_position_text(position_text(s), "round trip");
  CHECK(reparsed.hash == s.hash);
  State later = reparsed;
  later.turn += 1;
  CHECK(compute_hash(later) != reparsed.hash);  // the turn is part of the hash
}
