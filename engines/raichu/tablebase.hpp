#pragma once
// Raichu endgame tables: retrograde analysis of every material class with few pieces
// (docs/engines/raichu-tablebase.md).
//
// A class is the material of both sides (Pichus P, Pikachus K, Raichus R per colour), named white
// first: "RRvR" is two white Raichus against one black Raichu. A table holds, for every position of its
// class and either side to move, the value under optimal play: won, drawn or lost for the side to move
// and, for a decided position, the plies to the end (the winner hastens it, the loser delays it). The
// game's ply limit is not part of the value: a win of 37 plies with 20 plies left is a draw in the game,
// and the caller must compare. The end rules are docs/rules/raichu.md §4 without the limit: a side with
// no piece left, or to move without a legal move, has lost.
//
// Symmetries: a class and its colour swap (the board turned half round) are one table; positions are
// indexed with the left-right mirror folded away (the first group of pieces on its canonical side) and
// identical pieces as sets. A value is a byte: 0 a draw, d + 1 a decision in d plies (d odd: won,
// d even: lost), 255 no position (two pieces on a square, a Pichu or Pikachu on its last row).
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "raichu/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::raichu::tb {

constexpr int kMaxPieces = 4;  // per position, both colours

// Material: pieces per colour and type ([colour][PieceType], index 0 unused).
struct Material {
  std::array<std::array<std::uint8_t, 4>, 2> count{};

  int total(Color c) const { return count[c][1] + count[c][2] + count[c][3]; }
  int total() const { return total(White) + total(Black); }
  int pawns() const { return count[0][1] + count[0][2] + count[1][1] + count[1][2]; }
  // "RRvR": white's pieces, 'v', black's, each Raichus (R) then Pikachus (K) then Pichus (P).
  std::string name() const;
  // The class with the colours exchanged.
  Material swapped() const;
  // True for the colour of the pair that holds the table: white's material at least black's (more
  // pieces, then more Raichus, Pikachus, Pichus).
  bool canonical() const;
  auto operator<=>(const Material&) const = default;

  // InputError for a name that is no class ("RRvR", "KPvR"; each side 1 or more pieces).
  static Material parse(const std::string& name);
  static Material of(const State& state);
};

// Every canonical class with 2 to `max_pieces` pieces (each side at least one), in build order: fewer
// pieces first, then fewer Pichus and Pikachus (a promotion leads into a class with one pawn fewer).
std::vector<Material> classes_up_to(int max_pieces);

enum class Wdl : std::int8_t { Loss = -1, Draw = 0, Win = 1 };

struct Value {
  Wdl wdl = Wdl::Draw;
  int plies = 0;  // plies to the end under optimal play (0 for a draw)
  friend bool operator==(const Value&, const Value&) = default;
};

constexpr std::uint8_t kDrawByte = 0;
constexpr std::uint8_t kNoPosition = 255;
constexpr int kMaxDistance = 252;  // longer decisions do not fit the byte: the build fails loudly
inline Value decode_value(std::uint8_t byte) {
  if (byte == kDrawByte || byte == kNoPosition) return {};
  const int d = byte - 1;
  return {d % 2 == 1 ? Wdl::Win : Wdl::Loss, d};
}

// The value in the game, where `plies_left` remain before the ply limit: a decision that needs more
// plies than that is the limit's draw. Every user of the tables (search, referee, datagen) applies it.
inline Value within_limit(const Value& v, int plies_left) { return v.plies > plies_left ? Value{} : v; }
// The result for the side to move in a game: 1 won, 0.5 drawn, 0 lost.
inline double mover_result(const Value& v) { return v.wdl == Wdl::Win ? 1.0 : v.wdl == Wdl::Loss ? 0.0 : 0.5; }

// A position as the tables see it: up to four pieces on compact squares (row * n + col), side to move.
struct Placed {
  std::uint8_t piece = Empty;  // Piece
  std::uint8_t sq = 0;         // row * n + col
};
struct Placement {
  std::array<Placed, kMaxPieces> at{};
  int count = 0;
  Color side = White;
  Material material() const;
};

// One class, both sides to move.
class Table {
 public:
  Table(int n, const Material& material);

  int n() const { return n_; }
  const Material& material() const { return material_; }
  // Indexes per side to move (some hold no position).
  std::uint64_t size() const { return size_; }
  // The index of a position of this class (its material must be this class's). `mirrored`, if given,
  // tells whether the index stands for the position's mirror image (the position was folded).
  std::uint64_t index(const Placement& p, bool* mirrored = nullptr) const;
  // The position at `index` with `side` to move; false if the index holds none.
  bool placement(std::uint64_t index, Color side, Placement& out) const;
  // How many positions the index stands for: 2 where the mirror image folds onto it, else 1.
  int weight(std::uint64_t index) const;
  std::uint8_t at(Color side, std::uint64_t index) const { return data_[side][index]; }
  Value value(const Placement& p) const { return decode_value(at(p.side, index(p))); }

  std::vector<std::uint8_t>& data(Color side) { return data_[side]; }
  const std::vector<std::uint8_t>& data(Color side) const { return data_[side]; }

