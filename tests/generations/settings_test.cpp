// The generations recipe's pieces without the command line: the settings and their config.json, the
// flags a resume refuses, the promotion rule, the journal's order, the seeds, the games that can run it.
#include <catch2/catch.hpp>
#include <functional>
#include <set>

#include "core/error.hpp"
#include "registry/game_registry.hpp"
#include "tuner/generations/journal.hpp"
#include "tuner/generations/promotion.hpp"
#include "tuner/generations/settings.hpp"

using namespace gamelab::generations;
using Catch::Matchers::Contains;
using gamelab::InputError;

namespace {

GenerationsSettings some_settings() {
  GenerationsSettings s;
  s.game = "raichu";
  s.generations = 4;
  s.seed = 9;
  s.params_file = "engines/raichu/release.json";
  s.params_fingerprint = "0123456789abcdef";
  s.data.games = 12;
  s.data.limit = "nodes=300";
  s.data.openings = "starts.json";
  s.train.form = gamelab::train::Form::Linear;
  s.train.epochs = 3;
  s.train.learning_rate = 0.05;
  s.match.limit = "depth=4";
  s.match.games = 40;
  s.match.suite = "datasets/gate/raichu.json";
  s.match.sprt.elo1 = 15;
  s.match.undecided = Undecided::Keep;
  return s;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no refusal)";
}

}  // namespace

TEST_CASE("generations settings make the round trip through config.json's form", "[generations]") {
  const GenerationsSettings s = some_settings();
  const auto j = s.to_json();
  CHECK(j["kind"] == "generations");
  CHECK(j["match"]["sprt"]["elo1"] == 15.0);
  const GenerationsSettings back = GenerationsSettings::from_json(j, "config.json");
  CHECK(back.to_json() == j);
  CHECK(back.train.form == gamelab::train::Form::Linear);
  CHECK(back.match.undecided == Undecided::Keep);
  CHECK(back.data.openings == "starts.json");
}

TEST_CASE("generations settings out of range or a wall-clock limit are refused, naming the source", "[generations]") {
  auto j = some_settings().to_json();
  j["match"]["limit"] = "movetime=100";
  CHECK_THAT(refusal([&] { GenerationsSettings::from_json(j, "c.json"); }),
             Contains("c.json: match.limit 'movetime=100': a generation must give the same games when run again"));
  j = some_settings().to_json();
  j["data"]["games"] = 0;
  CHECK_THAT(refusal([&] { GenerationsSettings::from_json(j, "c.json"); }), Contains("c.json: a setting is out of range"));
  j = some_settings().to_json();
  j.erase("train");
  CHECK_THAT(refusal([&] { GenerationsSettings::from_json(j, "c.json"); }), Contains("c.json: not a generations campaign configuration"));
  j = some_settings().to_json();
  j["kind"] = "train";
  CHECK_THAT(refusal([&] { GenerationsSettings::from_json(j, "c.json"); }), Contains("c.json: not a generations campaign"));
}

TEST_CASE("a resume refuses a flag whose value differs from the campaign's and accepts an equal one", "[generations]") {
  const GenerationsSettings stored = some_settings();
  GenerationsSettings asked = stored;
  asked.data.games = 13;
  asked.match.sprt.elo1 = 10;
  // Flags the user did not type are not compared (their defaults are not the campaign's values).
  CHECK_NOTHROW(check_resume_flags(stored, asked, {"--seed", "--epochs"}, "camp/config.json"));
  CHECK_THAT(refusal([&] { check_resume_flags(stored, asked, {"--seed", "--games"}, "camp/config.json"); }),
             Contains("--games gives 13, but the campaign was made with 12 (camp/config.json, /data/games); --resume continues "
                      "with the campaign's settings"));
  CHECK_THAT(refusal([&] { check_resume_flags(stored, asked, {"--sprt"}, "camp/config.json"); }), Contains("--sprt gives"));
  asked = stored;
  asked.generations = 9;  // may change: not a setting flag
  CHECK_NOTHROW(check_resume_flags(stored, asked, {"--generations", "--games", "--sprt", "--params"}, "camp/config.json"));
  asked.params_fingerprint = "fedcba9876543210";  // the same file name with other values
  CHECK_THAT(refusal([&] { check_resume_flags(stored, asked, {"--params"}, "camp/config.json"); }), Contains("--params gives"));
  // A start evaluation is written only when given; a campaign without one compares as null.
  asked = stored;
  asked.start_eval_file = "release.eval";
  asked.start_eval_fingerprint = "0123456789abcdef";
  CHECK_FALSE(stored.to_json().contains("start_eval"));
  CHECK_THAT(refusal([&] { check_resume_flags(stored, asked, {"--start-eval"}, "camp/config.json"); }),
             Contains("--start-eval gives {\"file\":\"release.eval\",\"fingerprint\":\"0123456789abcdef\"}, but the "
                      "campaign was made with null"));
  CHECK_NOTHROW(check_resume_flags(asked, asked, {"--start-eval"}, "camp/config.json"));
  CHECK(GenerationsSettings::from_json(asked.to_json(), "c.json").start_eval_fingerprint == "0123456789abcdef");
  for (const auto& f : setting_flags()) CHECK_NOTHROW(asked.to_json().at(nlohmann::ordered_json::json_pointer(f.member)));
}

