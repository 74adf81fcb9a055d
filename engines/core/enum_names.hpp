#pragma once
// A game's result and the names of its enums, as every game's rules give them. name_in: the name of an
// enum's value from a table of names in the enum's order (its values 0, 1, …, N - 1 without gaps):
// every game's to_string(Outcome) and to_string(EndReason) is one line, a table, not a switch written
// again; "?" for a value outside the table. GameResult: the outcome and its reason, from the game's
// own enums (Ongoing and None their first values).
#include <cstddef>

namespace gamelab {

template <class Enum, std::size_t N>
constexpr const char* name_in(Enum value, const char* const (&names)[N]) {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : "?";
}

template <class Outcome, class EndReason>
struct GameResult {
  Outcome outcome = Outcome::Ongoing;
  EndReason reason = EndReason::None;
  bool over() const { return outcome != Outcome::Ongoing; }
};

}  // namespace gamelab
