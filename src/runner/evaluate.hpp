#pragma once
// Comparing a subject's answer with a scenario's expectations.
#include <string>
#include <vector>

#include "runner/outcome.hpp"
#include "runner/subject.hpp"

namespace carc {

// The moves whose legality `e.legal` asks about, as written.
std::vector<std::string> probes_of(const Expect& e);

// Every difference between the expectations and the answer, in canonical
// notation; move sets are compared after rotation canonicalisation.
std::vector<Diff> compare(const Expect& e, const Answer& a, const TileCatalog& catalog);

// One line saying what differs first, e.g. "moves differ (2 missing, 1 extra)".
std::string summarise(const std::vector<Diff>& diffs);

}  // namespace carc
