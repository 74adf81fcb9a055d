// Random play of Dog-Cat-Mouse-cheeSe's own (the generic checks are the conformance suite's,
// tests/conformance/): seeded random games from random legal setups on the committed board suite end
// within the turn limit, keep their hash, and round-trip its other text forms (the pieces map, the move
// strings through the referee); every ending occurs.
#include <filesystem>

#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace dcms_test;

namespace {

std::vector<State> suite_boards() {
  std::vector<State> boards;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GAMELAB_DATA_DIR) + "/boards/dcms")) {
    if (entry.path().extension() != ".txt") continue;
    boards.push_back(parse_position_text(gamelab::read_text_file(entry.path().string()), entry.path().string()));
  }
  std::sort(boards.begin(), boards.end(), [](const State& a, const State& b) { return a.board->digest() < b.board->digest(); });
  return boards;
}

State random_start(const State& board_state, Variant variant, gamelab::Rng& rng) {
  const Board& board = *board_state.board;
  std::string setup[2];
  for (int side = 0; side < 2; ++side) {
    const auto squares = setup_squares(board, side);
    setup[side] = placement_text(placement_at(squares, variant, rng.below(placement_count(board, variant, side))));
  }
  const auto played = referee_setup(setup_state(board, variant), setup[0], setup[1]);
  REQUIRE(played.problem[0].empty());
  REQUIRE(played.problem[1].empty());
  return played.state;
}

}  // namespace

TEST_CASE("400 random games from random setups: the pieces map and the referee's move strings agree with play(), and every ending occurs", "[dcms][random-play]") {
  const auto boards = suite_boards();
  REQUIRE(boards.size() >= 50);
  gamelab::Rng rng(20260404);
  int outcomes[4] = {0, 0, 0, 0};
  int reasons[6] = {0, 0, 0, 0, 0, 0};
  for (int game = 0; game < 400; ++game) {
    const Variant variant = game % 2 ? Variant::Full : Variant::Mouse;
    State s = random_start(boards[static_cast<std::size_t>(game) % boards.size()], variant, rng);
    while (true) {
      REQUIRE(s.hash == compute_hash(s));
      const State back = parse_position_text(position_text(s), "round-trip");
      REQUIRE(back == s);
      REQUIRE(parse_pieces_map(*s.board, s.variant, s.turn, pieces_map_text(s)) == s);
      const Result r = result(s);
      REQUIRE(r.over() == ends_before_moves(s));
      if (r.over()) {
        ++outcomes[static_cast<int>(r.outcome)];
        ++reasons[static_cast<int>(r.reason)];
        break;
      }
      REQUIRE(s.turn < 60);
      ActionList a, b;
      generate_actions(s, kBlue, a);
      generate_actions(s, kRed, b);
      REQUIRE_FALSE(a.empty());
      REQUIRE_FALSE(b.empty());
      const Action& blue = a[rng.below(a.size())];
      const Action& red = b[rng.below(b.size())];
      // The canonical strings through the referee give the same successor as play().
      const auto turn = referee_turn(s, move_text(blue, kBlue), move_text(red, kRed));
      REQUIRE(turn.parse[0].ok());
      REQUIRE(turn.parse[1].ok());
      REQUIRE(turn.parse[0].action == blue);
      REQUIRE(turn.parse[1].action == red);
      const State next = play(s, blue, red);
      REQUIRE(turn.state == next);
      REQUIRE(next.turn == s.turn + 1);
      s = next;
    }
  }
  CHECK(outcomes[static_cast<int>(Outcome::Ongoing)] == 0);
  CHECK(outcomes[static_cast<int>(Outcome::BlueWins)] > 0);
  CHECK(outcomes[static_cast<int>(Outcome::RedWins)] > 0);
  CHECK(outcomes[static_cast<int>(Outcome::Draw)] > 0);
  CHECK(reasons[static_cast<int>(EndReason::CheeseEaten)] > 0);
  CHECK(reasons[static_cast<int>(EndReason::TurnLimit)] > 0);
}
