#include "eval/report/match_section.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "core/error.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/svg_chart.hpp"
#include "eval/stats/elo.hpp"

namespace gamelab::eval::report {

namespace {

std::string count(std::uint64_t n) { return std::to_string(n); }

std::string wdl_text(const WdlCounts& w) { return count(w.wins) + "-" + count(w.draws) + "-" + count(w.losses); }

// The pairs `gamelab match` counts: pair 0, 1, 2, ... while they are all there, `counted` of them.
std::vector<const PairRecord*> counted_pairs(const std::vector<PairRecord>& records, std::uint64_t counted) {
  std::map<std::uint64_t, const PairRecord*> by_pair;
  for (const auto& r : records) by_pair[r.pair] = &r;
  std::vector<const PairRecord*> out;
  for (std::uint64_t k = 0; k < counted; ++k) out.push_back(by_pair.at(k));
  return out;
}

// The engines of a records file, checked: exactly two names.
std::array<EngineRecord, 2> match_engines(const std::vector<PairRecord>& records, const std::string& path) {
  if (records.empty()) throw InputError(path + ": no match records in it");
  std::set<std::string> names;
  for (const auto& r : records) {
    names.insert(r.engines[0].name);
    names.insert(r.engines[1].name);
  }
  if (names.size() != 2) {
    throw InputError(path + ": " + std::to_string(names.size()) +
                     " engines play in it; a report of one match needs two (several engines make a rating list: "
                     "give more records files)");
  }
  return records.front().engines;
}

// As `gamelab sprt` prints the test (alpha and beta as the stream prints them: "0.05").
std::string sprt_text(const SprtConfig& s) {
  char alpha[32], beta[32];
  std::snprintf(alpha, sizeof alpha, "%g", s.alpha);
  std::snprintf(beta, sizeof beta, "%g", s.beta);
  return std::string(to_string(s.model)) + " Elo, H0 " + fixed(s.elo0, 2) + ", H1 " + fixed(s.elo1, 2) + ", alpha " +
         alpha + ", beta " + beta;
}

// A position's name in a table: its first real line, cut to 56 characters. A position of several
// lines (a board file: its first line is only the size) also gets a short hash of its text, so that
// two boards of the same size have different names.
std::string opening_label(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && (!lines.empty() || line[0] != '#')) lines.push_back(line);  // '#' comments come first
  }
  if (lines.empty()) return "(empty)";
  std::string label = lines.front();
  if (label.size() > 56) label = label.substr(0, 53) + "...";
  if (lines.size() > 1) {
    std::uint32_t hash = 2166136261u;  // FNV-1a
    for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
    char tag[48];
    std::snprintf(tag, sizeof tag, " (%zu lines, #%08x)", lines.size(), hash);
    label += tag;
  }
  return label;
}

Tone verdict_tone(SprtVerdict v) {
  return v == SprtVerdict::AcceptH1 ? Tone::Good : v == SprtVerdict::AcceptH0 ? Tone::Bad : Tone::Neutral;
}

Block llr_chart(const std::vector<double>& llr, const SprtConfig& sprt, const std::string& id) {
  const SprtBounds bounds = sprt_bounds(sprt.alpha, sprt.beta);
  LineChart chart;
  chart.id = id + "-llr";
  chart.title = "LLR after each pair";
  chart.x_label = "pairs";
  chart.y_label = "log-likelihood ratio";
  Series s;
  s.colour = series_colour(0);
  s.x.push_back(0);
  s.y.push_back(0);
  for (std::size_t i = 0; i < llr.size(); ++i) {
    s.x.push_back(static_cast<double>(i + 1));
    s.y.push_back(llr[i]);
  }
  chart.series.push_back(s);
  chart.rules.push_back({bounds.upper, "accept H1 (" + fixed(bounds.upper, 3) + ")", "#1e8a4c"});
  chart.rules.push_back({bounds.lower, "accept H0 (" + fixed(bounds.lower, 3) + ")", "#c0392b"});
  chart.rules.push_back({0, "", "#9aa5b1"});
  return Chart{line_chart_svg(chart), "The SPRT's log-likelihood ratio (" + sprt_text(sprt) +
                                          ") after each counted pair, between its bounds ln(beta / (1 - alpha)) and "
                                          "ln((1 - beta) / alpha)."};
}

