// SPSA: the schedule, the perturbations, and campaigns on a synthetic game and on Raichu (in process).
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "helpers.hpp"
#include "registry/game_registry.hpp"
#include "synthetic_game.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/spsa/campaign.hpp"
#include "tuner/spsa/registry_player.hpp"

using namespace gamelab;
using namespace gamelab::tuner;
using tuner_test::file_text;

namespace {

SpsaSettings synthetic_settings(int iterations, int pairs, std::uint64_t seed) {
  SpsaSettings s;
  s.game = "synthetic";
  s.seed = seed;
  s.pairs_per_iteration = pairs;
  s.limits = "nodes=1";
  s.schedule = SpsaSchedule::for_iterations(iterations);
  s.base = tuner_test::synthetic_params();
  s.tuned = {"alpha", "beta", "gamma", "delta"};
  s.params_source = "(test)";
  s.openings_source = "(test)";
  return s;
}

const Positions kOnePosition = {{"start", "test"}};

SpsaCampaign make_campaign(const std::string& name, const SpsaSettings& s) {
  const std::string dir = tuner_test::fresh_dir(name);
  SpsaCampaign::create(dir, s, kOnePosition);
  std::ostringstream notes;
  return SpsaCampaign::load(dir, notes);
}

}  // namespace

TEST_CASE("the SPSA schedule ends at c_end and r_end, as fishtest and OpenBench define it", "[spsa]") {
  const ParamSet base("g", {{"x", 50, 0, 100, 4, 0.002}});
  const Spsa spsa(base, {"x"}, SpsaSchedule::for_iterations(1000), 1);
  CHECK(spsa.schedule().big_a == Approx(100));
  CHECK(spsa.c_k(0, 1000) == Approx(4));
  const double c = spsa.c_k(0, 1000);
  CHECK(spsa.a_k(0, 1000) / (c * c) == Approx(0.002));
  // c_k = c / k^0.101 and a_k = a / (A + k)^0.602.
  CHECK(spsa.c_k(0, 1) == Approx(4 * std::pow(1000.0, 0.101)));
  CHECK(spsa.a_k(0, 1) == Approx(0.002 * 16 * std::pow(1100.0, 0.602) / std::pow(101.0, 0.602)));
}

TEST_CASE("SPSA refuses parameters it cannot move", "[spsa]") {
  const ParamSet base("g", {{"fixed", 1, 0, 1, 0, 0}, {"flat", 3, 3, 3, 1, 0.002}, {"x", 5, 0, 9, 1, 0.002}});
  CHECK_THROWS_WITH(Spsa(base, {"fixed"}, SpsaSchedule::for_iterations(10), 1), Catch::Contains("c_end and r_end must be > 0"));
  CHECK_THROWS_WITH(Spsa(base, {"flat"}, SpsaSchedule::for_iterations(10), 1), Catch::Contains("min = max"));
  CHECK_THROWS_WITH(Spsa(base, {"nope"}, SpsaSchedule::for_iterations(10), 1), Catch::Contains("no parameter 'nope'"));
}

TEST_CASE("perturbations: seeded flips, unbiased probabilistic rounding, values clipped to bounds", "[spsa]") {
  const ParamSet base("g", {{"x", 10, 0, 100, 2.5, 0.002}, {"edge", 0, 0, 3, 2, 0.002}, {"knob", 7, 0, 9, 0, 0}});
  const Spsa spsa(base, {"x", "edge"}, SpsaSchedule::for_iterations(100), 42);
  const std::vector<double> theta = {10.3, 0.0};
  double plus_sum = 0;
  int plus_flips = 0;
  for (int k = 1; k <= 2000; ++k) {
    const Perturbation p = spsa.perturb(k, theta);
    const Perturbation again = spsa.perturb(k, theta);
    REQUIRE(p.flip == again.flip);
    REQUIRE(p.plus == again.plus);
    CHECK(p.plus.value("knob") == 7);  // not tuned: stays at its base value
    CHECK(p.minus.value("edge") >= 0);  // clipped at min
    const double c = spsa.c_k(0, k);
    const double expected = 10.3 + c * p.flip[0];
    CHECK(std::abs(p.plus.value("x") - expected) < 1.0);  // rounded down or up
    plus_sum += p.plus.value("x") - expected;
    plus_flips += p.flip[0] == 1;
  }
  CHECK(std::abs(plus_sum / 2000) < 0.03);            // the rounding keeps the expectation
  CHECK(plus_flips > 900);
  CHECK(plus_flips < 1100);
}

