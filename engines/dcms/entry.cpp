// Dog-Cat-Mouse-cheeSe's registry entry, and its games for the match runner and datagen: the play
// loops of registry/play_loop.hpp over its Play (seat 0 = blue), with the lab's engine or an external
// bot (protocol.hpp) on either seat, and self-play games labelled for Texel tuning (random placements
// and request.random_plies random turns, then the engine on both sides; every position before a turn,
// labelled with blue's result).
//
// A game starts from a position file: a setup-phase board (both seats place, then play), or a
// position in play. The referee applies docs/rules/dcms.md through referee_setup / referee_turn:
//  - an illegal placement or move string loses (both in the same step: a draw): Termination::Illegal;
//  - a crash (the bot ends without answering) loses at once (both: a draw): Termination::Crash;
//  - a move answered late is a null move and the game goes on (docs/rules/dcms.md: "a timeout is a null move");
//    the record keeps Termination::Timeout and the seat, the score is the game's own result;
//  - a setup answered late is no setup, which loses (Termination::Timeout);
//  - kMaxConsecutiveTimeouts late answers in a row: the bot is stalled and loses (Termination::Stalled),
//    so a dead bot cannot hold a match for 60 x 5 s.
// A decisive fault (crash, illegal, stalled, a late setup) outranks an earlier timeout in the record;
// both seats with one in the same step are both at fault (whatever the kinds: a draw, both named).
#include "dcms/entry.hpp"

#include <memory>
#include <stdexcept>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "dcms/engine.hpp"
#include "dcms/export/export_python.hpp"
#include "dcms/external_bot.hpp"
#include "dcms/game.hpp"
#include "dcms/generator.hpp"
#include "dcms/notation.hpp"
#include "dcms/position_options.hpp"
#include "dcms/protocol.hpp"
#include "dcms/referee.hpp"
#include "dcms/search_actions.hpp"
#include "dcms/search_report.hpp"
#include "dcms/setup.hpp"
#include "dcms/sparse_inputs.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"
#include "registry/simultaneous_play.hpp"

namespace gamelab::dcms {

namespace {

constexpr int kMaxConsecutiveTimeouts = 3;


State opening_state(const DatagenRequest& request) {
  if (!request.opening.empty()) return parse_position_text(request.opening, "datagen opening");
  const auto generated = generate_suite(request.seed, 1, SuiteOptions{});
  return parse_position_text(generated[0].text, generated[0].name);
}

// Dog-Cat-Mouse-cheeSe for the play loops (registry/play_loop.hpp): seat 0 is blue. A game from a
// setup-phase board starts with the setup step (both seats place), then the turns. An action is the
// tournament's text, a placement or a move string, which the referee (referee.hpp) checks and plays:
// the lab's engine answers in it like an external bot; after a timeout it is empty (no placement, or
// a null move). The faults are the entry's (the head of this file).
class Play : public loop::SimultaneousPlay<State, Engine> {
 public:
  using Action = std::string;
  static constexpr const char* title = "Dog-Cat-Mouse-cheeSe";
  static constexpr const char* no_limit_games = "a Dog-Cat-Mouse-cheeSe game at turn 60 goes to the side with more pieces";

  explicit Play(const GameRequest& request)
      : SimultaneousPlay(parse_position_text(request.opening, request.opening_source), request, default_params()) {
    if (s_.phase == Phase::Play && ends_before_moves(s_)) throw InputError(request.opening_source + ": the game is already over");
    for (int seat = 0; seat < 2; ++seat) {
      const PlayerSpec& p = request.players[seat];
      if (p.external()) bots_[seat] = std::make_unique<ExternalBot>(p.command, p.time_limit_s);
    }
  }
  explicit Play(const DatagenRequest& request)
      : SimultaneousPlay(opening_state(request), request, default_params(), 1), rng_(request.seed) {}
  ~Play() {
    for (auto& bot : bots_) {
      if (bot) bot->finish();
    }
  }

  bool in_setup() const { return s_.phase == Phase::Setup; }
  bool over() const { return !in_setup() && ends_before_moves(s_); }

