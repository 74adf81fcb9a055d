#pragma once
// The lab's reports of Bullets positions: `gamelab search bullets` (the action for the side the input
// names, the root's mixed strategies, the search's figures) and `gamelab analyse bullets` (each
// player's exact earliest hit on the other standing still, analysis.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "bullets/notation.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::bullets {

SearchReport search_report(const Position& root, std::uint64_t seed, const SearchRequest& request);
// Each player's earliest hit on the other standing still: a line each, and {"hits": [...]}.
PositionAnalysis analyse_hits(const std::string& position_text, const std::string& source);

}  // namespace gamelab::bullets
