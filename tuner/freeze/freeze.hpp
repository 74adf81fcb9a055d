#pragma once
// Freezing tuned values into a team's own source file (docs/tools/freeze.md): the values inside one
// marked block are rewritten, every other byte stays as it was.
//
//   Python                                   C and C++
//   # gamelab:params begin                   // gamelab:params begin
//   eval_pawn = 100                          constexpr int eval_pawn = 100;
//   search_lmr = 3  # a comment stays        #define SEARCH_LMR 3
//   # gamelab:params end                     // gamelab:params end
//
// Inside the block: parameter lines, blank lines and comment lines. The block must name every tuned
// parameter exactly once and nothing else.
#include <string>
#include <utility>
#include <vector>

namespace gamelab::freeze {

// Tuned values, in the order of the file that gave them.
using TunedValues = std::vector<std::pair<std::string, long long>>;

// A params file's values: the lab's JSON ({"NAME": value, ...}, or the `gamelab params` form
// {"game": ..., "params": [{"name": ..., "value": ...}, ...]}, or a release.json) or OpenBench's SPSA
// text (`name, int, value, min, max, c_end, r_end` per line). No game's parameter set is needed: any
// names, integer values. InputError naming `source` (and the line) otherwise, and for a release.json
// whose release also has a learned evaluation (its "eval" member): freeze writes values only.
TunedValues parse_tuned(const std::string& text, const std::string& source);
TunedValues read_tuned(const std::string& path);

struct FrozenValue {
  std::string name;
  int line = 0;           // 1-based line of the file
  std::string before;     // the value's text as it was
  std::string after;      // as written
};

struct FreezeResult {
  std::string text;                  // the new content
  std::vector<FrozenValue> values;   // every parameter line of the block, in file order
  int begin_line = 0, end_line = 0;  // the block's markers
};

// The content with the block's values replaced; InputError "path:line: ..." for no block, two blocks,
// an unterminated block, a line inside it that is not a parameter line, comment or blank, a value
// that is not an integer, a name that is not tuned, a name twice, or a tuned name the block lacks.
FreezeResult freeze_text(const std::string& content, const std::string& path, const TunedValues& tuned);

// Reads `path`, freezes, and replaces it atomically (temporary file, fsync, rename; its permissions
// kept). On any refusal the file is left untouched.
FreezeResult freeze_file(const std::string& path, const TunedValues& tuned);

}  // namespace gamelab::freeze
