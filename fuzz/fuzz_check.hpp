#pragma once
// What every fuzz target shares. A target feeds the bytes to one parser: InputError (a clear refusal)
// is the expected answer to bad input; anything else that escapes (another exception, a crash, a
// sanitizer report) is a bug. When a parse succeeds the target also checks a property that must hold
// for every accepted input (printing it back and parsing again gives the same position; a replayed
// move is one the generator lists), so the fuzzer hunts wrong answers as well as crashes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/error.hpp"

#define FUZZ_CHECK(condition)                                                              \
  do {                                                                                     \
    if (!(condition)) {                                                                    \
      std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                        \
    }                                                                                      \
  } while (false)

namespace gamelab::fuzz {

inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Runs `parse_and_check`; an InputError is a refusal, not a finding.
template <class Body>
int refuse_or_check(Body&& parse_and_check) {
  try {
    parse_and_check();
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace gamelab::fuzz
