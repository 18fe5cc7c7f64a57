// The flow's own selection and the attention-SVM for it (local_svm.h): which tokens the
// flow selects, the hard margin that exists for them even where s* has none, the warm
// start between selections, and the Experiment's solve over all reviews.
#include "clslab/local_svm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "clslab/experiment.h"

namespace clslab {
namespace {

SelectedSets Sets(const std::vector<std::vector<int32_t>>& sets) {
  SelectedSets out;
  out.offsets = {0};
  for (const std::vector<int32_t>& s : sets) {
    out.token_ids.insert(out.token_ids.end(), s.begin(), s.end());
    out.offsets.push_back(static_cast<int32_t>(out.token_ids.size()));
  }
  return out;
}

double Cosine(const Eigen::VectorXf& a, const Eigen::VectorXf& b) {
  return a.cast<double>().dot(b.cast<double>()) /
         (a.cast<double>().norm() * b.cast<double>().norm());
}

TEST(FlowSelection, TakesEachReviewsTopTokensAndComparesThemWithSStar) {
  Corpus corpus;
  corpus.vocab_size = 5;
  corpus.Add({0, 1, 2}, 1);
  corpus.Add({3, 4, 3}, -1);
  corpus.Add({}, 1);
  corpus.Add({1, 2}, 1);
  const std::vector<float> attention = {3, 1, 1, 2, 0};  // V, p.E_s
  const SelectedSets theory = Sets({{1}, {3}, {}, {1, 2}});
  const FlowSelection flow = ComputeFlowSelection(corpus, attention, theory);
  EXPECT_EQ(flow.sets.offsets, (std::vector<int32_t>{0, 1, 2, 2, 4}));
  EXPECT_EQ(flow.sets.token_ids, (std::vector<int32_t>{0, 3, 1, 2}));
  EXPECT_EQ(flow.reviews, 3);    // the empty review selects nothing and is not counted
  EXPECT_EQ(flow.strict, 2);     // review 3 ties tokens 1 and 2
  EXPECT_EQ(flow.in_theory, 2);  // review 0 selects 0, where s* is 1
}

TEST(LocalSvm, WhereSStarHasNoHardMarginTheFlowsSelectionHasOneWithTheKnownAnswer) {
  // E = I: constraint (a, b) reads p_a - p_b >= 1. s*: review 0 selects 0 over 1, review 1
  // selects 1 over 0, a cycle. The flow at p = (1, 0.2, 0) selects 0 in both reviews and 2
  // nowhere: its only constraint is p_0 - p_1 >= 1, whose max-margin solution is
  // (0.5, -0.5, 0).
  RowMatrixXf E = RowMatrixXf::Identity(3, 3);
  Corpus corpus;
  corpus.vocab_size = 3;
  corpus.Add({0, 1}, 1);
  corpus.Add({1, 0}, -1);
  const SelectedSets theory = Sets({{0}, {1}});
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-8;
  EXPECT_FALSE(SolveAttentionSvm(E, BuildConstraints(corpus, theory), options).ok());
  Eigen::VectorXf p(3);
  p << 1, 0.2f, 0;
  const Eigen::VectorXf scores = E * p;  // V
  const FlowSelection flow =
      ComputeFlowSelection(corpus, std::vector<float>(scores.data(), scores.data() + 3), theory);
  EXPECT_EQ(flow.in_theory, 1);  // s* share 50%
  const MarginConstraints constraints = BuildConstraints(corpus, flow.sets);
  ASSERT_EQ(constraints.size(), 1);
  const Result<SvmSolution> solved = SolveAttentionSvm(E, constraints, options);
  ASSERT_TRUE(solved.ok()) << solved.status.message();
  Eigen::VectorXf expected(3);
  expected << 0.5f, -0.5f, 0;
  EXPECT_NEAR((solved.value.p - expected).norm(), 0, 1e-4);  // gap 1e-8 on an O(1) problem
  // cos(p, p_local) = (0.5 - 0.1) / (|p| |p_local|) = 0.4 / (1.0198 * 0.7071).
  EXPECT_NEAR(Cosine(p, solved.value.p), 0.4 / (std::sqrt(1.04) * std::sqrt(0.5)), 1e-4);
}

TEST(LocalSvm, FourTokensTwoReviewsGiveTheHandSolvedDirectionAndCosine) {
  // E = I_4, reviews {0, 1} and {2, 3}; p = (2, -1, 1, -1) selects 0 and 2, so p_local =
  // (0.5, -0.5, 0.5, -0.5) and cos(p, p_local) = 2.5 / sqrt(7); s* (1 and 2) is selected
  // in one review of two.
  RowMatrixXf E = RowMatrixXf::Identity(4, 4);
  Corpus corpus;
  corpus.vocab_size = 4;
  corpus.Add({0, 1}, -1);
  corpus.Add({2, 3}, 1);
  Eigen::VectorXf p(4);
  p << 2, -1, 1, -1;
  const std::vector<float> attention(p.data(), p.data() + 4);
  const FlowSelection flow = ComputeFlowSelection(corpus, attention, Sets({{1}, {2}}));
  EXPECT_EQ(flow.in_theory, 1);
  EXPECT_EQ(flow.strict, 2);
  SvmOptions options;
  options.hard_margin = true;
  options.tolerance = 1e-8;
  const Result<SvmSolution> solved =
      SolveAttentionSvm(E, BuildConstraints(corpus, flow.sets), options);
  ASSERT_TRUE(solved.ok());
  EXPECT_NEAR(solved.value.norm, 1.0, 1e-4);
  EXPECT_NEAR(Cosine(p, solved.value.p), 2.5 / std::sqrt(7.0), 1e-4);
}

TEST(LocalSvm, CarryOverKeepsTheWeightsOfPairsInBothSelections) {
  MarginConstraints from, to;
  from.winner = {0, 2};
  from.loser = {1, 3};
  to.winner = {0, 0, 2, 3};
  to.loser = {1, 2, 3, 0};
  EXPECT_EQ(CarryOverWeights(from, {0.5f, 0.7f}, to), (std::vector<float>{0.5f, 0, 0.7f, 0}));
  // A lambda of the wrong size carries nothing.
  EXPECT_EQ(CarryOverWeights(from, {0.5f}, to), (std::vector<float>(4, 0.0f)));
}

RunConfig InfeasibleSyntheticConfig() {
  RunConfig config;
  config.dataset = "synthetic";
  config.synthetic_reviews = 300;
  config.synthetic_feasible = false;
  config.test_fraction = 0;
  config.min_count = 1;
  config.width = 256;
  config.sigma = 1;
  config.eta = 1000;
  return config;
}

TEST(LocalSvm, TheExperimentSolvesTheFlowsSelectionOverAllReviewsAndOnlyWhenItChanges) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(InfeasibleSyntheticConfig()).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  EXPECT_FALSE(experiment.ContinueLocalSvm(1000).active);  // p = 0: nothing selected yet
  ASSERT_FALSE(experiment.StepAttention(50).refused);
  const LocalSvmReport first = experiment.SolveLocalSvm();
  ASSERT_TRUE(first.solved) << first.message;
  EXPECT_EQ(first.step, 51);
  EXPECT_FALSE(first.warm_start);
  EXPECT_EQ(first.reviews, experiment.summary().train_reviews);  // all reviews, not a subset
  const Metrics m = experiment.CurrentMetrics();
  ASSERT_TRUE(m.has_local_svm);
  EXPECT_TRUE(m.local_selection_current);
  EXPECT_GT(m.cosine_to_local_svm, 0);
  EXPECT_LE(m.cosine_to_local_svm, 1 + 1e-9);
  // p separates its own selection, so its normalized margin is positive and at most the
  // SVM's 1/||p_local|| (up to the solve's tolerance).
  EXPECT_GT(m.local_normalized_margin, 0);
  EXPECT_LE(m.local_normalized_margin, m.local_svm_reference * (1 + 1e-3));
  EXPECT_NEAR(m.local_selection_s_star, static_cast<double>(first.s_star_reviews) / first.reviews,
              1e-12);
  // Unchanged selection: nothing to solve.
  const MaxMarginProgress again = experiment.ContinueLocalSvm(1000);
  EXPECT_TRUE(again.done);
  EXPECT_EQ(experiment.local_svm_report().solves, 1);
  // The flow moves on and the selection changes: a warm-started solve, in slices.
  ASSERT_FALSE(experiment.StepAttention(400).refused);
  ASSERT_FALSE(experiment.CurrentMetrics().local_selection_current);
  MaxMarginProgress progress = experiment.ContinueLocalSvm(500);
  ASSERT_TRUE(progress.active);
  // While under way it names the step whose selection it solves (the page shows it).
  EXPECT_EQ(progress.stage, SolveStage::kLocalHard);
  EXPECT_EQ(progress.step, 451);
  while (progress.active) progress = experiment.ContinueLocalSvm(500);
  EXPECT_TRUE(progress.done);
  const LocalSvmReport second = experiment.local_svm_report();
  EXPECT_TRUE(second.solved);
  EXPECT_TRUE(second.warm_start);
  EXPECT_EQ(second.solves, 2);
  EXPECT_EQ(second.step, 451);
  EXPECT_TRUE(experiment.CurrentMetrics().local_selection_current);
}

TEST(LocalSvm, AfterARunTheSolveIsOfTheFinalSelectionNotOfOneTheFlowHasLeft) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(InfeasibleSyntheticConfig()).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  ASSERT_FALSE(experiment.StepAttention(50).refused);
  ASSERT_TRUE(experiment.SolveLocalSvm().solved);
  // A solve starts at step 451 (as during Play) and the flow goes on to step 851.
  ASSERT_FALSE(experiment.StepAttention(400).refused);
  ASSERT_TRUE(experiment.ContinueLocalSvm(200).active);
  ASSERT_FALSE(experiment.StepAttention(400).refused);
  // During Play the started solve runs on for its own selection...
  MaxMarginProgress progress = experiment.ContinueLocalSvm(200);
  ASSERT_TRUE(progress.active);
  EXPECT_EQ(progress.stage, SolveStage::kLocalHard);
  EXPECT_EQ(progress.step, 451);
  // ...once the run has stopped, the solve is the final selection's.
  progress = experiment.ContinueLocalSvm(200, true);
  while (progress.active) {
    EXPECT_EQ(progress.stage, SolveStage::kLocalHard);
    EXPECT_EQ(progress.step, 851);
    progress = experiment.ContinueLocalSvm(200, true);
  }
  EXPECT_EQ(experiment.local_svm_report().step, 851);
  EXPECT_TRUE(experiment.CurrentMetrics().local_selection_current);
}

