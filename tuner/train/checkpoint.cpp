#include "tuner/train/checkpoint.hpp"

#include <bit>
#include <cstring>

#include "core/error.hpp"
#include "core/fnv.hpp"
#include "core/text_file.hpp"
#include "tuner/campaign_files.hpp"

namespace gamelab::train {

static_assert(std::endian::native == std::endian::little, "checkpoints hold little-endian floats");

namespace {

constexpr const char* kCheckpointMagic = "gamelab-train-checkpoint 1";

}  // namespace

std::string checkpoint_bytes(const TrainState& s) {
  std::string floats;
  for (const auto* v : {&s.model.params, &s.adam.m, &s.adam.v}) {
    floats.append(reinterpret_cast<const char*>(v->data()), v->size() * sizeof(float));
  }
  nlohmann::ordered_json meta;
  meta["epoch"] = s.epoch;
  meta["form"] = to_string(s.model.form);
  meta["inputs"] = s.model.inputs;
  meta["hidden"] = s.model.hidden;
  meta["parameters"] = s.model.params.size();
  meta["moments"] = s.adam.m.size();
  meta["adam_t"] = s.adam.t;
  meta["train_loss"] = s.train_loss;
  meta["validation_loss"] = s.validation_loss;
  meta["best_epoch"] = s.best_epoch;
  meta["best_loss"] = s.best_loss;
  meta["journal_line"] = s.journal_line;
  meta["bytes"] = floats.size();
  meta["hash"] = tuner::hex_fingerprint(fnv1a_bytes(floats.data(), floats.size()));
  return std::string(kCheckpointMagic) + "\n" + meta.dump() + "\n" + floats;
}

void write_checkpoint(const std::string& path, const TrainState& state) { write_file_atomic(path, checkpoint_bytes(state)); }

TrainState read_checkpoint(const std::string& path, const Model& shape) {
  return parse_checkpoint(read_text_file(path), path, shape);
}

TrainState parse_checkpoint(const std::string& bytes, const std::string& path, const Model& shape) {
  const std::size_t first = bytes.find('\n');
  if (first == std::string::npos || bytes.compare(0, first, kCheckpointMagic) != 0) {
    throw InputError(path + ": not a training checkpoint (expected a first line '" + kCheckpointMagic + "')");
  }
  const std::size_t second = bytes.find('\n', first + 1);
  if (second == std::string::npos) throw InputError(path + ": truncated: no end to its second line");
  TrainState s;
  std::size_t parameters = 0, moments = 0, size = 0;
  std::string hash;
  try {
    const auto meta = nlohmann::json::parse(bytes.substr(first + 1, second - first - 1));
    s.epoch = meta.at("epoch").get<int>();
    if (meta.at("form").get<std::string>() != to_string(shape.form) || meta.at("inputs").get<std::uint32_t>() != shape.inputs ||
        meta.at("hidden").get<std::uint32_t>() != shape.hidden) {
      throw InputError(path + ": a checkpoint of a " + meta.at("form").get<std::string>() + " over " + meta.at("inputs").dump() +
                       " inputs with " + meta.at("hidden").dump() + " hidden units, not the campaign's");
    }
    parameters = meta.at("parameters").get<std::size_t>();
    moments = meta.at("moments").get<std::size_t>();
    s.adam.t = meta.at("adam_t").get<std::uint64_t>();
    s.train_loss = meta.at("train_loss").get<double>();
    s.validation_loss = meta.at("validation_loss").get<double>();
    s.best_epoch = meta.at("best_epoch").get<int>();
    s.best_loss = meta.at("best_loss").get<double>();
    s.journal_line = meta.at("journal_line");
    size = meta.at("bytes").get<std::size_t>();
    hash = meta.at("hash").get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": not a training checkpoint (" + e.what() + ")");
  }
  if (parameters != shape.size() || (moments != 0 && moments != parameters) || size != (parameters + 2 * moments) * sizeof(float)) {
    throw InputError(path + ": its sizes do not match the campaign's model (" + std::to_string(shape.size()) + " parameters)");
  }
  const std::size_t at = second + 1;
  if (bytes.size() - at != size) {
    throw InputError(path + ": truncated: " + std::to_string(bytes.size() - at) + " of the " + std::to_string(size) + " bytes of weights");
  }
  if (tuner::hex_fingerprint(fnv1a_bytes(bytes.data() + at, size)) != hash) throw InputError(path + ": damaged (its hash does not match)");
  s.model = shape;
  s.adam.m.resize(moments);
  s.adam.v.resize(moments);
  std::memcpy(s.model.params.data(), bytes.data() + at, parameters * sizeof(float));
  std::memcpy(s.adam.m.data(), bytes.data() + at + parameters * sizeof(float), moments * sizeof(float));
  std::memcpy(s.adam.v.data(), bytes.data() + at + (parameters + moments) * sizeof(float), moments * sizeof(float));
  return s;
}

}  // namespace gamelab::train
