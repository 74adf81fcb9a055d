// `gamelab train` end to end: a tiny Raichu datagen file made here, a campaign, its files, resume,
// and the refusals (exit code 2 with a message that says what is wrong); the same for the simultaneous
// games (Dog-Cat-Mouse-cheeSe, Bullets) on their own inputs.
#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "common/run.hpp"
#include "core/eval_file.hpp"
#include "core/text_file.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/train/dataset.hpp"
#include "registry/game_registry.hpp"

#include <nlohmann/json.hpp>
#include <sstream>

using gamelab_test::run;
using Catch::Matchers::Contains;

namespace {

// Four self-play games at 200 nodes a move: a few hundred positions, made once per test program.
const std::string& tiny_data() {
  static const std::string path = [] {
    const auto r = run("datagen raichu --games 4 --limit nodes=200 --seed 3 --out tiny.data");
    REQUIRE(r.status == 0);
    return std::filesystem::absolute("tiny.data").string();
  }();
  return path;
}

}  // namespace

TEST_CASE("gamelab train raichu fits a network to a tiny datagen file and resumes it", "[train][cli]") {
  std::filesystem::remove_all("net");
  const auto r = run("train raichu --data " + tiny_data() + " --campaign net --epochs 3 --hidden 8 --batch 256 "
                     "--validation 0.25 --learning-rate 0.005 --threads 2");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("network over 4560 inputs (raichu-pieces-v1) -> 2 x 8 -> 1"));
  CHECK_THAT(r.output, Contains("scale"));
  CHECK_THAT(r.output, Contains("train raichu: epoch 3/3"));
  CHECK_THAT(r.output, Contains("wrote net/best.eval (fingerprint"));
  for (const char* file : {"config.json", "checkpoint.bin", "journal.jsonl", "current.eval", "best.eval"}) {
    CHECK(std::filesystem::exists(std::string("net/") + file));
  }
  const auto journal = gamelab::tuner::read_journal("net/journal.jsonl");
  REQUIRE(journal.lines.size() == 4);
  CHECK(journal.lines[3]["train_loss"].get<double>() < journal.lines[0]["train_loss"].get<double>());
  const auto file = gamelab::learned::read_eval_file("net/best.eval", {"raichu", "network", "raichu-pieces-v1", 4560});
  CHECK(file.max_active == 32);

  // --resume with more epochs goes on from epoch 3; the same flags but --resume refuse to change settings.
  const auto more = run("train raichu --campaign net --resume --epochs 5");
  INFO(more.output);
  REQUIRE(more.status == 0);
  CHECK_THAT(more.output, Contains("epoch 5/5"));
  CHECK(gamelab::tuner::read_journal("net/journal.jsonl").lines.size() == 6);
  // gamelab report draws the journal as loss curves.
  const auto report = run("report net --out net-report");
  INFO(report.output);
  REQUIRE(report.status == 0);
  const std::string page = gamelab::read_text_file("net-report/index.html");
  CHECK_THAT(page, Contains("Training campaign: raichu, net"));
  CHECK_THAT(page, Contains("Loss per epoch"));
  CHECK_THAT(page, Contains("<svg"));
  CHECK_THAT(gamelab::read_text_file("net-report/summary.md"), Contains("network over 4560 inputs, 2 x 8 hidden units"));
  const auto changed = run("train raichu --campaign net --resume --hidden 16");
  CHECK(changed.status == 2);
  CHECK_THAT(changed.output, Contains("--hidden: --resume continues with the campaign's settings"));
  const auto again = run("train raichu --data " + tiny_data() + " --campaign net");
  CHECK(again.status == 2);
  CHECK_THAT(again.output, Contains("net already holds a campaign; continue it with --resume"));
}

