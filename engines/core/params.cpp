#include "core/params.hpp"

#include <filesystem>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/fnv.hpp"
#include "core/text_file.hpp"

namespace gamelab {

namespace {

void check_param(const Param& p, const std::string& where) {
  if (p.name.empty() || p.name.find_first_of(" \t,\"") != std::string::npos) {
    throw InputError(where + ": parameter name '" + p.name + "' must be non-empty, without blanks, commas or quotes");
  }
  if (p.min > p.max) {
    throw InputError(where + ": parameter '" + p.name + "': min " + std::to_string(p.min) + " > max " +
                     std::to_string(p.max));
  }
  if (p.value < p.min || p.value > p.max) {
    throw InputError(where + ": parameter '" + p.name + "': value " + std::to_string(p.value) +
                     " out of range [" + std::to_string(p.min) + ", " + std::to_string(p.max) + "]");
  }
  if (!(p.c_end >= 0) || !(p.r_end >= 0) || !std::isfinite(p.c_end) || !std::isfinite(p.r_end)) {
    throw InputError(where + ": parameter '" + p.name + "': c_end and r_end must be finite and >= 0");
  }
}

std::string number_text(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// Applies parsed parameters over the defaults, refusing unknown names and duplicates.
ParamSet merged(const ParamSet& defaults, const std::vector<std::pair<Param, std::string>>& parsed) {
  std::vector<Param> params = defaults.all();
  std::set<std::string> seen;
  for (const auto& [param, where] : parsed) {
    if (!defaults.contains(param.name)) {
      throw InputError(where + ": unknown parameter '" + param.name + "' for game " + defaults.game());
    }
    if (!seen.insert(param.name).second) {
      throw InputError(where + ": parameter '" + param.name + "' appears twice");
    }
    check_param(param, where);
    params[defaults.index_of(param.name)] = param;
  }
  return ParamSet(defaults.game(), params);
}

}  // namespace

ParamSet::ParamSet(std::string game, std::vector<Param> params) : game_(std::move(game)), params_(std::move(params)) {
  std::set<std::string> seen;
  for (const auto& p : params_) {
    check_param(p, game_ + " parameters");
    if (!seen.insert(p.name).second) throw InputError(game_ + " parameters: '" + p.name + "' appears twice");
  }
}

std::vector<int> ParamSet::values() const {
  std::vector<int> out;
  out.reserve(params_.size());
  for (const auto& p : params_) out.push_back(p.value);
  return out;
}

std::size_t ParamSet::index_of(std::string_view name) const {
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (params_[i].name == name) return i;
  }
  throw InputError("no parameter '" + std::string(name) + "' for game " + game_);
}

bool ParamSet::contains(std::string_view name) const {
  for (const auto& p : params_) {
    if (p.name == name) return true;
  }
  return false;
}

void ParamSet::set(std::string_view name, int value) {
  Param& p = params_[index_of(name)];
  if (value < p.min || value > p.max) {
    throw InputError("parameter '" + p.name + "': value " + std::to_string(value) + " out of range [" +
                     std::to_string(p.min) + ", " + std::to_string(p.max) + "]");
  }
  p.value = value;
}

std::uint64_t ParamSet::fingerprint() const {
  // FNV-1a over "game:" and "name=value;" for every parameter in order.
  std::uint64_t hash = fnv1a(game_ + ":");
  for (const auto& p : params_) hash = fnv1a(p.name + "=" + std::to_string(p.value) + ";", hash);
  return hash;
}

std::string ParamSet::fingerprint_hex() const {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fingerprint()));
  return hex;
}

std::string ParamSet::to_json() const {
  nlohmann::ordered_json out;
  out["game"] = game_;
  out["params"] = nlohmann::ordered_json::array();
  for (const auto& p : params_) {
    out["params"].push_back({{"name", p.name}, {"value", p.value}, {"min", p.min}, {"max", p.max},
                             {"c_end", p.c_end}, {"r_end", p.r_end}});
  }
  return out.dump(2) + "\n";
}

std::string ParamSet::to_values_json() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& p : params_) out[p.name] = p.value;
  return out.dump() + "\n";
}

std::string ParamSet::to_spsa() const {
  std::string out;
  for (const auto& p : params_) {
    out += p.name + ", int, " + std::to_string(p.value) + ", " + std::to_string(p.min) + ", " +
           std::to_string(p.max) + ", " + number_text(p.c_end) + ", " + number_text(p.r_end) + "\n";
  }
  return out;
}

namespace {

// The parameters a JSON parameter file lists, each with where it stands; `game` (if not empty) must be
// the file's "game".
std::vector<std::pair<Param, std::string>> json_params(const std::string& text, const std::string& game,
                                                       const std::string& source) {
  nlohmann::json data;
  try {
    data = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(source + ": not valid JSON (" + e.what() + ")");
  }
  // A release file (engines/<game>/release.json) holds the parameter set under "params": the frozen
  // configuration, read as its parameters.
  if (data.is_object() && data.contains("params") && data["params"].is_object() && data["params"].contains("params")) {
    const nlohmann::json inner = data["params"];
    data = inner;
  }
  if (!data.is_object() || !data.contains("params") || !data["params"].is_array()) {
    throw InputError(source + ": expected an object with a \"params\" array (or a release.json)");
  }
  if (!game.empty() && data.contains("game") && data["game"] != game) {
    throw InputError(source + ": parameters are for game " + data["game"].dump() + ", not " + game);
  }
  std::vector<std::pair<Param, std::string>> parsed;
  int index = 0;
  for (const auto& item : data["params"]) {
    std::string where = source + ": params[" + std::to_string(index++) + "]";
    if (item.is_object() && item.contains("name") && item["name"].is_string()) {
      where += " ('" + item["name"].get<std::string>() + "')";
    }
    Param p;
    for (const char* field : {"name", "value", "min", "max", "c_end", "r_end"}) {
      if (!item.is_object() || !item.contains(field)) throw InputError(where + ": missing field '" + field + "'");
    }
    try {
      p.name = item["name"].get<std::string>();
      for (const char* field : {"value", "min", "max"}) {
        if (!item[field].is_number_integer()) throw InputError(where + ": field '" + field + "' must be an integer");
      }
      p.value = item["value"].get<int>();
      p.min = item["min"].get<int>();
      p.max = item["max"].get<int>();
      p.c_end = item["c_end"].get<double>();
      p.r_end = item["r_end"].get<double>();
    } catch (const nlohmann::json::exception& e) {
      throw InputError(where + ": " + e.what());
    }
    parsed.push_back({p, where});
  }
  return parsed;
}

}  // namespace

