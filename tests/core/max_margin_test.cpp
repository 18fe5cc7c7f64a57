// Tests of the att-SVM: constraints (dedup), cycles (Tarjan, example cycles), and the dual
// coordinate descent solver against an independent exact solver (active-set enumeration),
// KKT conditions and duality gaps. Legend: V vocabulary, d width, K constraints.
#include "clslab/max_margin.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "clslab/rng.h"

namespace clslab {
namespace {

// ---- constraints and cycles ----

TEST(MaxMargin, ConstraintsAreDeduplicatedAcrossReviews) {
  Corpus corpus;
  corpus.vocab_size = 4;
  corpus.Add({1, 2, 3, 2}, 1);  // S = {1}: (1,2), (1,3)
  corpus.Add({1, 2, 3, 2}, 1);  // the same two pairs again
  corpus.Add({3, 2}, -1);       // S = {3}: (3,2)
  const std::vector<float> value{0.0f, 1.0f, 0.0f, -1.0f};
  const MarginConstraints c = BuildConstraints(corpus, ComputeSelectedSets(corpus, value));
  EXPECT_EQ(c.review_constraints, 5);
  EXPECT_EQ(c.constraint_reviews, 3);
  EXPECT_EQ(c.winner, (std::vector<int32_t>{1, 1, 3}));
  EXPECT_EQ(c.loser, (std::vector<int32_t>{2, 3, 2}));
  EXPECT_EQ(c.reviews, (std::vector<int32_t>{2, 2, 1}));
}

TEST(MaxMargin, TiedSelectedTokensEachGetTheirPairs) {
  Corpus corpus;
  corpus.vocab_size = 4;
  corpus.Add({1, 2, 3}, 1);
  const MarginConstraints c =
      BuildConstraints(corpus, ComputeSelectedSets(corpus, {0.0f, 1.0f, 1.0f, 0.0f}));
  EXPECT_EQ(c.winner, (std::vector<int32_t>{1, 2}));  // (1,3) and (2,3); no pair between 1, 2
  EXPECT_EQ(c.loser, (std::vector<int32_t>{3, 3}));
}

TEST(MaxMargin, AReviewOfSelectedTokensOnlyProducesNoConstraint) {
  Corpus corpus;
  corpus.vocab_size = 3;
  corpus.Add({1, 1}, 1);  // S = {1} and no other token: no pair
  corpus.Add({1, 2}, 1);  // (1,2)
  const MarginConstraints c =
      BuildConstraints(corpus, ComputeSelectedSets(corpus, {0.0f, 1.0f, 0.0f}));
  EXPECT_EQ(c.review_constraints, 1);
  EXPECT_EQ(c.constraint_reviews, 1);
}

// BuildConstraints' definition: every instance as a key winner << 32 | loser, sorted, equal
// runs counted (what it computed before it bucketed by winner, and still must).
MarginConstraints ConstraintsBySortingKeys(const Corpus& corpus, const SelectedSets& sets) {
  MarginConstraints out;
  std::vector<uint64_t> keys;
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    const size_t before = keys.size();
    std::vector<int32_t> distinct;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      const auto set_begin = sets.token_ids.begin() + sets.offsets[i];
      const auto set_end = sets.token_ids.begin() + sets.offsets[i + 1];
      if (std::find(set_begin, set_end, s) != set_end) continue;
      if (std::find(distinct.begin(), distinct.end(), s) != distinct.end()) continue;
      distinct.push_back(s);
      for (auto w = set_begin; w != set_end; ++w) {
        keys.push_back(static_cast<uint64_t>(*w) << 32 | static_cast<uint32_t>(s));
      }
    }
    out.constraint_reviews += keys.size() > before;
  }
  out.review_constraints = static_cast<int64_t>(keys.size());
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

TEST(MaxMargin, ConstraintsEqualTheSortedKeysDefinition) {
  // Random corpora and sets, small and large vocabularies (both ways of ordering a
  // winner's losers: sorting its distinct losers, scanning the count array), sets with
  // tokens outside their review, repeated entries and empty sets.
  Rng rng(11);
  for (int trial = 0; trial < 60; ++trial) {
    Corpus corpus;
    corpus.vocab_size = 2 + static_cast<int32_t>(rng.Below(trial % 2 ? 400 : 12));
    SelectedSets sets;
    sets.offsets.push_back(0);
    const int reviews = 1 + static_cast<int>(rng.Below(40));
    for (int i = 0; i < reviews; ++i) {
      std::vector<int32_t> tokens(rng.Below(30));
      for (int32_t& s : tokens) s = static_cast<int32_t>(rng.Below(corpus.vocab_size));
      corpus.Add(tokens, rng.Below(2) ? 1 : -1);
      const int selected = static_cast<int>(rng.Below(4));
      for (int k = 0; k < selected; ++k) {
        const bool inside = !tokens.empty() && rng.Below(4) != 0;
        sets.token_ids.push_back(inside ? tokens[rng.Below(tokens.size())]
                                        : static_cast<int32_t>(rng.Below(corpus.vocab_size)));
      }
      sets.offsets.push_back(static_cast<int32_t>(sets.token_ids.size()));
    }
    const MarginConstraints expected = ConstraintsBySortingKeys(corpus, sets);
    const MarginConstraints c = BuildConstraints(corpus, sets);
    EXPECT_EQ(c.winner, expected.winner) << "trial " << trial;
    EXPECT_EQ(c.loser, expected.loser) << "trial " << trial;
    EXPECT_EQ(c.reviews, expected.reviews) << "trial " << trial;
    EXPECT_EQ(c.review_constraints, expected.review_constraints) << "trial " << trial;
    EXPECT_EQ(c.constraint_reviews, expected.constraint_reviews) << "trial " << trial;
  }
}

TEST(MaxMargin, OpposingReviewsFormACycleNamingBothTokens) {
  // a = 1 beats b = 2 in a positive review; b beats a in a negative one.
  Corpus corpus;
  corpus.vocab_size = 5;
  corpus.Add({1, 2}, 1);
  corpus.Add({2, 1}, -1);
  corpus.Add({3, 4}, 1);  // unrelated, acyclic part
  const std::vector<float> value{0.0f, 1.0f, 0.5f, 2.0f, 0.0f};
  const SelectedSets sets = ComputeSelectedSets(corpus, value);
  const MarginConstraints c = BuildConstraints(corpus, sets);
  const CycleReport report = FindCycles(c, corpus, sets, corpus.vocab_size);
  EXPECT_FALSE(report.acyclic);
  EXPECT_EQ(report.constraints_in_cycles, 2);
  EXPECT_EQ(report.reviews_in_cycles, 2);
  ASSERT_EQ(report.example_cycles.size(), 1u);
  EXPECT_EQ(report.example_cycles[0], (std::vector<int32_t>{1, 2}));
}

TEST(MaxMargin, OneDirectionalPreferencesAreAcyclic) {
  Corpus corpus;
  corpus.vocab_size = 5;
  corpus.Add({1, 2, 3}, 1);
  corpus.Add({2, 3, 4}, 1);
  corpus.Add({4, 3}, -1);
  const std::vector<float> value{0.0f, 3.0f, 2.0f, 1.0f, 0.0f};
  const SelectedSets sets = ComputeSelectedSets(corpus, value);
  const CycleReport report =
      FindCycles(BuildConstraints(corpus, sets), corpus, sets, corpus.vocab_size);
  EXPECT_TRUE(report.acyclic);
  EXPECT_EQ(report.constraints_in_cycles, 0);
  EXPECT_EQ(report.reviews_in_cycles, 0);
  EXPECT_TRUE(report.example_cycles.empty());
}

TEST(MaxMargin, ExampleCycleIsAShortestCycle) {
  MarginConstraints c;  // 1 -> 2 -> 3 -> 1 plus a long way 1 -> 4 -> 5 -> 6 -> 1
  c.winner = {1, 2, 3, 1, 4, 5, 6};
  c.loser = {2, 3, 1, 4, 5, 6, 1};
  const CycleReport report = FindCycles(c, Corpus{}, SelectedSets{{}, {0}}, 7, 1);
  EXPECT_EQ(report.constraints_in_cycles, 7);
  ASSERT_EQ(report.example_cycles.size(), 1u);
  EXPECT_EQ(report.example_cycles[0], (std::vector<int32_t>{1, 2, 3}));
}

TEST(MaxMargin, LongChainDoesNotOverflowTheStack) {
  // A recursive DFS would need 300k frames here.
  const int32_t nodes = 300000;
  MarginConstraints c;
  for (int32_t u = 0; u + 1 < nodes; ++u) {
    c.winner.push_back(u);
    c.loser.push_back(u + 1);
  }
  EXPECT_TRUE(FindCycles(c, Corpus{}, SelectedSets{{}, {0}}, nodes).acyclic);
  c.winner.push_back(nodes - 1);  // close the loop
  c.loser.push_back(0);
  const CycleReport report = FindCycles(c, Corpus{}, SelectedSets{{}, {0}}, nodes, 1);
  EXPECT_FALSE(report.acyclic);
  EXPECT_EQ(report.constraints_in_cycles, nodes);
  ASSERT_EQ(report.example_cycles.size(), 1u);
  EXPECT_EQ(report.example_cycles[0].size(), static_cast<size_t>(nodes));
}

// ---- solver ----

RowMatrixXf RandomEmbeddings(int32_t vocab_size, int32_t width, Rng* rng) {
  RowMatrixXf E(vocab_size, width);  // V x d
  for (Eigen::Index k = 0; k < E.size(); ++k) E.data()[k] = static_cast<float>(rng->Normal());
  return E;
}

// K random pairs (a, b) with rank[a] < rank[b] for a random ranking: acyclic by construction.
MarginConstraints RandomDag(int32_t vocab_size, int32_t pairs, Rng* rng) {
  std::vector<int32_t> rank(vocab_size);
  std::iota(rank.begin(), rank.end(), 0);
  for (int32_t k = vocab_size; k > 1; --k) std::swap(rank[k - 1], rank[rng->Below(k)]);
  std::vector<uint64_t> keys;
  while (static_cast<int32_t>(keys.size()) < pairs) {
    int32_t a = static_cast<int32_t>(rng->Below(vocab_size));
    int32_t b = static_cast<int32_t>(rng->Below(vocab_size));
    if (a == b) continue;
    if (rank[a] > rank[b]) std::swap(a, b);
    const uint64_t key = static_cast<uint64_t>(a) << 32 | static_cast<uint32_t>(b);
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  MarginConstraints c;
  for (uint64_t key : keys) {
    c.winner.push_back(static_cast<int32_t>(key >> 32));
    c.loser.push_back(static_cast<int32_t>(key & 0xffffffffu));
  }
  return c;
}

Eigen::MatrixXd ConstraintRows(const RowMatrixXf& E, const MarginConstraints& c) {
  Eigen::MatrixXd Z(c.size(), E.cols());  // K x d, row k = z_k
  for (int64_t k = 0; k < c.size(); ++k) {
    Z.row(k) = E.row(c.winner[k]).cast<double>() - E.row(c.loser[k]).cast<double>();
  }
  return Z;
}

// Independent exact solver for small K: enumerate each constraint's KKT state (lambda = 0,
// free with margin exactly 1, or lambda = C), solve the free block exactly, keep the valid
// point of least objective. Hard margin: C = infinity, two states only.
double ExactObjective(const Eigen::MatrixXd& Z, double C, bool hard, Eigen::VectorXd* best_p) {
  const int K = static_cast<int>(Z.rows());
  const int states = hard ? 2 : 3;
  int combos = 1;
  for (int k = 0; k < K; ++k) combos *= states;
  double best = std::numeric_limits<double>::infinity();
  for (int code = 0; code < combos; ++code) {
    std::vector<int> state(K), free_set;
    Eigen::VectorXd fixed = Eigen::VectorXd::Zero(Z.cols());  // d, C sum over lambda = C
    for (int k = 0, c = code; k < K; ++k, c /= states) {
      state[k] = c % states;  // 0: lambda = 0, 1: free, 2: lambda = C
      if (state[k] == 1) free_set.push_back(k);
      if (state[k] == 2) fixed += C * Z.row(k).transpose();
    }
    const int f = static_cast<int>(free_set.size());
    Eigen::MatrixXd Zf(f, Z.cols());  // f x d
    for (int j = 0; j < f; ++j) Zf.row(j) = Z.row(free_set[j]);
    Eigen::VectorXd lambda = Eigen::VectorXd::Zero(f);
    if (f > 0) {
      Eigen::FullPivLU<Eigen::MatrixXd> lu(Zf * Zf.transpose());
      if (!lu.isInvertible()) continue;
      lambda = lu.solve(Eigen::VectorXd::Ones(f) - Zf * fixed);
    }
    const Eigen::VectorXd p = fixed + Zf.transpose() * lambda;  // d
    const Eigen::VectorXd m = Z * p;                            // K margins
    bool valid = (lambda.array() >= -1e-10).all() && (hard || (lambda.array() <= C + 1e-10).all());
    double hinge = 0;
    for (int k = 0; k < K && valid; ++k) {
      if (state[k] == 0) valid = m[k] >= 1 - 1e-9;
      if (state[k] == 2) valid = m[k] <= 1 + 1e-9;
      hinge += std::max(0.0, 1 - m[k]);
    }
    if (!valid) continue;
    const double objective = 0.5 * p.squaredNorm() + (hard ? 0.0 : C * hinge);
    if (objective < best) {
      best = objective;
      *best_p = p;
    }
  }
  return best;
}

TEST(MaxMargin, SolutionSatisfiesEveryConstraintWithMarginOne) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const RowMatrixXf E = RandomEmbeddings(8, 10, &rng);  // d >= V: rows independent
    const MarginConstraints c = RandomDag(8, 2 + static_cast<int32_t>(seed % 8), &rng);
    SvmOptions options;
    options.hard_margin = true;
    options.tolerance = 1e-10;
    options.max_epochs = 100000;
    const Result<SvmSolution> r = SolveAttentionSvm(E, c, options);
    ASSERT_TRUE(r.ok()) << r.status.message();
    const SvmSolution& s = r.value;
    EXPECT_TRUE(s.converged) << "seed " << seed;
    EXPECT_EQ(s.violated, 0);
    EXPECT_GE(s.min_margin, 1 - 1e-6);
    // Independent exact optimum; 1e-6 relative: float output of p (~1e-7) and gap 1e-10.
    Eigen::VectorXd exact_p;
    const double exact = ExactObjective(ConstraintRows(E, c), 0, true, &exact_p);
    ASSERT_TRUE(std::isfinite(exact));  // d >= V and acyclic: feasible
    EXPECT_NEAR(0.5 * s.norm * s.norm, exact, 1e-6 * exact) << "seed " << seed;
    EXPECT_NEAR(s.primal, exact, 1e-6 * exact);
    EXPECT_LE((s.p.cast<double>() - exact_p).norm(), 1e-4 * exact_p.norm());
  }
}

