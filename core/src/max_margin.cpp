// Attention-SVM: constraints from selected sets, cycle analysis of the "must beat" graph
// (the graph itself is in must_beat_graph.cpp), and the dual coordinate descent solver.
// z_k = E_winner - E_loser is never materialized.
//
// Legend: n reviews, V vocabulary size, d embedding width, K constraints.
#include "clslab/max_margin.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "clslab/rng.h"
#include "must_beat_graph.h"

namespace clslab {

MarginConstraints BuildConstraints(const Corpus& corpus, const SelectedSets& sets) {
  MarginConstraints out;
  std::vector<int32_t> selected(corpus.vocab_size, 0);  // V, = i + 1 iff s in S_i
  std::vector<int32_t> seen(corpus.vocab_size, 0);      // V, = i + 1 once s visited in X_i
  std::vector<uint64_t> keys;  // review_constraints, winner << 32 | loser, before dedup
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    const size_t keys_before = keys.size();
    const int32_t set_begin = sets.offsets[i], set_end = sets.offsets[i + 1];
    for (int32_t k = set_begin; k < set_end; ++k) selected[sets.token_ids[k]] = i + 1;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      if (selected[s] == i + 1 || seen[s] == i + 1) continue;
      seen[s] = i + 1;
      for (int32_t k = set_begin; k < set_end; ++k) {
        keys.push_back(static_cast<uint64_t>(sets.token_ids[k]) << 32 | static_cast<uint32_t>(s));
      }
    }
    out.constraint_reviews += keys.size() > keys_before;
  }
  out.review_constraints = static_cast<int64_t>(keys.size());
  // Sorting makes the order deterministic and turns dedup + counting into one scan.
  std::sort(keys.begin(), keys.end());
  for (size_t k = 0; k < keys.size();) {
    size_t end = k + 1;
    while (end < keys.size() && keys[end] == keys[k]) ++end;
    out.winner.push_back(static_cast<int32_t>(keys[k] >> 32));
    out.loser.push_back(static_cast<int32_t>(keys[k] & 0xffffffffu));
    out.reviews.push_back(static_cast<int32_t>(end - k));
    k = end;
  }
  return out;
}

CycleReport FindCycles(const MarginConstraints& constraints, const Corpus& corpus,
                       const SelectedSets& sets, int32_t vocab_size, int32_t max_examples) {
  CycleReport report;
  const Graph graph = BuildGraph(constraints, vocab_size);
  int32_t components = 0;
  const std::vector<int32_t> component = StronglyConnectedComponents(graph, &components);
  for (int64_t k = 0; k < constraints.size(); ++k) {
    const int32_t a = constraints.winner[k], b = constraints.loser[k];
    if (a < 0 || a >= vocab_size || b < 0 || b >= vocab_size) continue;
    report.constraints_in_cycles += component[a] == component[b];
  }
  report.acyclic = report.constraints_in_cycles == 0;
  if (report.acyclic) return report;

  // A review is in a cycle when one of its pairs (s*, s) has both ends in one SCC: mark S_i
  // and the components of S_i, then test each other token of X_i in O(1).
  std::vector<int32_t> marked(components, 0);    // components, = i + 1 iff a comp. of S_i
  std::vector<int32_t> selected(vocab_size, 0);  // V, = i + 1 iff s in S_i
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      const int32_t s = sets.token_ids[k];
      if (s < 0 || s >= vocab_size) continue;
      selected[s] = i + 1;
      marked[component[s]] = i + 1;
    }
    bool in_cycle = false;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i) && !in_cycle; ++t) {
      const int32_t s = corpus.token_ids[t];
      if (s < 0 || s >= vocab_size) continue;
      in_cycle = selected[s] != i + 1 && marked[component[s]] == i + 1;
    }
    report.reviews_in_cycles += in_cycle;
  }

  // Members of each non-trivial SCC in ascending token id: round r takes the r-th member of
  // every SCC as BFS root, so the first examples come from different SCCs.
  std::vector<int32_t> size(components, 0);  // components
  for (int32_t u = 0; u < vocab_size; ++u) ++size[component[u]];
  std::vector<std::vector<int32_t>> members;
  std::vector<int32_t> slot(components, -1);  // components, index into members
  for (int32_t u = 0; u < vocab_size; ++u) {
    if (size[component[u]] < 2) continue;
    if (slot[component[u]] == -1) {
      slot[component[u]] = static_cast<int32_t>(members.size());
      members.emplace_back();
    }
    members[slot[component[u]]].push_back(u);
  }
  std::vector<int32_t> parent(vocab_size);  // V, BFS scratch
  int32_t attempts = 0;                     // bounds the BFS work at O(4 max_examples K)
  for (size_t round = 0; attempts < 4 * max_examples; ++round) {
    bool any = false;
    for (const std::vector<int32_t>& scc : members) {
      if (round >= scc.size() ||
          static_cast<int32_t>(report.example_cycles.size()) >= max_examples ||
          attempts >= 4 * max_examples) {
        continue;
      }
      any = true;
      ++attempts;
      std::vector<int32_t> cycle = ShortestCycleThrough(graph, component, scc[round], &parent);
      if (cycle.empty()) continue;
      // Canonical rotation (smallest id first) so the same cycle is not reported twice.
      std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
      if (std::find(report.example_cycles.begin(), report.example_cycles.end(), cycle) ==
          report.example_cycles.end()) {
        report.example_cycles.push_back(std::move(cycle));
      }
    }
    if (!any) break;
  }
  return report;
}

