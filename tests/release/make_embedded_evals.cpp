// make_embedded_evals FOLDER: writes FOLDER/<game>.eval for every registered game with learned inputs, the
// learned evaluation files the embedded-evaluation tests compile in (tests/CMakeLists.txt:
// cmake/embed_eval.cmake, as the release bots compile engines/<game>/release.eval). Networks of seeded random weights as large as training allows
// (train/learned_files.hpp), so that every hidden unit works at both ends of its clipping; the same
// files at every build.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "registry/game_registry.hpp"
#include "train/learned_files.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_embedded_evals FOLDER\n");
    return 2;
  }
  try {
    std::filesystem::create_directories(argv[1]);
    std::uint64_t seed = 31;
    for (const gamelab::GameEntry& entry : gamelab::game_registry()) {
      if (!entry.sparse_inputs.active) continue;
      const std::string& game = entry.name;
      const auto model = train_test::random_model(gamelab::train::Form::Network, game, seed++);
      train_test::write_model(model, game, std::string(argv[1]) + "/" + game + ".eval", 147);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_embedded_evals: %s\n", e.what());
    return 1;
  }
  return 0;
}
