// gamelab openings <game>: a balanced, deduplicated opening suite from a seed (turn-based games).
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/progress.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

// "150..450" (or "150-450"): the --imbalance range of |score| kept.
void parse_imbalance(const std::string& text, OpeningRequest& request) {
  const auto dots = text.find("..");
  const auto dash = text.find('-');
  const std::size_t at = dots != std::string::npos ? dots : dash;
  const std::size_t width = dots != std::string::npos ? 2 : 1;
  const auto number = [&](const std::string& part) {
    if (part.empty() || part.size() > 5 || part.find_first_not_of("0123456789") != std::string::npos) {
      throw InputError("--imbalance " + text + ": expected A..B, two scores from 0 to 30000 (e.g. 150..450)");
    }
    return std::stoi(part);
  };
  if (at == std::string::npos) number("");
  request.min_score = number(text.substr(0, at));
  request.max_score = number(text.substr(at + width));
  if (request.min_score > request.max_score) {
    throw InputError("--imbalance " + text + ": the lower score is above the upper one");
  }
}

}  // namespace

void add_openings_command(CLI::App& app) {
  auto* openings = app.add_subcommand("openings", "make an opening suite: seeded random plies, balanced, deduplicated");
  openings->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.generate_openings) continue;
    auto* command = openings->add_subcommand(game.name, "opening suite for " + game.title);
    auto request = std::make_shared<OpeningRequest>();
    auto out = std::make_shared<std::string>();
    auto values = std::make_shared<std::map<std::string, std::string>>();
    auto flags = std::make_shared<std::map<std::string, CLI::Option*>>();
    command->add_option("--count", request->count, "number of openings (default 100)")->check(CLI::Range(1, 1000000));
    command->add_option("--seed", request->seed, "seed (default 1)");
    command->add_option("--min-plies", request->min_plies, "fewest random plies (default 2)")->check(CLI::Range(0, 400));
    command->add_option("--max-plies", request->max_plies, "most random plies (default 8)")->check(CLI::Range(0, 400));
    command->add_option("--balance-depth", request->balance_depth, "search depth judging balance, 0 = none (default 4)")
        ->check(CLI::Range(0, 20));
    command->add_option("--max-score", request->max_score, "keep |score| <= this (default 150)")->check(CLI::Range(0, 30000));
    command->add_option("--min-score", request->min_score, "keep |score| >= this (default 0; > 0: unbalanced openings)")
        ->check(CLI::Range(0, 30000));
    auto imbalance = std::make_shared<std::string>();
    command->add_option("--imbalance", *imbalance,
                        "A..B: keep A <= |score| <= B, an unbalanced suite (fishtest's UHO books); sets --min-score and --max-score");
    command->add_option("--out", *out, "write the suite (JSON) here instead of standard output");
    for (const auto& option : game.position_options) {
      (*flags)[option.name] = command->add_option("--" + option.name, (*values)[option.name], option.help);
    }
    command->callback([&game, request, out, values, flags, imbalance] {
      if (!imbalance->empty()) parse_imbalance(*imbalance, *request);
      for (const auto& [name, option] : *flags) {
        if (option->count() > 0) request->options[name] = values->at(name);
      }
      ProgressOptions bar;
      bar.task = "openings " + game.name;
      bar.unit = "openings";
      bar.total = static_cast<std::uint64_t>(request->count);
      bar.final_line = false;  // the command reports what it wrote
      Progress progress(std::cerr, bar);
      request->on_kept = [&progress](int kept) { progress.update(static_cast<std::uint64_t>(kept)); };
      const auto positions = game.generate_openings(*request);
      request->on_kept = nullptr;
      progress.finish(positions.size());
      nlohmann::ordered_json suite;
      suite["game"] = game.name;
      suite["made_by"] = "gamelab openings " + game.name + " --count " + std::to_string(request->count) + " --seed " +
                         std::to_string(request->seed) + " --min-plies " + std::to_string(request->min_plies) +
                         " --max-plies " + std::to_string(request->max_plies) + " --balance-depth " +
                         std::to_string(request->balance_depth) + " --max-score " + std::to_string(request->max_score) +
                         (request->min_score > 0 ? " --min-score " + std::to_string(request->min_score) : "");
      for (const auto& [name, value] : request->options) suite["made_by"] = suite["made_by"].get<std::string>() + " --" + name + " " + value;
      suite["positions"] = positions;
      const std::string text = suite.dump(1) + "\n";
      if (out->empty()) {
        std::cout << text;
      } else {
        write_file_atomic(*out, text);
        std::cerr << "wrote " << positions.size() << " openings to " << *out << "\n";
      }
      if (static_cast<int>(positions.size()) < request->count) {
        std::cerr << "note: only " << positions.size() << " distinct balanced openings found\n";
      }
    });
  }
}

}  // namespace gamelab::cli
