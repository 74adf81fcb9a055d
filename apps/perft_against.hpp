#pragma once
// `gamelab perft <game> --against CMD`: another program's perft divide compared with the lab's, down to
// the position where the move lists differ (docs/tools/perft.md).
#include <iosfwd>
#include <string>

#include "registry/game_entry.hpp"

namespace gamelab::cli {

struct AgainstOptions {
  std::string command;     // CMD: split into words (quotes group), run without a shell
  double timeout_s = 120;  // per run of CMD
  int threads = 1;         // the lab's own perft
};

// Exit codes: 0 every count agrees, 1 a difference (reported on `out`), 2 a protocol fault (reported
// on `err` with the offending line). Bad input (the position, the command line) throws InputError.
int perft_against(const GameEntry& game, const PositionSpec& root, int depth, const AgainstOptions& options,
                  std::ostream& out, std::ostream& err);

// Every position of a perft dataset (datasets/perft/<game>.json) at its fast depth, never deeper than
// max_depth (> 0); each disagreement and fault reported. 2 if any run faulted, else 1 if any differed.
int perft_against_suite(const GameEntry& game, const std::string& dataset, int max_depth,
                        const AgainstOptions& options, std::ostream& out);

}  // namespace gamelab::cli
