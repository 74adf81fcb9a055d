#pragma once
// The lab's line protocol for external Dog-Cat-Mouse-cheeSe bots (docs/rules/dcms.md: "The lab's own form is
// a line protocol on standard input/output"). It mirrors the tournament's two Python functions,
// setup(color, rows, cols, board) and move(color, rows, cols, board, pieces), one request each, and
// the bot answers each request with exactly one line.
//
//   setup COLOR ROWS COLS VARIANT       COLOR 0 (blue, upper case) or 1 (red); VARIANT mouse or full
//   ROWS lines: the board               cells of exactly 4 characters, "WWWW" or four blanks
//   -> ((3, 1), (4, 2))                 the squares in rank order: cheeSe, Mouse (then Cat, Dog in full)
//
//   move COLOR ROWS COLS TURN           TURN: turns played so far (0 on the first move; 60 turns in all)
//   ROWS lines: the board
//   one line: the pieces map            {'S': (3, 1), 's': (3, 9), 'M': (4, 2), 'm': None, ...}
//   -> D 2 C 6 M 4                      the move string; an empty line moves nothing
//
//   quit                                the game is over: exit (the process is killed 1 s later)
//
// One process per game: the lab starts the command before the setup request and keeps it for the
// whole game, so a bot may keep state between requests; every request still carries the whole
// position, so a bot may also be stateless. Standard error is kept for the record, never read as an
// answer. Refereeing (docs/rules/dcms.md, entry.cpp): 5 s per request by default (the engine's timelimit=);
// a move answered late is a null move (every piece stays) and the game goes on, with the timeout
// recorded; the late bot is killed and started afresh for the next request, so a late answer can never
// be taken for the next one. A setup answered late is no setup: that side loses. Three timeouts in a
// row: the bot is stalled and loses. Exiting (a crash) loses; an answer that is not a legal placement
// or move string loses, as an illegal setup or move does.
#include <string>

#include "dcms/state.hpp"

namespace gamelab::dcms {

std::string setup_request(const State& setup, int side);
std::string move_request(const State& state, int side);
inline constexpr const char* kQuitRequest = "quit\n";

}  // namespace gamelab::dcms
