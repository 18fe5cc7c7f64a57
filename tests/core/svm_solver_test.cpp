// Tests of the resumable att-SVM solver (SvmSolver): slicing the work does not change the
// answer, warm starts, shrinking against plain coordinate descent, progress reports.
// The exact-solver, KKT and gap checks of the answer itself are in max_margin_test.cpp.
// Legend: V vocabulary, d width, K constraints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "clslab/max_margin.h"
#include "clslab/rng.h"

namespace clslab {
namespace {

RowMatrixXf RandomEmbeddings(int32_t vocab_size, int32_t width, Rng* rng) {
  RowMatrixXf E(vocab_size, width);  // V x d
  for (Eigen::Index k = 0; k < E.size(); ++k) E.data()[k] = static_cast<float>(rng->Normal());
  return E;
}

// K distinct random pairs (a, b), a != b, sorted as BuildConstraints sorts them. With
// K >> V there are cycles, so only the soft margin is feasible, as on real reviews.
MarginConstraints RandomPairs(int32_t vocab_size, int32_t pairs, Rng* rng) {
  std::vector<uint64_t> keys;
  std::vector<uint8_t> taken(static_cast<size_t>(vocab_size) * vocab_size, 0);  // V x V
  while (static_cast<int32_t>(keys.size()) < pairs) {
    const int32_t a = static_cast<int32_t>(rng->Below(vocab_size));
    const int32_t b = static_cast<int32_t>(rng->Below(vocab_size));
    if (a == b || taken[static_cast<size_t>(a) * vocab_size + b]) continue;
    taken[static_cast<size_t>(a) * vocab_size + b] = 1;
    keys.push_back(static_cast<uint64_t>(a) << 32 | static_cast<uint32_t>(b));
  }
  std::sort(keys.begin(), keys.end());
  MarginConstraints c;
  for (uint64_t key : keys) {
    c.winner.push_back(static_cast<int32_t>(key >> 32));
    c.loser.push_back(static_cast<int32_t>(key & 0xffffffffu));
    c.reviews.push_back(1);
  }
  return c;
}

// Token 0 dominates: E_0 = shift * u, so most constraints (0, b) hold with room to spare
// and only a few stay near the margin. That is where shrinking pays off.
RowMatrixXf WithDominantToken(RowMatrixXf E, float shift) {
  E.row(0) *= shift;
  return E;
}

std::unique_ptr<SvmSolver> Start(const RowMatrixXf& E, const MarginConstraints& c,
                                 const SvmOptions& options,
                                 const std::vector<float>* warm = nullptr) {
  Result<std::unique_ptr<SvmSolver>> started = SvmSolver::Start(E, c, options, warm);
  EXPECT_TRUE(started.ok()) << started.status.message();
  return std::move(started.value);
}

SvmSolution RunToTheEnd(SvmSolver* solver, int64_t slice) {
  while (!solver->Run(slice).done) {
  }
  return solver->Solution();
}

void ExpectIdentical(const SvmSolution& a, const SvmSolution& b) {
  EXPECT_EQ(a.epochs, b.epochs);
  EXPECT_EQ(a.updates, b.updates);
  EXPECT_EQ(a.converged, b.converged);
  EXPECT_EQ(a.gap, b.gap);  // bit for bit: the same operations in the same order
  ASSERT_EQ(a.lambda.size(), b.lambda.size());
  for (size_t k = 0; k < a.lambda.size(); ++k) ASSERT_EQ(a.lambda[k], b.lambda[k]) << k;
  ASSERT_EQ(a.p.size(), b.p.size());
  for (Eigen::Index j = 0; j < a.p.size(); ++j) ASSERT_EQ(a.p[j], b.p[j]) << j;
}

TEST(SvmSolver, SlicedRunsGiveTheSameSolutionBitForBit) {
  Rng rng(11);
  const RowMatrixXf E = RandomEmbeddings(120, 12, &rng);
  const MarginConstraints c = RandomPairs(120, 3000, &rng);
  for (bool hard : {false, true}) {
    SvmOptions options;
    options.tolerance = 1e-4;
    options.max_epochs = 100000;
    options.seed = 5;
    MarginConstraints constraints = c;
    if (hard) {  // keep only pairs a < b: acyclic, and with d < V maybe infeasible (fine)
      constraints = MarginConstraints{};
      for (int64_t k = 0; k < c.size(); ++k) {
        if (c.winner[k] >= c.loser[k]) continue;
        constraints.winner.push_back(c.winner[k]);
        constraints.loser.push_back(c.loser[k]);
      }
      options.hard_margin = true;
      options.max_epochs = 300;
    }
    const SvmSolution whole =
        RunToTheEnd(Start(E, constraints, options).get(), std::numeric_limits<int64_t>::max() / 2);
    // Slices of 1 and 37 updates stop mid-sweep, mid-checkpoint accounting and everywhere.
    for (int64_t slice : {1, 37, 1000}) {
      SCOPED_TRACE(testing::Message() << (hard ? "hard" : "soft") << " slice " << slice);
      ExpectIdentical(RunToTheEnd(Start(E, constraints, options).get(), slice), whole);
    }
    EXPECT_GT(whole.epochs, 2);  // the slices really cut through several sweeps
  }
}

TEST(SvmSolver, EachRunStaysWithinItsBudgetUpToOneCheckpoint) {
  Rng rng(3);
  const RowMatrixXf E = RandomEmbeddings(200, 16, &rng);
  const MarginConstraints c = RandomPairs(200, 5000, &rng);
  SvmOptions options;
  options.tolerance = 1e-5;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> solver = Start(E, c, options);
  // A checkpoint is charged V / 2 + 4 K / d + 1 units (svm_state.h), twice when it rebuilds
  // p (every checkpoint in single precision), and cannot be split.
  const int64_t checkpoint = 2 * (200 / 2 + 4 * 5000 / 16 + 1);
  int64_t before = solver->progress().updates;
  int32_t calls = 0;
  while (!solver->progress().done) {
    const SvmProgress progress = solver->Run(500);
    EXPECT_LE(progress.updates - before, 500 + checkpoint);
    EXPECT_GT(progress.updates, before);  // every call makes progress
    before = progress.updates;
    ++calls;
  }
  EXPECT_GT(calls, 3);
  const SvmProgress idle = solver->Run(1000);  // done: nothing more happens
  EXPECT_EQ(idle.updates, before);
  EXPECT_TRUE(idle.converged);
  EXPECT_LE(idle.gap, 1e-5);
  EXPECT_EQ(solver->Solution().gap, idle.gap);
}

TEST(SvmSolver, RunZeroOnlyReportsAndSolutionIsUsableBeforeTheEnd) {
  Rng rng(4);
  const RowMatrixXf E = RandomEmbeddings(100, 8, &rng);
  const MarginConstraints c = RandomPairs(100, 2000, &rng);
  SvmOptions options;
  options.tolerance = 1e-8;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> solver = Start(E, c, options);
  const SvmProgress start = solver->Run(0);
  EXPECT_EQ(start.epochs, 0);
  EXPECT_FALSE(start.done);
  EXPECT_EQ(solver->Run(0).updates, start.updates);
  solver->Run(3000);
  const SvmSolution early = solver->Solution();
  EXPECT_FALSE(early.converged);
  // Weak duality holds at every iterate: the certificate is a real bound, not a guess.
  EXPECT_LE(early.dual, early.primal);
  EXPECT_GT(early.gap, 1e-8);
  EXPECT_EQ(early.lambda.size(), static_cast<size_t>(c.size()));
  for (float l : early.lambda) {
    EXPECT_GE(l, 0.0f);
    EXPECT_LE(l, static_cast<float>(options.C));
  }
}

TEST(SvmSolver, WarmStartFromANearbyCNeedsFewerUpdates) {
  Rng rng(21);
  const RowMatrixXf E = RandomEmbeddings(150, 16, &rng);
  const MarginConstraints c = RandomPairs(150, 4000, &rng);
  SvmOptions options;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  options.C = 1.0;
  const Result<SvmSolution> first = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(first.value.converged);
  options.C = 1.25;
  const SvmSolution cold = RunToTheEnd(Start(E, c, options).get(), 1 << 30);
  const SvmSolution warm = RunToTheEnd(Start(E, c, options, &first.value.lambda).get(), 1 << 30);
  ASSERT_TRUE(cold.converged);
  ASSERT_TRUE(warm.converged);
  EXPECT_LT(warm.updates, cold.updates / 2) << "warm " << warm.updates << " cold " << cold.updates;
  // Measured: 119,038 updates warm, 400,500 cold. Both optima lie in [dual, primal]
  // intervals of relative width 1e-6.
  EXPECT_NEAR(warm.primal, cold.primal, 3e-6 * cold.primal);
  // Warm from the answer to the same problem: certified at the start, no sweep needed.
  options.C = 1.0;
  std::unique_ptr<SvmSolver> again = Start(E, c, options, &first.value.lambda);
  EXPECT_TRUE(again->Run(1).converged);
  EXPECT_EQ(again->progress().epochs, 0);
}

TEST(SvmSolver, WarmStartIsClippedIntoTheBoxAndOfTheRightSize) {
  Rng rng(8);
  const RowMatrixXf E = RandomEmbeddings(50, 6, &rng);
  const MarginConstraints c = RandomPairs(50, 300, &rng);
  SvmOptions options;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  std::vector<float> wild(c.size());
  for (size_t k = 0; k < wild.size(); ++k) wild[k] = k % 3 == 0 ? -5.0f : k % 3 == 1 ? 9.0f : NAN;
  const SvmSolution warm = RunToTheEnd(Start(E, c, options, &wild).get(), 1 << 30);
  const Result<SvmSolution> cold = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(warm.converged);
  ASSERT_TRUE(cold.value.converged);
  EXPECT_NEAR(warm.primal, cold.value.primal, 2e-6 * cold.value.primal);
  std::vector<float> short_start(c.size() - 1, 0.0f);
  const Result<std::unique_ptr<SvmSolver>> bad = SvmSolver::Start(E, c, options, &short_start);
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.status.message().find("warm start"), std::string::npos);
}

TEST(SvmSolver, ShrinkingReachesTheSameGapAsPlainCoordinateDescentWithLessWork) {
  Rng rng(31);
  const RowMatrixXf E = WithDominantToken(RandomEmbeddings(300, 24, &rng), 6.0f);
  MarginConstraints c = RandomPairs(300, 6000, &rng);
  for (int32_t b = 1; b < 300; ++b) {  // and token 0 beats everyone
    c.winner.push_back(0);
    c.loser.push_back(b);
  }
  SvmOptions options;
  options.tolerance = 1e-4;
  options.max_epochs = 1000000;
  const Result<SvmSolution> shrunk = SolveAttentionSvm(E, c, options);
  options.shrinking = false;
  const Result<SvmSolution> plain = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(shrunk.ok() && plain.ok());
  ASSERT_TRUE(shrunk.value.converged);
  ASSERT_TRUE(plain.value.converged);
  // The gap is certified on all K in both: the same optimum within the two gaps.
  EXPECT_LE(shrunk.value.gap, 1e-4);
  EXPECT_NEAR(shrunk.value.primal, plain.value.primal, 2e-4 * plain.value.primal);
  EXPECT_LT(shrunk.value.updates, plain.value.updates)
      << "shrunk " << shrunk.value.updates << " plain " << plain.value.updates;
}

TEST(SvmSolver, DifferentSeedsReachTheSameOptimum) {
  Rng rng(41);
  const RowMatrixXf E = RandomEmbeddings(80, 10, &rng);
  const MarginConstraints c = RandomPairs(80, 1500, &rng);
  SvmOptions options;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  double reference = 0;
  for (uint64_t seed : {1, 2, 3}) {
    options.seed = seed;
    const Result<SvmSolution> r = SolveAttentionSvm(E, c, options);
    ASSERT_TRUE(r.ok() && r.value.converged);
    if (seed == 1) reference = r.value.primal;
    EXPECT_NEAR(r.value.primal, reference, 2e-6 * reference) << "seed " << seed;
  }
}

double Cosine(const Eigen::VectorXf& a, const Eigen::VectorXf& b) {
  return a.cast<double>().dot(b.cast<double>()) /
         (a.cast<double>().norm() * b.cast<double>().norm());
}

// The page's solves stop at a gap of 1e-3 and run their sweeps in single precision all the
// way (svm_state.h): their answer is the double-precision optimum within that gap.
TEST(SvmSolver, SinglePrecisionSweepsReachTheOptimumWithinTheTolerance) {
  Rng rng(53);
  const RowMatrixXf E = RandomEmbeddings(200, 64, &rng);  // d 64: lanes and no tail
  const MarginConstraints c = RandomPairs(200, 4000, &rng);
  SvmOptions options;
  options.tolerance = 1e-3;
  std::unique_ptr<SvmSolver> loose = Start(E, c, options);
  const SvmSolution approximate = RunToTheEnd(loose.get(), 1 << 30);
  ASSERT_TRUE(approximate.converged);
  EXPECT_TRUE(loose->progress().single_precision) << "a gap of 1e-3 never needs double";
  options.tolerance = 1e-10;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> tight = Start(E, c, options);
  const SvmSolution optimum = RunToTheEnd(tight.get(), 1 << 30);
  ASSERT_TRUE(optimum.converged);
  EXPECT_FALSE(tight->progress().single_precision) << "a gap of 1e-10 is reached in double";
  // Certified in double on p rebuilt from lambda: the primal is within the gap asked.
  EXPECT_LE(approximate.gap, 1e-3);
  EXPECT_GE(approximate.primal, optimum.primal * (1 - 1e-9));
  EXPECT_LE(approximate.primal, optimum.primal * (1 + 1e-3));
  EXPECT_GT(Cosine(approximate.p, optimum.p), 0.99);
}

// A width that is not a multiple of the eight float lanes goes through the kernels' scalar
// tails; the hard margin reaches its optimum (no cycle, d >= V) in both precisions.
TEST(SvmSolver, HardMarginWithAnOddWidthConvergesThroughBothPrecisions) {
  Rng rng(59);
  const RowMatrixXf E = RandomEmbeddings(40, 45, &rng);  // d >= V: any acyclic set is feasible
  MarginConstraints c;
  for (int32_t a = 0; a < 40; ++a) {  // a beats every later token: acyclic
    for (int32_t b = a + 1; b < 40; b += 3) {
      c.winner.push_back(a);
      c.loser.push_back(b);
      c.reviews.push_back(1);
    }
  }
  SvmOptions options;
  options.hard_margin = true;
  options.max_epochs = 1000000;
  options.tolerance = 1e-8;
  std::unique_ptr<SvmSolver> solver = Start(E, c, options);
  const SvmSolution s = RunToTheEnd(solver.get(), 1 << 30);
  ASSERT_TRUE(s.converged);
  EXPECT_FALSE(solver->progress().single_precision);
  EXPECT_EQ(s.violated, 0);
  EXPECT_NEAR(s.min_margin, 1.0, 1e-9);
  // The float output's own margins, as a user of p computes them: within float rounding.
  for (int64_t k = 0; k < c.size(); ++k) {
    const double m = E.row(c.winner[k]).cast<double>().dot(s.p.cast<double>()) -
                     E.row(c.loser[k]).cast<double>().dot(s.p.cast<double>());
    EXPECT_GT(m, 1 - 1e-4) << k;
  }
}

// A long chain of "must beat" pairs (each token beats the next three): the hard margin's
// dual couples the whole chain, which plain coordinate descent resolves a link at a time.
// Over-relaxed steps (the hard margin's default, SvmOptions::over_relaxation) reach the same
// optimum in fewer sweeps; a factor outside (0, 2) is refused. The plain solve is ~70,000
// sweeps, long enough for float drift in p to compound: it converges only because each
// checkpoint rebuilds p from lambda (without that it ended with lambda's p infeasible).
TEST(SvmSolver, OverRelaxedHardMarginReachesTheSameOptimumInFewerSweeps) {
  Rng rng(61);
  const RowMatrixXf E = RandomEmbeddings(80, 96, &rng);  // d >= V: the chain is feasible
  MarginConstraints c;
  for (int32_t a = 0; a < 80; ++a) {
    for (int32_t b = a + 1; b < std::min(80, a + 4); ++b) {
      c.winner.push_back(a);
      c.loser.push_back(b);
      c.reviews.push_back(1);
    }
  }
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  const Result<SvmSolution> relaxed = SolveAttentionSvm(E, c, options);
  options.over_relaxation = 1;
  const Result<SvmSolution> plain = SolveAttentionSvm(E, c, options);
  ASSERT_TRUE(relaxed.ok() && plain.ok());
  ASSERT_TRUE(relaxed.value.converged && plain.value.converged);
  EXPECT_NEAR(relaxed.value.primal, plain.value.primal, 2e-6 * plain.value.primal);
  EXPECT_EQ(relaxed.value.violated, 0);
  EXPECT_LT(relaxed.value.epochs * 3, plain.value.epochs * 2)
      << "relaxed " << relaxed.value.epochs << " plain " << plain.value.epochs;
  for (double bad : {0.0, 2.0, -1.0}) {
    options.over_relaxation = bad;
    EXPECT_FALSE(SvmSolver::Start(E, c, options).ok()) << bad;
  }
}

// The Gram phase (svm_state.h kGramMost): a hard-margin chain at a width where the active
// set is small against d, so the sweeps run on the table z_k.z_j; the same optimum as the
// sweeps on the rows of E, certified on p rebuilt from lambda, with every margin held, and
// the same answer in slices as in one call.
TEST(SvmSolver, GramPhaseReachesTheOptimumOfTheRowSweeps) {
  Rng rng(67);
  const RowMatrixXf E = RandomEmbeddings(60, 512, &rng);
  MarginConstraints c;
  for (int32_t a = 0; a < 60; ++a) {
    for (int32_t b = a + 1; b < std::min(60, a + 4); ++b) {
      c.winner.push_back(a);
      c.loser.push_back(b);
      c.reviews.push_back(1);
    }
  }
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> solver = Start(E, c, options);
  const SvmSolution gram = RunToTheEnd(solver.get(), 1 << 30);
  EXPECT_TRUE(solver->progress().gram);
  options.gram = options.tokens = false;
  std::unique_ptr<SvmSolver> rows_solver = Start(E, c, options);
  const SvmSolution rows = RunToTheEnd(rows_solver.get(), 1 << 30);
  EXPECT_FALSE(rows_solver->progress().gram);
  ASSERT_TRUE(gram.converged && rows.converged);
  EXPECT_LE(gram.gap, 1e-6);
  EXPECT_EQ(gram.violated, 0);
  EXPECT_NEAR(gram.min_margin, 1.0, 1e-9);
  EXPECT_NEAR(gram.primal, rows.primal, 2e-6 * rows.primal);
  const double cosine = gram.p.cast<double>().dot(rows.p.cast<double>()) / (gram.norm * rows.norm);
  EXPECT_GT(cosine, 1 - 1e-5);
  options.gram = options.tokens = true;
  std::unique_ptr<SvmSolver> sliced = Start(E, c, options);
  ExpectIdentical(gram, RunToTheEnd(sliced.get(), 97));
}

// The reviews' shape: a few winners (the selected tokens) each beating many losers, so the
// active constraints outnumber their tokens. Hard margin (only winner -> loser edges:
// acyclic) at d > 2 V, so the token phase can hold every token.
MarginConstraints WinnersOverLosers(int32_t winners, int32_t vocab_size, int32_t per_winner,
                                    Rng* rng) {
  MarginConstraints c;
  for (int32_t a = 0; a < winners; ++a) {
    std::vector<uint8_t> taken(vocab_size, 0);
    for (int32_t n = 0; n < per_winner;) {
      const int32_t b = winners + static_cast<int32_t>(rng->Below(vocab_size - winners));
      if (taken[b]) continue;
      taken[b] = 1;
      c.winner.push_back(a);
      c.loser.push_back(b);
      c.reviews.push_back(1);
      ++n;
    }
  }
  return c;  // in winner order (the solver needs none)
}

SvmOptions Phases(SvmOptions options, bool gram, bool tokens) {
  options.gram = gram;
  options.tokens = tokens;
  return options;
}

// The token phase (svm_state.h kTokenMost) reaches the optimum of the sweeps on the rows of
// E and of the Gram phase: certified on p rebuilt from lambda, every margin held, the same
// primal within the tolerances and the same direction.
TEST(SvmSolver, TokenPhaseReachesTheOptimumOfTheRowSweepsAndOfTheGramPhase) {
  Rng rng(71);
  const RowMatrixXf E = RandomEmbeddings(90, 512, &rng);
  const MarginConstraints c = WinnersOverLosers(6, 90, 40, &rng);  // 240 over 90 tokens
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> by_token = Start(E, c, Phases(options, false, true));
  const SvmSolution tokens = RunToTheEnd(by_token.get(), 1 << 30);
  EXPECT_GE(by_token->progress().token_joins, 1);
  EXPECT_TRUE(by_token->progress().tokens);
  std::unique_ptr<SvmSolver> by_rows = Start(E, c, Phases(options, false, false));
  const SvmSolution rows = RunToTheEnd(by_rows.get(), 1 << 30);
  EXPECT_EQ(by_rows->progress().token_joins, 0);
  // A wider table and fewer constraints for the Gram phase (at most d / 4 active).
  const RowMatrixXf wide = RandomEmbeddings(90, 2048, &rng);
  std::unique_ptr<SvmSolver> gram_solver = Start(wide, c, Phases(options, true, false));
  const SvmSolution gram = RunToTheEnd(gram_solver.get(), 1 << 30);
  EXPECT_TRUE(gram_solver->progress().gram);
  std::unique_ptr<SvmSolver> wide_tokens = Start(wide, c, Phases(options, false, true));
  const SvmSolution tokens_wide = RunToTheEnd(wide_tokens.get(), 1 << 30);
  EXPECT_TRUE(wide_tokens->progress().tokens);
  for (const SvmSolution* s : {&tokens, &rows, &gram, &tokens_wide}) {
    ASSERT_TRUE(s->converged);
    EXPECT_LE(s->gap, 1e-6);
    EXPECT_EQ(s->violated, 0);
    EXPECT_NEAR(s->min_margin, 1.0, 1e-9);
  }
  EXPECT_NEAR(tokens.primal, rows.primal, 2e-6 * rows.primal);
  EXPECT_GT(Cosine(tokens.p, rows.p), 1 - 1e-5);
  EXPECT_NEAR(tokens_wide.primal, gram.primal, 2e-6 * gram.primal);
  EXPECT_GT(Cosine(tokens_wide.p, gram.p), 1 - 1e-5);
}

// The token phase in slices: budgets of 1 and 1,000 updates stop mid-sweep, mid-join (a
// block of the table's product is one piece) and mid-checkpoint, and give the unsliced
// answer bit for bit; the table is joined more than once (tokens leave the active set and
// return) and a Run's work stays within its budget up to one piece. The first active set
// names more tokens than d / 2, so the table begins once shrinking has dropped some, and
// tokens of constraints that come back later join it.
TEST(SvmSolver, TokenPhaseGivesTheSameSolutionInAnySlicesWithTokensJoiningMidSolve) {
  Rng rng(73);
  const int32_t V = 300, d = 512;
  const RowMatrixXf E = RandomEmbeddings(V, d, &rng);
  const MarginConstraints c = WinnersOverLosers(10, V, 60, &rng);  // 600 over 300 tokens
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-5;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> whole_solver = Start(E, c, options);
  const SvmSolution whole =
      RunToTheEnd(whole_solver.get(), std::numeric_limits<int64_t>::max() / 2);
  ASSERT_TRUE(whole.converged);
  EXPECT_GE(whole_solver->progress().token_joins, 2) << "tokens join after the first build";
  for (int64_t slice : {1, 1000}) {
    SCOPED_TRACE(testing::Message() << "slice " << slice);
    std::unique_ptr<SvmSolver> sliced = Start(E, c, options);
    // A piece that cannot be split: a checkpoint (twice V / 2 + 4 K / d + 1 units, and the
    // table's partition), or one block of a join (n (U - n / 2) + U) 256 / (4 d) + 1 units).
    const int64_t checkpoint = 2 * (V / 2 + 4 * c.size() / d + 1) + V * V / (2 * d) + 1;
    const int64_t block = (V * V / 2 + V) * 256 / (4 * d) + 1;
    int64_t before = 0;
    while (!sliced->progress().done) {
      const int64_t after = sliced->Run(slice).updates;
      EXPECT_LE(after - before, slice + checkpoint + block);
      before = after;
    }
    ExpectIdentical(sliced->Solution(), whole);
  }
}

// z_k = 0 under the token phase (soft margin; the hard margin refuses it at Start): most
// constraints are first visited after the first checkpoint, on the table, where a
// constraint whose two tokens have the same row pays C and is skipped, as on the rows.
TEST(SvmSolver, TokenPhaseSetsDegenerateConstraintsToCAsTheRowSweepsDo) {
  Rng rng(79);
  RowMatrixXf E = RandomEmbeddings(40, 256, &rng);
  E.row(9) = E.row(5);
  E.row(17) = E.row(3);
  MarginConstraints c = RandomPairs(40, 1400, &rng);  // cycles: soft margin only
  int64_t same = 0;
  for (int64_t k = 0; k < c.size(); ++k) {
    const int32_t a = std::min(c.winner[k], c.loser[k]), b = std::max(c.winner[k], c.loser[k]);
    same += (a == 5 && b == 9) || (a == 3 && b == 17);
  }
  ASSERT_GT(same, 0);
  SvmOptions options;
  options.C = 0.5;
  options.tolerance = 1e-6;
  options.max_epochs = 1000000;
  std::unique_ptr<SvmSolver> by_token = Start(E, c, Phases(options, false, true));
  const SvmSolution tokens = RunToTheEnd(by_token.get(), 1 << 30);
  EXPECT_GE(by_token->progress().token_joins, 1);
  const Result<SvmSolution> rows = SolveAttentionSvm(E, c, Phases(options, false, false));
  ASSERT_TRUE(rows.ok());
  ASSERT_TRUE(tokens.converged && rows.value.converged);
  EXPECT_EQ(tokens.degenerate, same);
  EXPECT_EQ(rows.value.degenerate, same);
  for (int64_t k = 0; k < c.size(); ++k) {
    const int32_t a = std::min(c.winner[k], c.loser[k]), b = std::max(c.winner[k], c.loser[k]);
    if ((a == 5 && b == 9) || (a == 3 && b == 17)) EXPECT_EQ(tokens.lambda[k], 0.5f) << k;
  }
  EXPECT_NEAR(tokens.primal, rows.value.primal, 3e-6 * rows.value.primal);
  EXPECT_GT(Cosine(tokens.p, rows.value.p), 1 - 1e-5);
}

}  // namespace
}  // namespace clslab