TEST_CASE("an SPSA step moves each tuned parameter by r_k c_k (W - L) flip, within bounds", "[spsa]") {
  const ParamSet base("g", {{"x", 10, 0, 100, 2, 0.01}, {"y", 99, 0, 100, 2, 0.01}});
  const Spsa spsa(base, {"x", "y"}, SpsaSchedule::for_iterations(10), 1);
  IterationResults results = count_results({{1, 1}, {1, 0.5}, {0, 1}});  // W 4, D 1, L 1
  CHECK(results.result() == 3);
  CHECK(results.penta.cells == std::array<std::uint64_t, 5>{0, 0, 1, 1, 1});
  const auto next = spsa.step(5, {10, 99.99}, {1, 1}, results);
  const double c = spsa.c_k(0, 5), r = spsa.a_k(0, 5) / (c * c);
  REQUIRE(r * c * 3 > 0.01);
  CHECK(next[0] == Approx(10 + r * c * 3));
  CHECK(next[1] == 100);  // clipped at max
}

TEST_CASE("SPSA on a synthetic game moves every parameter towards the hidden optimum", "[spsa]") {
  SpsaCampaign campaign = make_campaign("spsa_synthetic", synthetic_settings(150, 4, 7));
  ProcessGroup group;
  campaign.run(tuner_test::synthetic_player(), group, nullptr, {});
  REQUIRE(campaign.done() == 150);
  const auto start = campaign.spsa().start();
  const auto end = campaign.theta();
  const auto optimum = tuner_test::synthetic_optimum();
  for (std::size_t i = 0; i < optimum.size(); ++i) {
    INFO(campaign.spsa().params()[i].name << ": " << start[i] << " -> " << end[i] << ", optimum " << optimum[i]);
    // At least two thirds of the way there.
    CHECK(std::abs(end[i] - optimum[i]) < std::abs(start[i] - optimum[i]) / 3);
  }
  // The files agree with the state: current.json is theta rounded, the journal has every iteration.
  const ParamSet current = params_from_json(read_json_file("spsa_synthetic/current.json"), "current.json");
  CHECK(current == campaign.current());
  CHECK(tuner_test::count_lines("spsa_synthetic/journal.jsonl") == 150);
}

TEST_CASE("an SPSA campaign stopped and resumed writes the journal an uninterrupted one writes", "[spsa]") {
  const SpsaSettings s = synthetic_settings(30, 3, 11);
  SpsaCampaign whole = make_campaign("spsa_whole", s);
  ProcessGroup group;
  whole.run(tuner_test::synthetic_player(), group, nullptr, {});

  SpsaCampaign first = make_campaign("spsa_parts", s);
  first.run(tuner_test::synthetic_player(), group, nullptr, {12, 1});
  CHECK(first.done() == 12);
  // A kill in the middle of writing iteration 13 leaves a line without its newline.
  {
    std::ofstream out("spsa_parts/journal.jsonl", std::ios::app | std::ios::binary);
    out << R"({"iteration":13,"flip":[1,-1,)";
  }
  std::ostringstream notes;
  SpsaCampaign second = SpsaCampaign::load("spsa_parts", notes);
  CHECK_THAT(notes.str(), Catch::Contains("spsa_parts/journal.jsonl:13: truncated last line"));
  CHECK(second.done() == 12);
  CHECK(second.theta() == first.theta());
  second.run(tuner_test::synthetic_player(), group, nullptr, {});
  CHECK(file_text("spsa_parts/journal.jsonl") == file_text("spsa_whole/journal.jsonl"));
  CHECK(file_text("spsa_parts/current.json") == file_text("spsa_whole/current.json"));
  CHECK(file_text("spsa_parts/best.json") == file_text("spsa_whole/best.json"));
}

