// Evaluation files (engines/core/eval_file.hpp): the round trip, and every refusal naming its field.
#include <catch2/catch.hpp>
#include <fstream>

#include "core/error.hpp"
#include "core/eval_file.hpp"
#include "core/params.hpp"
#include "core/text_file.hpp"
#include "synthetic.hpp"
#include "tuner/train/eval_export.hpp"

using namespace gamelab;
using namespace gamelab::learned;
using Catch::Matchers::Contains;

namespace {

EvalFile sample(train::Form form) {
  train::Model model = train::initial_model(form, 300, 16, 20, 9);
  for (std::size_t j = 0; j < model.size(); ++j) model.params[j] += 0.01f * static_cast<float>(j % 13) - 0.06f;
  train::ExportInfo info{"raichu", "raichu-pieces-v1", 20, 133, "a test file"};
  return train::quantise(model, info);
}

// The bytes with the header line `key ...` replaced by `line` (and the fingerprint left as it was).
std::string with_line(std::string bytes, const std::string& key, const std::string& line) {
  const std::size_t at = bytes.find("\n" + key + " ") + 1;
  const std::size_t end = bytes.find('\n', at);
  return bytes.replace(at, end - at, line);
}

void refuses(const std::string& bytes, const std::string& words, const EvalFileExpect& expect = {}) {
  try {
    parse_eval_file(bytes, "net.eval", expect);
    FAIL("accepted, expected a refusal with: " << words);
  } catch (const InputError& e) {
    CHECK_THAT(e.what(), Contains("net.eval") && Contains(words));
  }
}

}  // namespace

TEST_CASE("an evaluation file makes the round trip, byte for byte, for both forms", "[train][eval-file]") {
  for (auto form : {train::Form::Linear, train::Form::Network}) {
    const EvalFile file = sample(form);
    write_eval_file("net.eval", file);
    const EvalFile back = read_eval_file("net.eval", {"raichu", file.form(), "raichu-pieces-v1", 300});
    CHECK(eval_file_bytes(back) == eval_file_bytes(file));
    CHECK(back.fingerprint() == file.fingerprint());
    CHECK(back.note == "a test file");
    CHECK(back.scale() == 133);
    CHECK(back.max_active == 20);
    CHECK(back.is_network() == (form == train::Form::Network));
    // The note is not fingerprinted: the same weights are the same evaluation wherever they were made.
    EvalFile renamed = back;
    renamed.note = "another note";
    CHECK(renamed.fingerprint() == file.fingerprint());
  }
}

TEST_CASE("an evaluation file of another game, form or version is refused by name", "[train][eval-file]") {
  const std::string bytes = eval_file_bytes(sample(train::Form::Network));
  refuses(bytes, "game is 'raichu', expected 'jumpchess'", {"jumpchess", "", "", 0});
  refuses(bytes, "form is 'network', expected 'linear'", {"raichu", "linear", "", 0});
  refuses(bytes, "inputs is 'raichu-pieces-v1', expected 'raichu-pieces-v2'", {"raichu", "network", "raichu-pieces-v2", 0});
  refuses(bytes, "inputs count is 300, expected 4560", {"raichu", "network", "raichu-pieces-v1", 4560});
  std::string v2 = bytes;
  v2.replace(0, std::string("gamelab-eval 1").size(), "gamelab-eval 2");
  refuses(v2, "version is '2': this build reads evaluation files of version 1");
  refuses("{\"params\": []}\n", "not a gamelab evaluation file");
  refuses(with_line(bytes, "quantisation", "quantisation ft=128 out=64"), "quantisation is 'ft=128 out=64', expected 'ft=255 out=1024'");
  refuses(with_line(bytes, "form", "form conv"), "form 'conv' unknown");
  refuses(with_line(bytes, "hidden", "hidden 17"), "data is");  // the sizes no longer add up
}

TEST_CASE("a truncated, padded or damaged evaluation file is refused with its reason", "[train][eval-file]") {
  const std::string bytes = eval_file_bytes(sample(train::Form::Network));
  const std::size_t header = bytes.find("\ndata ") + 1;
  refuses(bytes.substr(0, bytes.size() - 10), "truncated: " + std::to_string(bytes.size() - 10 - bytes.find('\n', header) - 1) + " of the");
  refuses(bytes.substr(0, header + 3), "truncated: the header stops after line");
  refuses(bytes.substr(0, 30), "truncated");
  refuses(bytes + "x", "1 bytes after the weights");
  std::string damaged = bytes;
  damaged[damaged.size() - 7] ^= 0x10;
  refuses(damaged, "fingerprint is");
  refuses(with_line(bytes, "game", "game jumpchess"), "fingerprint is");  // the header is fingerprinted too
  std::ofstream("cut.eval", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  CHECK_THROWS_WITH(read_eval_file("cut.eval"), Contains("cut.eval: truncated"));
  CHECK_THROWS_WITH(read_eval_file("missing.eval"), Contains("missing.eval: cannot open"));
}

TEST_CASE("a network whose int16 accumulator could overflow is refused", "[train][eval-file]") {
  EvalFile file = sample(train::Form::Network);
  auto& net = std::get<SparseNetwork>(file.model);
  for (std::uint32_t i = 0; i < net.inputs; ++i) net.ft_weights[i * net.hidden + 3] = 2000;  // beyond any clipped weight
  refuses(eval_file_bytes(file), "hidden unit 3 could reach");
  train::Model wide = train::initial_model(train::Form::Network, 100, 4, 64, 1);
  CHECK_THROWS_WITH(train::quantise(wide, {"raichu", "x", 64, 100, ""}), Contains("at most 63"));
}

TEST_CASE("the engines' parameter files load as before, beside evaluation files", "[train][eval-file]") {
  ParamSet set("raichu", {{"eval_a", 100, 0, 1000, 10, 0.002}});
  set.save_file("params.json");
  CHECK(ParamSet::load_file("params.json", set).value(0) == 100);
  CHECK_THROWS_WITH(read_eval_file("params.json"), Contains("params.json: not a gamelab evaluation file"));
}
