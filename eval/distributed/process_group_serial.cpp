// ProcessGroup without MPI (GAMELAB_MPI off): always one process.
#include <cstdlib>

#include "eval/distributed/process_group.hpp"

namespace gamelab::dist {

bool ProcessGroup::built_with_mpi() { return false; }
ProcessGroup::ProcessGroup() = default;
ProcessGroup::~ProcessGroup() = default;
std::string ProcessGroup::broadcast(const std::string& text) const { return text; }
std::vector<double> ProcessGroup::broadcast(const std::vector<double>& values) const { return values; }
std::vector<double> ProcessGroup::all_gather(const std::vector<double>& mine) const { return mine; }
std::vector<std::string> ProcessGroup::gather(const std::string& mine) const { return {mine}; }
void ProcessGroup::abort(int code) const { std::exit(code); }

}  // namespace gamelab::dist
