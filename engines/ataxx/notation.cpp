#include "ataxx/notation.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::ataxx {

namespace {

// Reads the board field of a FEN, whose first character stands in column `col` of its line.
class BoardReader {
 public:
  BoardReader(const std::string& source, int line) : source_(source), line_(line) {}

  void read(const std::string& text, int col, State& state) {
    bool after_digit = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char ch = text[i];
      const int at = col + static_cast<int>(i);
      if (ch == '/') {
        if (file_ < kFiles) {
          fail(at, "rank " + std::to_string(rank_ + 1) + " has " + std::to_string(file_) + " squares; a rank has 7");
        }
        if (rank_ == 0) fail(at, "more than 7 ranks");
        --rank_;
        file_ = 0;
        after_digit = false;
        continue;
      }
      const bool digit = ch >= '1' && ch <= '7';
      if (!digit && ch != 'x' && ch != 'o' && ch != '-') {
        fail(at, "character " + printable(ch) + " is not one of x o - 1-7 /");
      }
      if (digit && after_digit) fail(at, "two digits in a row; a run of empty squares is one digit");
      const int width = digit ? ch - '0' : 1;
      if (file_ + width > kFiles) fail(at, "rank " + std::to_string(rank_ + 1) + " has more than 7 squares");
      if (!digit) {
        const Bitboard b = bit(square(file_, rank_));
        (ch == 'x' ? state.stones[X] : ch == 'o' ? state.stones[O] : state.gaps) |= b;
      }
      file_ += width;
      after_digit = digit;
    }
    const int end = col + static_cast<int>(text.size());
    if (rank_ > 0) fail(end, "the board has " + std::to_string(7 - rank_) + " ranks; it needs 7");
    if (file_ < kFiles) fail(end, "rank 1 has " + std::to_string(file_) + " squares; a rank has 7");
  }

 private:
  [[noreturn]] void fail(int col, const std::string& message) const {
    throw InputError(located(source_, line_, col, "BOARD: " + message));
  }
  const std::string& source_;
  int line_;
  int rank_ = 6;  // the FEN starts with rank 7
  int file_ = 0;
};

// A number of at most `max_digits` digits between `min` and `max`.
unsigned read_number(const Field& field, unsigned min, unsigned max, std::size_t max_digits, const std::string& what,
                     const std::string& source, int line) {
  for (std::size_t i = 0; i < field.text.size(); ++i) {
    if (field.text[i] < '0' || field.text[i] > '9') {
      throw InputError(located(source, line, field.col + static_cast<int>(i),
                               what + ": character " + printable(field.text[i]) + " is not a digit"));
    }
  }
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  if (field.text.size() > max_digits || std::stoul(field.text) < min || std::stoul(field.text) > max) {
    throw InputError(located(source, line, field.col, what + ": " + field.text + " is not in " + range));
  }
  return static_cast<unsigned>(std::stoul(field.text));
}

bool square_from_text(const std::string& text, std::size_t at, int& sq) {
  if (text[at] < 'a' || text[at] > 'g' || text[at + 1] < '1' || text[at + 1] > '7') return false;
  sq = square(text[at] - 'a', text[at + 1] - '1');
  return true;
}

int king_distance(int a, int b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

bool is_legal(const State& state, const Move& move) {
  MoveList moves;
  generate_moves(state, moves);
  for (const Move& m : moves) {
    if (m == move) return true;
  }
  return false;
}

// The move a text of squares names, spelt as move_text writes it or, when `lenient`, with a single
// move also written from-to and the pass as a square written twice (§6.2).
std::optional<Move> move_from_squares(const std::string& text, const State& state, bool lenient) {
  int from = 0, to = 0;
  if (text.size() == 2 && square_from_text(text, 0, to)) return Move::single(to);
  if (text.size() != 4 || !square_from_text(text, 0, from) || !square_from_text(text, 2, to)) return std::nullopt;
  const int distance = king_distance(from, to);
  if (distance == 2) return Move::jump(from, to);
  if (!lenient) return std::nullopt;
  if (distance == 0) return Move::pass();
  if (distance == 1 && (state.stones[state.side] & bit(from))) return Move::single(to);
  return std::nullopt;
}

}  // namespace

