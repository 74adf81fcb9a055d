#pragma once
// The name of an enum's value from a table of names in the enum's order (its values 0, 1, …, N - 1
// without gaps): every game's to_string(Outcome) and to_string(EndReason) is one table, not a switch
// written again. "?" for a value outside the table.
#include <cstddef>

namespace gamelab {

template <class Enum, std::size_t N>
constexpr const char* name_in(Enum value, const char* const (&names)[N]) {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : "?";
}

}  // namespace gamelab
