// `gamelab perft <game> --against CMD` (docs/tools/perft.md) with the reference scripts of examples/:
// each agrees with the lab; a copy with a rule bug planted in one line is caught at the right position
// with the right missing and extra moves; a crash, a timeout and a garbage line are protocol faults.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "common/run.hpp"
#include "common/temp_folder.hpp"
#include "core/text_file.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;
using gamelab_test::TempFolder;

const char* const kGames[] = {"raichu", "jumpchess", "dcms", "bullets"};

std::string example(const std::string& game) { return std::string(GAMELAB_EXAMPLES) + "/" + game + "/perft.py"; }

std::string python(const std::string& script) { return std::string(GAMELAB_PYTHON3) + " " + script; }

// The project's own file helpers (core/text_file.hpp): binary reads, atomic writes.
using gamelab::read_text_file;
using gamelab::write_file_atomic;

// A copy of the game's example in `dir` with the one line `line` replaced by `bug`.
std::string planted(const TempFolder& dir, const std::string& game, const std::string& line, const std::string& bug) {
  std::string text = read_text_file(example(game));
  const auto at = text.find(line);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(line, at + 1) == std::string::npos);
  text.replace(at, line.size(), bug);
  const auto path = dir / (game + "_bug.py");
  write_file_atomic(path, text);
  return path.string();
}

// The lines of a report's `- MOVE` (missing) or `+ MOVE` (extra) list.
std::vector<std::string> listed(const std::string& output, char sign) {
  std::vector<std::string> out;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(std::string("  ") + sign + " ", 0) == 0) out.push_back(line.substr(4));
  }
  return out;
}

// A small root position of each game, as a position file in `dir`: `--board FILE`.
std::string root_board(const TempFolder& dir, const std::string& game) {
  std::string text;
  if (game == "raichu") text = "8 w ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........\n";
  if (game == "jumpchess") {
    text = "1 0 0 0 0 0 0 0\n0 1 0 0 0 0 0 2\n1 0 1 0 0 0 2 0\n0 1 0 0 0 2 0 2\n1 0 1 0 0 0 2 0\n0 1 0 0 0 2 0 2\n"
           "1 0 0 0 0 0 2 0\n0 0 0 0 0 0 0 2\nblack\n";
  }
  if (game == "dcms") {  // a corridor: the two Mice can step into one square
    const std::string wall(36, 'W');
    text = "mouse 3 9 0\n" + wall + "\nWWWW" + std::string(28, ' ') + "WWWW\n" + wall + "\nS 1 1\nM 1 3\nm 1 5\ns 1 7\n";
  }
  if (game == "bullets") {  // a 7 x 7 room
    text = "7 7\n";
    for (int r = 0; r < 7; ++r) {
      for (int c = 0; c < 7; ++c) {
        const bool wall = r == 0 || r == 6 || c == 0 || c == 6;
        text += wall ? "#   " : r == 1 && c == 1 ? "R   " : r == 5 && c == 5 ? "B   " : "    ";
      }
      text += "\n";
    }
    text += "0\nR\n";
  }
  const auto path = dir / (game + "_root.txt");
  write_file_atomic(path, text);
  return "--board " + path.string();
}

Run against(const std::string& game, const std::string& command, const std::string& options) {
  return run("perft " + game + " --against \"" + command + "\" " + options);
}

}  // namespace

TEST_CASE("each example agrees with the lab on the whole perft suite at depth 2", "[perft_against]") {
  for (const char* game : kGames) {
    const Run r = against(game, python(example(game)), "--check --max-depth 2");
    INFO(r.output);
    CHECK(r.status == 0);
    CHECK_THAT(r.output, Catch::Contains(" positions agree, 0 differ, 0 faults"));
    CHECK_THAT(r.output, !Catch::Contains("DIFFERS") && !Catch::Contains("FAULT"));
  }
}