State parse_fen(const std::string& fen, const std::string& source, int line) {
  const std::vector<Field> fields = split_fields(fen);
  if (fields.size() < 2) {
    throw InputError(located(source, line, fields.empty() ? 1 : fields[0].col + static_cast<int>(fields[0].text.size()),
                             "expected 'BOARD SIDE [HALFMOVE [FULLMOVE]]', found " + std::to_string(fields.size()) +
                                 " field" + (fields.size() == 1 ? "" : "s")));
  }
  if (fields.size() > 4) {
    throw InputError(located(source, line, fields[4].col, "unexpected fifth field; a FEN has at most 4"));
  }
  State state;
  BoardReader(source, line).read(fields[0].text, fields[0].col, state);
  const Field& side = fields[1];
  if (side.text != "x" && side.text != "o") {
    throw InputError(located(source, line, side.col, "SIDE: '" + side.text + "' must be x or o"));
  }
  state.side = side.text == "x" ? X : O;
  if (fields.size() > 2) {
    state.halfmove = static_cast<std::uint16_t>(read_number(fields[2], 0, kHalfmoveLimit, 3, "HALFMOVE", source, line));
  }
  if (fields.size() > 3) state.fullmove = read_number(fields[3], 1, 999999, 6, "FULLMOVE", source, line);
  state.hash = compute_hash(state);
  return state;
}

std::string fen_string(const State& state) {
  std::string out;
  for (int rank = 6; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Bitboard b = bit(square(file, rank));
      const char ch = (state.stones[X] & b) ? 'x' : (state.stones[O] & b) ? 'o' : (state.gaps & b) ? '-' : 0;
      if (!ch) {
        ++run;
        continue;
      }
      if (run) out += static_cast<char>('0' + run);
      run = 0;
      out += ch;
    }
    if (run) out += static_cast<char>('0' + run);
    if (rank > 0) out += '/';
  }
  return out + " " + side_char(state.side) + " " + std::to_string(state.halfmove) + " " +
         std::to_string(state.fullmove);
}

char side_char(Color side) { return side == X ? 'x' : 'o'; }

std::string square_text(int sq) {
  return {static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

std::string move_text(const Move& move) {
  if (move.is_pass()) return "0000";
  if (move.is_single()) return square_text(move.to);
  return square_text(move.from) + square_text(move.to);
}

Move parse_move(const std::string& text, const State& state, const std::string& what) {
  const std::optional<Move> move = text == "0000" ? Move::pass() : move_from_squares(text, state, false);
  if (!move) {
    throw InputError(what + ": '" + text +
                     "' is not a move; expected a square (b2), two squares two apart (a1c3) or 0000");
  }
  if (!is_legal(state, *move)) {
    throw InputError(what + ": '" + text + "' is not a legal move in " + fen_string(state));
  }
  return *move;
}

std::optional<Move> read_uai_move(const std::string& text, const State& state) {
  std::string t = trim_blanks(text);
  for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const std::optional<Move> move =
      (t == "0000" || t == "pass" || t == "null") ? Move::pass() : move_from_squares(t, state, true);
  if (!move || !is_legal(state, *move)) return std::nullopt;
  return move;
}

std::string position_text(const State& state) { return fen_string(state); }

State parse_position_text(const std::string& text, const std::string& source) {
  const std::vector<TextLine> lines = position_lines(text);
  if (lines.empty()) throw InputError(source + ": empty; expected one FEN line 'BOARD SIDE [HALFMOVE [FULLMOVE]]'");
  if (lines.size() > 1) {
    throw InputError(located(source, lines[1].number, 1, "unexpected extra line; an Ataxx position is one FEN line"));
  }
  return parse_fen(lines[0].text, source, lines[0].number);
}

std::string diagram(const State& state) {
  std::string out;
  for (int rank = 6; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    for (int file = 0; file < kFiles; ++file) {
      const Bitboard b = bit(square(file, rank));
      out += ' ';
      out += (state.stones[X] & b) ? 'x' : (state.stones[O] & b) ? 'o' : (state.gaps & b) ? '-' : '.';
    }
    out += '\n';
  }
  return out + "  a b c d e f g\n";
}

}  // namespace gamelab::ataxx
