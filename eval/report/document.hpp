#pragma once
// A report as data: sections of blocks (headline cards, facts, tables, charts, text), rendered twice
// from the same strings, as a self-contained HTML page and as Markdown. Every number is formatted
// once, when the block is made, so the page and the Markdown cannot disagree.
//
// What each rendering shows:
//   block       HTML                                   Markdown
//   Cards       a row of boxes with big numbers        nothing (the same numbers are in Facts)
//   Facts       a two-column list                      "- label: value" lines
//   Table       a table (long ones scroll in a box)    a pipe table
//   Chart       the inline SVG and its caption         "_Chart (in index.html): caption_"
//   Code        <pre>                                  a fenced block
//   Paragraph   <p>                                    the text
#include <string>
#include <variant>
#include <vector>

namespace gamelab::eval::report {

enum class Tone { Neutral, Good, Bad, Warn };

struct Card {
  std::string label{};
  std::string value{};
  std::string note{};
  Tone tone = Tone::Neutral;
};
struct Cards {
  std::vector<Card> items{};
};

struct Fact {
  std::string label{};
  std::string value{};
};
struct Facts {
  std::vector<Fact> items{};
};

struct Cell {
  std::string text{};
  std::string svg{};         // HTML only: a small inline chart after the text (a sparkline)
  std::string background{};  // HTML only: a CSS colour for the cell (a heat map), e.g. "#e8f5e9"
  std::string title{};       // HTML only: shown on hover (a long opening's full text)
};
struct Table {
  std::string caption{};
  std::vector<std::string> header{};
  std::string align{};  // one letter per column: 'l' (text) or 'r' (numbers)
  std::vector<std::vector<Cell>> rows{};
  bool scroll = false;  // HTML: a long table scrolls inside a box
};

struct Chart {
  std::string svg{};  // from svg_chart.hpp
  std::string caption{};
};

struct Code {
  std::string text{};
};

struct Paragraph {
  std::string text{};
  bool note = false;  // HTML: muted
};

using Block = std::variant<Cards, Facts, Table, Chart, Code, Paragraph>;

struct Section {
  std::string id{};  // HTML anchor: letters, digits and '-'
  std::string title{};
  std::vector<Block> blocks{};
  std::vector<Section> subsections{};
  bool running = false;  // a campaign not finished yet, or a match whose end cannot be told: a watched
                         // page keeps reloading while a section runs (report.hpp: watch_report)
};

struct Document {
  std::string title{};
  std::string subtitle{};
  std::vector<Section> sections{};
  std::string footer{};
  std::string status{};     // a line under the title (a watched page: "Updated at ..., watching ...")
  int refresh_seconds = 0;  // HTML: the page reloads itself every N seconds (a watched page); 0: never
};

// Whether any section of the document runs still (Section::running).
bool running(const Document& document);

std::string render_html(const Document& document);
std::string render_markdown(const Document& document);

// Text for HTML (and SVG): & < > " ' escaped. Text for Markdown: the characters that would start
// emphasis, code, HTML or a table cell (\ ` * _ < |) escaped with a backslash; a newline becomes a
// space. Brackets stay as they are (no link follows them), so "95% [-7.80, 32.50]" reads as printed.
std::string escape_html(const std::string& text);
std::string escape_markdown(const std::string& text);
// "Match: A vs B" -> "match-a-vs-b".
std::string anchor_id(const std::string& text);

}  // namespace gamelab::eval::report
