#include "raichu/tablebase.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"
#include "core/fnv.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "search/score.hpp"

namespace gamelab::raichu::tb {

namespace {

constexpr char kTypeLetter[4] = {'?', 'P', 'K', 'R'};
constexpr PieceType kGroupOrder[3] = {Raichu, Pikachu, Pichu};

// C(d, k) for d < 257, k <= kMaxPieces.
struct Binomials {
  std::uint64_t c[257][kMaxPieces + 1]{};
  constexpr Binomials() {
    for (int d = 0; d < 257; ++d) {
      c[d][0] = 1;
      for (int k = 1; k <= kMaxPieces; ++k) c[d][k] = d == 0 ? 0 : c[d - 1][k - 1] + c[d - 1][k];
    }
  }
};
constexpr Binomials kBinomials;  // computed by the compiler: no guard on the unranking's every step
std::uint64_t choose(int d, int k) { return d < 0 ? 0 : kBinomials.c[d][k]; }

// The order of one side's material: more pieces, then more Raichus, Pikachus, Pichus.
std::array<int, 4> side_key(const Material& m, Color c) {
  return {m.total(c), m.count[c][Raichu], m.count[c][Pikachu], m.count[c][Pichu]};
}

int compact(int engine_sq, int n) { return row_of(engine_sq) * n + col_of(engine_sq); }

// Ascending order of the first k (at most kMaxPieces) values.
void sort_small(std::array<int, kMaxPieces>& a, int k) {
  for (int i = 1; i < k; ++i) {
    for (int j = i; j > 0 && a[j - 1] > a[j]; --j) std::swap(a[j - 1], a[j]);
  }
}

}  // namespace

// ---- material ------------------------------------------------------------------------------------

std::string Material::name() const {
  std::string out;
  for (const Color c : {White, Black}) {
    if (c == Black) out += 'v';
    for (const PieceType t : kGroupOrder) out.append(count[c][t], kTypeLetter[t]);
  }
  return out;
}

Material Material::swapped() const {
  Material m;
  m.count[White] = count[Black];
  m.count[Black] = count[White];
  return m;
}

bool Material::canonical() const { return side_key(*this, White) >= side_key(*this, Black); }

Material Material::parse(const std::string& name) {
  Material m;
  const auto v = name.find('v');
  if (v == std::string::npos || v == 0 || v + 1 == name.size()) {
    throw InputError("class '" + name + "': expected white's pieces, 'v', black's (e.g. RRvR; R Raichu, K Pikachu, P Pichu)");
  }
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (i == v) continue;
    const Color c = i < v ? White : Black;
    switch (name[i]) {
      case 'R': ++m.count[c][Raichu]; break;
      case 'K': ++m.count[c][Pikachu]; break;
      case 'P': ++m.count[c][Pichu]; break;
      default:
        throw InputError("class '" + name + "': '" + std::string(1, name[i]) + "' is not a piece (R Raichu, K Pikachu, P Pichu)");
    }
  }
  if (m.total() > kMaxPieces) throw InputError("class '" + name + "': the tables hold at most " + std::to_string(kMaxPieces) + " pieces");
  return m;
}

namespace {
// Calls f(engine square) for every piece of `state`, White's first, each colour in square order.
template <class F>
void for_each_piece(const State& state, F&& f) {
  for (const Color c : {White, Black}) raichu::for_each_piece(state, c, f);
}
}  // namespace

Material Material::of(const State& state) {
  Material m;
  for_each_piece(state, [&](int sq) { ++m.count[color_of(state.board[sq])][type_of(state.board[sq])]; });
  return m;
}

Material Placement::material() const {
  Material m;
  for (int i = 0; i < count; ++i) ++m.count[color_of(at[i].piece)][type_of(at[i].piece)];
  return m;
}

