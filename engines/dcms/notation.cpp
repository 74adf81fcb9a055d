#include "dcms/notation.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/rules.hpp"

namespace gamelab::dcms {

namespace {

const std::string kWallCell = "WWWW";
const std::string kEmptyCell = "    ";

std::string square_text(int row, int col) { return "(" + std::to_string(row) + "," + std::to_string(col) + ")"; }
std::string square_text(Square sq) { return square_text(row_of(sq), col_of(sq)); }

// The piece named by `letter` as an index into State::pos, or -1.
int piece_of_letter(char letter) {
  for (int piece = 0; piece < kPieces; ++piece) {
    if (kPieceLetters[piece] == letter) return piece;
  }
  return -1;
}

std::string piece_name(int piece) {
  return std::string(side_name(piece / kRanks)) + "'s " + rank_name(piece % kRanks);
}

bool parse_int(std::string_view text, int& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && !text.empty();
}

// What a reachable position satisfies besides the form, checked after the pieces are placed: each
// cheeSe in its own half, no pieces left together that the capture rule removes. Returns the piece
// at fault (and the message), or -1.
int position_problem(const State& state, std::string& message) {
  for (int side = 0; side < 2; ++side) {
    const Square sq = state.at(side, kCheese);
    if (sq != kNoSquare && !in_own_half(*state.board, side, col_of(sq))) {
      message = std::string(side_name(side)) + "'s cheeSe " + piece_letter(side, kCheese) + " at " + square_text(sq) +
                " is not in " + side_name(side) + "'s half (columns with 2*col " + (side == kBlue ? "< " : "> ") +
                std::to_string(state.board->cols() - 1) + "); a cheeSe never moves, so no game reaches this";
      return piece_index(side, kCheese);
    }
  }
  State resolved = state;
  resolve_captures(resolved);
  for (int piece = 0; piece < kPieces; ++piece) {
    if (resolved.pos[piece] == state.pos[piece]) continue;
    const Square sq = state.pos[piece];
    std::string others;
    for (int enemy = 0; enemy < kPieces; ++enemy) {
      if (enemy / kRanks != piece / kRanks && state.pos[enemy] == sq) others += kPieceLetters[enemy];
    }
    message = std::string(1, kPieceLetters[piece]) + " at " + square_text(sq) + " shares its square with " + others +
              ": the capture rule would have removed it, so no game reaches this position";
    return piece;
  }
  return -1;
}

// A cursor over the Python-literal forms (pieces map, setup answer) with errors naming the index.
class Literal {
 public:
  Literal(std::string_view text, const std::string& what) : text_(text), what_(what) {}

