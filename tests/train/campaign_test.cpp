// Training campaigns (tuner/train/campaign.hpp): an interrupted and resumed run ends with the files of
// an uninterrupted one, whatever the thread count; damaged state is refused.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/run.hpp"
#include "core/error.hpp"
#include "core/eval_file.hpp"
#include "core/text_file.hpp"
#include "synthetic.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/train/campaign.hpp"

using namespace gamelab;
using namespace gamelab::train;
using Catch::Matchers::Contains;

namespace {

TrainSet synthetic_set() {
  TrainSet set;
  const auto target = [](const auto& us, const auto& them) {
    double y = 0;
    for (auto i : us) y += (i % 9) * 0.08 - 0.3;
    for (auto i : them) y -= (i % 4) * 0.1 - 0.15;
    return train_test::sigmoid(std::tanh(y));
  };
  set.train = train_test::random_rows(300, 5000, 4, 16, 1, target);
  set.validation = train_test::random_rows(300, 800, 4, 16, 2, target);
  set.positions = 5800;
  set.file_hash = 0x1234;
  return set;
}

TrainSettings settings(Form form, int threads) {
  TrainSettings s;
  s.game = "raichu";
  s.inputs = "synthetic";
  s.input_count = 300;
  s.max_active = 16;
  s.data = {"synthetic.data"};
  s.data_positions = 5800;
  s.data_hash = 0x1234;
  s.form = form;
  s.hidden = 16;
  s.epochs = 4;
  s.fit.batch = 2048;
  s.fit.learning_rate = 0.005;
  s.fit.threads = threads;
  s.scale = 100;
  s.scale_source = "given";
  return s;
}

std::string bytes_of(const std::string& path) { return read_text_file(path); }

TrainState same_state(const std::string& dir) {
  std::ostringstream notes;
  return TrainCampaign::load(dir, notes).state();
}

// Runs the campaign in `dir` from nothing to its end, `epochs_per_run` epochs a run (-1: one run).
void run_in_steps(const std::string& dir, const TrainSettings& s, int epochs_per_run) {
  std::filesystem::remove_all(dir);
  TrainCampaign::create(dir, s);
  for (;;) {
    std::ostringstream notes;
    TrainCampaign campaign = TrainCampaign::load(dir, notes);
    if (campaign.state().epoch == s.epochs) return;
    TrainSet data = synthetic_set();
    campaign.run(data, nullptr, {epochs_per_run, 0});
  }
}

}  // namespace

TEST_CASE("a campaign stopped after every epoch and resumed ends with the files of an uninterrupted run", "[train][campaign]") {
  for (Form form : {Form::Linear, Form::Network}) {
    INFO(to_string(form));
    run_in_steps("whole", settings(form, 1), -1);
    run_in_steps("steps", settings(form, 2), 1);
    for (const char* file : {"current.eval", "best.eval"}) {
      INFO(file);
      CHECK(bytes_of(std::string("whole/") + file) == bytes_of(std::string("steps/") + file));
    }
    // The checkpoints hold the same floats (their journal lines differ in the measured speed only).
    const TrainState a = same_state("whole"), b = same_state("steps");
    CHECK(a.model.params == b.model.params);
    CHECK(a.adam.m == b.adam.m);
    CHECK(a.adam.v == b.adam.v);
    CHECK(a.adam.t == b.adam.t);
    CHECK(a.best_epoch == b.best_epoch);
    const auto whole = tuner::read_journal("whole/journal.jsonl"), steps = tuner::read_journal("steps/journal.jsonl");
    REQUIRE(whole.lines.size() == 5);  // epochs 0-4
    REQUIRE(steps.lines.size() == 5);
    for (std::size_t e = 0; e < 5; ++e) {
      CHECK(whole.lines[e]["epoch"] == steps.lines[e]["epoch"]);
      CHECK(whole.lines[e]["train_loss"] == steps.lines[e]["train_loss"]);
      CHECK(whole.lines[e]["validation_loss"] == steps.lines[e]["validation_loss"]);
    }
    CHECK(whole.lines[4]["validation_loss"].get<double>() < whole.lines[0]["validation_loss"].get<double>());
  }
}