std::vector<Material> classes_up_to(int max_pieces) {
  std::vector<std::array<std::uint8_t, 4>> sides;  // per side: counts by type, 1..3 pieces
  for (int r = 0; r <= kMaxPieces; ++r) {
    for (int k = 0; r + k <= kMaxPieces; ++k) {
      for (int p = 0; r + k + p <= kMaxPieces; ++p) {
        if (r + k + p >= 1) sides.push_back({0, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(r)});
      }
    }
  }
  std::vector<Material> out;
  for (const auto& w : sides) {
    for (const auto& b : sides) {
      Material m;
      m.count[White] = w;
      m.count[Black] = b;
      if (m.total() <= max_pieces && m.canonical()) out.push_back(m);
    }
  }
  std::sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
    if (a.total() != b.total()) return a.total() < b.total();
    if (a.pawns() != b.pawns()) return a.pawns() < b.pawns();
    return a.name() < b.name();
  });
  return out;
}

// ---- placements ----------------------------------------------------------------------------------

Placement placement_of(const State& state) {
  Placement p;
  p.side = state.side;
  for_each_piece(state, [&](int sq) {
    if (p.count == kMaxPieces) throw std::logic_error("tablebase: more pieces than a table holds");
    p.at[p.count++] = {state.board[sq], static_cast<std::uint8_t>(compact(sq, state.n))};
  });
  return p;
}

State state_of(const Placement& p, int n) {
  State s;
  s.n = static_cast<std::uint8_t>(n);
  s.side = p.side;
  // put_piece adds each piece's key to the hash: it ends equal to compute_hash(s) without a pass over
  // every square (the tables call this for each position and each of its successors).
  s.hash = p.side == Black ? side_to_move_key() : 0;
  for (int i = 0; i < p.count; ++i) put_piece(s, square(p.at[i].sq / n, p.at[i].sq % n), static_cast<Piece>(p.at[i].piece));
  return s;
}

Placement swapped(const Placement& p, int n) {
  Placement out = p;
  out.side = opponent(p.side);
  for (int i = 0; i < p.count; ++i) {
    out.at[i].piece = static_cast<std::uint8_t>(p.at[i].piece ^ 4);
    out.at[i].sq = static_cast<std::uint8_t>(n * n - 1 - p.at[i].sq);
  }
  return out;
}

Placement mirrored(const Placement& p, int n) {
  Placement out = p;
  for (int i = 0; i < p.count; ++i) out.at[i].sq = static_cast<std::uint8_t>((p.at[i].sq / n) * n + (n - 1 - p.at[i].sq % n));
  return out;
}

void predecessors(const Placement& p, int n, std::vector<Placement>& out) {
  out.clear();
  std::array<bool, 256> occupied{};
  for (int i = 0; i < p.count; ++i) occupied[p.at[i].sq] = true;
  const Color mover = opponent(p.side);
  const auto empty_at = [&](int r, int c) { return r >= 0 && r < n && c >= 0 && c < n && !occupied[r * n + c]; };
  const auto add = [&](int i, int r, int c) {
    Placement q = p;
    q.side = mover;
    q.at[i].sq = static_cast<std::uint8_t>(r * n + c);
    out.push_back(q);
  };
  const int forward = mover == White ? 1 : -1;
  for (int i = 0; i < p.count; ++i) {
    if (color_of(p.at[i].piece) != mover) continue;
    const int r = p.at[i].sq / n, c = p.at[i].sq % n;
    switch (type_of(p.at[i].piece)) {
      case Pichu:  // came one square diagonally forward
        for (const int dc : {-1, 1}) {
          if (empty_at(r - forward, c - dc)) add(i, r - forward, c - dc);
        }
        break;
      case Pikachu: {  // came 1 or 2 squares forward, left or right, through an empty square
        const int dirs[3][2] = {{forward, 0}, {0, 1}, {0, -1}};
        for (const auto& d : dirs) {
          for (int k = 1; k <= 2; ++k) {
            const int fr = r - d[0] * k, fc = c - d[1] * k;
            if (!empty_at(fr, fc)) break;
            add(i, fr, fc);
          }
        }
        break;
      }
      case Raichu: {  // came any distance in any of the eight directions through empty squares
        for (int dr = -1; dr <= 1; ++dr) {
          for (int dc = -1; dc <= 1; ++dc) {
            if (dr == 0 && dc == 0) continue;
            for (int k = 1;; ++k) {
              const int fr = r - dr * k, fc = c - dc * k;
              if (!empty_at(fr, fc)) break;
              add(i, fr, fc);
            }
          }
        }
        break;
      }
      default:
        break;
    }
  }
}

