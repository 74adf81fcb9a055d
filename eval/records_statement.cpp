#include "eval/records_statement.hpp"

#include "core/error.hpp"

namespace gamelab::eval {

RecordsStatement records_statement(const std::vector<PairRecord>& records, const std::string& engine) {
  if (records.empty()) throw InputError("no game pairs in the records");
  RecordsStatement out;
  out.engine = engine.empty() ? records.front().engines[0].name : engine;
  out.wdl = wdl_counts(records, out.engine);
  out.penta = pentanomial_counts(records, out.engine);
  if (out.wdl.games() == 0) {
    throw InputError("no engine called '" + out.engine + "' plays in the records (the first record's engines: " +
                     records.front().engines[0].name + ", " + records.front().engines[1].name + ")");
  }
  return out;
}

}  // namespace gamelab::eval
