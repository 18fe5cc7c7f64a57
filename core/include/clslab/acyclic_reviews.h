// The attention-SVM restricted to the reviews whose constraints are not on cycles. On real
// reviews the must-beat graph has cycles (a beats b in one review, b beats a in another),
// so the hard-margin problem over all reviews has no solution; over the remaining reviews
// it has one when d >= V, and that is the direction the theory's flow turns to there
// (THEORY.md, "Result 2 on real reviews"). Not the solver (max_margin.h).
//
// Legend: n reviews, V vocabulary size, K constraints.
#pragma once

#include <cstdint>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/max_margin.h"
#include "clslab/selection.h"

namespace clslab {

// n flags: 1 when one of review i's pairs (s*, s) has both ends in one strongly connected
// component of the must-beat graph of `constraints` (the reviews FindCycles counts).
// Removing those reviews leaves no cycle: every edge of a cycle lies inside one component,
// and each surviving review's edges join two different components.
std::vector<uint8_t> ReviewsOnCycles(const MarginConstraints& constraints, const Corpus& corpus,
                                     const SelectedSets& sets, int32_t vocab_size);

// n flags, 1 for the acyclic reviews: non-empty, and none of their constraints (built from
// `sets`) on a cycle. The reviews the flow trains on under flow_acyclic_only.
std::vector<uint8_t> AcyclicReviewFlags(const Corpus& corpus, const SelectedSets& sets,
                                        const MarginConstraints& constraints);

// The reviews with keep[i] != 0 and their selected sets, in their order (vocab_size kept).
Corpus KeepReviews(const Corpus& corpus, const std::vector<uint8_t>& keep /* n */);
SelectedSets KeepSets(const SelectedSets& sets, const std::vector<uint8_t>& keep /* n */);

}  // namespace clslab
