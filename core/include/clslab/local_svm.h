// The flow's own selection and the attention-SVM for it: Tarzanagh et al. 2023
// ("Transformers as Support Vector Machines"), the locally optimal att-SVM. Where the
// theory's selection s* has no hard margin (its must-beat graph has cycles, as on real
// reviews), gradient flow on p still turns toward the max-margin direction separating the
// tokens it does select. This file says which tokens those are and what carries a solve over
// from one selection to the next; the solve itself is max_margin.h's SvmSolver.
//
// Legend: n reviews, T_i tokens in review i, V vocabulary, K constraints.
#pragma once

#include <cstdint>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/max_margin.h"
#include "clslab/selection.h"

namespace clslab {

// Per review, the tokens with the top attention score a_s = p.E_s among X_i (all tied ones,
// by exact equality: the selection argmax_t softmax(a)_t), and how that selection compares
// with the theory's S_i. With p != 0 each review's selected tokens score strictly above
// every other token of it, so the constraints they give (max_margin.h BuildConstraints) are
// satisfied strictly by p itself: the hard margin is feasible (a suitable multiple of p is
// a feasible point), whatever d and V.
struct FlowSelection {
  SelectedSets sets;      // as in selection.h: S^flow_i, empty for an empty review
  int32_t reviews = 0;    // non-empty reviews
  int32_t strict = 0;     // of them, with one top token
  int32_t in_theory = 0;  // of them, whose every top token is in the theory's S_i
};

// O(N). Preconditions: attention.size() = V; theory has n + 1 offsets.
FlowSelection ComputeFlowSelection(const Corpus& corpus,
                                   const std::vector<float>& attention /* V */,
                                   const SelectedSets& theory);

// True when every review selects the same tokens in both.
bool SameSelection(const SelectedSets& a, const SelectedSets& b);

// Dual weights for `to` from a solution for `from` (lambda: K_from): a pair in both keeps its
// weight, a new pair starts at 0. Any such point is dual feasible, so it is a warm start
// (SvmSolver::Start). O(K_from + K_to): both are sorted by (winner, loser).
std::vector<float> CarryOverWeights(const MarginConstraints& from, const std::vector<float>& lambda,
                                    const MarginConstraints& to);

}  // namespace clslab
