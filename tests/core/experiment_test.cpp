// End-to-end checks of the paper's claims through the Experiment facade (what the page
// and the CLI run), and the facade's promises: failed loads lose nothing, every number
// is finite, reviews are shown as tokens with attention.
#include "clslab/experiment.h"

#include <gtest/gtest.h>

#include <cmath>

#include "clslab/messages.h"

namespace clslab {
namespace {

RunConfig FeasibleSyntheticConfig() {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "synthetic";
  config.synthetic_reviews = 300;
  config.synthetic_feasible = true;
  config.test_fraction = 0;
  config.min_count = 1;
  // d >= V makes the rows of E(0) independent, so an acyclic pattern is feasible; sigma = 1
  // gives the directions orthogonal to v enough size for the flow to use them quickly.
  config.width = 256;
  config.sigma = 1;
  config.eta = 1000;
  config.flow_step = FlowStep::kArmijo;
  config.flow_rate = 0.1;
  return config;
}

TEST(Experiment, FlowOnFeasibleSyntheticDataConvergesToTheMaxMarginDirection) {
  Experiment experiment;
  const RunConfig config = FeasibleSyntheticConfig();
  ASSERT_TRUE(experiment.LoadSynthetic(config).ok());
  const StepReport after_step = experiment.StepEmbeddings();
  ASSERT_FALSE(after_step.refused) << after_step.message;
  const MaxMarginReport report = experiment.SolveMaxMargin();
  ASSERT_TRUE(report.solved) << report.message;
  EXPECT_TRUE(report.acyclic);
  EXPECT_TRUE(report.hard_margin);
  EXPECT_EQ(report.violated, 0);
  EXPECT_GE(report.min_margin, 1 - 1e-6);
  const StepReport flow = experiment.StepAttention(20000);
  ASSERT_FALSE(flow.refused) << flow.message;
  const Metrics m = experiment.CurrentMetrics();
  ASSERT_TRUE(m.has_max_margin);
  EXPECT_GT(m.cosine_to_max_margin, 0.99);
  EXPECT_EQ(m.selection_accuracy, 1.0);
  EXPECT_GT(m.selection_mass, 0.99);
  // The normalized margin approaches 1/||p_mm|| from below; it lags the cosine (an error
  // of angle theta costs the margin O(theta ||z||)), so it is checked at 70%.
  EXPECT_GT(m.normalized_margin, 0.7 * m.max_margin_reference);
  EXPECT_LE(m.normalized_margin, m.max_margin_reference * (1 + 1e-4));
}

TEST(Experiment, StepOnEMatchesThePredictedSlope) {
  Experiment experiment;
  RunConfig config = FeasibleSyntheticConfig();
  config.sigma = 0.01;
  config.width = 64;
  config.eta = 3000;
  ASSERT_TRUE(experiment.LoadSynthetic(config).ok());
  const Metrics before = experiment.CurrentMetrics();
  EXPECT_FALSE(before.has_predicted_slope);
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  const Metrics m = experiment.CurrentMetrics();
  ASSERT_TRUE(m.has_predicted_slope);
  EXPECT_NEAR(m.predicted_slope, 1500, 1500 * 1e-6);  // ||v|| = 1
  EXPECT_NEAR(m.alignment_slope, m.predicted_slope, 0.01 * m.predicted_slope);
  EXPECT_GT(m.alignment_r2, 0.999);
}

// Settings for the user's file `name` (what the page sends when a file is confirmed).
RunConfig FileConfig(const std::string& name) {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "file";
  config.source_name = name;
  return config;
}

TEST(Experiment, FailedLoadKeepsThePreviousDatasetAndRun) {
  Experiment experiment;
  const std::string good =
      "1\tgreat fun film\n0\tdull boring film\n1\tgreat cast\n0\tboring plot\n";
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(good), FileConfig("good.tsv")).ok());
  experiment.Advance(3);
  const Metrics before = experiment.CurrentMetrics();
  const Result<DatasetSummary> one_class =
      experiment.Load(SourceBytes::Text("1\ta\n1\tb\n"), FileConfig("pos.tsv"));
  EXPECT_FALSE(one_class.ok());
  EXPECT_NE(one_class.status.message().find("pos.tsv"), std::string::npos);
  const Result<DatasetSummary> binary =
      experiment.Load(SourceBytes::Text(std::string("\0\1\2", 3)), FileConfig("x.bin"));
  EXPECT_FALSE(binary.ok());
  EXPECT_EQ(experiment.summary().source_name, "good.tsv");
  EXPECT_EQ(experiment.CurrentMetrics().checksum, before.checksum);
  EXPECT_EQ(experiment.step(), 3);
}

