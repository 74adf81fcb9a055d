#include "eval/match/referee_spec.hpp"

#include <cctype>
#include <regex>

#include "core/error.hpp"
#include "core/process.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::eval {

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> items;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = text.find(',', from);
    items.push_back(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
    if (comma == std::string::npos) return items;
    from = comma + 1;
  }
}

int exit_code_of(const std::string& text, const std::string& option) {
  std::size_t used = 0;
  int code = -1;
  try {
    code = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || code < 0 || code > 255) {
    throw InputError("--result " + option + ": '" + text + "' is not an exit code (0 to 255)");
  }
  return code;
}

const char* preset_name(ResultPreset p) {
  switch (p) {
    case ResultPreset::Score: return "score";
    case ResultPreset::Winner: return "winner";
    case ResultPreset::Json: return "json";
    case ResultPreset::Exit: return "exit";
    case ResultPreset::Patterns: return "patterns";
  }
  return "?";
}

}  // namespace

RefereeResultRule parse_result_preset(const std::string& text) {
  RefereeResultRule rule;
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (name == "score" || name == "json") {
    if (colon != std::string::npos) throw InputError("--result " + text + ": the " + name + " preset takes no ':...'");
    rule.preset = name == "score" ? ResultPreset::Score : ResultPreset::Json;
  } else if (name == "winner") {
    rule.preset = ResultPreset::Winner;
    if (colon != std::string::npos) {
      const auto words = split_commas(rest);
      if (words.size() != 2 || words[0].empty() || words[1].empty() || words[0] == words[1]) {
        throw InputError("--result " + text + ": expected winner:FIRST,SECOND, the two words the referee calls the "
                         "seats by (e.g. winner:white,black)");
      }
      rule.first_words = {words[0]};
      rule.second_words = {words[1]};
    }
  } else if (name == "exit") {
    rule.preset = ResultPreset::Exit;
    const auto codes = split_commas(rest);
    if (colon == std::string::npos || codes.size() != 3) {
      throw InputError("--result " + text + ": expected exit:FIRST,SECOND,DRAW, the exit codes of a win of the first "
                       "player, of the second, and of a draw (e.g. exit:1,2,0)");
    }
    rule.exit_first = exit_code_of(codes[0], text);
    rule.exit_second = exit_code_of(codes[1], text);
    rule.exit_draw = exit_code_of(codes[2], text);
    if (rule.exit_first == rule.exit_second || rule.exit_first == rule.exit_draw || rule.exit_second == rule.exit_draw) {
      throw InputError("--result " + text + ": the three exit codes must differ");
    }
  } else {
    throw InputError("--result '" + text + "': expected score, winner[:FIRST,SECOND], json or exit:FIRST,SECOND,DRAW");
  }
  return rule;
}

std::string preset_text(const RefereeResultRule& rule) {
  std::string text = preset_name(rule.preset);
  if (rule.preset == ResultPreset::Winner && !rule.first_words.empty()) {
    text += ":" + rule.first_words[0] + "," + rule.second_words[0];
  }
  if (rule.preset == ResultPreset::Exit) {
    text += ":" + std::to_string(rule.exit_first) + "," + std::to_string(rule.exit_second) + "," +
            std::to_string(rule.exit_draw);
  }
  return text;
}

void check_referee_spec(const RefereeSpec& spec) {
  if (spec.game.empty()) throw InputError("--game-name: a referee's game needs a name (it goes into the records)");
  for (const char c : spec.game) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') {
      throw InputError("--game-name '" + spec.game + "': use letters, digits, '-', '_' and '.' only");
    }
  }
  for (const auto& game : game_registry()) {
    if (game.name == spec.game) {
      throw InputError("--game-name " + spec.game + ": the lab has its own " + spec.game +
                       "; name the referee's game otherwise (e.g. " + spec.game + "-referee)");
    }
  }
  if (spec.command.empty()) throw InputError("--referee: give the referee's command line");
  const auto words = split_command(spec.command);  // InputError for an unterminated quote
  bool first = false, second = false;
  for (const auto& w : words) {
    first = first || w.find("{first}") != std::string::npos;
    second = second || w.find("{second}") != std::string::npos;
  }
  if (!first || !second) {
    throw InputError("--referee '" + spec.command + "': the command must name both players, {first} and {second} " +
                     "(the programs the lab makes for each game)");
  }
  if (spec.result.preset == ResultPreset::Patterns) {
    const std::pair<const char*, const std::string*> patterns[] = {
        {"--first-wins", &spec.result.first_wins}, {"--second-wins", &spec.result.second_wins}, {"--draw", &spec.result.draw}};
    for (const auto& [option, pattern] : patterns) {
      if (pattern->empty()) throw InputError(std::string(option) + ": give all three patterns (--first-wins, --second-wins, --draw)");
      try {
        std::regex check(*pattern, std::regex::ECMAScript);
      } catch (const std::regex_error& e) {
        throw InputError(std::string(option) + " '" + *pattern + "': not a regular expression (" + e.what() + ")");
      }
    }
  }
  if (!(spec.game_timeout_s > 0) || spec.game_timeout_s > 7 * 24 * 3600.0) {
    throw InputError("--game-timeout: a number of seconds above 0 (and at most a week)");
  }
  if (spec.max_faults < 0) throw InputError("--max-faults: 0 or more");
  for (const int code : spec.ok_exit_codes) {
    if (code < 0 || code > 255) throw InputError("--ok-exit " + std::to_string(code) + ": an exit code is 0 to 255");
  }
}

nlohmann::json referee_spec_json(const RefereeSpec& s) {
  return {{"game", s.game},
          {"command", s.command},
          {"result", preset_text(s.result)},
          {"first_wins", s.result.first_wins},
          {"second_wins", s.result.second_wins},
          {"draw", s.result.draw},
          {"game_timeout_s", s.game_timeout_s},
          {"ok_exit_codes", s.ok_exit_codes},
          {"max_faults", s.max_faults},
          {"log_bytes", s.log_bytes}};
}

RefereeSpec referee_spec_from_json(const nlohmann::json& j, const std::string& source) {
  RefereeSpec s;
  try {
    s.game = j.at("game").get<std::string>();
    s.command = j.at("command").get<std::string>();
    const std::string result = j.at("result").get<std::string>();
    if (result == "patterns") {
      s.result.preset = ResultPreset::Patterns;
    } else {
      s.result = parse_result_preset(result);
    }
    s.result.first_wins = j.at("first_wins").get<std::string>();
    s.result.second_wins = j.at("second_wins").get<std::string>();
    s.result.draw = j.at("draw").get<std::string>();
    s.game_timeout_s = j.at("game_timeout_s").get<double>();
    s.ok_exit_codes = j.at("ok_exit_codes").get<std::vector<int>>();
    s.max_faults = j.at("max_faults").get<int>();
    s.log_bytes = j.at("log_bytes").get<std::size_t>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(source + ": not a referee definition (" + e.what() + ")");
  }
  check_referee_spec(s);
  return s;
}

}  // namespace gamelab::eval