TEST_CASE("gamelab train on several data files trains on them as one set", "[train][cli]") {
  const auto made = run("datagen raichu --games 3 --limit nodes=200 --seed 4 --out second.data");
  REQUIRE(made.status == 0);
  const std::string second = std::filesystem::absolute("second.data").string();
  const std::string flags = " --epochs 1 --hidden 8 --batch 256 --validation 0.25";
  for (const char* dir : {"one-a", "one-b", "both"}) std::filesystem::remove_all(dir);
  REQUIRE(run("train raichu --data " + tiny_data() + " --campaign one-a" + flags).status == 0);
  REQUIRE(run("train raichu --data " + second + " --campaign one-b" + flags).status == 0);
  const auto r = run("train raichu --data " + tiny_data() + " " + second + " --campaign both" + flags);
  INFO(r.output);
  REQUIRE(r.status == 0);
  const auto config = [](const std::string& dir) {
    return nlohmann::json::parse(gamelab::read_text_file(dir + "/config.json"));
  };
  const auto a = config("one-a"), b = config("one-b"), both = config("both");
  CHECK(a["data"] == tiny_data());  // one file: a string, as campaigns made before several were taken
  CHECK(both["data"] == nlohmann::json::array({tiny_data(), second}));
  CHECK(both["data_positions"].get<long>() == a["data_positions"].get<long>() + b["data_positions"].get<long>());
  const auto hash = [](const nlohmann::json& c) { return std::stoull(c["data_hash"].get<std::string>(), nullptr, 16); };
  CHECK(hash(both) == gamelab::train::data_files_hash({hash(a), hash(b)}));
  CHECK(hash(both) != hash(a));
  CHECK(gamelab::train::data_files_hash({hash(a)}) == hash(a));

  // As a set: the rows of both, the games of each file apart, file 0's split the one it has alone.
  const gamelab::GameEntry& game = gamelab::find_game("raichu");
  std::ostringstream quiet;
  const auto one = gamelab::train::load_train_set(game, tiny_data(), 0.25, 9, 1, quiet);
  const auto other = gamelab::train::load_train_set(game, second, 0.25, 9, 1, quiet);
  const auto set = gamelab::train::load_train_set(game, std::vector<std::string>{tiny_data(), second}, 0.25, 9, 2, quiet);
  CHECK(set.positions == one.positions + other.positions);
  CHECK(set.games == one.games + other.games);
  CHECK(set.train.rows() + set.validation.rows() == set.positions);
  std::size_t from_first = 0;
  for (auto g : set.validation.games) from_first += g < (1ULL << 40);
  CHECK(from_first == one.validation.rows());
  for (std::size_t i = 0; i < one.train.rows(); ++i) REQUIRE(set.train.games[i] == one.train.games[i]);

  // It resumes over the same files, and refuses when one of them changed.
  REQUIRE(run("train raichu --campaign both --resume --epochs 2").status == 0);
  std::filesystem::copy_file(second, "second-kept.data", std::filesystem::copy_options::overwrite_existing);
  REQUIRE(run("datagen raichu --games 3 --limit nodes=200 --seed 5 --out second.data").status == 0);
  const auto changed = run("train raichu --campaign both --resume --epochs 3");
  CHECK(changed.status == 2);
  CHECK_THAT(changed.output, Contains("the data files changed since the campaign began"));
  std::filesystem::rename("second-kept.data", second);
}

