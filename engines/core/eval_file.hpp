#pragma once
// Learned evaluation files (`gamelab train` writes them; an engine reads them): a short text header,
// then the quantised weights as little-endian binary (docs/tools/train.md §4).
//
//   gamelab-eval 1                      magic and format version
//   game raichu
//   form network                        linear | network
//   inputs raichu-pieces-v1 4560        the game's input set (name and version) and its input count
//   max_active 32                       at most this many inputs on in one perspective
//   hidden 32                           network: hidden units per perspective (linear: 0)
//   scale 133                           engine units per logit
//   quantisation ft=255 out=1024        network (linear: weights=4096), sparse_network.hpp
//   note epoch 12 of runs/raichu-net, validation loss 0.071   free text (not fingerprinted)
//   fingerprint 3f2a...                 FNV-1a 64 over every line above except the note, and the weights
//   data 292162                         the weights' size in bytes; they follow this line's '\n'
//
// Weights, network: ft_weights int16 [inputs x hidden], ft_bias int16 [hidden], out_weights int16
// [2 x hidden], out_bias int32; linear: weights int32 [inputs], bias int32.
//
// Reading checks, in this order, each refusal an InputError that names the file and the field: the
// magic and version ("version 2 ... this build reads version 1"), game, form, inputs (name and count),
// the sizes, the quantisation, a file cut off (in the header or in the weights: how many bytes of how
// many), bytes after the weights, the fingerprint, and that no accumulator can overflow.
// The engines' parameter files (ParamSet, release.json) are another thing and load as before.
#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "core/sparse_network.hpp"

namespace gamelab::learned {

inline constexpr int kEvalFileVersion = 1;

struct EvalFile {
  std::string game;
  std::string inputs;            // the input set's name (e.g. raichu-pieces-v1)
  std::uint32_t max_active = 0;  // the input set's bound on active inputs per perspective
  std::string note;
  std::variant<SparseLinear, SparseNetwork> model;

  bool is_network() const { return std::holds_alternative<SparseNetwork>(model); }
  const char* form() const { return is_network() ? "network" : "linear"; }
  std::uint32_t input_count() const;
  std::int32_t scale() const;
  // FNV-1a 64 over the header fields (but the note) and the weights: the same weights, the same value.
  std::uint64_t fingerprint() const;
  std::string fingerprint_hex() const;  // the same as 16 lower-case hex digits (release.json, records, exports)
};

// What the reader expects; an empty field (or 0) is not checked.
struct EvalFileExpect {
  std::string game;
  std::string form;  // "linear" or "network"
  std::string inputs;
  std::uint32_t input_count = 0;
};

// The file's bytes.
std::string eval_file_bytes(const EvalFile& file);
// Writes atomically (temporary file, fsync, rename).
void write_eval_file(const std::string& path, const EvalFile& file);
// `bytes` read from `source` (named in errors).
EvalFile parse_eval_file(const std::string& bytes, const std::string& source, const EvalFileExpect& expect = {});
EvalFile read_eval_file(const std::string& path, const EvalFileExpect& expect = {});
// The file at `path` read with `expect` once per process and shared after (the engines of a match, the
// searches of a bench): every engine that plays a file reads it through here. Thread-safe.
std::shared_ptr<const EvalFile> shared_eval_file(const std::string& path, const EvalFileExpect& expect);

// The files a game's engine reads, for an evaluator over the game's inputs `Inputs` (kGame, kInputName,
// kInputCount): its game and input set, either form. Both kinds of evaluator derive from it
// (search/learned_line_eval.hpp, search/learned_leaf_eval.hpp). `load` reads each path once per
// process (the engines of a match share it); `read` reads it again (a test that rewrites a file).
template <class Inputs>
struct InputsFiles {
  static EvalFileExpect expect() { return {Inputs::kGame, "", Inputs::kInputName, Inputs::kInputCount}; }
  static std::shared_ptr<const EvalFile> load(const std::string& path) { return shared_eval_file(path, expect()); }
  static std::shared_ptr<const EvalFile> read(const std::string& path) {
    return std::make_shared<const EvalFile>(read_eval_file(path, expect()));
  }
};

}  // namespace gamelab::learned
