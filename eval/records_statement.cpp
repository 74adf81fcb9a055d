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

std::string games_text(const RecordsStatement& s) {
  return std::to_string(s.wdl.games()) + " games (" + std::to_string(s.penta.pairs()) + " pairs), W-D-L " +
         std::to_string(s.wdl.wins) + "-" + std::to_string(s.wdl.draws) + "-" + std::to_string(s.wdl.losses);
}

std::string pentanomial_text(const PentanomialCounts& penta) {
  std::string out = "pentanomial [";
  for (std::size_t k = 0; k < penta.cells.size(); ++k) out += (k ? ", " : "") + std::to_string(penta.cells[k]);
  return out + "]";
}

}  // namespace gamelab::eval
