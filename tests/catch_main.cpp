// The main() of every Catch2 test program. Each program runs in a fresh folder of its own under the
// temporary folder ($TMPDIR), removed when it ends: a test that writes a file by a relative name
// never writes into the folder the program was started from (test output run from the repository's
// root was once committed there). `make test` fails if anything is left in $TMPDIR.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <filesystem>

#include "common/temp_folder.hpp"

int main(int argc, char* argv[]) {
  int result = 0;
  {
    const gamelab_test::TempFolder work("work");
    std::filesystem::current_path(work.path());
    result = Catch::Session().run(argc, argv);
    std::filesystem::current_path(std::filesystem::temp_directory_path());  // leave it before it is removed
  }
  return result;
}
