// Reading a referee's result (eval/match/referee_result.hpp) and checking its definition
// (referee_spec.hpp): each preset, the patterns, what is no result, and the refusals.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "eval/match/referee_result.hpp"
#include "eval/match/referee_spec.hpp"

namespace {

using namespace gamelab::eval;

RefereeOutput output_of(const std::string& out, int exit_code = 0, const std::string& err = "") {
  RefereeOutput o;
  o.out_lines = split_output_lines(out);
  o.err_lines = split_output_lines(err);
  o.exit_code = exit_code;
  return o;
}

SeatWords seat_words() {
  SeatWords w;
  w.seat[0] = {"mine", "/tmp/x/mine"};
  w.seat[1] = {"theirs", "/tmp/x/theirs"};
  return w;
}

double score_of(const std::string& preset, const std::string& out, int exit_code = 0) {
  const RefereeReading r = read_referee_result(parse_result_preset(preset), output_of(out, exit_code), seat_words());
  INFO(r.reason);
  REQUIRE(r.found);
  return r.score;
}

bool found(const std::string& preset, const std::string& out, int exit_code = 0) {
  return read_referee_result(parse_result_preset(preset), output_of(out, exit_code), seat_words()).found;
}

}  // namespace

TEST_CASE("the score preset reads the last 1-0, 0-1 or 1/2-1/2 line as the first player's result", "[referee]") {
  CHECK(score_of("score", "move 1\nresult 1-0\n") == 1.0);
  CHECK(score_of("score", "0-1") == 0.0);
  CHECK(score_of("score", "game over: 1/2-1/2 (repetition)\n") == 0.5);
  CHECK(score_of("score", "1-0\nafter review: 0-1\nbye\n") == 0.0);  // the last line that says one decides
  CHECK_FALSE(found("score", "10-1 moves played\nscore 21-0\n"));      // numbers that hold 1-0 or 0-1 are no result
  CHECK_FALSE(found("score", ""));
}

TEST_CASE("the winner preset reads a seat's name or word on the last line", "[referee]") {
  CHECK(score_of("winner", "a long game\nWinner: mine\n") == 1.0);
  CHECK(score_of("winner", "winner is /tmp/x/theirs") == 0.0);  // the program's path
  CHECK(score_of("winner", "THEIRS won") == 0.0);               // any case
  CHECK(score_of("winner", "it is a draw\n\n") == 0.5);           // blank lines after it do not count
  CHECK(score_of("winner:white,black", "Black wins") == 0.0);
  CHECK(score_of("winner:white,black", "white wins") == 1.0);
  CHECK_FALSE(found("winner", "mine beat theirs"));        // both named: no result
  CHECK_FALSE(found("winner", "Winner: mine\nthanks"));    // only the last line counts
  CHECK_FALSE(found("winner", "Winner: mineral"));         // whole words only
}

TEST_CASE("the json preset reads the last JSON result line with its details", "[referee]") {
  const std::string out = "{\"note\": 1}\n{\"winner\": \"second\", \"reason\": \"mate\", \"plies\": 7, "
                          "\"moves\": [\"a\", \"b\"], \"seed\": 42}\nnoise\n";
  const RefereeReading r = read_referee_result(parse_result_preset("json"), output_of(out), seat_words());
  REQUIRE(r.found);
  CHECK(r.score == 0.0);
  CHECK(r.reason == "mate");
  CHECK(r.plies == 7);
  CHECK(r.moves == std::vector<std::string>{"a", "b"});
  REQUIRE(r.seed);
  CHECK(*r.seed == 42u);
  CHECK(score_of("json", "{\"score\": 0.5}") == 0.5);
  CHECK(score_of("json", "{\"result\": \"1-0\"}") == 1.0);
  CHECK(score_of("json", "{\"winner\": null}") == 0.5);
  CHECK(score_of("json", "{\"winner\": \"mine\"}") == 1.0);
  const RefereeReading fault = read_referee_result(
      parse_result_preset("json"), output_of("{\"score\": 0, \"termination\": \"crash\", \"fault\": 0}"), seat_words());
  CHECK(fault.termination == gamelab::Termination::Crash);
  CHECK(fault.fault == 0);
  CHECK_FALSE(found("json", "{\"score\": 0.7}"));
  CHECK_FALSE(found("json", "{not json"));
}

TEST_CASE("the exit preset reads the exit code, and the result may come on standard error", "[referee]") {
  CHECK(score_of("exit:1,2,0", "", 1) == 1.0);
  CHECK(score_of("exit:1,2,0", "", 2) == 0.0);
  CHECK(score_of("exit:1,2,0", "", 0) == 0.5);
  CHECK_FALSE(found("exit:1,2,0", "", 3));
  const RefereeReading r = read_referee_result(parse_result_preset("score"), output_of("moves\n", 0, "result: 0-1\n"), seat_words());
  REQUIRE(r.found);
  CHECK(r.score == 0.0);
}

TEST_CASE("patterns decide by the last line that matches exactly one of them", "[referee]") {
  RefereeResultRule rule;
  rule.preset = ResultPreset::Patterns;
  rule.first_wins = "^P1 WINS$";
  rule.second_wins = "^P2 WINS$";
  rule.draw = "^TIE";
  CHECK(read_referee_result(rule, output_of("P2 WINS\nTIE game\n"), seat_words()).score == 0.5);
  CHECK(read_referee_result(rule, output_of("P1 WINS\nscore 3\n"), seat_words()).score == 1.0);
  CHECK_FALSE(read_referee_result(rule, output_of("P3 WINS\n"), seat_words()).found);
}

TEST_CASE("a referee's definition is refused with the option named", "[referee]") {
  using gamelab::InputError;
  CHECK_THROWS_WITH(parse_result_preset("winner:white"), Catch::Contains("winner:FIRST,SECOND"));
  CHECK_THROWS_WITH(parse_result_preset("exit:1,1,0"), Catch::Contains("must differ"));
  CHECK_THROWS_WITH(parse_result_preset("pgn"), Catch::Contains("expected score"));
  RefereeSpec spec;
  spec.game = "pig";
  spec.command = "referee {first}";
  CHECK_THROWS_WITH(check_referee_spec(spec), Catch::Contains("{first} and {second}"));
  spec.command = "referee {first} {second}";
  CHECK_NOTHROW(check_referee_spec(spec));
  spec.game = "raichu";
  CHECK_THROWS_WITH(check_referee_spec(spec), Catch::Contains("the lab has its own raichu"));
  spec.game = "my game";
  CHECK_THROWS_WITH(check_referee_spec(spec), Catch::Contains("letters, digits"));
  spec.game = "pig";
  spec.result.preset = ResultPreset::Patterns;
  spec.result.first_wins = "(";
  spec.result.second_wins = "b";
  spec.result.draw = "c";
  CHECK_THROWS_WITH(check_referee_spec(spec), Catch::Contains("--first-wins '(': not a regular expression"));
  spec.result = parse_result_preset("winner:white,black");
  spec.game_timeout_s = 2.5;
  const RefereeSpec back = referee_spec_from_json(referee_spec_json(spec), "test");
  CHECK(referee_spec_json(back) == referee_spec_json(spec));
}
