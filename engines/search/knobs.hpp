#pragma once
// The alpha-beta search's knobs. They live in the same parameter set as the evaluation weights (named
// "search_*", appended after a game's weights), so SPSA can tune them like any weight.
#include <vector>

#include "core/params.hpp"

namespace gamelab::search {

struct AlphaBetaKnobs {
  int aspiration_window = 40;  // half-width around the previous score; 0 turns aspiration off
  int aspiration_min_depth = 4;
  int lmr_min_depth = 3;       // late-move reductions from this depth on (0 turns them off)
  int lmr_min_moves = 3;       // moves searched at full depth before reducing
  int lmr_extra_after = 10;    // one more ply of reduction from this move index on
  int qsearch_depth = 6;       // plies of captures after the horizon (0: evaluate at the horizon)
  int killer_bonus = 800;      // ordering score of a killer move (captures score above 1000)
  int history_max = 700;       // history scores are kept below this
  int repetition_draw = 1;     // 1: a position repeated on the current line scores 0

  // Reads every knob from `params` (those named search_*); InputError if one is missing.
  static AlphaBetaKnobs from(const ParamSet& params);
  // The knobs' defaults as parameters, with ranges and SPSA schedule ends.
  static std::vector<Param> default_params();
};

}  // namespace gamelab::search