// ---- one table -----------------------------------------------------------------------------------

Table::Table(int n, const Material& material) : n_(n), material_(material) {
  if (n < kMinN || n * n > 256) throw InputError("tablebase: board size " + std::to_string(n) + " is not supported (8 to 16)");
  for (const Color c : {White, Black}) {
    for (const PieceType t : kGroupOrder) {
      const int k = material.count[c][t];
      if (k == 0) continue;
      Group g;
      g.piece = make_piece(c, t);
      g.k = k;
      g.slot.assign(static_cast<std::size_t>(n) * n, -1);
      const int last_row = c == White ? n - 1 : 0;
      for (int sq = 0; sq < n * n; ++sq) {
        if (t != Raichu && sq / n == last_row) continue;  // a Pichu or Pikachu there would have promoted
        g.slot[sq] = static_cast<int>(g.domain.size());
        g.domain.push_back(static_cast<std::uint8_t>(sq));
      }
      g.combos = choose(static_cast<int>(g.domain.size()), k);
      groups_.push_back(std::move(g));
    }
  }
  if (groups_.empty() || material.total() > kMaxPieces) throw InputError("tablebase: class " + material.name() + " has no table");
  // The first group's combinations whose mirror image ranks no lower: the others are folded onto them.
  const Group& first = groups_.front();
  dense_of_combo_.assign(first.combos, -1);
  for (std::uint64_t rank = 0; rank < first.combos; ++rank) {
    int pos[kMaxPieces];
    combo_unrank(first, rank, pos);
    std::array<int, kMaxPieces> mirrored_pos{};
    for (int i = 0; i < first.k; ++i) mirrored_pos[i] = first.slot[mirror(first.domain[pos[i]])];
    sort_small(mirrored_pos, first.k);
    const std::uint64_t mirrored_rank = combo_index(first, mirrored_pos);
    if (rank > mirrored_rank) continue;
    dense_of_combo_[rank] = static_cast<std::int32_t>(combo_of_dense_.size());
    combo_of_dense_.push_back(static_cast<std::uint32_t>(rank));
    self_mirror_.push_back(rank == mirrored_rank ? 1 : 0);
  }
  size_ = combo_of_dense_.size();
  for (std::size_t g = 1; g < groups_.size(); ++g) size_ *= groups_[g].combos;
  data_[0].assign(size_, kNoPosition);
  data_[1].assign(size_, kNoPosition);
}

std::uint64_t Table::combo_index(const Group& g, std::array<int, kMaxPieces> positions) const {
  std::uint64_t rank = 0;
  for (int i = 0; i < g.k; ++i) rank += choose(positions[i], i + 1);
  return rank;
}

void Table::combo_unrank(const Group& g, std::uint64_t rank, int* positions) const {
  // Each position is the largest x below the one after it with C(x, i + 1) <= rank (C grows with x,
  // and C(i, i + 1) = 0): found by bisection rather than a walk down the domain.
  int above = static_cast<int>(g.domain.size());
  for (int i = g.k - 1; i >= 0; --i) {
    int lo = i, hi = above - 1;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (choose(mid, i + 1) <= rank) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    positions[i] = lo;
    rank -= choose(lo, i + 1);
    above = lo;
  }
}

std::uint64_t Table::index(const Placement& p, bool* mirrored_out) const {
  std::array<std::array<int, kMaxPieces>, 2 * 3> squares{};
  std::array<int, 6> filled{};
  for (int i = 0; i < p.count; ++i) {
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (groups_[g].piece == p.at[i].piece) {
        squares[g][filled[g]++] = p.at[i].sq;
        break;
      }
    }
  }
  const auto ranks_of = [&](std::size_t g, bool mirror_it) {
    std::array<int, kMaxPieces> pos{};
    for (int i = 0; i < groups_[g].k; ++i) {
      const int sq = mirror_it ? mirror(squares[g][i]) : squares[g][i];
      pos[i] = groups_[g].slot[sq];
      if (pos[i] < 0) throw std::logic_error("tablebase: a piece outside its squares in class " + material_.name());
    }
    sort_small(pos, groups_[g].k);
    return combo_index(groups_[g], pos);
  };
  const std::uint64_t plain = ranks_of(0, false), mirror_rank = ranks_of(0, true);
  const bool flip = plain > mirror_rank;
  if (mirrored_out) *mirrored_out = flip;
  std::uint64_t index = static_cast<std::uint64_t>(dense_of_combo_[flip ? mirror_rank : plain]);
  for (std::size_t g = 1; g < groups_.size(); ++g) index = index * groups_[g].combos + ranks_of(g, flip);
  return index;
}

