#pragma once
// Independent work items (game pairs, self-play games) spread over the ranks of a process group and the
// threads of each rank, their results delivered on rank 0 in item order. Whatever the number of ranks
// and threads, rank 0 sees the same results in the same order, so what it writes is byte for byte the
// same (docs/tools/distributed.md).
//
// One process: the items are played by `threads` OpenMP threads as they come free; a finished item
// waits until every item before it is delivered. Several ranks: the items go in rounds of
// 4 x ranks x threads; in a round, rank r plays the items at positions r, r + R, r + 2R, ... on its
// threads, then rank 0 gathers the round's results, delivers them in order and tells every rank
// whether to go on. `deliver` returning false (an SPRT's verdict) stops the job: items in flight are
// finished and dropped, none after the stopping item is delivered.
//
// Every rank calls run_ordered with the same items; `deliver` is called on rank 0 only. An exception
// from `work` on any rank, or from `deliver`, is raised on rank 0 (InputError with its message) after
// the round; the other ranks return.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/distributed/process_group.hpp"

namespace gamelab::dist {

using Work = std::function<std::string(std::uint64_t item)>;
using Deliver = std::function<bool(std::uint64_t item, std::string&& result)>;

void run_ordered(const ProcessGroup& group, const std::vector<std::uint64_t>& items, int threads, const Work& work,
                 const Deliver& deliver);

// A job for the serving ranks (docs/tools/distributed.md): rank 0 sends its description (`kind` and a
// text), the others wait for it. serve_next() on a serving rank returns the next job; an empty kind
// means rank 0 is done and sends no more (send_done).
struct Job {
  std::string kind;
  std::string text;
};
void send_job(const ProcessGroup& group, const Job& job);  // rank 0; nothing with one process
Job receive_job(const ProcessGroup& group);                 // the other ranks
void send_done(const ProcessGroup& group);                  // rank 0: no more jobs

}  // namespace gamelab::dist