TEST_CASE("each example agrees with the lab on the whole perft suite at its depths", "[perft_against][slow]") {
  for (const char* game : kGames) {
    // Jump chess's start at depth 5 is 33 million nodes: minutes in Python. Depth 4 everywhere else.
    const std::string cap = std::string(game) == "jumpchess" ? " --max-depth 4" : "";
    const Run r = against(game, python(example(game)), "--check --timeout 600" + cap);
    INFO(r.output);
    CHECK(r.status == 0);
    CHECK_THAT(r.output, Catch::Contains(" positions agree, 0 differ, 0 faults"));
  }
}

TEST_CASE("an agreeing example: exit 0 and one line", "[perft_against]") {
  const Run r = against("raichu", python(example("raichu")), "--depth 3");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("raichu perft 3 against") && Catch::Contains("every count agrees, 10087 nodes"));
}

// The planted bugs: one line of a copy of the example, each a rule teams really get wrong.

TEST_CASE("raichu: a Pikachu that cannot jump an enemy two squares away is caught", "[perft_against]") {
  TempFolder dir("yourbot_raichu_bug");
  const std::string bug = planted(dir, "raichu", "for k in (1, 2):  # jump an enemy Pichu or Pikachu standing k squares away",
                                  "for k in (1,):  # jump an enemy Pichu or Pikachu standing k squares away");
  const Run r = against("raichu", python(bug), root_board(dir, "raichu") + " --depth 3");
  INFO(r.output);
  CHECK(r.status == 1);
  // White's Pikachu on (3,0) may jump the black Pichu on (5,0), two squares away, landing on (6,0).
  CHECK_THAT(r.output, Catch::Contains("the move lists differ") &&
                           Catch::Contains("path from the root (2 moves): (1,0)-(3,0) (5,2)-(4,1)\n") &&
                           Catch::Contains("8 w ..........W.W.W..w.w.w.wW........b......b...b.b..B.B.B.B........"));
  CHECK(listed(r.output, '-') == std::vector<std::string>{"(3,0)x(5,0)-(6,0)"});
  CHECK(listed(r.output, '+').empty());
}

TEST_CASE("jump chess: a hop chain that may come back to its start is caught", "[perft_against]") {
  TempFolder dir("yourbot_jumpchess_bug");
  const std::string bug = planted(dir, "jumpchess", "visited = {(r, c)}", "visited = set()");
  const Run r = against("jumpchess", python(bug), root_board(dir, "jumpchess") + " --depth 3");
  INFO(r.output);
  CHECK(r.status == 1);
  // Black's piece on (1,0) hops over (2,0) to (3,0) and back to (1,0): a revisit. The boards its
  // chains first reached that way are listed under those illegal paths, so their legal paths are missing.
  CHECK_THAT(r.output, Catch::Contains("path from the root (2 moves): [(0,0),(1,0)] [(1,7),(0,7)]\n") &&
                           Catch::Contains("black to move; moves made: black 1, white 1"));
  CHECK(listed(r.output, '-') == std::vector<std::string>{"[(1,0),(3,0),(5,0)]", "[(1,0),(3,0),(5,0),(7,0)]",
                                                          "[(1,0),(3,0),(5,0),(5,2)]", "[(1,0),(3,0),(5,0),(5,2),(3,2)]",
                                                          "[(1,0),(3,0),(5,0),(5,2),(3,2),(1,2)]"});
  const auto extra = listed(r.output, '+');
  CHECK(extra.size() == 7);
  CHECK(std::find(extra.begin(), extra.end(), "[(1,0),(3,0),(1,0)]") != extra.end());
  CHECK(std::find(extra.begin(), extra.end(), "[(2,0),(0,0),(2,0)]") != extra.end());
}

TEST_CASE("dcms: two Mice stepping into one square that bounce instead of fighting are caught", "[perft_against]") {
  TempFolder dir("yourbot_dcms_bug");
  const std::string bug =
      planted(dir, "dcms", "        pieces[letter] = to\n",
              "        pieces[letter] = pos.pieces[letter] if any(t == to and t != pos.pieces[l] and l.isupper() != "
              "letter.isupper() for l, _, t in blue + red) else to\n");
  const Run r = against("dcms", python(bug), root_board(dir, "dcms") + " --depth 2");
  INFO(r.output);
  CHECK(r.status == 1);
  // Both Mice step into (1,4): equal ranks remove each other, so nothing is left to move.
  CHECK_THAT(r.output, Catch::Contains("path from the root (1 move): [M6][m4]\n") &&
                           Catch::Contains("mouse 3 9 1\n") && Catch::Contains("S 1 1\ns 1 7\n"));
  CHECK(listed(r.output, '-') == std::vector<std::string>{"[][]"});
  const auto extra = listed(r.output, '+');
  CHECK(extra.size() == 9);
  CHECK(std::find(extra.begin(), extra.end(), "[M5][m5]") != extra.end());
}