  void skip_blanks() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool at_end() {
    skip_blanks();
    return pos_ >= text_.size();
  }
  char peek() {
    skip_blanks();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  bool accept(char ch) {
    if (peek() != ch) return false;
    ++pos_;
    return true;
  }
  void expect(char ch, const char* expected) {
    if (!accept(ch)) fail(std::string("expected ") + expected);
  }
  int integer() {
    skip_blanks();
    const std::size_t start = pos_;
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    int value = 0;
    std::string_view digits = text_.substr(start, pos_ - start);
    if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
    if (!parse_int(digits, value)) {
      pos_ = start;
      fail("expected an integer");
    }
    return value;
  }
  Cell pair() {
    const char close = opening();
    Cell cell;
    cell.row = integer();
    expect(',', "',' between row and column");
    cell.col = integer();
    expect(close, close == ')' ? "')' closing the (row, col) pair" : "']' closing the [row, col] pair");
    return cell;
  }
  // '(' or '[' ; returns the matching closing character.
  char opening() {
    if (accept('(')) return ')';
    if (accept('[')) return ']';
    fail("expected '(' or '['");
  }
  bool word(std::string_view w) {
    skip_blanks();
    if (text_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }
  [[noreturn]] void fail(const std::string& message) {
    skip_blanks();
    const std::string found = pos_ < text_.size() ? ", found " + printable(text_[pos_]) : ", found the end";
    throw InputError(what_ + ": index " + std::to_string(pos_) + ": " + message + found);
  }
  std::size_t position() const { return pos_; }
  // The character at the cursor without skipping blanks ('\0' at the end), and one step past it.
  char next_raw() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void advance() { ++pos_; }

 private:
  std::string_view text_;
  const std::string& what_;
  std::size_t pos_ = 0;
};

}  // namespace

Variant parse_variant(const std::string& text, const std::string& what) {
  if (text == "mouse") return Variant::Mouse;
  if (text == "full") return Variant::Full;
  throw InputError(what + ": variant '" + text + "' must be mouse or full");
}

const char* variant_name(Variant variant) { return variant == Variant::Mouse ? "mouse" : "full"; }

// ---- the board ----------------------------------------------------------------------------------------

std::vector<std::string> board_rows(const Board& board) {
  std::vector<std::string> rows;
  for (int r = 0; r < board.rows(); ++r) {
    std::string row;
    for (int c = 0; c < board.cols(); ++c) row += board.is_wall(r, c) ? kWallCell : kEmptyCell;
    rows.push_back(row);
  }
  return rows;
}

namespace {

// Board rows with a callback naming where a problem is: (row index, character index) -> prefix.
template <class Where>
Board parse_rows(const std::vector<std::string>& rows, int cols, Where&& where) {
  const int row_count = static_cast<int>(rows.size());
  Board board(row_count, cols);
  for (int r = 0; r < row_count; ++r) {
    const std::string& row = rows[static_cast<std::size_t>(r)];
    if (row.size() != static_cast<std::size_t>(cols) * 4) {
      throw InputError(where(r, 0) + "board row " + std::to_string(r) + " has " + std::to_string(row.size()) +
                       " characters; " + std::to_string(cols) + " cells of 4 characters are " +
                       std::to_string(cols * 4));
    }
    for (int c = 0; c < cols; ++c) {
      const std::string cell = row.substr(static_cast<std::size_t>(c) * 4, 4);
      const bool border = r == 0 || r == row_count - 1 || c == 0 || c == cols - 1;
      if (cell == kWallCell) {
        board.set_wall(r, c, true);
      } else if (cell == kEmptyCell) {
        if (border) {
          throw InputError(where(r, c * 4) + "square (" + std::to_string(r) + "," + std::to_string(c) +
                           ") is on the border and must be a wall \"WWWW\"");
        }
        board.set_wall(r, c, false);
      } else {
        std::string shown;
        for (char ch : cell) shown += ch >= 32 && ch < 127 ? std::string(1, ch) : "\\x" + std::to_string(+static_cast<unsigned char>(ch));
        throw InputError(where(r, c * 4) + "cell (" + std::to_string(r) + "," + std::to_string(c) + ") is \"" + shown +
                         "\"; a cell is \"WWWW\" (wall) or four blanks (empty)");
      }
    }
  }
  return board;
}

void check_size(int rows, int cols, const std::string& prefix) {
  if (!valid_board_size(rows, cols)) {
    throw InputError(prefix + "a " + std::to_string(rows) + "x" + std::to_string(cols) +
                     " board is not supported; rows and columns must be between 3 and 64");
  }
}

}  // namespace

Board parse_board_rows(const std::vector<std::string>& rows, const std::string& what) {
  const int row_count = static_cast<int>(rows.size());
  const int cols = rows.empty() ? 0 : static_cast<int>(rows[0].size() / 4);
  check_size(row_count, cols, what + ": ");
  return parse_rows(rows, cols, [&](int r, int ch) {
    return what + ": row " + std::to_string(r) + ", character " + std::to_string(ch) + ": ";
  });
}

// ---- move strings -------------------------------------------------------------------------------------

const char* to_string(MoveError error) {
  switch (error) {
    case MoveError::None: return "none";
    case MoveError::BadLetter: return "bad letter";
    case MoveError::OtherSidesPiece: return "other side's piece";
    case MoveError::Cheese: return "the cheeSe";
    case MoveError::NotInVariant: return "piece not in the variant";
    case MoveError::CapturedPiece: return "captured piece";
    case MoveError::NamedTwice: return "piece named twice";
    case MoveError::BadDigit: return "bad digit";
    case MoveError::BadSpacing: return "bad spacing";
  }
  return "?";
}

MoveParse parse_move(const State& state, int side, std::string_view text) {
  MoveParse out;
  auto fail = [&](MoveError error, const std::string& message) {
    out.error = error;
    out.message = std::string(side_name(side)) + " move \"" + std::string(text) + "\": " + message;
    return out;
  };
  auto blank = [](char ch) { return std::isspace(static_cast<unsigned char>(ch)) != 0; };
  auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  const char* own_letters = side == kBlue ? "upper-case" : "lower-case";

  std::array<std::uint8_t, 3> digits{0, 0, 0};
  bool named[kRanks] = {false, false, false, false};
  const std::size_t size = text.size();
  std::size_t i = 0;
  while (size > 0) {
    // A letter at i.
    if (i >= size) return fail(MoveError::BadSpacing, "ends with a blank; pairs are separated by single blanks");
    const char letter = text[i];
    const std::string at = printable(letter) + " at index " + std::to_string(i);
    if (blank(letter)) {
      if (i == 0) return fail(MoveError::BadSpacing, "starts with a blank (" + at + ")");
      return fail(MoveError::BadSpacing, "more than one blank between pairs (" + at + ")");
    }
    const int piece = piece_of_letter(letter);
    if (piece < 0) {
      return fail(MoveError::BadLetter, at + " is not a piece letter; " + side_name(side) + " names its pieces " +
                                            (side == kBlue ? "M, C, D" : "m, c, d"));
    }
    const int owner = piece / kRanks, rank = piece % kRanks;
    if (owner != side) {
      return fail(MoveError::OtherSidesPiece, at + " is " + piece_name(piece) + "; " + side_name(side) +
                                                  " moves only its own pieces (" + own_letters + " letters)");
    }
    if (rank == kCheese) return fail(MoveError::Cheese, at + " is the cheeSe, which never moves");
    if (rank >= rank_count(state.variant)) {
      return fail(MoveError::NotInVariant, at + ": there is no " + rank_name(rank) + " in the mouse variant");
    }
    if (!state.on_board(side, rank)) {
      return fail(MoveError::CapturedPiece, at + ": " + piece_name(piece) + " has been captured");
    }
    if (named[rank]) return fail(MoveError::NamedTwice, at + " names " + piece_name(piece) + " a second time");
    named[rank] = true;
    // One blank at i + 1.
    if (i + 1 >= size) return fail(MoveError::BadDigit, at + " is not followed by a blank and a direction digit");
    const char gap = text[i + 1];
    if (gap != ' ') {
      if (digit(gap)) {
        return fail(MoveError::BadSpacing, "no blank between " + printable(letter) + " and its digit (index " +
                                               std::to_string(i + 1) + "); write \"" + letter + " " + gap + "\"");
      }
      return fail(MoveError::BadSpacing, "expected a single blank after " + printable(letter) + " at index " +
                                             std::to_string(i + 1) + ", found " + printable(gap));
    }
    // The digit at i + 2.
    if (i + 2 >= size) return fail(MoveError::BadDigit, "no direction digit after " + printable(letter) + " (index " +
                                                           std::to_string(i + 2) + ")");
    const char d = text[i + 2];
    if (blank(d)) {
      return fail(MoveError::BadSpacing, "more than one blank after " + printable(letter) + " (index " +
                                             std::to_string(i + 2) + ")");
    }
    if (d < '1' || d > '9') {
      return fail(MoveError::BadDigit, printable(d) + " at index " + std::to_string(i + 2) +
                                           " is not a direction; directions are the numpad digits 1-9");
    }
    digits[rank - 1] = static_cast<std::uint8_t>(d - '0');
    // The end, or one blank and the next pair.
    const std::size_t next = i + 3;
    if (next == size) break;
    if (digit(text[next])) {
      return fail(MoveError::BadDigit, "direction \"" + std::string(text.substr(i + 2, 2)) + "...\" at index " +
                                           std::to_string(i + 2) + " is not a single digit 1-9");
    }
    if (text[next] != ' ') {
      return fail(MoveError::BadSpacing, "expected a single blank between pairs at index " + std::to_string(next) +
                                             ", found " + printable(text[next]));
    }
    i = next + 1;
  }
  out.action = action_from_digits(state, side, digits);
  return out;
}

std::string move_text(const Action& action, int side) {
  std::string out;
  for (int k = 2; k >= 0; --k) {
    if (action.digit[k] == 0) continue;
    if (!out.empty()) out += ' ';
    out += piece_letter(side, k + 1);
    out += ' ';
    out += static_cast<char>('0' + action.digit[k]);
  }
  return out;
}

std::string joint_move_text(const Action& blue, const Action& red) {
  return "[" + move_text(blue, kBlue) + "] [" + move_text(red, kRed) + "]";
}

// ---- the pieces map ------------------------------------------------------------------------------------

std::string pieces_map_text(const State& state) {
  std::string out = "{";
  for (int rank = 0; rank < rank_count(state.variant); ++rank) {
    for (int side = 0; side < 2; ++side) {
      if (out.size() > 1) out += ", ";
      out += std::string("'") + piece_letter(side, rank) + "': ";
      const Square sq = state.at(side, rank);
      out += sq == kNoSquare ? "None" : "(" + std::to_string(row_of(sq)) + ", " + std::to_string(col_of(sq)) + ")";
    }
  }
  return out + "}";
}

State parse_pieces_map(const Board& board, Variant variant, int turn, std::string_view text, const std::string& what) {
  State state = setup_state(board, variant);
  state.phase = Phase::Play;
  if (turn < 0 || turn > state.turn_limit) {
    throw InputError(what + ": turn " + std::to_string(turn) + " is outside 0.." + std::to_string(state.turn_limit));
  }
  state.hash ^= turn_key(0) ^ turn_key(turn);
  state.turn = static_cast<std::uint8_t>(turn);
  Literal in(text, what);
  bool seen[kPieces] = {};
  in.expect('{', "'{' opening the pieces map");
  while (!in.accept('}')) {
    const char quote = in.peek();
    if (quote != '\'' && quote != '"') in.fail("expected a quoted piece letter such as 'S'");
    in.accept(quote);
    const std::size_t key_at = in.position();
    const int piece = key_at < text.size() ? piece_of_letter(text[key_at]) : -1;
    if (piece < 0) in.fail("expected one of the piece letters S s M m C c D d");
    in.advance();
    if (in.next_raw() != quote) in.fail("expected the closing quote of the key");
    in.advance();
    const std::string key = std::string("'") + kPieceLetters[piece] + "'";
    if (seen[piece]) throw InputError(what + ": index " + std::to_string(key_at) + ": key " + key + " appears twice");
    seen[piece] = true;
    in.expect(':', "':' after the key");
    const int rank = piece % kRanks;
    if (in.word("None")) {
      // off the board (captured, or not part of the mouse variant)
    } else {
      const std::size_t value_at = in.position();
      const Cell cell = in.pair();
      const std::string where = what + ": index " + std::to_string(value_at) + ": " + key + " ";
      if (rank >= rank_count(variant)) throw InputError(where + "names a piece the mouse variant does not have");
      if (!board.inside(cell.row, cell.col)) throw InputError(where + square_text(cell.row, cell.col) + " is outside the board");
      if (board.is_wall(cell.row, cell.col)) throw InputError(where + square_text(cell.row, cell.col) + " is a wall");
      put_piece(state, piece, square(cell.row, cell.col));
    }
    if (!in.accept(',')) {
      in.expect('}', "',' or '}'");
      break;
    }
  }
  if (!in.at_end()) in.fail("unexpected text after the pieces map");
  for (int rank = 0; rank < rank_count(variant); ++rank) {
    for (int side = 0; side < 2; ++side) {
      if (!seen[piece_index(side, rank)]) {
        throw InputError(what + ": key '" + std::string(1, piece_letter(side, rank)) + "' is missing; the " +
                         variant_name(variant) + " variant's map has every piece, None when off the board");
      }
    }
  }
  std::string message;
  if (position_problem(state, message) >= 0) throw InputError(what + ": " + message);
  return state;
}

// ---- the setup answer ----------------------------------------------------------------------------------

std::string placement_text(const Placement& placement) {
  std::string out = "(";
  for (int k = 0; k < placement.count; ++k) {
    if (k > 0) out += ", ";
    out += "(" + std::to_string(placement.cells[k].row) + ", " + std::to_string(placement.cells[k].col) + ")";
  }
  return out + ")";
}

Placement parse_placement(std::string_view text, const std::string& what) {
  Literal in(text, what);
  Placement placement;
  const char close = in.opening();
  while (!in.accept(close)) {
    if (placement.count == kRanks) in.fail("more than 4 (row, col) pairs");
    placement.cells[placement.count++] = in.pair();
    if (!in.accept(',')) {
      if (!in.accept(close)) in.fail(std::string("expected ',' or '") + close + "'");
      break;
    }
  }
  if (!in.at_end()) in.fail("unexpected text after the setup");
  return placement;
}

// ---- position files ------------------------------------------------------------------------------------

std::string position_text(const State& state) {
  std::string out = std::string(variant_name(state.variant)) + " " + std::to_string(state.board->rows()) + " " +
                    std::to_string(state.board->cols()) + " " + std::to_string(state.turn) + "\n";
  for (const auto& row : board_rows(*state.board)) out += row + "\n";
  for (int rank = 0; rank < kRanks; ++rank) {
    for (int side = 0; side < 2; ++side) {
      const Square sq = state.at(side, rank);
      if (sq == kNoSquare) continue;
      out += std::string(1, piece_letter(side, rank)) + " " + std::to_string(row_of(sq)) + " " +
             std::to_string(col_of(sq)) + "\n";
    }
  }
  return out;
}

State parse_position_text(const std::string& text, const std::string& source) {
  const std::vector<TextLine> lines = position_lines(text);
  if (lines.empty()) throw InputError(source + ": empty; expected a line 'variant ROWS COLS TURN' and the board");
  const TextLine& header = lines[0];
  const auto fields = split_fields(header.text);
  if (fields.size() != 4) {
    throw InputError(located(source, header.number, 1,
                             "expected 'variant ROWS COLS TURN' (4 fields), found " + std::to_string(fields.size())));
  }
  auto at = [&](const TextLine& line, int col, const std::string& message) {
    return located(source, line.number, col, message);
  };
  const Variant variant = parse_variant(fields[0].text, at(header, fields[0].col, "variant"));
  int numbers[3];
  const char* names[3] = {"ROWS", "COLS", "TURN"};
  for (int k = 0; k < 3; ++k) {
    if (!parse_int(fields[k + 1].text, numbers[k])) {
      throw InputError(at(header, fields[k + 1].col, std::string(names[k]) + " '" + fields[k + 1].text + "' is not a number"));
    }
  }
  const int rows = numbers[0], cols = numbers[1], turn = numbers[2];
  check_size(rows, cols, at(header, fields[1].col, ""));
  if (turn < 0 || turn > kDefaultTurnLimit) {
    throw InputError(at(header, fields[3].col, "TURN " + std::to_string(turn) + " is outside 0.." +
                                                   std::to_string(kDefaultTurnLimit) + " (the turn limit)"));
  }
  if (lines.size() < static_cast<std::size_t>(rows) + 1) {
    const int last = lines.back().number;
    throw InputError(located(source, last + 1, 0, "expected " + std::to_string(rows) + " board lines after the header, found " +
                                                      std::to_string(lines.size() - 1)));
  }
  std::vector<std::string> board_lines;
  for (int r = 0; r < rows; ++r) board_lines.push_back(lines[static_cast<std::size_t>(r) + 1].text);
  const Board board = parse_rows(board_lines, cols, [&](int r, int ch) {
    return located(source, lines[static_cast<std::size_t>(r) + 1].number, ch + 1, "");
  });

  State state = setup_state(board, variant);
  int piece_line[kPieces] = {};
  bool any = false;
  for (std::size_t k = static_cast<std::size_t>(rows) + 1; k < lines.size(); ++k) {
    const TextLine& line = lines[k];
    const auto piece_fields = split_fields(line.text);
    if (piece_fields.empty()) continue;  // blank lines among the piece lines are allowed
    if (piece_fields.size() != 3) {
      throw InputError(at(line, 1, "expected a piece line 'LETTER ROW COL' (e.g. 'S 3 1'), found " +
                                       std::to_string(piece_fields.size()) + " fields"));
    }
    const Field& letter = piece_fields[0];
    const int piece = letter.text.size() == 1 ? piece_of_letter(letter.text[0]) : -1;
    if (piece < 0) throw InputError(at(line, letter.col, "'" + letter.text + "' is not a piece letter (S s M m C c D d)"));
    const int rank = piece % kRanks;
    if (rank >= rank_count(variant)) {
      throw InputError(at(line, letter.col, "there is no " + std::string(rank_name(rank)) + " in the mouse variant"));
    }
    if (piece_line[piece] != 0) {
      throw InputError(at(line, letter.col, letter.text + " appears twice (first on line " + std::to_string(piece_line[piece]) + ")"));
    }
    int row = 0, col = 0;
    if (!parse_int(piece_fields[1].text, row)) throw InputError(at(line, piece_fields[1].col, "ROW '" + piece_fields[1].text + "' is not a number"));
    if (!parse_int(piece_fields[2].text, col)) throw InputError(at(line, piece_fields[2].col, "COL '" + piece_fields[2].text + "' is not a number"));
    if (!board.inside(row, col)) {
      throw InputError(at(line, piece_fields[1].col, square_text(row, col) + " is outside the " + std::to_string(rows) + "x" +
                                                         std::to_string(cols) + " board"));
    }
    if (board.is_wall(row, col)) throw InputError(at(line, piece_fields[1].col, letter.text + " stands on a wall at " + square_text(row, col)));
    piece_line[piece] = line.number;
    put_piece(state, piece, square(row, col));
    any = true;
  }
  if (!any) {
    if (turn != 0) {
      throw InputError(at(header, fields[3].col, "a board for the setup phase (no piece lines) has TURN 0, not " +
                                                     std::to_string(turn)));
    }
    return state;
  }
  state.phase = Phase::Play;
  state.hash ^= turn_key(0) ^ turn_key(turn);
  state.turn = static_cast<std::uint8_t>(turn);
  std::string message;
  const int piece = position_problem(state, message);
  if (piece >= 0) throw InputError(located(source, piece_line[piece], 1, message));
  return state;
}

std::string diagram(const State& state) {
  const Board& board = *state.board;
  std::string out = std::string(variant_name(state.variant)) + " " + std::to_string(board.rows()) + "x" +
                    std::to_string(board.cols()) + ", ";
  if (state.phase == Phase::Setup) {
    out += "setup phase: blue has " + std::to_string(setup_squares(board, kBlue).size()) + " setup squares, red " +
           std::to_string(setup_squares(board, kRed).size()) + "\n";
  } else {
    const Result r = result(state);
    out += "turn " + std::to_string(state.turn) + " of " + std::to_string(state.turn_limit) + ", " + to_string(r.outcome);
    if (r.over()) out += std::string(" (") + to_string(r.reason) + ")";
    out += "\n";
  }
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (board.is_wall(r, c)) {
        out += "####";
        continue;
      }
      std::string cell;
      for (int piece = 0; piece < kPieces; ++piece) {
        if (state.pos[piece] == square(r, c)) cell += kPieceLetters[piece];
      }
      if (cell.empty()) cell = " .";
      cell.resize(4, ' ');
      out += cell;
    }
    out += "\n";
  }
  return out;
}

}  // namespace gamelab::dcms
