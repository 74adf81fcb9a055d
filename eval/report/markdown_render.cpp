// The Markdown rendering of a report (summary.md): the same strings as the page, without the charts.
#include "eval/report/document.hpp"

namespace gamelab::eval::report {

namespace {

struct MarkdownBlock {
  std::string& out;

  void operator()(const Cards&) const {}  // the same numbers are in the section's facts

  void operator()(const Facts& facts) const {
    for (const auto& f : facts.items) out += "- " + escape_markdown(f.label) + ": " + escape_markdown(f.value) + "\n";
    out += "\n";
  }

  void operator()(const Table& table) const {
    // A column of drawings only (sparklines) has nothing to say in text: it is left out.
    std::vector<bool> shown(table.header.size(), false);
    for (std::size_t c = 0; c < table.header.size(); ++c) {
      for (const auto& row : table.rows) shown[c] = shown[c] || (c < row.size() && (!row[c].text.empty() || row[c].svg.empty()));
      if (table.rows.empty()) shown[c] = true;
    }
    if (!table.caption.empty()) out += "**" + escape_markdown(table.caption) + "**\n\n";
    out += "|";
    for (std::size_t c = 0; c < table.header.size(); ++c) {
      if (shown[c]) out += " " + escape_markdown(table.header[c]) + " |";
    }
    out += "\n|";
    for (std::size_t c = 0; c < table.header.size(); ++c) {
      if (shown[c]) out += c < table.align.size() && table.align[c] == 'r' ? " ---: |" : " --- |";
    }
    out += "\n";
    for (const auto& row : table.rows) {
      out += "|";
      for (std::size_t c = 0; c < row.size() && c < shown.size(); ++c) {
        if (shown[c]) out += " " + escape_markdown(row[c].text) + " |";
      }
      out += "\n";
    }
    out += "\n";
  }

  void operator()(const Chart& chart) const {
    if (!chart.caption.empty()) out += "_Chart (in index.html): " + escape_markdown(chart.caption) + "_\n\n";
  }

  void operator()(const Code& code) const {
    out += "```\n" + code.text;
    if (!code.text.empty() && code.text.back() != '\n') out += "\n";
    out += "```\n\n";
  }

  void operator()(const Paragraph& p) const { out += escape_markdown(p.text) + "\n\n"; }
};

void render_markdown_section(const Section& section, int level, std::string& out) {
  out += std::string(static_cast<std::size_t>(level), '#') + " " + escape_markdown(section.title) + "\n\n";
  for (const auto& block : section.blocks) std::visit(MarkdownBlock{out}, block);
  for (const auto& sub : section.subsections) render_markdown_section(sub, level + 1, out);
}

}  // namespace

std::string render_markdown(const Document& document) {
  std::string out = "# " + escape_markdown(document.title) + "\n\n";
  if (!document.subtitle.empty()) out += escape_markdown(document.subtitle) + "\n\n";
  if (!document.status.empty()) out += "_" + escape_markdown(document.status) + "_\n\n";
  for (const auto& section : document.sections) render_markdown_section(section, 2, out);
  if (!document.footer.empty()) out += escape_markdown(document.footer) + "\n";
  return out;
}

}  // namespace gamelab::eval::report