bool Table::placement(std::uint64_t index, Color side, Placement& out) const {
  out = Placement{};
  out.side = side;
  std::array<std::uint64_t, 6> rank{};
  for (std::size_t g = groups_.size(); g-- > 1;) {
    rank[g] = index % groups_[g].combos;
    index /= groups_[g].combos;
  }
  rank[0] = combo_of_dense_[index];
  std::array<bool, 256> used{};
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    int pos[kMaxPieces];
    combo_unrank(groups_[g], rank[g], pos);
    for (int i = 0; i < groups_[g].k; ++i) {
      const int sq = groups_[g].domain[pos[i]];
      if (used[sq]) return false;
      used[sq] = true;
      out.at[out.count++] = {groups_[g].piece, static_cast<std::uint8_t>(sq)};
    }
  }
  return true;
}

int Table::weight(std::uint64_t index) const {
  const std::uint64_t rest = size_ / combo_of_dense_.size();
  return self_mirror_[index / rest] ? 1 : 2;
}

ClassStats class_stats(const Table& table) {
  ClassStats stats;
  stats.name = table.material().name();
  stats.n = table.n();
  for (const Color side : {White, Black}) {
    TablebaseSideStats& s = stats.side[side];
    std::uint64_t longest_index = 0;
    for (std::uint64_t i = 0; i < table.size(); ++i) {
      const std::uint8_t byte = table.at(side, i);
      if (byte == kNoPosition) continue;
      const int w = table.weight(i);
      s.positions += w;
      const Value v = decode_value(byte);
      if (v.wdl == Wdl::Win) {
        s.won += w;
        if (v.plies > s.longest_win) {
          s.longest_win = v.plies;
          longest_index = i;
        }
      } else if (v.wdl == Wdl::Loss) {
        s.lost += w;
      } else {
        s.drawn += w;
      }
    }
    if (s.longest_win > 0) {
      Placement p;
      table.placement(longest_index, side, p);
      s.longest_example = position_line(state_of(p, table.n()));
    }
  }
  return stats;
}

// ---- the set of tables ---------------------------------------------------------------------------

const Table* Tablebase::find(const Material& canonical) const {
  const auto it = tables_.find(canonical);
  return it == tables_.end() ? nullptr : it->second.get();
}

std::vector<const Table*> Tablebase::tables() const {
  std::vector<const Table*> out;
  for (const auto& [m, t] : tables_) out.push_back(t.get());
  return out;
}

std::vector<std::string> sample_wins(const Tablebase& base, int count, int min_plies, std::uint64_t seed,
                                     std::vector<std::string>& classes) {
  struct Source {
    const Table* table;
    Color side;
  };
  std::vector<Source> sources;
  classes.clear();
  for (const Table* t : base.tables()) {
    const ClassStats s = class_stats(*t);
    for (const Color side : {White, Black}) {
      if (s.side[side].longest_win >= min_plies) {
        sources.push_back({t, side});
        classes.push_back(t->material().name() + (side == White ? " w" : " b"));
      }
    }
  }
  std::vector<std::string> out;
  if (sources.empty()) return out;
  Rng rng(seed);
  while (static_cast<int>(out.size()) < count) {
    const Source& src = sources[rng.below(sources.size())];
    while (true) {
      const std::uint64_t i = rng.below(src.table->size());
      const Value v = decode_value(src.table->at(src.side, i));
      if (src.table->at(src.side, i) == kNoPosition || v.wdl != Wdl::Win || v.plies < min_plies) continue;
      Placement p;
      src.table->placement(i, src.side, p);
      if (rng.below(2)) p = mirrored(p, src.table->n());  // either orientation of a folded index
      out.push_back(position_line(state_of(p, src.table->n())));
      break;
    }
  }
  return out;
}

