// gamelab results: docs/results.md, reports/README.md and tuner/campaigns/README.md, generated from the
// releases, their reports and the campaign folders (eval/report/results.hpp); --check says whether the
// committed pages are current. Wiring only.
#include <algorithm>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "eval/report/results.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct ResultsArgs {
  std::string root = ".";
  bool check = false;
};

}  // namespace

void add_results_command(CLI::App& app) {
  auto* results = app.add_subcommand(
      "results", "docs/results.md (the current releases' figures and the commands that reproduce them), "
                 "reports/README.md and tuner/campaigns/README.md, generated from the committed files");
  auto a = std::make_shared<ResultsArgs>();
  results->add_option("--root", a->root, "the repository's root (default: the current folder)");
  results->add_flag("--check", a->check,
                    "write nothing: exit 1 naming each page that is not what the files give, 0 when all are current");
  results->callback([a] {
    std::vector<eval::report::ResultsGame> games;
    for (const auto& game : game_registry()) games.push_back({game.name, game.title});
    const auto pages = eval::report::results_pages(a->root, games);
    if (a->check) {
      const auto stale = eval::report::stale_pages(a->root, pages);
      for (const auto& path : stale) {
        std::cout << path << ": stale (not what the releases, reports and campaign folders give); run `gamelab results`\n";
      }
      if (!stale.empty()) throw CLI::RuntimeError(1);
      for (const auto& page : pages) std::cout << page.path << ": current\n";
      return;
    }
    const auto written = eval::report::write_pages(a->root, pages);
    for (const auto& page : pages) {
      const bool wrote = std::find(written.begin(), written.end(), page.path) != written.end();
      std::cout << (wrote ? "wrote " : "current ") << page.path << "\n";
    }
  });
}

}  // namespace gamelab::cli
