// cmake/release_config.cmake in a project of its own: the generated table follows engines/<game>/
// release.json through plain rebuilds (no explicit configure), and a malformed file stops the build
// with a message naming it; a release's learned evaluation (engines/<game>/release.eval) is compiled in
// byte for byte in its recorded mode, and a file release.json does not record stops the build. And
// every release bot of this build plays the configuration of its game's engines/<game>/release.json.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "core/process.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "release/release_bots.hpp"
#include "release/release_params.hpp"

using namespace gamelab;
namespace fs = std::filesystem;

namespace {

const std::string kSource = GAMELAB_SOURCE_DIR;

struct Project {
  fs::path dir;
  // `show` prints the table; `show_eval` the learned evaluation compiled in: whether there is one, its
  // recorded fingerprint and mode, its size, then its bytes.
  explicit Project(const std::string& name = "gamelab_release_config_test") : dir(fs::temp_directory_path() / name) {
    fs::remove_all(dir);
    fs::create_directories(dir / "engines" / "toy");
    write_file_atomic((dir / "CMakeLists.txt").string(),
                      "cmake_minimum_required(VERSION 3.22)\nproject(toy LANGUAGES CXX)\nset(CMAKE_CXX_STANDARD 20)\n"
                      "include(" + kSource + "/cmake/release_config.cmake)\n"
                      "add_executable(show show.cpp)\n"
                      "target_include_directories(show PRIVATE " + kSource + "/engines)\n"
                      "gamelab_release_config(show GAME toy)\n"
                      "add_executable(show_eval show_eval.cpp)\n"
                      "target_include_directories(show_eval PRIVATE " + kSource + "/engines)\n"
                      "gamelab_release_config(show_eval GAME toy)\n");
    write_file_atomic((dir / "show.cpp").string(),
                      "#include <cstdio>\n#include \"toy/release_params.hpp\"\n"
                      "int main() {\n"
                      "  namespace r = gamelab::toy::release;\n"
                      "  std::printf(\"frozen %d %s\\n\", r::kFrozen ? 1 : 0, r::kSourceFingerprint);\n"
                      "  for (const auto& p : r::kParams) std::printf(\"%s=%d\\n\", p.name, p.value);\n"
                      "}\n");
    write_file_atomic((dir / "show_eval.cpp").string(),
                      "#include <cstdio>\n#include \"toy/release_params.hpp\"\n"
                      "int main() {\n"
                      "  namespace r = gamelab::toy::release;\n"
                      "  const gamelab::learned::EmbeddedEval e = r::embedded_eval();\n"
                      "  std::printf(\"eval %d %s %s %zu\\n\", r::kHasEval ? 1 : 0, r::kEvalFingerprint,\n"
                      "              e.add ? \"add\" : \"replace\", e.bytes.size());\n"
                      "  std::fwrite(e.bytes.data(), 1, e.bytes.size(), stdout);\n"
                      "}\n");
  }
  ProcessResult configure() const {
    return run_process({GAMELAB_CMAKE, "-S", dir.string(), "-B", (dir / "build").string(),
                        "-DCMAKE_CXX_COMPILER=" GAMELAB_CXX_COMPILER},
                       "", 300);
  }
  std::string show_eval() const { return run_process({(dir / "build" / "show_eval").string()}, "", 10).out; }
  ~Project() { fs::remove_all(dir); }
  void write_release(const std::string& params, const std::string& game = "toy") const {
    write_file_atomic((dir / "engines" / "toy" / "release.json").string(),
                      "{\"game\": \"" + game + "\", \"params\": {\"game\": \"" + game + "\", \"params\": [" + params +
                          "]}, \"date\": \"2025-01-01T00:00:00Z\", \"source_params_fingerprint\": \"00000000000000ab\"}\n");
  }
  ProcessResult build() const { return run_process({GAMELAB_CMAKE, "--build", (dir / "build").string()}, "", 300); }
  std::string show() const { return run_process({(dir / "build" / "show").string()}, "", 10).out; }
};

std::string param(const std::string& name, int value) {
  return "{\"name\": \"" + name + "\", \"value\": " + std::to_string(value) +
         ", \"min\": -1000, \"max\": 1000, \"c_end\": 1, \"r_end\": 0.002}";
}

// `text` with every run of blanks and line ends made one blank.
std::string one_blank(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (!blank) out += c;
    else if (out.empty() || out.back() != ' ') out += ' ';
  }
  return out;
}

}  // namespace

