// gamelab sprt | ratings: the offline statistics calculators (eval/stats, eval/ratings).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "old_spelling.hpp"
#include "sprt_arg.hpp"
#include "core/error.hpp"
#include "eval/ratings/pgn_export.hpp"
#include "eval/ratings/rating_list.hpp"
#include "eval/records.hpp"
#include "eval/records_statement.hpp"
#include "eval/stats/elo.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::cli {

namespace {

// Named one by one, not `using namespace`: eval's GameRecord and Termination must not meet the
// registry's in the unity build (one translation unit for all of apps/).
using eval::check_sprt_config;
using eval::draw_ratio;
using eval::estimate_elo;
using eval::game_table;
using eval::pair_draw_ratio;
using eval::parse_elo_model;
using eval::rate_engines;
using eval::read_records;
using eval::sprt_bounds;
using eval::sprt_llr;
using eval::sprt_verdict;
using eval::truncation_warning;
using eval::games_text;
using eval::pentanomial_text;
using eval::write_pgn;
using eval::EloEstimate;
using eval::SprtConfig;
using eval::SprtBounds;
using eval::SprtVerdict;
using eval::GameTable;
using eval::RatingOptions;
using eval::RatingList;
using eval::RecordsFile;
using eval::WdlCounts;
using eval::PentanomialCounts;
using eval::to_string;

// "a,b,c" -> exactly `count` non-negative integers, else InputError naming the flag.
std::vector<std::uint64_t> parse_counts(const std::string& flag, const std::string& text, std::size_t count,
                                        const std::string& meaning) {
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  bool ok = true;
  while (ok) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
    ok = !item.empty() && error == std::errc() && end == item.data() + item.size();
    if (ok) out.push_back(value);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (!ok || out.size() != count) {
    throw InputError(flag + " '" + text + "': expected " + std::to_string(count) + " comma-separated counts " +
                     meaning + " (non-negative integers)");
  }
  return out;
}

std::string fixed(double x, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  std::string text = buffer;
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);  // no "-0.00"
  return text;
}

struct SprtArgs {
  std::string penta, wdl, records, engine, model = "logistic", sprt;
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  bool json = false;
};

