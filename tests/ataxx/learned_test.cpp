// Ataxx's learned evaluation (engines/ataxx/sparse_inputs.hpp, learned_eval.hpp, docs/tools/train.md
// §1 and §8): the inputs of positions worked out by hand (the field's indices without gaps, the gapped
// block with them, a corner in one tuple), the perspectives mirrored by swapping the colours; the
// engine's incremental score equal to a refresh and to the reference inference at every ply of random
// games, with and without gaps; a move's changes within their bound, which one move reaches. What every
// learned game's engine and commands do with a file (inside
// searches, determinism, a trained file in every command, refusals) is the conformance suite's
// (tests/conformance/learned_*).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <vector>

#include "ataxx/game.hpp"
#include "ataxx/learned_eval.hpp"
#include "ataxx/sparse_inputs.hpp"
#include "common/run.hpp"
#include "core/eval_file.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "registry/game_registry.hpp"
#include "train/learned_cli_checks.hpp"
#include "train/learned_files.hpp"
#include "train/learned_line_checks.hpp"
#include "train/sparse_inputs_checks.hpp"
#include "tuner/campaign_files.hpp"

namespace {

using namespace ataxx_test;
using gamelab::train::Form;

std::vector<std::uint32_t> inputs_of(const State& s, Color perspective) {
  std::uint32_t out[kSparseMaxActive];
  return std::vector<std::uint32_t>(out, out + active_sparse_inputs(s, perspective, out));
}

// Tuple t's input on an empty square of every kind: the plain block's state 0.
std::vector<std::uint32_t> empty_board_inputs() {
  std::vector<std::uint32_t> out;
  for (int t = 0; t < kTuples; ++t) out.push_back(81 * t);
  return out;
}

// The start with `count` gaps on random squares other than the corners (no symmetry: the inputs do not
// care), or none.
State start_with_gaps(gamelab::Rng& rng, int count) {
  State s = start_position();
  const Bitboard corners = s.stones[X] | s.stones[O];
  while (std::popcount(s.gaps) < count) {
    const int sq = static_cast<int>(rng.below(kSquares));
    if (!(corners & bit(sq))) s.gaps |= bit(sq);
  }
  s.hash = compute_hash(s);
  return s;
}

State swapped_colours(State s) {
  std::swap(s.stones[X], s.stones[O]);
  s.side = opponent(s.side);
  s.hash = compute_hash(s);
  return s;
}

// A file of random weights over Ataxx's inputs, read back as the engine reads it.
std::shared_ptr<const gamelab::learned::EvalFile> random_file(Form form, std::uint64_t seed, const std::string& path) {
  train_test::write_model(train_test::random_model(form, "ataxx", seed), "ataxx", path, 120);
  return LearnedEval::read(path);
}

int changes_of(const State& parent, const Move& m, int perspective) {
  gamelab::search::InputChanges<LearnedInputs::kMaxAdded, LearnedInputs::kMaxRemoved> c;
  LearnedInputs::changed(LearnedInputs::change(parent, m, play(parent, m)), perspective, c);
  REQUIRE(c.added_count == c.removed_count);  // one state off and one on per changed tuple
  return c.added_count;
}

}  // namespace

TEST_CASE("ataxx's inputs of the start: one per tuple, the field's indices, ours and theirs swapped for o",
          "[train][ataxx]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("ataxx").sparse_inputs;
  CHECK(set.name == "ataxx-tuples-v1");
  CHECK(set.count == 9216);
  CHECK(set.max_active == 36);
  gamelab::SparseInputs in;
  set.active(position_text(start_position()), in);  // x to move: x's view first
  std::vector<std::uint32_t> x_view = empty_board_inputs(), o_view = empty_board_inputs();
  // a1 (o) is square 0 of tuple 0, g1 (x) square 1 of tuple 5, a7 (x) square 2 of tuple 30, g7 (o)
  // square 3 of tuple 35; ours count 1 x 3^k, theirs 2 x 3^k.
  x_view[0] += 2, x_view[5] += 3, x_view[30] += 9, x_view[35] += 2 * 27;
  o_view[0] += 1, o_view[5] += 2 * 3, o_view[30] += 2 * 9, o_view[35] += 27;
  CHECK(in.perspective[0] == x_view);
  CHECK(in.perspective[1] == o_view);
  set.active("x5o/7/7/7/7/7/o5x o 0 1", in);  // o to move: o's view first
  CHECK(in.perspective[0] == o_view);
}

TEST_CASE("ataxx's inputs: a stone on a corner is in one tuple, on an edge in two, inside in four, a gap moves its tuples "
          "to their own block", "[train][ataxx]") {
  const std::vector<std::uint32_t> empty = empty_board_inputs();
  for (int sq = 0; sq < kSquares; ++sq) {
    INFO(square_text(sq));
    State s;
    s.stones[X] = bit(sq);
    const std::vector<std::uint32_t> seen = inputs_of(s, X);
    int differ = 0;
    for (int t = 0; t < kTuples; ++t) differ += seen[t] != empty[t];
    const bool file_edge = file_of(sq) == 0 || file_of(sq) == 6, rank_edge = rank_of(sq) == 0 || rank_of(sq) == 6;
    CHECK(differ == (file_edge && rank_edge ? 1 : file_edge || rank_edge ? 2 : 4));
    CHECK(inputs_of(s, O) != seen);  // theirs is another state than ours
  }
  // A gap on b2: square 3 of tuple 0, 2 of tuple 1, 1 of tuple 6, 0 of tuple 7, each now in the gapped
  // block (2,916 + 175 t + the rank of its base-4 code among the codes with a gap).
  const State gapped = parse_fen("x5o/7/7/7/7/1-5/o5x x 0 1");
  const std::vector<std::uint32_t> seen = inputs_of(gapped, X), open = inputs_of(start_position(), X);
  for (int t = 0; t < kTuples; ++t) {
    INFO("tuple " << t);
    const bool holds_b2 = t == 0 || t == 1 || t == 6 || t == 7;
    CHECK((seen[t] >= 2916) == holds_b2);
    if (!holds_b2) CHECK(seen[t] == open[t]);
  }
  CHECK(seen[7] == 2916 + 7 * 175 + 0);  // code 3: the first with a gap
  CHECK(seen[6] == 2916 + 6 * 175 + 3);  // code 3 x 4 = 12, after 3, 7 and 11
  CHECK(seen[0] < 2916 + 175);           // a1's o and b2's gap, in tuple 0's block
}

