#include "reference_movegen.hpp"

#include <set>

namespace reference_jumpchess {

namespace {

const int kDr[4] = {-1, 1, 0, 0};
const int kDc[4] = {0, 0, -1, 1};

bool inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
char at(const std::string& b, int r, int c) { return b[r * 8 + c]; }
void set(std::string& b, int r, int c, char v) { b[r * 8 + c] = v; }
char other(char side) { return side == '1' ? '2' : '1'; }

// Tries every hop from (r, c); `b` has the moving piece on (r, c) and captured pieces already removed.
void hop_from(const std::string& b, char side, int r, int c, std::vector<std::pair<int, int>>& visited,
              int hops, std::set<std::string>& out) {
  if (hops == 99) return;  // "at most 99 hops in one move"
  for (int d = 0; d < 4; ++d) {
    const int mr = r + kDr[d], mc = c + kDc[d];          // the piece hopped over
    const int lr = r + 2 * kDr[d], lc = c + 2 * kDc[d];  // the landing square
    if (!inside(lr, lc)) continue;
    if (at(b, mr, mc) == '0' || at(b, lr, lc) != '0') continue;
    bool seen = false;
    for (const auto& v : visited) seen = seen || (v.first == lr && v.second == lc);
    if (seen) continue;
    std::string next = b;
    if (at(b, mr, mc) == other(side)) set(next, mr, mc, '0');  // captured, removed at once
    set(next, r, c, '0');
    set(next, lr, lc, side);
    out.insert(next);  // a chain may stop after any hop
    visited.push_back({lr, lc});
    hop_from(next, side, lr, lc, visited, hops + 1, out);
    visited.pop_back();
  }
}

}  // namespace

std::vector<std::string> successors(const std::string& board, char side) {
  std::set<std::string> out;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      if (at(board, r, c) != side) continue;
      for (int d = 0; d < 4; ++d) {  // steps
        const int tr = r + kDr[d], tc = c + kDc[d];
        if (inside(tr, tc) && at(board, tr, tc) == '0') {
          std::string next = board;
          set(next, r, c, '0');
          set(next, tr, tc, side);
          out.insert(next);
        }
      }
      std::vector<std::pair<int, int>> visited = {{r, c}};  // the start square counts as visited
      hop_from(board, side, r, c, visited, 0, out);
    }
  }
  if (out.empty()) return {board};  // no piece or no legal move: the side passes
  return {out.begin(), out.end()};
}

std::string replay(const std::string& board, char side, const std::vector<std::pair<int, int>>& path) {
  if (path.size() < 2 || path.size() > 100) return "";
  for (const auto& [r, c] : path) {
    if (!inside(r, c)) return "";
  }
  std::string b = board;
  if (at(b, path[0].first, path[0].second) != side) return "";
  const int dr = path[1].first - path[0].first, dc = path[1].second - path[0].second;
  if (dr * dr + dc * dc == 1) {  // a step: exactly two squares
    if (path.size() != 2 || at(b, path[1].first, path[1].second) != '0') return "";
    set(b, path[0].first, path[0].second, '0');
    set(b, path[1].first, path[1].second, side);
    return b;
  }
  for (std::size_t k = 1; k < path.size(); ++k) {
    const auto [r, c] = path[k - 1];
    const auto [lr, lc] = path[k];
    const int hr = lr - r, hc = lc - c;
    if (!((hr == 0 && (hc == 2 || hc == -2)) || (hc == 0 && (hr == 2 || hr == -2)))) return "";
    const int mr = r + hr / 2, mc = c + hc / 2;
    if (at(b, mr, mc) == '0' || at(b, lr, lc) != '0') return "";
    for (std::size_t j = 0; j < k; ++j) {
      if (path[j] == path[k]) return "";
    }
    if (at(b, mr, mc) == other(side)) set(b, mr, mc, '0');
    set(b, r, c, '0');
    set(b, lr, lc, side);
  }
  return b;
}

bool game_over(const std::string& board, int black_moves, int white_moves) {
  for (char side : {'1', '2'}) {
    int pieces = 0, in_target = 0;
    for (int r = 0; r < 8; ++r) {
      for (int c = 0; c < 8; ++c) {
        if (at(board, r, c) != side) continue;
        ++pieces;
        if (side == '1' ? c >= 6 : c <= 1) ++in_target;
      }
    }
    if (pieces > 0 && pieces == in_target) return true;
  }
  return black_moves >= 200 && white_moves >= 200;
}

unsigned long long perft(const std::string& board, char side, int black_moves, int white_moves, int depth) {
  if (depth == 0) return 1;
  if (game_over(board, black_moves, white_moves)) return 0;
  unsigned long long total = 0;
  for (const auto& next : successors(board, side)) {
    total += perft(next, other(side), black_moves + (side == '1'), white_moves + (side == '2'), depth - 1);
  }
  return total;
}

}  // namespace reference_jumpchess
