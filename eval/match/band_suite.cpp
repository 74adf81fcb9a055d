#include "eval/match/band_suite.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval {

namespace {

std::string text_member(const nlohmann::json& object, const char* name, const std::string& where) {
  const auto it = object.find(name);
  if (it == object.end() || !it->is_string() || it->get<std::string>().empty()) {
    throw InputError(where + ": \"" + name + "\" must be a non-empty string");
  }
  return it->get<std::string>();
}

}  // namespace

BandSuite read_band_suite(const std::string& path) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_text_file(path));
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path + ": not valid JSON (" + e.what() + ")");
  }
  if (!j.is_object()) throw InputError(path + ": a band suite is a JSON object");
  BandSuite suite;
  suite.path = path;
  suite.game = text_member(j, "game", path);
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (j.contains("axes")) {
    if (!j["axes"].is_array()) throw InputError(path + ": \"axes\" must be an array of names");
    for (const auto& axis : j["axes"]) {
      if (!axis.is_string() || axis.get<std::string>().empty()) throw InputError(path + ": \"axes\" must be an array of names");
      suite.axes.push_back(axis.get<std::string>());
    }
  }
  if (!j.contains("bands") || !j["bands"].is_array() || j["bands"].empty()) {
    throw InputError(path + ": \"bands\" must be a non-empty array");
  }
  std::set<std::string> names;
  for (std::size_t k = 0; k < j["bands"].size(); ++k) {
    const nlohmann::json& b = j["bands"][k];
    const std::string where = path + ": bands[" + std::to_string(k) + "]";
    if (!b.is_object()) throw InputError(where + ": must be an object");
    Band band;
    band.name = text_member(b, "name", where);
    if (!names.insert(band.name).second) throw InputError(where + ": a second band called \"" + band.name + "\"");
    if (b.contains("tags")) {
      if (!b["tags"].is_object()) throw InputError(where + ": \"tags\" must be an object of axis: value");
      for (const auto& [axis, value] : b["tags"].items()) {
        if (std::find(suite.axes.begin(), suite.axes.end(), axis) == suite.axes.end()) {
          throw InputError(where + ": tag \"" + axis + "\" is not one of the suite's \"axes\"");
        }
        if (!value.is_string() || value.get<std::string>().empty()) {
          throw InputError(where + ": tag \"" + axis + "\" must be a non-empty string");
        }
        band.tags[axis] = value.get<std::string>();
      }
    }
    for (const auto& axis : suite.axes) {
      if (!band.tags.count(axis)) throw InputError(where + ": no value for the axis \"" + axis + "\"");
    }
    const bool has_openings = b.contains("openings"), has_boards = b.contains("boards");
    if (has_openings == has_boards) throw InputError(where + ": give exactly one of \"openings\" and \"boards\"");
    const std::string source = text_member(b, has_openings ? "openings" : "boards", where);
    const std::string resolved = (folder / source).lexically_normal().string();
    if (!std::filesystem::exists(resolved)) throw InputError(where + ": " + resolved + " does not exist");
    (has_openings ? band.openings : band.boards) = resolved;
    suite.bands.push_back(std::move(band));
  }
  return suite;
}

BandPositions interleave_bands(
    const BandSuite& suite,
    const std::function<std::vector<std::pair<std::string, std::string>>(const Band&)>& load) {
  std::vector<std::vector<std::pair<std::string, std::string>>> per_band;
  std::size_t longest = 0;
  for (const Band& band : suite.bands) {
    per_band.push_back(load(band));
    if (per_band.back().empty()) throw InputError(suite.path + ": band \"" + band.name + "\" has no positions");
    longest = std::max(longest, per_band.back().size());
  }
  BandPositions out;
  out.suite = suite;
  for (std::size_t round = 0; round < longest; ++round) {
    for (std::size_t b = 0; b < per_band.size(); ++b) {
      out.positions.push_back(per_band[b][round % per_band[b].size()]);
      out.band.push_back(suite.bands[b].name);
    }
  }
  return out;
}

