// ProcessGroup over MPI (built when GAMELAB_MPI is on).
#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "eval/distributed/process_group.hpp"

namespace gamelab::dist {

namespace {

bool launched_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(name)) return true;
  }
  return false;
}

}  // namespace

bool ProcessGroup::built_with_mpi() { return true; }

ProcessGroup::ProcessGroup() {
  if (!launched_by_mpirun()) return;
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (initialised) throw std::logic_error("MPI is already initialised: make one ProcessGroup per process");
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  joined_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

ProcessGroup::~ProcessGroup() {
  if (joined_) MPI_Finalize();
}

std::string ProcessGroup::broadcast(const std::string& text) const {
  if (size_ == 1) return text;
  unsigned long long length = text.size();
  MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string out = root() ? text : std::string(length, '\0');
  // Large texts go in chunks below INT_MAX, MPI's count type.
  constexpr unsigned long long kChunk = 1ULL << 30;
  for (unsigned long long done = 0; done < length; done += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, length - done));
    MPI_Bcast(out.data() + done, count, MPI_CHAR, 0, MPI_COMM_WORLD);
  }
  return out;
}

std::vector<double> ProcessGroup::broadcast(const std::vector<double>& values) const {
  if (size_ == 1) return values;
  unsigned long long length = values.size();
  MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<double> out = root() ? values : std::vector<double>(length);
  MPI_Bcast(out.data(), static_cast<int>(length), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return out;
}

std::vector<double> ProcessGroup::all_gather(const std::vector<double>& mine) const {
  if (size_ == 1) return mine;
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(size_), offsets(size_);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int total = 0;
  for (int r = 0; r < size_; ++r) {
    offsets[r] = total;
    total += counts[r];
  }
  std::vector<double> out(total);
  MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, out.data(), counts.data(), offsets.data(), MPI_DOUBLE,
                 MPI_COMM_WORLD);
  return out;
}

std::vector<std::string> ProcessGroup::gather(const std::string& mine) const {
  if (size_ == 1) return {mine};
  // Lengths first, then the texts; a rank's text stays below INT_MAX bytes (one batch of results).
  unsigned long long length = mine.size();
  if (length > 0x7fffffffULL) throw std::length_error("ProcessGroup::gather: a text of 2 GiB or more");
  std::vector<unsigned long long> lengths(root() ? size_ : 0);
  MPI_Gather(&length, 1, MPI_UNSIGNED_LONG_LONG, lengths.data(), 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<int> counts(root() ? size_ : 0), offsets(root() ? size_ : 0);
  unsigned long long total = 0;
  for (int r = 0; root() && r < size_; ++r) {
    if (total + lengths[r] > 0x7fffffffULL) throw std::length_error("ProcessGroup::gather: 2 GiB or more in all");
    offsets[r] = static_cast<int>(total);
    counts[r] = static_cast<int>(lengths[r]);
    total += lengths[r];
  }
  std::string all(total, '\0');
  MPI_Gatherv(mine.data(), static_cast<int>(length), MPI_CHAR, all.data(), counts.data(), offsets.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (int r = 0; root() && r < size_; ++r) out.push_back(all.substr(static_cast<std::size_t>(offsets[r]), lengths[r]));
  return out;
}

void ProcessGroup::abort(int code) const {
  if (joined_ && size_ > 1) MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

}  // namespace gamelab::dist