TEST_CASE("gamelab train --base fits the residual over a parameter set's hand-made evaluation", "[train][cli]") {
  const gamelab::ParamSet defaults = gamelab::find_game("raichu").default_params();
  gamelab::write_file_atomic("base.json", defaults.to_json() + "\n");
  for (const char* dir : {"plain", "residual"}) std::filesystem::remove_all(dir);
  const std::string flags = " --data " + tiny_data() + " --epochs 2 --hidden 8 --batch 256 --validation 0.25 --wdl 0.5";
  REQUIRE(run("train raichu" + flags + " --campaign plain").status == 0);
  const auto r = run("train raichu" + flags + " --campaign residual --base base.json");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("residual over the hand-made evaluation of " + std::filesystem::absolute("base.json").string()));
  const auto config = nlohmann::json::parse(gamelab::read_text_file("residual/config.json"));
  CHECK(config["base"]["params"] == std::filesystem::absolute("base.json").string());
  CHECK(config["base"]["fingerprint"] == defaults.fingerprint_hex());
  CHECK(config["base"]["units_per_logit"] == 0);  // an alpha-beta game: the file's own scale
  CHECK_FALSE(nlohmann::json::parse(gamelab::read_text_file("plain/config.json")).contains("base"));
  // The same seed and data, other predictions from the first epoch on, so other weights.
  const auto first = [](const std::string& dir) { return gamelab::tuner::read_journal(dir + "/journal.jsonl").lines[0]; };
  CHECK(first("residual")["validation_loss"] != first("plain")["validation_loss"]);
  CHECK(gamelab::read_text_file("residual/best.eval") != gamelab::read_text_file("plain/best.eval"));
  // It resumes over the same parameters, and refuses when their values changed or --base is given again.
  const auto more = run("train raichu --campaign residual --resume --epochs 3");
  INFO(more.output);
  REQUIRE(more.status == 0);
  CHECK_THAT(more.output, Contains("epoch 3/3"));
  const auto again = run("train raichu --campaign residual --resume --epochs 4 --base base.json");
  CHECK(again.status == 2);
  CHECK_THAT(again.output, Contains("--base: --resume continues with the campaign's settings"));
  gamelab::ParamSet changed = defaults;
  for (const auto& param : defaults.all()) {  // one value moved by one, within its bounds
    if (param.value < param.max) {
      changed.set(param.name, param.value + 1);
      break;
    }
  }
  gamelab::write_file_atomic("base.json", changed.to_json() + "\n");
  const auto moved = run("train raichu --campaign residual --resume --epochs 4");
  CHECK(moved.status == 2);
  CHECK_THAT(moved.output, Contains("base.json: its values (fingerprint " + changed.fingerprint_hex() +
                                    ") are not those the campaign residual was fitted over (" + defaults.fingerprint_hex() + ")"));
  // Bullets' evaluation holds the engine's preferences for its own seat: no base to fit over.
  gamelab::write_file_atomic("bullets-base.json", "{}\n");
  const auto bullets = run("train bullets --data " + tiny_data() + " --campaign bullets-residual --base bullets-base.json");
  CHECK(bullets.status == 2);
  CHECK_THAT(bullets.output, Contains("gamelab train bullets --base: the hand-made evaluation of Bullets is not one function of the position"));
  CHECK_FALSE(std::filesystem::exists("bullets-residual"));
}

