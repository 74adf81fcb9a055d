#pragma once
// Filling placeholders: the source templates of the exports (`gamelab export <game> --python`) and a
// bot's command line ({params}, {nodes}, {host}: `replace_all`). A template holds placeholders
// %%NAME%%, each replaced by text the lab computes (weights, tables). A template and its filler are
// written together, so a missing or leftover placeholder is a programming error (std::logic_error
// naming the template and the placeholder), never the user's.
#include <cctype>
#include <stdexcept>
#include <string>

#include "core/params.hpp"

namespace gamelab {

// Replaces every `from` in `text` with `to`, left to right (what `to` brings in is not searched again):
// the export templates' %%NAME%% and the {host}, {params} and {nodes} of a bot's command.
inline void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// Replaces every %%name%% in `text` with `value`; `what` names the template in the error when
// %%name%% does not occur at all.
inline void fill_placeholder(std::string& text, const std::string& name, const std::string& value,
                             const std::string& what) {
  const std::string placeholder = "%%" + name + "%%";
  if (text.find(placeholder) == std::string::npos) throw std::logic_error(what + ": no placeholder " + placeholder);
  replace_all(text, placeholder, value);
}

// std::logic_error if a %%NAME%% placeholder is left in `text` (a template gained one its filler
// does not know). `%%` alone (e.g. Python's "%%" in a format string) is not a placeholder.
inline void check_filled(const std::string& text, const std::string& what) {
  for (std::size_t at = text.find("%%"); at != std::string::npos; at = text.find("%%", at + 2)) {
    std::size_t end = at + 2;
    while (end < text.size() && (std::isupper(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
    if (end > at + 2 && text.compare(end, 2, "%%") == 0) {
      throw std::logic_error(what + ": placeholder " + text.substr(at, end + 2 - at) + " is left unfilled");
    }
  }
}

// The template's conditional lines: every "%%IF_<name>%%" line up to its "%%END_<name>%%" line is kept
// (without the two marker lines) when `keep`, else removed with them. An export's optional parts (a
// learned evaluation) live in such sections, so that a file without them is byte for byte what it was
// before they existed. std::logic_error naming `what` for a marker not on a line of its own or unpaired.
inline void keep_sections(std::string& text, const std::string& name, bool keep, const std::string& what) {
  const std::string begin = "%%IF_" + name + "%%\n", end = "%%END_" + name + "%%\n";
  for (std::size_t at = text.find(begin); at != std::string::npos; at = text.find(begin, at)) {
    if (at != 0 && text[at - 1] != '\n') throw std::logic_error(what + ": %%IF_" + name + "%% not on a line of its own");
    const std::size_t stop = text.find(end, at + begin.size());
    if (stop == std::string::npos || text.find(begin, at + begin.size()) < stop) {
      throw std::logic_error(what + ": a %%IF_" + name + "%% without its %%END_" + name + "%%");
    }
    if (keep) {
      text.erase(stop, end.size());
      text.erase(at, begin.size());
    } else {
      text.erase(at, stop + end.size() - at);
    }
  }
  if (text.find(end) != std::string::npos) throw std::logic_error(what + ": a %%END_" + name + "%% without its %%IF_" + name + "%%");
}

// One line of text for a comment: line breaks become blanks.
inline std::string one_line(std::string text) {
  for (char& ch : text) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  return text;
}

// The parameters of `params` named like defaults[from, to), one per line, as Python source:
// "    value,  # name" (a list in the engine's order) or, with `as_dict`, "    "name": value,".
// Values are read by name, so a set loaded from a file in another order fills the same lines.
inline std::string python_param_lines(const ParamSet& params, const ParamSet& defaults, std::size_t from,
                                      std::size_t to, bool as_dict) {
  std::string out;
  for (std::size_t k = from; k < to; ++k) {
    const std::string& name = defaults.at(k).name;
    const std::string value = std::to_string(params.value(name));
    out += as_dict ? "    \"" + name + "\": " + value + ",\n" : "    " + value + ",  # " + name + "\n";
  }
  if (!out.empty()) out.pop_back();  // the template's line break follows the placeholder
  return out;
}

// The placeholders every exported file's header has: GENERATED_BY, PARAMS_SOURCE (where the
// parameters came from) and FINGERPRINT (ParamSet::fingerprint, 16 hex digits).
inline void fill_export_header(std::string& text, const std::string& generated_by, const std::string& params_source,
                               const ParamSet& params, const std::string& what) {
  fill_placeholder(text, "GENERATED_BY", generated_by, what);
  fill_placeholder(text, "PARAMS_SOURCE", one_line(params_source), what);
  fill_placeholder(text, "FINGERPRINT", params.fingerprint_hex(), what);
}

}  // namespace gamelab
