#pragma once
// `run --metamorphic`: every valid scenario also runs transformed (rotated,
// translated; src/scenario/scenario_transform.hpp), each transform as its own
// result named id@transform (e.g. BR-03-a@r90). The transform happens on the
// scenario, before any request is made, so every Subject (our engine, or an
// implementation behind the protocol) answers the transformed position.
#include <vector>

#include "scenario/corpus.hpp"
#include "scenario/scenario_transform.hpp"

namespace carc {

// A copy of the corpus where each file lists, after each valid scenario, one
// transformed copy per transform. Invalid scenarios and unreadable files stay
// as they are (reported once, never transformed).
Corpus with_transforms(const Corpus& corpus, const std::vector<BoardTransform>& transforms);

}  // namespace carc