TEST_CASE("bullets: a bullet that bounces off a wall and moves in the same turn is caught", "[perft_against]") {
  TempFolder dir("yourbot_bullets_bug");
  const std::string bug = planted(dir, "bullets", "stepped.add((square, direction ^ 1))",
                                  "stepped.add((ahead(square, direction ^ 1), direction ^ 1))");
  const Run r = against("bullets", python(bug), root_board(dir, "bullets") + " --depth 2");
  INFO(r.output);
  CHECK(r.status == 1);
  // Red shoots up into the wall beside it: the bullet turns round in place, on Red's square: Red is hit.
  CHECK_THAT(r.output, Catch::Contains("path from the root (1 move): B0R4\n") &&
                           Catch::Contains("round 1/2000, 1 bullet, blue wins (hit)") &&
                           Catch::Contains("the game is over here") && Catch::Contains("extra 56 ") &&
                           Catch::Contains("... and 6 more"));
  CHECK(listed(r.output, '-').empty());
  CHECK(listed(r.output, '+').front() == "B0R1");
}

TEST_CASE("other spellings of a move are read by their meaning, and a move listed twice is extra", "[perft_against]") {
  TempFolder dir("yourbot_spellings");
  // Dog-Cat-Mouse-cheeSe: the Mouse on (1,3) of the corridor steps up into the wall: the same as staying.
  const std::string walls = planted(dir, "dcms", "    return \"\".join(letter + str(digit) for letter, digit, _ in action)",
                                    "    return \"\".join(letter + (\"8\" if digit == 5 else str(digit)) for letter, digit, _ in action)");
  const Run same = against("dcms", python(walls), root_board(dir, "dcms") + " --depth 1");
  INFO(same.output);
  CHECK(same.status == 0);
  // Bullets without merging a step into a wall with doing nothing: each such action is there twice.
  const std::string unmerged = planted(dir, "bullets", "    return [a for a in range(4) if ahead(pos.players[side], a) not in pos.walls] + [4, 5, 6, 7, NOTHING]",
                                       "    return [0, 1, 2, 3, 4, 5, 6, 7, NOTHING]");
  const Run twice = against("bullets", python(unmerged), root_board(dir, "bullets") + " --depth 1");
  INFO(twice.output);
  CHECK(twice.status == 1);
  CHECK_THAT(twice.output, Catch::Contains("path from the root (0 moves): none, the root itself") &&
                               Catch::Contains("  + B0R0   (listed twice: the same move as B0R8)"));
  CHECK(listed(twice.output, '-').empty());
}

TEST_CASE("wrong counts with the right moves: at depth 1, and counts that depend on the path", "[perft_against]") {
  TempFolder dir("yourbot_counts");
  const std::string doubled = planted(dir, "raichu", "            count = perft(play(pos, move), depth - 1)\n",
                                      "            count = 2 * perft(play(pos, move), depth - 1)\n");
  const Run one = against("raichu", python(doubled), root_board(dir, "raichu") + " --depth 1");
  INFO(one.output);
  CHECK(one.status == 1);
  CHECK_THAT(one.output, Catch::Contains("the counts differ at depth 1 (every legal move counts 1)") &&
                             Catch::Contains("path from the root (0 moves)") &&
                             Catch::Contains("  (1,0)-(2,0): lab 1, yours 2\n"));
  const Run two = against("raichu", python(doubled), root_board(dir, "raichu") + " --depth 2");
  INFO(two.output);
  CHECK(two.status == 1);
  CHECK_THAT(two.output, Catch::Contains("the counts differ at depth 1") &&
                             Catch::Contains("path from the root (1 move): (1,0)-(2,0)\n") &&
                             Catch::Contains("  (5,0)-(4,1): lab 1, yours 2\n"));
  // Off by one at the root's children only (a count that depends on how the position was reached).
  const std::string path = planted(dir, "raichu", "        return len(moves)\n",
                                   "        return len(moves) + (len(sys.argv) == 3)\n");
  const Run r = against("raichu", python(path), root_board(dir, "raichu") + " --depth 2");
  INFO(r.output);
  CHECK(r.status == 1);
  CHECK_THAT(r.output, Catch::Contains("your program counts this position differently from its parent") &&
                           Catch::Contains("path from the root (1 move): (1,0)-(2,0)\n") &&
                           Catch::Contains("your program counted 23 for the last move of the path (the lab 22); "
                                           "from here it counts 22"));
}

