// The attention-SVM solver's edges: Start (checks, degenerate constraints, the starting
// point or a warm start, the first certificate) and Solution (the certified answer in the
// public form); SolveAttentionSvm is Start then Run until done. The sweeps are in
// svm_solver.cpp.
//
// Legend: V vocabulary, d width, K constraints, z_k = E_winner - E_loser.
#include <algorithm>
#include <cmath>
#include <string>

#include "must_beat_graph.h"
#include "svm_state.h"

namespace clslab {
namespace {

// The hard margin is infeasible when two constraints' tokens share a strongly connected
// component of the "must beat" graph (summing the constraints around a cycle gives 0 >= 1).
int64_t ConstraintsOnCycles(const MarginConstraints& constraints, int32_t vocab_size) {
  const Graph graph = BuildGraph(constraints, vocab_size);
  int32_t components = 0;
  const std::vector<int32_t> component = StronglyConnectedComponents(graph, &components);
  int64_t cyclic = 0;
  for (int64_t k = 0; k < constraints.size(); ++k) {
    cyclic += component[constraints.winner[k]] == component[constraints.loser[k]];
  }
  return cyclic;
}

// The cold soft-margin start sweeps first over 1/kFirstActiveShare of the constraints (at
// least kFirstActiveAtLeast). Measured (25,000 real-length reviews at d = 1024, and the
// IMDB-shaped set at d = 64): shares 1/8 to 1/128 all within 30% of each other, 1/32 best.
constexpr int64_t kFirstActiveShare = 32;
constexpr int64_t kFirstActiveAtLeast = 1000;

}  // namespace

Result<std::unique_ptr<SvmSolver>> SvmSolver::Start(const RowMatrixXf& E,
                                                    const MarginConstraints& constraints,
                                                    const SvmOptions& options,
                                                    const std::vector<float>* warm_start) {
  using Out = Result<std::unique_ptr<SvmSolver>>;
  const int64_t K = constraints.size();
  const int32_t vocab_size = static_cast<int32_t>(E.rows()), d = static_cast<int32_t>(E.cols());
  if (constraints.loser.size() != constraints.winner.size()) {
    return Out::Failure("att-SVM: winner and loser lists differ in length");
  }
  for (int64_t k = 0; k < K; ++k) {
    if (constraints.winner[k] < 0 || constraints.winner[k] >= vocab_size ||
        constraints.loser[k] < 0 || constraints.loser[k] >= vocab_size) {
      return Out::Failure("att-SVM: constraint " + std::to_string(k) +
                          " names a token outside the embedding table");
    }
  }
  if (!(options.tolerance > 0) || options.max_epochs < 1 ||
      (!options.hard_margin && !(options.C > 0 && std::isfinite(options.C)))) {
    return Out::Failure("att-SVM: need tolerance > 0, max_epochs >= 1 and a finite C > 0");
  }
  if (!(options.over_relaxation > 0 && options.over_relaxation < 2)) {
    return Out::Failure("att-SVM: the over-relaxation factor must lie in (0, 2)");
  }
  if (warm_start && static_cast<int64_t>(warm_start->size()) != K) {
    return Out::Failure("att-SVM: the warm start has " + std::to_string(warm_start->size()) +
                        " weights for " + std::to_string(K) +
                        " constraints; solve again without it");
  }
  const bool hard = options.hard_margin;
  if (hard && K > 0) {
    const int64_t cyclic = ConstraintsOnCycles(constraints, vocab_size);
    if (cyclic > 0) {
      return Out::Failure("hard-margin att-SVM is infeasible: " + std::to_string(cyclic) +
                          " constraints lie on cycles (a must beat b and b must beat a); "
                          "use the soft margin");
    }
  }

  auto st = std::make_unique<State>();
  st->E = &E;
  st->options = options;
  st->upper = hard ? kInfinity : options.C;
  st->relaxation = hard ? options.over_relaxation : 1.0;
  st->rng = Rng(options.seed);
  st->records.resize(K);
  std::vector<uint8_t> used(vocab_size, 0);  // V
  for (int64_t k = 0; k < K; ++k) used[constraints.winner[k]] = used[constraints.loser[k]] = 1;
  for (int32_t s = 0; s < vocab_size; ++s) {
    if (used[s]) st->tokens.push_back(s);
  }
  for (int64_t k = 0; k < K; ++k) {
    Coordinate& r = st->records[k];
    r = {0.0, constraints.winner[k], constraints.loser[k], kUnknownCurvature,
         static_cast<int32_t>(k)};
    // Soft margin: a z_k = 0 is found on its first visit (its curvature) and set to C.
    if (hard && SameRow(E.row(r.winner).data(), E.row(r.loser).data(), d)) {
      return Out::Failure("hard-margin att-SVM is infeasible: tokens " + std::to_string(r.winner) +
                          " and " + std::to_string(r.loser) +
                          " have identical embeddings but one must beat the other");
    }
  }

  // Starting point. Warm: the given lambda, clipped into the box (dual feasible).
  // Hard margin, cold: the best point of the ray lambda = t 1 (an exact dual line search).
  // Soft margin, cold: lambda = 0 (p = 0), where every constraint is violated; the first
  // sweeps run on a random share of them only (liblinear's shrinking would drop the rest
  // one dot product at a time), and the first checkpoint brings back whatever the p they
  // find leaves violated. On real reviews almost every constraint ends satisfied at 0, so
  // the checkpoint brings back few; the IMDB-shaped set, with most constraints at C, costs
  // about what a full first sweep would.
  for (Coordinate& r : st->records) {
    if (warm_start) {
      const double w = (*warm_start)[r.original];
      r.lambda = std::isfinite(w) ? std::min(st->upper, std::max(0.0, w)) : 0.0;
    } else {
      r.lambda = hard ? 1.0 : 0.0;
    }
  }
  if (hard && !warm_start && K > 0) {
    RebuildP(E, st->records, &st->scratch, &st->p);  // sum_k z_k
    double norm2 = 0;
    for (double x : st->p) norm2 += x * x;
    const double t = norm2 > 0 ? static_cast<double>(K) / norm2 : 0.0;
    for (Coordinate& r : st->records) r.lambda = t;
  }
  st->first_share = !hard && !warm_start && options.shrinking
                        ? std::max<int64_t>(kFirstActiveAtLeast, K / kFirstActiveShare)
                        : K;
  // The first checkpoint (O(V d + K)) is left to the first Run, so that Start stays O(K)
  // with small constants (plus O(V + K) for the hard margin's cycle test).
  st->progress.done = st->progress.converged = K == 0;
  if (K == 0) st->progress.gap = 0;
  return Out::Success(std::unique_ptr<SvmSolver>(new SvmSolver(std::move(st))));
}

SvmSolution SvmSolver::Solution() const {
  const State& st = *state_;
  const RowMatrixXf& E = *st.E;
  const int64_t K = static_cast<int64_t>(st.records.size());
  std::vector<double> scores, p;  // V and d
  RebuildP(E, st.records, &scores, &p);
  ScoreTokens(E, p, st.tokens, &scores);
  CertificateSums sums;
  for (const Coordinate& r : st.records) sums.Add(scores[r.winner] - scores[r.loser], r.lambda);
  double norm2 = 0;
  for (double x : p) norm2 += x * x;
  const Certificate c = sums.Finish(0.5 * norm2, st.options.C, st.options.hard_margin);

  SvmSolution out;
  // Hard margin: report p / min_margin (and lambda likewise), the feasible point on the ray.
  const double scale = st.options.hard_margin && K > 0 && c.min_margin > 0 ? c.scale : 1.0;
  out.p.resize(static_cast<Eigen::Index>(p.size()));
  for (size_t j = 0; j < p.size(); ++j) out.p[j] = static_cast<float>(scale * p[j]);
  out.lambda.resize(K);
  for (const Coordinate& r : st.records) {
    out.lambda[r.original] = static_cast<float>(scale * r.lambda);
  }
  out.norm = out.p.cast<double>().norm();
  out.primal = K == 0 ? 0 : c.primal;
  out.dual = K == 0 ? 0 : c.dual;
  out.gap = K == 0 ? 0 : c.gap;
  out.converged = st.progress.converged;
  out.epochs = st.progress.epochs;
  out.updates = st.progress.updates;
  for (const Coordinate& r : st.records) {
    out.degenerate += SameRow(E.row(r.winner).data(), E.row(r.loser).data(), E.cols());
  }
  // Margins of the solution (scaled as reported), in double. Not of the float output: a
  // float p moves each margin by up to 2^-24 sum_j |p_j z_kj|, which at ||p|| ~ 40 and
  // rows of norm ~5 (sigma 1, eta 1000) is ~1e-5, so a hard margin would read as violated
  // by its own rounding (measured: 1 - 1.03e-6 on a 1,199-constraint solve).
  out.min_margin = K == 0 ? 0 : kInfinity;
  for (const Coordinate& r : st.records) {
    const double m = scale * (scores[r.winner] - scores[r.loser]);
    out.min_margin = std::min(out.min_margin, m);
    out.violated += m < 1 - 1e-6;
  }
  return out;
}

Result<SvmSolution> SolveAttentionSvm(const RowMatrixXf& E, const MarginConstraints& constraints,
                                      const SvmOptions& options) {
  Result<std::unique_ptr<SvmSolver>> solver = SvmSolver::Start(E, constraints, options);
  if (!solver.ok()) return Result<SvmSolution>::Failure(solver.status.message());
  while (!solver.value->progress().done) {
    solver.value->Run(std::numeric_limits<int64_t>::max() / 2);
  }
  return Result<SvmSolution>::Success(solver.value->Solution());
}

}  // namespace clslab