TEST(Experiment, ReviewViewShowsTokensAttentionAndTheSelectedToken) {
  Experiment experiment;
  RunConfig config = FileConfig("tiny.tsv");
  config.test_fraction = 0;
  config.min_count = 1;
  const std::string data =
      "1\tgreat fun film\n0\tdull boring film\n1\tgreat cast\n0\tboring plot\n";
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(data), config).ok());
  experiment.StepEmbeddings();
  const ReviewView typed = experiment.ScoreText("A great <b>film</b>, zyzzyva!");
  ASSERT_EQ(typed.words.size(), typed.attention.size());
  ASSERT_EQ(typed.tokens.size(), typed.words.size());
  EXPECT_EQ(typed.words, (std::vector<std::string>{"a", "great", "film", ",", "zyzzyva", "!"}));
  EXPECT_EQ(typed.tokens[4], "<unk>");
  double total = 0;
  for (float w : typed.attention) total += w;
  EXPECT_NEAR(total, 1.0, 1e-5);
  // "great" is the only positive word: the theory selects it for a positive prediction.
  EXPECT_GT(typed.logit, 0);
  EXPECT_EQ(typed.selected[1], 1);
  EXPECT_EQ(typed.selected[2], 0);
  const ReviewView stored = experiment.Review(false, 0);
  EXPECT_FALSE(stored.text.empty());
  EXPECT_TRUE(experiment.Review(false, 999).text.empty());
}

// The review view is the model's computation, step by step: s = softmax(a), f = sum s_t b_t,
// the prediction is f's sign, and the theory's s* is the largest y b_t; these are the
// numbers the page's "Attention on a review" draws, so they must be the model's own.
TEST(Experiment, ReviewViewCarriesTheComputationOfItsLogit) {
  Experiment experiment;
  RunConfig config = FileConfig("tiny.tsv");
  config.test_fraction = 0;
  config.min_count = 1;
  const std::string data =
      "1\tgreat fun film\n0\tdull boring film\n1\tgreat cast\n0\tboring plot\n";
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(data), config).ok());
  experiment.StepEmbeddings();
  // p = 0 after the step on E: every a_t is 0, attention uniform; the reason says so.
  const ReviewView uniform = experiment.Review(false, 1);  // "dull boring film"
  ASSERT_EQ(uniform.score.size(), 3u);
  for (float a : uniform.score) EXPECT_EQ(a, 0.0f);
  EXPECT_EQ(uniform.attended, 0);
  std::string why;
  if (uniform.selected[0] == 0) EXPECT_EQ(uniform.disagreement.code, "review-spread");
  EXPECT_TRUE(ReviewClaimHolds(uniform, uniform.disagreement, &why)) << why;
  experiment.Advance(30);
  for (int32_t i = 0; i < 4; ++i) {
    const ReviewView r = experiment.Review(false, i);
    ASSERT_EQ(r.score.size(), r.tokens.size());
    ASSERT_EQ(r.value.size(), r.tokens.size());
    double peak = r.score[0], total = 0, f = 0;
    for (float a : r.score) peak = std::max(peak, static_cast<double>(a));
    for (float a : r.score) total += std::exp(a - peak);
    for (size_t t = 0; t < r.score.size(); ++t) {
      // float weights of a double softmax: 1e-6 relative
      EXPECT_NEAR(r.attention[t], std::exp(r.score[t] - peak) / total, 1e-6);
      f += r.attention[t] * r.value[t];
    }
    EXPECT_NEAR(f, r.logit, 1e-5 * (1 + std::abs(r.logit)));  // float s_t, b_t summed
    EXPECT_EQ(r.prediction, r.logit >= 0 ? 1 : -1);
    ASSERT_GE(r.chosen, 0);
    EXPECT_EQ(r.selected[r.chosen], 1);
    for (size_t t = 0; t < r.value.size(); ++t)
      EXPECT_LE(r.label * r.value[t], r.label * r.value[r.chosen] + 1e-6);
    EXPECT_EQ(r.disagreement.code.empty(), r.selected[r.attended] == 1);
    EXPECT_TRUE(ReviewClaimHolds(r, r.disagreement, &why)) << why;
    // The breakdown a page draws top-first: every model position once, by s_t; the sums
    // from each rank on; rank 0's are the whole softmax and f itself.
    ASSERT_EQ(r.order.size(), r.tokens.size());  // no dropped words here
    ASSERT_EQ(r.rest_attention.size(), r.order.size() + 1);
    ASSERT_EQ(r.rest_contribution.size(), r.order.size() + 1);
    EXPECT_EQ(r.order[0], r.attended);
    double selected = 0;
    for (size_t k = 0; k < r.order.size(); ++k) {
      const int32_t t = r.order[k];
      if (k > 0) EXPECT_GE(r.attention[r.order[k - 1]], r.attention[t]);
      EXPECT_EQ(r.contribution[t], r.attention[t] * r.value[t]);
      EXPECT_NEAR(r.rest_attention[k] - r.rest_attention[k + 1], r.attention[t], 1e-7);
      // s_t b_t in float against the sums' double product: one float rounding
      EXPECT_NEAR(r.rest_contribution[k] - r.rest_contribution[k + 1], r.contribution[t],
                  1e-6 * (1 + std::abs(r.contribution[t])));
      if (r.selected[t] == 1) selected += r.attention[t];
    }
    EXPECT_EQ(r.rest_attention.back(), 0.0);
    EXPECT_NEAR(r.rest_attention[0], 1.0, 1e-6);  // float weights of a double softmax
    EXPECT_NEAR(r.rest_contribution[0], r.logit, 1e-5 * (1 + std::abs(r.logit)));
    EXPECT_NEAR(r.selected_attention, selected, 1e-9);
  }
}