TEST(LocalSvm, ASelectionThatLeavesNoTokenOutSaysSoAndIsNotAFailedSolve) {
  // Tokens with one embedding tie under any p: each review selects all of its tokens, so
  // there is no (selected, other) pair and the att-SVM has nothing to solve. (Data with one
  // distinct token per review, where any E and p do so, is refused at load: nothing to
  // select.)
  std::string data = "label\ttext\n";
  for (int i = 0; i < 40; ++i) data += i % 2 ? "1\tgreat film\n" : "0\tawful plot\n";
  RunConfig config;
  config.dataset = "file";
  config.source_name = "two-words.tsv";
  config.max_doc_share = 1;
  config.min_count = 1;
  config.width = 8;
  config.test_fraction = 0;
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(data), config).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  Weights w = *experiment.weights();
  w.E.setConstant(0.25f);
  w.p = Eigen::VectorXf::Ones(w.p.size());
  ASSERT_TRUE(experiment.RestoreWeights(w, 21, "flow on p").ok());
  const MaxMarginProgress progress = experiment.ContinueLocalSvm(1000);
  EXPECT_FALSE(progress.active) << progress.message;
  EXPECT_NE(progress.message.find("no constraint"), std::string::npos) << progress.message;
  const LocalSvmReport report = experiment.local_svm_report();
  EXPECT_FALSE(report.solved);
  EXPECT_EQ(report.constraints, 0);
  EXPECT_EQ(report.step, 21);
  EXPECT_EQ(report.reviews, 40);
  EXPECT_NE(report.message.find("no constraint"), std::string::npos) << report.message;
  EXPECT_EQ(report.message.find("did not satisfy"), std::string::npos) << report.message;
  EXPECT_FALSE(experiment.CurrentMetrics().has_local_svm);
}

TEST(LocalSvm, ASlicedSolveGivesTheSameAnswerAsOneCall) {
  Experiment sliced, whole;
  for (Experiment* e : {&sliced, &whole}) {
    ASSERT_TRUE(e->LoadSynthetic(InfeasibleSyntheticConfig()).ok());
    e->StepEmbeddings();
    e->StepAttention(80);
  }
  whole.SolveLocalSvm();
  MaxMarginProgress progress = sliced.ContinueLocalSvm(37);
  while (progress.active) progress = sliced.ContinueLocalSvm(37);
  EXPECT_EQ(sliced.CurrentMetrics().cosine_to_local_svm,
            whole.CurrentMetrics().cosine_to_local_svm);
  EXPECT_EQ(sliced.local_svm_report().norm, whole.local_svm_report().norm);
}

}  // namespace
}  // namespace clslab
