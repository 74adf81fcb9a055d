#include "registry/perft_suite.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text_file.hpp"

namespace gamelab {

std::string default_perft_dataset(const std::string& game) {
  return std::string(GAMELAB_DATA_DIR) + "/perft/" + game + ".json";
}

namespace {

const nlohmann::json& field(const nlohmann::json& object, const char* key, const std::string& where) {
  if (!object.is_object() || !object.contains(key)) {
    throw InputError(where + ": missing field '" + key + "'");
  }
  return object.at(key);
}

}  // namespace

std::vector<PerftSuiteRow> run_perft_suite(const GameEntry& game, const std::string& path,
                                           const PerftSuiteOptions& options) {
  const nlohmann::json data = read_json_file(path);
  if (field(data, "game", path) != game.name) {
    throw InputError(path + ": dataset is for game '" + data["game"].dump() + "', not '" + game.name + "'");
  }
  // Read every position first, so that the progress knows how many counts there are.
  struct Job {
    std::string name;
    std::vector<std::uint64_t> counts;
    PerftRequest request;
    int last = 0;
  };
  std::vector<Job> jobs;
  std::size_t total = 0;
  int index = 0;
  for (const auto& item : field(data, "positions", path)) {
    const std::string where = path + ": positions[" + std::to_string(index++) + "]";
    try {
      Job job;
      job.name = field(item, "name", where).get<std::string>();
      job.counts = field(item, "counts", where).get<std::vector<std::uint64_t>>();
      const int fast = field(item, "fast_depth", where).get<int>();
      job.request.position.text = field(item, "position", where).get<std::string>();
      job.request.position.source = where + " (" + job.name + ")";
      job.request.threads = options.threads;
      job.last = options.deep ? static_cast<int>(job.counts.size()) : std::min<int>(fast, job.counts.size());
      if (options.max_depth > 0) job.last = std::min(job.last, options.max_depth);
      total += static_cast<std::size_t>(std::max(job.last, 0));
      jobs.push_back(std::move(job));
    } catch (const nlohmann::json::exception& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  std::vector<PerftSuiteRow> rows;
  for (auto& job : jobs) {
    for (int depth = 1; depth <= job.last; ++depth) {
      job.request.depth = depth;
      const PerftReport report = game.perft(job.request);
      rows.push_back({job.name, depth, job.counts[depth - 1], report.nodes, report.seconds});
      if (options.on_progress) options.on_progress(rows.size(), total);
    }
  }
  return rows;
}

}  // namespace gamelab