void run_sprt(const SprtArgs& args) {
  if (!args.penta.empty() + !args.wdl.empty() + !args.records.empty() != 1) {
    throw InputError("give the results with --penta, --wdl or --records (one of them)");
  }
  if (!args.engine.empty() && args.records.empty()) throw InputError("--engine names an engine of --records; give --records");
  // --sprt elo0=..,elo1=.. as every command that plays takes it, or the single flags.
  SprtConfig config = args.sprt.empty() ? SprtConfig{args.elo0, args.elo1, args.alpha, args.beta, parse_elo_model(args.model)}
                                        : parse_sprt_arg(args.sprt);
  check_sprt_config(config);
  const bool penta = args.wdl.empty();
  PentanomialCounts pc;
  WdlCounts wc;
  EloEstimate e;
  double llr, draws;
  std::string input;
  std::optional<eval::RecordsStatement> stated;
  if (!args.records.empty()) {
    // The pairs of a records file, from one engine's side: what a report folder's README states.
    const RecordsFile file = read_records(args.records);
    if (auto w = truncation_warning(file); !w.empty()) std::cerr << "gamelab: warning: " << w << "\n";
    try {
      stated = eval::records_statement(file.records, args.engine);
    } catch (const InputError& error) {
      throw InputError(args.records + ": " + error.what());
    }
    pc = stated->penta;
    input = args.records + ", " + stated->engine + "'s side: " + games_text(*stated) + ", " + pentanomial_text(pc);
  } else if (penta) {
    const auto c = parse_counts("--penta", args.penta, 5, "LL,LD,DD+WL,WD,WW");
    for (int k = 0; k < 5; ++k) pc.cells[k] = c[k];
    input = "pentanomial LL,LD,DD+WL,WD,WW = " + args.penta + " (" + std::to_string(pc.pairs()) + " pairs, " +
            std::to_string(pc.games()) + " games)";
  }
  if (penta) {
    e = estimate_elo(pc);
    llr = sprt_llr(pc, config);
    draws = pair_draw_ratio(pc);
  } else {
    const auto c = parse_counts("--wdl", args.wdl, 3, "W,D,L");
    wc = WdlCounts{c[0], c[1], c[2]};
    e = estimate_elo(wc);
    llr = sprt_llr(wc, config);
    draws = draw_ratio(wc);
    input = "W,D,L = " + args.wdl + " (" + std::to_string(wc.games()) + " games)";
  }
  const SprtBounds bounds = sprt_bounds(config.alpha, config.beta);
  const SprtVerdict verdict = sprt_verdict(llr, bounds);
  if (args.json) {
    nlohmann::ordered_json out;
    if (stated) {
      out["records"] = args.records;
      out["engine"] = stated->engine;
      out["wdl"] = {stated->wdl.wins, stated->wdl.draws, stated->wdl.losses};
      out["statement"] = games_text(*stated);
    }
    if (penta) out["pentanomial"] = pc.cells;
    else out["wdl"] = {wc.wins, wc.draws, wc.losses};
    out["games"] = e.games;
    if (penta) out["pairs"] = pc.pairs();
    out["score"] = e.score;
    out["elo"] = e.elo;
    out["elo_error"] = e.elo_error;
    out["elo_interval"] = {e.elo_lower, e.elo_upper};
    out["nelo"] = e.nelo;
    out["nelo_error"] = e.nelo_error;
    out["los"] = e.los;
    out[penta ? "pair_draw_ratio" : "draw_ratio"] = draws;
    out["model"] = to_string(config.model);
    out["elo0"] = config.elo0;
    out["elo1"] = config.elo1;
    out["alpha"] = config.alpha;
    out["beta"] = config.beta;
    out["llr"] = llr;
    out["lower_bound"] = bounds.lower;
    out["upper_bound"] = bounds.upper;
    out["verdict"] = to_string(verdict);
    std::cout << out.dump(2) << "\n";
    return;
  }
  std::cout << "results     " << input << "\n"
            << "score       " << fixed(e.score, 4) << "\n"
            << "Elo         " << fixed(e.elo, 2) << " +- " << fixed(e.elo_error, 2) << "  95% [" << fixed(e.elo_lower, 2)
            << ", " << fixed(e.elo_upper, 2) << "]\n"
            << "nElo        " << fixed(e.nelo, 2) << " +- " << fixed(e.nelo_error, 2) << "\n"
            << "LOS         " << fixed(100 * e.los, 2) << " %\n"
            << (penta ? "draw ratio  " + fixed(100 * draws, 2) + " % of pairs (DD+WL)\n"
                      : "draw ratio  " + fixed(100 * draws, 2) + " %\n")
            << "SPRT        " << to_string(config.model) << " Elo, H0 " << fixed(config.elo0, 2) << ", H1 "
            << fixed(config.elo1, 2) << ", alpha " << config.alpha << ", beta " << config.beta << "\n"
            << "LLR         " << fixed(llr, 3) << "  bounds [" << fixed(bounds.lower, 3) << ", " << fixed(bounds.upper, 3)
            << "]\n"
            << "verdict     " << to_string(verdict) << "\n";
}

struct RatingsArgs {
  std::vector<std::string> files;
  std::string anchor, pgn;
  bool pgn_bare = false;
  double anchor_rating = 0, prior = 0;
  int bootstrap = 200;
  std::uint64_t seed = 1;
  bool json = false;
};

nlohmann::json finite_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