TEST_CASE("gamelab train --init starts from a file's weights: epoch 0 is that file, and training goes on from it", "[train][cli]") {
  for (const char* dir : {"warm-src", "warm", "warm-scaled", "warm-linear-src", "warm-linear", "warm-bad"}) std::filesystem::remove_all(dir);
  const std::string flags = " --data " + tiny_data() + " --batch 256 --validation 0.25 --hidden 8";
  REQUIRE(run("train raichu" + flags + " --campaign warm-src --epochs 2 --scale 150").status == 0);
  const auto source = gamelab::learned::read_eval_file("warm-src/best.eval");
  const std::string source_path = std::filesystem::absolute("warm-src/best.eval").string();
  // No epoch: the files written are the start, the same weights (quantising the dequantised file gives
  // its integers back) and the file's units per logit (not fitted again: the engine adds y x scale, so
  // another scale would be another evaluation), so the same fingerprint.
  const auto r = run("train raichu" + flags + " --campaign warm --epochs 0 --seed 7 --init warm-src/best.eval");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("starting from the weights of " + source_path + " (" + source.fingerprint_hex() + ")"));
  const auto config = nlohmann::json::parse(gamelab::read_text_file("warm/config.json"));
  CHECK(config["init"]["file"] == source_path);
  CHECK(config["init"]["fingerprint"] == source.fingerprint_hex());
  CHECK(config["scale"] == 150);
  CHECK(config["scale_source"] == "init");
  CHECK_FALSE(nlohmann::json::parse(gamelab::read_text_file("warm-src/config.json")).contains("init"));
  CHECK(gamelab::learned::read_eval_file("warm/best.eval").fingerprint_hex() == source.fingerprint_hex());
  // Training goes on from it (the file is read at epoch 0 only: the checkpoint carries the weights).
  // (Epoch 0's loss is the file's: campaign_test.cpp checks it on data large enough to say so.)
  const auto more = run("train raichu --campaign warm --resume --epochs 2");
  INFO(more.output);
  REQUIRE(more.status == 0);
  CHECK(gamelab::tuner::read_journal("warm/journal.jsonl").lines.size() == 3);
  CHECK(gamelab::learned::read_eval_file("warm/current.eval").fingerprint_hex() != source.fingerprint_hex());

  // A scale given still wins: the same weights, other units, another file.
  const auto scaled = run("train raichu" + flags + " --campaign warm-scaled --epochs 0 --scale 120 --init warm-src/best.eval");
  REQUIRE(scaled.status == 0);
  CHECK(nlohmann::json::parse(gamelab::read_text_file("warm-scaled/config.json"))["scale_source"] == "given");
  CHECK(gamelab::learned::read_eval_file("warm-scaled/best.eval").fingerprint_hex() != source.fingerprint_hex());

  // The linear form makes the same round trip.
  REQUIRE(run("train raichu" + flags + " --form linear --campaign warm-linear-src --epochs 2").status == 0);
  REQUIRE(run("train raichu" + flags + " --form linear --campaign warm-linear --epochs 0 --init warm-linear-src/best.eval").status == 0);
  CHECK(gamelab::learned::read_eval_file("warm-linear/best.eval").fingerprint_hex() ==
        gamelab::learned::read_eval_file("warm-linear-src/best.eval").fingerprint_hex());

  // Refused, naming what differs, before anything is made: another form, another hidden size, another
  // game's file, and --init on a resume.
  const auto form = run("train raichu" + flags + " --campaign warm-bad --form linear --init warm-src/best.eval");
  CHECK(form.status == 2);
  CHECK_THAT(form.output, Contains("warm-src/best.eval"));
  CHECK_THAT(form.output, Contains("form"));
  const auto hidden = run("train raichu --data " + tiny_data() + " --campaign warm-bad --hidden 16 --init warm-src/best.eval");
  CHECK(hidden.status == 2);
  CHECK_THAT(hidden.output, Contains("--init warm-src/best.eval: hidden 8, but the network asked for has 16 hidden units per perspective (--hidden)"));
  const auto game = run("train jumpchess --data " + tiny_data() + " --campaign warm-bad --hidden 8 --init warm-src/best.eval");
  CHECK(game.status == 2);
  CHECK_FALSE(std::filesystem::exists("warm-bad/config.json"));
  const auto resumed = run("train raichu --campaign warm --resume --init warm-src/best.eval");
  CHECK(resumed.status == 2);
  CHECK_THAT(resumed.output, Contains("--init: --resume continues with the campaign's settings"));
}

