// The match records format: round trip, the checks on every field, a run killed mid-write (truncated
// last line) and malformed lines reported by file and line.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"

using namespace gamelab::eval;

namespace {

PairRecord sample_record(std::uint64_t pair) {
  PairRecord r;
  r.game = "raichu";
  r.pair = pair;
  r.seed = 123456789012345ULL + pair;
  r.opening = "8 w ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........";
  r.engines = {EngineRecord{"A", "0123abcd"}, EngineRecord{"B \"quoted\" é", "89ef4567"}};
  GameRecord g0;
  g0.seats = {"A", "B \"quoted\" é"};
  g0.result = GameResult::Win;
  g0.score = 1.0;
  g0.reason = "no pieces left";
  g0.plies = 3;
  g0.moves = {"(2,1)-(3,2)", "(5,0)-(4,1)", "(3,2)x(4,1)-(5,0)"};
  GameRecord g1;
  g1.seats = {"B \"quoted\" é", "A"};
  g1.result = GameResult::Loss;
  g1.score = 0.0;
  g1.reason = "timeout";
  g1.termination = Termination::Timeout;
  g1.fault = 0;
  g1.plies = 1;
  g1.moves = {"(5,0)-(4,1)"};
  r.games = {g0, g1};
  return r;
}

std::string line_of(std::uint64_t pair) { return to_json_line(sample_record(pair)); }

// A record line with one field replaced (JSON text of the new value).
std::string with_field(const std::string& pointer, const std::string& value) {
  auto j = nlohmann::json::parse(line_of(1));
  j[nlohmann::json::json_pointer(pointer)] = nlohmann::json::parse(value);
  return j.dump();
}

std::string parse_error(const std::string& line) {
  try {
    parse_record_line(line);
  } catch (const gamelab::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a record survives a round trip through its JSON line", "[eval][records]") {
  const PairRecord r = sample_record(17);
  const std::string line = to_json_line(r);
  CHECK(line.find('\n') == std::string::npos);
  CHECK(parse_record_line(line) == r);
  // The documented field names and values appear as written.
  const auto j = nlohmann::json::parse(line);
  CHECK(j["pair"] == 17);
  CHECK(j["games"][0]["result"] == "win");
  CHECK(j["games"][0]["fault"].is_null());
  CHECK(j["games"][1]["termination"] == "timeout");
  CHECK(j["games"][1]["fault"] == 0);
  CHECK(j["engines"][1]["params_hash"] == "89ef4567");
  CHECK(r.games[1].score_of("A") == 1.0);
  CHECK(r.games[0].score_of("A") == 1.0);
}

TEST_CASE("an adjudicated game says who ended it", "[eval][records]") {
  PairRecord r = sample_record(3);
  r.games[0].adjudication = "tablebase";
  r.games[0].reason = "white wins: adjudicated by the endgame tables (RvP, white to move wins in 1 plies)";
  const std::string line = to_json_line(r);
  CHECK(nlohmann::json::parse(line)["games"][0]["adjudication"] == "tablebase");
  CHECK_FALSE(nlohmann::json::parse(line)["games"][1].contains("adjudication"));  // only where it happened
  CHECK(parse_record_line(line) == r);
  CHECK_THAT(parse_error(with_field("/games/0/adjudication", "\"\"")), Catch::Contains("\"adjudication\" must be a non-empty string"));
}

TEST_CASE("unknown fields are ignored so the format can grow", "[eval][records]") {
  const std::string line = with_field("/games/0/nodes", "12345");
  CHECK(parse_record_line(line) == sample_record(1));
}

TEST_CASE("every field is checked, with a message naming it", "[eval][records]") {
  CHECK_THAT(parse_error("{\"game\": \"raichu\""), Catch::Contains("not valid JSON"));
  CHECK_THAT(parse_error("[1, 2]"), Catch::Contains("JSON object"));
  CHECK_THAT(parse_error(with_field("/pair", "-3")), Catch::Contains("\"pair\" must be a non-negative integer"));
  CHECK_THAT(parse_error(with_field("/seed", "\"x\"")), Catch::Contains("\"seed\""));
  CHECK_THAT(parse_error(with_field("/games/0/score", "0.5")), Catch::Contains("does not match \"result\""));
  CHECK_THAT(parse_error(with_field("/games/0/result", "\"won\"")), Catch::Contains("expected win, draw or loss"));
  CHECK_THAT(parse_error(with_field("/games/0/seats/0", "\"C\"")), Catch::Contains("is not one of the engines"));
  CHECK_THAT(parse_error(with_field("/games/1/seats", "[\"A\", \"B \\\"quoted\\\" é\"]")),
             Catch::Contains("swap the seats"));
  CHECK_THAT(parse_error(with_field("/games/0/fault", "1")), Catch::Contains("no fault"));
  CHECK_THAT(parse_error(with_field("/games/1/fault", "2")), Catch::Contains("null, 0 or 1"));
  CHECK_THAT(parse_error(with_field("/games/1/termination", "\"lost\"")), Catch::Contains("normal, crash"));
  CHECK_THAT(parse_error(with_field("/games/0/moves", "[1]")), Catch::Contains("\"moves\""));
  CHECK_THAT(parse_error(with_field("/engines/1/name", "\"A\"")), Catch::Contains("names must differ"));
  CHECK_THAT(parse_error(with_field("/games", "[]")), Catch::Contains("two games"));
  auto j = nlohmann::json::parse(line_of(1));
  j.erase("opening");
  CHECK_THAT(parse_error(j.dump()), Catch::Contains("missing field \"opening\""));
}

TEST_CASE("a records file reads back with line numbers — blank lines are skipped", "[eval][records]") {
  const std::string path = "records_test_read.jsonl";
  gamelab::write_file_atomic(path, line_of(0) + "\n\n" + line_of(1) + "\n" + line_of(2) + "\n");
  const RecordsFile file = read_records(path);
  REQUIRE(file.records.size() == 3);
  CHECK(file.record_lines == std::vector<int>{1, 3, 4});
  CHECK(file.records[2] == sample_record(2));
  CHECK_FALSE(file.truncated_line);
  CHECK_FALSE(file.missing_final_newline);
  CHECK(truncation_warning(file).empty());
  std::remove(path.c_str());
}

TEST_CASE("a truncated last line is reported with file and line, skipped, and cut by the repair",
          "[eval][records]") {
  const std::string path = "records_test_truncated.jsonl";
  const std::string good = line_of(0) + "\n" + line_of(1) + "\n";
  const std::string third = line_of(2);
  gamelab::write_file_atomic(path, good + third.substr(0, third.size() / 2));
  const RecordsFile file = read_records(path);
  CHECK(file.records.size() == 2);
  REQUIRE(file.truncated_line);
  CHECK(*file.truncated_line == 3);
  CHECK(file.complete_bytes == good.size());
  CHECK_THAT(truncation_warning(file), Catch::Contains(path + ":3: truncated last line"));

  repair_records_tail(file);
  CHECK(gamelab::read_text_file(path) == good);
  {
    std::ofstream out(path, std::ios::app);
    out << third << "\n";
  }
  const RecordsFile resumed = read_records(path);
  CHECK(resumed.records.size() == 3);
  CHECK_FALSE(resumed.truncated_line);
  std::remove(path.c_str());
}

TEST_CASE("a complete last record without its newline is kept, and the repair adds the newline",
          "[eval][records]") {
  const std::string path = "records_test_newline.jsonl";
  gamelab::write_file_atomic(path, line_of(0) + "\n" + line_of(1));
  const RecordsFile file = read_records(path);
  CHECK(file.records.size() == 2);
  CHECK_FALSE(file.truncated_line);
  CHECK(file.missing_final_newline);
  repair_records_tail(file);
  CHECK(gamelab::read_text_file(path) == line_of(0) + "\n" + line_of(1) + "\n");
  std::remove(path.c_str());
}

TEST_CASE("a malformed line that is not the cut-off last line is an error naming file and line",
          "[eval][records]") {
  const std::string path = "records_test_malformed.jsonl";
  gamelab::write_file_atomic(path, line_of(0) + "\n{\"game\": \"raichu\"\n" + line_of(2) + "\n");
  CHECK_THROWS_WITH(read_records(path), Catch::Contains(path + ":2: malformed record"));
  // A complete (newline-terminated) last line is not a mid-write cut: still an error.
  gamelab::write_file_atomic(path, line_of(0) + "\n" + with_field("/games/0/score", "0.5") + "\n");
  CHECK_THROWS_WITH(read_records(path), Catch::Contains(path + ":2: malformed record"));
  std::remove(path.c_str());
  CHECK_THROWS_WITH(read_records("no_such_records.jsonl"), Catch::Contains("no_such_records.jsonl"));
}

TEST_CASE("W/D/L and pentanomial counts of one engine from records", "[eval][records]") {
  // sample_record: A wins as first seat, then wins again when B (first seat) loses on time.
  PairRecord drawn = sample_record(2);
  drawn.games[0].score = 0.5;
  drawn.games[0].result = GameResult::Draw;
  const std::vector<PairRecord> records{sample_record(1), drawn};
  CHECK(wdl_counts(records, "A") == WdlCounts{3, 1, 0});
  CHECK(wdl_counts(records, "B \"quoted\" é") == WdlCounts{0, 1, 3});
  CHECK(pentanomial_counts(records, "A").cells == std::array<std::uint64_t, 5>{0, 0, 0, 1, 1});
  CHECK(pentanomial_counts(records, "B \"quoted\" é").cells == std::array<std::uint64_t, 5>{1, 1, 0, 0, 0});
  CHECK(pentanomial_counts(records, "nobody").pairs() == 0);
}

TEST_CASE("records appended while the file is replaced or removed are put back, nothing lost", "[eval][records]") {
  const std::string path = "records_test_replaced.jsonl";
  std::remove(path.c_str());
  std::remove((path + ".replaced").c_str());
  {
    RecordsAppender appender(path);
    appender.append(line_of(0));
    appender.append(line_of(1));
    // A `git checkout` of the committed file: an older state put in its place by a rename.
    gamelab::write_file_atomic(path, line_of(0) + "\n");
    appender.append(line_of(2));
    RecordsFile file = read_records(path);
    REQUIRE(file.records.size() == 3);
    CHECK(file.records[1] == sample_record(1));
    CHECK(file.records[2] == sample_record(2));
    CHECK_FALSE(std::ifstream(path + ".replaced").good());  // an older state of the file: nothing to keep
    // Removed, then later appends go on into the file put back.
    std::remove(path.c_str());
    appender.append(line_of(3));
    appender.append(line_of(4));
    file = read_records(path);
    REQUIRE(file.records.size() == 5);
    CHECK(file.records[4] == sample_record(4));
    // Replaced by something else: it is kept aside, the run's records put back.
    gamelab::write_file_atomic(path, line_of(9) + "\n");
    appender.append(line_of(5));
    CHECK(read_records(path).records.size() == 6);
    CHECK(gamelab::read_text_file(path + ".replaced") == line_of(9) + "\n");
  }
  std::remove(path.c_str());
  std::remove((path + ".replaced").c_str());
}

TEST_CASE("a pair with a game its referee failed is recorded but counted by no statistic", "[eval][records]") {
  std::vector<PairRecord> records = {sample_record(0), sample_record(1)};
  CHECK(scored(records[1]));
  records[1].games[1].fault.reset();  // a timeout with no seat at fault: the referee's
  CHECK(is_referee_fault(records[1].games[1]));
  CHECK_FALSE(scored(records[1]));
  const WdlCounts wdl = wdl_counts(records, "A");
  CHECK(wdl.wins + wdl.draws + wdl.losses == 2);  // pair 0's games only
  CHECK(pentanomial_counts(records, "A").pairs() == 1);
}
