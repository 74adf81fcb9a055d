#include "bullets/notation.hpp"

#include <bit>
#include <cctype>
#include <cstdio>
#include <vector>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::bullets {

namespace {

constexpr std::uint64_t kMaxNumber = 1000000000;  // rounds and limits beyond this are not a real game

class Parser {
 public:
  Parser(const std::string& text, const std::string& source, Reading reading)
      : source_(source), lines_(position_lines(text)), lenient_(reading == Reading::Lenient) {}

  Position run() {
    if (lines_.empty()) {
      throw InputError(source_ + ": empty; expected the tournament's input ('n m', the board rows, the round, R or B)");
    }
    if (lenient_) lines_[0].text = single_blanks(trim_blanks(lines_[0].text));
    parse_size(lines_[0]);
    std::vector<bool> walls(static_cast<std::size_t>(rows_) * cols_, false);
    if (lenient_) {
      for (std::size_t k = 1; k < lines_.size(); ++k) {
        std::string& text = lines_[k].text;
        if (k <= static_cast<std::size_t>(rows_)) {
          fit_row(text);
        } else {
          text = trim_blanks(text);
          if (k == static_cast<std::size_t>(rows_) + 2 && text.size() == 1) text[0] = static_cast<char>(std::toupper(text[0]));
        }
      }
    }
    for (int r = 0; r < rows_; ++r) parse_row(r, line(1 + r, "board row " + std::to_string(r)), walls);
    for (int side = 0; side < 2; ++side) {
      if (player_[side] < 0) {
        throw error(lines_[1], 0, std::string("no ") + (side == Red ? "red player 'R'" : "blue player 'B'") +
                                      " on the board");
      }
    }
    const TextLine& round_line = line(1 + rows_, "the round number");
    const std::uint32_t round = whole_number(round_line, 0, "the round number");
    const TextLine& side_line = line(2 + rows_, "the side letter R or B");
    if (side_line.text != "R" && side_line.text != "B") {
      throw error(side_line, 1, "expected the side letter R or B alone on the line, found '" + side_line.text + "'");
    }
    const Side you = side_line.text == "R" ? Red : Blue;
    std::uint32_t limit = kDefaultRoundLimit;
    if (lines_.size() > static_cast<std::size_t>(3 + rows_)) {
      const TextLine& limit_line = lines_[3 + rows_];
      if (limit_line.text.rfind("limit ", 0) != 0) {
        throw error(limit_line, 1, "unexpected line; after the side letter only 'limit L' may follow");
      }
      limit = whole_number(limit_line, 6, "the round limit");
      if (limit == 0) throw error(limit_line, 7, "the round limit must be at least 1");
      if (lines_.size() > static_cast<std::size_t>(4 + rows_)) {
        throw error(lines_[4 + rows_], 1, "unexpected line after 'limit L'");
      }
    }
    if (round > limit) {
      throw error(round_line, 1, "round " + std::to_string(round) + " is past the round limit " + std::to_string(limit) +
                                     " (a position file sets the limit with a last line 'limit L')");
    }
    const Board* board = intern_board(rows_, cols_, walls);
    return {make_state(board, player_[Blue], player_[Red], bullets_, round, limit), you};
  }

 private:
  // A lenient reading's board row: stripped trailing blanks put back, blanks after the last cell dropped.
  void fit_row(std::string& text) const {
    const std::size_t expected = 4 * static_cast<std::size_t>(cols_);
    if (text.size() < expected) {
      text.append(expected - text.size(), ' ');
    } else if (text.size() > expected && text.find_first_not_of(" \t", expected) == std::string::npos) {
      text.resize(expected);
    }
  }

  // Runs of blanks and tabs as one blank.
  static std::string single_blanks(const std::string& text) {
    std::string out;
    for (const char ch : text) {
      const bool blank = ch == ' ' || ch == '\t';
      if (blank && !out.empty() && out.back() == ' ') continue;
      out += blank ? ' ' : ch;
    }
    return out;
  }

  InputError error(const TextLine& at, int col, const std::string& message) const {
    return InputError(located(source_, at.number, col, message));
  }

  const TextLine& line(int index, const std::string& what) const {
    if (static_cast<std::size_t>(index) >= lines_.size()) {
      throw InputError(located(source_, lines_.back().number, 0, "the input ends here; expected " + what));
    }
    return lines_[index];
  }

  // Digits from `pos` on; returns the value and leaves `pos` after them.
  std::uint64_t digits(const TextLine& at, std::size_t& pos, const std::string& what) const {
    const std::string& text = at.text;
    if (pos >= text.size() || text[pos] < '0' || text[pos] > '9') {
      throw error(at, static_cast<int>(pos) + 1,
                  "expected " + what + " (digits), found " + (pos >= text.size() ? "the line's end" : printable(text[pos])));
    }
    const std::size_t start = pos;
    std::uint64_t value = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(text[pos] - '0');
      if (value > kMaxNumber) throw error(at, static_cast<int>(start) + 1, what + " is too large");
      ++pos;
    }
    return value;
  }

