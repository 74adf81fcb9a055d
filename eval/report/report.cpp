#include "eval/report/report.hpp"

#include <algorithm>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"
#include "eval/report/campaign_files.hpp"
#include "eval/report/generations_section.hpp"
#include "eval/report/match_section.hpp"
#include "eval/report/ratings_section.hpp"
#include "eval/report/release_history_section.hpp"
#include "eval/report/release_section.hpp"
#include "eval/report/spsa_section.hpp"
#include "eval/report/texel_section.hpp"
#include "eval/report/train_section.hpp"

namespace gamelab::eval::report {

namespace {

std::size_t engine_count(const RecordsFile& file) {
  std::vector<std::string> names;
  for (const auto& r : file.records) {
    for (const auto& e : r.engines) {
      if (std::find(names.begin(), names.end(), e.name) == names.end()) names.push_back(e.name);
    }
  }
  return names.size();
}

}  // namespace

InputKind detect_input(const std::string& path) {
  namespace fs = std::filesystem;
  if (fs::is_directory(path)) {
    const std::string config = file_in(path, "config.json");
    if (!fs::exists(config)) {
      if (is_release_folder(path)) return InputKind::ReleaseHistory;
      throw InputError(path + ": a folder without config.json or release data (expected a campaign folder: SPSA, "
                       "Texel, training or generations; or a game's reports folder)");
    }
    const auto data = read_json_file(config);
    const std::string kind = data.is_object() && data.contains("kind") && data["kind"].is_string() ? data["kind"].get<std::string>() : "";
    if (kind == "spsa") return InputKind::SpsaCampaign;
    if (kind == "texel") return InputKind::TexelCampaign;
    if (kind == "train") return InputKind::TrainCampaign;
    if (kind == "generations") return InputKind::GenerationsCampaign;
    throw InputError(config + ": \"kind\" is '" + kind + "', expected \"spsa\", \"texel\", \"train\" or \"generations\"");
  }
  if (!fs::exists(path)) throw InputError(path + ": no such file or folder");
  // A release's data is one JSON object over several lines; records are one object per line.
  const std::string text = read_text_file(path);
  try {
    const auto data = nlohmann::json::parse(text);
    if (data.is_object() && data.contains("gate") && data.contains("perft")) return InputKind::Release;
  } catch (const nlohmann::json::exception&) {
  }
  try {
    if (!read_records(path).records.empty()) return InputKind::Records;
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) +
                     " (expected match records, a release report's .json, or a campaign folder)");
  }
  throw InputError(path + ": no match records in it (expected match records, a release report's .json, or a campaign folder)");
}

Document build_report(const std::vector<std::string>& inputs, const ReportOptions& options) {
  if (inputs.empty()) throw InputError("give at least one records file, campaign folder or release report");
  Document doc;
  std::vector<RecordsFile> records;
  std::vector<std::string> notes;
  std::string first_title;
  for (const auto& path : inputs) {
    switch (detect_input(path)) {
      case InputKind::Records:
        records.push_back(read_records(path));
        if (auto w = truncation_warning(records.back()); !w.empty()) notes.push_back(w);
        break;
      case InputKind::SpsaCampaign: doc.sections.push_back(spsa_section(path)); break;
      case InputKind::TexelCampaign: doc.sections.push_back(texel_section(path)); break;
      case InputKind::TrainCampaign: doc.sections.push_back(train_section(path)); break;
      case InputKind::GenerationsCampaign: doc.sections.push_back(generations_section(path)); break;
      case InputKind::Release: doc.sections.push_back(release_section(path)); break;
      case InputKind::ReleaseHistory: doc.sections.push_back(release_history_section(path)); break;
    }
  }
  if (records.size() == 1 && engine_count(records.front()) <= 2) {
    MatchInput match;
    match.path = records.front().path;
    match.records = records.front().records;
    match.sprt = options.sprt;
    match.sprt_source = "--sprt";
    match.path_sprt = options.path_sprt;
    doc.sections.insert(doc.sections.begin(), match_section(match));
  } else if (!records.empty()) {
    doc.sections.insert(doc.sections.begin(), ratings_section(records, options.ratings));
    doc.sections.front().running = true;  // records do not say when their matches end
  }
  doc.title = options.title.empty() ? "gamelab report" : options.title;
  std::string from;
  for (const auto& path : inputs) from += (from.empty() ? "" : ", ") + path;
  doc.subtitle = "From " + from + ".";
  if (!notes.empty()) {
    Section warnings;
    warnings.title = "Notes";
    warnings.id = "notes";
    for (const auto& n : notes) warnings.blocks.push_back(Paragraph{n, true});
    doc.sections.push_back(warnings);
  }
  doc.footer = "Made by gamelab report. The page holds its own styles and charts (no script, no network); summary.md "
               "beside it has the same numbers.";
  return doc;
}

bool running(const Document& document) {
  return std::any_of(document.sections.begin(), document.sections.end(), [](const Section& s) { return s.running; });
}

ReportFiles write_report(const Document& document, const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError(dir + ": cannot create the report folder (" + error.message() + ")");
  ReportFiles files{file_in(dir, "index.html"), file_in(dir, "summary.md")};
  write_file_atomic(files.html, render_html(document));
  write_file_atomic(files.markdown, render_markdown(document));
  return files;
}

}  // namespace gamelab::eval::report
