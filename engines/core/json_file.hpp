#pragma once
// A JSON file read whole: the one place that turns a missing or malformed file into an InputError
// naming it (datasets, campaign files, release data, reports).
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab {

inline nlohmann::json read_json_file(const std::string& path) {
  const std::string text = read_text_file(path);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": not valid JSON (" + e.what() + ")");
  }
}

}  // namespace gamelab