Block elo_chart(const std::vector<EloEstimate>& path, const std::string& a, const std::string& id) {
  LineChart chart;
  chart.id = id + "-elo";
  chart.title = "Elo of " + a + " after each pair, with its 95% interval";
  chart.x_label = "pairs";
  chart.y_label = "Elo";
  Series s;
  s.colour = series_colour(0);
  Band band;
  band.colour = series_colour(0);
  for (std::size_t i = 0; i < path.size(); ++i) {
    const double x = static_cast<double>(i + 1);
    s.x.push_back(x);
    s.y.push_back(path[i].elo);
    band.x.push_back(x);
    band.lower.push_back(path[i].elo_lower);
    band.upper.push_back(path[i].elo_upper);
  }
  chart.series.push_back(s);
  chart.bands.push_back(band);
  chart.rules.push_back({0, "", "#9aa5b1"});
  // The first pairs' intervals are huge: the axis shows three times the final interval.
  const EloEstimate& last = path.back();
  const double half = std::max(3 * (last.elo_upper - last.elo_lower) / 2, 20.0);
  chart.y_min = std::min(0.0, last.elo - half);
  chart.y_max = std::max(0.0, last.elo + half);
  return Chart{line_chart_svg(chart), "The logistic Elo of the pentanomial counts after each pair; the band is its "
                                      "95% interval (the axis is cut at three times the final interval)."};
}

// Histogram of game lengths with about 16 bins of a round width.
Block length_histogram(const std::vector<int>& plies, const std::string& unit) {
  const int lo = *std::min_element(plies.begin(), plies.end());
  const int hi = *std::max_element(plies.begin(), plies.end());
  int width = 1;
  for (const int w : {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000}) {
    width = w;
    if ((hi / w - lo / w + 1) <= 16) break;
  }
  const int first = lo / width * width;
  const int bins = (hi - first) / width + 1;
  std::vector<double> counts(static_cast<std::size_t>(bins), 0);
  for (const int p : plies) counts[static_cast<std::size_t>((p - first) / width)] += 1;
  BarChart chart;
  chart.title = "Game lengths";
  chart.x_label = unit;
  chart.y_label = "games";
  for (int b = 0; b < bins; ++b) {
    const int from = first + b * width, to = from + width - 1;
    const std::string label = width == 1 ? std::to_string(from) : std::to_string(from) + "-" + std::to_string(to);
    chart.bars.push_back({label, counts[static_cast<std::size_t>(b)],
                          label + " " + unit + ": " + tick_label(counts[static_cast<std::size_t>(b)], 1) + " games"});
  }
  return Chart{bar_chart_svg(chart), "Games by length in " + unit + " (bins of " + std::to_string(width) + ")."};
}

}  // namespace

MatchLine match_line(const std::vector<PairRecord>& records) {
  const auto engines = match_engines(records, "records");
  const MatchSummary s = summarize(records, engines[0].name, std::nullopt);
  const EloEstimate e = estimate_elo(s.penta);
  return {engines[0].name + " vs " + engines[1].name, count(s.wdl.games()), wdl_text(s.wdl), fixed(e.score, 4),
          fixed(e.elo, 2) + " +- " + fixed(e.elo_error, 2)};
}

