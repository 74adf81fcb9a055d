#include "jumpchess/notation.hpp"

#include <cctype>
#include <charconv>
#include <vector>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::jumpchess {

namespace {

std::string printable(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch >= 32 && ch < 127) {
      out += ch;
    } else {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned char>(ch));
      out += buffer;
    }
  }
  return "'" + out + "'";
}

bool parse_int(const std::string& text, int& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && !text.empty();
}

const char* capital(Color c) { return c == Black ? "Black" : "White"; }

}  // namespace

Color parse_side(const std::string& text, const std::string& what) {
  if (text == "black" || text == "b") return Black;
  if (text == "white" || text == "w") return White;
  throw InputError(what + ": side " + printable(text) + " must be black or white");
}

const char* side_name(Color c) { return c == Black ? "black" : "white"; }

State make_position(Bitboard black, Bitboard white, Color side, int black_moves, int white_moves,
                    const std::string& what) {
  for (Color c : {Black, White}) {
    const int count = std::popcount(c == Black ? black : white);
    if (count > kPiecesPerSide) {
      throw InputError(what + ": " + capital(c) + " has " + std::to_string(count) +
                       " pieces; a side never has more than " + std::to_string(kPiecesPerSide));
    }
  }
  for (int moves : {black_moves, white_moves}) {
    if (moves < 0 || moves > kMoveLimit) {
      throw InputError(what + ": a side's move count must be between 0 and " + std::to_string(kMoveLimit) +
                       ", not " + std::to_string(moves));
    }
  }
  const int mover = side == Black ? black_moves : white_moves;
  const int other = side == Black ? white_moves : black_moves;
  if (other - mover != 0 && other - mover != 1) {
    throw InputError(what + ": " + side_name(side) + " is to move having made " + std::to_string(mover) +
                     " moves and " + side_name(opponent(side)) + " " + std::to_string(other) +
                     "; moves alternate, so the side to move has made as many moves as the other side or "
                     "one fewer");
  }
  State state;
  for (Bitboard set = black; set; set &= set - 1) put_piece(state, Black, std::countr_zero(set));
  for (Bitboard set = white; set; set &= set - 1) put_piece(state, White, std::countr_zero(set));
  state.side = side;
  state.moves_made = {static_cast<std::uint16_t>(black_moves), static_cast<std::uint16_t>(white_moves)};
  state.hash = compute_hash(state);
  return state;
}

std::string board_rows(const State& state) {
  std::string out;
  for (int r = 0; r < kSize; ++r) {
    for (int c = 0; c < kSize; ++c) {
      out += static_cast<char>('0' + state.value_at(square(r, c)));
      out += c + 1 < kSize ? ' ' : '\n';
    }
  }
  return out;
}

std::string board_digits(const State& state) {
  std::string out;
  for (int sq = 0; sq < kSquares; ++sq) out += static_cast<char>('0' + state.value_at(sq));
  return out;
}

bool looks_like_board_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("012/") == std::string::npos;
}

State parse_board_digits(const std::string& text, Color side, const std::string& what) {
  Bitboard pieces[2] = {0, 0};
  int sq = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '/') continue;
    if (ch != '0' && ch != '1' && ch != '2') {
      throw InputError(what + ": character " + printable(std::string(1, ch)) + " at index " + std::to_string(i) +
                       " is not 0, 1, 2 or '/'");
    }
    if (sq < kSquares && ch != '0') pieces[ch - '1'] |= bit(sq);
    ++sq;
  }
  if (sq != kSquares) {
    throw InputError(what + ": " + std::to_string(sq) + " square values; the 8 x 8 board needs 64 (0 empty, "
                     "1 black, 2 white, row-major)");
  }
  return make_position(pieces[Black], pieces[White], side, 0, 0, what);
}

std::string position_text(const State& state) {
  return board_rows(state) + side_name(state.side) + "\nmoves " + std::to_string(state.moves_made[Black]) + " " +
         std::to_string(state.moves_made[White]) + "\n";
}

