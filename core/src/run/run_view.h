// What the run's jobs (max_margin_job.h, local_svm_job.h, metrics_job.h) read of the run
// they work for, and the small helpers they share. A job owns its own state and nothing
// else: the settings, the data and the weights belong to the Experiment, which hands a
// job this view for one call (never kept). Internal to core (not installed).
// Legend: V vocabulary, d width.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "../model_kernels.h"
#include "clslab/config.h"
#include "clslab/dataset.h"
#include "clslab/statistics.h"
#include "clslab/trainer.h"
#include "work_units.h"

namespace clslab {

struct RunView {
  const RunConfig* config = nullptr;
  const Dataset* dataset = nullptr;
  const TokenStatistics* statistics = nullptr;  // of the train split
  const Trainer* trainer = nullptr;             // nullptr before a dataset loads
  // The step at which E last changed (1 after the paper's step on E, every joint step; 0
  // before any step): a solution of an older E is no longer current.
  int64_t embedding = 0;
  // Bumped by every change of the data, the settings or the weights: a p_mm solve under
  // way belongs to one, and the metrics of the weights are measured once per one.
  uint64_t run_version = 0;
  WorkSizes sizes;  // what a piece of work costs (work_units.h)

  const Weights& weights() const { return trainer->weights(); }
  bool paper() const { return config->protocol == Protocol::kPaper; }
  // The flow on p has begun (the paper protocol after its step on E).
  bool embeddings_stepped() const { return trainer && trainer->phase() != Phase::kInitialized; }
};

// Metrics promise finite numbers: a value that is not becomes 0 (its flag says n/a).
inline double Finite(double x) { return std::isfinite(x) ? x : 0.0; }

// cos(a, b) in double; 0 when either is 0 (p = 0 before the flow has moved).
inline double Cosine(const Eigen::VectorXf& a, const Eigen::VectorXf& b) {
  const double norms = a.cast<double>().norm() * b.cast<double>().norm();
  return norms > 0 ? Finite(a.cast<double>().dot(b.cast<double>()) / norms) : 0;
}

// 1 - cos(a, b) without cancellation: ||a/||a|| - b/||b|| ||^2 / 2 in double, which has
// digits where the cosine rounds to 1 (the unit vectors' difference is formed component by
// component; 1 - Cosine(a, b) has none below ~1e-16). Plain loops in one order, not Eigen's
// reductions: Eigen vectorizes double sums natively but not in wasm, and the metric is
// bit-identical in both (tests/web/drivers-agree.test.ts). 0 when either is 0.
inline double OneMinusCosine(const Eigen::VectorXf& a, const Eigen::VectorXf& b) {
  double aa = 0, bb = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    aa += static_cast<double>(a[i]) * a[i];
    bb += static_cast<double>(b[i]) * b[i];
  }
  if (!(aa > 0) || !(bb > 0)) return 0;
  const double na = std::sqrt(aa), nb = std::sqrt(bb);
  double gap = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const double d = a[i] / na - b[i] / nb;
    gap += d * d;
  }
  return Finite(gap / 2);
}

// q.E_s for every token s, row by row with the model's Dot (four float sums in a fixed
// order): vectorized in wasm (Eigen's matrix-vector product is scalar there) and the same
// bits natively and in wasm, so the token table's p_mm columns and Figure 1's U-score of
// p_mm rank the same scores (with Eigen's E * q they differed: 0.58597 against 0.58749).
inline std::vector<float> TokenScoresOf(const RowMatrixXf& E, const Eigen::VectorXf& q) {
  const int32_t d = static_cast<int32_t>(E.cols());
  std::vector<float> scores(E.rows());  // V
  for (Eigen::Index s = 0; s < E.rows(); ++s) scores[s] = Dot(E.row(s).data(), q.data(), d);
  return scores;
}

// MaxMarginProgress::estimate: parts done, and the running part's gap on a log scale from 1
// down to `tolerance` (no certificate yet: 0 of the part).
inline double SolveEstimate(int32_t part, int32_t parts, double gap, double tolerance) {
  const double g = gap > 0 ? gap : 1;
  const double within = tolerance > 0 && tolerance < 1
                            ? std::min(1.0, std::max(0.0, std::log(g) / std::log(tolerance)))
                            : 0.0;
  return parts > 0 ? std::min(1.0, (std::max(part, 1) - 1 + within) / parts) : 0.0;
}

}  // namespace clslab
