#pragma once
// Comparing a subject's answer with a scenario's expectations.
#include <cstddef>
#include <string>
#include <string_view>
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

// The signature of a difference: its keys and a short hash of all of it,
// e.g. "moves,count:5e1f00a2" (FNV-1a, 32 bits, over the canonical diff lines);
// "failed:811c9dc5" for none.
std::string diff_signature(const std::vector<Diff>& diffs);

// Keeps a difference whole up to `kept` bytes of items (kKeptDiffBytes,
// outcome.hpp); beyond that about `excerpt` bytes of items, each cut to `item`
// bytes: the excerpt is shared between the lists (each Diff's expected and
// actual), smallest first and at most an equal share each, so short lists are
// kept whole and each long one keeps its start; each Diff counts the items it
// left out. Returns the size of the whole difference in bytes. (The fuzzer
// uses small bounds.)
std::size_t bound_diffs(std::vector<Diff>& diffs, std::size_t kept = kKeptDiffBytes,
                        std::size_t excerpt = kDiffExcerptBytes, std::size_t item = kKeptItemBytes);

}  // namespace carc
