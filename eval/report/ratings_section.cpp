#include "eval/report/ratings_section.hpp"

#include <cmath>
#include <set>

#include "eval/report/match_section.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/svg_chart.hpp"

namespace gamelab::eval::report {

namespace {

// A score's heat: green above 50%, red below, white at 50%.
std::string heat(double score) {
  const double t = std::min(1.0, std::abs(score - 0.5) * 2);
  const int r = score >= 0.5 ? static_cast<int>(255 - t * (255 - 158)) : 255;
  const int g = score >= 0.5 ? 255 - static_cast<int>(t * (255 - 222)) : static_cast<int>(255 - t * (255 - 168));
  const int b = score >= 0.5 ? static_cast<int>(255 - t * (255 - 180)) : static_cast<int>(255 - t * (255 - 160));
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", r, g, b);
  return buffer;
}

}  // namespace

Section ratings_section(const std::vector<RecordsFile>& files, const RatingOptions& options) {
  const GameTable table = game_table(files);
  const RatingList list = rate_engines(table, options);
  Section section;
  section.title = "Rating list";
  section.id = "rating-list";

  std::string sources;
  for (const auto& f : files) sources += (sources.empty() ? "" : ", ") + f.path;
  Facts facts;
  facts.items.push_back({"records", sources});
  facts.items.push_back({"engines", std::to_string(list.engines.size()) + ", " + std::to_string(table.games.size()) + " games"});
  facts.items.push_back({"anchor", list.anchor + " = " + fixed(list.anchor_rating, 1)});
  const std::string draw_error = list.replicates ? " +- " + fixed(list.draw_elo_error, 1) : "";
  const std::string advantage_error = list.replicates ? " +- " + fixed(list.advantage_error, 1) : "";
  facts.items.push_back({"model", "BayesElo draw-elo by maximum likelihood; draw_elo " +
                                      (std::isfinite(list.draw_elo) ? fixed(list.draw_elo, 1) + draw_error
                                                                    : std::string("infinite (only draws)")) +
                                      ", first-seat advantage " + fixed(list.advantage, 1) + advantage_error + " Elo"});
  facts.items.push_back({"error bars", list.replicates > 0 ? "95% parametric bootstrap, " + std::to_string(list.replicates) +
                                                                 " replays, seed " + std::to_string(list.seed)
                                                           : std::string("none (--bootstrap 0)")});
  if (list.failed_replicates > 0) {
    facts.items.push_back({"warning", std::to_string(list.failed_replicates) + " of " + std::to_string(options.bootstrap) +
                                          " bootstrap replays had no finite maximum and were left out: the error bars "
                                          "are too small"});
  }
  section.blocks.push_back(facts);

  ErrorBarChart chart;
  chart.title = "Ratings with their 95% intervals";
  chart.x_label = "Elo (anchor " + list.anchor + " = " + fixed(list.anchor_rating, 1) + ")";
  chart.reference = list.anchor_rating;
  Table ranks;
  ranks.caption = "Rating list (as gamelab ratings prints it)";
  ranks.header = {"rank", "name", "rating", "+-", "95% interval", "games", "W-D-L", "score%"};
  ranks.align = "rlrrrrrr";
  int rank = 0;
  for (const auto& e : list.engines) {
    const bool fixed_point = e.name == list.anchor || list.replicates == 0;
    const std::string error = fixed_point ? "-" : fixed(e.error, 1);
    chart.items.push_back({e.name, e.rating, e.lower, e.upper, fixed(e.rating, 1) + (fixed_point ? "" : " +- " + error)});
    ranks.rows.push_back({{std::to_string(++rank)}, {e.name}, {fixed(e.rating, 1)}, {error},
                          {"[" + fixed(e.lower, 1) + ", " + fixed(e.upper, 1) + "]"}, {std::to_string(e.games)},
                          {std::to_string(e.wins) + "-" + std::to_string(e.draws) + "-" + std::to_string(e.losses)},
                          {fixed(e.games ? 100.0 * e.points / static_cast<double>(e.games) : 0.0, 1)}});
  }
  section.blocks.push_back(Chart{error_bar_chart_svg(chart), "Each engine's rating (dot) and its bootstrap 95% interval; "
                                                             "the dashed line is the anchor's rating."});
  section.blocks.push_back(ranks);

  // Head to head: points and games of the row engine against the column engine.
  const std::size_t n = table.names.size();
  std::vector<std::vector<double>> points(n, std::vector<double>(n, 0));
  std::vector<std::vector<std::uint64_t>> games(n, std::vector<std::uint64_t>(n, 0));
  for (const auto& g : table.games) {
    const auto i = static_cast<std::size_t>(g.first), j = static_cast<std::size_t>(g.second);
    points[i][j] += g.score;
    points[j][i] += 1 - g.score;
    ++games[i][j];
    ++games[j][i];
  }
  Table matrix;
  matrix.caption = "Head to head: the row engine's score against the column engine (games)";
  matrix.header = {""};
  matrix.align = "l";
  std::vector<std::size_t> order;
  for (const auto& e : list.engines) order.push_back(static_cast<std::size_t>(table.index_of(e.name)));
  for (const std::size_t j : order) {
    matrix.header.push_back(table.names[j]);
    matrix.align += 'r';
  }
  for (const std::size_t i : order) {
    std::vector<Cell> row{{table.names[i]}};
    for (const std::size_t j : order) {
      if (i == j || games[i][j] == 0) {
        row.push_back({i == j ? "" : "-"});
        continue;
      }
      const double score = points[i][j] / static_cast<double>(games[i][j]);
      Cell cell{fixed(100 * score, 1) + "% (" + std::to_string(games[i][j]) + ")"};
      cell.background = heat(score);
      row.push_back(cell);
    }
    matrix.rows.push_back(row);
  }
  section.blocks.push_back(matrix);

  Table matches;
  matches.caption = "Matches (records files with two engines; figures of the first engine)";
  matches.header = {"records", "engines", "games", "W-D-L", "score", "Elo"};
  matches.align = "llrrrr";
  for (const auto& f : files) {
    std::set<std::string> names;
    for (const auto& r : f.records) names.insert({r.engines[0].name, r.engines[1].name});
    if (names.size() != 2) continue;
    const MatchLine line = match_line(f.records);
    matches.rows.push_back({{f.path}, {line.engines}, {line.games}, {line.wdl}, {line.score}, {line.elo}});
  }
  if (!matches.rows.empty()) section.blocks.push_back(matches);
  return section;
}

}  // namespace gamelab::eval::report
