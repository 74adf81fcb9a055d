#include "registry/perft_suite.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"
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
  nlohmann::json data;
  try {
    data = nlohmann::json::parse(read_text_file(path));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": not valid JSON (" + e.what() + ")");
  }
  if (field(data, "game", path) != game.name) {
    throw InputError(path + ": dataset is for game '" + data["game"].dump() + "', not '" + game.name + "'");
  }
  std::vector<PerftSuiteRow> rows;
  int index = 0;
  for (const auto& item : field(data, "positions", path)) {
    const std::string where = path + ": positions[" + std::to_string(index++) + "]";
    try {
      const std::string name = field(item, "name", where).get<std::string>();
      const auto counts = field(item, "counts", where).get<std::vector<std::uint64_t>>();
      const int fast = field(item, "fast_depth", where).get<int>();
      PerftRequest request;
      request.position.text = field(item, "position", where).get<std::string>();
      request.position.source = where + " (" + name + ")";
      request.threads = options.threads;
      int last = options.deep ? static_cast<int>(counts.size()) : std::min<int>(fast, counts.size());
      if (options.max_depth > 0) last = std::min(last, options.max_depth);
      for (int depth = 1; depth <= last; ++depth) {
        request.depth = depth;
        const PerftReport report = game.perft(request);
        rows.push_back({name, depth, counts[depth - 1], report.nodes, report.seconds});
      }
    } catch (const nlohmann::json::exception& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  return rows;
}

}  // namespace gamelab