TEST_CASE("bad campaign files give errors naming the file and the line", "[spsa]") {
  const SpsaSettings s = synthetic_settings(10, 1, 3);
  SpsaCampaign campaign = make_campaign("spsa_bad", s);
  ProcessGroup group;
  campaign.run(tuner_test::synthetic_player(), group, nullptr, {3, 1});
  std::ostringstream notes;
  const std::string journal = file_text("spsa_bad/journal.jsonl");
  auto with_journal = [&](const std::string& text) {
    std::ofstream("spsa_bad/journal.jsonl", std::ios::binary) << text;
  };
  with_journal(journal + "not json\n");
  CHECK_THROWS_WITH(SpsaCampaign::load("spsa_bad", notes), Catch::Contains("spsa_bad/journal.jsonl:4: malformed journal line"));
  // An iteration counted twice.
  with_journal(journal + journal.substr(journal.rfind('\n', journal.size() - 2) + 1));
  CHECK_THROWS_WITH(SpsaCampaign::load("spsa_bad", notes), Catch::Contains("spsa_bad/journal.jsonl:4: iteration 3 where 4 was expected"));
  with_journal(journal);
  CHECK(SpsaCampaign::load("spsa_bad", notes).done() == 3);
  // A second campaign in the same folder.
  CHECK_THROWS_WITH(SpsaCampaign::create("spsa_bad", s, kOnePosition), Catch::Contains("already holds a campaign"));
  // A broken configuration.
  const std::string config = file_text("spsa_bad/config.json");
  std::ofstream("spsa_bad/config.json", std::ios::binary) << config.substr(0, config.size() / 2);
  CHECK_THROWS_WITH(SpsaCampaign::load("spsa_bad", notes), Catch::Contains("spsa_bad/config.json: not valid JSON"));
  CHECK_THROWS_WITH(SpsaCampaign::load("spsa_nowhere", notes), Catch::Contains("spsa_nowhere: no campaign here"));
}

TEST_CASE("a Raichu campaign follows the same trajectory at concurrency 1 and 2", "[spsa]") {
  SpsaSettings s;
  s.game = "raichu";
  s.seed = 3;
  s.pairs_per_iteration = 3;
  s.limits = "nodes=150";
  s.schedule = SpsaSchedule::for_iterations(2);
  s.base = find_game("raichu").default_params();
  s.tuned = {"eval_material_pichu", "eval_mobility", "search_killer_bonus"};
  s.params_source = "(test)";
  s.openings_source = "(default)";
  const Positions positions = campaign_positions("raichu", "", "", s.seed);
  ProcessGroup group;
  for (int threads : {1, 2}) {
    const std::string dir = tuner_test::fresh_dir("spsa_raichu_c" + std::to_string(threads));
    s.concurrency = threads;
    SpsaCampaign::create(dir, s, positions);
    std::ostringstream notes;
    SpsaCampaign campaign = SpsaCampaign::load(dir, notes);
    campaign.run(registry_pair_player(campaign.settings(), campaign.positions(), threads), group,
                 nullptr, {});
  }
  const std::string one = file_text("spsa_raichu_c1/journal.jsonl");
  CHECK(tuner_test::count_lines("spsa_raichu_c1/journal.jsonl") == 2);
  CHECK(one == file_text("spsa_raichu_c2/journal.jsonl"));
}

TEST_CASE("listed_parameter_names reads the names of JSON and SPSA text files", "[spsa]") {
  std::ofstream("listed.spsa") << "# a comment\neval_mobility, int, 3, -20, 50, 1, 0.002\n\n  eval_tempo , int, 10, -100, 200, 5, 0.002\n";
  CHECK(listed_parameter_names("listed.spsa") == std::vector<std::string>{"eval_mobility", "eval_tempo"});
  std::ofstream("listed.json") << R"({"game": "raichu", "params": [{"name": "eval_tempo", "value": 1, "min": 0, "max": 2, "c_end": 1, "r_end": 0.002}]})";
  CHECK(listed_parameter_names("listed.json") == std::vector<std::string>{"eval_tempo"});
}
