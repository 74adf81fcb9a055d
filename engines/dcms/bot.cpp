#include "dcms/bot.hpp"

#include <algorithm>
#include <charconv>
#include <istream>
#include <memory>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "dcms/engine.hpp"
#include "dcms/notation.hpp"
#include "dcms/rules.hpp"
#include "dcms/setup.hpp"
#include "search/embedded_eval.hpp"

namespace gamelab::dcms {

namespace {

bool read_line(std::istream& in, std::string& line, int& line_number) {
  if (!std::getline(in, line)) return false;
  ++line_number;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) fields.push_back(line.substr(i, j - i));
    i = j;
  }
  return fields;
}

int parse_field(const std::string& text, int low, int high, const std::string& what) {
  int value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < low || value > high) {
    throw InputError(what + " '" + text + "' is not a number in " + std::to_string(low) + ".." + std::to_string(high));
  }
  return value;
}

// `full` if the map puts a Cat or a Dog on a square ('C': (2, 3), "d": [4, 1], ...), `mouse` otherwise:
// a mouse-variant map may name them with None (docs/rules/dcms.md §9), and reading such a map as a full
// game would give the learned evaluation the wrong variant input. A full game whose Cats and Dogs are all
// captured plays on exactly as a mouse game (only the variant input tells them apart), so it is read as
// one. A key not followed by ':' is left to parse_pieces_map to report.
Variant variant_of_map(const std::string& map) {
  for (const char quote : {'\'', '"'}) {
    for (const char letter : {'C', 'c', 'D', 'd'}) {
      const std::string key{quote, letter, quote};
      for (std::size_t at = map.find(key); at != std::string::npos; at = map.find(key, at + 1)) {
        std::size_t k = map.find_first_not_of(" \t", at + key.size());
        if (k == std::string::npos || map[k] != ':') return Variant::Full;
        k = map.find_first_not_of(" \t", k + 1);
        if (k == std::string::npos || map.compare(k, 4, "None") != 0) return Variant::Full;
      }
    }
  }
  return Variant::Mouse;
}

Placement fallback_placement(const State& setup, int side) {
  const std::vector<Square> squares = setup_squares(*setup.board, side);
  return placement_at(squares, setup.variant, 0);  // every piece on the first legal square
}

}  // namespace

std::int64_t bot_movetime_ms(double time_limit_s, double elapsed_s) {
  return std::max<std::int64_t>(1, static_cast<std::int64_t>((0.8 * time_limit_s - 0.1 - elapsed_s) * 1000.0));
}

BotRequest read_bot_request(std::istream& in, int& line_number, int request_number) {
  BotRequest request;
  request.number = request_number;
  std::string header;
  if (!read_line(in, header, line_number)) return request;  // End
  request.received = std::chrono::steady_clock::now();
  const std::string where = "request " + std::to_string(request_number) + " (line " + std::to_string(line_number) + ")";
  const std::vector<std::string> fields = fields_of(header);
  if (fields.size() == 1 && fields[0] == "quit") {
    request.kind = BotRequest::Kind::Quit;
    return request;
  }
  if (fields.empty() || (fields[0] != "setup" && fields[0] != "move")) {
    throw InputError(where + ": '" + header + "' is not a request; expected 'setup COLOR ROWS COLS VARIANT', "
                             "'move COLOR ROWS COLS TURN' or 'quit'");
  }
  const bool setup = fields[0] == "setup";
  if (fields.size() != 5) {
    throw InputError(where + ": expected '" + (setup ? "setup COLOR ROWS COLS VARIANT" : "move COLOR ROWS COLS TURN") +
                     "' (5 fields), found " + std::to_string(fields.size()));
  }
  request.kind = setup ? BotRequest::Kind::Setup : BotRequest::Kind::Move;
  request.side = parse_field(fields[1], 0, 1, where + ": COLOR");
  const int rows = parse_field(fields[2], kMinRows, kMaxRows, where + ": ROWS");
  const int cols = parse_field(fields[3], kMinCols, kMaxCols, where + ": COLS");
  const Variant variant = setup ? parse_variant(fields[4], where + ": VARIANT") : Variant::Full;
  const int turn = setup ? 0 : parse_field(fields[4], 0, kDefaultTurnLimit, where + ": TURN");

  std::vector<std::string> board_lines;
  for (int r = 0; r < rows; ++r) {
    std::string line;
    if (!read_line(in, line, line_number)) {
      throw InputError(where + ": expected " + std::to_string(rows) + " board lines, the input ended after " +
                       std::to_string(r));
    }
    if (line.size() != static_cast<std::size_t>(4 * cols)) {
      throw InputError(where + ": board line " + std::to_string(r) + " (line " + std::to_string(line_number) + ") has " +
                       std::to_string(line.size()) + " characters; " + std::to_string(cols) + " cells of 4 characters are " +
                       std::to_string(4 * cols));
    }
    board_lines.push_back(line);
  }
  const Board board = parse_board_rows(board_lines, where + ": board");
  if (setup) {
    request.state = setup_state(board, variant);
    if (setup_squares(board, request.side).empty()) {
      throw InputError(where + ": " + side_name(request.side) + " has no square to set up on (every square of its half, "
                                                                "columns with 2*col " +
                       (request.side == kBlue ? "< " : "> ") + std::to_string(cols - 1) + ", is a wall)");
    }
    return request;
  }
  std::string map;
  if (!read_line(in, map, line_number)) throw InputError(where + ": expected the pieces map after the board, the input ended");
  request.state = parse_pieces_map(board, variant_of_map(map), turn, map,
                                   where + ": pieces map (line " + std::to_string(line_number) + ")");
  const Result r = result(request.state);
  if (r.over()) {
    throw InputError(where + ": the game is already over (" + to_string(r.outcome) + ": " + to_string(r.reason) +
                     " at turn " + std::to_string(turn) + "); there is no move to make");
  }
  return request;
}