namespace {

// Duality certificate of the current iterate. p (d) must equal sum_k lambda_k z_k.
struct Certificate {
  double primal, dual, gap, min_margin, scale;  // scale: hard margin p -> p / min_margin
};

// O(V d + K): p.z_k = p.E_a - p.E_b from the V token scores, never K dot products.
Certificate Certify(const RowMatrixXf& E, const MarginConstraints& constraints,
                    const std::vector<double>& lambda, const Eigen::VectorXd& p, double C,
                    bool hard_margin, std::vector<double>* scores /* V */,
                    std::vector<double>* margins /* K */) {
  for (Eigen::Index s = 0; s < E.rows(); ++s) (*scores)[s] = E.row(s).cast<double>().dot(p);
  double hinge = 0, sum_lambda = 0;
  double min_margin = std::numeric_limits<double>::infinity();
  for (int64_t k = 0; k < constraints.size(); ++k) {
    const double m = (*scores)[constraints.winner[k]] - (*scores)[constraints.loser[k]];
    (*margins)[k] = m;
    min_margin = std::min(min_margin, m);
    hinge += std::max(0.0, 1.0 - m);
    sum_lambda += lambda[k];
  }
  const double half_norm = 0.5 * p.squaredNorm();
  Certificate c{0, sum_lambda - half_norm, 0, min_margin, 1.0};
  if (!hard_margin) {
    c.primal = half_norm + C * hinge;
    c.gap = (c.primal - c.dual) / std::max(std::abs(c.primal), 1e-300);
  } else if (min_margin > 0) {
    // p / min_margin is feasible with objective half_norm / min_margin^2: an upper bound on
    // the optimum, as the dual value is a lower bound (weak duality).
    c.scale = 1.0 / min_margin;
    c.primal = half_norm * c.scale * c.scale;
    c.gap = (c.primal - c.dual) / std::max(c.primal, 1e-300);
  } else {
    c.primal = c.gap = std::numeric_limits<double>::infinity();  // no feasible point yet
  }
  return c;
}

Eigen::VectorXd Reassemble(const RowMatrixXf& E, const MarginConstraints& constraints,
                           const std::vector<double>& lambda) {
  Eigen::VectorXd p = Eigen::VectorXd::Zero(E.cols());  // d
  for (int64_t k = 0; k < constraints.size(); ++k) {
    if (lambda[k] == 0) continue;
    // Difference in double: a float difference would round z_k and break p = sum lambda z.
    p += lambda[k] *
         (E.row(constraints.winner[k]).cast<double>() - E.row(constraints.loser[k]).cast<double>())
             .transpose();
  }
  return p;
}

}  // namespace