TEST_CASE("gamelab train dcms and bullets fit tiny datagen files over their own inputs and resume", "[train][cli]") {
  struct Game {
    std::string name, datagen, inputs;
    std::uint32_t count, max_active;
  };
  const std::string boards = std::string(GAMELAB_DATA_DIR) + "/boards/";
  // dcms: 20 quick games (tactical positions kept: most of a short game is); bullets: 2 games on small
  // boards with short round limits. A few hundred positions each, in about two seconds.
  for (const Game& g : {Game{"dcms", "--games 20 --limit nodes=100 --keep-tactical", "dcms-distances-v1", 559, 39},
                        Game{"bullets", "--games 2 --limit nodes=50 --boards " + boards + "bullets-gate/small-sparse-short",
                             "bullets-window-v1", 1002, 57}}) {
    INFO(g.name);
    const std::string data = g.name + "-tiny.data", dir = g.name + "-net";
    std::filesystem::remove_all(dir);
    REQUIRE(run("datagen " + g.name + " " + g.datagen + " --seed 7 --out " + data).status == 0);
    const auto r = run("train " + g.name + " --data " + data + " --campaign " + dir +
                       " --epochs 2 --hidden 8 --batch 64 --validation 0.25");
    INFO(r.output);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.output, Contains("network over " + std::to_string(g.count) + " inputs (" + g.inputs + ") -> 2 x 8 -> 1"));
    CHECK_THAT(r.output, Contains("train " + g.name + ": epoch 2/2"));
    CHECK_THAT(r.output, Contains("wrote " + dir + "/best.eval (fingerprint"));
    const gamelab::learned::EvalFileExpect expect{g.name, "network", g.inputs, g.count};
    CHECK(gamelab::learned::read_eval_file(dir + "/best.eval", expect).max_active == g.max_active);
    const auto more = run("train " + g.name + " --campaign " + dir + " --resume --epochs 3");
    INFO(more.output);
    REQUIRE(more.status == 0);
    CHECK_THAT(more.output, Contains("epoch 3/3"));
    CHECK(gamelab::tuner::read_journal(dir + "/journal.jsonl").lines.size() == 4);
    CHECK(gamelab::learned::read_eval_file(dir + "/current.eval", expect).max_active == g.max_active);
  }
}

TEST_CASE("gamelab train: the same seed gives the same evaluation for 1 and 2 threads, linear form", "[train][cli]") {
  std::filesystem::remove_all("one");
  std::filesystem::remove_all("two");
  const std::string common = " --data " + tiny_data() + " --form linear --epochs 2 --batch 128 --learning-rate 0.01 --wdl 0.5";
  REQUIRE(run("train raichu" + common + " --campaign one --threads 1").status == 0);
  REQUIRE(run("train raichu" + common + " --campaign two --threads 2").status == 0);
  CHECK(gamelab::read_text_file("one/best.eval") == gamelab::read_text_file("two/best.eval"));
  CHECK(gamelab::read_text_file("one/current.eval") == gamelab::read_text_file("two/current.eval"));
}

TEST_CASE("gamelab train killed with SIGKILL mid-run and resumed writes the files of an uninterrupted run", "[train][cli]") {
  REQUIRE(run("datagen raichu --games 24 --limit nodes=100 --seed 5 --out kill.data").status == 0);
  const std::string args = "train raichu --data kill.data --epochs 30 --hidden 64 --batch 1024 --wdl 0.5";
  std::filesystem::remove_all("whole");
  std::filesystem::remove_all("killed");
  REQUIRE(run(args + " --campaign whole").status == 0);
  // The same run in the background, killed once a few epochs are in its journal.
  const auto started = gamelab_test::run_command(std::string(GAMELAB_BINARY) + " " + args +
                                                 " --campaign killed >/dev/null 2>&1 & echo $!");
  const pid_t pid = static_cast<pid_t>(std::stol(started.output));
  const auto lines = [] { return gamelab::tuner::read_journal("killed/journal.jsonl").lines.size(); };
  for (int wait = 0; wait < 2000 && lines() < 4; ++wait) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(pid, SIGKILL);
  const std::size_t at_kill = lines();
  INFO("killed with " << at_kill << " journal lines of 31");
  const auto resumed = run("train raichu --campaign killed --resume");
  INFO(resumed.output);
  REQUIRE(resumed.status == 0);
  CHECK(gamelab::read_text_file("killed/best.eval") == gamelab::read_text_file("whole/best.eval"));
  CHECK(gamelab::read_text_file("killed/current.eval") == gamelab::read_text_file("whole/current.eval"));
  CHECK(lines() == 31);
}

