// A small driver for the exported GetStep file (`gamelab export jumpchess --cpp`), compiled by the
// tests as `g++ -std=c++14 -Wall -Wextra -Werror -O2 -include EXPORTED.cpp getstep_driver.cpp`.
// Each line of standard input is one request, answered by one line on standard output:
//   search DIGITS SIDE DEPTH   the export's searcher at a fixed depth (one searcher for all lines, as
//                              GetStep keeps one): "PATH score S depth D nodes N"
//   getstep DIGITS SIDE        GetStep itself (its own time limit): "PATH"
//   eval DIGITS SIDE MB MW [PLAY]  the evaluation the search uses, Black and White having made MB and
//                              MW moves: "learned L total T" (L the learned score, 0 without one; T what
//                              the search adds up, before its clamp); with PLAY (a move's index in the
//                              generated list) the same for the position after it, its sums kept by Play
// DIGITS: the 64 board values row-major; SIDE: b or w. PATH: "[(r,c), (r,c), ...]", "[]" for a pass.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string path_text(const std::vector<std::vector<int> >& path) {
  std::string out = "[";
  for (std::size_t k = 0; k < path.size(); ++k) {
    if (k > 0) out += ", ";
    out += "(" + std::to_string(path[k][0]) + "," + std::to_string(path[k][1]) + ")";
  }
  return out + "]";
}

std::vector<std::vector<int> > board_of(const std::string& digits) {
  std::vector<std::vector<int> > board(8, std::vector<int>(8, 0));
  for (int sq = 0; sq < 64 && sq < static_cast<int>(digits.size()); ++sq) board[sq / 8][sq % 8] = digits[sq] - '0';
  return board;
}

}  // namespace

int main() {
  using namespace gamelab_jumpchess_export;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string command, digits, side;
    in >> command >> digits >> side;
    std::vector<std::vector<int> > board = board_of(digits);
    if (command == "getstep") {
      std::cout << path_text(GetStep(board, side == "b")) << std::endl;
      continue;
    }
    State s;
    const char* problem = "";
    if (!ReadBoard(board, side == "b", s, problem)) {
      std::cout << "error " << problem << std::endl;
      continue;
    }
    if (command == "eval") {
      in >> s.moves_made[Black] >> s.moves_made[White];
      LearnedRefresh(s);  // the learned sums with these counts (ReadBoard made them with 0 and 0)
      MoveList moves;
      GenerateMoves(s, moves);
      int play = -1;
      if (in >> play && play >= 0 && static_cast<std::size_t>(play) < moves.Size()) {
        s = Play(s, moves[static_cast<std::size_t>(play)]);
        GenerateMoves(s, moves);
      }
      std::cout << "learned " << (kLearnedForm == 0 ? 0 : LearnedScore(s)) << " total " << SearchEvaluate(s, moves)
                << std::endl;
      continue;
    }
    int depth = 1;
    in >> depth;
    const Limits limits = {depth, 0, 0};
    const SearchResult found = TheSearcher().Search(s, limits);
    std::cout << path_text(found.has_best ? PathOf(found.best) : std::vector<std::vector<int> >()) << " score "
              << found.score << " depth " << found.depth << " nodes " << found.nodes << std::endl;
  }
  return 0;
}
