#include "distributed.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <stdexcept>

#include "eval/distributed/ordered_jobs.hpp"
#include "eval/match/match_runner.hpp"
#include "tuner/texel/datagen.hpp"
#include "tuner/texel/texel.hpp"

namespace gamelab::cli {

void serve_jobs() {
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  for (;;) {
    const dist::Job job = dist::receive_job(group);
    if (job.kind.empty()) return;
    if (job.kind == "match") eval::serve_match(job.text);
    else if (job.kind == "datagen") tuner::serve_datagen(job.text);
    else if (job.kind.rfind("texel-", 0) == 0) tuner::serve_texel(job.kind, job.text);
    else throw std::logic_error("rank 0 sent a job of unknown kind '" + job.kind + "'");
  }
}

void on_group(const dist::ProcessGroup& group, const std::function<void()>& body) {
  if (group.size() == 1) {
    body();
    return;
  }
  try {
    body();
  } catch (const CLI::RuntimeError&) {
    // A command's verdict with its own exit code (a refused release): already reported, every job
    // finished; rank 0 lets the other ranks go and exits with that code.
    if (group.root()) dist::send_done(group);
    throw;
  } catch (const std::exception& e) {
    std::cerr << "gamelab: error (rank " << group.rank() << " of " << group.size() << "): " << e.what() << std::endl;
    group.abort(2);
  }
}

void drive(const dist::ProcessGroup& group, const std::function<void()>& body) {
  if (!group.root()) {
    serve_jobs();
    return;
  }
  body();
  dist::send_done(group);
}

void run_driven(const std::function<void()>& body) {
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  if (group.root() && group.size() > 1) {
    std::cerr << "gamelab: " << group.size() << " ranks; rank 0 reads and writes, every rank plays its share" << std::endl;
  }
  on_group(group, [&] { drive(group, body); });
}

}  // namespace gamelab::cli
