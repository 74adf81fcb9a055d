#include "perft_against/move_tree.hpp"

#include "bullets/notation.hpp"
#include "bullets/rules.hpp"
#include "core/error.hpp"
#include "dcms/actions.hpp"
#include "dcms/notation.hpp"
#include "dcms/rules.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/rules.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"

namespace gamelab::perft_against {

std::string without_blanks(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') out += ch;
  }
  return out;
}

namespace {

constexpr const char* kSource = "position";

// ---- Raichu: one spelling per move ------------------------------------------------------------------
// A child's position line starts its ply count afresh (the file form has none), so the ply limit (400)
// is counted from each child: perft depths never come near it.
std::vector<TreeMove> raichu_moves(const std::string& text) {
  const raichu::State s = raichu::parse_position_text(text, kSource);
  std::vector<TreeMove> out;
  if (raichu::ends_before_moves(s)) return out;
  raichu::MoveList moves;
  raichu::generate_moves(s, moves);
  for (const auto& m : moves) {
    const raichu::State child = raichu::play(s, m);
    out.push_back({without_blanks(raichu::move_text(m, s)), raichu::position_line(child) + "\n",
                   raichu::ends_before_moves(child)});
  }
  return out;
}

std::string raichu_canonical(const std::string& text, const std::string& token) {
  for (const auto& m : raichu_moves(text)) {
    if (m.token == token) return token;
  }
  return "";
}

// ---- jump chess: any path of a move names it ---------------------------------------------------------
std::vector<TreeMove> jumpchess_moves(const std::string& text) {
  const jumpchess::State s = jumpchess::parse_position_text(text, kSource);
  std::vector<TreeMove> out;
  if (jumpchess::ends_before_moves(s)) return out;
  jumpchess::MoveList moves;
  jumpchess::generate_moves(s, moves);
  for (const auto& m : moves) {
    const jumpchess::State child = jumpchess::play(s, m);
    out.push_back({without_blanks(jumpchess::move_text(m)), jumpchess::position_text(child),
                   jumpchess::ends_before_moves(child)});
  }
  return out;
}

std::string jumpchess_canonical(const std::string& text, const std::string& token) {
  using namespace jumpchess;
  const State s = parse_position_text(text, kSource);
  if (ends_before_moves(s)) return "";
  try {
    const Path path = token == "pass" ? Path{} : parse_path(token, "move");
    return without_blanks(move_text(find_move(s, path, "move")));
  } catch (const InputError&) {
    return "";
  }
}

// ---- Dog-Cat-Mouse-cheeSe: "[BLUE][RED]", each side's move string without blanks ----------------------
std::vector<TreeMove> dcms_moves(const std::string& text) {
  using namespace dcms;
  const State s = parse_position_text(text, kSource);
  std::vector<TreeMove> out;
  if (s.phase == Phase::Setup || ends_before_moves(s)) return out;
  dcms::ActionList blue, red;
  generate_actions(s, kBlue, blue);
  generate_actions(s, kRed, red);
  for (const auto& b : blue) {
    for (const auto& r : red) {
      const State child = play(s, b, r);
      out.push_back({without_blanks(joint_move_text(b, r)), position_text(child), ends_before_moves(child)});
    }
  }
  return out;
}

// "D2C5M4" -> "D 2 C 5 M 4": the move string of docs/rules/dcms.md §4 (pairs of one letter, one digit).
std::string spaced_pairs(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (k > 0) out += ' ';
    out += text[k];
  }
  return out;
}

std::string dcms_canonical(const std::string& text, const std::string& token) {
  using namespace dcms;
  const State s = parse_position_text(text, kSource);
  if (s.phase == Phase::Setup || ends_before_moves(s)) return "";
  const std::size_t middle = token.find("][");
  if (token.size() < 4 || token.front() != '[' || token.back() != ']' || middle == std::string::npos) return "";
  const MoveParse blue = parse_move(s, kBlue, spaced_pairs(token.substr(1, middle - 1)));
  const MoveParse red = parse_move(s, kRed, spaced_pairs(token.substr(middle + 2, token.size() - middle - 3)));
  if (!blue.ok() || !red.ok()) return "";
  return without_blanks(joint_move_text(blue.action, red.action));
}

// ---- Bullets: "B<action>R<action>" -------------------------------------------------------------------
std::vector<TreeMove> bullets_moves(const std::string& text) {
  using namespace bullets;
  const Position p = parse_position(text, kSource);
  std::vector<TreeMove> out;
  if (ends_before_moves(p.state)) return out;
  bullets::ActionList blue, red;
  generate_actions(p.state, Blue, blue);
  generate_actions(p.state, Red, red);
  for (const auto b : blue) {
    for (const auto r : red) {
      const State child = play(p.state, b, r);
      out.push_back({without_blanks(joint_text(b, r)), position_text(child, p.you), ends_before_moves(child)});
    }
  }
  return out;
}

std::string bullets_canonical(const std::string& text, const std::string& token) {
  using namespace bullets;
  const Position p = parse_position(text, kSource);
  if (ends_before_moves(p.state)) return "";
  if (token.size() != 4 || token[0] != 'B' || token[2] != 'R') return "";
  Action joint[2];
  for (int side = 0; side < 2; ++side) {
    const char digit = token[1 + 2 * side];
    if (digit < '0' || digit > '8') return "";
    bullets::ActionList legal;
    generate_actions(p.state, static_cast<Side>(side), legal);
    Action a = static_cast<Action>(digit - '0');
    bool listed = false;
    for (const auto l : legal) listed = listed || l == a;
    if (!listed) a = kNothing;  // a move into a wall: the same action as doing nothing
    joint[side] = a;
  }
  return without_blanks(joint_text(joint[0], joint[1]));
}

const std::vector<MoveTree>& trees() {
  static const std::vector<MoveTree> all = {
      {"raichu", raichu_moves, raichu_canonical},
      {"jumpchess", jumpchess_moves, jumpchess_canonical},
      {"dcms", dcms_moves, dcms_canonical},
      {"bullets", bullets_moves, bullets_canonical},
  };
  return all;
}

}  // namespace

const MoveTree& move_tree(const std::string& name) {
  for (const auto& tree : trees()) {
    if (tree.game == name) return tree;
  }
  throw InputError("perft --against: no move tree for game '" + name + "'");
}

}  // namespace gamelab::perft_against
