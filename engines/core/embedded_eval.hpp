#pragma once
// A learned evaluation file compiled into a release bot (docs/tools/release.md §2): the gate copies
// the file it accepted to engines/<game>/release.eval and records its fingerprint and mode in
// release.json; cmake/release_config.cmake writes the file's bytes into the bot as an array
// (cmake/embed_eval.cmake) and the fingerprint and mode beside them (<game>/release_params.hpp,
// embedded_eval()). A bot reads no evaluation file at run time.
//
// The bot still reads the bytes as any engine reads a file (eval_file.hpp, with its game's
// expectations), and checks their fingerprint against the one release.json recorded: the build
// checks it too, so a disagreement means a broken build, and the bot refuses to start rather than
// play another evaluation than the release's.
#include <memory>
#include <string_view>

#include "core/eval_file.hpp"

namespace gamelab::learned {

struct EmbeddedEval {
  std::string_view bytes;        // the file's bytes; empty: the release has no learned evaluation
  std::string_view fingerprint;  // release.json's eval.fingerprint (16 hex digits)
  bool add = true;               // release.json's eval.mode: add (to the hand-made evaluation) or replace
  std::string_view source;       // named in messages, e.g. "engines/raichu/release.eval"
  bool empty() const { return bytes.empty(); }
};

// The embedded file read with `expect` (once per process for the same bytes and expectations: a bot
// that makes an engine per request reads it once), after checking that its fingerprint is the one
// release.json recorded. Null for an empty EmbeddedEval. std::runtime_error naming the source for a
// file that does not read (eval_file.hpp's refusals) or whose fingerprint disagrees: not the user's
// input, the bot's own build.
std::shared_ptr<const EvalFile> load_embedded_eval(const EmbeddedEval& eval, const EvalFileExpect& expect);

// The learned evaluation an export (`gamelab export`, docs/tools/bots.md §6a) writes into its file:
// `file` (--eval) read with `expect`, in mode `add`; else, when the export writes the frozen release
// (`release`: no --params), the release's own compiled in; else none: a parameter set of its own
// names no evaluation file, and the export does not guess one.
struct ExportedEval {
  std::shared_ptr<const EvalFile> file;  // null: the hand-made evaluation alone
  bool add = true;
  std::string source;  // the --eval path, or the embedded file's source (engines/<game>/release.eval)
  explicit operator bool() const { return file != nullptr; }
};
ExportedEval exported_eval(const std::string& file, bool add, bool release, const EmbeddedEval& embedded,
                           const EvalFileExpect& expect);

}  // namespace gamelab::learned