#ifdef GAMELAB_MPIEXEC
TEST_CASE("gamelab train writes the same evaluation on 1, 2 and 3 MPI ranks", "[train][cli][mpi]") {
  // Enough positions for several blocks of 1024 a batch and a validation set of two blocks, so that
  // every rank computes some.
  REQUIRE(run("datagen raichu --games 24 --limit nodes=100 --seed 5 --out ranks.data").status == 0);
  const std::string common = " --data ranks.data --hidden 8 --batch 4096 --learning-rate 0.01 --validation 0.25";
  std::filesystem::remove_all("ranks0");
  REQUIRE(run("train raichu" + common + " --epochs 2 --campaign ranks0").status == 0);
  for (int ranks : {2, 3}) {
    const std::string dir = "ranks" + std::to_string(ranks);
    std::filesystem::remove_all(dir);
    const auto r = gamelab_test::run_command("timeout 300 " + std::string(GAMELAB_MPIEXEC) + " --allow-run-as-root --oversubscribe -np " +
                                             std::to_string(ranks) + " " + GAMELAB_BINARY + " train raichu" + common +
                                             " --epochs 2 --campaign " + dir + " --threads 1");
    INFO(r.output);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.output, Contains(std::to_string(ranks) + " ranks x 1 thread"));
    CHECK(gamelab::read_text_file(dir + "/best.eval") == gamelab::read_text_file("ranks0/best.eval"));
    CHECK(gamelab::read_text_file(dir + "/current.eval") == gamelab::read_text_file("ranks0/current.eval"));
  }
  // A campaign stopped on one process goes on under mpirun to the same end.
  std::filesystem::remove_all("mixed");
  REQUIRE(run("train raichu" + common + " --campaign mixed --epochs 1").status == 0);
  REQUIRE(gamelab_test::run_command("timeout 300 " + std::string(GAMELAB_MPIEXEC) + " --allow-run-as-root --oversubscribe -np 2 " +
                                    GAMELAB_BINARY + " train raichu --campaign mixed --resume --epochs 2")
              .status == 0);
  CHECK(gamelab::read_text_file("mixed/current.eval") == gamelab::read_text_file("ranks0/current.eval"));
}
#endif

TEST_CASE("gamelab train refuses bad input with exit code 2 and a clear message", "[train][cli]") {
  const auto flag = run("train raichu --data x.data --campaign c --hiden 8");
  CHECK(flag.status == 2);
  CHECK_THAT(flag.output, Contains("--hiden"));
  const auto missing = run("train raichu --data no-such.data --campaign c");
  CHECK(missing.status == 2);
  CHECK_THAT(missing.output, Contains("no-such.data: cannot open"));
  CHECK_FALSE(std::filesystem::exists("c/config.json"));
  const auto form = run("train raichu --data " + tiny_data() + " --campaign c --form conv");
  CHECK(form.status == 2);
  CHECK_THAT(form.output, Contains("--form"));
  const auto no_data = run("train raichu --campaign c");
  CHECK(no_data.status == 2);
  CHECK_THAT(no_data.output, Contains("--data: give the labelled positions"));
  const auto no_campaign = run("train raichu --campaign nowhere --resume");
  CHECK(no_campaign.status == 2);
  CHECK_THAT(no_campaign.output, Contains("nowhere/config.json"));
  // A data file of another game.
  std::ofstream("jump.data") << "#gamelab-datagen 1 game=jumpchess\n#end positions=0 games=0\n";
  const auto other = run("train raichu --data jump.data --campaign c");
  CHECK(other.status == 2);
  CHECK_THAT(other.output, Contains("positions of game 'jumpchess', not raichu"));
}
