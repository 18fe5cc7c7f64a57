// Selected sets S_i and selection metrics (accuracy, attention mass on S_i).
// Both are single O(N) passes with V-long stamp arrays allocated once per call, so
// "is s in S_i" and "have I seen s in X_i" are O(1) without clearing per review.
//
// Legend: n reviews, T_i tokens in review i, N = sum_i T_i, V vocabulary size.
#include "clslab/selection.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clslab {

SelectedSets ComputeSelectedSets(const Corpus& corpus, const std::vector<float>& value,
                                 double relative_tie) {
  const int32_t reviews = corpus.NumReviews();
  SelectedSets sets;
  sets.offsets.reserve(reviews + 1);
  sets.offsets.push_back(0);
  // stamp[s] = i + 1 once s has been taken into S_i: dedups without a per-review clear.
  std::vector<int32_t> stamp(corpus.vocab_size, 0);  // V
  for (int32_t i = 0; i < reviews; ++i) {
    const double sign = corpus.labels[i] > 0 ? 1.0 : -1.0;
    double best = -std::numeric_limits<double>::infinity();
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      best = std::max(best, sign * value[corpus.token_ids[t]]);
    }
    // Relative tolerance with a floor so that an all-zero review (before training) selects
    // every token rather than dividing by zero.
    const double threshold = best - relative_tie * std::max(std::abs(best), 1e-30);
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      if (stamp[s] == i + 1 || sign * value[s] < threshold) continue;
      stamp[s] = i + 1;
      sets.token_ids.push_back(s);
    }
    sets.offsets.push_back(static_cast<int32_t>(sets.token_ids.size()));
  }
  return sets;
}

SelectionMetrics MeasureSelection(const Corpus& corpus, const SelectedSets& sets,
                                  const std::vector<float>& attention) {
  SelectionMetrics out;
  const int32_t reviews = corpus.NumReviews();
  if (sets.offsets.size() != static_cast<size_t>(reviews) + 1 ||
      attention.size() < static_cast<size_t>(corpus.vocab_size)) {
    return out;
  }
  std::vector<int32_t> stamp(corpus.vocab_size, 0);  // V, stamp[s] = i + 1 iff s in S_i
  int64_t hits = 0;
  double mass_sum = 0;
  for (int32_t i = 0; i < reviews; ++i) {
    const int32_t begin = corpus.Begin(i), end = corpus.End(i);
    if (begin == end) continue;
    ++out.reviews;
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      stamp[sets.token_ids[k]] = i + 1;
    }
    int32_t argmax = begin;  // first position on ties (strict >)
    for (int32_t t = begin + 1; t < end; ++t) {
      if (attention[corpus.token_ids[t]] > attention[corpus.token_ids[argmax]]) argmax = t;
    }
    hits += stamp[corpus.token_ids[argmax]] == i + 1;
    const double top = attention[corpus.token_ids[argmax]];
    double total = 0, selected = 0;
    for (int32_t t = begin; t < end; ++t) {
      const int32_t s = corpus.token_ids[t];
      const double weight = std::exp(static_cast<double>(attention[s]) - top);  // in (0, 1]
      total += weight;
      if (stamp[s] == i + 1) selected += weight;
    }
    mass_sum += selected / total;  // total >= 1: the argmax contributes exp(0)
  }
  if (out.reviews > 0) {
    out.accuracy = static_cast<double>(hits) / out.reviews;
    out.mean_mass = mass_sum / out.reviews;
  }
  return out;
}

}  // namespace clslab
