#include "tuner/generations/promotion.hpp"

#include <cstdio>

namespace gamelab::generations {

Promotion decide_promotion(eval::SprtVerdict verdict, double elo, Undecided rule) {
  switch (verdict) {
    case eval::SprtVerdict::AcceptH1: return {true, "SPRT accepted H1"};
    case eval::SprtVerdict::AcceptH0: return {false, "SPRT accepted H0"};
    case eval::SprtVerdict::Continue: break;
  }
  if (rule == Undecided::Keep) return {false, "undecided at the cap (rule: keep)"};
  char text[96];
  std::snprintf(text, sizeof text, "undecided at the cap, Elo %+.1f %s 0 (rule: positive)", elo, elo > 0 ? ">" : "<=");
  return {elo > 0, text};
}

}  // namespace gamelab::generations
