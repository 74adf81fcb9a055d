// `gamelab freeze --params FILE --into FILE` (docs/tools/freeze.md): the values of the one marked block
// rewritten, every other byte kept, refusals naming file:line with exit 2 and the file untouched.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "common/run.hpp"
#include "common/temp_folder.hpp"
#include "core/text_file.hpp"
#include "tuner/freeze/freeze.hpp"

namespace {

using gamelab_test::run;
using gamelab_test::TempFolder;

// The project's own file helpers (core/text_file.hpp): binary reads, atomic writes.
using gamelab::read_text_file;
using gamelab::write_file_atomic;

const std::string kPython =
    "#!/usr/bin/env python3\n"
    "# my bot\r\n"
    "WEIGHTS = [1, 2]\n"
    "    # gamelab:params begin\n"
    "eval_pawn = 100   # the pawn\n"
    "\n"
    "# knobs\n"
    "search_lmr: int=3\r\n"
    "eval_king = -5\n"
    "# gamelab:params end\n"
    "eval_pawn = 7  # outside the block: never touched\n"
    "print(eval_pawn)";  // no final newline

const std::string kCpp =
    "// bot.cpp\n"
    "#include <cstdio>\n"
    "namespace tuned {\n"
    "// gamelab:params begin\n"
    "constexpr int eval_pawn = 100;  // pawn\n"
    "static constexpr int search_lmr = 3;\n"
    "#define EVAL_KING (-5)\n"
    "/* a comment */\n"
    "// gamelab:params end\n"
    "}\n"
    "constexpr int eval_pawn = 1;\n";

}  // namespace

TEST_CASE("freeze rewrites only the values inside a Python block", "[freeze]") {
  TempFolder dir("yourbot_freeze_py");
  write_file_atomic(dir / "bot.py", kPython);
  ::chmod((dir / "bot.py").c_str(), 0755);
  write_file_atomic(dir / "tuned.json", R"({"eval_pawn": 112, "search_lmr": 3, "eval_king": -9})");
  const auto r = run("freeze --params " + (dir / "tuned.json").string() + " --into " + (dir / "bot.py").string());
  INFO(r.output);
  REQUIRE(r.status == 0);
  std::string expected = kPython;
  expected.replace(expected.find("eval_pawn = 100"), 15, "eval_pawn = 112");
  expected.replace(expected.find("eval_king = -5"), 14, "eval_king = -9");
  CHECK(read_text_file(dir / "bot.py") == expected);  // CRLF lines, comments, blank lines, the missing final newline
  CHECK_THAT(r.output, Catch::Contains("froze 3 parameters") && Catch::Contains("2 changed") &&
                           Catch::Contains("bot.py:5: eval_pawn 100 -> 112"));
  struct stat info {};
  REQUIRE(::stat((dir / "bot.py").c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0755);
  // The same values again: not one byte changes.
  const auto again = run("freeze --params " + (dir / "tuned.json").string() + " --into " + (dir / "bot.py").string());
  CHECK(again.status == 0);
  CHECK(read_text_file(dir / "bot.py") == expected);
  CHECK_THAT(again.output, Catch::Contains("0 changed"));
}

TEST_CASE("freeze rewrites constexpr and #define lines in C++, from every params form", "[freeze]") {
  TempFolder dir("yourbot_freeze_cpp");
  std::string expected = kCpp;
  expected.replace(expected.find("eval_pawn = 100"), 15, "eval_pawn = 90");
  expected.replace(expected.find("search_lmr = 3"), 14, "search_lmr = 4");
  expected.replace(expected.find("(-5)"), 4, "(12)");
  const std::pair<const char*, std::string> forms[] = {
      {"plain", R"({"eval_pawn": 90, "search_lmr": 4, "EVAL_KING": 12})"},
      {"gamelab params", R"({"game": "mine", "params": [
          {"name": "eval_pawn", "value": 90, "min": 0, "max": 200, "c_end": 5, "r_end": 0.002},
          {"name": "search_lmr", "value": 4, "min": 1, "max": 8, "c_end": 1, "r_end": 0.002},
          {"name": "EVAL_KING", "value": 12, "min": -50, "max": 50, "c_end": 2, "r_end": 0.002}]})"},
      {"spsa", "# OpenBench\neval_pawn, int, 90, 0, 200, 5, 0.002\nsearch_lmr, int, 4, 1, 8, 1, 0.002\n"
               "EVAL_KING, int, 12, -50, 50, 2, 0.002\n"},
  };
  for (const auto& [form, text] : forms) {
    INFO(form);
    write_file_atomic(dir / "bot.cpp", kCpp);
    write_file_atomic(dir / "tuned.txt", text);
    const auto r = run("freeze --params " + (dir / "tuned.txt").string() + " --into " + (dir / "bot.cpp").string());
    INFO(r.output);
    CHECK(r.status == 0);
    CHECK(read_text_file(dir / "bot.cpp") == expected);
  }
}

