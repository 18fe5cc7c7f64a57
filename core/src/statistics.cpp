// Token statistics (count, alpha, Delta), line fits, Spearman and the U-shape summary.
// Every sum is accumulated in double; every degenerate case returns finite numbers.
//
// Legend: n non-empty reviews, T_i tokens in review i, N = sum_i T_i, V vocabulary size,
//         m tokens kept by a filter.
#include "clslab/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace clslab {

TokenStatistics ComputeTokenStatistics(const Corpus& corpus) {
  const int32_t vocab_size = corpus.vocab_size;
  TokenStatistics out;
  out.count.assign(vocab_size, 0);
  out.alpha.assign(vocab_size, 0.0);
  out.delta.assign(vocab_size, 0.0);
  std::vector<int64_t> positive(vocab_size, 0);  // V, occurrences in y = +1 reviews
  int64_t reviews = 0;
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    const int32_t length = corpus.Length(i);
    if (length == 0) continue;
    ++reviews;
    const bool is_positive = corpus.labels[i] > 0;
    // y_i / T_i, added once per occurrence: sums to y_i n_s(X_i) / T_i per token.
    const double weight = (is_positive ? 1.0 : -1.0) / length;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      ++out.count[s];
      positive[s] += is_positive;
      out.alpha[s] += weight;
    }
  }
  const double inverse_reviews = reviews > 0 ? 1.0 / static_cast<double>(reviews) : 0.0;
  for (int32_t s = 0; s < vocab_size; ++s) {
    out.alpha[s] *= inverse_reviews;
    if (out.count[s] > 0) {
      // (positive - negative) / count with negative = count - positive.
      out.delta[s] = static_cast<double>(2 * positive[s] - out.count[s]) / out.count[s];
    }
  }
  return out;
}

double AlphaSpread(const TokenStatistics& statistics) {
  double sum = 0, squares = 0, tokens = 0;
  for (size_t s = 0; s < statistics.alpha.size(); ++s) {
    if (statistics.count[s] == 0) continue;
    sum += statistics.alpha[s];
    squares += statistics.alpha[s] * statistics.alpha[s];
    ++tokens;
  }
  if (tokens < 2) return 0;
  const double mean = sum / tokens;
  return std::sqrt(std::max(0.0, squares / tokens - mean * mean));
}

namespace {

// Means of x[0..m) and y[0..m) and the sums of centered products. Centered: no
// cancellation of large means (the alignment scatter has values of size eta alpha that
// all share a common offset). m == 0 gives NaN means and zero sums.
struct Moments {
  double mean_x = 0, mean_y = 0;
  double xx = 0, xy = 0, yy = 0;  // sum of (x - mean_x)^2, (x - mean_x)(y - mean_y), ...
};

Moments CenteredMoments(const std::vector<double>& x, const std::vector<double>& y, size_t m) {
  Moments s;
  for (size_t k = 0; k < m; ++k) {
    s.mean_x += x[k];
    s.mean_y += y[k];
  }
  s.mean_x /= m;
  s.mean_y /= m;
  for (size_t k = 0; k < m; ++k) {
    const double dx = x[k] - s.mean_x, dy = y[k] - s.mean_y;
    s.xx += dx * dx;
    s.xy += dx * dy;
    s.yy += dy * dy;
  }
  return s;
}

}  // namespace

LinearFit FitLine(const std::vector<double>& x, const std::vector<double>& y) {
  LinearFit fit;
  const size_t m = std::min(x.size(), y.size());
  fit.points = static_cast<int64_t>(m);
  if (m == 0) return fit;
  const Moments s = CenteredMoments(x, y, m);
  fit.intercept = s.mean_y;
  if (m < 2 || !(s.xx > 0) || !std::isfinite(s.xx) || !std::isfinite(s.xy)) return fit;
  fit.slope = s.xy / s.xx;
  fit.intercept = s.mean_y - fit.slope * s.mean_x;
  if (s.yy > 0 && std::isfinite(s.yy)) {
    // R^2 = sxy^2 / (sxx syy) for a fit with intercept; clamp rounding to [0, 1].
    fit.r_squared = std::min(1.0, std::max(0.0, (s.xy / s.xx) * (s.xy / s.yy)));
  }
  return fit;
}

namespace {

// Average ranks (1-based) of values[0..m), ties share the mean of their positions.
std::vector<double> AverageRanks(const std::vector<double>& values, size_t m) {
  std::vector<int32_t> order(m);  // m, indices sorted by value
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int32_t a, int32_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(m);  // m
  size_t start = 0;
  while (start < m) {
    size_t end = start + 1;
    while (end < m && values[order[end]] == values[order[start]]) ++end;
    const double rank = 0.5 * static_cast<double>(start + end - 1) + 1.0;
    for (size_t k = start; k < end; ++k) ranks[order[k]] = rank;
    start = end;
  }
  return ranks;
}

double Pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const Moments s = CenteredMoments(x, y, x.size());
  if (!(s.xx > 0) || !(s.yy > 0)) return 0.0;
  return std::max(-1.0, std::min(1.0, s.xy / std::sqrt(s.xx * s.yy)));
}

}  // namespace

double SpearmanCorrelation(const std::vector<double>& x, const std::vector<double>& y) {
  const size_t m = std::min(x.size(), y.size());
  if (m < 2) return 0.0;
  return Pearson(AverageRanks(x, m), AverageRanks(y, m));
}

UShape ComputeUShape(const std::vector<float>& attention, const TokenStatistics& statistics,
                     int64_t min_count, int32_t skip_token) {
  UShape out;
  const size_t vocab_size = std::min(attention.size(), statistics.count.size());
  std::vector<int32_t> kept;  // m token ids passing the filter, ascending
  for (size_t s = 0; s < vocab_size; ++s) {
    if (static_cast<int32_t>(s) == skip_token || statistics.count[s] < min_count) continue;
    kept.push_back(static_cast<int32_t>(s));
  }
  const size_t m = kept.size();
  out.tokens = static_cast<int32_t>(m);
  if (m < 2) return out;

  std::vector<double> score(m), polarity(m), signed_delta(m);  // m each
  for (size_t k = 0; k < m; ++k) {
    score[k] = attention[kept[k]];
    signed_delta[k] = statistics.delta[kept[k]];
    polarity[k] = std::abs(signed_delta[k]);
  }
  out.u_score = SpearmanCorrelation(score, polarity);
  out.signed_score = SpearmanCorrelation(score, signed_delta);

  double mean = 0;
  for (double a : score) mean += a;
  mean /= m;
  double variance = 0;
  for (double a : score) variance += (a - mean) * (a - mean);
  const double deviation = std::sqrt(variance / m);
  if (!(deviation > 0) || !std::isfinite(deviation)) return out;

  // Most polarized first; equal |Delta| keeps ascending token id (stable sort of `kept`).
  std::vector<int32_t> order(m);  // m, indices into kept
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int32_t a, int32_t b) { return polarity[a] > polarity[b]; });
  const size_t top = std::max<size_t>(1, m / 10);
  const size_t bottom = std::max<size_t>(1, m / 2);
  double top_mean = 0, bottom_mean = 0;
  for (size_t k = 0; k < top; ++k) top_mean += score[order[k]];
  for (size_t k = m - bottom; k < m; ++k) bottom_mean += score[order[k]];
  out.contrast = (top_mean / top - bottom_mean / bottom) / deviation;
  return out;
}

}  // namespace clslab
