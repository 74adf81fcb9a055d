#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/move_list.hpp"

using gamelab::parse_limits;

TEST_CASE("search limits parse from key=value lists", "[core][limits]") {
  const auto a = parse_limits("depth=6", "--limit");
  CHECK(a.depth == 6);
  CHECK_FALSE(a.nodes);
  CHECK(a.reproducible());
  const auto b = parse_limits("nodes=20000,movetime=50", "--limit");
  CHECK(b.nodes == 20000u);
  CHECK(b.movetime_ms == 50);
  CHECK_FALSE(b.reproducible());
  CHECK(gamelab::to_string(b) == "nodes=20000,movetime=50");
}

TEST_CASE("bad search limits name the input and the problem", "[core][limits]") {
  CHECK_THROWS_WITH(parse_limits("depth=0", "--limit"), Catch::Contains("--limit: 'depth=0' needs a positive integer"));
  CHECK_THROWS_WITH(parse_limits("time=5", "--limit"), Catch::Contains("unknown limit 'time'"));
  CHECK_THROWS_WITH(parse_limits("depth", "--limit"), Catch::Contains("not of the form key=value"));
  CHECK_THROWS_WITH(parse_limits("", "--limit"), Catch::Contains("empty limit"));
  CHECK_THROWS_WITH(parse_limits("nodes=12x", "--limit"), Catch::Contains("positive integer"));
}

TEST_CASE("a move list holds its items in order", "[core][move-list]") {
  gamelab::MoveList<int, 4> list;
  CHECK(list.empty());
  list.push_back(3);
  list.push_back(5);
  CHECK(list.size() == 2);
  CHECK(list[1] == 5);
  int sum = 0;
  for (int x : list) sum += x;
  CHECK(sum == 8);
  list.clear();
  CHECK(list.empty());
}