TEST_CASE("freeze refuses a block it cannot fill, naming file:line, and leaves the file untouched", "[freeze]") {
  TempFolder dir("yourbot_freeze_refuse");
  write_file_atomic(dir / "tuned.json", R"({"eval_pawn": 112, "search_lmr": 3, "eval_king": -9})");
  struct Case {
    const char* what;
    std::string text;
    std::string message;
  };
  const std::string begin = "# gamelab:params begin\n", end = "# gamelab:params end\n";
  const Case cases[] = {
      {"a tuned name missing", "x = 1\n" + begin + "eval_pawn = 1\nsearch_lmr = 2\n" + end,
       "bot.py:2: the gamelab:params block (lines 2-5) lacks the tuned parameter 'eval_king'"},
      {"an unknown name", begin + "eval_pawn = 1\nsearch_lmr = 2\neval_king = 3\neval_queen = 4\n" + end,
       "bot.py:5: 'eval_queen' is not a tuned parameter"},
      {"a name twice", begin + "eval_pawn = 1\nsearch_lmr = 2\neval_king = 3\neval_pawn = 4\n" + end,
       "bot.py:5: 'eval_pawn' is set twice in the block (first at line 2)"},
      {"a value that is not an integer", begin + "eval_pawn = 1.5\nsearch_lmr = 2\neval_king = 3\n" + end,
       "bot.py:2: not a parameter line inside the gamelab:params block"},
      {"no block", "eval_pawn = 1\n", "bot.py: no gamelab:params block"},
      {"two blocks", begin + "eval_pawn = 1\nsearch_lmr = 2\neval_king = 3\n" + end + begin + end,
       "bot.py:6: a second gamelab:params block (the first is lines 1-5)"},
      {"an unterminated block", "\n" + begin + "eval_pawn = 1\nsearch_lmr = 2\neval_king = 3\n",
       "bot.py:2: the gamelab:params block begun here is never ended"},
      {"an end without a begin", "eval_pawn = 1\n" + end, "bot.py:2: 'gamelab:params end' without"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    write_file_atomic(dir / "bot.py", c.text);
    const auto r = run("freeze --params " + (dir / "tuned.json").string() + " --into " + (dir / "bot.py").string());
    INFO(r.output);
    CHECK(r.status == 2);
    CHECK_THAT(r.output, Catch::Contains(c.message));
    CHECK(read_text_file(dir / "bot.py") == c.text);
    // Nothing but the file itself: no temporary file left beside it.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) files += entry.is_regular_file() ? 1 : 0;
    CHECK(files == 2);
  }
}

TEST_CASE("freeze refuses a params file it cannot read", "[freeze]") {
  TempFolder dir("yourbot_freeze_params");
  write_file_atomic(dir / "bot.py", "# gamelab:params begin\neval_pawn = 1\n# gamelab:params end\n");
  const std::pair<std::string, std::string> cases[] = {
      {R"({"eval_pawn": 1.5})", "'eval_pawn': 1.5 is not an integer"},
      {"eval_pawn, int, x, 0, 10, 1, 0.002\n", "tuned.txt:1: 'eval_pawn': value 'x' is not an integer"},
      {"eval_pawn 5\n", "tuned.txt:1: expected 'name, int, value, min, max, c_end, r_end'"},
      {R"({"params": [{"name": "eval_pawn", "value": 1}, {"name": "eval_pawn", "value": 2}]})", "given twice"},
      // A release with a learned evaluation: freeze writes values only, and says so.
      {R"({"game": "raichu", "params": {"game": "raichu", "params": [{"name": "eval_pawn", "value": 1}]},
           "eval": {"file": "engines/raichu/release.eval", "fingerprint": "84ce2375f20813ee", "mode": "add"}})",
       "tuned.txt: this release also has a learned evaluation (engines/raichu/release.eval, fingerprint "
       "84ce2375f20813ee), which freeze does not handle"},
  };
  for (const auto& [text, message] : cases) {
    write_file_atomic(dir / "tuned.txt", text);
    const auto r = run("freeze --params " + (dir / "tuned.txt").string() + " --into " + (dir / "bot.py").string());
    INFO(r.output);
    CHECK(r.status == 2);
    CHECK_THAT(r.output, Catch::Contains(message));
    CHECK(read_text_file(dir / "bot.py") == "# gamelab:params begin\neval_pawn = 1\n# gamelab:params end\n");
  }
}

TEST_CASE("freeze_text keeps every byte but the values", "[freeze]") {
  const gamelab::freeze::TunedValues tuned = {{"eval_pawn", 112}, {"search_lmr", 3}, {"eval_king", -9}};
  const auto result = gamelab::freeze::freeze_text(kPython, "bot.py", tuned);
  CHECK(result.begin_line == 4);
  CHECK(result.end_line == 10);
  REQUIRE(result.values.size() == 3);
  CHECK(result.values[1].name == "search_lmr");
  CHECK(result.values[1].before == result.values[1].after);
  CHECK(result.text.size() == kPython.size() + 0);  // 100 -> 112, -5 -> -9: same widths
}
