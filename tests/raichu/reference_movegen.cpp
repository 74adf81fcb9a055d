#include "reference_movegen.hpp"

#include <cctype>

namespace reference_raichu {

namespace {

bool is_white(char p) { return p == 'w' || p == 'W' || p == '@'; }
bool is_black(char p) { return p == 'b' || p == 'B' || p == '$'; }
bool belongs_to(char p, char side) { return side == 'w' ? is_white(p) : is_black(p); }
bool is_enemy_of(char p, char side) { return side == 'w' ? is_black(p) : is_white(p); }
char kind(char p) {  // 'p' Pichu, 'k' Pikachu, 'r' Raichu
  if (p == 'w' || p == 'b') return 'p';
  if (p == 'W' || p == 'B') return 'k';
  return 'r';
}

struct Board {
  int n;
  std::string cells;
  bool inside(int r, int c) const { return r >= 0 && r < n && c >= 0 && c < n; }
  char at(int r, int c) const { return cells[r * n + c]; }
  void set(int r, int c, char p) { cells[r * n + c] = p; }
};

// The board after the piece on (r,c) goes to (tr,tc), capturing the piece on (cr,cc) if cr >= 0.
std::string result_of(const Board& b, char side, int r, int c, int tr, int tc, int cr, int cc) {
  Board next = b;
  char piece = next.at(r, c);
  next.set(r, c, '.');
  if (cr >= 0) next.set(cr, cc, '.');
  const int last_row = side == 'w' ? b.n - 1 : 0;
  if (kind(piece) != 'r' && tr == last_row) piece = side == 'w' ? '@' : '$';
  next.set(tr, tc, piece);
  return next.cells;
}

}  // namespace

std::vector<std::string> successors(int n, char side, const std::string& cells) {
  Board b{n, cells};
  std::vector<std::string> out;
  const int forward = side == 'w' ? 1 : -1;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const char piece = b.at(r, c);
      if (!belongs_to(piece, side)) continue;
      if (kind(piece) == 'p') {
        for (int dc : {-1, 1}) {
          const int r1 = r + forward, c1 = c + dc;
          if (!b.inside(r1, c1)) continue;
          if (b.at(r1, c1) == '.') out.push_back(result_of(b, side, r, c, r1, c1, -1, -1));
          const int r2 = r + 2 * forward, c2 = c + 2 * dc;
          if (b.inside(r2, c2) && is_enemy_of(b.at(r1, c1), side) && kind(b.at(r1, c1)) == 'p' &&
              b.at(r2, c2) == '.') {
            out.push_back(result_of(b, side, r, c, r2, c2, r1, c1));
          }
        }
      } else if (kind(piece) == 'k') {
        const int dirs[3][2] = {{forward, 0}, {0, -1}, {0, 1}};
        for (const auto& d : dirs) {
          // Plain moves of length 1 and 2.
          for (int len = 1; len <= 2; ++len) {
            bool clear = true;
            for (int k = 1; k <= len; ++k) {
              const int rr = r + k * d[0], cc = c + k * d[1];
              if (!b.inside(rr, cc) || b.at(rr, cc) != '.') clear = false;
            }
            if (clear) out.push_back(result_of(b, side, r, c, r + len * d[0], c + len * d[1], -1, -1));
          }
          // Jumps: enemy Pichu/Pikachu at distance e (1 or 2), landing at distance 2 or 3.
          for (int e = 1; e <= 2; ++e) {
            for (int land = e + 1; land <= 3; ++land) {
              bool ok = b.inside(r + land * d[0], c + land * d[1]);
              for (int k = 1; ok && k <= land; ++k) {
                const char p = b.at(r + k * d[0], c + k * d[1]);
                if (k == e) ok = is_enemy_of(p, side) && kind(p) != 'r';
                else ok = p == '.';
              }
              if (ok) {
                out.push_back(result_of(b, side, r, c, r + land * d[0], c + land * d[1], r + e * d[0], c + e * d[1]));
              }
            }
          }
        }
      } else {
        for (int dr = -1; dr <= 1; ++dr) {
          for (int dc = -1; dc <= 1; ++dc) {
            if (dr == 0 && dc == 0) continue;
            // Every target square along the ray: count the pieces passed on the way.
            for (int dist = 1; b.inside(r + dist * dr, c + dist * dc); ++dist) {
              const int tr = r + dist * dr, tc = c + dist * dc;
              if (b.at(tr, tc) != '.') continue;
              int passed = 0, pr = -1, pc = -1;
              for (int k = 1; k < dist; ++k) {
                if (b.at(r + k * dr, c + k * dc) != '.') {
                  ++passed;
                  pr = r + k * dr;
                  pc = c + k * dc;
                }
              }
              if (passed == 0) out.push_back(result_of(b, side, r, c, tr, tc, -1, -1));
              if (passed == 1 && is_enemy_of(b.at(pr, pc), side)) {
                out.push_back(result_of(b, side, r, c, tr, tc, pr, pc));
              }
            }
          }
        }
      }
    }
  }
  return out;
}

unsigned long long perft(int n, char side, const std::string& board, int depth) {
  if (depth == 0) return 1;
  bool white = false, black = false;
  for (char p : board) {
    white = white || is_white(p);
    black = black || is_black(p);
  }
  if (!white || !black) return 0;
  unsigned long long total = 0;
  for (const auto& next : successors(n, side, board)) total += perft(n, side == 'w' ? 'b' : 'w', next, depth - 1);
  return total;
}

}  // namespace reference_raichu
