#include "core/eval_file.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "core/fnv.hpp"
#include "core/text_file.hpp"

namespace gamelab::learned {

static_assert(std::endian::native == std::endian::little, "evaluation files hold little-endian weights");

namespace {

constexpr const char* kMagic = "gamelab-eval";
constexpr std::uint32_t kMaxHidden = 1024;

std::string network_quantisation() {
  return "ft=" + std::to_string(kTransformerScale) + " out=" + std::to_string(kOutputScale);
}
std::string linear_quantisation() { return "weights=" + std::to_string(kLinearScale); }

template <class T>
void put(std::string& out, const std::vector<T>& values) {
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}
template <class T>
void put_one(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}
template <class T>
void take(const std::string& in, std::size_t& at, std::vector<T>& values, std::size_t count) {
  values.resize(count);
  std::memcpy(values.data(), in.data() + at, count * sizeof(T));
  at += count * sizeof(T);
}
template <class T>
T take_one(const std::string& in, std::size_t& at) {
  T value;
  std::memcpy(&value, in.data() + at, sizeof value);
  at += sizeof value;
  return value;
}

std::uint32_t hidden_of(const EvalFile& f) { return f.is_network() ? std::get<SparseNetwork>(f.model).hidden : 0; }

// The fingerprinted header lines (all but the note, the fingerprint and the data line).
std::string model_header(const EvalFile& f) {
  std::string text;
  text += "game " + f.game + "\n";
  text += std::string("form ") + f.form() + "\n";
  text += "inputs " + f.inputs + " " + std::to_string(f.input_count()) + "\n";
  text += "max_active " + std::to_string(f.max_active) + "\n";
  text += "hidden " + std::to_string(hidden_of(f)) + "\n";
  text += "scale " + std::to_string(f.scale()) + "\n";
  text += "quantisation " + (f.is_network() ? network_quantisation() : linear_quantisation()) + "\n";
  return text;
}

std::string weight_bytes(const EvalFile& f) {
  std::string out;
  if (f.is_network()) {
    const SparseNetwork& n = std::get<SparseNetwork>(f.model);
    put(out, n.ft_weights);
    put(out, n.ft_bias);
    put(out, n.out_weights);
    put_one(out, n.out_bias);
  } else {
    const SparseLinear& l = std::get<SparseLinear>(f.model);
    put(out, l.weights);
    put_one(out, l.bias);
  }
  return out;
}

std::uint64_t weights_size(bool network, std::uint64_t inputs, std::uint64_t hidden) {
  if (!network) return inputs * 4 + 4;
  return (inputs * hidden + hidden + 2 * hidden) * 2 + 4;
}

std::string hex64(std::uint64_t value) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = digits[value & 15];
  return out;
}

bool parse_count(const std::string& text, std::uint64_t& out) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoull(text);
  return true;
}

// No hidden sum can leave int16 with at most max_active inputs on, and no output sum int32.
void check_bounds(const SparseNetwork& n, std::uint32_t max_active, const std::string& source) {
  for (std::uint32_t h = 0; h < n.hidden; ++h) {
    std::int64_t largest = 0;
    for (std::uint32_t i = 0; i < n.inputs; ++i) {
      largest = std::max<std::int64_t>(largest, std::abs(static_cast<int>(n.ft_weights[static_cast<std::size_t>(i) * n.hidden + h])));
    }
    const std::int64_t bound = std::abs(static_cast<int>(n.ft_bias[h])) + static_cast<std::int64_t>(max_active) * largest;
    if (bound > 32767) {
      throw InputError(source + ": hidden unit " + std::to_string(h) + " could reach " + std::to_string(bound) +
                       " with " + std::to_string(max_active) + " inputs on, beyond the int16 accumulator");
    }
  }
  std::int64_t output = std::abs(static_cast<std::int64_t>(n.out_bias));
  for (std::int16_t w : n.out_weights) output += static_cast<std::int64_t>(kTransformerScale) * std::abs(static_cast<int>(w));
  if (output > 2147483647LL) throw InputError(source + ": the output sum could overflow int32");
}

}  // namespace

