#pragma once
// Search scores: evaluation units (a Raichu Pichu is about 100), and wins/losses by distance.
// A win in k plies from the root scores kWin - k, so faster wins score higher and slower losses
// score higher than faster ones. Scores beyond kWinBound are "won or lost".
namespace gamelab::search {

constexpr int kMaxPly = 128;
constexpr int kInfinity = 32000;
constexpr int kWin = 30000;
constexpr int kWinBound = kWin - 2 * kMaxPly;

inline int win_in(int ply) { return kWin - ply; }
inline int loss_in(int ply) { return -kWin + ply; }
inline bool is_decisive(int score) { return score > kWinBound || score < -kWinBound; }
// A static evaluation as the search uses it: kept below the scores of a decided game.
inline int static_score(int evaluation) {
  return evaluation < -kWinBound + 1 ? -kWinBound + 1 : evaluation > kWinBound - 1 ? kWinBound - 1 : evaluation;
}

// Transposition-table scores are stored relative to the node (distance from it) and converted back
// on probe, so a win found through a transposition keeps its true distance from the root.
inline int score_to_tt(int score, int ply) {
  return score > kWinBound ? score + ply : score < -kWinBound ? score - ply : score;
}
inline int score_from_tt(int score, int ply) {
  return score > kWinBound ? score - ply : score < -kWinBound ? score + ply : score;
}

}  // namespace gamelab::search
