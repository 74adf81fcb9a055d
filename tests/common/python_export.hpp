#pragma once
// Helpers for the Python export tests: the exported files (written once per run by the gamelab
// command line, as a user does), the python3 interpreter, and running the drivers in this folder.
//
// The drivers (check_*.py, call_*.py) import an exported file as a module, read the cases the C++
// side wrote (JSON lines: positions and the engine's answers), and report one line per check; they
// exit 1 on the first mismatch, printing both answers. python3 is GAMELAB_PYTHON3 (the system's, as
// a fresh Debian has it: /usr/bin/python3 first).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/temp_folder.hpp"
#include "core/process.hpp"
#include "core/text_file.hpp"

namespace python_export_test {

// The folder of this test process's exported files and cases, removed when the process exits.
inline const std::filesystem::path& work_folder() {
  static const gamelab_test::TempFolder dir("python_export");
  return dir.path();
}

// A Python driver of this game's tests (PYTHON_EXPORT_DRIVERS: tests/<game>/python), or one every game's
// export tests share (tests/common/python: check_syntax.py).
inline std::string driver(const std::string& name) {
  const std::string own = std::string(PYTHON_EXPORT_DRIVERS) + "/" + name;
  return std::filesystem::exists(own) ? own : std::string(GAMELAB_TESTS) + "/common/python/" + name;
}

// `gamelab export <game> --<flag> FILE [extra...]` once per run for the same arguments; the file's path.
// The export's own run must succeed: REQUIREd on first use.
inline std::string exported(const std::string& game, const std::string& flag, const std::vector<std::string>& extra = {}) {
  static std::map<std::string, std::string> files;
  std::string key = game + " " + flag;
  for (const std::string& arg : extra) key += " " + arg;
  auto it = files.find(key);
  if (it != files.end()) return it->second;
  const std::string name = game + "_" + flag + (extra.empty() ? "" : "_" + std::to_string(files.size())) + ".py";
  const std::string path = (work_folder() / name).string();
  std::vector<std::string> argv{GAMELAB_BINARY, "export", game, "--" + flag, path};
  argv.insert(argv.end(), extra.begin(), extra.end());
  const gamelab::ProcessResult run = gamelab::run_process(argv, "", 60);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  REQUIRE(std::filesystem::exists(path));
  return files[key] = path;
}

inline gamelab::ProcessResult run_python(const std::vector<std::string>& args, double limit_s,
                                         const std::string& input = "") {
  // -B: the drivers import their neighbours (dcms_cases.py, ...); no __pycache__ may appear in the source tree.
  std::vector<std::string> argv = {GAMELAB_PYTHON3, "-B"};
  argv.insert(argv.end(), args.begin(), args.end());
  return gamelab::run_process(argv, input, limit_s);
}

// Writes JSON lines (one case a line) into the work folder; the file's path.
inline std::string write_cases(const std::string& name, const std::vector<nlohmann::json>& cases) {
  std::string text;
  for (const auto& c : cases) text += c.dump() + "\n";
  const std::string path = (work_folder() / name).string();
  gamelab::write_file_atomic(path, text);
  return path;
}

// The JSON lines a driver printed (lines starting with '{'), in order.
inline std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    const std::string line = out.substr(start, end - start);
    if (!line.empty() && line[0] == '{') lines.push_back(nlohmann::json::parse(line));
    start = end + 1;
  }
  return lines;
}

// Runs a checking driver on an exported file and a cases file; it must exit 0 (everything agreed).
inline void require_driver_agrees(const std::string& driver_name, const std::string& module, const std::string& cases,
                                  double limit_s, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {driver(driver_name), module, cases};
  args.insert(args.end(), extra.begin(), extra.end());
  const gamelab::ProcessResult run = run_python(args, limit_s);
  INFO(driver_name << " " << cases << "\nstdout:\n" << run.out << "\nstderr:\n" << run.err);
  REQUIRE(run.started);
  REQUIRE_FALSE(run.timed_out);
  REQUIRE(run.exit_code == 0);
  std::filesystem::remove(cases);  // kept only when it shows a disagreement
}

}  // namespace python_export_test