void Tablebase::add(std::unique_ptr<Table> table) {
  const Material m = table->material();
  tables_[m] = std::move(table);
}

std::optional<Value> Tablebase::probe(const Placement& given) const {
  bool has[2] = {false, false};
  for (int i = 0; i < given.count; ++i) has[color_of(given.at[i].piece)] = true;
  if (!has[given.side]) return Value{Wdl::Loss, 0};
  if (!has[opponent(given.side)]) return Value{Wdl::Win, 0};  // not a position of play: the mover has won
  Material m = given.material();
  const Placement p = m.canonical() ? given : swapped(given, n_);
  if (!m.canonical()) m = m.swapped();
  const Table* table = find(m);
  if (!table) return std::nullopt;
  const std::uint8_t byte = table->at(p.side, table->index(p));
  if (byte == kNoPosition) return std::nullopt;
  return decode_value(byte);
}

std::optional<Value> Tablebase::probe(const State& state) const {
  if (state.n != n_ || state.counts[0] + state.counts[1] > max_pieces_) return std::nullopt;
  if (state.counts[state.side] == 0) return Value{Wdl::Loss, 0};
  return probe(placement_of(state));
}

// ---- files ---------------------------------------------------------------------------------------

namespace {

constexpr char kMagic[8] = {'G', 'L', 'R', 'A', 'I', 'T', 'B', '1'};
// The layout and the solver: raised whenever either changes, so that a build never reuses a file made
// by another (a file of another version is refused, and rebuilt by `gamelab tablebase`).
constexpr std::uint32_t kVersion = 2;
struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t n;
  char name[16];
  std::uint64_t size;
  std::uint64_t checksum;
};
static_assert(sizeof(Header) == 48);

// The files' checksum: FNV-1a from an offset basis with its last digit lost (1469598103934665603, not
// ...6037). Kept: the table files already written carry checksums made with it.
constexpr std::uint64_t kChecksumOffset = 1469598103934665603ULL;

std::uint64_t fnv1a(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  return gamelab::fnv1a_bytes(b.data(), b.size(), gamelab::fnv1a_bytes(a.data(), a.size(), kChecksumOffset));
}

}  // namespace

std::string table_file(const std::string& folder, int n, const Material& m) {
  return (std::filesystem::path(folder) / ("raichu-n" + std::to_string(n) + "-" + m.name() + ".rtb")).string();
}

std::string table_bytes(const Table& table) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.n = static_cast<std::uint32_t>(table.n());
  const std::string name = table.material().name();
  std::memcpy(h.name, name.data(), std::min(name.size(), sizeof h.name - 1));
  h.size = table.size();
  h.checksum = fnv1a(table.data(White), table.data(Black));
  std::string content(reinterpret_cast<const char*>(&h), sizeof h);
  content.append(reinterpret_cast<const char*>(table.data(White).data()), table.size());
  content.append(reinterpret_cast<const char*>(table.data(Black).data()), table.size());
  return content;
}

void write_table(const std::string& path, const Table& table) { write_file_atomic(path, table_bytes(table)); }

namespace {

// One table from `in` (its header and both sides' bytes); `m` empty: whatever class the header names.
std::unique_ptr<Table> parse_table(std::istream& in, const std::string& where, int n, std::optional<Material> m) {
  Header h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  if (!in || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) throw InputError(where + ": not a Raichu table (bad header)");
  if (h.version != kVersion) {
    throw InputError(where + ": made by table version " + std::to_string(h.version) + ", this is version " +
                     std::to_string(kVersion) + "; rebuild it with `gamelab tablebase raichu`");
  }
  h.name[sizeof h.name - 1] = 0;
  if (!m) m = Material::parse(h.name);
  if (static_cast<int>(h.n) != n || std::string(h.name) != m->name()) {
    throw InputError(where + ": holds class " + std::string(h.name) + " for n = " + std::to_string(h.n) + "; expected " +
                     m->name() + " for n = " + std::to_string(n));
  }
  auto table = std::make_unique<Table>(n, *m);
  if (h.size != table->size()) throw InputError(where + ": " + std::to_string(h.size) + " entries; the class has " + std::to_string(table->size()));
  for (const Color side : {White, Black}) {
    in.read(reinterpret_cast<char*>(table->data(side).data()), static_cast<std::streamsize>(table->size()));
    if (static_cast<std::uint64_t>(in.gcount()) != table->size()) throw InputError(where + ": truncated");
  }
  if (fnv1a(table->data(White), table->data(Black)) != h.checksum) throw InputError(where + ": checksum mismatch (a corrupt file)");
  return table;
}

constexpr char kBundleMagic[8] = {'G', 'L', 'R', 'T', 'B', 'N', 'D', '1'};

}  // namespace

