// Selected sets S_i of THEORY.md Result 2 (the most label-aligned tokens of each review)
// and how well an attention vector selects them. Not the max-margin solver: see
// max_margin.h, which turns these sets into constraints.
//
// Legend: n reviews, T_i tokens in review i, N = sum_i T_i, V vocabulary size.
#pragma once

#include <cstdint>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/statistics.h"

namespace clslab {

// CSR like Corpus: S_i = token_ids[offsets[i] .. offsets[i+1]), distinct token ids in order
// of first occurrence in review i. Empty for an empty review.
struct SelectedSets {
  std::vector<int32_t> token_ids;  // sum_i |S_i|
  std::vector<int32_t> offsets;    // n + 1
};

// S_i = distinct s in X_i with y_i value[s] >= best - relative_tie max(|best|, 1e-30),
// best = max_{s in X_i} y_i value[s]. One O(N) pass. Precondition: value.size() = V.
SelectedSets ComputeSelectedSets(const Corpus& corpus, const std::vector<float>& value /* V */,
                                 double relative_tie = 1e-9);

struct SelectionMetrics {
  double accuracy = 0;   // share of non-empty reviews whose argmax-attention token is in S_i
  double mean_mass = 0;  // mean over non-empty reviews of the softmax mass on S_i positions
  int32_t reviews = 0;   // non-empty reviews measured
};

// Attention logits a_t = attention[x_t]; the argmax takes the first position on ties; the
// softmax runs in double with max subtraction. Returns zeros when the shapes disagree
// (sets not n + 1 offsets, or attention shorter than V).
SelectionMetrics MeasureSelection(const Corpus& corpus, const SelectedSets& sets,
                                  const std::vector<float>& attention /* V, p.E_s */);

// Which tokens the theory selects: how many reviews each token wins (is in S_i of), and how
// frequent and how polar the winners are. On raw reviews the winners are a few frequent,
// mildly polar tokens ("." and "and"); after a max document share cut, real words.
struct SelectionSummary {
  int32_t reviews = 0;          // non-empty reviews
  int32_t distinct = 0;         // distinct tokens in some S_i
  std::vector<int32_t> top;     // token ids by reviews won (ties: smaller id first), <= top_k
  std::vector<int32_t> wins;    // reviews won by top[k], same length as top
  double median_count = 0;      // median of count(s*) over (review, s* in S_i) pairs
  double median_abs_delta = 0;  // median of |Delta_s*| over the same pairs
};
SelectionSummary SummarizeSelection(const Corpus& corpus, const SelectedSets& sets,
                                    const TokenStatistics& statistics, int32_t top_k);

}  // namespace clslab
