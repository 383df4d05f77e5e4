#include "engine/turn.hpp"

#include <algorithm>

#include "engine/queries.hpp"
#include "engine/scoring.hpp"

namespace carc {


void phantom_moves(const State& s, MoveList& out);

void Turn::emit(EventKind kind, int player) {
  if (!ev_) return;
  Event e;
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  ev_->push_back(e);
}

bool Turn::phantom_has_moves(const State& s) {
  MoveList moves;
  phantom_moves(s, moves);
  return !moves.empty();
}

void Turn::after_action(Step2 what) {
  State& s = s_;
  s.flags_ = static_cast<std::uint16_t>(s.flags_ | kStep2Done);
  switch (what) {
    case Step2::Phantom:  // PH-14: nothing follows the phantom
    case Step2::Princess:  // PH-15, PD-08: nothing follows the princess
    case Step2::Pass:
      s.flags_ = static_cast<std::uint16_t>(s.flags_ | kPhantomBlocked);
      break;
    case Step2::Crash:  // FM-12 and V-FM-5
      s.flags_ = static_cast<std::uint16_t>(s.flags_ | kCrashed);
      if (!s.rules().phantom_after_crash()) s.flags_ = static_cast<std::uint16_t>(s.flags_ | kPhantomBlocked);
      break;
    case Step2::Special:
    case Step2::AbbotReturn:  // PH-09..PH-13 and V-PH-1
      if (!s.rules().phantom_after_non_follower_action()) s.flags_ = static_cast<std::uint16_t>(s.flags_ | kPhantomBlocked);
      break;
    case Step2::Follower: break;
  }
  if (what == Step2::AbbotReturn && s.rules().abbot_return_allows_special_figures()) {
    // V-AB-1 "meeples-only": a builder or pig may still follow the abbot's return.
    s.phase_ = Phase::Figure;
    return;
  }
  if (!s.flag(kPhantomBlocked) && phantom_has_moves(s)) {
    s.phase_ = Phase::Phantom;
    s.actor_ = s.active_;
    return;
  }
  end_step2();
}

void Turn::end_step2() {
  State& s = s_;
  if (s.flag(kBuilderTriggered) && !s.flag(kSecondPart) && !s.rules().second_tile_after_scoring()) {
    start_part(true);  // V-TB-1 "immediately": both parts score together at the end
    return;
  }
  Scoring scoring(s, ev_);
  for (const int t : s.turn_tiles_) scoring.completed_by(t);
  for (const int t : s.turn_tiles_)
    if (s.board_.def(t).crop >= 0) s.crop_tiles_.push_back(t);
  s.turn_tiles_.clear();
  next_wagon();
}

void Turn::next_wagon() {
  State& s = s_;
  while (!s.wagons_.empty()) {
    if (!wagon_targets(s).empty()) {
      s.phase_ = Phase::Wagon;
      s.actor_ = s.wagons_.front().owner;
      return;
    }
    // No reachable feature: the wagon simply returns (AM-05).
    const auto node = s.wagons_.front().node;
    s.wagons_.erase(s.wagons_.begin());
    for (std::size_t i = 0; i < s.figures_.size(); ++i)
      if (s.figures_[i].kind == FigureKind::Wagon && s.figures_[i].node == node) {
        s.remove_figure(i, ev_, true);
        break;
      }
  }
  continue_after_scoring();
}

void Turn::continue_after_scoring() {
  State& s = s_;
  while (!s.crop_tiles_.empty()) {
    const int t = s.crop_tiles_.front();
    s.crop_tiles_.erase(s.crop_tiles_.begin());
    const TileDef& d = s.board_.def(t);
    const CropSymbol sym = d.features[static_cast<std::size_t>(d.crop)].symbol;
    if (sym == CropSymbol::Rake && !s.rules().farmers_in_play()) continue;  // V-CC-5: no-op without farmers
    s.crop_symbol_ = sym;
    s.phase_ = Phase::CropChoice;
    s.actor_ = s.active_;
    return;
  }
  if (s.flag(kBuilderTriggered) && !s.flag(kSecondPart)) {
    start_part(true);  // TB-05: the second tile after the first part's scoring (and step 4, CC-15)
    return;
  }
  next_turn();
}

bool Turn::crop_responder_has_moves(const State& s, int player) {
  if (crop_role_figures(s, player).empty()) return false;  // CC-12: skipped
  if (!s.crop_add()) return true;                          // CC-07: removal is compulsory
  return !crop_add_options(s, player).empty();
}

void Turn::next_crop_responder() {
  State& s = s_;
  while (!s.crop_queue_.empty()) {
    const int p = s.crop_queue_.front();
    if (crop_responder_has_moves(s, p)) {
      s.phase_ = Phase::CropResponse;
      s.actor_ = p;
      return;
    }
    s.crop_queue_.erase(s.crop_queue_.begin());
  }
  s.crop_symbol_ = CropSymbol::None;
  continue_after_scoring();
}

void Turn::release_specials(int player, std::uint16_t root) {
  State& s = s_;
  if (s.rules().builder_pig_are_followers() || followers_of(s, player, root) > 0) return;
  for (std::size_t i = s.figures_.size(); i-- > 0;) {
    const BoardFigure& f = s.figures_[i];
    if (f.owner == player && !is_follower(f.kind) && s.board_.find(f.node) == root) s.remove_figure(i, ev_, true);
  }
}

void Turn::start_part(bool second) {
  State& s = s_;
  s.placed_ = -1;
  s.flags_ = second ? kSecondPart : 0;
  s.phase_ = Phase::Tile;
  s.actor_ = s.active_;
  if (second) emit(EventKind::SecondTile, s.active_);
  s.draw(ev_);
  if (s.phase_ == Phase::Tile && s.in_hand_ == kNoTile && !s.turn_tiles_.empty()) {
    // The pile ran out before the second tile: the turn's pending scoring still happens (TB-10),
    // then the next draw ends the game.
    s.flags_ = static_cast<std::uint16_t>(s.flags_ | kSecondPart);
    end_step2();
  }
}

void Turn::next_turn() {
  State& s = s_;
  s.active_ = (s.active_ + 1) % s.player_count();
  ++s.turn_;
  start_part(false);
}

}  // namespace carc
