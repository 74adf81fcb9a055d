#include "core/bot_frame.hpp"

#include <cstdio>
#include <exception>

#include "core/error.hpp"
#include <nlohmann/json.hpp>

namespace gamelab::bot {

int run_main(const char* bot, const char* usage, int argc, char** argv,
             const std::function<int(const std::vector<std::string>& args, bool& arguments_read)>& body) {
  bool arguments_read = false;
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
      std::fputs(usage, stdout);
      return 0;
    }
    return body(args, arguments_read);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s: error: %s\n", bot, e.what());
    if (!arguments_read) std::fputs(usage, stderr);
    return 2;
  } catch (const std::exception& e) {  // e.g. no memory for a search table
    std::fprintf(stderr, "%s: internal error: %s\n", bot, e.what());
    return 3;
  }
}

ParamSet playing_params(const char* bot, const std::string& params_file, const std::function<ParamSet()>& frozen,
                        const ParamSet& defaults) {
  if (!params_file.empty()) return ParamSet::load_file(params_file, defaults);
  try {
    return frozen();
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s: warning: the compiled release does not fit the engine (%s); playing the defaults\n",
                 bot, e.what());
    return defaults;
  }
}

std::string printed_params(const ParamSet& params, const learned::EmbeddedEval& eval) {
  if (eval.empty()) return params.to_json();
  auto json = nlohmann::ordered_json::parse(params.to_json());
  json["eval"] = {{"file", std::string(eval.source)},
                  {"fingerprint", std::string(eval.fingerprint)},
                  {"mode", eval.add ? "add" : "replace"}};
  return json.dump(2) + "\n";
}

std::optional<ParamSet> params_or_print(const char* bot, bool print_params, const std::string& params_file,
                                        const std::function<ParamSet()>& frozen, const ParamSet& defaults,
                                        const learned::EmbeddedEval& eval) {
  if (print_params) {
    std::fputs(printed_params(frozen(), eval).c_str(), stdout);
    return std::nullopt;
  }
  return playing_params(bot, params_file, frozen, defaults);
}

}  // namespace gamelab::bot
