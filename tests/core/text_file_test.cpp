#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"

TEST_CASE("position lines skip leading comments and keep line numbers", "[core][text]") {
  const auto lines = gamelab::position_lines("# one\n# two\r\nfirst\r\n# not a comment now\nlast\n\n\n");
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].number == 3);
  CHECK(lines[0].text == "first");
  CHECK(lines[1].text == "# not a comment now");
  CHECK(lines[2].number == 5);
}

TEST_CASE("a missing file is an error naming it", "[core][text]") {
  CHECK_THROWS_WITH(gamelab::read_text_file("no/such/file.txt"), Catch::StartsWith("no/such/file.txt: cannot open"));
}

TEST_CASE("atomic writes replace the whole file and leave no temporary behind", "[core][text]") {
  const std::string path = "atomic_write_test.txt";
  gamelab::write_file_atomic(path, "first version\n");
  gamelab::write_file_atomic(path, "second\n");
  CHECK(gamelab::read_text_file(path) == "second\n");
  for (const auto& entry : std::filesystem::directory_iterator(".")) {
    CHECK(entry.path().filename().string().find("atomic_write_test.txt.tmp") == std::string::npos);
  }
  std::filesystem::remove(path);
  CHECK_THROWS_AS(gamelab::write_file_atomic("no/such/dir/file.txt", "x"), gamelab::InputError);
}

TEST_CASE("an atomic write keeps the permissions of the file it replaces — a new file is 0644", "[core][text]") {
  namespace fs = std::filesystem;
  const std::string path = "atomic_mode_test.sh";
  gamelab::write_file_atomic(path, "#!/bin/sh\n");
  const mode_t mask = ::umask(0);  // a new file is 0644 less what the process's umask takes away
  ::umask(mask);
  CHECK(static_cast<mode_t>(fs::status(path).permissions() & fs::perms::all) == (0644 & ~mask));
  fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  gamelab::write_file_atomic(path, "#!/bin/sh\necho again\n");
  CHECK((fs::status(path).permissions() & fs::perms::all) ==
        (fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec));
  CHECK(gamelab::read_text_file(path) == "#!/bin/sh\necho again\n");
  fs::remove(path);
}

TEST_CASE("located errors read path:line:col", "[core][text]") {
  CHECK(gamelab::located("a.txt", 3, 7, "bad") == "a.txt:3:7: bad");
  CHECK(gamelab::located("a.txt", 3, 0, "bad") == "a.txt:3: bad");
}
