// The lab as it opens (issue 18): the default settings on the built-in twins, played to the
// end of the default run as the page and the CLI play it, show all three results, Result 2
// over every training review. Reads web/public/datasets/twins.tsv (generated, in the repo).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/messages.h"
#include "clslab/run_plan.h"

namespace clslab {
namespace {

std::string ReadDataset(const std::string& name) {
  std::ifstream file(std::string(CLSLAB_DATASETS_DIR) + "/" + name, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

const Finding* PanelLine(const Guidance& guidance, const std::string& panel) {
  for (const Finding& line : guidance.panels) {
    if (line.panel == panel) return &line;
  }
  return nullptr;
}

bool HasDetail(const Finding& finding, const std::string& code) {
  for (const Finding& detail : finding.details) {
    if (detail.code == code) return true;
  }
  return false;
}

struct DefaultRun {
  Metrics after_step_on_e, middle, end;
  int32_t train_reviews = 0, vocab_size = 0;
  MaxMarginReport max_margin;
  Guidance guidance;
};

// RunConfig() on its dataset, played to the end of the default run by the run's loop
// (Experiment::Work) as the page's worker and `clslab train` play it, measured at the run's
// record steps (the history the guidance reads).
DefaultRun PlayTheDefaultRun(const std::string& dataset_name) {
  DefaultRun run;
  RunConfig config;
  config.dataset = dataset_name;
  Experiment experiment;
  const std::string bytes = ReadDataset(dataset_name + ".tsv");
  EXPECT_FALSE(bytes.empty()) << dataset_name;
  const Result<DatasetSummary> loaded = experiment.Load(SourceBytes::Text(bytes), config);
  EXPECT_TRUE(loaded.ok()) << loaded.status.message();
  if (!loaded.ok()) return run;
  run.train_reviews = loaded.value.train_reviews;
  run.vocab_size = loaded.value.vocab_size;
  const int64_t target = experiment.Plan().target_step;
  EXPECT_EQ(target, config.steps);
  while (experiment.step() < target) {
    WorkOrder order;
    order.target_step = order.measure_at =
        std::min(NextRecordStep(config, experiment.step()), target);
    WorkReport report = experiment.Work(order);
    while (!report.metrics_ready && !report.steps.refused) report = experiment.Work(order);
    EXPECT_FALSE(report.steps.refused) << report.steps.message;
    if (report.steps.refused) break;
    const Metrics now = experiment.CurrentMetrics();
    if (now.step == 1) run.after_step_on_e = now;
    if (now.step <= target / 2) run.middle = now;
  }
  run.max_margin = experiment.max_margin_report();
  run.end = experiment.CurrentMetrics();
  run.guidance = experiment.Explain();
  // Every finding of the run keeps the claim its words make.
  const GuidanceInputs inputs = experiment.ExplainInputs();
  std::string why;
  for (const Finding& f : run.guidance.panels) EXPECT_TRUE(ClaimHolds(inputs, f, &why)) << why;
  for (const Finding& f : run.guidance.diagnostics) EXPECT_TRUE(ClaimHolds(inputs, f, &why)) << why;
  EXPECT_TRUE(ClaimHolds(inputs, run.guidance.coverage, &why)) << why;
  EXPECT_TRUE(ClaimHolds(inputs, run.guidance.prompt, &why)) << why;
  return run;
}

TEST(DefaultRun, TheTwinsShowAllThreeResultsResult2OverEveryReview) {
  const DefaultRun run = PlayTheDefaultRun(RunConfig().dataset);
  const Metrics& m = run.end;
  ASSERT_GT(run.train_reviews, 1000);
  // Result 2's hypotheses, measured: no constraint on a cycle (the attention-SVM is feasible
  // over all reviews, hard margin) and d >= V.
  ASSERT_TRUE(run.max_margin.solved) << run.max_margin.message;
  EXPECT_TRUE(run.max_margin.acyclic);
  EXPECT_TRUE(run.max_margin.hard_margin);
  EXPECT_EQ(run.max_margin.constraints_in_cycles, 0);
  EXPECT_EQ(run.max_margin.acyclic_reviews, run.train_reviews);
  EXPECT_GE(RunConfig().width, run.vocab_size);
  // Result 2 over ALL training reviews (not a subset): the thresholds of issue 18.
  ASSERT_TRUE(m.has_max_margin);
  EXPECT_EQ(m.train_reviews, run.train_reviews);
  EXPECT_GT(m.cosine_to_max_margin, 0.9);
  EXPECT_GT(m.selection_accuracy, 0.95);
  // ||p|| grows, and the normalized margin approaches 1/||p_mm|| from below: past 70% of it
  // (it lags the cosine: an angle theta costs the margin O(theta ||z||)), and nearer than at
  // the middle of the run.
  EXPECT_GT(m.p_norm, 1.5 * run.middle.p_norm);
  EXPECT_GT(m.normalized_margin, 0.7 * m.max_margin_reference);
  EXPECT_LE(m.normalized_margin, m.max_margin_reference * (1 + 1e-4));
  EXPECT_GT(m.normalized_margin, run.middle.normalized_margin);
  // The test accuracy the flow starts from is measured, not a placeholder.
  EXPECT_TRUE(m.has_test_after_step_on_e);
  EXPECT_GT(m.test_accuracy_after_step_on_e, 0.5);
  // Each panel's verdict, as the page shows it.
  const Finding* result1 = PanelLine(run.guidance, "result1");
  const Finding* figure1 = PanelLine(run.guidance, "figure1");
  const Finding* result2 = PanelLine(run.guidance, "result2");
  ASSERT_NE(result1, nullptr);
  ASSERT_NE(figure1, nullptr);
  ASSERT_NE(result2, nullptr);
  EXPECT_EQ(result1->kind, FindingKind::kShown) << result1->code;
  EXPECT_EQ(figure1->kind, FindingKind::kShown) << figure1->code;
  EXPECT_EQ(result2->kind, FindingKind::kShown) << result2->code;
  // The Result 2 verdict says which hypothesis holds and why this data meets it, and offers
  // the real reviews next.
  EXPECT_TRUE(HasDetail(*result2, "result2-feasible"));
  EXPECT_TRUE(HasDetail(*result2, "result2-twins"));
  // And what it checked for the limit at step 300 (issue 37): the flow's own selection is
  // s* in every review, so the att-SVM it is nearest is p_mm itself (on twins of other seeds
  // it is not, and the verdict is result2-elsewhere: guidance_test, docs/RESULTS.md).
  EXPECT_TRUE(HasDetail(*result2, "result2-limit-same"));
  EXPECT_EQ(m.local_selection_s_star, 1);
  EXPECT_EQ(result2->dataset, "movies");
}

// The switch to real reviews under the same settings: Result 1 stays exact and Figure 1 shows,
// while Result 2's hypothesis fails for a measured reason the line states (constraints on
// cycles, one strongly connected set of words).
TEST(DefaultRun, TheMovieReviewsKeepResult1AndSayWhyResult2sHypothesisFails) {
  const DefaultRun run = PlayTheDefaultRun("movies");
  ASSERT_TRUE(run.max_margin.solved) << run.max_margin.message;
  EXPECT_FALSE(run.max_margin.acyclic);
  EXPECT_GT(run.max_margin.constraints_in_cycles, 0);
  const Finding* result1 = PanelLine(run.guidance, "result1");
  const Finding* figure1 = PanelLine(run.guidance, "figure1");
  const Finding* result2 = PanelLine(run.guidance, "result2");
  ASSERT_NE(result1, nullptr);
  ASSERT_NE(figure1, nullptr);
  ASSERT_NE(result2, nullptr);
  EXPECT_EQ(result1->kind, FindingKind::kShown) << result1->code;
  EXPECT_EQ(figure1->kind, FindingKind::kShown) << figure1->code;
  EXPECT_NE(result2->kind, FindingKind::kShown);
  EXPECT_TRUE(HasDetail(*result2, "result2-cycles"));
  EXPECT_TRUE(HasDetail(*result2, "result2-component"));
  // The hypothesis fails: the two baselines stand beside the verdict.
  EXPECT_TRUE(HasDetail(*result2, "result2-baseline-selection"));
  EXPECT_TRUE(HasDetail(*result2, "result2-baseline-pooled"));
  EXPECT_EQ(result2->dataset, "");
}

// Result 2 for as long as the run goes (issue 37): the default settings on the twins played
// on past the default run. Once the softmax saturates (gap ||p|| past ~35, about step 150),
// the flow's direction must come from the leader-relative gradient: the naive
// sum_t s_t (b_t - f) E_t had no correct digit there, and its normalized steps turned p away
// from p_mm (cos 0.979 at step 1,000, 0.84 at 2,800, 0.43 at 10,000; this test failed on
// that arithmetic from step 600). Here: from its first crossing of 0.99 the cosine stays
// above it and never falls more than 0.002 below its best, selection stays 1, and the
// normalized margin rises toward 1/||p_mm||. The 10,000-step run is in docs/RESULTS.md.
TEST(DefaultRun, PlayedOnTheTwinsTheFlowKeepsTurningTowardPmm) {
  RunConfig config;
  config.steps = 1500;
  Experiment experiment;
  const Result<DatasetSummary> loaded =
      experiment.Load(SourceBytes::Text(ReadDataset(config.dataset + ".tsv")), config);
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  double best_cosine = 0, last_margin = -1;
  bool crossed = false;
  for (int64_t step = 100; step <= config.steps; step += 100) {
    WorkOrder order;
    order.target_step = order.measure_at = step;
    WorkReport report = experiment.Work(order);
    while (!report.metrics_ready && !report.steps.refused) report = experiment.Work(order);
    ASSERT_FALSE(report.steps.refused) << report.steps.message;
    const Metrics m = experiment.CurrentMetrics();
    ASSERT_EQ(m.step, step);
    ASSERT_TRUE(m.has_max_margin);
    best_cosine = std::max(best_cosine, m.cosine_to_max_margin);
    crossed = crossed || m.cosine_to_max_margin >= 0.99;
    if (crossed) {
      EXPECT_GE(m.cosine_to_max_margin, 0.99) << "step " << step;
      EXPECT_GE(m.cosine_to_max_margin, best_cosine - 0.002) << "step " << step;
      EXPECT_EQ(m.selection_accuracy, 1.0) << "step " << step;
    }
    // The margin rises once the direction has settled (from step 600 on, every 100 steps).
    if (step >= 600) EXPECT_GT(m.normalized_margin, last_margin) << "step " << step;
    EXPECT_LE(m.normalized_margin, m.max_margin_reference * (1 + 1e-4)) << "step " << step;
    last_margin = m.normalized_margin;
  }
  EXPECT_TRUE(crossed);
  const Metrics end = experiment.CurrentMetrics();
  EXPECT_GT(end.cosine_to_max_margin, 0.9995);
  EXPECT_GT(end.normalized_margin, 0.95 * end.max_margin_reference);
}

}  // namespace
}  // namespace clslab