std::unique_ptr<Table> read_table(const std::string& path, int n, const Material& m) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open the table of class " + m.name() + " (build it with `gamelab tablebase raichu`)");
  auto table = parse_table(in, path, n, m);
  if (in.peek() != std::char_traits<char>::eof()) throw InputError(path + ": longer than its header says");
  return table;
}

std::string bundle_of(const Tablebase& base) {
  std::string out(kBundleMagic, sizeof kBundleMagic);
  const std::uint32_t header[2] = {static_cast<std::uint32_t>(base.n()), static_cast<std::uint32_t>(base.tables().size())};
  out.append(reinterpret_cast<const char*>(header), sizeof header);
  for (const Table* t : base.tables()) out += table_bytes(*t);
  return out;
}

Tablebase Tablebase::from_bundle(const std::string& bytes, const std::string& where) {
  std::istringstream in(bytes);
  char magic[8] = {};
  std::uint32_t header[2] = {};
  in.read(magic, sizeof magic);
  in.read(reinterpret_cast<char*>(header), sizeof header);
  if (!in || std::memcmp(magic, kBundleMagic, sizeof magic) != 0) throw InputError(where + ": not a bundle of Raichu tables");
  Tablebase tb(static_cast<int>(header[0]));
  for (std::uint32_t k = 0; k < header[1]; ++k) tb.add(parse_table(in, where, tb.n(), std::nullopt));
  if (in.peek() != std::char_traits<char>::eof()) throw InputError(where + ": longer than its header says");
  for (int pieces = 2; pieces <= kMaxPieces; ++pieces) {  // complete piece counts only
    bool all = true;
    for (const Material& m : classes_up_to(pieces)) all = all && tb.find(m);
    if (!all) break;
    tb.set_max_pieces(pieces);
  }
  return tb;
}

Tablebase Tablebase::load_available(const std::string& folder, int n) {
  if (!std::filesystem::is_directory(folder)) {
    throw InputError(folder + ": no such folder of endgame tables (build them with `gamelab tablebase raichu --out " + folder + "`)");
  }
  Tablebase tb(n);
  for (int pieces = 2; pieces <= kMaxPieces; ++pieces) {
    std::vector<Material> level;
    for (const Material& m : classes_up_to(pieces)) {
      if (m.total() == pieces) level.push_back(m);
    }
    for (const Material& m : level) {
      if (!std::filesystem::exists(table_file(folder, n, m))) return tb;
    }
    for (const Material& m : level) tb.add(read_table(table_file(folder, n, m), n, m));
    tb.set_max_pieces(pieces);
  }
  return tb;
}

std::shared_ptr<const Tablebase> shared_tablebase(const std::string& folder, int n) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, int>, std::shared_ptr<const Tablebase>> loaded;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = loaded[{folder, n}];
  if (!slot) slot = std::make_shared<const Tablebase>(Tablebase::load_available(folder, n));
  return slot;
}

std::optional<int> search_score(const Tablebase& base, const State& state, int ply) {
  const std::optional<Value> exact = base.probe(state);
  if (!exact) return std::nullopt;
  const Value v = within_limit(*exact, state.ply_limit - state.ply);
  // A decision beyond the limit is a draw leaning one point its way: the game ends drawn either way, but
  // the side it would lose avoids walking into it and its opponent heads for it, so no game ends at the
  // limit in a position the tables call won unless nothing else was left.
  if (v.wdl == Wdl::Draw) return exact->wdl == Wdl::Win ? 1 : exact->wdl == Wdl::Loss ? -1 : 0;
  const int distance = std::min(ply + v.plies, 2 * search::kMaxPly - 1);  // stays a decisive score
  return v.wdl == Wdl::Win ? search::win_in(distance) : search::loss_in(distance);
}

