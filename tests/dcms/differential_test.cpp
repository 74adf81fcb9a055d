// The engine against the independent referee written from the rule text (reference.cpp, no shared
// code): the same merged actions per side, the same successors and the same outcomes, on random
// positions of random generated boards and on the positions of random games.
#include <algorithm>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "dcms/generator.hpp"
#include "helpers.hpp"
#include "reference.hpp"

using namespace dcms_test;

namespace {

std::string outcome_name(const State& s) {
  switch (result(s).outcome) {
    case Outcome::Ongoing: return "";
    case Outcome::BlueWins: return "blue";
    case Outcome::RedWins: return "red";
    case Outcome::Draw: return "draw";
  }
  return "?";
}

// One side's placement after an action, as sorted "L r c" items (the cheeSe included).
std::vector<std::string> engine_placement(const State& s, int side, const Action& a) {
  std::vector<std::string> out;
  auto add = [&](int rank, Square sq) {
    out.push_back(std::string(1, piece_letter(side, rank)) + " " + std::to_string(row_of(sq)) + " " + std::to_string(col_of(sq)));
  };
  if (s.on_board(side, kCheese)) add(kCheese, s.at(side, kCheese));
  for (int k = 0; k < 3; ++k) {
    if (a.to[k] != kNoSquare) add(k + 1, a.to[k]);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> reference_placement(const reference_dcms::Placement& p) {
  std::vector<std::string> out;
  for (const auto& [letter, where] : p) {
    out.push_back(std::string(1, letter) + " " + std::to_string(where.first) + " " + std::to_string(where.second));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Compares everything about one position; returns the number of joint moves compared.
int compare(const State& s, gamelab::Rng& rng, int max_pairs) {
  const std::string text = position_text(s);
  INFO("position\n" << text);
  const reference_dcms::Position ref = reference_dcms::parse(text);
  REQUIRE(reference_dcms::pieces_text(ref) == pieces_of(s));
  REQUIRE(reference_dcms::outcome(ref) == outcome_name(s));
  if (ends_before_moves(s)) return 0;
  ActionList engine[2];
  std::vector<reference_dcms::Placement> reference[2];
  for (int side = 0; side < 2; ++side) {
    generate_actions(s, side, engine[side]);
    reference[side] = reference_dcms::side_moves(ref, side);
    std::vector<std::vector<std::string>> a, b;
    for (const auto& action : engine[side]) a.push_back(engine_placement(s, side, action));
    for (const auto& placement : reference[side]) b.push_back(reference_placement(placement));
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    INFO("side " << side);
    REQUIRE(a == b);  // the same merged actions; a sorted vector with no duplicates on the reference side
    REQUIRE(std::adjacent_find(a.begin(), a.end()) == a.end());
    REQUIRE(action_count(s, side) == engine[side].size());
  }
  // The successors of some joint moves (all of them when there are few).
  const std::size_t total = engine[0].size() * engine[1].size();
  const int pairs = static_cast<int>(std::min<std::size_t>(total, static_cast<std::size_t>(max_pairs)));
  for (int k = 0; k < pairs; ++k) {
    const std::size_t index = total <= static_cast<std::size_t>(max_pairs) ? static_cast<std::size_t>(k) : rng.below(total);
    const Action& a = engine[0][index / engine[1].size()];
    const Action& b = engine[1][index % engine[1].size()];
    const State next = play(s, a, b);
    // The reference placement that matches each engine action.
    const reference_dcms::Placement* pa = nullptr;
    const reference_dcms::Placement* pb = nullptr;
    for (const auto& p : reference[0]) if (reference_placement(p) == engine_placement(s, 0, a)) pa = &p;
    for (const auto& p : reference[1]) if (reference_placement(p) == engine_placement(s, 1, b)) pb = &p;
    REQUIRE(pa != nullptr);
    REQUIRE(pb != nullptr);
    const reference_dcms::Position ref_next = reference_dcms::joint(ref, *pa, *pb);
    INFO("joint move " << joint_move_text(a, b));
    REQUIRE(reference_dcms::pieces_text(ref_next) == pieces_of(next));
    REQUIRE(reference_dcms::outcome(ref_next) == outcome_name(next));
    REQUIRE(next.hash == compute_hash(next));
  }
  return pairs;
}

// A random position: cheeSes in their halves, the other pieces anywhere or captured, any turn; the
// position is redrawn until the parser accepts it (no capture left unresolved).
State random_position(const Board& board, Variant variant, gamelab::Rng& rng) {
  std::vector<Square> empty;
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (!board.is_wall(r, c)) empty.push_back(square(r, c));
    }
  }
  const auto blue_half = setup_squares(board, kBlue);
  const auto red_half = setup_squares(board, kRed);
  while (true) {
    State s = setup_state(board, variant);
    s.phase = Phase::Play;
    for (int side = 0; side < 2; ++side) {
      for (int rank = 0; rank < rank_count(variant); ++rank) {
        if (rank == kCheese) {
          const auto& half = side == kBlue ? blue_half : red_half;
          if (rng.below(20) != 0) put_piece(s, piece_index(side, rank), half[rng.below(half.size())]);
        } else if (rng.below(5) != 0) {
          // Near the middle more often, so that pieces meet.
          put_piece(s, piece_index(side, rank), empty[rng.below(empty.size())]);
        }
      }
    }
    s.hash ^= turn_key(0);
    s.turn = static_cast<std::uint8_t>(rng.below(4) == 0 ? 55 + rng.below(6) : rng.below(55));
    s.hash ^= turn_key(s.turn);
    try {
      return parse_position_text(position_text(s), "random position");
    } catch (const gamelab::InputError&) {
      continue;
    }
  }
}

}  // namespace

TEST_CASE("engine and reference agree on random positions of random small boards", "[dcms][differential]") {
  gamelab::Rng rng(4);
  int joint_moves = 0;
  for (int i = 0; i < 600; ++i) {
    const int rows = 3 + static_cast<int>(rng.below(5));
    const int cols = 4 + static_cast<int>(rng.below(6));
    const Board board = generate_board(rows, cols, 0.3 * rng.unit(), rng.next());
    const Variant variant = rng.below(2) ? Variant::Full : Variant::Mouse;
    const State s = random_position(board, variant, rng);
    joint_moves += compare(s, rng, 40);
  }
  CHECK(joint_moves > 10000);
}

TEST_CASE("engine and reference agree along random games of both variants", "[dcms][differential]") {
  gamelab::Rng rng(44);
  int positions = 0;
  for (int game = 0; game < 40; ++game) {
    const Variant variant = game % 2 ? Variant::Full : Variant::Mouse;
    const Board board = generate_board(5 + static_cast<int>(rng.below(4)), 6 + static_cast<int>(rng.below(6)), 0.15, rng.next());
    State s = setup_state(board, variant);
    const auto blue = setup_squares(board, kBlue), red = setup_squares(board, kRed);
    s = place_pieces(s, placement_at(blue, variant, rng.below(placement_count(board, variant, kBlue))),
                     placement_at(red, variant, rng.below(placement_count(board, variant, kRed))));
    while (true) {
      compare(s, rng, 10);
      ++positions;
      if (ends_before_moves(s)) break;
      ActionList a, b;
      generate_actions(s, kBlue, a);
      generate_actions(s, kRed, b);
      s = play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
    }
  }
  CHECK(positions > 40);
}