  loop::Answer<std::string> ask(int seat) {
    if (engines_[seat]) {
      if (in_setup()) return {placement_text(engines_[seat]->choose_placement(s_, seat, limits_[seat]).placement)};
      const MoveSearch found = engines_[seat]->choose_action(s_, seat, limits_[seat]);
      if (!found.action) throw std::logic_error("dcms engine found no action in a live position");
      return {move_text(*found.action, seat), loop::self_play_score(found, seat)};
    }
    const BotAnswer answer = bots_[seat]->ask(in_setup() ? setup_request(s_, seat) : move_request(s_, seat));
    if (answer.termination == Termination::Normal) {
      in_a_row_[seat] = 0;
      return {answer.line};
    }
    if (answer.termination == Termination::Crash) return {"", Termination::Crash, true, answer.detail};  // loses at once
    if (in_setup()) return {"", Termination::Timeout, true, answer.detail + " (setup: no placement)"};
    if (++in_a_row_[seat] >= kMaxConsecutiveTimeouts) {
      return {"", Termination::Stalled, true, std::to_string(kMaxConsecutiveTimeouts) + " timeouts in a row: " + answer.detail};
    }
    return {"", Termination::Timeout, false, answer.detail};  // a null move
  }

  // The referee plays the step; an illegal placement or move string loses (a missing placement too,
  // but that seat's fault is already in the log).
  std::string play(const loop::Answers<Play>& a, loop::FaultLog& log, int ply) {
    if (in_setup()) {
      const RefereeSetup refereed = referee_setup(s_, a[0].action, a[1].action);
      for (int side = 0; side < 2; ++side) {
        if (!refereed.problem[side].empty() && a[side].fault == Termination::Normal) {
          log.add(side, ply, Termination::Illegal, refereed.problem[side], true);
        }
      }
      s_ = refereed.state;
      return "setup [" + a[0].action + "] [" + a[1].action + "]";
    }
    const RefereeTurn refereed = referee_turn(s_, a[0].action, a[1].action);
    for (int side = 0; side < 2; ++side) {
      if (!refereed.parse[side].ok()) {
        log.add(side, ply, Termination::Illegal, "move '" + a[side].action + "': " + refereed.parse[side].message, true);
      }
    }
    s_ = refereed.state;
    if (!refereed.parse[0].ok() || !refereed.parse[1].ok()) return "[" + a[0].action + "] [" + a[1].action + "]";
    return joint_move_text(refereed.parse[0].action, refereed.parse[1].action);
  }

  // A crash or a stall in play loses at once, before the referee could end the game.
  std::string forfeit_reason(const loop::FaultLog& log) const {
    const double score = log.forfeit_score();
    return score == 0.5 ? "draw" : score == 0.0 ? "red wins" : "blue wins";
  }

  // The decisive faults, then each seat's timeouts (a stall's included).
  std::string notes(const loop::FaultLog& log) const {
    std::string out;
    for (int seat = 0; seat < 2; ++seat) {
      if (const loop::Fault* f = log.forfeit(seat)) out += "; " + who(log, seat) + ": " + to_string(f->kind) + ": " + f->detail;
    }
    for (int seat = 0; seat < 2; ++seat) {
      const int late = log.count(seat, Termination::Timeout) + log.count(seat, Termination::Stalled);
      const loop::Fault* f = log.forfeit(seat);
      if (late > 0) {
        out += "; " + who(log, seat) + ": " + std::to_string(late) +
               (f && f->kind == Termination::Timeout ? " timeout(s), in the setup" : " timeout(s), null moves");
      }
    }
    return out;
  }

  std::string position() const { return position_text(s_); }
  // A piece is engaged (it can capture or be captured within a turn).
  bool tactical() const {
    for (int side = 0; side < 2; ++side) {
      for (int rank : {kMouse, kCat, kDog}) {
        if (engaged(s_, side, rank)) return true;
      }
    }
    return false;
  }
  // The setup (random placements; it counts no ply), then random joint actions.
  bool random_step() {
    if (in_setup()) {
      Placement placements[2];
      for (int side = 0; side < 2; ++side) {
        const auto squares = setup_squares(*s_.board, side);
        placements[side] = placement_at(squares, s_.variant, rng_.below(placement_count(*s_.board, s_.variant, side)));
      }
      s_ = place_pieces(s_, placements[0], placements[1]);
      return true;
    }
    dcms::Action actions[2];
    for (int side = 0; side < 2; ++side) {
      ActionList list;
      generate_actions(s_, side, list);
      actions[side] = list[rng_.below(list.size())];
    }
    s_ = dcms::play(s_, actions[0], actions[1]);
    return true;
  }

