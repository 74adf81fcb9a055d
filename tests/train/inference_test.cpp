// The integer inference (engines/core/sparse_network.hpp) against the float model it was quantised
// from, incremental updates against refreshes, and Raichu's sparse inputs (engines/raichu/sparse_inputs).
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "core/sparse_network.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"
#include "raichu/sparse_inputs.hpp"
#include "registry/game_registry.hpp"
#include "synthetic.hpp"
#include "tuner/train/eval_export.hpp"
#include "tuner/train/fit.hpp"

using namespace gamelab;
using namespace gamelab::learned;
using train_test::random_rows;
using train_test::sigmoid;

namespace {

// A network fitted for a few epochs to a nonlinear target over 32 active inputs a perspective (as
// many as Raichu can have), so that its weights are spread as trained weights are.
train::Model trained_network(const train::TrainData& data, std::uint32_t hidden) {
  train::Model model = train::initial_model(train::Form::Network, data.inputs, hidden, 32, 4);
  train::AdamState adam;
  train::FitSettings s;
  s.batch = 256;
  s.learning_rate = 0.005;
  for (int e = 1; e <= 6; ++e) train::train_epoch(model, adam, data, e, s);
  return model;
}

// Row r's active inputs in perspective `view`, as the engines' indices.
std::vector<std::uint32_t> active_of(const train::TrainData& data, std::size_t r, int view) {
  int n = 0;
  const std::uint16_t* a = data.active(r, view, n);
  return std::vector<std::uint32_t>(a, a + n);
}

}  // namespace

TEST_CASE("the integer network is within the documented bound of the float model", "[train][inference]") {
  const train::TrainData data = random_rows(2000, 3000, 8, 32, 31, [](const auto& us, const auto& them) {
    double y = 0;
    for (auto i : us) y += std::sin(i * 0.37);
    for (auto i : them) y -= std::cos(i * 0.11) * 0.5;
    return sigmoid(std::tanh(y) * 2);
  });
  const train::Model model = trained_network(data, 32);
  const std::int32_t scale = 133;
  const EvalFile file = train::quantise(model, {"raichu", "synthetic", 32, scale, ""});
  const SparseNetwork& net = std::get<SparseNetwork>(file.model);
  const double bound = train::quantisation_bound(model, 32);
  train::Scratch scratch(model);
  Accumulator acc = net.make_accumulator();
  double worst = 0, total = 0;
  for (std::size_t r = 0; r < data.rows(); ++r) {
    const auto us = active_of(data, r, 0), them = active_of(data, r, 1);
    net.refresh(acc, 0, us.data(), static_cast<int>(us.size()));
    net.refresh(acc, 1, them.data(), static_cast<int>(them.size()));
    const double y = train::forward(model, data, r, scratch);
    const double y_int = static_cast<double>(net.raw_output(acc, 0)) / (kTransformerScale * kOutputScale);
    const double error = std::fabs(y_int - y);
    worst = std::max(worst, error);
    total += error;
    REQUIRE(error <= bound + 1e-4);
    REQUIRE(std::fabs(net.evaluate(acc, 0) - y * scale) <= bound * scale + 1 + 1e-2);
  }
  const double mean = total / static_cast<double>(data.rows());
  INFO("bound " << bound << " logits, worst " << worst << ", mean " << mean);
  // What the bound allows is far from what happens: the rounding errors mostly cancel.
  CHECK(mean < 0.01);
  CHECK(worst < 0.05);
}

TEST_CASE("the integer linear form is within its bound of the float model", "[train][inference]") {
  const train::TrainData data = random_rows(500, 2000, 4, 32, 8, [](const auto& us, const auto&) {
    double y = 0;
    for (auto i : us) y += ((i * 7919) % 100) / 100.0 - 0.5;
    return sigmoid(y);
  });
  train::Model model = train::initial_model(train::Form::Linear, data.inputs, 0, 32, 1);
  train::AdamState adam;
  train::FitSettings s;
  s.batch = 128;
  s.learning_rate = 0.01;
  for (int e = 1; e <= 5; ++e) train::train_epoch(model, adam, data, e, s);
  const EvalFile file = train::quantise(model, {"raichu", "synthetic", 32, 100, ""});
  const SparseLinear& linear = std::get<SparseLinear>(file.model);
  const double bound = train::quantisation_bound(model, 32);
  train::Scratch scratch(model);
  for (std::size_t r = 0; r < data.rows(); ++r) {
    const auto us = active_of(data, r, 0);
    const double y_int = static_cast<double>(linear.raw_output(us.data(), static_cast<int>(us.size()))) / kLinearScale;
    REQUIRE(std::fabs(y_int - train::forward(model, data, r, scratch)) <= bound + 1e-4);
  }
}