TEST(Experiment, ReviewViewShowsDroppedWordsWithoutAttention) {
  Experiment experiment;
  RunConfig config = FileConfig("tiny.tsv");
  config.test_fraction = 0;
  config.min_count = 1;
  config.drop_unknown = true;
  const std::string data =
      "1\tgreat fun film\n0\tdull boring film\n1\tgreat cast\n0\tboring plot\n";
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(data), config).ok());
  experiment.StepEmbeddings();
  const ReviewView typed = experiment.ScoreText("great zyzzyva film");
  ASSERT_EQ(typed.tokens.size(), 3u);
  ASSERT_EQ(typed.attention.size(), 3u);
  ASSERT_EQ(typed.selected.size(), 3u);
  EXPECT_EQ(typed.tokens[1], "");  // not part of the model's review
  EXPECT_EQ(typed.attention[1], 0.0f);
  EXPECT_EQ(typed.selected[1], 0);
  // The model sees "great film": its two weights are the whole softmax.
  EXPECT_NEAR(typed.attention[0] + typed.attention[2], 1.0, 1e-5);
  EXPECT_EQ(typed.selected[0], 1);
  // The dropped word is not ranked: the breakdown covers the model's two tokens only.
  ASSERT_EQ(typed.order.size(), 2u);
  EXPECT_NE(typed.order[0], 1);
  EXPECT_NE(typed.order[1], 1);
  EXPECT_EQ(typed.contribution[1], 0.0f);
}

// A review whose every word is dropped (drop_unknown, words seen once) has nothing to
// attend to: the model skips it, and every "over all reviews" figure and sentence says so.
TEST(Experiment, AReviewWithNoTokenInTheVocabularyIsNamedWhereverAllReviewsAreCounted) {
  Experiment experiment;
  RunConfig config = FileConfig("empty-review.tsv");
  config.protocol = Protocol::kPaper;
  config.test_fraction = 0;
  config.min_count = 2;
  config.max_doc_share = 1;
  config.drop_unknown = true;
  config.width = 64;
  const std::string data =
      "1\tgreat fun film\n0\tdull boring film\n1\tgreat fun cast\n0\tdull boring plot\n"
      "1\tgreat plot\n0\tzyzzyva quux\n";
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(data), config).ok());
  experiment.StepEmbeddings();
  ASSERT_TRUE(experiment.SolveMaxMargin().solved);
  const Metrics m = experiment.CurrentMetrics();
  EXPECT_EQ(m.train_reviews, 6);
  EXPECT_EQ(m.scored_reviews, 5);
  // Accuracy and selection are shares of the five scored reviews.
  EXPECT_NEAR(m.train_accuracy * 5, std::round(m.train_accuracy * 5), 1e-9) << m.train_accuracy;
  EXPECT_NEAR(m.selection_accuracy * 5, std::round(m.selection_accuracy * 5), 1e-9)
      << m.selection_accuracy;
  // The figures name their reviews: 5 of the 6 have a token.
  const Guidance guidance = experiment.Explain();
  EXPECT_EQ(guidance.coverage.code, "coverage");
  EXPECT_EQ(guidance.coverage.Number("reviews"), 6);
  EXPECT_EQ(guidance.coverage.Number("scored"), 5);
  EXPECT_EQ(guidance.coverage.Arg("all")->text, "no");
  // Over all 6 training reviews the empty one selects nothing: at most 5/6, never shown.
  const Finding& result2 = guidance.panels[2];
  EXPECT_NE(result2.kind, FindingKind::kShown);
  if (result2.Arg("selection") != nullptr) {
    EXPECT_LE(result2.Number("selection"), 5.0 / 6 + 1e-12);
    EXPECT_EQ(result2.Number("reviews"), 6);
  }
}