 private:
  static std::string who(const loop::FaultLog& log, int seat) { return log.name(seat) + " (" + side_name(seat) + ")"; }

  std::unique_ptr<ExternalBot> bots_[2];
  int in_a_row_[2] = {0, 0};  // timeouts in a row
  Rng rng_{1};
};


PerftReport run_perft(const PerftRequest& request) {
  const State root = load_position(request.position);
  if (root.phase == Phase::Setup) {
    const std::string source = request.position.board.empty() ? request.position.source : request.position.board;
    throw InputError(source + ": a board for the setup phase (no piece lines); perft counts joint moves of placed "
                              "pieces: add one line per piece, e.g. 'S 3 1', 'M 3 2', 's 3 6', 'm 3 5'");
  }
  return simultaneous_perft<Game>(root, position_text(root), request, joint_move_text, pieces_map_text);
}

SearchReport run_search(const SearchRequest& request) {
  return search_report(load_position(request.position), search_side(request.position), request);
}

// "D2C5M4" -> "D 2 C 5 M 4": the move string of docs/rules/dcms.md §4 (pairs of one letter, one digit).
std::string spaced_pairs(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (k > 0) out += ' ';
    out += text[k];
  }
  return out;
}

std::string dcms_canonical(const std::string& text, const std::string& token) {
  using namespace dcms;
  const State s = parse_position_text(text, "position");
  if (s.phase == Phase::Setup || ends_before_moves(s)) return "";
  const std::size_t middle = token.find("][");
  if (token.size() < 4 || token.front() != '[' || token.back() != ']' || middle == std::string::npos) return "";
  const MoveParse blue = parse_move(s, kBlue, spaced_pairs(token.substr(1, middle - 1)));
  const MoveParse red = parse_move(s, kRed, spaced_pairs(token.substr(middle + 2, token.size() - middle - 3)));
  if (!blue.ok() || !red.ok()) return "";
  return without_blanks(joint_move_text(blue.action, red.action));
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Dog-Cat-Mouse-cheeSe", load_position);
  add_mcts_engine<kSparseMaxActive, Game>(entry, default_params, kFeatureCount, run_search, kSparseInputName, kSparseInputCount);
  entry.position_options = position_options();
  entry.perft = run_perft;  // a setup-phase board has no joint moves to count
  entry.tree_moves = [](const std::string& text) {
    if (parse_position_text(text, "position").phase == Phase::Setup) return std::vector<TreeMove>{};
    return tree_moves_of<Game>(text);
  };
  entry.canonical_move = dcms_canonical;
  entry.board_options = {
      {"rows", "rows per board: N or MIN-MAX (default 7-15; 3..64)"},
      {"cols", "columns per board: N or MIN-MAX (default 8-21; 4..64)"},
      {"density", "share of the inner squares that are walls: D or MIN-MAX (default 0.05-0.25; 0..0.5)"},
      {"variant", "variant written in each file: mouse or full (default full; a setup board plays either)"},
  };
  entry.generate_boards = [](const BoardRequest& request) {
    return generate_suite(request.seed, request.count, parse_suite_options(request.options));
  };
  entry.play_game = loop::referee<Play>;
  entry.bot_time_limit_s = 5;  // docs/rules/dcms.md
  entry.datagen_game = loop::self_play<Play>;
  entry.handmade_eval = simultaneous_handmade_eval(parse_position_text, [](const State& state, const int* weights) {
    return evaluate(state, weights);  // SearchGame::evaluate, what the MCTS adds a learned file to
  });
  for (const Variant variant : {Variant::Full, Variant::Mouse}) {
    const bool full = variant == Variant::Full;
    const auto write = [variant](const ParamSet& params, const std::string& source, const learned::ExportedEval& eval) {
      return export_python(params, source, variant, eval);
    };
    entry.exports.push_back(export_format(full ? "python" : "python-mouse",
                                          std::string("the tournament's player: one self-contained Python 3 file with setup() "
                                                      "and move(), setup() placing ") +
                                              (full ? "all four pieces (full variant)" : "cheeSe and Mouse (mouse variant, round 1)"),
                                          write, exported_params, exported_params_source, exported_eval));
  }
  return entry;
}

}  // namespace gamelab::dcms