TEST(MaxMargin, HardMarginSatisfiesKktConditions) {
  Rng rng(7);
  const RowMatrixXf E = RandomEmbeddings(40, 48, &rng);
  const MarginConstraints c = RandomDag(40, 300, &rng);
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-9;
  options.max_epochs = 100000;
  const Result<SvmSolution> r = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(r.ok()) << r.status.message();
  const SvmSolution& s = r.value;
  ASSERT_TRUE(s.converged);
  EXPECT_LE(s.gap, 1e-9);
  const Eigen::MatrixXd Z = ConstraintRows(E, c);  // K x d
  Eigen::VectorXd lambda(c.size());                // K
  for (int64_t k = 0; k < c.size(); ++k) lambda[k] = s.lambda[k];
  ASSERT_GE(lambda.minCoeff(), 0.0);
  const Eigen::VectorXd p = s.p.cast<double>();
  // Stationarity p = sum lambda z, up to float storage of p and lambda.
  EXPECT_LE((Z.transpose() * lambda - p).norm(), 1e-5 * p.norm());
  // Feasibility and complementary slackness: lambda_k (m_k - 1) sums to the duality gap
  // times the objective, so each term is tiny; lambda is nonzero only on active constraints.
  const Eigen::VectorXd m = Z * p;  // K
  EXPECT_GE(m.minCoeff(), 1 - 1e-6);
  for (int64_t k = 0; k < c.size(); ++k) {
    EXPECT_LE(lambda[k] * (m[k] - 1), 1e-5 * lambda.sum()) << "constraint " << k;
  }
  EXPECT_NEAR(lambda.sum(), p.squaredNorm(), 1e-5 * p.squaredNorm());  // strong duality
}

