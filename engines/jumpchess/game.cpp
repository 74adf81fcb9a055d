#include "jumpchess/game.hpp"

#include "core/zobrist.hpp"

namespace gamelab::jumpchess {

std::uint64_t plies_left_key(int plies_left) {
  static const ZobristKeys keys(search::kMaxPly + 1, 0x4a554d50504c5931ULL);  // fixed seed: stable hashes
  return keys[static_cast<std::size_t>(plies_left)];
}

int end_score(const State& s, int ply) {
  const Result r = result(s);
  const int ours = s.side == Black ? r.black_score : r.white_score;
  const int theirs = s.side == Black ? r.white_score : r.black_score;
  const int margin = ours - theirs;
  if (margin > 0) return search::win_in(ply) - (kPiecesPerSide - margin);
  if (margin < 0) return search::loss_in(ply) + (kPiecesPerSide + margin);
  return 0;
}

}  // namespace gamelab::jumpchess
