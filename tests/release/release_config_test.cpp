// cmake/release_config.cmake in a project of its own: the generated table follows engines/<game>/
// release.json through plain rebuilds (no explicit configure), and a malformed file stops the build
// with a message naming it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "core/process.hpp"
#include "core/text_file.hpp"

using namespace gamelab;
namespace fs = std::filesystem;

namespace {

const std::string kSource = GAMELAB_SOURCE_DIR;

struct Project {
  fs::path dir = fs::temp_directory_path() / "gamelab_release_config_test";
  Project() {
    fs::remove_all(dir);
    fs::create_directories(dir / "engines" / "toy");
    write_file_atomic((dir / "CMakeLists.txt").string(),
                      "cmake_minimum_required(VERSION 3.22)\nproject(toy LANGUAGES CXX)\nset(CMAKE_CXX_STANDARD 20)\n"
                      "include(" + kSource + "/cmake/release_config.cmake)\n"
                      "add_executable(show show.cpp)\n"
                      "target_include_directories(show PRIVATE " + kSource + "/engines)\n"
                      "gamelab_release_config(show GAME toy)\n");
    write_file_atomic((dir / "show.cpp").string(),
                      "#include <cstdio>\n#include \"toy/release_params.hpp\"\n"
                      "int main() {\n"
                      "  namespace r = gamelab::toy::release;\n"
                      "  std::printf(\"frozen %d %s\\n\", r::kFrozen ? 1 : 0, r::kSourceFingerprint);\n"
                      "  for (const auto& p : r::kParams) std::printf(\"%s=%d\\n\", p.name, p.value);\n"
                      "}\n");
  }
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