TEST_CASE("release_config.cmake: the table follows release.json through plain rebuilds", "[release][cmake]") {
  Project project;
  const ProcessResult configure = run_process({GAMELAB_CMAKE, "-S", project.dir.string(), "-B", (project.dir / "build").string(),
                                               "-DCMAKE_CXX_COMPILER=" GAMELAB_CXX_COMPILER},
                                              "", 300);
  INFO(configure.out << configure.err);
  REQUIRE(configure.exit_code == 0);
  REQUIRE(project.build().exit_code == 0);
  CHECK(project.show() == "frozen 0 \n");  // no release.json: the defaults, nothing frozen

  project.write_release(param("alpha", 3) + ", " + param("beta", -7));
  REQUIRE(project.build().exit_code == 0);
  CHECK(project.show() == "frozen 1 00000000000000ab\nalpha=3\nbeta=-7\n");

  project.write_release(param("alpha", 4));
  REQUIRE(project.build().exit_code == 0);
  CHECK(project.show() == "frozen 1 00000000000000ab\nalpha=4\n");

  project.write_release(param("alpha", 4), "other");
  ProcessResult bad = project.build();
  CHECK(bad.exit_code != 0);
  // (CMake wraps its messages at blanks wherever the path's length puts them: compared with every run of
  // blanks and line ends made one blank.)
  CHECK_THAT(one_blank(bad.out + bad.err), Catch::Contains("release.json: game is 'other', expected 'toy'"));

  project.write_release("{\"name\": \"alpha\", \"value\": 1.5, \"min\": 0, \"max\": 9, \"c_end\": 1, \"r_end\": 0}");
  bad = project.build();
  CHECK(bad.exit_code != 0);
  CHECK_THAT(one_blank(bad.out + bad.err), Catch::Contains("(alpha) is '1.5', expected an integer"));
}

namespace {

// A release.json of the toy game with a learned evaluation of `fingerprint` in `mode` (an empty
// fingerprint: no eval member).
void write_eval_release(const Project& project, const std::string& fingerprint, const std::string& mode = "add") {
  std::string eval;
  if (!fingerprint.empty()) {
    eval = ", \"eval\": {\"file\": \"engines/toy/release.eval\", \"fingerprint\": \"" + fingerprint +
           "\", \"inputs\": \"toy-v1\", \"form\": \"linear\", \"mode\": \"" + mode + "\", \"source\": \"t.eval\"}";
  }
  write_file_atomic((project.dir / "engines" / "toy" / "release.json").string(),
                    "{\"game\": \"toy\", \"params\": {\"game\": \"toy\", \"params\": [" + param("alpha", 3) +
                        "]}, \"date\": \"2025-01-01T00:00:00Z\", \"source_params_fingerprint\": \"00000000000000ab\"" + eval +
                        "}\n");
}

// An evaluation file's header (what the build checks) and `weights` after it (what it embeds).
std::string toy_eval(const std::string& fingerprint, const std::string& weights, const std::string& game = "toy") {
  return "gamelab-eval 1\ngame " + game + "\nform linear\ninputs toy-v1 3\nmax_active 1\nhidden 0\nscale 100\n"
         "quantisation weights=4096\nnote a toy\nfingerprint " + fingerprint + "\ndata " + std::to_string(weights.size()) +
         "\n" + weights;
}

}  // namespace

