#include "jumpchess/movegen.hpp"

namespace gamelab::jumpchess {

namespace {

// For each square and direction: the adjacent square (step target, or the square hopped over) and the
// square two away (hop landing), or -1 where the board ends.
struct Neighbours {
  std::int8_t next[kSquares][4];
  std::int8_t beyond[kSquares][4];
  Bitboard step_targets[kSquares];  // all adjacent squares
  Neighbours() : next{}, beyond{}, step_targets{} {
    for (int sq = 0; sq < kSquares; ++sq) {
      for (int d = 0; d < 4; ++d) {
        const int r1 = row_of(sq) + kRowStep[d], c1 = col_of(sq) + kColStep[d];
        const int r2 = r1 + kRowStep[d], c2 = c1 + kColStep[d];
        next[sq][d] = static_cast<std::int8_t>(on_board(r1, c1) ? square(r1, c1) : -1);
        beyond[sq][d] = static_cast<std::int8_t>(on_board(r2, c2) ? square(r2, c2) : -1);
        if (next[sq][d] >= 0) step_targets[sq] |= bit(next[sq][d]);
      }
    }
  }
};
const Neighbours kNeighbours;

class Generator {
 public:
  Generator(const State& state, MoveList& moves)
      : moves_(moves), own_(state.pieces[state.side]), enemy_(state.pieces[opponent(state.side)]),
        occupied_(own_ | enemy_) {}

  void run() {
    for (Bitboard set = own_; set; set &= set - 1) {
      const int from = std::countr_zero(set);
      steps(from);
      hops(from);
    }
    if (moves_.empty()) moves_.push_back(Move::pass());
  }

 private:
  void steps(int from) {
    for (int d = 0; d < 4; ++d) {
      const int to = kNeighbours.next[from][d];
      if (to >= 0 && !(occupied_ & bit(to))) moves_.push_back(Move::step(from, to));
    }
  }

  void hops(int from) {
    from_ = from;
    first_chain_ = moves_.size();
    plain_landings_ = 0;
    capture_landings_ = 0;
    chain(from, bit(from), 0, 0, 0);
  }

  // Extends a chain standing on `at`, having visited `visited` (start included), captured `captured`,
  // with `hops` hops so far whose directions are `dirs`.
  void chain(int at, Bitboard visited, Bitboard captured, std::uint32_t dirs, int hops) {
    if (hops == kMaxHops) return;  // unreachable on 8 x 8 (see kMaxChainHops), kept as the rule
    for (int d = 0; d < 4; ++d) {
      const int land = kNeighbours.beyond[at][d];
      if (land < 0) continue;
      const Bitboard over = bit(kNeighbours.next[at][d]);
      // Something to hop over (a captured piece is gone at once), landing empty and not yet visited.
      // The start square is empty once the piece has left, but it is in `visited`.
      if (!(occupied_ & ~captured & over) || ((occupied_ | visited) & bit(land))) continue;
      const Bitboard now_captured = captured | (enemy_ & over);
      const std::uint32_t now_dirs = dirs | (static_cast<std::uint32_t>(d) << (2 * hops));
      record(land, now_captured, now_dirs, hops + 1);
      chain(land, visited | bit(land), now_captured, now_dirs, hops + 1);
    }
  }

  // Adds the chain's board unless an earlier chain of this piece already reached it.
  void record(int land, Bitboard captured, std::uint32_t dirs, int hops) {
    const Bitboard land_bit = bit(land);
    if (captured == 0) {
      if (plain_landings_ & land_bit) return;
      plain_landings_ |= land_bit;
    } else {
      if (capture_landings_ & land_bit) {
        for (std::size_t i = first_chain_; i < moves_.size(); ++i) {
          if (moves_[i].to == land && moves_[i].captured == captured) return;
        }
      }
      capture_landings_ |= land_bit;
    }
    moves_.push_back(Move{captured, dirs, static_cast<std::uint8_t>(from_), static_cast<std::uint8_t>(land),
                          static_cast<std::uint8_t>(hops), Move::Hops});
  }

  MoveList& moves_;
  const Bitboard own_, enemy_, occupied_;
  int from_ = 0;
  std::size_t first_chain_ = 0;   // index of the current piece's first chain in moves_
  Bitboard plain_landings_ = 0;   // landings of this piece's chains that captured nothing
  Bitboard capture_landings_ = 0; // landings of this piece's chains that captured something
};

}  // namespace

void generate_moves(const State& state, MoveList& moves) {
  moves.clear();
  Generator(state, moves).run();
}

}  // namespace gamelab::jumpchess
