// Dog-Cat-Mouse-cheeSe's sparse inputs (engines/dcms/sparse_inputs.hpp) through the registry: a
// position worked out by hand, and random play on the committed boards of both variants (well formed,
// and blue's view of a position is red's view of its mirror image).
#include <catch2/catch.hpp>

#include "dcms/distances.hpp"
#include "dcms/positions.hpp"
#include "dcms/sparse_inputs.hpp"
#include "registry/game_registry.hpp"
#include "train/sparse_inputs_checks.hpp"

namespace {

gamelab::SparseInputs dcms_inputs(const std::string& position) {
  gamelab::SparseInputs inputs;
  gamelab::find_game("dcms").sparse_inputs.active(position, inputs);
  return inputs;
}

}  // namespace

TEST_CASE("dcms's sparse inputs: distances around the walls, material, turns, the race, blue's view first", "[train][dcms]") {
  namespace dcms = gamelab::dcms;
  const gamelab::SparseInputSet& set = gamelab::find_game("dcms").sparse_inputs;
  CHECK(set.name == "dcms-distances-v1");
  CHECK(set.count == 559);
  CHECK(set.max_active == 39);
  // Column 4 is open only in row 1, so the blue Mouse (3, 3) needs 4 steps to the red cheeSe (3, 5),
  // the red Mouse (2, 6) 5 to the blue cheeSe (1, 1); 10 turns are left.
  const std::vector<std::string> board = {"##########", "#........#", "#...#....#", "#...#....#", "##########"};
  const auto inputs = dcms_inputs(dcms_test::position_file("mouse", board, "S 1 1, M 3 3, s 3 5, m 2 6", 50));
  train_test::require_well_formed(set, inputs);
  const auto pair = dcms::sparse_pair_index;  // pieces: own cheeSe 0, Mouse 1; theirs 4, 5
  // Blue's view: the pairs; both Mice on the board (504, 507); mouse variant (510); 10 turns left
  // (512 + 10); the Mice with 6 and 5 turns to spare (527 + 5, 527 + 8 + 5); ours arrives one turn
  // before theirs (543 + 3 + 6 + 1).
  CHECK(inputs.perspective[0] == std::vector<std::uint32_t>{pair(0, 1, 2), pair(0, 4, 5), pair(0, 5, 5), pair(1, 4, 4),
                                                            pair(1, 5, 4), pair(4, 5, 1), 504, 507, 510, 522, 532, 540, 553});
  // Red's view: its own pieces first, and its Mouse one turn behind.
  CHECK(inputs.perspective[1] == std::vector<std::uint32_t>{pair(0, 1, 1), pair(0, 4, 5), pair(0, 5, 4), pair(1, 4, 5),
                                                            pair(1, 5, 4), pair(4, 5, 2), 504, 507, 510, 522, 532, 540, 551});
  CHECK(pair(0, 1, 0) == 0);
  CHECK(pair(6, 7, dcms::kUnreachable) == 503);  // the last pair, no path
  CHECK(pair(0, 1, 100) == 16);                  // 48 steps and more
  // A board in its setup phase: only the variant and the turns.
  const auto setup = dcms_inputs(dcms_test::position_file("full", board, "", 0));
  CHECK(setup.perspective[0] == std::vector<std::uint32_t>{511, 512 + 14});
  CHECK(setup.perspective[1] == setup.perspective[0]);
}

TEST_CASE("dcms's sparse inputs on random play: well formed, and the mirror image swaps the perspectives", "[train][dcms]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("dcms").sparse_inputs;
  std::size_t most = 0;
  for (const auto& s : dcms_test::random_positions(600, 21, 40)) {
    const std::string text = gamelab::dcms::position_text(s);
    INFO(text);
    const auto inputs = dcms_inputs(text);
    train_test::require_well_formed(set, inputs);
    most = std::max(most, inputs.perspective[0].size());
    // Mirrored left-right with the colours swapped: blue's view is red's of the mirror image.
    const auto mirror = dcms_inputs(gamelab::dcms::position_text(dcms_test::mirrored(s)));
    REQUIRE(train_test::sorted(mirror.perspective[0]) == train_test::sorted(inputs.perspective[1]));
    REQUIRE(train_test::sorted(mirror.perspective[1]) == train_test::sorted(inputs.perspective[0]));
  }
  CHECK(most == static_cast<std::size_t>(gamelab::dcms::kSparseMaxActive));  // every piece on a full board reaches the bound
}
