// Twins of other seeds (issue 37, item 3): `node scripts/make-twins.mjs --seed N` promises a set
// on which, at the default settings, every training review's s* is a sentiment word that
// leads its runner-up in y v.E(1) by at least kPromisedGap, and the flow on p converges in
// direction to p_mm. Here the generator writes a few seeds' sets and the real pipeline
// (RunConfig() defaults, the run's loop as `clslab train` plays it) checks both. Seeds 3 and 20
// stalled on the generator before the promise (a weak or a neutral word s* by a near tie, the
// flow converging to the att-SVM of its own selection; docs/RESULTS.md, "Twins of other
// seeds"): on those files this test fails at the gap and at the cosine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/messages.h"
#include "clslab/reports.h"
#include "clslab/run_plan.h"

namespace clslab {
namespace {

// The generator's GAP (scripts/make-twins.mjs): the smallest s* gap it promises in y v.E(1)
// (wherever the E(0) noise on a pair stays within 3 sd; no pair of the seeds below is near it).
constexpr double kPromisedGap = 0.01;

std::string ReadFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The set `node scripts/make-twins.mjs --seed N` writes, or "" (with a failure) if it could not.
std::string GenerateTwins(int seed) {
  const std::string out = ::testing::TempDir() + "twins-seed-" + std::to_string(seed) + ".tsv";
  const std::string command = std::string("\"") + CLSLAB_NODE + "\" \"" + CLSLAB_SOURCE_DIR +
                              "/scripts/make-twins.mjs\" --seed " + std::to_string(seed) +
                              " --out \"" + out + "\" > /dev/null";
  const int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << command;
  const std::string bytes = status == 0 ? ReadFile(out) : "";
  std::remove(out.c_str());
  return bytes;
}

// Plays the run to `step` (measured there), as the page's worker and `clslab train` do.
void PlayTo(Experiment& experiment, int64_t step) {
  WorkOrder order;
  order.target_step = order.measure_at = step;
  WorkReport report = experiment.Work(order);
  while (!report.metrics_ready && !report.steps.refused) report = experiment.Work(order);
  ASSERT_FALSE(report.steps.refused) << report.steps.message;
}

// The smallest s* gap over the training reviews, in y v.E: a review's s* (the largest y b_t,
// its selected set S_i) against the best token outside S_i. Words the model does not see
// (dropped by max_doc_share with drop_unknown) are left out, as the selection leaves them.
struct SmallestGap {
  double gap = 1e300;
  std::string review;
};
SmallestGap SmallestSStarGap(const Experiment& experiment, int32_t train_reviews) {
  SmallestGap smallest;
  for (int32_t i = 0; i < train_reviews; ++i) {
    const ReviewView view = experiment.Review(false, i);
    double top = -1e300, runner_up = -1e300;
    for (size_t t = 0; t < view.tokens.size(); ++t) {
      if (view.tokens[t].empty()) continue;
      const double aligned = view.label * static_cast<double>(view.value[t]);
      (view.selected[t] ? top : runner_up) = std::max(view.selected[t] ? top : runner_up, aligned);
    }
    if (runner_up > -1e300 && top - runner_up < smallest.gap) {
      smallest.gap = top - runner_up;
      smallest.review = view.text;
    }
  }
  return smallest;
}

// The seed's set at the defaults, played to `steps`: the promise after the step on E, then
// Result 2 for as long as the run goes (the bar of issue 37, item 2).
void ExpectThePromiseAndTheLimit(int seed, int64_t steps) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  const std::string bytes = GenerateTwins(seed);
  ASSERT_FALSE(bytes.empty());
  RunConfig config;
  config.steps = steps;
  Experiment experiment;
  const Result<DatasetSummary> loaded = experiment.Load(SourceBytes::Text(bytes), config);
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  const int32_t train_reviews = loaded.value.train_reviews;

  PlayTo(experiment, 1);  // the step on E: E(1), and with it s*
  const SmallestGap smallest = SmallestSStarGap(experiment, train_reviews);
  EXPECT_GE(smallest.gap, kPromisedGap) << "in: " << smallest.review;

