// The HTML rendering of a report: one self-contained page (inline CSS and SVG, no script, no network).
#include <cctype>
#include <string>
#include <vector>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

namespace {

// Clean typography with the fonts every system has; numbers in tabular figures so columns line up.
constexpr const char* kStyle = R"CSS(
:root { --ink: #1f2933; --muted: #616e7c; --line: #dde3ea; --bg: #f4f6f8; --panel: #ffffff;
        --accent: #2f6fb0; --good: #1e8a4c; --bad: #c0392b; --warn: #b7791f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
       font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
main { max-width: 1180px; margin: 0 auto; padding: 28px 24px 56px; }
header h1 { font-size: 27px; line-height: 1.25; margin: 0 0 4px; letter-spacing: -0.01em; }
header p { color: var(--muted); margin: 0; }
header p.status { margin: 6px 0 0; font-size: 13.5px; }
header p.status.live::before { content: "\25CF  "; color: var(--good); }
nav { margin: 16px 0 0; display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 14px; }
nav a { color: var(--accent); text-decoration: none; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 20px 24px 8px;
          margin: 22px 0; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.04); }
section section { border: 0; box-shadow: none; padding: 0; margin: 18px 0 0; }
h2 { font-size: 20px; margin: 0 0 14px; }
h3 { font-size: 16px; margin: 0 0 10px; color: #323f4b; }
p { margin: 8px 0 14px; }
p.note { color: var(--muted); font-size: 13.5px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; margin: 4px 0 18px; }
.card { border: 1px solid var(--line); border-top: 4px solid #9aa5b1; border-radius: 8px; padding: 9px 14px 10px; }
.card.good { border-top-color: var(--good); } .card.bad { border-top-color: var(--bad); } .card.warn { border-top-color: var(--warn); }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 0.05em; }
.card .value { font-size: 23px; font-weight: 650; font-variant-numeric: tabular-nums; white-space: nowrap; }
.card.good .value { color: var(--good); } .card.bad .value { color: var(--bad); } .card.warn .value { color: var(--warn); }
.card .note { color: var(--muted); font-size: 13px; font-variant-numeric: tabular-nums; }
dl.facts { display: grid; grid-template-columns: minmax(130px, max-content) 1fr; gap: 3px 18px; margin: 4px 0 18px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
figure { margin: 6px 0 22px; }
figcaption { color: var(--muted); font-size: 13px; margin: 6px 0 0; }
figure.table figcaption { margin: 0 0 6px; font-weight: 600; color: #323f4b; font-size: 14px; }
/* A table never runs out of its card: its box scrolls sideways when it cannot fit (long ones scroll
   down too), a path in a text cell may break after each '/', a number keeps its figures together
   (cell_html), and a wide table (9 or more columns) is set smaller and tighter. */
.table-wrap { overflow-x: auto; }
.scroll { max-height: 440px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: middle; }
td { overflow-wrap: break-word; }
td .nw { white-space: nowrap; }
th { background: #eef2f6; font-weight: 600; position: sticky; top: 0; }
td.r, th.r { text-align: right; }
table.wide { font-size: 13px; }
table.wide th, table.wide td { padding: 4px 5px; }
tbody tr:nth-child(even) td { background-color: #fafbfc; }
td svg { vertical-align: middle; margin-left: 8px; }
svg.chart { display: block; width: 100%; height: auto; }
svg text { font-family: inherit; }
pre { background: #f0f3f6; border-radius: 6px; padding: 10px 14px; overflow-x: auto; font-size: 13px; line-height: 1.45; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
footer { color: var(--muted); font-size: 13px; margin-top: 28px; }
)CSS";

const char* tone_class(Tone tone) {
  switch (tone) {
    case Tone::Good: return "card good";
    case Tone::Bad: return "card bad";
    case Tone::Warn: return "card warn";
    default: return "card";
  }
}

// A table cell's text, so that a wide table can narrow without breaking a figure in two. Text: a path
// may break after each '/' (<wbr>), a short hyphenated word without one (a release's id,
// 2026-11-23-022950) keeps together. Numbers: "23-355-22", "10 / 10" and the interval of
// "+16.6 [+4.6, +28.6]" keep together; a line may break only before a '[' or a word ("chained").
std::string cell_html(const std::string& text, bool number) {
  if (!number) {
    std::string out;
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t space = text.find(' ', start);
      const std::string word = text.substr(start, space == std::string::npos ? std::string::npos : space - start);
      if (word.size() > 1 && word.size() <= 24 && word.find('-') != std::string::npos && word.find('/') == std::string::npos) {
        out += "<span class=\"nw\">" + escape_html(word) + "</span>";
      } else {
        for (std::size_t i = 0; i < word.size(); ++i) {
          out += escape_html(std::string(1, word[i]));
          if (word[i] == '/' && i + 1 < word.size()) out += "<wbr>";
        }
      }
      if (space == std::string::npos) break;
      out += ' ';
      start = space + 1;
    }
    return out;
  }
  std::vector<std::string> groups;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t space = text.find(' ', start);
    while (space != std::string::npos && space + 1 < text.size() && text[space + 1] != '[' &&
           !std::isalpha(static_cast<unsigned char>(text[space + 1]))) {
      space = text.find(' ', space + 1);
    }
    groups.push_back(text.substr(start, space == std::string::npos ? std::string::npos : space - start));
    if (space == std::string::npos) break;
    start = space + 1;
  }
  if (groups.size() == 1 && text.find_first_of(" -") == std::string::npos) return escape_html(text);
  std::string out;
  for (const auto& g : groups) out += (out.empty() ? "" : " ") + std::string("<span class=\"nw\">") + escape_html(g) + "</span>";
  return out;
}

struct HtmlBlock {
  std::string& out;

  void operator()(const Cards& cards) const {
    out += "<div class=\"cards\">\n";
    for (const auto& c : cards.items) {
      out += std::string("<div class=\"") + tone_class(c.tone) + "\"><div class=\"label\">" + escape_html(c.label) +
             "</div><div class=\"value\">" + escape_html(c.value) + "</div>";
      if (!c.note.empty()) out += "<div class=\"note\">" + escape_html(c.note) + "</div>";
      out += "</div>\n";
    }
    out += "</div>\n";
  }

  void operator()(const Facts& facts) const {
    out += "<dl class=\"facts\">\n";
    for (const auto& f : facts.items) out += "<dt>" + escape_html(f.label) + "</dt><dd>" + escape_html(f.value) + "</dd>\n";
    out += "</dl>\n";
  }

  void operator()(const Table& table) const {
    auto column_is_number = [&](std::size_t column) { return column < table.align.size() && table.align[column] == 'r'; };
    auto align = [&](std::size_t column) { return column_is_number(column) ? " class=\"r\"" : ""; };
    out += "<figure class=\"table\">\n";
    if (!table.caption.empty()) out += "<figcaption>" + escape_html(table.caption) + "</figcaption>\n";
    out += table.scroll ? "<div class=\"scroll\">" : "<div class=\"table-wrap\">";
    out += table.header.size() >= 9 ? "<table class=\"wide\">\n<thead><tr>" : "<table>\n<thead><tr>";
    for (std::size_t c = 0; c < table.header.size(); ++c) out += std::string("<th") + align(c) + ">" + escape_html(table.header[c]) + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& row : table.rows) {
      out += "<tr>";
      for (std::size_t c = 0; c < row.size(); ++c) {
        const Cell& cell = row[c];
        out += std::string("<td") + align(c);
        if (!cell.background.empty()) out += " style=\"background-color: " + escape_html(cell.background) + "\"";
        if (!cell.title.empty()) out += " title=\"" + escape_html(cell.title) + "\"";
        out += ">" + cell_html(cell.text, column_is_number(c)) + cell.svg + "</td>";
      }
      out += "</tr>\n";
    }
    out += "</tbody>\n</table></div>\n</figure>\n";
  }

  void operator()(const Chart& chart) const {
    out += "<figure class=\"chart\">\n" + chart.svg;
    if (!chart.caption.empty()) out += "<figcaption>" + escape_html(chart.caption) + "</figcaption>\n";
    out += "</figure>\n";
  }

  void operator()(const Code& code) const { out += "<pre>" + escape_html(code.text) + "</pre>\n"; }

  void operator()(const Paragraph& p) const {
    out += std::string(p.note ? "<p class=\"note\">" : "<p>") + escape_html(p.text) + "</p>\n";
  }
};

void render_html_section(const Section& section, int level, std::string& out) {
  const std::string h = "h" + std::to_string(level);
  out += "<section id=\"" + escape_html(section.id) + "\">\n<" + h + ">" + escape_html(section.title) + "</" + h + ">\n";
  for (const auto& block : section.blocks) std::visit(HtmlBlock{out}, block);
  for (const auto& sub : section.subsections) render_html_section(sub, level + 1, out);
  out += "</section>\n";
}

}  // namespace

std::string render_html(const Document& document) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<meta name=\"generator\" content=\"gamelab report\">\n";
  // A watched page reloads itself (gamelab report --watch); a finished one does not.
  if (document.refresh_seconds > 0) out += "<meta http-equiv=\"refresh\" content=\"" + std::to_string(document.refresh_seconds) + "\">\n";
  out += "<title>" + escape_html(document.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<main>\n";
  out += "<header>\n<h1>" + escape_html(document.title) + "</h1>\n";
  if (!document.subtitle.empty()) out += "<p>" + escape_html(document.subtitle) + "</p>\n";
  if (!document.status.empty()) {
    out += std::string("<p class=\"status") + (document.refresh_seconds > 0 ? " live" : "") + "\">" + escape_html(document.status) + "</p>\n";
  }
  if (document.sections.size() > 1) {
    out += "<nav>";
    for (const auto& s : document.sections) out += "<a href=\"#" + escape_html(s.id) + "\">" + escape_html(s.title) + "</a>";
    out += "</nav>\n";
  }
  out += "</header>\n";
  for (const auto& section : document.sections) render_html_section(section, 2, out);
  if (!document.footer.empty()) out += "<footer>" + escape_html(document.footer) + "</footer>\n";
  out += "</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace gamelab::eval::report