TEST_CASE("protocol faults: a crash, a timeout, a garbage line give exit 2 and the message", "[perft_against]") {
  TempFolder dir("yourbot_faults");
  const auto script = [&](const std::string& name, const std::string& body) {
    const auto path = dir / name;
    write_file_atomic(path, "#!/bin/sh\n" + body);
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
  };
  struct Fault {
    std::string program;
    std::string message;
  };
  const Fault faults[] = {
      {script("crash.sh", "echo 'Traceback: IndexError in legal_moves' >&2\nexit 3\n"),
       "crash: exit code 3"},
      {script("signal.sh", "kill -SEGV $$\n"), "crash: killed by a signal"},
      {(dir / "no_such_program").string(), "crash: cannot start"},
      {script("hang.sh", "echo 'M 1'\nexec sleep 30\n"), "timeout: no complete answer within 1 s"},
      {script("garbage.sh", "echo 'M 1'\necho 'hello there world'\necho\necho 1\n"),
       "protocol fault: line 2 'hello there world': expected 'MOVE COUNT'"},
      {script("no_count.sh", "echo 'M x'\necho\necho 1\n"), "protocol fault: line 1 'M x': expected 'MOVE COUNT'"},
      {script("no_total.sh", "echo 'M 1'\n"), "protocol fault: the output ended before the blank line and the total"},
      {script("bad_total.sh", "echo 'M 1'\necho\necho many\n"),
       "protocol fault: line 3 'many': expected the total (one number) after the blank line"},
      {script("bad_sum.sh", "echo 'M 1'\necho 'N 2'\necho\necho 4\n"),
       "protocol fault: the total 4 is not the sum of the move counts (3)"},
      {script("after.sh", "echo\necho 0\necho done\n"), "protocol fault: line 3 'done': nothing may follow the total"},
  };
  for (const char* game : kGames) {
    for (const auto& fault : faults) {
      const Run r = against(game, fault.program, root_board(dir, game) + " --depth 2 --timeout 1");
      INFO(game << ": " << fault.program << "\n" << r.output);
      CHECK(r.status == 2);
      CHECK_THAT(r.output, Catch::Contains(fault.message) && Catch::Contains("gamelab: error: ") &&
                               Catch::Contains("command: " + fault.program + " 2 "));
    }
  }
  // A crash quotes the end of standard error; in a suite each position reports its fault, exit 2.
  const Run crash = against("raichu", faults[0].program, root_board(dir, "raichu") + " --depth 1");
  CHECK_THAT(crash.output, Catch::Contains("stderr: Traceback: IndexError in legal_moves"));
  const Run suite = against("bullets", faults[0].program, "--check --max-depth 1");
  CHECK(suite.status == 2);
  CHECK_THAT(suite.output, Catch::Contains("FAULT") && Catch::Contains(" faults (") && Catch::Contains("0/13 positions agree"));
}

TEST_CASE("bad input is exit 2 before anything runs", "[perft_against]") {
  CHECK(run("perft raichu --against \"\" --depth 2").status == 2);
  const Run no_depth = run("perft raichu --against true");
  CHECK(no_depth.status == 2);
  CHECK_THAT(no_depth.output, Catch::Contains("--depth"));
}