TEST(Experiment, TheAcyclicFlowLeavesTheStepOnEAndRestoredRunsOnTheWholeSplit) {
  RunConfig config = FeasibleSyntheticConfig();
  config.synthetic_feasible = false;  // opposite-class tokens and label noise: cycles
  config.synthetic_label_noise = 0.1;
  config.flow_acyclic_only = true;
  Experiment reference, experiment;
  ASSERT_TRUE(reference.LoadSynthetic(config).ok());
  ASSERT_TRUE(experiment.LoadSynthetic(config).ok());
  const Weights initial = *experiment.weights();
  ASSERT_FALSE(experiment.Advance(20).refused);
  EXPECT_EQ(experiment.step(), 20);
  const MaxMarginReport report = experiment.SolveMaxMargin();
  ASSERT_TRUE(report.solved) << report.message;
  EXPECT_FALSE(report.acyclic);
  EXPECT_GT(report.acyclic_reviews, 0);
  EXPECT_LT(report.acyclic_reviews, experiment.summary().train_reviews);
  EXPECT_TRUE(experiment.CurrentMetrics().has_max_margin_acyclic);
  // The loss panel names the flow's reviews, with their count.
  const Finding loss = experiment.Explain().panels[3];
  bool named = false;
  for (const Finding& d : loss.details) {
    if (d.code != "flow-on-subset") continue;
    named = true;
    EXPECT_EQ(d.Number("flow"), report.acyclic_reviews);
  }
  EXPECT_TRUE(named) << loss.code;
  // Restoring E(0) at step 0 puts the run back on every review: its step on E is the one a
  // fresh run takes (the checksum covers E, p, v and the step).
  ASSERT_TRUE(experiment.RestoreWeights(initial, 0, "initialized").ok());
  experiment.StepEmbeddings();
  reference.StepEmbeddings();
  EXPECT_EQ(experiment.CurrentMetrics().checksum, reference.CurrentMetrics().checksum);
}

TEST(Experiment, EveryMetricIsFiniteInEveryPhase) {
  Experiment experiment;
  RunConfig config = FeasibleSyntheticConfig();
  config.synthetic_feasible = false;
  config.test_fraction = 0.2;
  ASSERT_TRUE(experiment.LoadSynthetic(config).ok());
  auto finite = [](const Metrics& m) {
    for (double x : {m.train_loss,
                     m.train_accuracy,
                     m.test_loss,
                     m.test_accuracy,
                     m.p_norm,
                     m.alignment_slope,
                     m.alignment_r2,
                     m.predicted_slope,
                     m.cosine_to_max_margin,
                     m.normalized_margin,
                     m.max_margin_reference,
                     m.selection_accuracy,
                     m.selection_mass,
                     m.u_score,
                     m.signed_score,
                     m.u_contrast,
                     m.cosine_to_max_margin_acyclic,
                     m.selection_accuracy_acyclic,
                     m.u_score_max_margin,
                     m.signed_score_max_margin,
                     m.u_score_max_margin_acyclic,
                     m.signed_score_max_margin_acyclic}) {
      if (!std::isfinite(x)) return false;
    }
    return true;
  };
  EXPECT_TRUE(finite(experiment.CurrentMetrics()));
  experiment.StepEmbeddings();
  EXPECT_TRUE(finite(experiment.CurrentMetrics()));
  const MaxMarginReport report = experiment.SolveMaxMargin();
  EXPECT_TRUE(report.solved) << report.message;
  experiment.StepAttention(50);
  EXPECT_TRUE(finite(experiment.CurrentMetrics()));
}

}  // namespace
}  // namespace clslab
