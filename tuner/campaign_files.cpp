#include "tuner/campaign_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::tuner {

Journal read_journal(const std::string& path) {
  Journal journal;
  journal.path = path;
  if (!std::filesystem::exists(path)) return journal;
  const std::string content = read_text_file(path);
  std::size_t start = 0;
  int number = 0;
  while (start < content.size()) {
    std::size_t end = content.find('\n', start);
    const bool complete = end != std::string::npos;
    if (!complete) end = content.size();
    const std::string text = content.substr(start, end - start);
    ++number;
    if (!complete) {  // a write cut off by a kill: the step it recorded did not finish
      journal.truncated_line = number;
      break;
    }
    start = end + 1;
    journal.complete_bytes = start;
    if (text.find_first_not_of(" \t\r") == std::string::npos) {
      throw InputError(located(path, number, 0, "empty line in a journal"));
    }
    try {
      nlohmann::json line = nlohmann::json::parse(text);
      if (!line.is_object()) throw InputError("not a JSON object");
      journal.lines.push_back(std::move(line));
      journal.line_numbers.push_back(number);
    } catch (const nlohmann::json::exception& e) {
      throw InputError(located(path, number, 0, std::string("malformed journal line (") + e.what() + ")"));
    } catch (const InputError& e) {
      throw InputError(located(path, number, 0, std::string("malformed journal line (") + e.what() + ")"));
    }
  }
  return journal;
}

std::string truncation_note(const Journal& journal) {
  if (!journal.truncated_line) return "";
  return located(journal.path, *journal.truncated_line, 0, "truncated last line (an interrupted run?), dropped");
}

void repair_journal(const Journal& journal) {
  if (!journal.truncated_line) return;
  if (::truncate(journal.path.c_str(), static_cast<off_t>(journal.complete_bytes)) != 0) {
    throw InputError(journal.path + ": cannot cut the truncated last line (" + std::strerror(errno) + ")");
  }
}

void append_journal_line(const std::string& path, const nlohmann::ordered_json& line) {
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) throw InputError(path + ": cannot open for appending (" + std::strerror(errno) + ")");
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string reason = std::strerror(errno);
      ::close(fd);
      throw InputError(path + ": write failed (" + reason + ")");
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = ::fsync(fd) == 0;
  if (::close(fd) != 0 || !synced) throw InputError(path + ": cannot flush to disk");
}

std::string campaign_file(const std::string& dir, const std::string& name) {
  return (std::filesystem::path(dir) / name).string();
}

std::string hex_fingerprint(std::uint64_t value) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(value));
  return hex;
}

ParamSet params_from_json(const nlohmann::json& data, const std::string& source) {
  try {
    std::vector<Param> params;
    for (const auto& item : data.at("params")) {
      Param p;
      p.name = item.at("name").get<std::string>();
      p.value = item.at("value").get<int>();
      p.min = item.at("min").get<int>();
      p.max = item.at("max").get<int>();
      p.c_end = item.at("c_end").get<double>();
      p.r_end = item.at("r_end").get<double>();
      params.push_back(p);
    }
    return ParamSet(data.at("game").get<std::string>(), params);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(source + ": not a parameter set (" + e.what() + ")");
  }
}

}  // namespace gamelab::tuner
