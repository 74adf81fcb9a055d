#include "eval/match/match_runner.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "eval/distributed/ordered_jobs.hpp"
#include "eval/match/external_call.hpp"
#include "eval/match/opening_file.hpp"
#include "eval/match/referee_game.hpp"
#include "eval/stats/elo.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::eval {

namespace {

Termination convert(gamelab::Termination t) {
  switch (t) {
    case gamelab::Termination::Normal: return Termination::Normal;
    case gamelab::Termination::Crash: return Termination::Crash;
    case gamelab::Termination::Timeout: return Termination::Timeout;
    case gamelab::Termination::Illegal: return Termination::Illegal;
    case gamelab::Termination::Stalled: return Termination::Stalled;
  }
  return Termination::Normal;
}

}  // namespace

GameRecord to_record(const gamelab::GameRecord& g, const std::string& seat0, const std::string& seat1) {
  GameRecord r;
  r.seats = {seat0, seat1};
  r.score = g.score;
  r.result = g.score > 0.75 ? GameResult::Win : g.score < 0.25 ? GameResult::Loss : GameResult::Draw;
  r.reason = g.reason;
  r.termination = convert(g.termination);
  if (g.fault >= 0) r.fault = g.fault;
  r.plies = g.plies;
  r.moves = g.moves;
  r.adjudication = g.adjudication;
  return r;
}

