// gamelab report: an HTML page and a Markdown summary of match records, campaigns and releases
// (eval/report/). Wiring only.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "eval/report/report.hpp"
#include "eval/report/watch.hpp"
#include "sprt_arg.hpp"

namespace gamelab::cli {

namespace {

struct ReportArgs {
  std::vector<std::string> inputs;
  std::string out, sprt, anchor, title;
  int bootstrap = 200;
  std::uint64_t seed = 1;
  bool watch = false, until_done = false;
  int every = 10;
};

}  // namespace

void add_report_command(CLI::App& app) {
  auto* report = app.add_subcommand(
      "report", "an HTML page (index.html) and a Markdown summary (summary.md) of match records, rating lists, "
                "SPSA and Texel campaigns and releases");
  auto a = std::make_shared<ReportArgs>();
  report->add_option("inputs", a->inputs,
                     "records files (one: the match; several: a rating list), campaign folders, release .json files")
      ->required();
  report->add_option("--out", a->out, "folder to write index.html and summary.md in (made if missing)")->required();
  report->add_option("--sprt", a->sprt,
                     "the SPRT the records' match was run with, elo0=0,elo1=5[,alpha,beta,model] (the records do not "
                     "store it; without it every pair is counted and the LLR path is drawn against elo0=0, elo1=5)");
  report->add_option("--anchor", a->anchor, "rating lists: the engine whose rating is fixed (default: the first)");
  report->add_option("--bootstrap", a->bootstrap, "rating lists: bootstrap replays for the error bars (default 200)")
      ->check(CLI::Range(0, 100000));
  report->add_option("--seed", a->seed, "rating lists: seed of the bootstrap (default 1)");
  report->add_option("--title", a->title, "the page's title (default: gamelab report)");
  auto* watch = report->add_flag(
      "--watch", a->watch,
      "keep the page current while the campaign runs: rewritten whenever its files change, reloading itself, "
      "until SIGINT/SIGTERM (the last write has no reload)");
  report->add_option("--every", a->every, "--watch: look at the files every SECONDS, and reload the page as often (default 10)")
      ->check(CLI::Range(1, 86400))
      ->needs(watch);
  report->add_flag("--until-done", a->until_done,
                   "--watch: also stop once the campaign is finished (SPSA: its iterations and verification; generations: "
                   "its generations; training, Texel: its epochs; a match: its SPRT's verdict, with --sprt)")
      ->needs(watch);
  report->callback([a] {
    eval::report::ReportOptions options;
    if (!a->sprt.empty()) options.sprt = parse_sprt_arg(a->sprt);
    if (!a->anchor.empty()) options.ratings.anchor = a->anchor;
    options.ratings.bootstrap = a->bootstrap;
    options.ratings.seed = a->seed;
    options.title = a->title;
    if (a->watch) {
      eval::report::WatchOptions watch;
      watch.every_seconds = a->every;
      watch.until_done = a->until_done;
      watch.log = [](const std::string& line) { std::cout << line << std::endl; };
      eval::report::watch_report(a->inputs, options, a->out, watch);
      return;
    }
    const auto document = eval::report::build_report(a->inputs, options);
    const auto files = eval::report::write_report(document, a->out);
    std::cout << "wrote " << files.html << " and " << files.markdown << "\n";
  });
}

}  // namespace gamelab::cli
