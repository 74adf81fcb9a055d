// ProcessGroup's parts shared by the MPI and the serial builds.
#include "eval/distributed/process_group.hpp"

namespace gamelab::dist {

ProcessGroup& ProcessGroup::world() {
  static ProcessGroup group;
  return group;
}

}  // namespace gamelab::dist