void run_ratings(const RatingsArgs& args) {
  std::vector<RecordsFile> files;
  std::vector<std::string> warnings;
  for (const auto& path : args.files) {
    files.push_back(read_records(path));
    if (auto w = truncation_warning(files.back()); !w.empty()) warnings.push_back(w);
  }
  RatingOptions options;
  if (!args.anchor.empty()) options.anchor = args.anchor;
  options.anchor_rating = args.anchor_rating;
  options.bootstrap = args.bootstrap;
  options.seed = args.seed;
  options.prior_draws = args.prior;
  const GameTable table = game_table(files);
  const RatingList list = rate_engines(table, options);
  if (list.failed_replicates > 0) {
    warnings.push_back(std::to_string(list.failed_replicates) + " of " + std::to_string(args.bootstrap) +
                       " bootstrap replays had no finite maximum and were left out: the error bars are too small "
                       "(play more games, or use --prior)");
  }
  if (!args.pgn.empty()) write_pgn(args.pgn, files, !args.pgn_bare);
  for (const auto& w : warnings) std::cerr << "gamelab: warning: " << w << "\n";

  if (args.json) {
    nlohmann::ordered_json engines = nlohmann::ordered_json::array();
    int rank = 0;
    for (const auto& e : list.engines) {
      engines.push_back({{"rank", ++rank},       {"name", e.name},   {"rating", e.rating},
                         {"error", e.error},     {"interval", {e.lower, e.upper}},
                         {"games", e.games},     {"wins", e.wins},   {"draws", e.draws},
                         {"losses", e.losses},   {"points", e.points},
                         {"score", e.games ? e.points / e.games : 0.0}});
    }
    nlohmann::ordered_json out;
    out["model"] = "bayeselo draw-elo, maximum likelihood";
    out["anchor"] = list.anchor;
    out["anchor_rating"] = list.anchor_rating;
    out["draw_elo"] = finite_or_null(list.draw_elo);
    out["draw_elo_error"] = list.draw_elo_error;
    out["advantage"] = list.advantage;
    out["advantage_error"] = list.advantage_error;
    out["prior_draws"] = list.prior_draws;
    out["bootstrap"] = {{"replays", args.bootstrap}, {"fitted", list.replicates},
                        {"failed", list.failed_replicates}, {"seed", list.seed}};
    out["games"] = table.games.size();
    out["engines"] = engines;
    out["pgn"] = args.pgn.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(args.pgn);
    out["warnings"] = warnings;
    std::cout << out.dump(2) << "\n";
    return;
  }
  std::size_t width = 4;
  for (const auto& e : list.engines) width = std::max(width, e.name.size());
  std::printf("%4s  %-*s  %8s  %7s  %7s  %6s\n", "rank", int(width), "name", "rating", "+-", "games", "score%");
  int rank = 0;
  for (const auto& e : list.engines) {
    const std::string error = (e.name == list.anchor || list.replicates == 0) ? "-" : fixed(e.error, 1);
    std::printf("%4d  %-*s  %8.1f  %7s  %7llu  %6.1f\n", ++rank, int(width), e.name.c_str(), e.rating, error.c_str(),
                static_cast<unsigned long long>(e.games), e.games ? 100.0 * e.points / e.games : 0.0);
  }
  std::printf("%zu games; anchor %s = %s\n", table.games.size(), list.anchor.c_str(), fixed(list.anchor_rating, 1).c_str());
  std::printf("model: BayesElo draw-elo by maximum likelihood; draw_elo %s, first-seat advantage %s Elo%s\n",
              std::isfinite(list.draw_elo) ? (fixed(list.draw_elo, 1) + (list.replicates ? " +- " + fixed(list.draw_elo_error, 1) : "")).c_str()
                                           : "infinite (only draws)",
              (fixed(list.advantage, 1) + (list.replicates ? " +- " + fixed(list.advantage_error, 1) : "")).c_str(),
              list.prior_draws > 0 ? (", " + fixed(list.prior_draws, 2) + " virtual draws per meeting").c_str() : "");
  if (list.replicates > 0) {
    std::printf("+-: 95%% parametric bootstrap, %d replays, seed %llu\n", list.replicates,
                static_cast<unsigned long long>(list.seed));
  }
  if (!args.pgn.empty()) std::printf("wrote %s\n", args.pgn.c_str());
}

}  // namespace