namespace {

void count_fault(MatchSummary& summary, const GameRecord& game, const std::string& a) {
  if (is_referee_fault(game)) {
    RefereeFaultCounts& f = summary.referee_faults;
    if (game.termination == Termination::Crash) ++f.crash;
    else if (game.termination == Termination::Timeout) ++f.timeout;
    else ++f.no_result;
    return;
  }
  if (game.termination == Termination::Normal || !game.fault) return;
  const int engine = game.seats[*game.fault] == a ? 0 : 1;
  FaultCounts& f = summary.faults[engine];
  switch (game.termination) {
    case Termination::Crash: ++f.crash; break;
    case Termination::Timeout: ++f.timeout; break;
    case Termination::Illegal: ++f.illegal; break;
    case Termination::Stalled: ++f.stalled; break;
    default: break;
  }
}

// Adds pair `r` to the running statistics of engine `a`; a pair with a game the referee failed is
// counted among the faults only.
void add_pair(MatchSummary& summary, const PairRecord& r, const std::string& a) {
  if (is_referee_fault(r.games[0]) || is_referee_fault(r.games[1])) {
    for (const auto& g : r.games) count_fault(summary, g, a);
    ++summary.pairs_faulted;
    return;
  }
  const double first = r.games[0].score_of(a), second = r.games[1].score_of(a);
  summary.wdl.add_game(first);
  summary.wdl.add_game(second);
  summary.penta.add_pair(first, second);
  for (const auto& g : r.games) count_fault(summary, g, a);
  ++summary.pairs_counted;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> load_match_positions(const MatchConfig& config) {
  const GameEntry& game = find_match_game(config.game);
  std::vector<std::pair<std::string, std::string>> positions;  // (text, source)
  // The referee chooses its positions (from {seed}, {pair}). A campaign's own suite (openings.json, of
  // that one empty position) is passed on by the tuners and means nothing more; a band suite is refused.
  if (referee_of(game.name)) {
    if (!config.suite.empty()) {
      throw InputError("--suite " + config.suite + ": game " + game.name + " is played by its referee, which chooses "
                       "its own positions");
    }
    positions.push_back({"", "the referee of " + game.name});
    return positions;
  }
  std::string openings = config.openings, boards = config.boards;
  if (openings.empty() && boards.empty()) {
    const std::string suite = std::string(GAMELAB_DATA_DIR) + "/openings/" + game.name + ".json";
    const std::string folder = std::string(GAMELAB_DATA_DIR) + "/boards/" + game.name;
    if (std::filesystem::exists(suite)) openings = suite;
    else if (std::filesystem::is_directory(folder)) boards = folder;
  }
  if (!openings.empty()) {
    positions = read_opening_file(openings);  // a suite, or a file of positions one to a line
  } else if (!boards.empty()) {
    if (!std::filesystem::is_directory(boards)) throw InputError("--boards " + boards + ": not a folder");
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(boards)) {
      if (entry.is_regular_file() && entry.path().extension() == ".txt") files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) positions.push_back({read_text_file(f), f});
  } else {
    throw InputError("no opening suite or board folder for " + game.name + ": give --openings FILE or --boards DIR");
  }
  if (positions.empty()) throw InputError("no positions to play from (" + (openings.empty() ? boards : openings) + ")");
  return positions;
}

BandPositions load_match_bands(const MatchConfig& config) {
  if (config.suite.empty()) return {load_match_positions(config), {}, {}};
  if (!config.openings.empty() || !config.boards.empty()) {
    throw InputError("--suite " + config.suite + ": a band suite names its own openings or boards; give no --openings or --boards");
  }
  if (referee_of(config.game)) return {load_match_positions(config), {}, {}};  // which refuses the suite
  const BandSuite suite = read_band_suite(config.suite);
  if (suite.game != config.game) throw InputError(config.suite + ": a suite for " + suite.game + ", not " + config.game);
  return interleave_bands(suite, [&config](const Band& band) {
    MatchConfig one = config;
    one.suite.clear();
    one.openings = band.openings;
    one.boards = band.boards;
    return load_match_positions(one);
  });
}

MatchSummary summarize(const std::vector<PairRecord>& records, const std::string& a,
                       const std::optional<SprtConfig>& sprt) {
  MatchSummary summary;
  std::map<std::uint64_t, const PairRecord*> by_pair;
  for (const auto& r : records) by_pair[r.pair] = &r;
  summary.pairs_total = by_pair.size();
  std::uint64_t next = 0;
  for (auto it = by_pair.find(0); it != by_pair.end() && it->first == next; ++it, ++next) {
    add_pair(summary, *it->second, a);
    if (sprt) {
      summary.llr = sprt_llr(summary.penta, *sprt);
      summary.verdict = sprt_verdict(*summary.llr, sprt_bounds(sprt->alpha, sprt->beta));
      if (*summary.verdict != SprtVerdict::Continue) break;
    }
  }
  return summary;
}

std::string summary_text(const MatchSummary& s, const MatchConfig& config) {
  const std::string& a = config.engines[0].player.name;
  const std::string& b = config.engines[1].player.name;
  const EloEstimate elo = estimate_elo(s.penta);
  char line[512];
  std::string out;
  std::snprintf(line, sizeof line, ", score %.1f%%\n", 100.0 * elo.score);
  out += a + " vs " + b + ": " + games_text(s.wdl, s.pairs_counted) + line;
  std::snprintf(line, sizeof line, "Elo %+.1f [%+.1f, %+.1f], nElo %+.1f +- %.1f, LOS %.1f%%, pair draw ratio %.1f%%\n",
                elo.elo, elo.elo_lower, elo.elo_upper, elo.nelo, elo.nelo_error, 100.0 * elo.los,
                100.0 * pair_draw_ratio(s.penta));
  out += line;
  out += pentanomial_text(s.penta) + "\n";
  for (int e = 0; e < 2; ++e) {
    const FaultCounts& f = s.faults[e];
    if (f.crash + f.timeout + f.illegal + f.stalled == 0) continue;
    std::snprintf(line, sizeof line, "%s failures: %llu crash, %llu timeout, %llu illegal, %llu stalled\n",
                  (e == 0 ? a : b).c_str(), static_cast<unsigned long long>(f.crash),
                  static_cast<unsigned long long>(f.timeout), static_cast<unsigned long long>(f.illegal),
                  static_cast<unsigned long long>(f.stalled));
    out += line;
  }
  if (config.sprt && s.llr) {
    const SprtBounds bounds = sprt_bounds(config.sprt->alpha, config.sprt->beta);
    std::snprintf(line, sizeof line, "SPRT elo0=%g elo1=%g (%s): LLR %.2f [%.2f, %.2f] %s\n", config.sprt->elo0,
                  config.sprt->elo1, std::string(to_string(config.sprt->model)).c_str(), *s.llr, bounds.lower,
                  bounds.upper, std::string(to_string(*s.verdict)).c_str());
    out += line;
  }
  if (s.referee_faults.total()) {
    const RefereeFaultCounts& f = s.referee_faults;
    std::snprintf(line, sizeof line,
                  "referee faults: %llu games in %llu pairs, not scored (%llu crash, %llu timeout, %llu no result); their "
                  "output: %s.referee.log\n",
                  static_cast<unsigned long long>(f.total()), static_cast<unsigned long long>(s.pairs_faulted),
                  static_cast<unsigned long long>(f.crash), static_cast<unsigned long long>(f.timeout),
                  static_cast<unsigned long long>(f.no_result), config.records.c_str());
    out += line;
  }
  if (!s.bands.empty()) out += a + " per band of " + config.suite + ":\n" + band_results_text(s.bands);
  return out;
}

namespace {

// Game g (0: a moves first, 1: the seats swapped) of pair k into `record`, whose other fields it sets
// as the pair's; for a game played by its referee, the game's log into `log`.
void play_pair_game(const GameEntry& game, const std::vector<std::pair<std::string, std::string>>& positions,
                    const EngineArg& a, const EngineArg& b, std::uint64_t seed, std::uint64_t k, int g,
                    const std::string& adjudication_tables, PairRecord& record, std::string* log) {
  if (positions.empty()) throw InputError("no positions to play from");
  const RefereeSpec* referee = referee_of(game.name);
  record.game = game.name;
  record.pair = k;
  record.seed = derive_seed(seed, k);
  const auto& [opening, source] = positions[k % positions.size()];
  record.opening = opening;
  record.engines = {EngineRecord{a.player.name, a.params_hash}, EngineRecord{b.player.name, b.params_hash}};
  const EngineArg* seats[2] = {&a, &b};
  {
    GameRequest request;
    request.opening = opening;
    request.opening_source = source;
    request.seed = record.seed;
    ExternalCall first(seats[g]->player), second(seats[1 - g]->player);  // parameter files for the game
    request.players = {first.player(), second.player()};
    request.adjudication_tables = adjudication_tables;
    gamelab::GameRecord played;
    int plies_seen[2] = {0, 0};  // what the parameter check takes as the plies each player had
    if (referee) {
      RefereeGame refereed = play_referee_game(*referee, request, k, g + 1);
      played = std::move(refereed.record);
      // The referee ran the player's program: it had its turn (the referee counts no plies for us).
      for (int seat = 0; seat < 2; ++seat) plies_seen[seat] = refereed.started[seat] ? 2 : 0;
      if (record.opening.empty()) record.opening = refereed.opening;
      if (log) *log = std::move(refereed.log);
    } else {
      played = game.play_game(request);
      plies_seen[0] = plies_seen[1] = played.plies;
    }
    const std::string where = "game " + std::to_string(g + 1) + " of pair " + std::to_string(k);
    if (played.termination == gamelab::Termination::Normal) {  // a faulty game says why by itself
      check_params_read(first, plies_seen[0], where);
      check_params_read(second, plies_seen[1], where);
    }
    record.games[g] = to_record(played, request.players[0].name, request.players[1].name);
  }
}

// Pair k as play_pair plays it; for a game played by its referee, each game's log into `logs`.
PairRecord play_pair_logged(const GameEntry& game, const std::vector<std::pair<std::string, std::string>>& positions,
                            const EngineArg& a, const EngineArg& b, std::uint64_t seed, std::uint64_t k,
                            const std::string& adjudication_tables, std::array<std::string, 2>* logs) {
  PairRecord record;
  for (int g = 0; g < 2; ++g) {
    play_pair_game(game, positions, a, b, seed, k, g, adjudication_tables, record, logs ? &(*logs)[g] : nullptr);
  }
  return record;
}

}  // namespace

PairRecord play_pair(const GameEntry& game, const std::vector<std::pair<std::string, std::string>>& positions,
                     const EngineArg& a, const EngineArg& b, std::uint64_t seed, std::uint64_t k,
                     const std::string& adjudication_tables) {
  return play_pair_logged(game, positions, a, b, seed, k, adjudication_tables, nullptr);
}

namespace {

// What the serving ranks need to play their share of a match: everything rank 0 read from files.
struct MatchJob {
  const GameEntry& game;
  std::vector<std::pair<std::string, std::string>> positions;
  EngineArg a, b;
  std::uint64_t seed;
  std::string adjudication_tables;
  const RefereeSpec* referee = nullptr;  // a game played by its referee: the serving ranks register it
};

nlohmann::json engine_json(const EngineArg& e) {
  const PlayerSpec& p = e.player;
  return {{"name", p.name},
          {"params", p.params.size() ? nlohmann::json::parse(p.params.to_json()) : nlohmann::json()},
          {"limits", to_string(p.limits)},
          {"tablebase", p.tablebase},
          {"eval", p.learned.file},
          {"eval_add", p.learned.add},
          {"command", p.command},
          {"protocol", p.protocol},
          {"time_limit_s", p.time_limit_s},
          {"params_hash", e.params_hash}};
}

EngineArg engine_from_json(const nlohmann::json& j, const GameEntry& game) {
  EngineArg e;
  e.player.name = j.at("name").get<std::string>();
  e.player.command = j.at("command").get<std::string>();
  if (!j.at("params").is_null()) {
    e.player.params = e.player.external() ? ParamSet::declared(j.at("params").dump(), game.name, "match job")
                                          : ParamSet::from_json(j.at("params").dump(), game.default_params(), "match job");
  }
  const std::string limits = j.at("limits").get<std::string>();
  if (!limits.empty()) e.player.limits = parse_limits(limits, "match job");
  e.player.tablebase = j.at("tablebase").get<std::string>();
  e.player.learned.file = j.at("eval").get<std::string>();
  e.player.learned.add = j.at("eval_add").get<bool>();
  e.player.protocol = j.at("protocol").get<std::string>();
  e.player.time_limit_s = j.at("time_limit_s").get<double>();
  e.params_hash = j.at("params_hash").get<std::string>();
  return e;
}

std::string match_job_text(const MatchJob& job, const std::vector<std::uint64_t>& todo, int concurrency) {
  nlohmann::json positions = nlohmann::json::array();
  for (const auto& [text, source] : job.positions) positions.push_back({text, source});
  return nlohmann::json{{"game", job.game.name},       {"positions", positions},
                        {"a", engine_json(job.a)},     {"b", engine_json(job.b)},
                        {"seed", job.seed},            {"adjudication_tables", job.adjudication_tables},
                        {"todo", todo},                {"concurrency", concurrency},
                        {"referee", job.referee ? referee_spec_json(*job.referee) : nlohmann::json()}}
      .dump();
}

// The work items are games, not pairs: item 2k + g is game g of pair k, so that a thread that comes
// free takes the next game and the two games of a pair can run at once (a pair on one thread left the
// other idle at the end of a match, and a referee's short games paid for it: docs/tools/referee.md §4).
std::vector<std::uint64_t> game_items(const std::vector<std::uint64_t>& pairs) {
  std::vector<std::uint64_t> items;
  items.reserve(2 * pairs.size());
  for (const std::uint64_t k : pairs) {
    items.push_back(2 * k);
    items.push_back(2 * k + 1);
  }
  return items;
}

// Item 2k + g: pair k's records line with game g played (and, so that the line reads as a records line,
// copied into the other game's place, which rank 0 fills from the other item); for a game played
// by its referee, a second line with the game's log (a JSON string), which rank 0 writes beside the
// records.
std::string play_job_game(const MatchJob& job, std::uint64_t item) {
  PairRecord record;
  std::string log;
  play_pair_game(job.game, job.positions, job.a, job.b, job.seed, item / 2, static_cast<int>(item % 2),
                 job.adjudication_tables, record, job.referee ? &log : nullptr);
  GameRecord& placeholder = record.games[1 - item % 2];
  placeholder = record.games[item % 2];
  std::swap(placeholder.seats[0], placeholder.seats[1]);
  std::string text = to_json_line(record);
  if (job.referee) text += "\n" + nlohmann::json(log).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return text;
}

}  // namespace

void serve_match(const std::string& text) {
  const auto j = nlohmann::json::parse(text);
  // Games are looked up by name: a referee's game is defined by the job itself.
  if (j.contains("referee") && !j.at("referee").is_null()) {
    register_referee_game(referee_spec_from_json(j.at("referee"), "match job"));
  }
  const GameEntry& game = find_match_game(j.at("game").get<std::string>());
  MatchJob job{game, {}, engine_from_json(j.at("a"), game), engine_from_json(j.at("b"), game),
               j.at("seed").get<std::uint64_t>(), j.at("adjudication_tables").get<std::string>(), referee_of(game.name)};
  for (const auto& p : j.at("positions")) job.positions.push_back({p[0].get<std::string>(), p[1].get<std::string>()});
  dist::run_ordered(dist::ProcessGroup::world(), game_items(j.at("todo").get<std::vector<std::uint64_t>>()),
                    j.at("concurrency").get<int>(), [&job](std::uint64_t item) { return play_job_game(job, item); }, nullptr);
}

MatchSummary run_match(const MatchConfig& config, std::ostream& progress) {
  const auto start = std::chrono::steady_clock::now();
  const GameEntry& game = find_match_game(config.game);
  const RefereeSpec* referee = referee_of(game.name);
  if (!game.play_game) throw InputError("game " + game.name + " cannot be played in matches yet");
  if (config.engines.size() != 2) throw InputError("a match needs exactly two --engine");
  const std::string& a = config.engines[0].player.name;
  const std::string& b = config.engines[1].player.name;
  if (a == b) throw InputError("the two engines need different names (both are '" + a + "')");
  if (config.games < 1) throw InputError("--games must be at least 1");
  if (config.concurrency < 1) throw InputError("--concurrency must be at least 1");
  if (config.records.empty()) throw InputError("a match needs a records file (--out or --resume)");
  for (const EngineArg& e : config.engines) check_external_call(e.player);
  if (config.sprt) check_sprt_config(*config.sprt);
  if (!config.adjudication_tables.empty() && !game.tablebase) {
    throw InputError("--adjudicate-tables: " + game.name + " has no endgame tables");
  }
  const BandPositions banded = load_match_bands(config);
  const auto& positions = banded.positions;
  const std::uint64_t pairs = (static_cast<std::uint64_t>(config.games) + 1) / 2;

  // Pairs already in the records file (resume), checked against this command.
  std::vector<PairRecord> done;
  if (config.resume) {
    const RecordsFile file = read_records(config.records);
    if (file.truncated_line) progress << truncation_warning(file) << "\n";
    repair_records_tail(file);
    for (std::size_t i = 0; i < file.records.size(); ++i) {
      const PairRecord& r = file.records[i];
      const std::string where = config.records + ":" + std::to_string(file.record_lines[i]);
      if (r.game != game.name) throw InputError(where + ": a " + r.game + " record, not " + game.name);
      if (r.engines[0].name != a || r.engines[1].name != b || r.engines[0].params_hash != config.engines[0].params_hash ||
          r.engines[1].params_hash != config.engines[1].params_hash) {
        throw InputError(where + ": engines or parameters differ from this command's; resume with the same --engine options");
      }
      if (r.seed != derive_seed(config.seed, r.pair)) throw InputError(where + ": seed differs; resume with the same --seed");
      done.push_back(r);
    }
  } else if (std::filesystem::exists(config.records) && std::filesystem::file_size(config.records) > 0) {
    throw InputError(config.records + " already holds records; use --resume " + config.records + " to continue it");
  }
  std::set<std::uint64_t> finished;
  for (const auto& r : done) finished.insert(r.pair);
  std::vector<std::uint64_t> todo;
  for (std::uint64_t k = 0; k < pairs; ++k) {
    if (!finished.count(k)) todo.push_back(k);
  }

  RecordsAppender appender(config.records);
  std::vector<PairRecord> all = done;
  MatchSummary summary = summarize(all, a, config.sprt);
  summary.pairs_resumed = done.size();
  if (summary.verdict && *summary.verdict != SprtVerdict::Continue) todo.clear();

  ProgressOptions bar;
  bar.task = "match " + game.name;
  bar.unit = "games";
  bar.total = 2 * pairs;
  bar.start = 2 * done.size();
  bar.line_interval_s = config.progress_interval_s;
  Progress progress_bar(progress, bar);
  // A's results so far, the figures of every progress line.
  auto figures = [&] {
    const EloEstimate elo = estimate_elo(summary.penta);
    char line[400];
    int n = std::snprintf(line, sizeof line, "%s W-D-L %llu-%llu-%llu  Elo %+.1f +- %.1f", a.c_str(),
                          static_cast<unsigned long long>(summary.wdl.wins), static_cast<unsigned long long>(summary.wdl.draws),
                          static_cast<unsigned long long>(summary.wdl.losses), elo.elo, elo.elo_error);
    if (summary.llr) n += std::snprintf(line + n, sizeof line - n, "  LLR %.2f", *summary.llr);
    if (summary.referee_faults.total()) {
      std::snprintf(line + n, sizeof line - n, "  referee faults %llu", static_cast<unsigned long long>(summary.referee_faults.total()));
    }
    return std::string(line);
  };
  // A referee's game: each game's output beside the records, in pair order; its faults of this run
  // end the match past the limit (those of an earlier run, found in the records, are not counted).
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> referee_log(nullptr, std::fclose);
  const std::string referee_log_path = config.records + ".referee.log";
  const std::uint64_t faults_before = summary.referee_faults.total();
  if (referee) {
    referee_log.reset(std::fopen(referee_log_path.c_str(), "a"));
    if (!referee_log) throw InputError(referee_log_path + ": cannot open the referee's log for appending");
  }

  // The pairs go over the ranks and threads; rank 0 appends them in pair order and stops at the SPRT's
  // verdict, so the records file is the same whatever the ranks and threads (ordered_jobs.hpp).
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  const MatchJob job{game, positions, config.engines[0], config.engines[1], config.seed, config.adjudication_tables, referee};
  dist::send_job(group, {"match", match_job_text(job, todo, config.concurrency)});
  PairRecord first_game;        // game 0 of the pair being delivered, until its game 1 comes
  std::string first_game_log;
  dist::run_ordered(group, game_items(todo), config.concurrency, [&job](std::uint64_t item) { return play_job_game(job, item); },
                    [&](std::uint64_t item, std::string&& text) {
                      const std::uint64_t k = item / 2;
                      std::string log;
                      if (referee) {
                        const auto cut = text.find('\n');
                        if (cut != std::string::npos) {
                          log = nlohmann::json::parse(text.substr(cut + 1)).get<std::string>();
                          text.resize(cut);
                        }
                      }
                      if (item % 2 == 0) {  // items come in order: the pair is whole with its next
                        first_game = parse_record_line(text);
                        first_game_log = std::move(log);
                        return true;
                      }
                      PairRecord record = parse_record_line(text);
                      record.games[0] = first_game.games[0];
                      if (!first_game.opening.empty()) record.opening = first_game.opening;
                      std::string line = to_json_line(record);
                      const std::array<std::string, 2> logs = {std::move(first_game_log), std::move(log)};
                      if (!banded.band.empty()) {  // rank 0 names the band: the other ranks need not know the suite
                        record.band = banded.band[k % banded.band.size()];
                        line = to_json_line(record);
                      }
                      appender.append(line);
                      if (referee_log) {
                        for (const std::string& t : logs) std::fwrite(t.data(), 1, t.size(), referee_log.get());
                        std::fflush(referee_log.get());
                      }
                      all.push_back(std::move(record));
                      summary = summarize(all, a, config.sprt);
                      progress_bar.update(2 * all.size(), figures());
                      if (referee && summary.referee_faults.total() - faults_before > static_cast<std::uint64_t>(referee->max_faults)) {
                        const PairRecord& last = all.back();
                        const GameRecord& bad = is_referee_fault(last.games[1]) ? last.games[1] : last.games[0];
                        throw InputError("the referee of " + game.name + " failed in " +
                                         std::to_string(summary.referee_faults.total() - faults_before) +
                                         " games of this run, more than --max-faults " + std::to_string(referee->max_faults) +
                                         "; the last, in pair " + std::to_string(k) + ": " + bad.reason + ". The games' output is in " +
                                         referee_log_path + "; fix the referee (or raise --max-faults) and continue with --resume " +
                                         config.records);
                      }
                      return !(summary.verdict && *summary.verdict != SprtVerdict::Continue);
                    });
  summary = summarize(all, a, config.sprt);
  summary.pairs_resumed = done.size();
  summary.pairs_total = pairs;
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!banded.band.empty()) summary.bands = band_results(banded.suite, all, a);
  std::string last = figures();
  if (summary.wdl.games() != 2 * all.size()) last += "  (" + std::to_string(summary.wdl.games()) + " counted)";
  progress_bar.finish(2 * all.size(), last);
  return summary;
}

}  // namespace gamelab::eval
