// The published perft counts (datasets/perft/ataxx.json, docs/rules/ataxx.md §5) confirmed by the
// reference generator (reference.cpp) to depth 3, and the bulk count of the last ply against listing
// it (the engine against the dataset: tests/conformance/).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "reference.hpp"
#include "search/perft.hpp"

using namespace ataxx_test;

namespace {

// The table's positions (kept by value: a range-for over a temporary's member would dangle).
nlohmann::json positions() {
  std::ifstream in(std::string(GAMELAB_DATA_DIR) + "/perft/ataxx.json");
  REQUIRE(in.good());
  const nlohmann::json positions = nlohmann::json::parse(in)["positions"];
  REQUIRE(positions.size() == 20);
  return positions;
}

}  // namespace

TEST_CASE("the reference generator gives the published counts to depth 3", "[ataxx][perft][reference]") {
  const nlohmann::json table = positions();
  for (const auto& item : table) {
    const auto reference = ataxx_reference::read_fen(item["position"].get<std::string>());
    const auto counts = item["counts"].get<std::vector<std::uint64_t>>();
    for (int depth = 1; depth <= std::min<int>(3, static_cast<int>(counts.size())); ++depth) {
      INFO(item["name"].get<std::string>() << " depth " << depth);
      CHECK(ataxx_reference::perft(reference, depth) == counts[depth - 1]);
    }
  }
}

TEST_CASE("perft with and without the bulk count of the last ply agree", "[ataxx][perft]") {
  // search/perft.hpp calls Game::count_moves on the last ply; a game without it lists the moves.
  struct Listing {
    using State = gamelab::ataxx::State;
    using Move = gamelab::ataxx::Move;
    using MoveList = gamelab::ataxx::MoveList;
    static bool ends_before_moves(const State& s) { return Game::ends_before_moves(s); }
    static void generate_moves(const State& s, MoveList& moves) { Game::generate_moves(s, moves); }
    static State play(const State& s, const Move& m) { return Game::play(s, m); }
  };
  const nlohmann::json table = positions();
  for (const auto& item : table) {
    const State s = parse_position_text(item["position"].get<std::string>(), "dataset");
    for (int depth = 1; depth <= 3; ++depth) {
      CHECK(gamelab::search::perft<Listing>(s, depth) == gamelab::search::perft<Game>(s, depth));
    }
  }
}
