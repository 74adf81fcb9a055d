// gamelab freeze --params tuned.json --into FILE: tuned values written into the marked block of a
// team's own source file (docs/tools/freeze.md).
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "tuner/freeze/freeze.hpp"

namespace gamelab::cli {

void add_freeze_command(CLI::App& app) {
  struct Args {
    std::string params;
    std::string into;
  };
  auto args = std::make_shared<Args>();
  auto* freeze = app.add_subcommand("freeze", "write tuned values into the gamelab:params block of your own bot's file");
  freeze->add_option("--params", args->params, "the tuned values: JSON ({\"NAME\": value} or `gamelab params`) or SPSA text")
      ->required();
  freeze->add_option("--into", args->into, "the Python, C or C++ file holding one gamelab:params block")->required();
  freeze->callback([args] {
    const auto tuned = freeze::read_tuned(args->params);
    const auto result = freeze::freeze_file(args->into, tuned);
    int changed = 0;
    for (const auto& value : result.values) {
      if (value.before == value.after) continue;
      ++changed;
      std::cout << "  " << args->into << ":" << value.line << ": " << value.name << " " << value.before << " -> "
                << value.after << "\n";
    }
    std::cout << "froze " << result.values.size() << " parameters from " << args->params << " into " << args->into
              << " (lines " << result.begin_line << "-" << result.end_line << "), " << changed << " changed\n";
  });
}

}  // namespace gamelab::cli
