// Jump chess's sparse inputs (engines/jumpchess/sparse_inputs.hpp) through the registry, and a
// network over them updated move by move equal to a refresh.
#include <catch2/catch.hpp>
#include <set>

#include "core/rng.hpp"
#include "core/sparse_network.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/rules.hpp"
#include "jumpchess/sparse_inputs.hpp"
#include "registry/game_registry.hpp"
#include "tuner/train/eval_export.hpp"

TEST_CASE("jump chess's sparse inputs: in range, one clock input, the same for both sides of the start", "[train][jumpchess]") {
  namespace jc = gamelab::jumpchess;
  const gamelab::GameEntry& entry = gamelab::find_game("jumpchess");
  CHECK(entry.sparse_inputs.name == "jumpchess-pieces-v1");
  CHECK(entry.sparse_inputs.count == 138);
  CHECK(entry.sparse_inputs.max_active == 19);
  gamelab::SparseInputs inputs;
  entry.sparse_inputs.active(jc::position_text(jc::start_position()), inputs);
  REQUIRE(inputs.perspective[0].size() == 19);
  // The start is symmetric under the half turn: Black (to move) and White see the same inputs.
  CHECK(std::set<std::uint32_t>(inputs.perspective[0].begin(), inputs.perspective[0].end()) ==
        std::set<std::uint32_t>(inputs.perspective[1].begin(), inputs.perspective[1].end()));
  CHECK(inputs.perspective[0].back() == 128);  // no move made yet
  CHECK(jc::sparse_clock_index(199) == 137);
  CHECK(jc::sparse_input_index(jc::White, jc::Black, 0) == 127);  // the opponent's piece on White's last square
}

TEST_CASE("a network over jump chess's inputs updated move by move equals a refresh", "[train][jumpchess]") {
  namespace jc = gamelab::jumpchess;
  using namespace gamelab::learned;
  gamelab::train::Model model =
      gamelab::train::initial_model(gamelab::train::Form::Network, jc::kSparseInputCount, 16, jc::kSparseMaxActive, 3);
  gamelab::Rng rng(8);
  for (float& p : model.params) p = static_cast<float>((2 * rng.unit() - 1) * 1.98);
  const EvalFile file = gamelab::train::quantise(model, {"jumpchess", jc::kSparseInputName, jc::kSparseMaxActive, 100, ""});
  const SparseNetwork& net = std::get<SparseNetwork>(file.model);
  std::uint32_t active[jc::kSparseMaxActive];
  const auto refreshed = [&](const jc::State& s) {
    Accumulator fresh = net.make_accumulator();
    for (jc::Color view : {jc::Black, jc::White}) net.refresh(fresh, view, active, jc::active_sparse_inputs(s, view, active));
    return fresh;
  };
  jc::State s = jc::start_position();
  Accumulator acc = refreshed(s);
  for (int ply = 0; ply < 300 && !jc::ends_before_moves(s); ++ply) {
    jc::MoveList moves;
    jc::generate_moves(s, moves);  // a pass when there is no other move
    const jc::State next = jc::play(s, moves[rng.below(moves.size())]);
    for (jc::Color view : {jc::Black, jc::White}) {  // the moved piece, and the mover's clock
      for (jc::Color c : {jc::Black, jc::White}) {
        for (jc::Bitboard gone = s.pieces[c] & ~next.pieces[c]; gone; gone &= gone - 1) {
          net.remove(acc, view, jc::sparse_input_index(view, c, std::countr_zero(gone)));
        }
        for (jc::Bitboard come = next.pieces[c] & ~s.pieces[c]; come; come &= come - 1) {
          net.add(acc, view, jc::sparse_input_index(view, c, std::countr_zero(come)));
        }
      }
      if (jc::sparse_clock_index(s.moves_made[view]) != jc::sparse_clock_index(next.moves_made[view])) {
        net.remove(acc, view, jc::sparse_clock_index(s.moves_made[view]));
        net.add(acc, view, jc::sparse_clock_index(next.moves_made[view]));
      }
    }
    s = next;
    REQUIRE(acc == refreshed(s));
  }
}
