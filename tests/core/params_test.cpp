// Parameter sets: JSON and OpenBench SPSA round trips, and every error naming file, parameter, problem.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/text_file.hpp"

using gamelab::Param;
using gamelab::ParamSet;

namespace {
ParamSet defaults() {
  return ParamSet("toy", {{"eval_a", 100, 0, 400, 10, 0.002}, {"eval_b", -5, -50, 50, 2.5, 0.002},
                          {"search_c", 3, 1, 9, 1, 0}});
}
}  // namespace

TEST_CASE("parameter sets round-trip through JSON and SPSA text", "[core][params]") {
  ParamSet p = defaults();
  p.set("eval_b", 7);
  CHECK(ParamSet::from_json(p.to_json(), defaults(), "x.json") == p);
  CHECK(ParamSet::from_spsa(p.to_spsa(), defaults(), "x.txt") == p);
  CHECK(p.to_spsa().substr(0, 36) == "eval_a, int, 100, 0, 400, 10, 0.002\n");
  CHECK(p.values() == std::vector<int>{100, 7, 3});
  CHECK(p.fingerprint() != defaults().fingerprint());
  gamelab::write_file_atomic("params_roundtrip.json", p.to_json());
  CHECK(ParamSet::load_file("params_roundtrip.json", defaults()) == p);
  gamelab::write_file_atomic("params_roundtrip.txt", p.to_spsa());
  CHECK(ParamSet::load_file("params_roundtrip.txt", defaults()) == p);
  std::remove("params_roundtrip.json");
  std::remove("params_roundtrip.txt");
}

TEST_CASE("a partial parameter file keeps the other defaults", "[core][params]") {
  const ParamSet p = ParamSet::from_spsa("# tuned\neval_b, int, 9, -50, 50, 2.5, 0.002\n", defaults(), "t.txt");
  CHECK(p.value("eval_a") == 100);
  CHECK(p.value("eval_b") == 9);
}

TEST_CASE("a release file is read as the parameters it froze", "[core][params]") {
  ParamSet p = defaults();
  p.set("eval_a", 123);
  const std::string release = "{\"game\": \"toy\", \"params\": " + p.to_json() + ", \"date\": \"2026-01-01T00:00:00Z\"}";
  CHECK(ParamSet::from_json(release, defaults(), "engines/toy/release.json") == p);
  CHECK_THROWS_WITH(ParamSet::from_json(R"({"params": {"x": 1}})", defaults(), "r.json"),
                    Catch::Contains("expected an object with a \"params\" array (or a release.json)"));
}

TEST_CASE("parameter file errors name the file, the parameter and the problem", "[core][params]") {
  const ParamSet d = defaults();
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_z, int, 1, 0, 2, 1, 0.002\n", d, "p.txt"),
                    Catch::Contains("p.txt:1") && Catch::Contains("unknown parameter 'eval_z'"));
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_a, int, 500, 0, 400, 10, 0.002\n", d, "p.txt"),
                    Catch::Contains("'eval_a'") && Catch::Contains("value 500 out of range [0, 400]"));
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_a, int, 1, 0, 400, 10, 0.002\neval_a, int, 2, 0, 400, 10, 0.002\n", d, "p.txt"),
                    Catch::Contains("p.txt:2") && Catch::Contains("'eval_a' appears twice"));
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_a, int, 1, 0, 400\n", d, "p.txt"),
                    Catch::Contains("expected 7 comma-separated fields"));
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_a, float, 1, 0, 400, 10, 0.002\n", d, "p.txt"),
                    Catch::Contains("type 'float' is not int"));
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_a, int, 1x, 0, 400, 10, 0.002\n", d, "p.txt"),
                    Catch::Contains("default '1x' is not an integer"));
  CHECK_THROWS_WITH(ParamSet::from_spsa("eval_a, int, 1, 9, 4, 10, 0.002\n", d, "p.txt"), Catch::Contains("min 9 > max 4"));
  CHECK_THROWS_WITH(ParamSet::from_json(R"({"params": [{"name": "eval_a", "value": 1, "min": 0, "max": 9, "c_end": 1}]})", d, "p.json"),
                    Catch::Contains("p.json: params[0] ('eval_a')") && Catch::Contains("missing field 'r_end'"));
  CHECK_THROWS_WITH(ParamSet::from_json(R"({"params": [{"name": "eval_a", "value": 1.5, "min": 0, "max": 9, "c_end": 1, "r_end": 0}]})", d, "p.json"),
                    Catch::Contains("'value' must be an integer"));
  CHECK_THROWS_WITH(ParamSet::from_json(R"({"game": "chess", "params": []})", d, "p.json"), Catch::Contains("not toy"));
  CHECK_THROWS_WITH(ParamSet::from_json(R"({"params": [)", d, "p.json"), Catch::Contains("p.json: not valid JSON"));
  CHECK_THROWS_WITH(ParamSet::load_file("no_such_params.json", d), Catch::Contains("no_such_params.json: cannot open"));
}

TEST_CASE("a parameter set refuses duplicates and bad values when built", "[core][params]") {
  CHECK_THROWS_WITH(ParamSet("toy", {{"a", 1, 0, 2, 1, 0}, {"a", 1, 0, 2, 1, 0}}), Catch::Contains("'a' appears twice"));
  CHECK_THROWS_WITH(ParamSet("toy", {{"a b", 1, 0, 2, 1, 0}}), Catch::Contains("without blanks"));
  ParamSet p = defaults();
  CHECK_THROWS_WITH(p.set("eval_a", -1), Catch::Contains("out of range"));
  CHECK_THROWS_WITH(p.value("nope"), Catch::Contains("no parameter 'nope'"));
}

TEST_CASE("a set declared by an external bot is its list, in its order", "[core][params]") {
  const std::string spsa = "# my bot\nSPEED, int, 7, 0, 10, 1, 0.002\nALPHA, int, -3, -9, 9, 1.5, 0.002\n";
  const ParamSet p = ParamSet::declared(spsa, "raichu", "mybot.spsa");
  CHECK(p.game() == "raichu");
  REQUIRE(p.size() == 2);
  CHECK(p.at(0).name == "SPEED");
  CHECK(p.value("ALPHA") == -3);
  CHECK(p.to_values_json() == "{\"SPEED\":7,\"ALPHA\":-3}\n");
  // A campaign's JSON file reads back as the same set.
  CHECK(ParamSet::declared(p.to_json(), "raichu", "current.json") == p);
  CHECK_THROWS_WITH(ParamSet::declared(p.to_json(), "bullets", "current.json"),
                    Catch::Contains("parameters are for game \"raichu\", not bullets"));
  CHECK_THROWS_WITH(ParamSet::declared("# nothing\n", "raichu", "empty.spsa"), "empty.spsa: declares no parameters");
  CHECK_THROWS_WITH(ParamSet::declared(spsa + "SPEED, int, 1, 0, 10, 1, 0.002\n", "raichu", "b.spsa"),
                    "b.spsa:4: parameter 'SPEED' appears twice");
  CHECK_THROWS_WITH(ParamSet::declared("X, int, 11, 0, 10, 1, 0.002\n", "raichu", "c.spsa"), Catch::Contains("c.spsa:1"));
}
