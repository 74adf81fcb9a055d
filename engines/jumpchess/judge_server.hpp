#pragma once
// `gamelab judge jumpchess` (GameEntry::judge_server): the lab as the tournament's judge server
// (docs/rules/jumpchess.md: "The lab also ships a judge server speaking the same protocol, so that any client
// written for the tournament can play against the lab's engines").
//
// It listens on 127.0.0.1:PORT (the tournament's 8888 by default). For each game it waits for a client
// to connect and send its team id, plays the lab's engine against it from the start position (Black
// moves first; the client is Black in odd-numbered games with `alternate`), prints every move as it is
// played, and at the end sends the client "exit" (code 0) and closes the connection: one connection per
// game, as the tournament's template client expects. The client's faults are refereed as in match play
// (judge.hpp): a late answer, a path that does not replay or garbage is a pass, as the tournament's
// judge skips the move; a side with no legal move passes without being asked.
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::jumpchess {

// One record per game (seat 0: the lab's engine, seat 1: the client). InputError for a bad request
// (a port outside 1..65535, no games, an unknown client colour), a port that cannot be listened on, or
// no client connecting within request.wait_s.
std::vector<GameRecord> run_judge_server(const JudgeRequest& request);

}  // namespace gamelab::jumpchess
