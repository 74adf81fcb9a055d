#include "raichu/notation.hpp"

#include <charconv>
#include <vector>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::raichu {

namespace {

constexpr char kPieceChars[8] = {'.', 'w', 'W', '@', '?', 'b', 'B', '$'};

bool piece_from_char(char ch, Piece& piece) {
  for (int code = 0; code < 8; ++code) {
    if (code != 4 && kPieceChars[code] == ch) {
      piece = static_cast<Piece>(code);
      return true;
    }
  }
  return false;
}

std::string square_text(int sq) {
  return "(" + std::to_string(row_of(sq)) + "," + std::to_string(col_of(sq)) + ")";
}

}  // namespace

int parse_board_size(const std::string& text, const std::string& what) {
  int n = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, n);
  if (ec != std::errc() || ptr != end) throw InputError(what + ": '" + text + "' is not a board size");
  if (!valid_board_size(n)) {
    throw InputError(what + ": board size n = " + text +
                     " is not supported; n must be even and between 8 and 16");
  }
  return n;
}

Color parse_side(const std::string& text, const std::string& what) {
  if (text == "w" || text == "white") return White;
  if (text == "b" || text == "black") return Black;
  throw InputError(what + ": side '" + text + "' must be w or b");
}

State parse_board(int n, Color side, const std::string& board, const std::string& what) {
  if (!valid_board_size(n)) {
    throw InputError(what + ": board size n = " + std::to_string(n) +
                     " is not supported; n must be even and between 8 and 16");
  }
  const std::size_t expected = static_cast<std::size_t>(n) * n;
  if (board.size() != expected) {
    throw InputError(what + ": board string has " + std::to_string(board.size()) +
                     " characters; n = " + std::to_string(n) + " needs " + std::to_string(expected));
  }
  State state;
  state.n = static_cast<std::uint8_t>(n);
  for (std::size_t i = 0; i < board.size(); ++i) {
    Piece piece;
    const int row = static_cast<int>(i) / n, col = static_cast<int>(i) % n;
    if (!piece_from_char(board[i], piece)) {
      throw InputError(what + ": character " + printable(board[i]) + " at index " + std::to_string(i) +
                       " (row " + std::to_string(row) + ", col " + std::to_string(col) +
                       ") is not one of . w b W B @ $");
    }
    if (piece != Empty) put_piece(state, square(row, col), piece);
  }
  for (Color c : {White, Black}) {
    if (state.piece_count(c) > n) {
      throw InputError(what + ": " + (c == White ? "White" : "Black") + " has " +
                       std::to_string(state.piece_count(c)) + " pieces; a game on n = " +
                       std::to_string(n) + " never has more than " + std::to_string(n));
    }
  }
  state.side = side;
  state.hash = compute_hash(state);
  return state;
}

std::string board_string(const State& state) {
  std::string out;
  out.reserve(static_cast<std::size_t>(state.n) * state.n);
  for (int r = 0; r < state.n; ++r) {
    for (int c = 0; c < state.n; ++c) out += kPieceChars[state.board[square(r, c)]];
  }
  return out;
}

char side_char(Color side) { return side == White ? 'w' : 'b'; }

std::string position_line(const State& state) {
  return std::to_string(state.n) + " " + side_char(state.side) + " " + board_string(state);
}

State parse_position_text(const std::string& text, const std::string& source) {
  const std::vector<TextLine> lines = position_lines(text);
  if (lines.empty()) throw InputError(source + ": empty; expected one line 'N SIDE BOARD'");
  if (lines.size() > 1) {
    throw InputError(located(source, lines[1].number, 1, "unexpected extra line; a Raichu position is one line 'N SIDE BOARD'"));
  }
  const TextLine& line = lines[0];
  std::vector<std::pair<std::string, int>> fields;  // text, 1-based column
  for (std::size_t i = 0; i < line.text.size();) {
    if (line.text[i] == ' ' || line.text[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.text.size() && line.text[j] != ' ' && line.text[j] != '\t') ++j;
    fields.push_back({line.text.substr(i, j - i), static_cast<int>(i) + 1});
    i = j;
  }
  if (fields.size() != 3) {
    throw InputError(located(source, line.number, 1,
                             "expected 'N SIDE BOARD' (3 fields), found " + std::to_string(fields.size())));
  }
  auto at = [&](int k, const std::string& what) {
    return located(source, line.number, fields[k].second, what);
  };
  const int n = parse_board_size(fields[0].first, at(0, "N"));
  const Color side = parse_side(fields[1].first, at(1, "SIDE"));
  return parse_board(n, side, fields[2].first, at(2, "BOARD"));
}

std::string diagram(const State& state) {
  const std::string flat = board_string(state);
  std::string out;
  for (int r = 0; r < state.n; ++r) out += flat.substr(static_cast<std::size_t>(r) * state.n, state.n) + "\n";
  return out;
}

std::string move_text(const Move& move, const State& before) {
  std::string out = square_text(move.from);
  if (move.is_capture()) out += "x" + square_text(move.over);
  out += "-" + square_text(move.to);
  if (move.is_promotion()) out += before.side == White ? "=@" : "=$";
  return out;
}

}  // namespace gamelab::raichu