TEST_CASE("incremental updates along Raichu games equal a refresh exactly", "[train][inference][raichu]") {
  using namespace gamelab::raichu;
  // A network with random weights as large as training allows, over Raichu's inputs.
  train::Model model = train::initial_model(train::Form::Network, kSparseInputCount, 24, kSparseMaxActive, 17);
  Rng rng(3);
  for (float& p : model.params) p = static_cast<float>((2 * rng.unit() - 1) * 1.98);
  const EvalFile file = train::quantise(model, {"raichu", kSparseInputName, kSparseMaxActive, 100, ""});
  const SparseNetwork& net = std::get<SparseNetwork>(file.model);
  std::uint32_t active[kSparseMaxActive];
  const auto refreshed = [&](const State& s) {
    Accumulator fresh = net.make_accumulator();
    for (Color view : {White, Black}) net.refresh(fresh, view, active, active_sparse_inputs(s, view, active));
    return fresh;
  };
  int moves_played = 0;
  for (int game = 0; game < 10; ++game) {
    const int n = 8 + 2 * (game % 5);
    State s = start_position(n);
    Accumulator acc = refreshed(s);  // slot = colour: White's view, Black's view
    while (!result(s).over()) {
      raichu::MoveList moves;
      generate_moves(s, moves);
      const Move m = moves[rng.below(moves.size())];
      const Piece mover = static_cast<Piece>(s.board[m.from]);
      const Piece landed = m.is_promotion() ? make_piece(color_of(mover), Raichu) : mover;
      for (Color view : {White, Black}) {  // what a move changes: the mover's squares, a capture
        net.remove(acc, view, sparse_input_index(n, view, m.from, mover));
        if (m.is_capture()) net.remove(acc, view, sparse_input_index(n, view, m.over, static_cast<Piece>(s.board[m.over])));
        net.add(acc, view, sparse_input_index(n, view, m.to, landed));
      }
      s = play(s, m);
      ++moves_played;
      REQUIRE(acc == refreshed(s));
      REQUIRE(net.evaluate(acc, s.side) == net.evaluate(refreshed(s), s.side));
    }
  }
  CHECK(moves_played > 500);
}

TEST_CASE("Raichu's sparse inputs: in range, distinct, per size, and the same for both sides of a symmetric position",
          "[train][raichu]") {
  using namespace gamelab::raichu;
  const GameEntry& entry = find_game("raichu");
  CHECK(entry.sparse_inputs.name == "raichu-pieces-v1");
  CHECK(entry.sparse_inputs.count == 4560);
  CHECK(entry.sparse_inputs.max_active == 32);
  std::set<std::uint32_t> sizes_seen;
  for (int n = 8; n <= 16; n += 2) {
    const State s = start_position(n);
    SparseInputs inputs;
    entry.sparse_inputs.active(position_line(s), inputs);
    REQUIRE(inputs.perspective[0].size() == static_cast<std::size_t>(2 * n));
    const std::set<std::uint32_t> white(inputs.perspective[0].begin(), inputs.perspective[0].end());
    const std::set<std::uint32_t> black(inputs.perspective[1].begin(), inputs.perspective[1].end());
    CHECK(white.size() == static_cast<std::size_t>(2 * n));  // distinct
    CHECK(white == black);  // the start is symmetric under the half turn, so both sides see the same
    for (std::uint32_t i : white) {
      CHECK(i < kSparseInputCount);
      CHECK(sizes_seen.count(i) == 0);  // each size has its own table
    }
    sizes_seen.insert(white.begin(), white.end());
  }
  // The side to move's view comes first: after White's first move, perspective 0 is Black's.
  State s = start_position(8);
  raichu::MoveList moves;
  generate_moves(s, moves);
  const State after = play(s, moves[0]);
  SparseInputs inputs;
  entry.sparse_inputs.active(position_line(after), inputs);
  std::uint32_t black[kSparseMaxActive];
  const int count = active_sparse_inputs(after, Black, black);
  CHECK(inputs.perspective[0] == std::vector<std::uint32_t>(black, black + count));
  // The first and the last index.
  CHECK(sparse_input_index(16, White, square(15, 15), BlackRaichu) == kSparseInputCount - 1);
  CHECK(sparse_input_index(8, White, square(0, 0), WhitePichu) == 0);
  CHECK(sparse_input_index(8, Black, square(7, 7), BlackPichu) == 0);
}
