#include "search/knobs.hpp"

#include "core/knob_table.hpp"

namespace gamelab::search {

namespace {

using K = AlphaBetaKnobs;
const KnobRow<K> kKnobs[] = {
    {"search_aspiration_window", &K::aspiration_window, 0, 400, 10, 0.002},
    {"search_aspiration_min_depth", &K::aspiration_min_depth, 2, 10, 1, 0.002},
    {"search_lmr_min_depth", &K::lmr_min_depth, 0, 8, 1, 0.002},
    {"search_lmr_min_moves", &K::lmr_min_moves, 1, 20, 1, 0.002},
    {"search_lmr_extra_after", &K::lmr_extra_after, 2, 60, 3, 0.002},
    {"search_qsearch_depth", &K::qsearch_depth, 0, 16, 1, 0.002},
    {"search_killer_bonus", &K::killer_bonus, 0, 999, 50, 0.002},
    {"search_history_max", &K::history_max, 0, 999, 50, 0.002},
    {"search_repetition_draw", &K::repetition_draw, 0, 1, 0, 0},
};

}  // namespace

std::vector<Param> AlphaBetaKnobs::default_params() { return knob_params<K>(kKnobs); }

AlphaBetaKnobs AlphaBetaKnobs::from(const ParamSet& params) { return knobs_from<K>(kKnobs, params); }

}  // namespace gamelab::search
