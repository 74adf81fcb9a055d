#pragma once
// Commands under mpirun (docs/tools/distributed.md). The match runner, datagen and Texel are driven by
// rank 0, which reads the command's files, writes its output and sends the other ranks their jobs;
// those ranks serve (serve_jobs) until rank 0 is done. SPSA campaigns run on every rank alike and
// serve their verification match the same way.
#include <functional>

#include "eval/distributed/process_group.hpp"

namespace gamelab::cli {

// The other ranks' loop: play the jobs rank 0 sends (a match's pairs, datagen's games, Texel's
// passes) until it sends "done".
void serve_jobs();

// With more than one rank, a failure on any rank ends the whole job (the others would wait forever):
// the error is printed with the rank and every rank exits with code 2. A command's verdict that is
// not a failure (CLI::RuntimeError: a refused release, exit code 1) ends the job cleanly with its code.
void on_group(const dist::ProcessGroup& group, const std::function<void()>& body);

// `body` on rank 0 (or the only process), the others serving it; rank 0 says "done" at its end.
void drive(const dist::ProcessGroup& group, const std::function<void()>& body);
// drive() on the process's group, a failure on any rank ending the job (on_group).
void run_driven(const std::function<void()>& body);

}  // namespace gamelab::cli
