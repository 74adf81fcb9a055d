#pragma once
// The frame every release bot's main() shares (docs/rules/: the tournaments' programs): `--help`, the
// parameters it plays, and the exit codes. Bad input (an InputError) is a message on standard error
// naming the input, the usage when the arguments themselves were wrong, and exit code 2; any other
// exception is an internal error, exit code 3. Nothing is printed on standard output for either.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/embedded_eval.hpp"
#include "core/params.hpp"

namespace gamelab::bot {

// Runs `body(args, arguments_read)` for `bot` (its name in messages) under the exit-code rules above;
// `--help` or `-h` alone prints `usage` and exits 0. The body sets `arguments_read` once its
// arguments parsed, so that a later input error does not repeat the usage.
int run_main(const char* bot, const char* usage, int argc, char** argv,
             const std::function<int(const std::vector<std::string>& args, bool& arguments_read)>& body);

// The parameters a bot plays: `params_file`'s when given (strict: an error names the file), else the
// compiled release `frozen()`. A release that no longer fits the engine (a stale build) falls back to
// `defaults` with a warning on standard error: the tournament still gets answers (--print-params,
// which calls frozen() itself, fails loudly instead).
ParamSet playing_params(const char* bot, const std::string& params_file, const std::function<ParamSet()>& frozen,
                        const ParamSet& defaults);

// The bots' `--print-params` and `--params FILE` in one call: with `print_params`, prints frozen()'s
// JSON (loudly failing if the release no longer fits) and returns nothing (the bot exits 0);
// otherwise returns playing_params().
// What `--print-params` prints: the parameters' JSON, and when the bot carries a learned evaluation
// (`eval`, compiled in) an "eval" member as release.json records it: {file, fingerprint, mode}.
std::string printed_params(const ParamSet& params, const learned::EmbeddedEval& eval);

std::optional<ParamSet> params_or_print(const char* bot, bool print_params, const std::string& params_file,
                                        const std::function<ParamSet()>& frozen, const ParamSet& defaults,
                                        const learned::EmbeddedEval& eval = {});

}  // namespace gamelab::bot