TEST(MaxMargin, SoftMarginMatchesExactSolverWithinTheGap) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(100 + seed);
    const RowMatrixXf E = RandomEmbeddings(6, 4, &rng);  // d < V: constraints can conflict
    MarginConstraints c = RandomDag(6, 5, &rng);
    c.winner.push_back(c.loser[0]);  // and a 2-cycle for good measure
    c.loser.push_back(c.winner[0]);
    SvmOptions options;
    options.C = 0.3 + 0.2 * seed;
    options.tolerance = 1e-8;
    options.max_epochs = 200000;
    const Result<SvmSolution> r = SolveAttentionSvm(E, c, options);
    ASSERT_TRUE(r.ok()) << r.status.message();
    EXPECT_TRUE(r.value.converged);
    EXPECT_LE(r.value.gap, 1e-8);
    EXPECT_LE(r.value.dual, r.value.primal);
    Eigen::VectorXd exact_p;
    const double exact = ExactObjective(ConstraintRows(E, c), options.C, false, &exact_p);
    ASSERT_TRUE(std::isfinite(exact));
    // The optimum lies in [dual, primal], an interval of relative width 1e-8.
    EXPECT_NEAR(r.value.primal, exact, 1e-6 * exact) << "seed " << seed;
    EXPECT_LE((r.value.p.cast<double>() - exact_p).norm(), 1e-3 * (1 + exact_p.norm()));
  }
}

