#pragma once
// The two ways of counting a match's results: per game (wins, draws, losses) and per pair of games
// played from the same opening with the seats swapped (the pentanomial).
//
// All counts are from the point of view of one engine, "A" (the first engine of the match).
// A pair's score is the sum of A's two game scores: 0, 0.5, 1, 1.5 or 2. The pentanomial keeps
// five cells, lowest score first: LL (0), LD (0.5), DD+WL (1), WD (1.5), WW (2). A drawn pair (DD)
// and a pair of one win and one loss (WL) have the same score, so they share the middle cell, as in
// fishtest; the order of the two games inside a pair does not matter (LD counts DL too).
#include <array>
#include <cstdint>
#include <string>

namespace gamelab::eval {

struct WdlCounts {
  std::uint64_t wins = 0;
  std::uint64_t draws = 0;
  std::uint64_t losses = 0;

  std::uint64_t games() const { return wins + draws + losses; }
  // A's score in one game: 1, 0.5 or 0 (anything else is a programming error: std::invalid_argument).
  void add_game(double score);
  WdlCounts& operator+=(const WdlCounts& other);
  bool operator==(const WdlCounts&) const = default;
};

struct PentanomialCounts {
  // cells[k]: pairs in which A scored k / 2 points; index names below.
  std::array<std::uint64_t, 5> cells{};

  static constexpr int LL = 0, LD = 1, DD_WL = 2, WD = 3, WW = 4;

  std::uint64_t pairs() const;
  std::uint64_t games() const { return 2 * pairs(); }
  // A's scores in the two games of one pair, each 1, 0.5 or 0 (else std::invalid_argument).
  void add_pair(double first_game_score, double second_game_score);
  PentanomialCounts& operator+=(const PentanomialCounts& other);
  bool operator==(const PentanomialCounts&) const = default;
};

// The words every result is stated in, by the match runner's summary, the report folders' READMEs
// (`gamelab sprt --records`) and the check that those agree with their records:
// "200 games (100 pairs), W-D-L 19-178-3" and "pentanomial [0, 1, 84, 13, 2]".
std::string games_text(const WdlCounts& wdl, std::uint64_t pairs);
std::string pentanomial_text(const PentanomialCounts& penta);

// When a spread is estimated from counts (Elo's interval, the SPRT's likelihood), an empty cell counts
// as this many games or pairs, as in fishtest: no outcome is taken to be impossible.
inline constexpr double kEmptyCellCount = 1e-3;

}  // namespace gamelab::eval