Result<SvmSolution> SolveAttentionSvm(const RowMatrixXf& E, const MarginConstraints& constraints,
                                      const SvmOptions& options) {
  using Out = Result<SvmSolution>;
  const int64_t K = constraints.size();
  const int32_t vocab_size = static_cast<int32_t>(E.rows());
  const Eigen::Index d = E.cols();
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
  const bool hard = options.hard_margin;
  const double upper = hard ? std::numeric_limits<double>::infinity() : options.C;
  if (hard && K > 0) {
    const Graph graph = BuildGraph(constraints, vocab_size);
    int32_t components = 0;
    const std::vector<int32_t> component = StronglyConnectedComponents(graph, &components);
    int64_t cyclic = 0;
    for (int64_t k = 0; k < K; ++k) {
      cyclic += component[constraints.winner[k]] == component[constraints.loser[k]];
    }
    if (cyclic > 0) {
      return Out::Failure("hard-margin att-SVM is infeasible: " + std::to_string(cyclic) +
                          " constraints lie on cycles (a must beat b and b must beat a); "
                          "use the soft margin");
    }
  }

  // ||z_k||^2 once per constraint; z_k = 0 cannot be satisfied (p.z_k = 0 < 1).
  std::vector<double> curvature(K);    // K
  std::vector<double> lambda(K, 0.0);  // K, dual weights in [0, upper]
  std::vector<int32_t> degenerate_list;
  for (int64_t k = 0; k < K; ++k) {
    curvature[k] =
        (E.row(constraints.winner[k]).cast<double>() - E.row(constraints.loser[k]).cast<double>())
            .squaredNorm();
    if (curvature[k] > 0) continue;
    if (hard) {
      return Out::Failure("hard-margin att-SVM is infeasible: tokens " +
                          std::to_string(constraints.winner[k]) + " and " +
                          std::to_string(constraints.loser[k]) +
                          " have identical embeddings but one must beat the other");
    }
    lambda[k] = options.C;  // optimal and fixed: z_k = 0 leaves p alone, the hinge pays C
    degenerate_list.push_back(static_cast<int32_t>(k));
  }

  SvmSolution out;
  out.degenerate = static_cast<int64_t>(degenerate_list.size());
  Eigen::VectorXd p = Eigen::VectorXd::Zero(d);  // d, = sum_k lambda_k z_k
  std::vector<double> scores(vocab_size);        // V, p.E_s
  std::vector<double> margins(K);                // K, p.z_k
  std::vector<int32_t> active;                   // constraints swept this epoch
  active.reserve(K);
  // Starting point. Soft margin: lambda = C. When K >> d the z_k largely cancel and most
  // lambda_k end at C; from 0, steps of (1 - m_k) / ||z_k||^2 would need about C ||z||^2
  // epochs to lift them (measured: 6x to 5x fewer seconds at C = 1 to 100). Where the
  // constraints hold, the first sweep drops those lambda_k back to 0 in one step each.
  // Hard margin: the best point of the ray lambda = t 1 (an exact dual line search).
  if (K > out.degenerate) {
    for (int64_t k = 0; k < K; ++k) lambda[k] = curvature[k] > 0 ? 1.0 : 0.0;
    const Eigen::VectorXd direction = Reassemble(E, constraints, lambda);  // d, sum_k z_k
    const double count = static_cast<double>(K - out.degenerate);
    const double t =
        hard ? (direction.squaredNorm() > 0 ? count / direction.squaredNorm() : 0.0) : options.C;
    for (int64_t k = 0; k < K; ++k) lambda[k] = curvature[k] > 0 ? t : options.C;
    p = Reassemble(E, constraints, lambda);
  }
  Rng rng(options.seed);
  Certificate c = Certify(E, constraints, lambda, p, options.C, hard, &scores, &margins);
  bool converged = K == 0;
  while (!converged && out.epochs < options.max_epochs) {
    ++out.epochs;
    // Shrinking: a coordinate whose projected gradient is zero at the sweep start (lambda
    // at 0 with margin >= 1, or at C with margin <= 1) would not move; skip it this epoch.
    // Convergence is judged on all K by the certificate, so this only affects speed.
    active.clear();
    for (int64_t k = 0; k < K; ++k) {
      if (curvature[k] == 0) continue;
      if ((lambda[k] == 0 && margins[k] >= 1) || (lambda[k] == upper && margins[k] <= 1)) continue;
      active.push_back(static_cast<int32_t>(k));
    }
    for (size_t k = active.size(); k > 1; --k) std::swap(active[k - 1], active[rng.Below(k)]);
    for (const int32_t k : active) {
      const float* a = E.row(constraints.winner[k]).data();  // d
      const float* b = E.row(constraints.loser[k]).data();   // d
      // Four partial sums: a single double accumulator serializes on the add latency
      // (strict IEEE order forbids the compiler to reassociate it).
      double partial[4] = {0, 0, 0, 0};
      Eigen::Index j = 0;
      for (; j + 4 <= d; j += 4) {
        for (int r = 0; r < 4; ++r)
          partial[r] += p[j + r] * (static_cast<double>(a[j + r]) - b[j + r]);
      }
      for (; j < d; ++j) partial[0] += p[j] * (static_cast<double>(a[j]) - b[j]);
      const double margin = (partial[0] + partial[1]) + (partial[2] + partial[3]);
      // Exact minimization of the dual along coordinate k, projected on [0, upper].
      const double next = std::min(upper, std::max(0.0, lambda[k] - (margin - 1) / curvature[k]));
      const double step = next - lambda[k];
      if (step == 0) continue;
      lambda[k] = next;
      for (Eigen::Index j = 0; j < d; ++j) p[j] += step * (static_cast<double>(a[j]) - b[j]);
    }
    // Incremental updates drift: rebuild p from lambda now and then, and before stopping.
    if (out.epochs % 50 == 0) p = Reassemble(E, constraints, lambda);
    c = Certify(E, constraints, lambda, p, options.C, hard, &scores, &margins);
    if (c.gap <= options.tolerance) {
      p = Reassemble(E, constraints, lambda);
      c = Certify(E, constraints, lambda, p, options.C, hard, &scores, &margins);
      converged = c.gap <= options.tolerance;
    }
  }

  // Hard margin: report p / min_margin (and lambda likewise), the feasible point on the ray.
  const double scale = hard && K > 0 && c.min_margin > 0 ? c.scale : 1.0;
  out.p = (scale * p).cast<float>();
  out.lambda.resize(K);
  for (int64_t k = 0; k < K; ++k) out.lambda[k] = static_cast<float>(scale * lambda[k]);
  out.norm = out.p.cast<double>().norm();
  out.primal = K == 0 ? 0 : c.primal;
  out.dual = K == 0 ? 0 : c.dual;
  out.gap = K == 0 ? 0 : c.gap;
  out.converged = converged;
  // Margins of the float output, as a user of p will see them.
  const Eigen::VectorXd p_out = out.p.cast<double>();  // d
  for (int32_t s = 0; s < vocab_size; ++s) scores[s] = E.row(s).cast<double>().dot(p_out);
  out.min_margin = K == 0 ? 0 : std::numeric_limits<double>::infinity();
  for (int64_t k = 0; k < K; ++k) {
    const double m = scores[constraints.winner[k]] - scores[constraints.loser[k]];
    out.min_margin = std::min(out.min_margin, m);
    out.violated += m < 1 - 1e-6;
  }
  return Out::Success(std::move(out));
}

}  // namespace clslab