void print_ratings(const std::vector<std::string>& files, double prior_draws) {
  RatingsArgs args;
  args.files = files;
  args.prior = prior_draws;
  run_ratings(args);
}

void add_stats_commands(CLI::App& app) {
  auto* sprt = app.add_subcommand("sprt", "Elo, LOS and the SPRT log-likelihood ratio of match results");
  auto s = std::make_shared<SprtArgs>();
  auto* penta = sprt->add_option("--penta", s->penta, "pentanomial pair counts LL,LD,DD+WL,WD,WW (5 numbers)");
  auto* wdl = sprt->add_option("--wdl", s->wdl, "game counts W,D,L");
  auto* records = sprt->add_option("--records", s->records,
                                   "match records (JSON lines): the pentanomial of one engine's pairs, with the "
                                   "games and W-D-L a report states");
  sprt->add_option("--engine", s->engine, "with --records: whose side (default: the first engine of the first record)");
  penta->excludes(wdl);
  records->excludes(penta)->excludes(wdl);
  auto* spec = sprt->add_option("--sprt", s->sprt, "elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=logistic|normalized], "
                                                  "as on match, tune and release");
  auto* elo0 = old_spelling(sprt->add_option("--elo0", s->elo0), "--sprt elo0=..,elo1=..");
  auto* elo1 = old_spelling(sprt->add_option("--elo1", s->elo1), "--sprt elo0=..,elo1=..");
  auto* alpha = old_spelling(sprt->add_option("--alpha", s->alpha), "--sprt ...,alpha=A");
  auto* beta = old_spelling(sprt->add_option("--beta", s->beta), "--sprt ...,beta=B");
  auto* model = old_spelling(sprt->add_option("--model", s->model), "--sprt ...,model=M");
  const std::vector<CLI::Option*> singles = {elo0, elo1, alpha, beta, model};
  sprt->add_flag("--json", s->json, "print JSON");
  sprt->callback([s, spec, elo0, elo1, singles] {
    const bool single = std::any_of(singles.begin(), singles.end(), [](const CLI::Option* o) { return o->count() > 0; });
    if (spec->count() && single) throw InputError("--sprt gives the hypotheses once: leave out --elo0, --elo1, --alpha, --beta and --model");
    if (elo0->count() != elo1->count()) throw InputError(elo0->count() ? "--elo0 goes with --elo1" : "--elo1 goes with --elo0");
    if (!spec->count() && !elo0->count()) throw InputError("give the hypotheses: --sprt elo0=..,elo1=..");
    run_sprt(*s);
  });

  auto* ratings = app.add_subcommand("ratings", "rating list of every engine in match records (draw-elo model)");
  auto r = std::make_shared<RatingsArgs>();
  ratings->add_option("records", r->files, "records files (JSON lines, one pair per line)")->required();
  ratings->add_option("--anchor", r->anchor, "engine whose rating is fixed (default: the first in the records)");
  ratings->add_option("--anchor-rating", r->anchor_rating, "the anchor's rating (default 0)");
  ratings->add_option("--bootstrap", r->bootstrap, "bootstrap replays for the error bars (default 200; 0: none)")
      ->check(CLI::Range(0, 100000));
  ratings->add_option("--seed", r->seed, "seed of the bootstrap (default 1)");
  ratings->add_option("--prior", r->prior, "virtual draws between engines that met (default 0: pure maximum likelihood)")
      ->check(CLI::Range(0.0, 1e6));
  ratings->add_option("--pgn", r->pgn, "also write the games as PGN: tags, the opening's FEN and the moves");
  ratings->add_flag("--pgn-bare", r->pgn_bare, "with --pgn: tags and results only, no FEN or moves (BayesElo)");
  ratings->add_flag("--json", r->json, "print JSON");
  ratings->callback([r] { run_ratings(*r); });
}

}  // namespace gamelab::cli
