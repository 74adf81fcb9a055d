// Jump chess perft: the start, the dataset's positions, and its counts confirmed by the reference
// generator (the dataset itself and the thread split: tests/conformance/).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/text_file.hpp"
#include "helpers.hpp"
#include "jumpchess/entry.hpp"
#include "jumpchess/game.hpp"
#include "reference_movegen.hpp"
#include "registry/perft_suite.hpp"
#include "search/perft.hpp"

using namespace jumpchess_test;

namespace {
const std::string kDataset = gamelab::default_perft_dataset("jumpchess");
}

TEST_CASE("perft of the start position", "[jumpchess][perft]") {
  const State s = start_position();
  CHECK(gamelab::search::perft<Game>(s, 0) == 1);
  CHECK(gamelab::search::perft<Game>(s, 1) == 31);
  CHECK(gamelab::search::perft<Game>(s, 2) == 31 * 31);
}

TEST_CASE("the perft dataset has the start and the hand-made positions the issue asks for", "[jumpchess][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  std::set<std::string> names;
  for (const auto& item : data["positions"]) names.insert(item["name"].get<std::string>());
  CHECK(names.size() >= 9);
  for (const char* name : {"start", "snake of 15 hops", "web of captures", "chains over own pieces", "four-ring loop",
                           "six-cycle with a chord", "white has no legal move", "black has no pieces"}) {
    INFO(name);
    CHECK(names.count(name) == 1);
  }
}

TEST_CASE("the reference generator confirms the dataset's shallow counts", "[jumpchess][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  for (const auto& item : data["positions"]) {
    const State s = parse_position_text(item["position"], item["name"]);
    const auto counts = item["counts"].get<std::vector<unsigned long long>>();
    for (int depth = 1; depth <= std::min<int>(3, counts.size()); ++depth) {
      INFO(item["name"].get<std::string>() << " depth " << depth);
      CHECK(reference_jumpchess::perft(board_digits(s), s.side == Black ? '1' : '2', s.moves_made[Black],
                                       s.moves_made[White], depth) == counts[depth - 1]);
    }
  }
}

TEST_CASE("the reference generator confirms deeper counts where passes and the move limit matter",
          "[jumpchess][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  for (const auto& item : data["positions"]) {
    const std::string name = item["name"];
    if (name != "white has no legal move" && name != "black has no pieces" && name != "four-ring loop") continue;
    const State s = parse_position_text(item["position"], name);
    const auto counts = item["counts"].get<std::vector<unsigned long long>>();
    for (int depth = 4; depth <= std::min<int>(5, counts.size()); ++depth) {
      INFO(name << " depth " << depth);
      CHECK(reference_jumpchess::perft(board_digits(s), s.side == Black ? '1' : '2', s.moves_made[Black],
                                       s.moves_made[White], depth) == counts[depth - 1]);
    }
  }
  // The move limit: from 198 moves each, the reference counts 0 at depth 5 as the engine does.
  const State near = parse_position_text(position_text(start_position()).substr(0, 8 * 16) + "black\nmoves 199 199\n",
                                         "near");
  CHECK(reference_jumpchess::perft(board_digits(near), '1', 199, 199, 2) == 31 * 31);
  CHECK(reference_jumpchess::perft(board_digits(near), '1', 199, 199, 3) == 0);
  CHECK(gamelab::search::perft<Game>(near, 2) == 31 * 31);
  CHECK(gamelab::search::perft<Game>(near, 3) == 0);
}
