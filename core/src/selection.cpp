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
  const int32_t reviews = corpus.NumReviews(), vocab_size = corpus.vocab_size;
  if (sets.offsets.size() != static_cast<size_t>(reviews) + 1 ||
      attention.size() < static_cast<size_t>(vocab_size)) {
    return out;
  }
  // Token-major softmax, as in model.cpp: a_t depends on the token only, so the numerator
  // exp(a_s - M) is computed once per token with one shift M = max_s a_s (V exps, not N).
  // A review whose tokens all score far below M would lose its terms to underflow: it is
  // measured with its own maximum instead (the per-review path).
  float top_all = -std::numeric_limits<float>::infinity();
  for (int32_t s = 0; s < vocab_size; ++s) top_all = std::max(top_all, attention[s]);
  std::vector<double> weight(vocab_size);  // V, exp(a_s - M)
  for (int32_t s = 0; s < vocab_size; ++s) {
    weight[s] = std::exp(static_cast<double>(attention[s]) - top_all);
  }
  constexpr double kSmallestTotal = 1e-250;
  std::vector<int32_t> stamp(vocab_size, 0);  // V, stamp[s] = i + 1 iff s in S_i
  int64_t hits = 0;
  double mass_sum = 0;
  for (int32_t i = 0; i < reviews; ++i) {
    const int32_t begin = corpus.Begin(i), end = corpus.End(i);
    if (begin == end) continue;
    ++out.reviews;
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      stamp[sets.token_ids[k]] = i + 1;
    }
    // The running maximum is kept, not re-read through token_ids[argmax] (a dependent
    // gather per token), and the selected mass adds 0 for the others instead of branching
    // on membership: the same sums in the same order, half the time (the metrics' largest
    // part at 25,000 reviews, which Pause waits for during Play).
    int32_t argmax = begin;  // first position on ties (strict >)
    float best = attention[corpus.token_ids[begin]];
    double total = 0, selected = 0;
    for (int32_t t = begin; t < end; ++t) {
      const int32_t s = corpus.token_ids[t];
      const float a = attention[s];
      if (a > best) {
        best = a;
        argmax = t;
      }
      const double w = weight[s];
      total += w;
      selected += stamp[s] == i + 1 ? w : 0.0;
    }
    hits += stamp[corpus.token_ids[argmax]] == i + 1;
    if (!(total >= kSmallestTotal)) {
      const double top = attention[corpus.token_ids[argmax]];
      total = selected = 0;
      for (int32_t t = begin; t < end; ++t) {
        const int32_t s = corpus.token_ids[t];
        const double w = std::exp(static_cast<double>(attention[s]) - top);  // in (0, 1]
        total += w;
        if (stamp[s] == i + 1) selected += w;
      }
    }
    mass_sum += selected / total;
  }
  if (out.reviews > 0) {
    out.accuracy = static_cast<double>(hits) / out.reviews;
    out.mean_mass = mass_sum / out.reviews;
  }
  return out;
}

namespace {

// Median of values (reordered), the lower middle one for an even count; 0 when empty.
double Median(std::vector<double>* values) {
  if (values->empty()) return 0;
  const auto middle = values->begin() + (values->size() - 1) / 2;
  std::nth_element(values->begin(), middle, values->end());
  return *middle;
}

}  // namespace

SelectionSummary SummarizeSelection(const Corpus& corpus, const SelectedSets& sets,
                                    const TokenStatistics& statistics, int32_t top_k) {
  SelectionSummary out;
  std::vector<int32_t> wins(corpus.vocab_size, 0);  // V, reviews whose S_i holds s
  std::vector<double> counts, abs_deltas;           // one per (review, s* in S_i) pair
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    if (corpus.Length(i) == 0) continue;
    ++out.reviews;
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      const int32_t s = sets.token_ids[k];
      ++wins[s];
      counts.push_back(static_cast<double>(statistics.count[s]));
      abs_deltas.push_back(std::abs(statistics.delta[s]));
    }
  }
  std::vector<int32_t> winners;
  for (int32_t s = 0; s < corpus.vocab_size; ++s) {
    if (wins[s] > 0) winners.push_back(s);
  }
  out.distinct = static_cast<int32_t>(winners.size());
  const size_t shown = std::min<size_t>(winners.size(), static_cast<size_t>(std::max(top_k, 0)));
  std::partial_sort(
      winners.begin(), winners.begin() + shown, winners.end(),
      [&](int32_t a, int32_t b) { return wins[a] != wins[b] ? wins[a] > wins[b] : a < b; });
  for (size_t k = 0; k < shown; ++k) {
    out.top.push_back(winners[k]);
    out.wins.push_back(wins[winners[k]]);
  }
  out.median_count = Median(&counts);
  out.median_abs_delta = Median(&abs_deltas);
  return out;
}

}  // namespace clslab
