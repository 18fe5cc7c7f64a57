// The attention-SVM solved in slices (Experiment::StartMaxMargin / ContinueMaxMargin, what
// the page's worker runs so that Pause and Cancel answer during a solve) gives exactly the
// one-call answer, whatever the slice size, and a solve that the run moved past is
// abandoned rather than finished on other weights.
#include <gtest/gtest.h>

#include <algorithm>

#include "clslab/experiment.h"

namespace clslab {
namespace {

RunConfig Synthetic(bool feasible) {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "synthetic";
  config.synthetic_reviews = 300;
  config.synthetic_feasible = feasible;
  config.test_fraction = 0;
  config.min_count = 1;
  config.width = 64;
  config.eta = 1000;
  return config;
}

struct Solved {
  MaxMarginReport report;
  TokenTable tokens;
  int64_t slices = 0;
  int32_t parts = 0;
};

// Runs one solve after the step on E; budget 0 means one call (SolveMaxMargin).
Solved SolveAfterStepOnE(const RunConfig& config, int64_t budget) {
  Experiment experiment;
  EXPECT_TRUE(experiment.LoadSynthetic(config).ok());
  EXPECT_FALSE(experiment.StepEmbeddings().refused);
  Solved out;
  if (budget == 0) {
    out.report = experiment.SolveMaxMargin();
  } else {
    MaxMarginProgress progress = experiment.StartMaxMargin();
    while (progress.active) {
      EXPECT_GE(progress.part, 1);
      EXPECT_LE(progress.part, progress.parts);
      out.parts = std::max(out.parts, progress.part);
      EXPECT_FALSE(experiment.max_margin_current());  // nothing is committed midway
      progress = experiment.ContinueMaxMargin(budget);
      ++out.slices;
    }
    EXPECT_TRUE(progress.done) << progress.message;
    out.report = experiment.max_margin_report();
  }
  EXPECT_TRUE(experiment.max_margin_current());
  out.tokens = experiment.Tokens();
  return out;
}

void ExpectSameSolve(const Solved& a, const Solved& b) {
  EXPECT_EQ(a.report.solved, b.report.solved);
  EXPECT_EQ(a.report.hard_margin, b.report.hard_margin);
  EXPECT_EQ(a.report.norm, b.report.norm);
  EXPECT_EQ(a.report.gap, b.report.gap);
  EXPECT_EQ(a.report.epochs, b.report.epochs);
  EXPECT_EQ(a.report.acyclic_solved, b.report.acyclic_solved);
  EXPECT_EQ(a.report.acyclic_norm, b.report.acyclic_norm);
  EXPECT_EQ(a.report.message, b.report.message);
  EXPECT_EQ(a.tokens.max_margin_attention, b.tokens.max_margin_attention);
  EXPECT_EQ(a.tokens.max_margin_attention_acyclic, b.tokens.max_margin_attention_acyclic);
}

TEST(MaxMarginSlices, SlicesGiveTheOneCallSolutionBitForBit) {
  for (bool feasible : {true, false}) {
    SCOPED_TRACE(feasible ? "feasible" : "with cycles");
    const RunConfig config = Synthetic(feasible);
    const Solved whole = SolveAfterStepOnE(config, 0);
    ASSERT_TRUE(whole.report.solved) << whole.report.message;
    EXPECT_EQ(whole.report.acyclic, feasible);  // both paths are exercised
    for (int64_t budget : {1, 97, 5000}) {
      const Solved sliced = SolveAfterStepOnE(config, budget);
      ExpectSameSolve(whole, sliced);
      if (budget == 1) EXPECT_GT(sliced.slices, 3);  // it really was cut into slices
      // Cycles add the second part, over the acyclic reviews.
      EXPECT_EQ(sliced.parts, whole.report.acyclic ? 1 : 2);
    }
  }
}

TEST(MaxMarginSlices, TheStepsBetweenTheSweepsAreCallsOfTheirOwn) {
  // However large the budget, a part's solution, the acyclic reviews' set-up and the commit
  // each take a call of their own after the sweeps (so that no call of the page's worker
  // does one of them on top of a slice of sweeps): at least sweeps + solution per part,
  // then the set-up and the commit.
  for (bool feasible : {true, false}) {
    SCOPED_TRACE(feasible ? "feasible" : "with cycles");
    Experiment experiment;
    ASSERT_TRUE(experiment.LoadSynthetic(Synthetic(feasible)).ok());
    ASSERT_FALSE(experiment.StepEmbeddings().refused);
    MaxMarginProgress progress = experiment.StartMaxMargin();
    int32_t calls = 0, parts = 0;
    while (progress.active) {
      parts = std::max(parts, progress.part);
      progress = experiment.ContinueMaxMargin(int64_t{1} << 40);
      ++calls;
    }
    ASSERT_TRUE(progress.done) << progress.message;
    EXPECT_EQ(parts, feasible ? 1 : 2);
    EXPECT_GE(calls, 2 * parts + 2);
  }
}

TEST(MaxMarginSlices, AChangeOfTheRunAbandonsTheSolveUnderWay) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(Synthetic(true)).ok());
  EXPECT_FALSE(experiment.ContinueMaxMargin(100).active);  // nothing started
  EXPECT_FALSE(experiment.StartMaxMargin().active);        // before the step on E
  EXPECT_NE(experiment.max_margin_report().message.find("step on E"), std::string::npos);
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  ASSERT_TRUE(experiment.StartMaxMargin().active);
  ASSERT_FALSE(experiment.StepAttention(1).refused);  // the run moves on
  const MaxMarginProgress after = experiment.ContinueMaxMargin(1 << 30);
  EXPECT_FALSE(after.active);
  EXPECT_FALSE(after.done);
  EXPECT_FALSE(after.message.empty());
  EXPECT_FALSE(experiment.max_margin_current());
  EXPECT_FALSE(experiment.CurrentMetrics().has_max_margin);
}

}  // namespace
}  // namespace clslab
