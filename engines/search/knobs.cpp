#include "search/knobs.hpp"

#include "core/knob_table.hpp"

namespace gamelab::search {

namespace {

using AB = AlphaBetaKnobs;
const KnobRow<AB> kAlphaBetaKnobs[] = {
    {"search_aspiration_window", &AB::aspiration_window, 0, 400, 10, 0.002},
    {"search_aspiration_min_depth", &AB::aspiration_min_depth, 2, 10, 1, 0.002},
    {"search_lmr_min_depth", &AB::lmr_min_depth, 0, 8, 1, 0.002},
    {"search_lmr_min_moves", &AB::lmr_min_moves, 1, 20, 1, 0.002},
    {"search_lmr_extra_after", &AB::lmr_extra_after, 2, 60, 3, 0.002},
    {"search_qsearch_depth", &AB::qsearch_depth, 0, 16, 1, 0.002},
    {"search_killer_bonus", &AB::killer_bonus, 0, 999, 50, 0.002},
    {"search_history_max", &AB::history_max, 0, 999, 50, 0.002},
    {"search_repetition_draw", &AB::repetition_draw, 0, 1, 0, 0},
};

}  // namespace

std::vector<Param> AlphaBetaKnobs::default_params() { return knob_params<AB>(kAlphaBetaKnobs); }

AlphaBetaKnobs AlphaBetaKnobs::from(const ParamSet& params) { return knobs_from<AB>(kAlphaBetaKnobs, params); }

}  // namespace gamelab::search
