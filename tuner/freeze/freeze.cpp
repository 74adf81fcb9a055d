#include "tuner/freeze/freeze.hpp"

#include <climits>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/text_file.hpp"

namespace gamelab::freeze {

namespace {

bool parse_integer(const std::string& text, long long& value) {
  std::size_t used = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == text.size() && !text.empty() && text.find_first_of(" \t") == std::string::npos;
}

void add_value(TunedValues& values, std::set<std::string>& seen, const std::string& name, long long value,
               const std::string& where) {
  if (name.empty()) throw InputError(where + ": a parameter without a name");
  if (!seen.insert(name).second) throw InputError(where + ": parameter '" + name + "' is given twice");
  values.push_back({name, value});
}

TunedValues parse_json(const std::string& text, const std::string& source) {
  nlohmann::ordered_json data;
  try {
    data = nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(source + ": not valid JSON (" + e.what() + ")");
  }
  if (!data.is_object()) throw InputError(source + ": expected a JSON object");
  // A release with a learned evaluation (`gamelab release --eval`) is more than its parameter values:
  // the evaluation file beside it cannot be written into a block of numbers, and the values without it
  // would not be the release.
  if (data.contains("params") && data["params"].is_object() && data.contains("eval") && !data["eval"].is_null()) {
    const auto& eval = data["eval"];
    const auto member = [&](const char* key, const char* otherwise) {
      if (!eval.is_object() || !eval.contains(key)) return std::string(otherwise);
      return eval[key].is_string() ? eval[key].get<std::string>() : eval[key].dump();
    };
    const std::string file = member("file", "a file"), fingerprint = member("fingerprint", "?");
    throw InputError(source + ": this release also has a learned evaluation (" + file + ", fingerprint " + fingerprint +
                     "), which freeze does not handle: it writes parameter values only, and your file would play "
                     "them without the evaluation they were released with (the lab's release bots embed it; "
                     "docs/tools/bots.md)");
  }
  // A release file holds the parameter set under "params"; the `gamelab params` form lists it as an array.
  if (data.contains("params") && data["params"].is_object() && data["params"].contains("params")) {
    const nlohmann::ordered_json inner = data["params"];
    data = inner;
  }
  TunedValues values;
  std::set<std::string> seen;
  if (data.contains("params") && data["params"].is_array()) {
    int index = 0;
    for (const auto& item : data["params"]) {
      const std::string where = source + ": params[" + std::to_string(index++) + "]";
      if (!item.is_object() || !item.contains("name") || !item["name"].is_string()) {
        throw InputError(where + ": expected an object with a \"name\" and a \"value\"");
      }
      const std::string name = item["name"].get<std::string>();
      if (!item.contains("value") || !item["value"].is_number_integer()) {
        throw InputError(where + " ('" + name + "'): \"value\" must be an integer");
      }
      add_value(values, seen, name, item["value"].get<long long>(), where);
    }
  } else {
    for (const auto& [name, value] : data.items()) {
      if (!value.is_number_integer()) {
        throw InputError(source + ": '" + name + "': " + value.dump() + " is not an integer (expected {\"NAME\": integer, ...})");
      }
      add_value(values, seen, name, value.get<long long>(), source);
    }
  }
  if (values.empty()) throw InputError(source + ": no parameters");
  return values;
}

// OpenBench's SPSA text: `name, int, value, min, max, c_end, r_end`; '#' comments and blank lines.
TunedValues parse_spsa(const std::string& text, const std::string& source) {
  TunedValues values;
  std::set<std::string> seen;
  for (const auto& [at, fields] : spsa_rows(text, source)) {
    if (fields.size() != 7 || fields[1] != "int") {
      throw InputError(at + ": expected 'name, int, value, min, max, c_end, r_end' (OpenBench's SPSA text) or a JSON object");
    }
    long long value = 0;
    if (!parse_integer(fields[2], value)) throw InputError(at + ": '" + fields[0] + "': value '" + fields[2] + "' is not an integer");
    add_value(values, seen, fields[0], value, at);
  }
  if (values.empty()) throw InputError(source + ": no parameters");
  return values;
}

enum class Style { Python, C };

struct Marker {
  bool begin = false;
  Style style = Style::Python;
};

// "# gamelab:params begin" / "// gamelab:params end" (blanks around and after the comment sign allowed).
bool read_marker(const std::string& body, Marker& marker) {
  static const std::regex pattern(R"(^\s*(#|//)\s*gamelab:params\s+(begin|end)\s*$)");
  std::smatch m;
  if (!std::regex_match(body, m, pattern)) return false;
  marker.style = m[1] == "#" ? Style::Python : Style::C;
  marker.begin = m[2] == "begin";
  return true;
}

// A parameter line: the name and where its value's text lies.
struct ParamLine {
  std::string name;
  std::size_t value_at = 0, value_size = 0;
};

bool read_param(const std::string& body, Style style, ParamLine& out) {
  static const std::regex python(R"(^(\s*)([A-Za-z_]\w*)(\s*(?::\s*int\s*)?=\s*)([-+]?\d+)(\s*(#.*)?)$)");
  static const std::regex constexpr_line(
      R"(^(\s*(?:(?:static|inline)\s+)*constexpr\s+(?:(?:unsigned|signed|long|short|int|auto|(?:std::)?u?int(?:8|16|32|64)_t)\s+)+)([A-Za-z_]\w*)(\s*=\s*)([-+]?\d+)(\s*;\s*(?://.*|/\*.*\*/\s*)?)$)");
  static const std::regex define_line(R"(^(\s*#\s*define\s+)([A-Za-z_]\w*)(\s+\(?\s*)([-+]?\d+)(\s*\)?\s*(?://.*|/\*.*\*/\s*)?)$)");
  std::smatch m;
  const bool ok = style == Style::Python ? std::regex_match(body, m, python)
                                         : std::regex_match(body, m, constexpr_line) || std::regex_match(body, m, define_line);
  if (!ok) return false;
  out.name = m[2];
  out.value_at = static_cast<std::size_t>(m.position(4));
  out.value_size = static_cast<std::size_t>(m.length(4));
  return true;
}

bool is_comment_or_blank(const std::string& body, Style style) {
  const std::string t = trim_blanks(body);
  if (t.empty()) return true;
  if (style == Style::Python) return t[0] == '#';
  return t.rfind("//", 0) == 0 || (t.rfind("/*", 0) == 0 && t.size() >= 4 && t.compare(t.size() - 2, 2, "*/") == 0);
}

}  // namespace

TunedValues parse_tuned(const std::string& text, const std::string& source) {
  const std::string t = trim_blanks(text);
  if (!t.empty() && t[0] == '{') return parse_json(text, source);
  return parse_spsa(text, source);
}

TunedValues read_tuned(const std::string& path) { return parse_tuned(read_text_file(path), path); }

FreezeResult freeze_text(const std::string& content, const std::string& path, const TunedValues& tuned) {
  std::map<std::string, long long> wanted(tuned.begin(), tuned.end());
  FreezeResult result;
  Style style = Style::Python;
  bool inside = false;
  std::map<std::string, int> named;  // name -> line in the block
  std::string out;
  out.reserve(content.size() + 64);
  std::size_t start = 0;
  int number = 0;
  while (start < content.size()) {
    ++number;
    std::size_t end = content.find('\n', start);
    const std::size_t next = end == std::string::npos ? content.size() : end + 1;
    if (end == std::string::npos) end = content.size();
    std::size_t body_end = end;
    if (body_end > start && content[body_end - 1] == '\r') --body_end;
    const std::string body = content.substr(start, body_end - start);
    const std::string at = path + ":" + std::to_string(number);
    Marker marker;
    ParamLine param;
    if (read_marker(body, marker)) {
      if (marker.begin) {
        if (inside) throw InputError(at + ": a second 'gamelab:params begin' inside the block begun at line " + std::to_string(result.begin_line));
        if (result.end_line > 0) {
          throw InputError(at + ": a second gamelab:params block (the first is lines " + std::to_string(result.begin_line) + "-" +
                           std::to_string(result.end_line) + "); a file holds exactly one");
        }
        inside = true;
        style = marker.style;
        result.begin_line = number;
      } else {
        if (!inside) throw InputError(at + ": 'gamelab:params end' without a 'gamelab:params begin' before it");
        inside = false;
        result.end_line = number;
      }
      out.append(content, start, next - start);
    } else if (inside && read_param(body, style, param)) {
      if (!wanted.count(param.name)) {
        throw InputError(at + ": '" + param.name + "' is not a tuned parameter (the params file does not name it)");
      }
      if (named.count(param.name)) {
        throw InputError(at + ": '" + param.name + "' is set twice in the block (first at line " +
                         std::to_string(named[param.name]) + ")");
      }
      named[param.name] = number;
      const std::string before = body.substr(param.value_at, param.value_size);
      const long long value = wanted[param.name];
      long long old = 0;
      const bool same = parse_integer(before, old) && old == value;
      const std::string after = same ? before : std::to_string(value);
      result.values.push_back({param.name, number, before, after});
      out.append(content, start, param.value_at);
      out += after;
      out.append(content, start + param.value_at + param.value_size, next - start - param.value_at - param.value_size);
    } else if (inside && !is_comment_or_blank(body, style)) {
      const std::string expected = style == Style::Python ? "'NAME = VALUE' (an integer)"
                                                          : "'constexpr int NAME = VALUE;' or '#define NAME VALUE'";
      throw InputError(at + ": not a parameter line inside the gamelab:params block: expected " + expected +
                       ", a comment or a blank line, found '" + trim_blanks(body) + "'");
    } else {
      out.append(content, start, next - start);
    }
    start = next;
  }
  if (inside) {
    throw InputError(path + ":" + std::to_string(result.begin_line) + ": the gamelab:params block begun here is never ended ('" +
                     std::string(style == Style::Python ? "# " : "// ") + "gamelab:params end')");
  }
  if (result.begin_line == 0) {
    throw InputError(path + ": no gamelab:params block: mark it with '# gamelab:params begin' ... '# gamelab:params end' "
                            "(Python) or '// gamelab:params begin' ... '// gamelab:params end' (C, C++)");
  }
  std::string lacking;
  for (const auto& [name, value] : tuned) {
    if (!named.count(name)) lacking += (lacking.empty() ? "'" : ", '") + name + "'";
  }
  if (!lacking.empty()) {
    throw InputError(path + ":" + std::to_string(result.begin_line) + ": the gamelab:params block (lines " +
                     std::to_string(result.begin_line) + "-" + std::to_string(result.end_line) +
                     ") lacks the tuned parameter" + (lacking.find(',') == std::string::npos ? " " : "s ") + lacking);
  }
  result.text = std::move(out);
  return result;
}

FreezeResult freeze_file(const std::string& path, const TunedValues& tuned) {
  std::error_code error;
  // Through a symbolic link to the file it names, so the link stays a link.
  const std::filesystem::path target = std::filesystem::is_symlink(path, error)
                                           ? std::filesystem::canonical(path, error)
                                           : std::filesystem::path(path);
  const std::string content = read_text_file(path);
  FreezeResult result = freeze_text(content, path, tuned);
  write_file_atomic(target.string(), result.text);  // keeps the file's permissions (an executable bot stays one)
  return result;
}

}  // namespace gamelab::freeze
