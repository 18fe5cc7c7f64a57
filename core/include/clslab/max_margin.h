// The attention-SVM of THEORY.md Result 2: its constraints (as token index pairs), the
// cycles that make the hard-margin problem infeasible, and a dual coordinate descent
// solver for  min 1/2 ||p||^2 (+ C sum_k xi_k)  s.t.  p.z_k >= 1 (- xi_k).
// Not the gradient flow on p (the trainer's job); this gives its limit direction p_mm.
//
// Legend: n reviews, V vocabulary size, d embedding width, K constraints,
//         constraint k: z_k = E_{winner[k]} - E_{loser[k]} (never materialized).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/model.h"
#include "clslab/selection.h"
#include "clslab/status.h"

namespace clslab {

// Pair k means p.(E_{winner[k]} - E_{loser[k]}) >= 1. Pairs are unique and sorted by
// (winner, loser); one pair stands for every review that produced it.
struct MarginConstraints {
  std::vector<int32_t> winner;     // K, a selected token s* of some review
  std::vector<int32_t> loser;      // K, a token of the same review not in its selected set
  std::vector<int32_t> reviews;    // K, how many reviews produced pair k
  int64_t review_constraints = 0;  // before dedup: sum_i |S_i| |distinct X_i \ S_i|
  int64_t constraint_reviews = 0;  // reviews producing at least one pair (n minus the reviews
                                   // whose distinct tokens are all selected)
  int64_t size() const { return static_cast<int64_t>(winner.size()); }
};

// For every review i, every s* in S_i, every distinct s in X_i \ S_i: the pair (s*, s).
MarginConstraints BuildConstraints(const Corpus& corpus, const SelectedSets& sets);

// The "must beat" graph has an edge winner -> loser per constraint. Summing the constraints
// around a cycle gives 0 >= (cycle length), so any cycle makes the hard margin infeasible;
// with d >= V and independent rows of E, acyclic is also sufficient.
struct CycleReport {
  bool acyclic = true;
  int64_t constraints_in_cycles = 0;  // pairs whose two ends share a strongly connected comp.
  int64_t reviews_in_cycles = 0;      // reviews producing at least one such pair
  std::vector<std::vector<int32_t>> example_cycles;  // token ids a -> b -> ... (back to a)
};

// Iterative Tarjan SCC, O(V + K); example cycles are shortest cycles through a root found
// by BFS inside an SCC (one per SCC first, then more roots), at most max_examples.
// Constraints with ids outside [0, vocab_size) are ignored.
CycleReport FindCycles(const MarginConstraints& constraints, const Corpus& corpus,
                       const SelectedSets& sets, int32_t vocab_size, int32_t max_examples = 5);

struct SvmOptions {
  double C = 1.0;            // hinge weight (soft margin); ignored when hard_margin
  bool hard_margin = false;  // C = +infinity
  double tolerance = 1e-4;   // stop at relative duality gap <= tolerance
  int32_t max_epochs = 1000;
  uint64_t seed = 1;  // order of the coordinate sweeps
};

struct SvmSolution {
  Eigen::VectorXf p;          // d; hard margin: rescaled so min_k p.z_k = 1 (feasible)
  std::vector<float> lambda;  // K, dual weights with p = sum_k lambda_k z_k, in [0, C]
  double norm = 0;            // ||p||
  double primal = 0;          // 1/2||p||^2 (+ C sum_k max(0, 1 - p.z_k) for soft margin)
  double dual = 0;            // sum_k lambda_k - 1/2 ||sum_k lambda_k z_k||^2 <= optimum
  double gap = 0;             // (primal - dual) / |primal|; +inf when no bound is available
  int64_t violated = 0;       // constraints with p.z_k < 1 - 1e-6
  int64_t degenerate = 0;     // constraints with z_k = 0 (soft margin: pay C, skipped)
  double min_margin = 0;      // min_k p.z_k (0 when K = 0)
  bool converged = false;
  int32_t epochs = 0;
};

// Dual coordinate descent (Hsieh et al. 2008, L1-loss linear SVM without bias). Fails with
// a message for invalid shapes/options and for a hard margin that is provably infeasible
// (a cycle in the constraints, or z_k = 0); a hard margin that does not reach the gap in
// max_epochs returns converged = false.
Result<SvmSolution> SolveAttentionSvm(const RowMatrixXf& E /* V x d */,
                                      const MarginConstraints& constraints,
                                      const SvmOptions& options);

}  // namespace clslab
