// Tests of the synthetic review generator: determinism, label balance, the twin mode's
// acyclic "must beat" graph (with alpha as the value proxy, and as the lab computes it after
// the step on E, which a vocabulary cut can break), and option validation.
#include "clslab/synthetic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/max_margin.h"
#include "clslab/rng.h"
#include "clslab/selection.h"
#include "clslab/statistics.h"

namespace clslab {
namespace {

TEST(Synthetic, SameSeedSameDataOtherSeedOtherData) {
  SyntheticOptions options;
  const Result<SyntheticData> a = GenerateSynthetic(options);
  const Result<SyntheticData> b = GenerateSynthetic(options);
  ASSERT_TRUE(a.ok()) << a.status.message();
  EXPECT_EQ(a.value.corpus.token_ids, b.value.corpus.token_ids);
  EXPECT_EQ(a.value.corpus.labels, b.value.corpus.labels);
  EXPECT_EQ(a.value.texts, b.value.texts);
  options.seed = 2;
  EXPECT_NE(GenerateSynthetic(options).value.corpus.token_ids, a.value.corpus.token_ids);
}

TEST(Synthetic, ShapesVocabularyAndTextsAgree) {
  SyntheticOptions options;
  const SyntheticData data = GenerateSynthetic(options).value;
  const Corpus& corpus = data.corpus;
  ASSERT_EQ(corpus.NumReviews(), options.reviews);
  ASSERT_EQ(corpus.vocab_size, 1 + 12 + 12 + 120);
  EXPECT_EQ(data.vocabulary[0], "<unk>");
  EXPECT_EQ(data.vocabulary[1], "good1");
  EXPECT_EQ(data.vocabulary[13], "bad1");
  EXPECT_EQ(data.vocabulary[25], "word1");
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    ASSERT_GE(corpus.Length(i), options.min_length);
    ASSERT_LE(corpus.Length(i), options.max_length);
    std::string text;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      ASSERT_GT(corpus.token_ids[t], 0);  // <unk> never generated
      text += (t > corpus.Begin(i) ? " " : "") + data.vocabulary[corpus.token_ids[t]];
    }
    ASSERT_EQ(data.texts[i], text);
  }
  // Zipf within a group: the first neutral token is far more common than the last.
  const TokenStatistics stats = ComputeTokenStatistics(corpus);
  EXPECT_GT(stats.count[25], 10 * stats.count[144]);
}

TEST(Synthetic, LabelsAreRoughlyBalancedAndPolarTokensLeanTheirWay) {
  SyntheticOptions options;
  options.reviews = 4000;
  const SyntheticData data = GenerateSynthetic(options).value;
  int positive = 0;
  for (int8_t y : data.corpus.labels) positive += y > 0;
  // Binomial(4000, 1/2): std 32, so +-160 is five standard deviations.
  EXPECT_NEAR(positive, 2000, 160);
  const TokenStatistics stats = ComputeTokenStatistics(data.corpus);
  EXPECT_GT(stats.delta[1], 0.5);             // good1
  EXPECT_LT(stats.delta[13], -0.5);           // bad1
  EXPECT_LT(std::abs(stats.delta[25]), 0.1);  // word1
}

// Selection with value = alpha (the direction step one writes into v.E_s).
struct Pipeline {
  SelectedSets sets;
  MarginConstraints constraints;
  CycleReport cycles;
};
Pipeline SelectWithAlpha(const Corpus& corpus) {
  const TokenStatistics stats = ComputeTokenStatistics(corpus);
  const std::vector<float> value(stats.alpha.begin(), stats.alpha.end());  // V
  Pipeline out;
  out.sets = ComputeSelectedSets(corpus, value);
  out.constraints = BuildConstraints(corpus, out.sets);
  out.cycles = FindCycles(out.constraints, corpus, out.sets, corpus.vocab_size);
  return out;
}

TEST(Synthetic, FeasibleModeHasAnAcyclicMustBeatGraph) {
  for (int32_t reviews : {600, 601, 2}) {  // odd: the last review is all polar
    SyntheticOptions options;
    options.feasible = true;
    options.reviews = reviews;
    const SyntheticData data = GenerateSynthetic(options).value;
    const Pipeline pipeline = SelectWithAlpha(data.corpus);
    EXPECT_TRUE(pipeline.cycles.acyclic) << reviews << " reviews";
    EXPECT_GT(pipeline.constraints.size(), 0);
    // Every selected token is a polar token of the review's class.
    for (int32_t i = 0; i < data.corpus.NumReviews(); ++i) {
      for (int32_t k = pipeline.sets.offsets[i]; k < pipeline.sets.offsets[i + 1]; ++k) {
        const std::string& token = data.vocabulary[pipeline.sets.token_ids[k]];
        ASSERT_EQ(token.rfind(data.corpus.labels[i] > 0 ? "good" : "bad", 0), 0u) << token;
      }
    }
  }
}

