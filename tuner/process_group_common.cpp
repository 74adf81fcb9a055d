// ProcessGroup's check shared by the MPI and the serial builds: it reads the launcher's environment only.
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "tuner/process_group.hpp"

namespace gamelab::tuner {

void ProcessGroup::refuse_mpi_job(const std::string& command) {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    const char* size = std::getenv(name);
    if (size && std::atoi(size) > 1) {
      throw InputError(command + " runs on one process; under mpirun only tune spsa and tune resume (SPSA) share work");
    }
  }
}

}  // namespace gamelab::tuner
