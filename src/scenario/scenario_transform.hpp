#pragma once
// Metamorphic transforms of a whole scenario (issue 10): the board turned a
// number of quarter turns clockwise about 0,0, then shifted. A rule never
// depends on where the board lies or which way north is, so the transformed
// scenario must pass exactly when the original passes; a difference points at
// a coordinate or rotation bug (in the subject, or in the transform).
//
// What maps: tile positions and the `placed` tile; tile rotations add the
// quarter turns; feature addresses rotate with the board (edges N->E->S->W,
// half-edges NL->EL->SL->WL, tile-wide features unchanged); a flier's arrow
// turns implicitly with its tile. Moves map their position, feature and
// placement rotation; placements in the expected move sets (moves, includes,
// excludes) are written under their canonical rotation again
// (TileDef::canonical_rot), placements in query.apply and in `legal` keep the
// rotation they map to. Everything else is invariant: players, supplies,
// scores, pile, rolls, phase, counts, reason codes, rejected indices.
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/tile.hpp"
#include "scenario/scenario.hpp"

namespace carc {

struct BoardTransform {
  int quarter = 0;  // clockwise quarter turns about 0,0 (0..3)
  Pos shift;        // added after the rotation; |x|, |y| <= kMaxCoord (limits.hpp), so nothing overflows

  // "r90", "t11,-7", "r90+t-5,3"; "id" for the identity.
  std::string name() const;
  Pos apply(Pos p) const;
  FeatureAddr apply(FeatureAddr a) const { return rotate(a, quarter); }
  int apply_rotation(int rot) const { return (rot + quarter) & 3; }
  // The move on the transformed board; a placement keeps its mapped rotation.
  Move apply(const Move& m) const;
};

// The transforms `run --metamorphic` adds to every scenario: r90, r180,
// r270, a translation, and a quarter turn combined with a translation.
const std::vector<BoardTransform>& metamorphic_transforms();

// A copy of a valid scenario with its position, query and every expectation
// (variants included) transformed; the id gets "@" and the transform's name.
// A board moved beyond the bounds of a position (engine/limits.hpp) makes the
// copy invalid, with a problem saying so (a scenario at the very edge of the
// coordinates cannot be shifted further).
Scenario transform_scenario(const Scenario& s, const BoardTransform& t, const TileCatalog& catalog);

}  // namespace carc
