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

TEST_CASE("a game clock parses as the field writes it, and the time manager spends it", "[core][limits]") {
  const auto c = parse_limits("tc=10+0.1", "--engine A");
  REQUIRE(c.clock);
  CHECK(c.clock->time_ms == 10000);
  CHECK(c.clock->inc_ms == 100);
  CHECK_FALSE(c.reproducible());
  CHECK(gamelab::to_string(c) == "tc=10+0.1");
  CHECK(gamelab::to_string(parse_limits("tc=60", "x")) == "tc=60+0");
  CHECK(gamelab::to_string(parse_limits("tc=1+0.01,depth=9", "x")) == "depth=9,tc=1+0.01");
  const auto move = gamelab::move_limits(c);
  CHECK_FALSE(move.clock);
  CHECK(move.movetime_ms == gamelab::clock_movetime_ms(10000, 100));
  CHECK(*move.movetime_ms == 2 * (9980 / 30 + 80));
  CHECK(gamelab::clock_movetime_ms(1000, 10, 1) == 490);  // never more than half of what is left
  CHECK(gamelab::clock_movetime_ms(0, 0) == 1);
  for (const char* bad : {"tc=", "tc=0", "tc=10+", "tc=ten", "tc=-1+0", "tc=10+0.1+1", "tc=1e3"}) {
    CHECK_THROWS_WITH(parse_limits(bad, "--engine A"), Catch::Contains("--engine A: '" + std::string(bad) + "' is not a clock"));
  }
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
