#pragma once
// Refereeing Dog-Cat-Mouse-cheeSe games for the match runner (seat 0 = blue), with the lab's engine or
// an external bot (protocol.hpp) on either seat, and self-play games labelled for Texel tuning.
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
// The referee and self-play are the play loops of registry/play_loop.hpp over the game's Play (match.cpp).
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::dcms {

constexpr int kMaxConsecutiveTimeouts = 3;

GameRecord play_game(const GameRequest& request);

// One self-play game (GameEntry::datagen_game): random placements and `random_plies` random turns,
// then the engine on both sides; every position before a turn, labelled with blue's result.
std::vector<LabelledPosition> datagen_game(const DatagenRequest& request);

}  // namespace gamelab::dcms
