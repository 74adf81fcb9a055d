#pragma once
// `gamelab datagen`: self-play games through the registry's datagen_game hook, their positions
// labelled with the final result, written as a data file (data_file.hpp). Game g uses seed
// derive_seed(seed, g) and opening g mod size (or the game's start when no openings are given), and
// games are written in game order, so the same seed gives the same file whatever the concurrency and
// on any number of MPI ranks (run_datagen on rank 0 drives; the other ranks serve_datagen).
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/params.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::tuner {

struct DatagenSettings {
  std::string game;
  int games = 100;
  std::uint64_t seed = 1;
  SearchLimits limits;
  ParamSet params;                    // empty: the game's defaults
  std::vector<std::string> openings;  // position texts; empty: the game's start (or a generated board)
  int random_plies = 8;
  bool skip_tactical = true;
  LimitGames limit_games = LimitGames::Draw;  // games ended by the ply limit (registry/game_entry.hpp)
  std::string adjudication_tables;            // endgame tables that end and label games (DatagenRequest)
  LearnedEvalSpec learned;                    // the engine's learned evaluation file (games that load them)
  int concurrency = 1;
  std::string out;
  bool resume = false;  // continue the stopped run of the same settings in <out>.partial
  double progress_interval_s = 30;  // not on a terminal: seconds between progress lines (0: every chunk)
};

struct DatagenSummary {
  std::uint64_t games = 0;
  std::uint64_t positions = 0;
  double seconds = 0;
};

DatagenSummary run_datagen(const DatagenSettings& settings, std::ostream& progress);
// A serving rank's share of the run rank 0 described in `job_text` (a "datagen" job).
void serve_datagen(const std::string& job_text);

}  // namespace gamelab::tuner