TEST_CASE("promotion: H1 promotes, H0 keeps, an undecided match follows the rule", "[generations]") {
  using gamelab::eval::SprtVerdict;
  CHECK(decide_promotion(SprtVerdict::AcceptH1, -3, Undecided::Keep).promoted);
  CHECK(decide_promotion(SprtVerdict::AcceptH1, -3, Undecided::Keep).reason == "SPRT accepted H1");
  CHECK_FALSE(decide_promotion(SprtVerdict::AcceptH0, 30, Undecided::Positive).promoted);
  CHECK(decide_promotion(SprtVerdict::Continue, 4.2, Undecided::Positive).promoted);
  CHECK(decide_promotion(SprtVerdict::Continue, 4.2, Undecided::Positive).reason == "undecided at the cap, Elo +4.2 > 0 (rule: positive)");
  CHECK_FALSE(decide_promotion(SprtVerdict::Continue, 0, Undecided::Positive).promoted);
  CHECK_FALSE(decide_promotion(SprtVerdict::Continue, -1, Undecided::Positive).promoted);
  CHECK_FALSE(decide_promotion(SprtVerdict::Continue, 50, Undecided::Keep).promoted);
}

TEST_CASE("the journal's lines tell where a resumed run goes on, and a line out of order is refused", "[generations]") {
  gamelab::tuner::Journal journal;
  journal.path = "camp/journal.jsonl";
  auto add = [&](int generation, const char* step, int best = -1) {
    nlohmann::json line = {{"generation", generation}, {"step", step}};
    if (best >= 0) line["best"] = best;
    journal.lines.push_back(line);
    journal.line_numbers.push_back(static_cast<int>(journal.lines.size()));
  };
  JournalPosition at = replay_journal(journal);
  CHECK((at.generation == 1 && at.step == Step::Data && at.best == 0));
  add(1, "data");
  add(1, "train");
  at = replay_journal(journal);
  CHECK((at.generation == 1 && at.step == Step::Match));
  add(1, "match", 1);
  add(2, "data");
  at = replay_journal(journal);
  CHECK((at.generation == 2 && at.step == Step::Train && at.best == 1));
  add(2, "match", 1);
  CHECK_THAT(refusal([&] { replay_journal(journal); }),
             Contains("camp/journal.jsonl:5: expected generation 2's train step, found generation 2's 'match'"));
}

TEST_CASE("every step of every generation has its own seed, the same on every run", "[generations]") {
  std::set<std::uint64_t> seeds;
  for (int k = 1; k <= 5; ++k) {
    for (Step s : {Step::Data, Step::Train, Step::Match}) seeds.insert(step_seed(7, k, s));
  }
  CHECK(seeds.size() == 15);
  CHECK(step_seed(7, 2, Step::Train) == step_seed(7, 2, Step::Train));
  CHECK(step_seed(7, 2, Step::Train) != step_seed(8, 2, Step::Train));
}

TEST_CASE("generations run for every registered game, and refuse by name a game whose engine plays no files", "[generations]") {
  for (const auto& game : gamelab::game_registry()) {
    INFO(game.name);
    if (game.learned_eval && game.sparse_inputs.active) CHECK_NOTHROW(check_generations_game(game));
    else CHECK_THROWS_AS(check_generations_game(game), gamelab::InputError);
  }
  // The refusal's words, on a copy of jump chess's entry that lacks what the recipe needs, as a game
  // added without them would.
  gamelab::GameEntry fake = gamelab::find_game("jumpchess");
  fake.name = "fake";
  fake.title = "Fake chess";
  fake.learned_eval = false;
  std::string why = refusal([&] { check_generations_game(fake); });
  CHECK_THAT(why, Contains("gamelab generations fake: Fake chess cannot run generations"));
  CHECK_THAT(why, Contains("its engine does not evaluate with learned evaluation files (GameEntry::learned_eval)"));
  CHECK_THAT(why, Contains("games that can: raichu, jumpchess"));
  fake.learned_eval = true;
  fake.sparse_inputs = {};
  why = refusal([&] { check_generations_game(fake); });
  CHECK_THAT(why, Contains("it has no sparse inputs to train on (GameEntry::sparse_inputs)"));
}