  // A line holding one number from column `pos` + 1 to its end.
  std::uint32_t whole_number(const TextLine& at, std::size_t pos, const std::string& what) const {
    const std::uint64_t value = digits(at, pos, what);
    if (pos != at.text.size()) {
      throw error(at, static_cast<int>(pos) + 1, "unexpected " + printable(at.text[pos]) + " after " + what);
    }
    return static_cast<std::uint32_t>(value);
  }

  void parse_size(const TextLine& at) {
    std::size_t pos = 0;
    const std::uint64_t n = digits(at, pos, "the board height n");
    if (pos >= at.text.size() || at.text[pos] != ' ') {
      throw error(at, static_cast<int>(pos) + 1, "expected one blank and the width m: the first line is 'n m'");
    }
    ++pos;
    const std::size_t m_pos = pos;
    const std::uint64_t m = digits(at, pos, "the board width m");
    if (pos != at.text.size()) {
      throw error(at, static_cast<int>(pos) + 1, "unexpected " + printable(at.text[pos]) + " after the width m");
    }
    const auto check = [&](std::uint64_t value, std::size_t col, const char* name) {
      if (value < static_cast<std::uint64_t>(kMinSize) || value > static_cast<std::uint64_t>(kMaxSize)) {
        throw error(at, static_cast<int>(col) + 1,
                    std::string("board ") + name + " = " + std::to_string(value) + " is not supported (" +
                        std::to_string(kMinSize) + " to " + std::to_string(kMaxSize) + ")");
      }
    };
    check(n, 0, "height n");
    check(m, m_pos, "width m");
    rows_ = static_cast<int>(n);
    cols_ = static_cast<int>(m);
  }

  void parse_row(int r, const TextLine& at, std::vector<bool>& walls) {
    const std::string& text = at.text;
    const std::size_t expected = 4 * static_cast<std::size_t>(cols_);
    if (text.size() < expected) {
      std::string message = "board row " + std::to_string(r) + " has " + std::to_string(text.size()) +
                            " characters; m = " + std::to_string(cols_) + " cells of 4 characters need " +
                            std::to_string(expected);
      if (text.size() % 4 != 0) message += " (were trailing blanks removed?)";
      throw error(at, static_cast<int>(text.size()) + 1, message);
    }
    if (text.size() > expected) {
      throw error(at, static_cast<int>(expected) + 1,
                  "unexpected " + printable(text[expected]) + " after the last of the m = " + std::to_string(cols_) +
                      " cells of board row " + std::to_string(r));
    }
    for (int c = 0; c < cols_; ++c) {
      const std::size_t at0 = 4 * static_cast<std::size_t>(c);
      const char* cell = text.data() + at0;
      const std::string where = " (square " + std::to_string(r) + "," + std::to_string(c) + ")";
      static constexpr char kAllowed[4][3] = {{' ', 0, 0}, {' ', 'v', 0}, {' ', '<', 0}, {' ', '>', 0}};
      if (cell[0] != ' ' && cell[0] != '#' && cell[0] != 'R' && cell[0] != 'B' && cell[0] != '^') {
        throw error(at, static_cast<int>(at0) + 1,
                    printable(cell[0]) + " is not a cell's first character (' ', '#', 'R', 'B' or '^')" + where);
      }
      for (int k = 1; k < 4; ++k) {
        if (cell[k] != ' ' && cell[k] != kAllowed[k][1]) {
          throw error(at, static_cast<int>(at0) + k + 1,
                      printable(cell[k]) + " is not allowed as character " + std::to_string(k) + " of a cell (' ' or '" +
                          kAllowed[k][1] + "')" + where);
        }
      }
      const bool border = r == 0 || c == 0 || r == rows_ - 1 || c == cols_ - 1;
      if (cell[0] == '#') {
        for (int k = 1; k < 4; ++k) {
          if (cell[k] != ' ') throw error(at, static_cast<int>(at0) + k + 1, "a wall cannot hold a bullet" + where);
        }
        walls[static_cast<std::size_t>(r) * cols_ + c] = true;
        continue;
      }
      if (border) {
        throw error(at, static_cast<int>(at0) + 1, "the border is all walls: expected '#   '" + where);
      }
      const int index = r * cols_ + c;
      if (cell[0] == 'R' || cell[0] == 'B') {
        const Side side = cell[0] == 'R' ? Red : Blue;
        if (player_[side] >= 0) {
          throw error(at, static_cast<int>(at0) + 1,
                      std::string("a second ") + (side == Red ? "red player 'R'" : "blue player 'B'") + where +
                          "; the first is at line " + std::to_string(player_line_[side]) + ", column " +
                          std::to_string(player_col_[side]));
        }
        player_[side] = index;
        player_line_[side] = at.number;
        player_col_[side] = static_cast<int>(at0) + 1;
      } else if (cell[0] == '^') {
        bullets_.push_back({index, Up});
      }
      if (cell[1] == 'v') bullets_.push_back({index, Down});
      if (cell[2] == '<') bullets_.push_back({index, Left});
      if (cell[3] == '>') bullets_.push_back({index, Right});
    }
  }

