#pragma once
// The processes a tuning campaign runs on: one process (the usual case), or every rank of an MPI job
// started as `mpirun -np R gamelab tune spsa ...` on one machine or many. Rank 0 alone reads and
// writes the campaign; every rank plays its share of each iteration's game pairs.
//
// MPI is joined only when gamelab was built with it (GAMELAB_MPI) and the process was started by a
// launcher (mpirun sets OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK); otherwise the group has one
// process and every operation is a copy. Only the thread that made the group calls MPI.
#include <string>
#include <vector>

namespace gamelab::tuner {

class ProcessGroup {
 public:
  ProcessGroup();   // joins the MPI job if there is one
  ~ProcessGroup();  // leaves it (MPI_Finalize)
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  // Rank 0's value, on every rank.
  std::string broadcast(const std::string& text) const;
  std::vector<double> broadcast(const std::vector<double>& values) const;
  // Every rank's values, concatenated in rank order, on every rank.
  std::vector<double> all_gather(const std::vector<double>& mine) const;
  // Ends every rank of the job with `code` (after one of them failed); exits for a single process.
  [[noreturn]] void abort(int code) const;

  static bool built_with_mpi();
  // InputError naming `command` when the process is one of several ranks of an MPI job: commands that
  // write files and do not share work (datagen, Texel, verify) would only clobber each other's.
  static void refuse_mpi_job(const std::string& command);

 private:
  int rank_ = 0;
  int size_ = 1;
  bool joined_ = false;
};

}  // namespace gamelab::tuner
