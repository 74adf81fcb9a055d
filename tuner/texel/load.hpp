#pragma once
// A data file read once into sparse feature rows through the game's `features` hook (in parallel,
// kept in file order), split into training and validation rows by game: game g is held out when
// derive_seed(seed, g) falls in the first `validation` fraction of the 64-bit range, so the split is
// seeded and whole games stay on one side (positions of one game are strongly correlated).
#include <cstdint>
#include <iosfwd>
#include <string>

#include "registry/game_entry.hpp"
#include "tuner/texel/texel.hpp"

namespace gamelab::tuner {

struct TexelDataset {
  TexelData train;
  TexelData validation;
  std::uint64_t positions = 0;
  std::uint64_t file_hash = 0;  // FNV-1a of the file's bytes (read_data_file)
};

bool held_out(std::uint64_t game, double validation, std::uint64_t seed);

TexelDataset load_texel_dataset(const GameEntry& game, const std::string& path, double validation, std::uint64_t seed,
                                int threads, std::ostream& progress);

}  // namespace gamelab::tuner