  double best_cosine = 0, last_margin = -1e300;
  int64_t crossed_at = 0;
  for (int64_t step = 100; step <= steps; step += 100) {
    PlayTo(experiment, step);
    const Metrics m = experiment.CurrentMetrics();
    ASSERT_EQ(m.step, step);
    ASSERT_TRUE(m.has_max_margin);
    best_cosine = std::max(best_cosine, m.cosine_to_max_margin);
    if (crossed_at == 0 && m.cosine_to_max_margin >= 0.99) crossed_at = step;
    if (crossed_at > 0) {
      EXPECT_GE(m.cosine_to_max_margin, 0.99) << "step " << step;
      EXPECT_GE(m.cosine_to_max_margin, best_cosine - 0.002) << "step " << step;
      EXPECT_EQ(m.selection_accuracy, 1.0) << "step " << step;
    }
    // Once the direction has settled the normalized margin rises at every record step, and
    // never past 1/||p_mm||.
    if (crossed_at > 0 && step >= crossed_at + 300) {
      EXPECT_GT(m.normalized_margin, last_margin) << "step " << step;
    }
    EXPECT_LE(m.normalized_margin, m.max_margin_reference * (1 + 1e-4)) << "step " << step;
    last_margin = m.normalized_margin;
  }
  // The hypothesis the promise keeps: no constraint on a cycle (hard margin over all reviews).
  const MaxMarginReport report = experiment.max_margin_report();
  ASSERT_TRUE(report.solved) << report.message;
  EXPECT_TRUE(report.acyclic);
  EXPECT_TRUE(report.hard_margin);
  EXPECT_GT(crossed_at, 0) << "cos(p, p_mm) never reached 0.99 (best " << best_cosine << ")";
  const Metrics end = experiment.CurrentMetrics();
  EXPECT_GT(end.normalized_margin, 0.5 * end.max_margin_reference);
  EXPECT_EQ(end.local_selection_s_star, 1.0);
}

// Seeds 3 and 20 stalled before the promise (cos(p, p_mm) 0.93 and 0.83 from step 300 on, the
// margin negative); seed 9 is a set the promise leaves as drawn (no review redrawn).
TEST(TwinsSeeds, ThePromiseHoldsAndTheFlowConvergesToPmmSeed3) {
  ExpectThePromiseAndTheLimit(3, 1200);
}
TEST(TwinsSeeds, ThePromiseHoldsAndTheFlowConvergesToPmmSeed20) {
  ExpectThePromiseAndTheLimit(20, 1200);
}

// The local case on the real pipeline (issue 37: p_local and result2-elsewhere were tested on
// constructed metrics only). tests/fixtures/twins-near-tie.tsv is a draw of the generator before
// its promise (`PAIRS = 150`, seed 4: 300 reviews): its must-beat graph is acyclic, so p_mm
// exists with a hard margin, but after the step on E a weak word is s* by a near tie in 2 of the
// 240 training reviews while the flow lifts a common polar word there. The flow converges in
// direction to the att-SVM of its own selection (cos(p, p_local) 0.9935 at step 750, 0.9988 at
// 2,000, cos(p, p_mm) flat at 0.956, the margin against s* negative and falling: measured with
// `clslab train --steps 2000`). Fails if the verdict rule, p_local or its cosine broke.
Result<DatasetSummary> LoadNearTie(int64_t steps, Experiment& experiment) {
  RunConfig config;
  config.steps = steps;
  const std::string path = std::string(CLSLAB_SOURCE_DIR) + "/tests/fixtures/twins-near-tie.tsv";
  return experiment.Load(SourceBytes::Text(ReadFile(path)), config);
}

TEST(TwinsSeeds, ANearTieSendsTheFlowToTheAttSvmOfItsOwnSelection) {
  // The default run, played by its record steps (the history the verdict reads), to its end,
  // where p_local of the final selection is solved.
  Experiment experiment;
  const Result<DatasetSummary> loaded = LoadNearTie(RunConfig().steps, experiment);
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  const RunConfig config = experiment.config();
  const int64_t target = experiment.Plan().target_step;
  while (experiment.step() < target) {
    PlayTo(experiment, std::min(NextRecordStep(config, experiment.step()), target));
    if (HasFatalFailure()) return;
  }
  const MaxMarginReport report = experiment.max_margin_report();
  ASSERT_TRUE(report.solved) << report.message;
  EXPECT_TRUE(report.acyclic);  // p_mm exists: the theorem's hypothesis holds
  EXPECT_TRUE(report.hard_margin);
  const Metrics m = experiment.CurrentMetrics();
  ASSERT_TRUE(m.has_local_selection);
  EXPECT_LT(m.local_selection_s_star, 1.0);  // some review's flow selection is not s*
  ASSERT_TRUE(m.has_local_svm);
  EXPECT_TRUE(m.local_selection_current);
  EXPECT_GT(m.cosine_to_local_svm, m.cosine_to_max_margin);
  const Guidance guidance = experiment.Explain();
  const Finding* result2 = nullptr;
  for (const Finding& line : guidance.panels) {
    if (line.panel == "result2") result2 = &line;
  }
  ASSERT_NE(result2, nullptr);
  EXPECT_EQ(result2->code, "result2-elsewhere");
  EXPECT_EQ(result2->kind, FindingKind::kOff);
  std::string why;
  EXPECT_TRUE(ClaimHolds(experiment.ExplainInputs(), *result2, &why)) << why;
}

TEST(TwinsSeeds, PlayedOnANearTieTheFlowKeepsToItsOwnSelection) {
  Experiment experiment;
  const Result<DatasetSummary> loaded = LoadNearTie(1500, experiment);
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  PlayTo(experiment, 1500);  // the run's end: p_local of the final selection solved
  const Metrics m = experiment.CurrentMetrics();
  ASSERT_TRUE(m.has_local_svm && m.local_selection_current && m.has_max_margin);
  EXPECT_LT(m.local_selection_s_star, 1.0);
  EXPECT_GT(m.cosine_to_local_svm, 0.995);
  EXPECT_LT(m.cosine_to_max_margin, 0.97);
  // Against the flow's own selection the margin is positive and near 1/||p_local||; against
  // s* it is negative.
  EXPECT_GT(m.local_normalized_margin, 0.8 * m.local_svm_reference);
  EXPECT_LT(m.normalized_margin, 0);
}

}  // namespace
}  // namespace clslab
