// gamelab export <game> --<format> FILE [--params FILE]: a release bot's source in a form a tournament
// takes, with a parameter set written in. The formats are the game's (GameEntry::exports), one option
// each: `gamelab export jumpchess --cpp FILE` writes GetStep for the tournament's C++ template.
#include <iostream>
#include <map>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct ExportArgs {
  std::map<std::string, std::string> outputs;  // format flag -> output file
  std::string params;
  std::string eval_file, eval_mode = "add";
};

}  // namespace

void add_export_command(CLI::App& app) {
  auto* command = app.add_subcommand("export", "write a release bot's source for a tournament, parameters written in");
  command->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (game.exports.empty()) continue;
    auto* sub = command->add_subcommand(game.name, "export " + game.title + " (the frozen release, or --params)");
    auto args = std::make_shared<ExportArgs>();
    for (const auto& format : game.exports) {
      sub->add_option("--" + format.flag, args->outputs[format.flag], format.help + "; the file to write");
    }
    sub->add_option("--params", args->params,
                    "parameters to write in (JSON or SPSA text); default: the frozen release (engines/" + game.name +
                        "/release.json)");
    add_eval_options(*sub, game, args->eval_file, args->eval_mode);
    sub->callback([&game, args] {
      ExportRequest request;
      if (!args->params.empty()) {
        request.params = ParamSet::load_file(args->params, game.default_params());
        request.params_source = args->params;
      }
      request.learned = learned_spec(game, args->eval_file, args->eval_mode, args->params);
      int written = 0;
      for (const auto& format : game.exports) {
        const std::string& path = args->outputs[format.flag];
        if (path.empty()) continue;
        write_file_atomic(path, format.write(request));
        std::cout << "wrote " << path << " (" << game.name << " --" << format.flag << ")\n";
        ++written;
      }
      if (written == 0) {
        std::string flags;
        for (const auto& format : game.exports) flags += (flags.empty() ? "--" : ", --") + format.flag + " FILE";
        throw InputError("export " + game.name + ": give an output: " + flags);
      }
    });
  }
}

}  // namespace gamelab::cli
