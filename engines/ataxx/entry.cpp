// Ataxx's registry entry: what its adapter says (entry_of), its alpha-beta engine, and its games for
// the match runner and datagen, the play loops of registry/play_loop.hpp over its Play: the lab's
// engine on a seat, or any UAI engine (uai_client.hpp) as the field's match runners drive one, kept
// running from game to game; self-play for datagen. Each seat plays on its clock (tc=), a movetime,
// depth or nodes. An engine's fault (a crash, a time loss, an illegal or malformed move, a hang) loses
// the game, as in the field's tournaments (docs/rules/ataxx.md §8). A position is a FEN, in a file or
// on the command line (--board), or the start.
#include "ataxx/entry.hpp"

#include "ataxx/eval.hpp"
#include "ataxx/game.hpp"
#include "ataxx/uai_client.hpp"
#include "registry/alphabeta_play.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::ataxx {

namespace {

class Play : public loop::AlphaBetaPlay<Game> {
 public:
  static constexpr const char* title = "Ataxx";

  explicit Play(const GameRequest& request)
      : AlphaBetaPlay(Game::parse_position(request.opening, request.opening_source), request, default_params()), start_(s_) {
    for (int seat = 0; seat < 2; ++seat) {
      const PlayerSpec& p = request.players[seat];
      if (!p.external()) continue;
      engines_uai_[seat] = borrow_uai_engine(p.command, uai_options(p.params));
      limits_[seat] = p.limits.any() ? p.limits : SearchLimits{{}, {}, static_cast<std::int64_t>(p.time_limit_s * 1000), {}};
    }
  }
  explicit Play(const DatagenRequest& request)
      : AlphaBetaPlay(request.opening.empty() ? start_position() : Game::parse_position(request.opening, "datagen opening"),
                      request, default_params(), request.limits),
        start_(s_) {}

  loop::Answer<Move> ask(int seat) {
    history_.push_back(Game::hash(s_));
    if (!engines_uai_[seat]) return engine_move(seat);
    UaiClient& engine = *engines_uai_[seat];
    if (!started_[seat]) {
      started_[seat] = true;
      const UaiReply ready = engine.new_game();
      if (!ready.ok()) return {Move::pass(), ready.termination, true, ready.detail};
    }
    const UaiReply reply = clocks_[seat].on() ? play_on_clock(engine, seat) : engine.play(start_, played_, limits_[seat]);
    if (!reply.ok()) return {Move::pass(), reply.termination, true, reply.detail};
    return {*reply.move};
  }
  std::string play(const loop::Answers<Play>& answers, loop::FaultLog&, int) {
    const Move m = answers[to_move()].action;
    played_.push_back(m);
    s_ = ataxx::play(s_, m);
    return move_text(m);
  }
  loop::Verdict verdict() const {
    const Outcome o = result(s_).outcome;
    return {seat0(o == Outcome::XWins ? 1.0 : o == Outcome::OWins ? 0.0 : 0.5), Game::end_text(s_)};
  }
  std::string position() const { return Game::position_text(s_); }

 private:
  // The parameters handed to a UAI engine: its options by name (setoption).
  static std::vector<std::pair<std::string, std::string>> uai_options(const ParamSet& params) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const Param& p : params.all()) out.emplace_back(p.name, std::to_string(p.value));
    return out;
  }

  // UAI's go names both clocks, by colour: the mover's (the client takes its time off and judges a
  // time loss) and the other seat's as it stands (an unclocked other seat: the mover's).
  UaiReply play_on_clock(UaiClient& engine, int seat) {
    const int other = 1 - seat;
    const std::int64_t theirs = clocks_[other].on() ? clocks_[other].left_ms() : clocks_[seat].left_ms();
    UaiClock clock;
    clock.time_ms[s_.side] = clocks_[seat].left_ms();
    clock.time_ms[opponent(s_.side)] = theirs;
    clock.inc_ms[s_.side] = limits_[seat].clock->inc_ms;
    clock.inc_ms[opponent(s_.side)] = (clocks_[other].on() ? limits_[other] : limits_[seat]).clock->inc_ms;
    const UaiReply reply = engine.play(start_, played_, clock);
    clocks_[seat].set_left_ms(clock.time_ms[s_.side]);
    return reply;
  }

  State start_;             // the opening: UAI engines are told `position fen START moves ...`
  std::vector<Move> played_;
  UaiHandle engines_uai_[2];
  bool started_[2] = {};
};

}  // namespace

GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Ataxx");
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position_of<Game>);
  entry.play_game = loop::referee<Play>;
  entry.datagen_game = loop::self_play<Play>;
  entry.bot_time_limit_s = 1;  // a UAI engine's movetime when --engine gives no limit
  entry.bot_engine_protocol = true;  // UAI's go: a clock, movetime, depth or nodes
  return entry;
}

}  // namespace gamelab::ataxx