TEST(MaxMargin, CyclicHardMarginIsReportedInfeasibleWithoutIterating) {
  Rng rng(3);
  const RowMatrixXf E = RandomEmbeddings(5, 8, &rng);
  MarginConstraints c;
  c.winner = {1, 2, 3};
  c.loser = {2, 3, 1};
  SvmOptions options;
  options.hard_margin = true;
  const Result<SvmSolution> r = SolveAttentionSvm(E, c, options);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.status.message().find("infeasible"), std::string::npos);
  options.hard_margin = false;  // the soft margin still has a solution
  EXPECT_TRUE(SolveAttentionSvm(E, c, options).value.converged);
}

TEST(MaxMargin, InfeasibleAcyclicHardMarginStopsUnconverged) {
  // d = 1: token 0 must beat 1 (p >= 1) and beat 2 (-p >= 1). No cycle, no solution.
  RowMatrixXf E(3, 1);
  E << 1, 0, 2;
  MarginConstraints c;
  c.winner = {0, 0};
  c.loser = {1, 2};
  SvmOptions options;
  options.hard_margin = true;
  options.max_epochs = 5000;
  const Result<SvmSolution> r = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r.value.converged);
  EXPECT_EQ(r.value.epochs, 5000);
}

TEST(MaxMargin, ZeroConstraintsGiveZeroVector) {
  const RowMatrixXf E = RowMatrixXf::Ones(4, 3);
  for (bool hard : {false, true}) {
    SvmOptions options;
    options.hard_margin = hard;
    const Result<SvmSolution> r = SolveAttentionSvm(E, MarginConstraints{}, options);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value.converged);
    EXPECT_EQ(r.value.p.size(), 3);
    EXPECT_EQ(r.value.p.norm(), 0.0f);
    EXPECT_EQ(r.value.gap, 0.0);
  }
}

