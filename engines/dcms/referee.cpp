#include "dcms/referee.hpp"

#include <cassert>

#include "core/error.hpp"

namespace gamelab::dcms {

RefereeSetup referee_setup(const State& setup, std::string_view blue, std::string_view red) {
  assert(setup.phase == Phase::Setup);
  RefereeSetup out;
  Placement placements[2];
  const std::string_view texts[2] = {blue, red};
  for (int side = 0; side < 2; ++side) {
    try {
      placements[side] = parse_placement(texts[side], std::string(side_name(side)) + " setup");
      out.problem[side] = placement_problem(*setup.board, setup.variant, side, placements[side]);
      if (!out.problem[side].empty()) out.problem[side] = std::string(side_name(side)) + " setup: " + out.problem[side];
    } catch (const InputError& e) {
      out.problem[side] = e.what();
      placements[side] = Placement{};  // count 0: place_pieces() forfeits it
    }
  }
  out.state = place_pieces(setup, placements[kBlue], placements[kRed]);
  return out;
}

RefereeTurn referee_turn(const State& state, std::string_view blue, std::string_view red) {
  assert(state.phase == Phase::Play);
  RefereeTurn out;
  out.parse[kBlue] = parse_move(state, kBlue, blue);
  out.parse[kRed] = parse_move(state, kRed, red);
  if (out.parse[kBlue].ok() && out.parse[kRed].ok()) {
    out.state = play(state, out.parse[kBlue].action, out.parse[kRed].action);
    return out;
  }
  out.state = state;
  for (int side = 0; side < 2; ++side) {
    if (!out.parse[side].ok()) out.state.forfeits |= static_cast<std::uint8_t>(1 << side);
  }
  out.state.forfeit_kind = Forfeit::Move;
  return out;
}

}  // namespace gamelab::dcms
