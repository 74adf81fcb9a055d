#pragma once
// A deliberately simple Raichu move generator written straight from docs/rules/raichu.md, sharing no code with
// the engine: boards are strings, moves are resulting board strings.
#include <string>
#include <vector>

namespace reference_raichu {

// All successor boards of `board` (n*n characters) with `side` ('w' or 'b') to move.
std::vector<std::string> successors(int n, char side, const std::string& board);

// Perft on the reference generator, with the end rules of docs/rules/raichu.md (no ply limit).
unsigned long long perft(int n, char side, const std::string& board, int depth);

}  // namespace reference_raichu