 private:
  struct Group {
    std::uint8_t piece;
    int k;                           // identical pieces in the group
    std::vector<std::uint8_t> domain;  // compact squares it may stand on, ascending
    std::vector<int> slot;           // compact square -> position in domain (-1: not allowed)
    std::uint64_t combos;            // C(domain, k)
  };
  std::uint64_t combo_index(const Group& g, std::array<int, kMaxPieces> positions) const;
  void combo_unrank(const Group& g, std::uint64_t rank, int* positions) const;
  int mirror(int sq) const { return (sq / n_) * n_ + (n_ - 1 - sq % n_); }

  int n_;
  Material material_;
  std::vector<Group> groups_;
  std::vector<std::int32_t> dense_of_combo_;   // first group: combination -> dense rank (-1: mirrored)
  std::vector<std::uint32_t> combo_of_dense_;
  std::vector<std::uint8_t> self_mirror_;      // per dense rank: the first group is its own mirror image
  std::uint64_t size_ = 0;
  std::array<std::vector<std::uint8_t>, 2> data_;
};

// Per class and side to move: positions (the mirror images counted), won / drawn / lost, the longest
// win and an example of it (a position line, docs/rules/common.md §3).
using ClassStats = TablebaseClassStats;
ClassStats class_stats(const Table& table);

// The tables of one board size, built or loaded, and probing.
class Tablebase {
 public:
  explicit Tablebase(int n) : n_(n) {}
  int n() const { return n_; }
  // The largest piece count every class of which is present (0: none).
  int max_pieces() const { return max_pieces_; }
  const Table* find(const Material& canonical) const;
  void add(std::unique_ptr<Table> table);
  void set_max_pieces(int pieces) { max_pieces_ = pieces; }
  std::vector<const Table*> tables() const;

  // The value for the side to move, if the position's class is in the tables (a side without pieces
  // or without moves is a loss in 0 whatever the tables hold).
  std::optional<Value> probe(const State& state) const;
  std::optional<Value> probe(const Placement& p) const;

  // `folder`/raichu-n<N>-<class>.rtb for every class up to `max_pieces`: InputError naming a missing
  // or corrupt file.
  static Tablebase load(const std::string& folder, int n, int max_pieces);
  // Every class of board n in `folder` up to the largest piece count whose classes are all there (none:
  // an empty set, max_pieces() 0). InputError if the folder does not exist or a file is corrupt.
  static Tablebase load_available(const std::string& folder, int n);
  // The tables of a bundle (bundle_of): every table it holds; `where` names it in errors.
  static Tablebase from_bundle(const std::string& bytes, const std::string& where);

 private:
  int n_;
  int max_pieces_ = 0;
  std::map<Material, std::unique_ptr<Table>> tables_;
};

struct BuildOptions {
  int n = 8;
  int max_pieces = 3;
  std::string folder;    // where the files go (created if missing); files already there and sound are reused
  int threads = 1;
  std::function<void(const ClassStats&)> on_class;  // after each class
};
// Builds (or loads) every class up to max_pieces in order; returns the tables and their statistics.
Tablebase build(const BuildOptions& options, std::vector<ClassStats>& stats);

// The file of one class and its reading/writing (a header with the class, n, size and an FNV-1a
// checksum; written to a temporary name and renamed).
std::string table_file(const std::string& folder, int n, const Material& m);
void write_table(const std::string& path, const Table& table);
std::string table_bytes(const Table& table);  // a file's content
// All tables of `base` in one blob (a header, then each table as its file holds it): the release bot
// carries one inside its binary.
std::string bundle_of(const Tablebase& base);
std::unique_ptr<Table> read_table(const std::string& path, int n, const Material& m);

// Retrograde analysis of one class; every class its moves lead into (captures, promotions) must be in
// `smaller`.
std::unique_ptr<Table> solve(int n, const Material& m, const Tablebase& smaller, int threads);

// `count` positions won for the side to move in at least `min_plies` plies, as position lines: a class
// and side to move drawn uniformly among those that have such wins (`classes` receives them, e.g.
// "KPvK w"), then a random such position of it (rejection sampling with the seeded generator).
std::vector<std::string> sample_wins(const Tablebase& base, int count, int min_plies, std::uint64_t seed,
                                     std::vector<std::string>& classes);

// The tables of `folder` for board n, loaded once per process and shared (thread-safe).
std::shared_ptr<const Tablebase> shared_tablebase(const std::string& folder, int n);

// The alpha-beta search's score of a position the tables know (search::AlphaBeta::set_oracle): side to
// move's view, a win in d plies at `ply` from the root as win_in(ply + d). A decision that needs more
// plies than the game has left (state.ply_limit - state.ply) is a draw in the game: 0, leaning one point
// towards the side the tables favour (+1 won beyond the limit, -1 lost beyond it).
std::optional<int> search_score(const Tablebase& base, const State& state, int ply);

// Conversions between the engine's state and the tables' placement.
Placement placement_of(const State& state);
State state_of(const Placement& p, int n);
// The same position with colours exchanged and the board turned half round (a symmetry of the rules).
Placement swapped(const Placement& p, int n);
// The left-right mirror image (a symmetry of the rules).
Placement mirrored(const Placement& p, int n);

// Every position with a plain (non-capturing, non-promoting) move to `p` that is legal by the rules:
// the opponent of p's side to move made it. Used by the retrograde analysis; a test checks it against
// the move generator.
void predecessors(const Placement& p, int n, std::vector<Placement>& out);

}  // namespace gamelab::raichu::tb
