// ataxx_bot: the Ataxx release bot, a UAI engine (docs/rules/ataxx.md §8) on standard input and output:
//     ataxx_bot [--params FILE]
//     ataxx_bot --print-params
// It plays the frozen configuration compiled in from engines/ataxx/release.json (the defaults while
// there is none), or FILE's parameters; every parameter is also a UAI option (uai.hpp). With either, it
// evaluates with the release's learned evaluation when the release has one (engines/ataxx/release.eval,
// compiled in). `quit` or the end of input: exit code 0. Bad arguments: the usage and exit code 2; an
// embedded evaluation that is not the one release.json records: exit code 3 (bot_frame.hpp).
#include <iostream>
#include <string>
#include <vector>

#include "ataxx/eval.hpp"
#include "ataxx/learned_eval.hpp"
#include "ataxx/release_params.hpp"
#include "ataxx/uai.hpp"
#include "core/bot_frame.hpp"
#include "core/embedded_eval.hpp"
#include "core/error.hpp"

namespace {

constexpr const char* kUsage =
    "usage: ataxx_bot [--params FILE]    UAI on standard input and output\n"
    "       ataxx_bot --print-params     print the compiled release's parameter set (JSON) and exit\n"
    "  --params FILE  play these parameters (JSON or SPSA text) instead of the compiled release\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace gamelab;
  return bot::run_main("ataxx_bot", kUsage, argc, argv, [](const std::vector<std::string>& args, bool& arguments_read) {
    bool print_params = false;
    std::string params_file;
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i] == "--print-params") {
        print_params = true;
      } else if (args[i] == "--params") {
        if (i + 1 == args.size()) throw InputError("--params needs a FILE");
        params_file = args[++i];
      } else {
        throw InputError("unknown argument '" + args[i] + "'; the UAI commands come on standard input");
      }
    }
    arguments_read = true;
    const learned::EmbeddedEval eval = ataxx::release::embedded_eval();
    const auto played = bot::params_or_print(
        "ataxx_bot", print_params, params_file, [] { return ataxx::release::frozen_params(ataxx::default_params()); },
        ataxx::default_params(), eval);
    if (!played) return 0;
    // Read before the first command, so that a bot whose embedded file is not the release's refuses to
    // start rather than fail in its first `go`.
    learned::load_embedded_eval(eval, ataxx::LearnedEval::expect());
    // The search thread writes while this one reads: no flush of std::cout from a read of std::cin.
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    ataxx::UaiEngine uai(*played, std::cout, eval);
    return uai.run(std::cin);
  });
}
