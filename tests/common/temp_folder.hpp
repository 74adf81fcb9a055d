#pragma once
// A fresh folder under the system's temporary folder ($TMPDIR, else /tmp), removed with the object:
// tests leave nothing behind (`make test` runs them with TMPDIR set to an empty folder and fails if
// anything is left in it). A folder that lives for the whole test process is a function-local static
// TempFolder: its destructor runs when the process exits normally.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace gamelab_test {

class TempFolder {
 public:
  // gamelab_<name>_<pid>: tests of different processes (ctest -j) never share a folder.
  explicit TempFolder(const std::string& name)
      : dir_(std::filesystem::temp_directory_path() / ("gamelab_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  const std::filesystem::path& path() const { return dir_; }
  std::filesystem::path operator/(const std::string& name) const { return dir_ / name; }

 private:
  std::filesystem::path dir_;
};

}  // namespace gamelab_test
