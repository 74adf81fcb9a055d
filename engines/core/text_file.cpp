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

std::vector<RawLine> split_lines(const std::string& content) {
  std::vector<RawLine> lines;
  std::size_t start = 0;
  int number = 0;
  while (start < content.size()) {
    std::size_t end = content.find('\n', start);
    const bool complete = end != std::string::npos;
    if (!complete) end = content.size();
    lines.push_back({++number, content.substr(start, end - start), start, complete});
    start = end + 1;
  }
  return lines;
}

void cut_file(const std::string& path, std::size_t bytes) {
  if (::truncate(path.c_str(), static_cast<off_t>(bytes)) != 0) {
    throw InputError(path + ": cannot cut the truncated last line (" + std::strerror(errno) + ")");
  }
}

std::vector<TextLine> position_file_lines(const std::string& path) {
  return position_lines(read_text_file(path));
}

std::vector<TextLine> position_lines(const std::string& content) {
  std::vector<TextLine> lines;
  bool seen_content = false;
  for (RawLine& line : split_lines(content)) {
    std::string& text = line.text;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (!seen_content && !text.empty() && text[0] == '#') continue;
    seen_content = true;
    lines.push_back({line.number, std::move(text)});
  }
  while (!lines.empty() && lines.back().text.empty()) lines.pop_back();
  return lines;
}

void write_synced(int fd, const std::string& path, const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError(path + ": write failed (" + std::strerror(errno) + ")");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) throw InputError(path + ": cannot flush to disk (" + std::strerror(errno) + ")");
}

void append_synced(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) throw InputError(path + ": cannot open for appending (" + std::strerror(errno) + ")");
  try {
    write_synced(fd, path, text);
  } catch (const InputError&) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw InputError(path + ": cannot flush to disk");
}

void write_file_atomic(const std::string& path, const std::string& content) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw InputError(temp + ": cannot create (" + std::strerror(errno) + ")");
  // A file that is replaced keeps its permissions (a bot's executable bit, say): the new content gets
  // them before it takes the old one's place, so no moment shows the file with other ones.
  struct stat old {};
  if (::stat(path.c_str(), &old) == 0) ::fchmod(fd, old.st_mode & 07777);
  try {
    write_synced(fd, temp, content);
  } catch (const InputError&) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  if (::close(fd) != 0) {
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

std::vector<Field> split_fields(const std::string& line) {
  std::vector<Field> fields;
  for (std::size_t i = 0; i < line.size();) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    fields.push_back({line.substr(i, j - i), static_cast<int>(i) + 1});
    i = j;
  }
  return fields;
}

std::string trim_blanks(const std::string& text) {
  constexpr const char* kBlanks = " \t\r\n\v\f";
  const auto first = text.find_first_not_of(kBlanks);
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(kBlanks);
  return text.substr(first, last - first + 1);
}

}  // namespace gamelab