TEST_CASE("release_config.cmake: a release's learned evaluation is compiled in as its bytes, in its mode, and a file "
          "release.json does not record stops the build",
          "[release][cmake][eval]") {
  Project project("gamelab_release_config_eval_test");
  const std::string eval_path = (project.dir / "engines" / "toy" / "release.eval").string();
  const std::string fp = "0123456789abcdef";
  const std::string weights("\x00\xff\x01\x80\x7f\x0a\x0d\x00", 8);  // every byte kept, NULs and line ends too
  write_eval_release(project, fp);
  write_file_atomic(eval_path, toy_eval(fp, weights));
  const ProcessResult configure = project.configure();
  INFO(configure.out << configure.err);
  REQUIRE(configure.exit_code == 0);
  REQUIRE(project.build().exit_code == 0);
  const std::string file = toy_eval(fp, weights);
  CHECK(project.show_eval() == "eval 1 " + fp + " add " + std::to_string(file.size()) + "\n" + file);
  CHECK(project.show() == "frozen 1 00000000000000ab\nalpha=3\n");

  // The mode follows release.json, the bytes follow release.eval, through plain rebuilds.
  write_eval_release(project, fp, "replace");
  const std::string other = toy_eval(fp, std::string("\x05\x06", 2));
  write_file_atomic(eval_path, other);
  REQUIRE(project.build().exit_code == 0);
  CHECK(project.show_eval() == "eval 1 " + fp + " replace " + std::to_string(other.size()) + "\n" + other);

  // release.eval's fingerprint is not the one release.json records.
  write_file_atomic(eval_path, toy_eval("00000000000000cd", weights));
  ProcessResult bad = project.build();
  CHECK(bad.exit_code != 0);
  CHECK_THAT(one_blank(bad.out + bad.err),
             Catch::Contains("release.eval: fingerprint is '00000000000000cd', but release.json records eval.fingerprint "
                             "'0123456789abcdef'"));
  // Another game's file.
  write_file_atomic(eval_path, toy_eval(fp, weights, "raichu"));
  bad = project.build();
  CHECK(bad.exit_code != 0);
  CHECK_THAT(one_blank(bad.out + bad.err), Catch::Contains("release.eval: game is 'raichu', expected 'toy'"));
  // A release.eval that release.json does not name.
  write_file_atomic(eval_path, toy_eval(fp, weights));
  write_eval_release(project, "");
  bad = project.build();
  CHECK(bad.exit_code != 0);
  CHECK_THAT(one_blank(bad.out + bad.err), Catch::Contains("release.eval: release.json records no learned evaluation"));
  // release.json names one and there is no release.eval.
  write_eval_release(project, fp);
  fs::remove(eval_path);
  bad = project.build();
  CHECK(bad.exit_code != 0);
  CHECK_THAT(one_blank(bad.out + bad.err), Catch::Contains("does not exist (release again with `gamelab release toy"));
  // A bad mode.
  write_file_atomic(eval_path, toy_eval(fp, weights));
  write_eval_release(project, fp, "both");
  bad = project.build();
  CHECK(bad.exit_code != 0);
  CHECK_THAT(one_blank(bad.out + bad.err), Catch::Contains("eval.mode is 'both', expected add or replace"));

  // Without either, the bots carry none: as before there were learned evaluations.
  fs::remove(eval_path);
  write_eval_release(project, "");
  REQUIRE(project.build().exit_code == 0);
  CHECK(project.show_eval() == "eval 0  add 0\n");
}

TEST_CASE("every release bot plays the configuration of its engines/<game>/release.json", "[release]") {
  std::set<std::string> games;
  for (const testing::ReleaseBot& bot : testing::release_bots()) {
    INFO(bot.game << ": " << bot.path);
    games.insert(bot.game);
    testing::check_release_params(bot.path, fs::path(bot.path).filename().string(), bot.game,
                                  find_game(bot.game).default_params());
  }
  // Every game on the list has its bot.
  for (const GameEntry& game : game_registry()) CHECK(games.count(game.name) == 1);
}