Tablebase Tablebase::load(const std::string& folder, int n, int max_pieces) {
  Tablebase tb(n);
  for (const Material& m : classes_up_to(max_pieces)) tb.add(read_table(table_file(folder, n, m), n, m));
  tb.set_max_pieces(max_pieces);
  return tb;
}

// ---- retrograde analysis -------------------------------------------------------------------------

std::unique_ptr<Table> solve(int n, const Material& m, const Tablebase& smaller, int threads) {
  auto table = std::make_unique<Table>(n, m);
  const std::uint64_t size = table->size();
  constexpr std::uint8_t kOpen = 254;  // not decided yet (a draw if it never is)
  std::array<std::vector<std::uint8_t>, 2> moves_left, exit_win, exit_loss, blocked;
  for (int s = 0; s < 2; ++s) {
    moves_left[s].assign(size, 0);  // distinct successors inside the class not yet known to lose for the mover
    exit_win[s].assign(size, 0);    // fastest win through a capture or promotion (plies), 0: none
    exit_loss[s].assign(size, 0);   // slowest loss through one, 0: none
    blocked[s].assign(size, 0);     // 1: a capture or promotion that does not lose: never a loss
  }
  int latest_exit = 0;
  std::string failure;  // an exception may not leave an OpenMP loop: kept and thrown after it
  for (const Color side : {White, Black}) {
    std::vector<std::uint8_t>& value = table->data(side);
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads) reduction(max : latest_exit)
    for (std::uint64_t i = 0; i < size; ++i) {
      try {
      Placement p;
      if (!table->placement(i, side, p)) continue;  // stays kNoPosition
      const State state = state_of(p, n);
      MoveList moves;
      generate_moves(state, moves);
      if (moves.size() == 0) {
        value[i] = 1;  // lost in 0: no legal move
        continue;      // (inside the try: the next index)
      }
      std::vector<std::uint64_t> inside;
      inside.reserve(moves.size());
      int win = 0, loss = 0;
      bool block = false;
      for (const Move& mv : moves) {
        Placement child = p;
        child.side = opponent(side);
        const int from = compact(mv.from, n), to = compact(mv.to, n);
        if (mv.is_capture()) {
          const int over = compact(mv.over, n);
          for (int k = 0; k < child.count; ++k) {
            if (child.at[k].sq == over) {
              child.at[k] = child.at[--child.count];
              break;
            }
          }
        }
        for (int k = 0; k < child.count; ++k) {
          if (child.at[k].sq == from) {
            child.at[k].sq = static_cast<std::uint8_t>(to);
            if (mv.is_promotion()) child.at[k].piece = make_piece(side, Raichu);
            break;
          }
        }
        if (!mv.is_capture() && !mv.is_promotion()) {
          inside.push_back(table->index(child));
          continue;
        }
        const std::optional<Value> v = smaller.probe(child);
        if (!v) throw std::logic_error("tablebase: class " + child.material().name() + " is needed before " + m.name());
        if (v->wdl == Wdl::Loss) {
          win = win == 0 ? v->plies + 1 : std::min(win, v->plies + 1);
        } else if (v->wdl == Wdl::Win) {
          loss = std::max(loss, v->plies + 1);
        } else {
          block = true;
        }
      }
      std::sort(inside.begin(), inside.end());
      inside.erase(std::unique(inside.begin(), inside.end()), inside.end());
      value[i] = kOpen;
      moves_left[side][i] = static_cast<std::uint8_t>(inside.size());
      exit_win[side][i] = static_cast<std::uint8_t>(win);
      exit_loss[side][i] = static_cast<std::uint8_t>(loss);
      blocked[side][i] = block || win > 0;
      latest_exit = std::max(latest_exit, std::max(win, loss));
      } catch (const std::exception& e) {
#pragma omp critical(tablebase_failure)
        if (failure.empty()) failure = e.what();
      }
    }
  }
  if (!failure.empty()) throw std::logic_error(failure);
  // Level by level: the positions decided in d plies come from those decided in d - 1.
  std::vector<Placement> before;
  std::vector<std::uint64_t> parents;
  bool decided_last = true;
  for (int d = 1; decided_last || d <= latest_exit; ++d) {
    if (d > kMaxDistance) throw std::runtime_error("tablebase: class " + m.name() + " has a decision longer than " + std::to_string(kMaxDistance) + " plies");
    bool decided = false;
    const std::uint8_t frontier = static_cast<std::uint8_t>(d);  // decided in d - 1 plies
    const std::uint8_t now = static_cast<std::uint8_t>(d + 1);   // decided in d plies
    for (const Color side : {White, Black}) {
      const Color mover = opponent(side);
      std::vector<std::uint8_t>& parent_value = table->data(mover);
      for (std::uint64_t i = 0; i < size; ++i) {
        if (table->at(side, i) != frontier) continue;
        Placement q;
        table->placement(i, side, q);
        // The parents of index i: every stored position with a move to a position indexed i. Those
        // positions are q and, where the mirror image folds onto the same index, its mirror image. A
        // predecessor r that is itself folded stands for its mirror image, whose move leads to q's mirror
        // image: the same index only where that folds too; otherwise that parent hears of it through
        // the mirror image's own index (decided at the same level, by symmetry).
        const bool folds = table->weight(i) == 2;
        parents.clear();
        for (int image = 0; image < (folds ? 2 : 1); ++image) {
          predecessors(image == 0 ? q : mirrored(q, n), n, before);
          for (const Placement& p : before) {
            bool flipped = false;
            const std::uint64_t j = table->index(p, &flipped);
            if (!flipped || folds) parents.push_back(j);
          }
        }
        std::sort(parents.begin(), parents.end());
        parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
        for (const std::uint64_t j : parents) {
          if (parent_value[j] != kOpen) continue;
          if (d % 2 == 1) {  // q lost in d - 1: its parents win in d
            parent_value[j] = now;
            decided = true;
          } else {           // q won in d - 1: one escape fewer for its parents
            --moves_left[mover][j];
          }
        }
      }
    }
    for (const Color side : {White, Black}) {
      std::vector<std::uint8_t>& value = table->data(side);
      for (std::uint64_t i = 0; i < size; ++i) {
        if (value[i] != kOpen) continue;
        const bool wins = d % 2 == 1 && exit_win[side][i] == d;
        const bool loses = d % 2 == 0 && moves_left[side][i] == 0 && !blocked[side][i] && exit_loss[side][i] <= d;
        if (wins || loses) {
          value[i] = now;
          decided = true;
        }
      }
    }
    decided_last = decided;
  }
  for (const Color side : {White, Black}) {
    for (std::uint8_t& v : table->data(side)) {
      if (v == kOpen) v = kDrawByte;
    }
  }
  return table;
}