  std::string source_;
  std::vector<TextLine> lines_;
  int rows_ = 0, cols_ = 0;
  int player_[2] = {-1, -1};
  int player_line_[2] = {0, 0};
  int player_col_[2] = {0, 0};
  std::vector<BulletPlace> bullets_;
  bool lenient_ = false;
};

std::string square_text(const Board& board, int cell) {
  return "(" + std::to_string(board.row_of(cell)) + "," + std::to_string(board.col_of(cell)) + ")";
}

}  // namespace

Position parse_position(const std::string& text, const std::string& source, Reading reading) {
  return Parser(text, source, reading).run();
}

std::string tournament_input(const State& state, Side you) {
  const Board& board = *state.board;
  const std::vector<std::uint8_t> masks = bullet_masks(state);
  std::string out = std::to_string(board.rows()) + " " + std::to_string(board.cols()) + "\n";
  out.reserve(out.size() + static_cast<std::size_t>(board.rows()) * (4 * board.cols() + 1) + 16);
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      const int cell = board.cell(r, c);
      if (board.wall(cell)) {
        out += "#   ";
        continue;
      }
      const std::uint8_t mask = masks[cell];
      char first = (mask & (1u << Up)) ? '^' : ' ';
      if (cell == state.player[Red]) first = 'R';
      if (cell == state.player[Blue]) first = 'B';
      out += first;
      out += (mask & (1u << Down)) ? 'v' : ' ';
      out += (mask & (1u << Left)) ? '<' : ' ';
      out += (mask & (1u << Right)) ? '>' : ' ';
    }
    out += '\n';
  }
  out += std::to_string(state.round) + "\n";
  out += side_letter(you);
  out += '\n';
  return out;
}

std::string position_text(const State& state, Side you) {
  return tournament_input(state, you) + "limit " + std::to_string(state.limit) + "\n";
}

bool representable(const State& state) {
  for (int side = 0; side < 2; ++side) {
    const int cell = state.player[side];
    if (state.has_slot(state.board->slot(cell, Up, state.round))) return false;
  }
  return true;
}

std::string diagram(const State& state) {
  const Board& board = *state.board;
  const std::vector<std::uint8_t> masks = bullet_masks(state);
  static constexpr char kArrow[4] = {'^', 'v', '<', '>'};
  std::string out;
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      const int cell = board.cell(r, c);
      const std::uint8_t mask = masks[cell];
      char ch = '.';
      if (board.wall(cell)) {
        ch = '#';
      } else if (cell == state.player[Red]) {
        ch = mask ? 'r' : 'R';
      } else if (cell == state.player[Blue]) {
        ch = mask ? 'b' : 'B';
      } else if (mask) {
        const int count = std::popcount(mask);
        ch = count == 1 ? kArrow[std::countr_zero(mask)] : static_cast<char>('0' + count);
      }
      out += ch;
    }
    out += '\n';
  }
  return out + summary(state) + "\n";
}

std::string summary(const State& state) {
  const Board& board = *state.board;
  std::string out = "R " + square_text(board, state.player[Red]) + " B " + square_text(board, state.player[Blue]) +
                    ", round " + std::to_string(state.round) + "/" + std::to_string(state.limit) + ", " +
                    std::to_string(state.bullet_count()) + (state.bullet_count() == 1 ? " bullet" : " bullets");
  const Result r = result(state);
  if (r.over()) out += std::string(", ") + to_string(r.outcome) + " (" + to_string(r.reason) + ")";
  return out;
}

std::string action_text(Action action) { return std::to_string(static_cast<int>(action)); }

Action parse_action(const std::string& text, const std::string& what) {
  const auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  std::size_t begin = 0, end = text.size();
  while (begin < end && blank(text[begin])) ++begin;
  while (end > begin && blank(text[end - 1])) --end;
  const std::string core = text.substr(begin, end - begin);
  if (core.size() != 1 || core[0] < '0' || core[0] > '8') {
    throw InputError(what + ": '" + core + "' is not an action; expected one integer 0-8");
  }
  return static_cast<Action>(core[0] - '0');
}

std::string joint_text(Action blue, Action red) { return "B" + action_text(blue) + " R" + action_text(red); }

void parse_joint(const std::string& text, Action& blue, Action& red, bool silent[2], const std::string& what) {
  const std::string where = what + " '" + text + "'";
  if (text.size() < 5 || text[0] != 'B' || text[2] != ' ' || text[3] != 'R' || (text.size() > 5 && text[5] != ' ')) {
    throw InputError(where + ": expected 'B<action> R<action>'");
  }
  blue = parse_action(text.substr(1, 1), where);
  red = parse_action(text.substr(4, 1), where);
  silent[Blue] = text.find("[blue:") != std::string::npos;
  silent[Red] = text.find("[red:") != std::string::npos;
}

Side parse_side(const std::string& text, const std::string& what) {
  if (text == "R") return Red;
  if (text == "B") return Blue;
  throw InputError(what + ": side '" + text + "' must be R or B");
}

}  // namespace gamelab::bullets
