#include "core/text_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace gamelab {

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file (" + std::strerror(errno) + ")");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError(path + ": read error");
  return buffer.str();
}

std::vector<TextLine> position_file_lines(const std::string& path) {
  return position_lines(read_text_file(path));
}

std::vector<TextLine> position_lines(const std::string& content) {
  std::vector<TextLine> lines;
  std::size_t start = 0;
  int number = 0;
  bool seen_content = false;
  while (start < content.size()) {
    std::size_t end = content.find('\n', start);
    if (end == std::string::npos) end = content.size();
    std::string text = content.substr(start, end - start);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    ++number;
    start = end + 1;
    if (!seen_content && !text.empty() && text[0] == '#') continue;
    seen_content = true;
    lines.push_back({number, text});
  }
  while (!lines.empty() && lines.back().text.empty()) lines.pop_back();
  return lines;
}

void write_file_atomic(const std::string& path, const std::string& content) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw InputError(temp + ": cannot create (" + std::strerror(errno) + ")");
  // A file that is replaced keeps its permissions (a bot's executable bit, say): the new content gets
  // them before it takes the old one's place, so no moment shows the file with other ones.
  struct stat old {};
  if (::stat(path.c_str(), &old) == 0) ::fchmod(fd, old.st_mode & 07777);
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string reason = std::strerror(errno);
      ::close(fd);
      ::unlink(temp.c_str());
      throw InputError(temp + ": write failed (" + reason + ")");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(temp.c_str());
    throw InputError(temp + ": cannot flush to disk");
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    throw InputError(path + ": cannot replace (" + reason + ")");
  }
}

std::string located(const std::string& path, int line, int col, const std::string& message) {
  std::string out = path + ":" + std::to_string(line);
  if (col > 0) out += ":" + std::to_string(col);
  return out + ": " + message;
}

std::string trim_blanks(const std::string& text) {
  constexpr const char* kBlanks = " \t\r\n\v\f";
  const auto first = text.find_first_not_of(kBlanks);
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(kBlanks);
  return text.substr(first, last - first + 1);
}

}  // namespace gamelab
