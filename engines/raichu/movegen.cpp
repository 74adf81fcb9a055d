#include "raichu/movegen.hpp"

#include <algorithm>
#include <bit>

namespace gamelab::raichu {

namespace {

struct Direction {
  int dr, dc;
};
// 0..3 orthogonal, 4..7 diagonal.
constexpr Direction kDirections[8] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1},
                                      {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

// ray_length[n-index][square][direction]: how many squares lie from the square to the board's edge
// in that direction on an n x n board. Built once for every supported n.
struct RayTable {
  std::uint8_t length[(kMaxN - kMinN) / 2 + 1][kSquares][8];
  RayTable() {
    for (int n = kMinN; n <= kMaxN; n += 2) {
      for (int r = 0; r < kMaxN; ++r) {
        for (int c = 0; c < kMaxN; ++c) {
          for (int d = 0; d < 8; ++d) {
            int steps = 0;
            if (r < n && c < n) {
              int rr = r + kDirections[d].dr, cc = c + kDirections[d].dc;
              while (rr >= 0 && rr < n && cc >= 0 && cc < n) {
                ++steps;
                rr += kDirections[d].dr;
                cc += kDirections[d].dc;
              }
            }
            length[(n - kMinN) / 2][square(r, c)][d] = static_cast<std::uint8_t>(steps);
          }
        }
      }
    }
  }
};
const RayTable kRays;

inline int delta(int d) { return kDirections[d].dr * kStride + kDirections[d].dc; }
// The direction pointing the other way: N<->S, W<->E, NW<->SE, NE<->SW.
constexpr int kOpposite[8] = {1, 0, 3, 2, 7, 6, 5, 4};

class Generator {
 public:
  Generator(const State& state, Color us, MoveList& moves)
      : s_(state), moves_(moves), us_(us), rays_(kRays.length[(state.n - kMinN) / 2]),
        promotion_row_(us == White ? state.n - 1 : 0) {}

  void run() {
    for_each_piece(s_, us_, [this](int sq) {
      switch (type_of(s_.board[sq])) {
        case Pichu: pichu(sq); break;
        case Pikachu: pikachu(sq); break;
        case Raichu: raichu(sq); break;
        default: break;
      }
    });
  }

 private:
  bool is_enemy(std::uint8_t piece) const { return piece != Empty && color_of(piece) != us_; }

  void add(int from, int to, bool promotes) {
    moves_.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 0,
                      static_cast<std::uint8_t>(promotes ? Move::kPromotion : 0)});
  }
  void add_capture(int from, int to, int over, bool promotes) {
    moves_.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to),
                      static_cast<std::uint8_t>(over),
                      static_cast<std::uint8_t>(Move::kCapture | (promotes ? Move::kPromotion : 0))});
  }
  bool promotes_at(int to) const { return row_of(to) == promotion_row_; }

  // One square diagonally forward onto an empty square, or a jump over an adjacent enemy Pichu.
  void pichu(int from) {
    const int first = us_ == White ? 6 : 4;  // the two forward diagonals: 6,7 (down) or 4,5 (up)
    for (int d = first; d < first + 2; ++d) {
      const int reach = rays_[from][d];
      if (reach < 1) continue;
      const int step = from + delta(d);
      const std::uint8_t target = s_.board[step];
      if (target == Empty) {
        add(from, step, promotes_at(step));
      } else if (reach >= 2 && is_enemy(target) && type_of(target) == Pichu) {
        const int land = step + delta(d);
        if (s_.board[land] == Empty) add_capture(from, land, step, promotes_at(land));
      }
    }
  }

  // 1 or 2 squares forward, left or right; or a jump over one enemy Pichu/Pikachu standing 1 or 2
  // squares away, landing 2 or 3 squares from the start with the squares after it empty.
  void pikachu(int from) {
    const int directions[3] = {us_ == White ? 1 : 0, 2, 3};
    for (int d : directions) {
      const int reach = std::min<int>(rays_[from][d], 3);
      int over = -1;
      for (int i = 1, sq = from + delta(d); i <= reach; ++i, sq += delta(d)) {
        const std::uint8_t target = s_.board[sq];
        if (over < 0) {
          if (target == Empty) {
            if (i <= 2) add(from, sq, promotes_at(sq));
            continue;
          }
          if (i <= 2 && is_enemy(target) && type_of(target) != Raichu) {
            over = sq;
            continue;
          }
          break;
        }
        if (target != Empty) break;
        add_capture(from, sq, over, promotes_at(sq));
      }
    }
  }

  // Any distance in 8 directions through empty squares, or over exactly one enemy piece of any kind to
  // any empty square beyond it with only empty squares in between.
  void raichu(int from) {
    for (int d = 0; d < 8; ++d) {
      const int reach = rays_[from][d];
      int over = -1;
      for (int i = 1, sq = from + delta(d); i <= reach; ++i, sq += delta(d)) {
        const std::uint8_t target = s_.board[sq];
        if (target == Empty) {
          if (over < 0) {
            add(from, sq, false);
          } else {
            add_capture(from, sq, over, false);
          }
          continue;
        }
        if (over < 0 && is_enemy(target)) {
          over = sq;
          continue;
        }
        break;
      }
    }
  }

  const State& s_;
  MoveList& moves_;
  const Color us_;
  const std::uint8_t (*rays_)[8];
  const int promotion_row_;
};

}  // namespace

bool can_capture(const State& s, Color by, int sq) {
  const std::uint8_t victim = s.board[sq];
  if (victim == Empty || color_of(victim) == by) return false;
  const auto rays = kRays.length[(s.n - kMinN) / 2];
  const PieceType victim_type = type_of(victim);
  for (int d = 0; d < 8; ++d) {
    // The capturer comes from the opposite direction (od) and lands beyond sq in direction d.
    if (rays[sq][d] < 1 || s.board[sq + delta(d)] != Empty) continue;  // first landing square must be free
    const int back = kOpposite[d];
    // Walk back from sq towards the capturer.
    const int reach = rays[sq][back];
    for (int i = 1; i <= reach; ++i) {
      const int from = sq - i * delta(d);
      const std::uint8_t piece = s.board[from];
      if (piece == Empty) continue;
      if (color_of(piece) != by) break;
      const PieceType t = type_of(piece);
      const int forward_dr = by == White ? 1 : -1;
      const int dr = kDirections[d].dr, dc = kDirections[d].dc;
      if (t == Raichu) return true;
      if (t == Pichu) {
        if (i == 1 && victim_type == Pichu && dr == forward_dr && dc != 0) return true;
      } else if (t == Pikachu) {
        if (victim_type != Raichu && i <= 2 && dc * dr == 0 && dr != -forward_dr) return true;
      }
      break;
    }
  }
  return false;
}

void generate_moves(const State& state, MoveList& moves) { generate_moves_for(state, state.side, moves); }

void generate_moves_for(const State& state, Color side, MoveList& moves) {
  moves.clear();
  Generator(state, side, moves).run();
}

}  // namespace gamelab::raichu
