#include "eval/report/campaign_files.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval::report {

using nlohmann::json;

JsonLines read_json_lines(const std::string& path) {
  JsonLines out;
  if (!std::filesystem::exists(path)) return out;
  for (const RawLine& raw : split_lines(read_text_file(path))) {
    if (raw.text.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      json line = json::parse(raw.text);
      if (!line.is_object()) throw InputError("not a JSON object");
      out.lines.push_back(std::move(line));
    } catch (const std::exception& e) {
      if (!raw.complete) {
        out.note = located(path, raw.number, 0, "cut-off last line (an interrupted run?) left out");
        break;
      }
      throw InputError(located(path, raw.number, 0, std::string("malformed line (") + e.what() + ")"));
    }
  }
  return out;
}

std::string file_in(const std::string& dir, const std::string& name) {
  return (std::filesystem::path(dir) / name).string();
}

std::string json_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "-";
  return value.dump();
}

double json_number(const nlohmann::json& object, const char* key, double fallback) {
  if (!object.is_object()) return fallback;
  const auto it = object.find(key);
  return it != object.end() && it->is_number() ? it->get<double>() : fallback;
}

}  // namespace gamelab::eval::report