TEST(MaxMargin, IdenticalEmbeddingsFailHardAndAreCountedSoft) {
  RowMatrixXf E(3, 2);
  E << 1, 2, 1, 2, 0, 1;  // tokens 0 and 1 identical
  MarginConstraints c;
  c.winner = {0, 0};
  c.loser = {1, 2};
  SvmOptions options;
  options.hard_margin = true;
  const Result<SvmSolution> hard = SolveAttentionSvm(E, c, options);
  EXPECT_FALSE(hard.ok());
  EXPECT_NE(hard.status.message().find("identical"), std::string::npos);
  options.hard_margin = false;
  options.tolerance = 1e-8;
  const Result<SvmSolution> soft = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(soft.ok());
  EXPECT_TRUE(soft.value.converged);
  EXPECT_EQ(soft.value.degenerate, 1);
  EXPECT_EQ(soft.value.violated, 1);
  EXPECT_FLOAT_EQ(soft.value.lambda[0], 1.0f);  // pinned at C
}

TEST(MaxMargin, InvalidInputsFailWithAMessage) {
  const RowMatrixXf E = RowMatrixXf::Identity(3, 3);
  MarginConstraints c;
  c.winner = {0};
  c.loser = {7};
  EXPECT_FALSE(SolveAttentionSvm(E, c, SvmOptions{}).ok());
  c.loser = {1};
  SvmOptions options;
  options.C = -1;
  EXPECT_FALSE(SolveAttentionSvm(E, c, options).ok());
}

}  // namespace
}  // namespace clslab
