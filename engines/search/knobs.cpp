#include "search/knobs.hpp"

namespace gamelab::search {

std::vector<Param> AlphaBetaKnobs::default_params() {
  const AlphaBetaKnobs d;
  return {
      {"search_aspiration_window", d.aspiration_window, 0, 400, 10, 0.002},
      {"search_aspiration_min_depth", d.aspiration_min_depth, 2, 10, 1, 0.002},
      {"search_lmr_min_depth", d.lmr_min_depth, 0, 8, 1, 0.002},
      {"search_lmr_min_moves", d.lmr_min_moves, 1, 20, 1, 0.002},
      {"search_lmr_extra_after", d.lmr_extra_after, 2, 60, 3, 0.002},
      {"search_qsearch_depth", d.qsearch_depth, 0, 16, 1, 0.002},
      {"search_killer_bonus", d.killer_bonus, 0, 999, 50, 0.002},
      {"search_history_max", d.history_max, 0, 999, 50, 0.002},
      {"search_repetition_draw", d.repetition_draw, 0, 1, 0, 0},
  };
}

AlphaBetaKnobs AlphaBetaKnobs::from(const ParamSet& params) {
  AlphaBetaKnobs k;
  k.aspiration_window = params.value("search_aspiration_window");
  k.aspiration_min_depth = params.value("search_aspiration_min_depth");
  k.lmr_min_depth = params.value("search_lmr_min_depth");
  k.lmr_min_moves = params.value("search_lmr_min_moves");
  k.lmr_extra_after = params.value("search_lmr_extra_after");
  k.qsearch_depth = params.value("search_qsearch_depth");
  k.killer_bonus = params.value("search_killer_bonus");
  k.history_max = params.value("search_history_max");
  k.repetition_draw = params.value("search_repetition_draw");
  return k;
}

}  // namespace gamelab::search
