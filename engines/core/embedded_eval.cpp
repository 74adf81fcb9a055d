#include "core/embedded_eval.hpp"

#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

#include "core/error.hpp"

namespace gamelab::learned {

namespace {

// The bytes parsed once per process for each (bytes, expectations): parsing copies the weights, which
// a bot answering many requests should pay once. (Names here are unique within the core library's
// unity build.)
std::shared_ptr<const EvalFile> parsed_embedded_eval(const EmbeddedEval& eval, const EvalFileExpect& expect) {
  using Key = std::tuple<const char*, std::size_t, std::string, std::string, std::string, std::uint32_t>;
  static std::mutex mutex;
  static std::map<Key, std::shared_ptr<const EvalFile>> loaded;
  const Key key{eval.bytes.data(), eval.bytes.size(), expect.game, expect.form, expect.inputs, expect.input_count};
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = loaded[key];
  if (!slot) slot = std::make_shared<const EvalFile>(parse_eval_file(std::string(eval.bytes), std::string(eval.source), expect));
  return slot;
}

}  // namespace

std::shared_ptr<const EvalFile> load_embedded_eval(const EmbeddedEval& eval, const EvalFileExpect& expect) {
  if (eval.empty()) return nullptr;
  std::shared_ptr<const EvalFile> file;
  try {
    file = parsed_embedded_eval(eval, expect);
  } catch (const InputError& e) {
    throw std::runtime_error(std::string("the embedded evaluation does not read: ") + e.what() +
                             " (a broken build: configure and build the bot again)");
  }
  const std::string actual = file->fingerprint_hex();
  if (actual != eval.fingerprint) {
    throw std::runtime_error(std::string(eval.source) + ": the embedded evaluation's fingerprint is " + actual +
                             ", but release.json records " + std::string(eval.fingerprint) +
                             " (a broken build: configure and build the bot again)");
  }
  return file;
}

ExportedEval exported_eval(const std::string& file, bool add, bool release, const EmbeddedEval& embedded,
                           const EvalFileExpect& expect) {
  if (!file.empty()) return {shared_eval_file(file, expect), add, file};
  if (release && !embedded.empty()) return {load_embedded_eval(embedded, expect), embedded.add, std::string(embedded.source)};
  return {};
}

}  // namespace gamelab::learned