ParamSet ParamSet::from_json(const std::string& text, const ParamSet& defaults, const std::string& source) {
  return merged(defaults, json_params(text, defaults.game(), source));
}

std::vector<SpsaRow> spsa_rows(const std::string& text, const std::string& source) {
  std::vector<SpsaRow> rows;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    line = trim_blanks(line);
    if (line.empty() || line[0] == '#') continue;
    SpsaRow row{source + ":" + std::to_string(number), {}};
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = line.find(',', start);
      row.fields.push_back(trim_blanks(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

namespace {

// The parameters an OpenBench SPSA text lists, each with where it stands.
std::vector<std::pair<Param, std::string>> spsa_params(const std::string& text, const std::string& source) {
  std::vector<std::pair<Param, std::string>> parsed;
  for (const SpsaRow& row : spsa_rows(text, source)) {
    const std::string& at = row.at;  // named references: the lambdas below capture them
    const std::vector<std::string>& fields = row.fields;
    if (fields.size() != 7) {
      throw InputError(at + ": expected 7 comma-separated fields 'name, int, default, min, max, c_end, r_end', found " +
                       std::to_string(fields.size()));
    }
    if (fields[1] != "int") throw InputError(at + ": parameter '" + fields[0] + "': type '" + fields[1] + "' is not int");
    Param p;
    p.name = fields[0];
    // Field k read whole by `parse` (std::stoi or std::stod), else an error naming it as not `kind`.
    auto number = [&](int k, const char* what, const char* kind, auto parse) {
      std::size_t used = 0;
      decltype(parse(fields[k], &used)) v{};
      try {
        v = parse(fields[k], &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != fields[k].size() || fields[k].empty()) {
        throw InputError(at + ": parameter '" + p.name + "': " + what + " '" + fields[k] + "' is not " + kind);
      }
      return v;
    };
    auto integer = [&](int k, const char* what) {
      return number(k, what, "an integer", [](const std::string& t, std::size_t* used) { return std::stoi(t, used); });
    };
    auto real = [&](int k, const char* what) {
      return number(k, what, "a number", [](const std::string& t, std::size_t* used) { return std::stod(t, used); });
    };
    p.value = integer(2, "default");
    p.min = integer(3, "min");
    p.max = integer(4, "max");
    p.c_end = real(5, "c_end");
    p.r_end = real(6, "r_end");
    parsed.push_back({p, at});
  }
  return parsed;
}

bool looks_like_json(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '{';
}

}  // namespace

ParamSet ParamSet::from_spsa(const std::string& text, const ParamSet& defaults, const std::string& source) {
  return merged(defaults, spsa_params(text, source));
}

ParamSet ParamSet::declared(const std::string& text, const std::string& game, const std::string& source) {
  const auto parsed = looks_like_json(text) ? json_params(text, game, source) : spsa_params(text, source);
  if (parsed.empty()) throw InputError(source + ": declares no parameters");
  std::vector<Param> params;
  std::set<std::string> seen;
  for (const auto& [param, where] : parsed) {
    if (!seen.insert(param.name).second) throw InputError(where + ": parameter '" + param.name + "' appears twice");
    check_param(param, where);
    params.push_back(param);
  }
  return ParamSet(game, params);
}

ParamSet ParamSet::declared_file(const std::string& path, const std::string& game) {
  return declared(read_text_file(path), game, path);
}

ParamSet ParamSet::load_file(const std::string& path, const ParamSet& defaults) {
  const std::string text = read_text_file(path);
  if (looks_like_json(text)) return from_json(text, defaults, path);
  return from_spsa(text, defaults, path);
}

void ParamSet::save_file(const std::string& path) const { write_file_atomic(path, to_json()); }

std::optional<ParamSet::NamedEval> ParamSet::named_eval(const std::string& path) {
  if (path.empty() || !std::filesystem::is_regular_file(path)) return std::nullopt;
  const auto json = nlohmann::json::parse(read_text_file(path), nullptr, false);
  if (!json.is_object() || !json.contains("eval") || !json["eval"].is_object()) return std::nullopt;
  const auto& eval = json["eval"];
  if (!eval.contains("file") || !eval["file"].is_string()) return std::nullopt;
  NamedEval named;
  named.file = eval["file"].get<std::string>();
  named.add = !(eval.contains("mode") && eval["mode"] == "replace");
  if (!std::filesystem::exists(named.file)) {  // run from elsewhere: the file beside the release.json
    const auto beside = std::filesystem::path(path).parent_path() / std::filesystem::path(named.file).filename();
    if (std::filesystem::exists(beside)) named.file = beside.string();
  }
  return named;
}

}  // namespace gamelab
