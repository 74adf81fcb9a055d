#pragma once
// The processes a batch job runs on: one process (the usual case), or every rank of an MPI job started
// as `mpirun -np R gamelab ...` on one machine or many (docs/tools/distributed.md).
//
// MPI is joined only when gamelab was built with it (GAMELAB_MPI) and the process was started by a
// launcher (mpirun sets OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK); otherwise the group has one
// process and every operation is a copy. Only the thread that made the group calls MPI.
//
// Two ways of sharing work use it: SPSA campaigns run on every rank alike (each plays its share of an
// iteration's pairs, tuner/spsa); the match runner, datagen and Texel have rank 0 drive the command
// while the other ranks serve it (they wait for rank 0's job, play their share of it and send the
// results back: ordered_jobs.hpp). Rank 0 alone reads the command's files and writes results.
#include <cstdint>
#include <string>
#include <vector>

namespace gamelab::dist {

class ProcessGroup {
 public:
  ProcessGroup();   // joins the MPI job if there is one
  ~ProcessGroup();  // leaves it (MPI_Finalize)
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  // The process's group, made on first use (MPI can be joined once per process).
  static ProcessGroup& world();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  // Rank 0's value, on every rank.
  std::string broadcast(const std::string& text) const;
  std::vector<double> broadcast(const std::vector<double>& values) const;
  // Every rank's values, concatenated in rank order, on every rank.
  std::vector<double> all_gather(const std::vector<double>& mine) const;
  // Every rank's text in rank order, on rank 0 (the others get an empty list).
  std::vector<std::string> gather(const std::string& mine) const;
  // Ends every rank of the job with `code` (after one of them failed); exits for a single process.
  [[noreturn]] void abort(int code) const;

  static bool built_with_mpi();

 private:
  int rank_ = 0;
  int size_ = 1;
  bool joined_ = false;
};

}  // namespace gamelab::dist
