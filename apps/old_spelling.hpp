#pragma once
// Old spellings: flags that committed recipes, reports' commands and teams' scripts still use. Each is
// still accepted, hidden from --help, and names its new form on standard error, so that there is one
// form to learn (docs/tools/cli.md §3, "One convention") and nothing written before stops working.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

namespace gamelab::cli {

// CLI11 names a hidden option "" in its own messages, so a command's checks that involve one (needs,
// excludes) are written out in its callback, naming the flags.
inline CLI::Option* old_spelling(CLI::Option* option, const std::string& now) {
  const std::string name = option->get_name();  // before hiding: a hidden option's name reads ""
  option->group("");                            // hidden from --help
  option->each([name, now](const std::string&) {
    std::cerr << "note: " << name << " is an old spelling; the lab's form is " << now << "\n";
  });
  return option;
}

}  // namespace gamelab::cli
