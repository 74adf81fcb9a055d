#include "bullets/post_mortem.hpp"

#include <algorithm>

#include "bullets/notation.hpp"
#include "bullets/safety.hpp"
#include "core/error.hpp"

namespace gamelab::bullets {

std::optional<LossCause> explain_loss(const State& start, const std::vector<std::string>& moves) {
  std::vector<State> states{start};
  std::vector<std::pair<Action, Action>> played;
  LossCause cause;
  std::vector<std::uint32_t> silent[2];
  for (const std::string& text : moves) {
    if (states.back().over()) throw InputError("record move '" + text + "' after the game's end");
    Action blue, red;
    bool quiet[2];
    parse_joint(text, blue, red, quiet, "record move");
    for (int side = 0; side < 2; ++side) {
      if (quiet[side]) silent[side].push_back(states.back().round);
    }
    played.emplace_back(blue, red);
    states.push_back(play(states.back(), blue, red));
  }
  const State& end = states.back();
  if (end.hit != 1 && end.hit != 2) return std::nullopt;
  cause.loser = end.hit == 1 ? Blue : Red;
  cause.hit_round = end.round;
  cause.silent_rounds = silent[cause.loser];
  for (std::size_t k = states.size(); k-- > 0;) {
    if (!hit_or_doomed(states[k], cause.loser)) break;
    cause.doomed_round = states[k].round;
  }
  for (std::size_t k = states.size() - 1; k-- > 0;) {
    std::vector<Action> safe = safe_actions(states[k], cause.loser);
    if (safe.empty()) continue;
    cause.last_safe_round = states[k].round;
    cause.played = cause.loser == Blue ? played[k].first : played[k].second;
    cause.played_safe = std::find(safe.begin(), safe.end(), cause.played) != safe.end();
    cause.safe_actions = std::move(safe);
    break;
  }
  if (cause.played_safe) {
    for (std::size_t k = states.size() - 1; k-- > 0;) {
      const std::vector<Action> deep = safe_actions(states[k], cause.loser, 2);
      if (deep.empty()) continue;
      cause.last_deep_round = states[k].round;
      const Action played_there = cause.loser == Blue ? played[k].first : played[k].second;
      cause.played_deep = std::find(deep.begin(), deep.end(), played_there) != deep.end();
      break;
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
  if (!silent_rounds.empty()) {
    out += "; its program gave no answer " + std::to_string(silent_rounds.size()) + " time(s), first at round " +
           std::to_string(silent_rounds.front());
  }
  return out;
}

}  // namespace gamelab::bullets