Section match_section(const MatchInput& input) {
  const auto engines = match_engines(input.records, input.path);
  const std::string& a = engines[0].name;
  const std::string& b = engines[1].name;
  const MatchSummary summary = summarize(input.records, a, input.sprt);
  const SprtConfig sprt = input.sprt.value_or(input.path_sprt);
  const EloEstimate elo = estimate_elo(summary.penta);
  const std::vector<const PairRecord*> pairs = counted_pairs(input.records, summary.pairs_counted);

  Section section;
  section.title = input.title.empty() ? "Match: " + a + " vs " + b : input.title;
  section.id = input.id.empty() ? anchor_id(section.title) : input.id;
  section.running = true;  // until its own SPRT's verdict (below)
  if (pairs.empty()) {
    section.blocks.push_back(Paragraph{input.path + " holds " + count(input.records.size()) +
                                       " pairs but not pair 0: nothing is counted (the statistics count pairs 0, 1, 2, "
                                       "... as gamelab match does)."});
    return section;
  }

  // The statistics after each pair: the LLR path and the Elo path.
  std::vector<double> llr_path;
  std::vector<EloEstimate> elo_path;
  PentanomialCounts running;
  for (const PairRecord* r : pairs) {
    running.add_pair(r->games[0].score_of(a), r->games[1].score_of(a));
    llr_path.push_back(sprt_llr(running, sprt));
    elo_path.push_back(estimate_elo(running));
  }
  const SprtBounds bounds = sprt_bounds(sprt.alpha, sprt.beta);
  const double llr = llr_path.back();
  const SprtVerdict verdict = sprt_verdict(llr, bounds);
  // Records do not say how many games a match was to play: only its own SPRT's verdict ends it.
  section.running = !input.sprt || verdict == SprtVerdict::Continue;
  const std::string game = pairs.front()->game;

  std::uint64_t failures = 0;
  for (const auto& f : summary.faults) failures += f.crash + f.timeout + f.illegal + f.stalled;
  Cards cards;
  cards.items.push_back({"games", count(summary.wdl.games()), count(summary.pairs_counted) + " pairs", Tone::Neutral});
  cards.items.push_back({"W-D-L of " + a, wdl_text(summary.wdl), "score " + fixed(elo.score, 4), Tone::Neutral});
  cards.items.push_back({"Elo", signed_fixed(elo.elo, 2), "+- " + fixed(elo.elo_error, 2) + ", LOS " + percent(elo.los, 2),
                         elo.elo_lower > 0 ? Tone::Good : elo.elo_upper < 0 ? Tone::Bad : Tone::Neutral});
  cards.items.push_back({"SPRT", std::string(to_string(verdict)), "LLR " + fixed(llr, 3) + " in [" + fixed(bounds.lower, 3) +
                                                                      ", " + fixed(bounds.upper, 3) + "]",
                         verdict_tone(verdict)});
  cards.items.push_back({"failures", count(failures), "crash, timeout, illegal, stalled",
                         failures > 0 ? Tone::Warn : Tone::Neutral});
  section.blocks.push_back(cards);

  Facts facts;
  facts.items.push_back({"engines", a + " (params " + engines[0].params_hash + ") vs " + b + " (params " +
                                        engines[1].params_hash + "); figures are " + a + "'s"});
  facts.items.push_back({"game", game});
  facts.items.push_back({"records", input.path + ": " + count(input.records.size()) + " pairs, " +
                                        count(summary.pairs_counted) + " counted"});
  facts.items.push_back({"games", count(summary.wdl.games()) + " (" + count(summary.pairs_counted) + " pairs)"});
  facts.items.push_back({"W-D-L", wdl_text(summary.wdl)});
  facts.items.push_back({"score", fixed(elo.score, 4)});
  facts.items.push_back({"Elo", fixed(elo.elo, 2) + " +- " + fixed(elo.elo_error, 2) + ", 95% [" + fixed(elo.elo_lower, 2) +
                                    ", " + fixed(elo.elo_upper, 2) + "]"});
  facts.items.push_back({"nElo", fixed(elo.nelo, 2) + " +- " + fixed(elo.nelo_error, 2)});
  facts.items.push_back({"LOS", percent(elo.los, 2)});
  facts.items.push_back({"draw ratio", percent(pair_draw_ratio(summary.penta), 2) + " of pairs (DD+WL)"});
  facts.items.push_back({"SPRT", sprt_text(sprt) + (input.sprt ? " (" + input.sprt_source + ")"
                                                               : " (not stored in the records: the report's --sprt)")});
  facts.items.push_back({"LLR", fixed(llr, 3) + ", bounds [" + fixed(bounds.lower, 3) + ", " + fixed(bounds.upper, 3) + "]"});
  facts.items.push_back({"verdict", std::string(to_string(verdict))});
  section.blocks.push_back(facts);

  MatchConfig config;
  config.engines.resize(2);
  config.engines[0].player.name = a;
  config.engines[1].player.name = b;
  config.sprt = input.sprt;
  section.blocks.push_back(Paragraph{"As gamelab match prints them for the games above (at its end, or so far while it runs):", true});
  section.blocks.push_back(Code{summary_text(summary, config)});

  Table penta;
  penta.caption = "Pentanomial: pairs by " + a + "'s points in the pair";
  penta.header = {"", "LL (0)", "LD (0.5)", "DD+WL (1)", "WD (1.5)", "WW (2)"};
  penta.align = "lrrrrr";
  std::vector<Cell> counts_row{{"pairs"}}, share_row{{"share"}};
  for (const auto c : summary.penta.cells) {
    counts_row.push_back({count(c)});
    share_row.push_back({percent(static_cast<double>(c) / static_cast<double>(summary.pairs_counted), 1)});
  }
  penta.rows = {counts_row, share_row};
  section.blocks.push_back(penta);

  section.blocks.push_back(llr_chart(llr_path, sprt, section.id));
  section.blocks.push_back(elo_chart(elo_path, a, section.id));

  // Game lengths.
  std::vector<int> plies;
  for (const PairRecord* r : pairs) {
    for (const auto& g : r->games) plies.push_back(g.plies);
  }
  std::vector<int> sorted = plies;
  std::sort(sorted.begin(), sorted.end());
  double mean = 0;
  for (const int p : plies) mean += p;
  mean /= static_cast<double>(plies.size());
  Section lengths;
  lengths.title = "Game lengths";
  lengths.id = section.id + "-lengths";
  lengths.blocks.push_back(Facts{{{"plies", "shortest " + std::to_string(sorted.front()) + ", median " +
                                                std::to_string(sorted[(sorted.size() - 1) / 2]) + ", mean " + fixed(mean, 1) +
                                                ", longest " + std::to_string(sorted.back())}}});
  lengths.blocks.push_back(length_histogram(plies, "plies"));
  section.subsections.push_back(lengths);

  // Results by opening, in the order the openings were first played.
  struct OpeningResult {
    std::string text{};
    std::uint64_t pairs = 0;
    WdlCounts wdl{};
  };
  std::vector<OpeningResult> openings;
  std::map<std::string, std::size_t> index;
  for (const PairRecord* r : pairs) {
    auto [it, fresh] = index.emplace(r->opening, openings.size());
    if (fresh) openings.push_back({r->opening});
    OpeningResult& o = openings[it->second];
    ++o.pairs;
    for (const auto& g : r->games) o.wdl.add_game(g.score_of(a));
  }
  Table by_opening;
  by_opening.caption = "Results by opening (" + count(openings.size()) + " openings, " + a + "'s view)";
  by_opening.header = {"#", "opening", "pairs", "W-D-L", "score"};
  by_opening.align = "rlrrr";
  by_opening.scroll = openings.size() > 12;
  for (std::size_t k = 0; k < openings.size(); ++k) {
    const OpeningResult& o = openings[k];
    const double score = (static_cast<double>(o.wdl.wins) + 0.5 * static_cast<double>(o.wdl.draws)) /
                         static_cast<double>(o.wdl.games());
    Cell score_cell{percent(score, 1)};
    score_cell.background = score > 0.5 ? "#e3f4ea" : score < 0.5 ? "#fbe5e2" : "";
    by_opening.rows.push_back({{std::to_string(k + 1)}, {opening_label(o.text), "", "", o.text}, {count(o.pairs)},
                               {wdl_text(o.wdl)}, score_cell});
  }
  Section opening_section;
  opening_section.title = "Results by opening";
  opening_section.id = section.id + "-openings";
  opening_section.blocks.push_back(by_opening);
  section.subsections.push_back(opening_section);

  // Failures and how the games ended.
  Section endings;
  endings.title = "Failures and how the games ended";
  endings.id = section.id + "-endings";
  Table faults;
  faults.caption = "Failures (games lost or marked by a bot's fault)";
  faults.header = {"engine", "crash", "timeout", "illegal", "stalled"};
  faults.align = "lrrrr";
  for (int e = 0; e < 2; ++e) {
    const FaultCounts& f = summary.faults[e];
    faults.rows.push_back({{engines[static_cast<std::size_t>(e)].name}, {count(f.crash)}, {count(f.timeout)},
                           {count(f.illegal)}, {count(f.stalled)}});
  }
  endings.blocks.push_back(faults);
  std::map<std::string, std::uint64_t> reasons;
  for (const PairRecord* r : pairs) {
    for (const auto& g : r->games) ++reasons[g.reason.empty() ? "(no reason given)" : g.reason];
  }
  std::vector<std::pair<std::string, std::uint64_t>> by_count(reasons.begin(), reasons.end());
  std::stable_sort(by_count.begin(), by_count.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  Table why;
  why.caption = "How the games ended";
  why.header = {"reason", "games"};
  why.align = "lr";
  why.scroll = by_count.size() > 12;
  for (const auto& [reason, n] : by_count) why.rows.push_back({{reason}, {count(n)}});
  endings.blocks.push_back(why);
  section.subsections.push_back(endings);
  return section;
}

}  // namespace gamelab::eval::report
