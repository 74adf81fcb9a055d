#include "bullets/post_mortem.hpp"

#include <algorithm>

#include "bullets/notation.hpp"
#include "bullets/safety.hpp"
#include "core/error.hpp"

namespace gamelab::bullets {

namespace {

// The last of states[0, before) at which `loser` had an action safe at `depth`: its index, those actions,
// what it played there and whether that was one of them.
struct LastSafe {
  std::size_t index = 0;
  std::vector<Action> safe;
  Action played = kNothing;
  bool played_safe = false;
};
std::optional<LastSafe> last_safe(const std::vector<State>& states, const std::vector<std::pair<Action, Action>>& played,
                                  Side loser, int depth, std::size_t before) {
  for (std::size_t k = before; k-- > 0;) {
    std::vector<Action> safe = safe_actions(states[k], loser, depth);
    if (safe.empty()) continue;
    LastSafe last;
    last.index = k;
    last.played = loser == Blue ? played[k].first : played[k].second;
    last.played_safe = std::find(safe.begin(), safe.end(), last.played) != safe.end();
    last.safe = std::move(safe);
    return last;
  }
  return std::nullopt;
}

}  // namespace

std::optional<LossCause> explain_loss(const State& start, const std::vector<std::string>& moves) {
  std::vector<State> states{start};
  std::vector<std::pair<Action, Action>> played;
  LossCause cause;
  std::vector<std::uint32_t> silent[2];
  std::vector<std::pair<int, FiredShot>> shots;  // (bullet slot, the shot)
  for (const std::string& text : moves) {
    if (states.back().over()) throw InputError("record move '" + text + "' after the game's end");
    Action blue, red;
    bool quiet[2];
    parse_joint(text, blue, red, quiet, "record move");
    for (int side = 0; side < 2; ++side) {
      if (quiet[side]) silent[side].push_back(states.back().round);
    }
    played.emplace_back(blue, red);
    const State& before = states.back();
    for (const Side side : {Blue, Red}) {
      const Action a = side == Blue ? blue : red;
      if (is_shot(a)) shots.push_back({before.board->slot(before.player[side], direction_of(a), before.round), {side, before.round}});
    }
    states.push_back(play(before, blue, red));
  }
  const State& end = states.back();
  if (end.hit != 1 && end.hit != 2) return std::nullopt;
  cause.loser = end.hit == 1 ? Blue : Red;
  cause.hit_round = end.round;
  cause.silent_rounds = silent[cause.loser];
  for (auto shot = shots.rbegin(); shot != shots.rend(); ++shot) {
    if (end.board->place(shot->first, end.round).cell == end.player[cause.loser]) cause.hit_by.push_back(shot->second);
  }
  for (std::size_t k = states.size(); k-- > 0;) {
    if (!hit_or_doomed(states[k], cause.loser)) break;
    cause.doomed_round = states[k].round;
  }
  const std::optional<LastSafe> shallow = last_safe(states, played, cause.loser, 1, states.size() - 1);
  if (shallow) {
    cause.last_safe_round = states[shallow->index].round;
    cause.played = shallow->played;
    cause.played_safe = shallow->played_safe;
    cause.safe_actions = shallow->safe;
  }
  // Safe at depth 2 is safe at depth 1: the walk for depth 2 starts where the one for depth 1 stopped.
  if (cause.played_safe) {
    if (const std::optional<LastSafe> deep = last_safe(states, played, cause.loser, 2, shallow->index + 1)) {
      cause.last_deep_round = states[deep->index].round;
      cause.played_deep = deep->played_safe;
    }
  }
  return cause;
}

std::string LossCause::text() const {
  std::string out = std::string(loser == Blue ? "blue" : "red") + " hit at round " + std::to_string(hit_round);
  if (doomed_round) out += ", doomed from round " + std::to_string(*doomed_round);
  if (!last_safe_round) {
    out += "; it never had a safe action";
  } else {
    std::string safe;
    for (const Action a : safe_actions) safe += (safe.empty() ? "" : " ") + action_text(a);
    out += "; last safe action at round " + std::to_string(*last_safe_round) + " (" + safe + "), it played " +
           action_text(played);
    if (!played_safe) {
      out += ": a search error there (a reply it did not see dooms the action it chose)";
    } else if (!last_deep_round) {
      out += ": trapped deeper than one joint move (it never had an action safe at depth 2)";
    } else if (!played_deep) {
      out += ": it walked into a trap two joint moves deep at round " + std::to_string(*last_deep_round) +
             " (an action safe at depth 2 was left there)";
    } else {
      out += ": trapped deeper than two joint moves (last action safe at depth 2 at round " +
             std::to_string(*last_deep_round) + ")";
    }
  }
  if (!hit_by.empty()) {
    std::string bullets;
    for (const FiredShot& shot : hit_by) {
      bullets += (bullets.empty() ? "" : " and ") + std::string(shot.shooter == loser ? "its own" : "the opponent's") +
                 " bullet of round " + std::to_string(shot.round) + " (" + std::to_string(hit_round - shot.round) +
                 (hit_round - shot.round == 1 ? " round before)" : " rounds before)");
    }
    out += "; hit by " + bullets;
  }
  if (!silent_rounds.empty()) {
    out += "; its program gave no answer " + std::to_string(silent_rounds.size()) + " time(s), first at round " +
           std::to_string(silent_rounds.front());
  }
  return out;
}

std::string LossCause::kind() const {
  if (hit_by.empty()) return "hit by a bullet of the starting position";
  const FiredShot& youngest = hit_by.front();
  return std::string("hit by ") + (youngest.shooter == loser ? "its own " : "the opponent's ") +
         (hit_round - youngest.round <= kFreshShotRounds ? "bullet fired within " + std::to_string(kFreshShotRounds) + " rounds" : std::string("older bullet"));
}

}  // namespace gamelab::bullets