std::uint64_t bot_request_seed(const BotRequest& request, const BotOptions& options) {
  const State& s = request.state;
  return derive_seed(options.seed, s.hash ^ s.board->digest() ^ (static_cast<std::uint64_t>(request.side) << 62) ^
                                       (request.kind == BotRequest::Kind::Setup ? 1u : 2u));
}

std::string answer_bot_request(const BotRequest& request, Engine& engine, const BotOptions& options) {
  const State& s = request.state;
  const int side = request.side;
  SearchLimits limits;
  limits.nodes = options.nodes;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - request.received).count();
  limits.movetime_ms = bot_movetime_ms(options.time_limit_s, elapsed);
  if (request.kind == BotRequest::Kind::Setup) {
    Placement placement;
    try {
      placement = engine.choose_placement(s, side, limits).placement;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "dcms_bot: internal error in the placement search: %s; placing the fallback\n", e.what());
      placement = fallback_placement(s, side);
    }
    if (!placement_problem(*s.board, s.variant, side, placement).empty()) placement = fallback_placement(s, side);
    return placement_text(placement);
  }
  std::string text;
  try {
    const MoveSearch found = engine.choose_action(s, side, limits);
    if (found.action) text = move_text(*found.action, side);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dcms_bot: internal error in the search: %s; nothing moves\n", e.what());
  }
  if (!parse_move(s, side, text).ok()) text.clear();  // the empty string: every piece stays, always legal
  return text;
}

int run_bot(std::istream& in, std::FILE* out, const ParamSet& params, const BotOptions& options,
            const learned::EmbeddedEval& eval) {
  learned::load_embedded_eval(eval, LearnedEval::expect());  // read once, before any request
  // Frees the last request's engine (and its search tree) beside the main thread, which goes on to
  // read the next request at once: a referee that asks again as soon as it has the answer must not
  // wait for the free.
  std::thread freeing;
  auto free_later = [&freeing](std::unique_ptr<Engine> engine) {
    if (freeing.joinable()) freeing.join();
    freeing = std::thread([done = std::move(engine)]() mutable { done.reset(); });
  };
  struct Joiner {
    std::thread& thread;
    ~Joiner() {
      if (thread.joinable()) thread.join();
    }
  } joiner{freeing};
  int line_number = 0;
  for (int number = 1;; ++number) {
    const BotRequest request = read_bot_request(in, line_number, number);
    if (request.kind == BotRequest::Kind::End || request.kind == BotRequest::Kind::Quit) return 0;
    auto engine = std::make_unique<Engine>(params, bot_request_seed(request, options));
    search::attach_embedded_eval(*engine, eval);
    engine->keep_tree(true);
    const std::string line = answer_bot_request(request, *engine, options) + "\n";
    std::fwrite(line.data(), 1, line.size(), out);
    std::fflush(out);
    free_later(std::move(engine));
  }
}

}  // namespace gamelab::dcms
