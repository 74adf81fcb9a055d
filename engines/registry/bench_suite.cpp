#include "registry/bench_suite.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text_file.hpp"

namespace gamelab {

std::string default_bench_suite(const std::string& game) {
  return std::string(GAMELAB_DATA_DIR) + "/bench/" + game + ".json";
}

std::string bench_signature_path(const std::string& game) {
  return std::string(GAMELAB_SOURCE_DIR) + "/engines/" + game + "/bench_signature.json";
}

BenchReport run_bench(const GameEntry& game, const ParamSet& params, int depth, const std::string& suite,
                      const LearnedEvalSpec& learned) {
  if (!game.search) throw InputError("game " + game.name + " has no searching engine yet");
  const std::string path = suite.empty() ? default_bench_suite(game.name) : suite;
  const nlohmann::json data = read_json_file(path);
  BenchReport report;
  try {
    // Turn-based suites fix a depth; simultaneous (MCTS) suites fix a number of iterations ("nodes").
    if (depth > 0 || !data.contains("nodes")) report.depth = depth > 0 ? depth : data.at("depth").get<int>();
    else report.iterations = data.at("nodes").get<std::uint64_t>();
    int index = 0;
    for (const auto& item : data.at("positions")) {
      SearchRequest request;
      request.position.text = item.at("position").get<std::string>();
      request.position.source = path + ": positions[" + std::to_string(index++) + "]";
      if (report.depth > 0) request.limits.depth = report.depth;
      else request.limits.nodes = report.iterations;
      request.params = params;
      request.learned = learned;
      const SearchReport r = game.search(request);
      report.rows.push_back({item.at("name").get<std::string>(), r.best_move, r.score, r.nodes, r.seconds});
      report.nodes += r.nodes;
      report.seconds += r.seconds;
    }
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": " + e.what());
  }
  return report;
}

std::uint64_t recorded_bench_signature(const std::string& game) {
  const std::string path = bench_signature_path(game);
  const nlohmann::json data = read_json_file(path);
  try {
    return data.at("nodes").get<std::uint64_t>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": " + e.what());
  }
}

}  // namespace gamelab