State parse_position_text(const std::string& text, const std::string& source) {
  const std::vector<TextLine> lines = position_lines(text);
  const std::string expected = "expected 8 rows of 8 values 0/1/2, then 'black' or 'white', then optionally "
                               "'moves B W'";
  if (lines.empty()) throw InputError(source + ": empty; " + expected);
  Bitboard pieces[2] = {0, 0};
  int counts[2] = {0, 0};
  for (int r = 0; r < kSize; ++r) {
    if (r >= static_cast<int>(lines.size())) {
      throw InputError(source + ": ends after " + std::to_string(lines.size()) + " lines; " + expected);
    }
    const TextLine& line = lines[r];
    const auto tokens = split_fields(line.text);
    for (std::size_t c = 0; c < tokens.size() && c < kSize; ++c) {
      const std::string& value = tokens[c].text;
      if (value != "0" && value != "1" && value != "2") {
        throw InputError(located(source, line.number, tokens[c].col,
                                 "value " + printable(value) + " (row " + std::to_string(r) + ", col " +
                                     std::to_string(c) + ") is not 0 (empty), 1 (black) or 2 (white)"));
      }
      if (value == "0") continue;
      const Color color = value == "1" ? Black : White;
      if (++counts[color] > kPiecesPerSide) {
        throw InputError(located(source, line.number, tokens[c].col,
                                 std::string(capital(color)) + " has more than " + std::to_string(kPiecesPerSide) +
                                     " pieces; a side never has more"));
      }
      pieces[color] |= bit(square(r, static_cast<int>(c)));
    }
    if (tokens.size() != static_cast<std::size_t>(kSize)) {
      const int col = tokens.size() > kSize ? tokens[kSize].col : static_cast<int>(line.text.size()) + 1;
      throw InputError(located(source, line.number, col,
                               "board row " + std::to_string(r) + " has " + std::to_string(tokens.size()) +
                                   " values; expected 8"));
    }
  }
  if (lines.size() < 9) throw InputError(source + ": no side line after the board; " + expected);
  const TextLine& side_line = lines[8];
  const auto side_tokens = split_fields(side_line.text);
  if (side_tokens.size() != 1) {
    throw InputError(located(source, side_line.number, 1, "expected one word, 'black' or 'white' (the side to move)"));
  }
  const Color side = parse_side(side_tokens[0].text, located(source, side_line.number, side_tokens[0].col, "side"));
  int moves[2] = {0, 0};
  int moves_line = side_line.number;
  if (lines.size() >= 10) {
    const TextLine& line = lines[9];
    moves_line = line.number;
    const auto tokens = split_fields(line.text);
    if (tokens.empty() || tokens[0].text != "moves") {
      throw InputError(located(source, line.number, tokens.empty() ? 1 : tokens[0].col,
                               "expected 'moves B W' (moves made by Black and White) or the end of the file"));
    }
    if (tokens.size() != 3) {
      throw InputError(located(source, line.number, 1,
                               "expected 'moves B W' (3 fields), found " + std::to_string(tokens.size())));
    }
    for (int k = 0; k < 2; ++k) {
      if (!parse_int(tokens[k + 1].text, moves[k])) {
        throw InputError(located(source, line.number, tokens[k + 1].col,
                                 "move count " + printable(tokens[k + 1].text) + " is not a number"));
      }
    }
  }
  if (lines.size() > 10) {
    throw InputError(located(source, lines[10].number, 1, "unexpected extra line; " + expected));
  }
  return make_position(pieces[Black], pieces[White], side, moves[Black], moves[White],
                       located(source, moves_line, 0, "position"));
}

std::string diagram(const State& state) {
  std::string out = "   0 1 2 3 4 5 6 7\n";
  for (int r = 0; r < kSize; ++r) {
    out += std::to_string(r) + " ";
    for (int c = 0; c < kSize; ++c) {
      const int value = state.value_at(square(r, c));
      out += ' ';
      out += value == 1 ? 'b' : value == 2 ? 'w' : '.';
    }
    out += "\n";
  }
  out += "   w w         b b   (targets: White columns 0-1, Black columns 6-7)\n";
  const Result r = result(state);
  out += std::string(side_name(state.side)) + " to move; moves made: black " + std::to_string(state.moves_made[Black]) +
         ", white " + std::to_string(state.moves_made[White]) + " (of " + std::to_string(kMoveLimit) + ")\n";
  out += "pieces: black " + std::to_string(state.piece_count(Black)) + ", white " +
         std::to_string(state.piece_count(White)) + "; score: black " + std::to_string(r.black_score) + ", white " +
         std::to_string(r.white_score) + "\n";
  if (r.over()) out += std::string("game over: ") + to_string(r.outcome) + " (" + to_string(r.reason) + ")\n";
  return out;
}

std::string path_text(const Path& path) {
  std::string out = "[";
  for (std::size_t k = 0; k < path.size(); ++k) {
    if (k > 0) out += ", ";
    out += "(" + std::to_string(path[k].row) + "," + std::to_string(path[k].col) + ")";
  }
  return out + "]";
}

std::string move_text(const Move& move) { return move.is_pass() ? "pass" : path_text(path_of(move)); }

Path parse_path(const std::string& text, const std::string& what) {
  std::size_t i = 0;
  auto fail = [&](const std::string& message) -> InputError {
    return InputError(what + ": " + message + " at column " + std::to_string(i + 1) + " of " + printable(text));
  };
  auto skip_blanks = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  auto expect = [&](char ch) {
    skip_blanks();
    if (i >= text.size() || text[i] != ch) throw fail(std::string("expected '") + ch + "'");
    ++i;
  };
  auto number = [&] {
    skip_blanks();
    const std::size_t start = i;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    int value = 0;
    if (!parse_int(text.substr(start, i - start), value)) {
      i = start;
      throw fail("expected a number");
    }
    return value;
  };
  Path path;
  expect('[');
  skip_blanks();
  if (i < text.size() && text[i] == ']') {
    ++i;
  } else {
    while (true) {
      skip_blanks();
      const char open = i < text.size() ? text[i] : '\0';
      if (open != '(' && open != '[') throw fail("expected '(' opening a square (row,col)");
      ++i;
      Coord c;
      c.row = number();
      expect(',');
      c.col = number();
      expect(open == '(' ? ')' : ']');
      path.push_back(c);
      skip_blanks();
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      expect(']');
      break;
    }
  }
  skip_blanks();
  if (i != text.size()) throw fail("unexpected text after the path");
  return path;
}

}  // namespace gamelab::jumpchess
