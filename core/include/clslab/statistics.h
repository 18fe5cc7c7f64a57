// Token statistics of THEORY.md (count, alpha, Delta) and the small fits the app reports
// on them: least-squares lines (one-step alignment), Spearman correlation and the U-shape
// summary of Figure 1. Pure functions of their inputs; no model, no training.
//
// Legend: n non-empty reviews, T_i tokens in review i, N = sum_i T_i, V vocabulary size.
#pragma once

#include <cstdint>
#include <vector>

#include "clslab/corpus.h"

namespace clslab {

struct TokenStatistics {
  std::vector<int64_t> count;  // V, occurrences of token s in the corpus
  std::vector<double> alpha;   // V, alpha_s = (1/n) sum_i y_i n_s(X_i) / T_i
  std::vector<double> delta;   // V, Delta_s = P(y=+1|s) - P(y=-1|s) over occurrences; 0 if unseen
};

// One O(N + V) pass. Empty reviews are skipped: they count neither in n nor anywhere else.
TokenStatistics ComputeTokenStatistics(const Corpus& corpus);

// Standard deviation of alpha_s over the tokens with count > 0 (those Result 1's fit uses):
// the spread the step on E writes into v.E_s, in units of 2 / eta. 0 for fewer than 2.
double AlphaSpread(const TokenStatistics& statistics);

struct LinearFit {
  double slope = 0;
  double intercept = 0;
  double r_squared = 0;  // 1 - SS_res / SS_tot; 0 when y has no variance
  int64_t points = 0;    // pairs used: min(x.size(), y.size())
};

// Least squares y ~ slope x + intercept with centered (two-pass) sums. Degenerate input
// (fewer than 2 points, or x constant) gives slope 0, intercept mean(y), r_squared 0.
LinearFit FitLine(const std::vector<double>& x, const std::vector<double>& y);

// Spearman rank correlation with average ranks for ties, over the first min(|x|, |y|)
// pairs. 0 when fewer than 2 points or either side is constant (never NaN).
double SpearmanCorrelation(const std::vector<double>& x, const std::vector<double>& y);

struct UShape {
  double u_score = 0;       // Spearman(p.E_s, |Delta_s|)
  double signed_score = 0;  // Spearman(p.E_s, Delta_s): near 0 for a U, 1 for monotone
  double contrast = 0;      // U-contrast of THEORY.md, in units of std(p.E_s)
  int32_t tokens = 0;       // tokens used: count >= min_count, s != skip_token
};

// Figure 1 reads the tokens seen this often in train (fewer occurrences: Delta_s is noise).
constexpr int64_t kUShapeMinCount = 20;

// U-shape summary of Figure 1. U-contrast = (mean p.E_s over the 10% most polarized tokens
// by |Delta_s| - mean over the 50% least polarized) / std(p.E_s) over the tokens used;
// each group holds at least one token; ties in |Delta_s| are broken by token id so the
// groups are deterministic. All three scores are 0 with fewer than 2 tokens.
UShape ComputeUShape(const std::vector<float>& attention /* V, p.E_s */,
                     const TokenStatistics& statistics, int64_t min_count = kUShapeMinCount,
                     int32_t skip_token = 0 /* <unk>, excluded */);

}  // namespace clslab