std::uint32_t EvalFile::input_count() const {
  return is_network() ? std::get<SparseNetwork>(model).inputs : std::get<SparseLinear>(model).inputs;
}

std::int32_t EvalFile::scale() const {
  return is_network() ? std::get<SparseNetwork>(model).scale : std::get<SparseLinear>(model).scale;
}

std::uint64_t EvalFile::fingerprint() const {
  const std::string weights = weight_bytes(*this);
  return fnv1a_bytes(weights.data(), weights.size(), fnv1a(model_header(*this)));
}

std::string EvalFile::fingerprint_hex() const {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fingerprint()));
  return hex;
}

std::string eval_file_bytes(const EvalFile& file) {
  std::string note = file.note;
  for (char& c : note) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  const std::string weights = weight_bytes(file);
  std::string out = std::string(kMagic) + " " + std::to_string(kEvalFileVersion) + "\n";
  out += model_header(file);
  out += "note " + note + "\n";
  out += "fingerprint " + hex64(file.fingerprint()) + "\n";
  out += "data " + std::to_string(weights.size()) + "\n";
  out += weights;
  return out;
}

void write_eval_file(const std::string& path, const EvalFile& file) { write_file_atomic(path, eval_file_bytes(file)); }

EvalFile parse_eval_file(const std::string& bytes, const std::string& source, const EvalFileExpect& expect) {
  // The header: "key value" lines up to and including the data line.
  std::map<std::string, std::string> fields;
  std::size_t at = 0;
  int line = 0;
  for (;;) {
    const std::size_t end = bytes.find('\n', at);
    if (end == std::string::npos || end - at > 4096) {
      if (line == 0) throw InputError(source + ": not a gamelab evaluation file (expected a first line '" + kMagic + " " +
                                      std::to_string(kEvalFileVersion) + "')");
      throw InputError(source + ": truncated: the header stops after line " + std::to_string(line) +
                       " without its 'data' line (a file cut off?)");
    }
    const std::string text = bytes.substr(at, end - at);
    at = end + 1;
    ++line;
    const std::size_t blank = text.find(' ');
    const std::string key = text.substr(0, blank), value = blank == std::string::npos ? "" : text.substr(blank + 1);
    if (line == 1) {
      if (key != kMagic) {
        throw InputError(source + ": not a gamelab evaluation file (expected a first line '" + kMagic + " " +
                         std::to_string(kEvalFileVersion) + "')");
      }
      if (value != std::to_string(kEvalFileVersion)) {
        throw InputError(source + ": version is '" + value + "': this build reads evaluation files of version " +
                         std::to_string(kEvalFileVersion));
      }
      continue;
    }
    static const char* known[] = {"game", "form", "inputs", "max_active", "hidden", "scale", "quantisation", "note", "fingerprint", "data"};
    if (std::find(std::begin(known), std::end(known), key) == std::end(known)) {
      throw InputError(source + ":" + std::to_string(line) + ": unknown header field '" + key + "'");
    }
    if (fields.count(key)) throw InputError(source + ":" + std::to_string(line) + ": field '" + key + "' given twice");
    fields[key] = value;
    if (key == "data") break;
  }
  for (const char* key : {"game", "form", "inputs", "max_active", "hidden", "scale", "quantisation", "fingerprint"}) {
    if (!fields.count(key)) throw InputError(source + ": the header has no '" + key + "' field");
  }
  const auto field = [&](const std::string& name, const std::string& value, const std::string& wanted) {
    if (!wanted.empty() && value != wanted) {
      throw InputError(source + ": " + name + " is '" + value + "', expected '" + wanted + "'");
    }
  };
  EvalFile file;
  file.game = fields["game"];
  field("game", file.game, expect.game);
  const std::string form = fields["form"];
  if (form != "linear" && form != "network") throw InputError(source + ": form '" + form + "' unknown (linear or network)");
  field("form", form, expect.form);
  const std::string inputs = fields["inputs"];
  const std::size_t blank = inputs.rfind(' ');
  std::uint64_t input_count = 0;
  if (blank == std::string::npos || !parse_count(inputs.substr(blank + 1), input_count) || input_count == 0 ||
      input_count > (1u << 24)) {
    throw InputError(source + ": inputs '" + inputs + "' is not 'NAME COUNT'");
  }
  file.inputs = inputs.substr(0, blank);
  field("inputs", file.inputs, expect.inputs);
  if (expect.input_count && input_count != expect.input_count) {
    throw InputError(source + ": inputs count is " + std::to_string(input_count) + ", expected " + std::to_string(expect.input_count));
  }
  std::uint64_t max_active = 0, hidden = 0, scale = 0, data = 0;
  if (!parse_count(fields["max_active"], max_active) || max_active == 0 || max_active > input_count) {
    throw InputError(source + ": max_active '" + fields["max_active"] + "' is not a count in [1, inputs]");
  }
  file.max_active = static_cast<std::uint32_t>(max_active);
  const bool network = form == "network";
  if (!parse_count(fields["hidden"], hidden) || (network ? hidden == 0 || hidden > kMaxHidden : hidden != 0)) {
    throw InputError(source + ": hidden '" + fields["hidden"] + "' is not " +
                     (network ? "a count in [1, " + std::to_string(kMaxHidden) + "]" : std::string("0 (a linear form)")));
  }
  if (!parse_count(fields["scale"], scale) || scale == 0 || scale > 100000) {
    throw InputError(source + ": scale '" + fields["scale"] + "' is not a count in [1, 100000]");
  }
  const std::string quantisation = network ? network_quantisation() : linear_quantisation();
  field("quantisation", fields["quantisation"], quantisation);
  const std::uint64_t size = weights_size(network, input_count, hidden);
  if (!parse_count(fields["data"], data) || data != size) {
    throw InputError(source + ": data is '" + fields["data"] + "' bytes, the sizes above make " + std::to_string(size));
  }
  const std::uint64_t present = bytes.size() - at;
  if (present < size) {
    throw InputError(source + ": truncated: " + std::to_string(present) + " of the " + std::to_string(size) +
                     " bytes of weights (a file cut off?)");
  }
  if (present > size) {
    throw InputError(source + ": " + std::to_string(present - size) + " bytes after the weights (not an evaluation file of version " +
                     std::to_string(kEvalFileVersion) + "?)");
  }
  file.note = fields.count("note") ? fields["note"] : "";
  if (network) {
    SparseNetwork n;
    n.inputs = static_cast<std::uint32_t>(input_count);
    n.hidden = static_cast<std::uint32_t>(hidden);
    n.scale = static_cast<std::int32_t>(scale);
    take(bytes, at, n.ft_weights, input_count * hidden);
    take(bytes, at, n.ft_bias, hidden);
    take(bytes, at, n.out_weights, 2 * hidden);
    n.out_bias = take_one<std::int32_t>(bytes, at);
    file.model = std::move(n);
  } else {
    SparseLinear l;
    l.inputs = static_cast<std::uint32_t>(input_count);
    l.scale = static_cast<std::int32_t>(scale);
    take(bytes, at, l.weights, input_count);
    l.bias = take_one<std::int32_t>(bytes, at);
    file.model = std::move(l);
  }
  const std::string print = hex64(file.fingerprint());
  if (fields["fingerprint"] != print) {
    throw InputError(source + ": fingerprint is '" + fields["fingerprint"] + "' but the contents make " + print +
                     " (a damaged file)");
  }
  if (network) check_bounds(std::get<SparseNetwork>(file.model), file.max_active, source);
  return file;
}

EvalFile read_eval_file(const std::string& path, const EvalFileExpect& expect) {
  return parse_eval_file(read_text_file(path), path, expect);
}

std::shared_ptr<const EvalFile> shared_eval_file(const std::string& path, const EvalFileExpect& expect) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const EvalFile>> loaded;
  // The expectations are part of the key: a file read for one game is checked again for another.
  const std::string key = expect.game + '\n' + expect.form + '\n' + expect.inputs + '\n' +
                          std::to_string(expect.input_count) + '\n' + path;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = loaded[key];
  if (!slot) slot = std::make_shared<const EvalFile>(read_eval_file(path, expect));
  return slot;
}

}  // namespace gamelab::learned
