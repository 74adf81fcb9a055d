#include "html_check.hpp"

#include <cctype>
#include <set>

namespace report_test {

namespace {

const std::set<std::string> kVoid = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"};

class Checker {
 public:
  explicit Checker(const std::string& html) : s_(html) {}

  std::vector<std::string> run() {
    if (s_.rfind("<!DOCTYPE html>", 0) != 0) problem("the document does not start with <!DOCTYPE html>");
    else i_ = 15;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '<') {
        tag();
      } else {
        text_char(c);
        ++i_;
      }
    }
    for (const auto& open : stack_) problem("<" + open + "> is never closed");
    return problems_;
  }

 private:
  void problem(const std::string& what) { problems_.push_back("line " + std::to_string(line()) + ": " + what); }

  int line() const {
    int n = 1;
    for (std::size_t k = 0; k < i_ && k < s_.size(); ++k) n += s_[k] == '\n';
    return n;
  }

  // Text between tags (and inside attribute values): '>' unescaped and '&' without an entity are errors.
  void text_char(char c) {
    if (c == '>') problem("unescaped '>' in text");
    if (c == '&') entity();
  }

  void entity() {
    std::size_t k = i_ + 1;
    if (k < s_.size() && s_[k] == '#') {
      ++k;
      const bool hex = k < s_.size() && (s_[k] == 'x' || s_[k] == 'X');
      if (hex) ++k;
      const std::size_t digits = k;
      while (k < s_.size() && (hex ? std::isxdigit(static_cast<unsigned char>(s_[k])) : std::isdigit(static_cast<unsigned char>(s_[k])))) ++k;
      if (k == digits || k >= s_.size() || s_[k] != ';') problem("a '&#' that is not a character reference");
      return;
    }
    const std::size_t start = k;
    while (k < s_.size() && std::isalnum(static_cast<unsigned char>(s_[k]))) ++k;
    if (k == start || k >= s_.size() || s_[k] != ';') problem("a '&' that does not start an entity");
  }

  std::string name() {
    const std::size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '-' || s_[i_] == ':' || s_[i_] == '_')) ++i_;
    return s_.substr(start, i_ - start);
  }

  void spaces() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }

  void tag() {
    if (s_.compare(i_, 4, "<!--") == 0) {
      const auto end = s_.find("-->", i_ + 4);
      if (end == std::string::npos) problem("a comment is never closed");
      i_ = end == std::string::npos ? s_.size() : end + 3;
      return;
    }
    ++i_;
    const bool closing = i_ < s_.size() && s_[i_] == '/';
    if (closing) ++i_;
    const std::string tag_name = name();
    if (tag_name.empty()) {
      problem("unescaped '<' in text");
      return;
    }
    if (closing) {
      spaces();
      if (i_ >= s_.size() || s_[i_] != '>') problem("</" + tag_name + " is not closed by '>'");
      ++i_;
      if (stack_.empty() || stack_.back() != tag_name) {
        problem("</" + tag_name + "> closes " + (stack_.empty() ? std::string("nothing") : "<" + stack_.back() + ">"));
      } else {
        stack_.pop_back();
      }
      return;
    }
    bool self_closed = false;
    std::set<std::string> seen;
    while (true) {
      spaces();
      if (i_ >= s_.size()) {
        problem("<" + tag_name + " is cut off");
        return;
      }
      if (s_[i_] == '>') {
        ++i_;
        break;
      }
      if (s_.compare(i_, 2, "/>") == 0) {
        self_closed = true;
        i_ += 2;
        break;
      }
      const std::string attribute = name();
      if (attribute.empty()) {
        problem("a stray '" + std::string(1, s_[i_]) + "' in <" + tag_name + ">");
        ++i_;
        continue;
      }
      if (!seen.insert(attribute).second) problem("attribute " + attribute + " twice in <" + tag_name + ">");
      if (i_ < s_.size() && s_[i_] == '=') {
        ++i_;
        if (i_ >= s_.size() || s_[i_] != '"') {
          problem("the value of " + attribute + " in <" + tag_name + "> is not in double quotes");
          continue;
        }
        ++i_;
        while (i_ < s_.size() && s_[i_] != '"') {
          if (s_[i_] == '<') problem("'<' in the value of " + attribute);
          else text_char(s_[i_]);
          ++i_;
        }
        ++i_;  // the closing quote
      }
    }
    if (self_closed || kVoid.count(tag_name)) return;
    if (tag_name == "style" || tag_name == "script") {
      const auto end = s_.find("</", i_);
      if (end == std::string::npos || s_.compare(end, 2 + tag_name.size(), "</" + tag_name) != 0) {
        problem("<" + tag_name + "> contains '</' before its end");
      }
      i_ = end == std::string::npos ? s_.size() : end;
    }
    stack_.push_back(tag_name);
  }

  const std::string& s_;
  std::size_t i_ = 0;
  std::vector<std::string> stack_;
  std::vector<std::string> problems_;
};

}  // namespace

std::vector<std::string> html_problems(const std::string& html) { return Checker(html).run(); }

}  // namespace report_test
