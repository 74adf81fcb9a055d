#pragma once
// The faults of one refereed game, kept the same way for every game (play_loop.hpp): each with its
// seat, ply, kind and detail, in the order they happened. A soft fault lets the game go on (the rules
// play a substitute: jump chess passes, Bullets plays 8, Dog-Cat-Mouse-cheeSe a null move); a forfeit
// loses the game at once. What a fault is, is each game's (its bot's protocol and rules page).
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::loop {

struct Fault {
  int seat = 0;
  int ply = 0;  // the plies played before it
  Termination kind = Termination::Normal;
  std::string detail;
  bool forfeit = false;
};

class FaultLog {
 public:
  explicit FaultLog(std::array<std::string, 2> names = {}) : names_(std::move(names)) {}

  void add(int seat, int ply, Termination kind, std::string detail, bool forfeit) {
    faults_.push_back({seat, ply, kind, std::move(detail), forfeit});
  }
  const std::string& name(int seat) const { return names_[seat]; }  // the seat's player, as reasons write it
  // A seat's faults (of one kind, or all), its first, its last and its forfeit (nullptr: none).
  int count(int seat, std::optional<Termination> kind = std::nullopt) const {
    return static_cast<int>(std::count_if(faults_.begin(), faults_.end(),
                                          [&](const Fault& f) { return f.seat == seat && (!kind || f.kind == *kind); }));
  }
  const Fault* first(int seat) const { return find(faults_.begin(), faults_.end(), seat, false); }
  const Fault* last(int seat) const { return find(faults_.rbegin(), faults_.rend(), seat, false); }
  const Fault* forfeit(int seat) const { return find(faults_.begin(), faults_.end(), seat, true); }
  // The loop stops at the step with a forfeit: every forfeit is of that step, seat 0's first.
  const Fault* first_forfeit() const { return forfeit(0) ? forfeit(0) : forfeit(1); }
  bool forfeited() const { return first_forfeit() != nullptr; }
  // Seat 0's score when forfeits ended the game before its rules did: a seat at fault loses; both
  // seats at fault in the same step: a draw.
  double forfeit_score() const { return forfeit(0) && forfeit(1) ? 0.5 : forfeit(0) ? 0.0 : 1.0; }
  // The record's termination and seat at fault: the first forfeit (it outranks earlier soft faults),
  // else the first fault; a game without faults stays Normal.
  void fill(GameRecord& record) const {
    const Fault* decisive = forfeited() ? first_forfeit() : faults_.empty() ? nullptr : &faults_.front();
    if (!decisive) return;
    record.termination = decisive->kind;
    record.fault = decisive->seat;
  }

 private:
  template <class It>
  static const Fault* find(It begin, It end, int seat, bool forfeit) {
    const It it = std::find_if(begin, end, [&](const Fault& f) { return f.seat == seat && (f.forfeit || !forfeit); });
    return it == end ? nullptr : &*it;
  }

  std::array<std::string, 2> names_;
  std::vector<Fault> faults_;
};

// The end of a bot's output, as a fault's detail quotes it.
inline std::string tail(const std::string& text) { return text.size() <= 200 ? text : "..." + text.substr(text.size() - 200); }

}  // namespace gamelab::loop