TEST_CASE("a kill between the files of an epoch is recovered: a lost or half-written journal line, a stale current.eval",
          "[train][campaign]") {
  const TrainSettings s = settings(Form::Network, 1);
  run_in_steps("whole", s, -1);
  std::filesystem::remove_all("killed");
  TrainCampaign::create("killed", s);
  {
    std::ostringstream notes;
    TrainCampaign campaign = TrainCampaign::load("killed", notes);
    TrainSet data = synthetic_set();
    campaign.run(data, nullptr, {2, 0});
  }
  // Killed while appending epoch 2's line (after its checkpoint): half a line, no newline.
  const std::string journal = bytes_of("killed/journal.jsonl");
  const std::size_t last = journal.rfind('\n', journal.size() - 2);
  std::filesystem::resize_file("killed/journal.jsonl", last + 1 + 10);
  std::filesystem::remove("killed/current.eval");
  {
    std::ostringstream notes;
    TrainCampaign campaign = TrainCampaign::load("killed", notes);
    CHECK_THAT(notes.str(), Contains("truncated last line"));
    CHECK(campaign.state().epoch == 2);
    TrainSet data = synthetic_set();
    campaign.run(data, nullptr, {-1, 0});
  }
  CHECK(bytes_of("killed/current.eval") == bytes_of("whole/current.eval"));
  CHECK(bytes_of("killed/best.eval") == bytes_of("whole/best.eval"));
  CHECK(tuner::read_journal("killed/journal.jsonl").lines.size() == 5);
}

TEST_CASE("a campaign refuses a changed data file, a damaged checkpoint and a folder that holds one", "[train][campaign]") {
  const TrainSettings s = settings(Form::Linear, 1);
  run_in_steps("done", s, -1);
  CHECK_THROWS_WITH(TrainCampaign::create("done", s), Contains("already holds a campaign"));
  {
    std::ostringstream notes;
    TrainCampaign campaign = TrainCampaign::load("done", notes);
    TrainSet other = synthetic_set();
    other.file_hash = 99;
    CHECK_THROWS_WITH(campaign.run(other, nullptr, {}), Contains("the data file changed"));
  }
  const std::string checkpoint = bytes_of("done/checkpoint.bin");
  std::ofstream("done/checkpoint.bin", std::ios::binary | std::ios::trunc) << checkpoint.substr(0, checkpoint.size() - 8);
  std::ostringstream notes;
  CHECK_THROWS_WITH(TrainCampaign::load("done", notes), Contains("checkpoint.bin: truncated"));
  std::string damaged = checkpoint;
  damaged[damaged.size() - 3] ^= 1;
  std::ofstream("done/checkpoint.bin", std::ios::binary | std::ios::trunc) << damaged;
  CHECK_THROWS_WITH(TrainCampaign::load("done", notes), Contains("checkpoint.bin: damaged"));
  CHECK_THROWS_WITH(TrainCampaign::load("nowhere", notes), Contains("nowhere: no campaign here"));
}

TEST_CASE("a warm start begins at its file's weights, and refuses a file changed since the campaign began", "[train][campaign]") {
  for (Form form : {Form::Linear, Form::Network}) {
    INFO(to_string(form));
    run_in_steps("warm-from", settings(form, 1), -1);
    const auto from = learned::read_eval_file("warm-from/best.eval");
    TrainSettings s = settings(form, 1);
    s.init = "warm-from/best.eval";
    s.init_fingerprint = from.fingerprint_hex();
    // Epoch 0 is the dequantised file: its loss, its integers again.
    const Model start = warm_start_model(s);
    TrainSet data = synthetic_set();
    set_targets(data.validation, s.wdl, s.scale);
    s.epochs = 0;
    run_in_steps("warm-zero", s, -1);
    const auto journal = tuner::read_journal("warm-zero/journal.jsonl");
    REQUIRE(journal.lines.size() == 1);
    CHECK(journal.lines[0]["validation_loss"].get<double>() == Approx(mean_loss(start, data.validation, 1)).epsilon(1e-9));
    CHECK(learned::read_eval_file("warm-zero/best.eval").fingerprint_hex() == from.fingerprint_hex());
    // Training from it keeps improving on the source's best.
    s.epochs = 3;
    run_in_steps("warm-on", s, 1);
    const auto on = tuner::read_journal("warm-on/journal.jsonl");
    CHECK(on.lines.back()["validation_loss"].get<double>() <= on.lines[0]["validation_loss"].get<double>());
    CHECK(on.lines[0]["validation_loss"].get<double>() < tuner::read_journal("warm-from/journal.jsonl").lines[0]["validation_loss"].get<double>());

    // The file replaced before epoch 0: refused, naming the file and both fingerprints.
    std::filesystem::remove_all("warm-changed");
    TrainCampaign::create("warm-changed", s);
    std::filesystem::copy_file("warm-on/current.eval", "warm-from/best.eval", std::filesystem::copy_options::overwrite_existing);
    REQUIRE(learned::read_eval_file("warm-from/best.eval").fingerprint_hex() != from.fingerprint_hex());
    std::ostringstream notes;
    TrainCampaign changed = TrainCampaign::load("warm-changed", notes);
    TrainSet again = synthetic_set();
    CHECK_THROWS_WITH(changed.run(again, nullptr, {}), Contains("warm-from/best.eval: its fingerprint is") &&
                                                           Contains("not the " + from.fingerprint_hex() + " the campaign began from"));
  }
}