TEST_CASE("ataxx's inputs through the registry: well formed, perspective 0 the side to move's, o's view x's with the colours "
          "swapped", "[train][ataxx]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("ataxx").sparse_inputs;
  gamelab::Rng rng(5);
  int positions = 0, gapped = 0;
  for (int game = 0; game < 40; ++game) {
    State s = start_with_gaps(rng, game % 2 ? static_cast<int>(4 + rng.below(5)) : 0);
    while (!ends_before_moves(s)) {
      gamelab::SparseInputs in;
      set.active(position_text(s), in);
      train_test::require_well_formed(set, in);
      REQUIRE(in.perspective[0] == inputs_of(s, s.side));
      REQUIRE(in.perspective[1] == inputs_of(s, opponent(s.side)));
      const State mirror = swapped_colours(s);
      REQUIRE(inputs_of(s, O) == inputs_of(mirror, X));
      REQUIRE(inputs_of(s, X) == inputs_of(mirror, O));
      ++positions;
      gapped += s.gaps != 0;
      MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  CHECK(positions > 2000);
  CHECK(gapped > 1000);
}

TEST_CASE("ataxx: a move changes at most 19 tuples, and a jump into a surrounded square changes 19", "[train][ataxx]") {
  // d4 empty among eight o stones, x on f6 jumps there: the 3 x 3 block's 16 tuples and 3 of f6's.
  const State s = parse_fen("7/5x1/2ooo2/2o1o2/2ooo2/7/7 x 0 1");
  CHECK(changes_of(s, parse_move("f6d4", s), X) == 19);
  CHECK(changes_of(s, parse_move("f6d4", s), O) == 19);
  CHECK(changes_of(s, parse_move("f7", s), X) == 2);  // a clone without flips: its destination's tuples (an edge's 2)
  const State stuck = parse_fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
  CHECK(changes_of(stuck, Move::pass(), X) == 0);  // a pass changes nothing
}

TEST_CASE("ataxx: the engine's learned score equals a refresh and the reference inference at every ply of random games",
          "[train][engine][ataxx]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("ataxx").sparse_inputs;
  for (Form form : {Form::Network, Form::Linear}) {
    INFO(gamelab::train::to_string(form));
    const auto file = random_file(form, form == Form::Network ? 5 : 6, "ataxx-identity.eval");
    LearnedEval eval(file), fresh(file);
    gamelab::Rng rng(11);
    int plies = 0, jumps = 0, passes = 0, most = 0;
    for (int game = 0; game < 30; ++game) {
      State s = start_with_gaps(rng, game % 3 == 0 ? 0 : static_cast<int>(4 + rng.below(5)));
      eval.root(s);
      for (int ply = 1; !ends_before_moves(s); ++ply) {
        if (ply == gamelab::search::kMaxPly) {  // a line is at most kMaxPly long: start another
          eval.root(s);
          ply = 1;
        }
        MoveList moves;
        generate_moves(s, moves);
        const Move m = moves[rng.below(moves.size())];
        most = std::max(most, changes_of(s, m, s.side));
        jumps += m.is_jump();
        passes += m.is_pass();
        const State child = play(s, m);
        eval.push(ply, s, m, child);
        s = child;
        fresh.refresh(ply, s);
        const int score = eval.learned_score(s, ply);
        REQUIRE(score == fresh.learned_score(s, ply));
        REQUIRE(score == LearnedEval::reference_score(*file, s));
        gamelab::SparseInputs in;  // the file's own score over the registry's inputs of the text
        set.active(position_text(s), in);
        REQUIRE(score == train_test::reference_score(*file, in));
        ++plies;
      }
    }
    INFO("plies " << plies << ", jumps " << jumps << ", passes " << passes << ", most tuples changed " << most);
    CHECK(plies > 3000);
    CHECK(jumps > 0);
    CHECK(passes > 0);
    CHECK(most <= kMaxChangedTuples);
    CHECK(most >= 12);  // moves that flip many stones: the general path of the update
  }
}

TEST_CASE("ataxx: evaluated a third of the time, as a search does, the lazy entries equal the reference", "[train][engine][ataxx]") {
  for (Form form : {Form::Network, Form::Linear}) {
    const auto file = random_file(form, 7, "ataxx-lazy.eval");
    LearnedEval eval(file);
    gamelab::Rng gaps(3);
    const int positions = train_test::check_random_lines<Game>(
        eval, [&](int game) { return start_with_gaps(gaps, game % 2 ? 6 : 0); }, 12, 3000,
        [&](const State& s, int ply) { REQUIRE(eval.learned_score(s, ply) == LearnedEval::reference_score(*file, s)); },
        [](const State&, const Move&) {});
    CHECK(positions >= 3000);
  }
}
