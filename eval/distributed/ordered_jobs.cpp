#include "eval/distributed/ordered_jobs.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"

namespace gamelab::dist {

namespace {

std::string message_of(const std::exception_ptr& failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error";
  }
}

// One process: dynamic threads, results delivered in item order as the prefix completes.
void run_local(const std::vector<std::uint64_t>& items, int threads, const Work& work, const Deliver& deliver) {
  std::mutex lock;
  std::map<std::size_t, std::string> pending;  // position in `items` -> result
  std::size_t next = 0;
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  const long count = static_cast<long>(items.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(threads, 1))
  for (long i = 0; i < count; ++i) {
    if (stop.load()) continue;
    try {
      std::string result = work(items[static_cast<std::size_t>(i)]);
      std::lock_guard<std::mutex> guard(lock);
      if (stop.load()) continue;
      pending.emplace(static_cast<std::size_t>(i), std::move(result));
      for (auto it = pending.find(next); it != pending.end(); it = pending.find(next)) {
        const std::uint64_t item = items[next];
        std::string text = std::move(it->second);
        pending.erase(it);
        ++next;
        if (!deliver(item, std::move(text))) {
          stop = true;
          break;
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  }
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

void run_ordered(const ProcessGroup& group, const std::vector<std::uint64_t>& items, int threads, const Work& work,
                 const Deliver& deliver) {
  if (group.size() == 1) {
    run_local(items, threads, work, deliver);
    return;
  }
  const std::size_t ranks = static_cast<std::size_t>(group.size());
  const std::size_t me = static_cast<std::size_t>(group.rank());
  const std::size_t round = 4 * ranks * static_cast<std::size_t>(std::max(threads, 1));
  for (std::size_t first = 0; first < items.size(); first += round) {
    const std::size_t end = std::min(items.size(), first + round);
    std::vector<std::size_t> mine;
    for (std::size_t i = first + me; i < end; i += ranks) mine.push_back(i);
    // [[position, ok, text], ...]: this rank's results (ok false: the text is the error).
    std::vector<nlohmann::json> results(mine.size());
    const long count = static_cast<long>(mine.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(threads, 1))
    for (long k = 0; k < count; ++k) {
      const std::size_t i = mine[static_cast<std::size_t>(k)];
      try {
        results[static_cast<std::size_t>(k)] = nlohmann::json::array({i, true, work(items[i])});
      } catch (...) {
        results[static_cast<std::size_t>(k)] = nlohmann::json::array({i, false, message_of(std::current_exception())});
      }
    }
    const std::vector<std::string> gathered = group.gather(nlohmann::json(results).dump());
    std::string decision = "go";
    if (group.root()) {
      std::vector<nlohmann::json> all;
      for (const auto& text : gathered) {
        for (auto& r : nlohmann::json::parse(text)) all.push_back(std::move(r));
      }
      std::sort(all.begin(), all.end(), [](const nlohmann::json& a, const nlohmann::json& b) { return a[0] < b[0]; });
      try {
        for (auto& r : all) {
          if (!r[1].get<bool>()) throw InputError(r[2].get<std::string>());
          if (!deliver(items[r[0].get<std::size_t>()], r[2].get<std::string>())) {
            decision = "stop";
            break;
          }
        }
      } catch (const std::exception& e) {
        decision = std::string("fail\n") + e.what();
      }
    }
    decision = group.broadcast(decision);
    if (decision == "stop") return;
    if (decision.rfind("fail\n", 0) == 0) {
      if (group.root()) throw InputError(decision.substr(5));
      return;
    }
  }
}

void send_job(const ProcessGroup& group, const Job& job) {
  if (group.size() == 1) return;
  group.broadcast(job.kind + "\n" + job.text);
}

Job receive_job(const ProcessGroup& group) {
  const std::string text = group.broadcast(std::string());
  const auto cut = text.find('\n');
  if (cut == std::string::npos) return {};
  return {text.substr(0, cut), text.substr(cut + 1)};
}

void send_done(const ProcessGroup& group) {
  if (group.size() == 1) return;
  group.broadcast(std::string());
}

}  // namespace gamelab::dist