TEST(Synthetic, FeasibleModeHardMarginSolvesWithIndependentEmbeddings) {
  SyntheticOptions options;
  options.feasible = true;
  options.reviews = 200;
  const SyntheticData data = GenerateSynthetic(options).value;
  const Pipeline pipeline = SelectWithAlpha(data.corpus);
  Rng rng(5);
  const int32_t vocab_size = data.corpus.vocab_size;
  RowMatrixXf E(vocab_size, vocab_size + 3);  // V x d with d >= V: independent rows
  for (Eigen::Index k = 0; k < E.size(); ++k) E.data()[k] = static_cast<float>(rng.Normal());
  SvmOptions svm;
  svm.hard_margin = true;
  svm.tolerance = 1e-6;
  svm.max_epochs = 20000;
  const Result<SvmSolution> r = SolveAttentionSvm(E, pipeline.constraints, svm);
  ASSERT_TRUE(r.ok()) << r.status.message();
  EXPECT_TRUE(r.value.converged);
  EXPECT_EQ(r.value.violated, 0);
}

// The lab's own check after the step on E (Experiment, as the page and the CLI run it) on
// `--data synthetic` with synthetic_feasible (twins) and the seed: the max-margin report.
MaxMarginReport AfterTheStepOnE(uint64_t seed, double max_doc_share) {
  RunConfig config;
  config.dataset = "synthetic";
  config.seed = seed;
  config.max_doc_share = max_doc_share;
  Experiment experiment;
  const Result<DatasetSummary> loaded = experiment.LoadSynthetic(config);
  EXPECT_TRUE(loaded.ok()) << loaded.status.message();
  WorkOrder order;
  order.target_step = order.measure_at = 1;
  WorkReport report = experiment.Work(order);
  while (!report.metrics_ready && !report.steps.refused) report = experiment.Work(order);
  EXPECT_FALSE(report.steps.refused) << report.steps.message;
  return experiment.max_margin_report();
}

// Issue 37: the twin mode was called "feasible by construction", and at the defaults it is
// not. What it guarantees, checked by core on the lab's own pipeline for several seeds: with
// every word kept the must-beat graph of s* (from v.E(1)) is acyclic, so the attention-SVM is
// feasible (d >= V) and solved with a hard margin; the default cut (words in more than 20% of
// reviews dropped) removes the commonest polar words, a review left with neutral words only
// selects one of them, and the graph has cycles (47-57 of 480 reviews on seeds 1-3). The
// setting's label and description say so (config_fields.cpp).
TEST(Synthetic, TwinModeIsAcyclicWithEveryWordKeptAndTheDefaultCutBreaksIt) {
  ASSERT_TRUE(RunConfig().synthetic_feasible);
  for (const uint64_t seed : {1, 2, 3}) {
    const MaxMarginReport kept = AfterTheStepOnE(seed, 1.0);
    EXPECT_TRUE(kept.acyclic) << "seed " << seed;
    EXPECT_TRUE(kept.hard_margin) << "seed " << seed;
    EXPECT_EQ(kept.reviews_in_cycles, 0) << "seed " << seed;
    const MaxMarginReport cut = AfterTheStepOnE(seed, RunConfig().max_doc_share);
    EXPECT_FALSE(cut.acyclic) << "seed " << seed;
    EXPECT_GT(cut.reviews_in_cycles, 0) << "seed " << seed;
  }
}

TEST(Synthetic, DefaultModeWithOppositeTokensAndNoiseHasCycles) {
  SyntheticOptions options;
  options.label_noise = 0.05;
  const Pipeline pipeline = SelectWithAlpha(GenerateSynthetic(options).value.corpus);
  EXPECT_FALSE(pipeline.cycles.acyclic);
  EXPECT_FALSE(pipeline.cycles.example_cycles.empty());
}

TEST(Synthetic, InvalidOptionsFailWithAClearMessage) {
  auto message = [](SyntheticOptions o) { return GenerateSynthetic(o).status.message(); };
  SyntheticOptions o;
  o.reviews = 0;
  EXPECT_NE(message(o).find("reviews"), std::string::npos);
  o = SyntheticOptions{};
  o.reviews = 2000000;
  EXPECT_NE(message(o).find("reviews"), std::string::npos);
  o = SyntheticOptions{};
  o.min_length = 30;
  EXPECT_NE(message(o).find("max_length"), std::string::npos);
  o = SyntheticOptions{};
  o.polar_rate = 1.5;
  EXPECT_NE(message(o).find("polar_rate"), std::string::npos);
  o = SyntheticOptions{};
  o.label_noise = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(message(o).find("label_noise"), std::string::npos);
  o = SyntheticOptions{};
  o.neutral_tokens = -1;
  EXPECT_NE(message(o).find("negative"), std::string::npos);
  o = SyntheticOptions{};
  o.negative_tokens = 0;
  EXPECT_NE(message(o).find("negative_tokens"), std::string::npos);
  o = SyntheticOptions{};
  o.neutral_tokens = 0;
  EXPECT_NE(message(o).find("neutral_tokens"), std::string::npos);
  EXPECT_TRUE(GenerateSynthetic(SyntheticOptions{}).ok());
}

}  // namespace
}  // namespace clslab
