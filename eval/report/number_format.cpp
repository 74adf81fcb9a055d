#include "eval/report/number_format.hpp"

#include <cstdio>

namespace gamelab::eval::report {

std::string fixed(double x, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  std::string text = buffer;
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

std::string signed_fixed(double x, int digits) {
  const std::string text = fixed(x, digits);
  const bool zero = text.find_first_not_of("0.") == std::string::npos;
  return text[0] == '-' || zero ? text : "+" + text;
}

std::string percent(double fraction, int digits) { return fixed(100 * fraction, digits) + " %"; }

}  // namespace gamelab::eval::report