Tablebase build(const BuildOptions& options, std::vector<ClassStats>& stats) {
  if (options.max_pieces < 2 || options.max_pieces > kMaxPieces) {
    throw InputError("tablebase: --pieces must be 2 to " + std::to_string(kMaxPieces));
  }
  if (!options.folder.empty()) std::filesystem::create_directories(options.folder);
  Tablebase tb(options.n);
  const std::vector<Material> order = classes_up_to(options.max_pieces);
  for (const Material& m : order) {
    const auto start = std::chrono::steady_clock::now();
    const std::string path = options.folder.empty() ? "" : table_file(options.folder, options.n, m);
    std::unique_ptr<Table> table;
    bool reused = false;
    if (!path.empty() && std::filesystem::exists(path)) {
      try {
        table = read_table(path, options.n, m);
        reused = true;
      } catch (const InputError&) {
        table.reset();  // rebuilt below
      }
    }
    if (!table) {
      table = solve(options.n, m, tb, std::max(1, options.threads));
      if (!path.empty()) write_table(path, *table);
    }
    ClassStats s = class_stats(*table);
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    s.bytes = path.empty() ? 0 : std::filesystem::file_size(path);
    s.reused = reused;
    s.index = static_cast<int>(stats.size()) + 1;
    s.total = static_cast<int>(order.size());
    if (options.on_class) options.on_class(s);
    stats.push_back(s);
    tb.add(std::move(table));
    tb.set_max_pieces(m.total() - 1);  // every class below this one's count is complete
  }
  tb.set_max_pieces(options.max_pieces);
  return tb;
}

}  // namespace gamelab::raichu::tb
