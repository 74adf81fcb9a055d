#pragma once
// Filling the source templates of the exports (`gamelab export <game> --python`): a template holds
// placeholders %%NAME%%, each replaced by text the lab computes (weights, tables). A template and its
// filler are written together, so a missing or leftover placeholder is a programming error
// (std::logic_error naming the template and the placeholder), never the user's.
#include <cctype>
#include <stdexcept>
#include <string>

namespace gamelab {

// Replaces every %%name%% in `text` with `value`; `what` names the template in the error when
// %%name%% does not occur at all.
inline void fill_placeholder(std::string& text, const std::string& name, const std::string& value,
                             const std::string& what) {
  const std::string placeholder = "%%" + name + "%%";
  std::size_t from = text.find(placeholder);
  if (from == std::string::npos) throw std::logic_error(what + ": no placeholder " + placeholder);
  for (; from != std::string::npos; from = text.find(placeholder, from + value.size())) {
    text.replace(from, placeholder.size(), value);
  }
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

// One line of text for a comment: line breaks become blanks.
inline std::string one_line(std::string text) {
  for (char& ch : text) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  return text;
}

}  // namespace gamelab