std::vector<BandResult> band_results(const BandSuite& suite, const std::vector<PairRecord>& records, const std::string& a) {
  std::vector<BandResult> results;
  std::map<std::string, std::size_t> index;  // "axis\tname" -> result
  auto slot = [&](const std::string& axis, const std::string& name) -> BandResult& {
    const std::string key = axis + "\t" + name;
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, results.size()).first;
      results.push_back(BandResult{axis, name, {}, {}, {}});
    }
    return results[it->second];
  };
  for (const Band& band : suite.bands) slot("", band.name);
  // An axis adds rows only where one of its values covers several bands: in a suite of one axis
  // (Raichu's n = 8..16) its rows would repeat the bands' own.
  std::vector<std::string> aggregated;
  for (const auto& axis : suite.axes) {
    std::set<std::string> values;
    for (const Band& band : suite.bands) values.insert(band.tags.at(axis));
    if (values.size() < suite.bands.size()) aggregated.push_back(axis);
  }
  for (const auto& axis : aggregated) {
    for (const Band& band : suite.bands) slot(axis, band.tags.at(axis));
  }
  std::map<std::string, const Band*> by_name;
  for (const Band& band : suite.bands) by_name[band.name] = &band;
  for (const PairRecord& r : records) {
    const auto it = by_name.find(r.band);
    if (it == by_name.end()) continue;
    if (r.engines[0].name != a && r.engines[1].name != a) continue;
    const double first = r.games[0].score_of(a), second = r.games[1].score_of(a);
    std::vector<BandResult*> targets{&slot("", r.band)};
    for (const auto& axis : aggregated) targets.push_back(&slot(axis, it->second->tags.at(axis)));
    for (BandResult* t : targets) {
      t->wdl.add_game(first);
      t->wdl.add_game(second);
      t->penta.add_pair(first, second);
    }
  }
  for (BandResult& r : results) r.elo = estimate_elo(r.penta);
  return results;
}

nlohmann::ordered_json band_results_json(const std::vector<BandResult>& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const BandResult& b : results) {
    nlohmann::ordered_json j = {{"band", b.name}};
    if (!b.axis.empty()) j["axis"] = b.axis;
    j["games"] = b.wdl.games();
    j["wdl"] = {{"wins", b.wdl.wins}, {"draws", b.wdl.draws}, {"losses", b.wdl.losses}};
    j["pentanomial"] = b.penta.cells;
    if (b.penta.pairs() > 0) {
      j["elo"] = b.elo.elo;
      j["elo_lower"] = b.elo.elo_lower;
      j["elo_upper"] = b.elo.elo_upper;
    }
    j["loses"] = b.loses();
    rows.push_back(std::move(j));
  }
  return rows;
}

std::string band_results_text(const std::vector<BandResult>& results) {
  std::size_t width = 4;
  for (const auto& r : results) width = std::max(width, r.label().size());
  std::string text;
  for (const auto& r : results) {
    char line[512];
    if (r.penta.pairs() == 0) {
      std::snprintf(line, sizeof line, "  %-*s  no games\n", static_cast<int>(width), r.label().c_str());
    } else {
      std::snprintf(line, sizeof line, "  %-*s  W-D-L %llu-%llu-%llu  Elo %+.1f [%+.1f, %+.1f]  (%llu games)%s\n",
                    static_cast<int>(width), r.label().c_str(), static_cast<unsigned long long>(r.wdl.wins),
                    static_cast<unsigned long long>(r.wdl.draws), static_cast<unsigned long long>(r.wdl.losses), r.elo.elo,
                    r.elo.elo_lower, r.elo.elo_upper, static_cast<unsigned long long>(r.wdl.games()),
                    r.loses() ? "  LOSES" : "");
    }
    text += line;
  }
  return text;
}

}  // namespace gamelab::eval
