#include "reference.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ataxx_reference {

namespace {

int distance(int r1, int f1, int r2, int f2) { return std::max(std::abs(r1 - r2), std::abs(f1 - f2)); }

char other(char side) { return side == 'x' ? 'o' : 'x'; }

int count(const Position& p, char what) {
  int n = 0;
  for (auto& rank : p.board) n += static_cast<int>(std::count(rank, rank + 7, what));
  return n;
}

std::string name(int rank, int file) { return {static_cast<char>('a' + file), static_cast<char>('1' + rank)}; }

// Whether a stone of `side` stands within king distance 2 of an empty square (§2: it has a move).
bool has_move(const Position& p, char side) {
  for (int r = 0; r < 7; ++r)
    for (int f = 0; f < 7; ++f) {
      if (p.board[r][f] != side) continue;
      for (int r2 = 0; r2 < 7; ++r2)
        for (int f2 = 0; f2 < 7; ++f2) {
          const int d = distance(r, f, r2, f2);
          if (d >= 1 && d <= 2 && p.board[r2][f2] == '.') return true;
        }
    }
  return false;
}

}  // namespace

Position read_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, side, halfmove = "0", fullmove = "1", extra;
  Position p;
  if (!(in >> board >> side)) throw std::runtime_error("fen needs a board and a side: " + fen);
  int rank = 6, file = 0;
  for (char ch : board) {
    if (ch == '/') {
      if (file != 7) throw std::runtime_error("short rank: " + fen);
      --rank;
      file = 0;
    } else if (ch >= '1' && ch <= '7') {
      for (int k = 0; k < ch - '0'; ++k) {
        if (rank < 0 || file > 6) throw std::runtime_error("long rank: " + fen);
        p.board[rank][file++] = '.';
      }
    } else if (ch == 'x' || ch == 'o' || ch == '-') {
      if (rank < 0 || file > 6) throw std::runtime_error("long rank: " + fen);
      p.board[rank][file++] = ch;
    } else {
      throw std::runtime_error("bad character in fen: " + fen);
    }
  }
  if (rank != 0 || file != 7) throw std::runtime_error("fen board is not 7 x 7: " + fen);
  if (side != "x" && side != "o") throw std::runtime_error("bad side: " + fen);
  p.side = side[0];
  if (in >> halfmove) in >> fullmove;
  if (in >> extra) throw std::runtime_error("trailing text in fen: " + fen);
  for (const std::string* number : {&halfmove, &fullmove}) {
    if (number->find_first_not_of("0123456789") != std::string::npos) throw std::runtime_error("bad number: " + fen);
  }
  p.halfmove = std::stoi(halfmove);
  p.fullmove = std::stoi(fullmove);
  return p;
}

std::string write_fen(const Position& p) {
  std::string out;
  for (int r = 6; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 7; ++f) {
      if (p.board[r][f] == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += p.board[r][f];
    }
    if (empty) out += std::to_string(empty);
    if (r) out += '/';
  }
  return out + " " + p.side + " " + std::to_string(p.halfmove) + " " + std::to_string(p.fullmove);
}

bool game_over(const Position& p) {
  if (count(p, 'x') == 0 || count(p, 'o') == 0) return true;
  if (!has_move(p, 'x') && !has_move(p, 'o')) return true;
  return p.halfmove >= 100;
}

std::string winner(const Position& p) {
  if (!game_over(p)) return "";
  const int x = count(p, 'x'), o = count(p, 'o');
  const bool decided = x == 0 || o == 0 || (!has_move(p, 'x') && !has_move(p, 'o'));
  if (!decided || x == o) return "draw";
  return x > o ? "x" : "o";
}

std::vector<std::string> legal_moves(const Position& p) {
  std::set<std::string> moves;
  if (game_over(p)) return {};
  for (int r = 0; r < 7; ++r)
    for (int f = 0; f < 7; ++f) {
      if (p.board[r][f] != p.side) continue;
      for (int r2 = 0; r2 < 7; ++r2)
        for (int f2 = 0; f2 < 7; ++f2) {
          if (p.board[r2][f2] != '.') continue;
          const int d = distance(r, f, r2, f2);
          if (d == 1) moves.insert(name(r2, f2));
          if (d == 2) moves.insert(name(r, f) + name(r2, f2));
        }
    }
  if (moves.empty()) moves.insert("0000");
  return {moves.begin(), moves.end()};
}

Position after(const Position& p, const std::string& move) {
  Position next = p;
  next.side = other(p.side);
  next.halfmove = p.halfmove + 1;
  if (p.side == 'o') ++next.fullmove;
  if (move == "0000") return next;
  const int to_file = move[move.size() - 2] - 'a', to_rank = move[move.size() - 1] - '1';
  next.board[to_rank][to_file] = p.side;
  if (move.size() == 4) {
    next.board[move[1] - '1'][move[0] - 'a'] = '.';
  } else {
    next.halfmove = 0;
  }
  for (int r = 0; r < 7; ++r)
    for (int f = 0; f < 7; ++f) {
      if (distance(r, f, to_rank, to_file) == 1 && p.board[r][f] == other(p.side)) next.board[r][f] = p.side;
    }
  return next;
}

std::uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for (const auto& move : legal_moves(p)) total += perft(after(p, move), depth - 1);
  return total;
}

}  // namespace ataxx_reference
