#include "sprt_arg.hpp"

#include <stdexcept>

#include "core/error.hpp"

namespace gamelab::cli {

eval::SprtConfig parse_sprt_arg(const std::string& text, const std::string& what) {
  eval::SprtConfig config;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t comma = text.find(',', i);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(i, comma - i);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) throw InputError(what + ": '" + item + "' is not key=value");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    try {
      std::size_t used = 0;
      auto number = [&] {
        const double x = std::stod(value, &used);
        if (used != value.size()) throw std::invalid_argument(value);
        return x;
      };
      if (key == "elo0") config.elo0 = number();
      else if (key == "elo1") config.elo1 = number();
      else if (key == "alpha") config.alpha = number();
      else if (key == "beta") config.beta = number();
      else if (key == "model") config.model = eval::parse_elo_model(value);
      else throw InputError(what + ": unknown key '" + key + "' (elo0, elo1, alpha, beta, model)");
    } catch (const std::logic_error&) {
      throw InputError(what + ": '" + value + "' is not a number for " + key);
    }
    i = comma + 1;
  }
  eval::check_sprt_config(config);
  return config;
}

}  // namespace gamelab::cli
