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
#include <limits>
#include <memory>
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
  // The structure that makes s* infeasible: the strongly connected components with two or
  // more tokens, the largest one's tokens (by reviews whose S_i holds them, most first), and
  // the reviews with some s* in S_i inside that component (no p selects s* in all of them:
  // around any cycle of the component some constraint fails).
  int32_t nontrivial_components = 0;
  std::vector<int32_t> largest_component;  // token ids
  int64_t reviews_in_largest = 0;
};

// Iterative Tarjan SCC, O(V + K + N); example cycles are shortest cycles through a root found
// by BFS inside an SCC (one per SCC first, then more roots), at most max_examples.
// Constraints with ids outside [0, vocab_size) are ignored.
CycleReport FindCycles(const MarginConstraints& constraints, const Corpus& corpus,
                       const SelectedSets& sets, int32_t vocab_size, int32_t max_examples = 5);

struct SvmOptions {
  double C = 1.0;             // hinge weight (soft margin); ignored when hard_margin
  bool hard_margin = false;   // C = +infinity
  double tolerance = 1e-4;    // stop at relative duality gap <= tolerance
  int32_t max_epochs = 1000;  // sweeps over the active set
  uint64_t seed = 1;          // order of the coordinate sweeps
  // liblinear's shrinking (SvmSolver). false: every sweep visits all K constraints (plain
  // dual coordinate descent, as in the tests that compare the two).
  bool shrinking = true;
  // The Gram phase (svm_state.h kGramMost): once few constraints are active (at most 768
  // and d / 4), the sweeps read their margins from a table of z_k.z_j instead of the rows
  // of E. false: never (as the tests that compare the two).
  bool gram = true;
  // The token phase (svm_state.h kTokenMost): once the active constraints are too many for
  // the Gram phase but name few tokens (at most 1,536 and d / 2), the sweeps read their
  // margins as differences of token scores p.E_a kept in a table of E_a.E_b. false: never.
  bool tokens = true;
  // Hard margin only: each coordinate moves this multiple of its exact step before the
  // clip to lambda >= 0 (successive over-relaxation, Mangasarian & Musicant 1999; the dual
  // objective still falls at each step for any factor in (0, 2)). The hard margin's dual is
  // ill-conditioned on real reviews (the flow's own selection on dvd took 6,600 sweeps);
  // measured at 1.8: 1.8-2x fewer sweeps (dvd 6,648 -> 3,536; the IMDB-shaped set's
  // local att-SVM 190 -> 129 s natively). 1: plain coordinate descent. The soft margin keeps 1
  // (over-relaxed, its sweeps rose: 37 -> 47 on dvd).
  double over_relaxation = 1.8;
};

struct SvmSolution {
  Eigen::VectorXf p;          // d; hard margin: rescaled so min_k p.z_k = 1 (feasible)
  std::vector<float> lambda;  // K, dual weights with p = sum_k lambda_k z_k, in [0, C]
  double norm = 0;            // ||p||
  double primal = 0;          // 1/2||p||^2 (+ C sum_k max(0, 1 - p.z_k) for soft margin)
  double dual = 0;            // sum_k lambda_k - 1/2 ||sum_k lambda_k z_k||^2 <= optimum
  double gap = 0;             // (primal - dual) / |primal|; +inf when no bound is available
  int64_t violated = 0;       // constraints with p.z_k < 1 - 1e-6 (p in double, unrounded)
  int64_t degenerate = 0;     // constraints with z_k = 0 (soft margin: pay C, skipped)
  double min_margin = 0;      // min_k p.z_k (0 when K = 0)
  bool converged = false;
  int32_t epochs = 0;
  int64_t updates = 0;  // coordinate updates done (see SvmSolver::Run)
};

// Where a solve stands after a call to SvmSolver::Run.
struct SvmProgress {
  int32_t epochs = 0;   // sweeps over the active set so far
  int64_t updates = 0;  // work so far, in coordinate updates (see SvmSolver::Run)
  int64_t active = 0;   // constraints in the active (not shrunk) set
  double gap = std::numeric_limits<double>::infinity();  // at the last certificate
  bool done = false;       // converged, or max_epochs sweeps without converging
  bool converged = false;  // gap <= tolerance, certified on all K constraints
  // The sweeps run in single precision (far from the optimum), false once they run in
  // double (svm_state.h kSingleGap); the certificate is in double either way.
  bool single_precision = true;
  bool gram = false;        // the sweeps run on the Gram table of the active constraints
  bool tokens = false;      // the sweeps run on the token table of the active constraints' tokens
  int32_t token_joins = 0;  // times tokens joined the token table (its first build included)
};

// Dual coordinate descent (Hsieh et al. 2008, L1-loss linear SVM without bias) with
// liblinear's shrinking, run in slices: Start validates and sets up, each Run(budget) does
// at most about `budget` coordinate updates and returns, and the next Run continues exactly
// where the last stopped (the result does not depend on how the work was sliced). A caller
// that wants to stop simply stops calling Run; Solution() is valid at any time.
// E and constraints are read, not copied: both must outlive the solver, unchanged.
class SvmSolver {
 public:
  // Fails with a message for invalid shapes/options, for a warm start whose size is not K,
  // and for a hard margin that is provably infeasible (a cycle in the constraints, or
  // z_k = 0). warm_start (K, optional): a previous lambda for the same constraints (for
  // example at another C, or on a slightly moved E), clipped to [0, C]; any such lambda is
  // dual feasible, so it only changes where the descent starts (hard margin: [0, inf)).
  static Result<std::unique_ptr<SvmSolver>> Start(const RowMatrixXf& E /* V x d */,
                                                  const MarginConstraints& constraints,
                                                  const SvmOptions& options,
                                                  const std::vector<float>* warm_start = nullptr);
  ~SvmSolver();
  SvmSolver(const SvmSolver&) = delete;
  SvmSolver& operator=(const SvmSolver&) = delete;

  // Work units: one unit is one coordinate update (two rows of E read, O(d)); a checkpoint
  // (the gap certified on all K constraints, O(V d + K)) is charged V / 2 + 4 K / d + 1
  // units, about what it costs in updates, and as much again when it rebuilds p from lambda
  // (always in single precision; in double to confirm convergence). The Gram phase's table
  // (SvmOptions::gram) is built a block of 256 columns of E at a time, each charged its
  // share of G^2 / 8 units for G active constraints (at most 768: 4.5 MiB of doubles);
  // the token phase's table (SvmOptions::tokens) likewise, n new of U tokens charged
  // n (U - n / 2) / 4 units in all (at most 1,536 tokens: 18 MiB of doubles). An update on
  // either table is charged one unit, as one on the rows of E, though it costs less.
  // Returns once the budget is spent (overshooting by at most one checkpoint or one such
  // block, which cannot be split) or when done.
  // Run(0) only reports. Calibrate the budget by timing a call: the time per unit is roughly
  // constant for one problem.
  SvmProgress Run(int64_t max_coordinate_updates);
  const SvmProgress& progress() const;
  // The current iterate, certified on all K constraints: the final answer once
  // progress().done, a usable approximation (with its own gap) before. O(V d + K).
  SvmSolution Solution() const;

 private:
  struct State;
  explicit SvmSolver(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Start, then Run until done; the solution. Fails as SvmSolver::Start does; a hard margin
// that does not reach the gap in max_epochs returns converged = false.
Result<SvmSolution> SolveAttentionSvm(const RowMatrixXf& E /* V x d */,
                                      const MarginConstraints& constraints,
                                      const SvmOptions& options);

}  // namespace clslab
