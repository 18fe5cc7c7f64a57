// Result 2 on a hand-made corpus whose answer is known: a planted stop word wins every
// review's selected token and puts every review on a cycle; after the max document share
// cut the selected tokens are the polar words, only the two reviews of a planted cycle are
// left out, and the flow on the acyclic reviews turns p toward their p_mm.
#include <gtest/gtest.h>

#include <set>

#include "clslab/acyclic_reviews.h"
#include "clslab/experiment.h"

namespace clslab {
namespace {

const char* kPositive[] = {"good", "great", "superb", "fine"};
const char* kNegative[] = {"bad", "awful", "dull", "poor"};
const char* kFillers[] = {"film", "plot", "cast", "story"};

// 40 reviews: "and" thrice in each positive review and once in each negative one, "." the
// other way round (both in every review: a share of 1); one polar word of the review's
// class and one filler each. Then two reviews with both "great" and "awful", one of each
// class: great beats awful in the first, awful beats great in the second, a 2-cycle.
std::string PlantedTsv() {
  std::string tsv = "label\ttext\n";
  for (int i = 0; i < 40; ++i) {
    const bool positive = i % 2 == 0;
    tsv += std::string(positive ? "1\tand and and . " : "0\t. . . and ") +
           (positive ? kPositive : kNegative)[(i / 2) % 4] + " " + kFillers[(i / 8) % 4] + "\n";
  }
  tsv += "1\tand and and . great awful film\n";
  tsv += "0\t. . . and great awful plot\n";
  return tsv;
}

RunConfig Config() {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "file";
  config.source_name = "planted.tsv";
  config.test_fraction = 0;
  config.min_count = 1;
  // d >= V (at most 15 tokens with <unk>): any acyclic pattern is feasible. sigma = 1 gives
  // the directions orthogonal to v room; eta = 100 makes the step's (eta/2) alpha_s about
  // 1-3 for a polar word here: it dwarfs the noise sigma/sqrt(d) = 0.18 (so s* is known
  // from alpha) without making the v direction so stiff that the solvers crawl.
  config.width = 32;
  config.sigma = 1;
  config.eta = 100;
  config.flow_step = FlowStep::kNormalized;
  config.flow_rate = 1;
  return config;
}

TEST(Story, APlantedStopWordIsEveryReviewsSelectedTokenAndPutsItOnACycle) {
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(PlantedTsv()), Config()).ok());
  EXPECT_FALSE(experiment.Selection().available);  // before the step on E: E(0) is noise
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  const SelectionReport selection = experiment.Selection();
  ASSERT_TRUE(selection.available);
  EXPECT_EQ(selection.reviews, 42);
  EXPECT_EQ(selection.distinct, 2);
  ASSERT_EQ(selection.top.size(), 2u);
  const std::set<std::string> winners = {selection.top[0].token, selection.top[1].token};
  EXPECT_EQ(winners, (std::set<std::string>{"and", "."}));
  EXPECT_EQ(selection.top[0].reviews, 21);
  EXPECT_DOUBLE_EQ(selection.top[0].share, 0.5);
  // "and" beats "." in every positive review and loses to it in every negative one.
  const MaxMarginReport report = experiment.SolveMaxMargin();
  ASSERT_TRUE(report.solved) << report.message;
  EXPECT_FALSE(report.acyclic);
  EXPECT_EQ(report.reviews_in_cycles, 42);
  EXPECT_EQ(report.acyclic_reviews, 0);
  EXPECT_FALSE(report.acyclic_solved);
  const Metrics m = experiment.CurrentMetrics();
  EXPECT_TRUE(m.has_max_margin);
  EXPECT_FALSE(m.has_max_margin_acyclic);
}

TEST(Story, AfterTheCutThePolarWordsAreSelectedAndOnlyThePlantedCycleIsLeftOut) {
  Experiment experiment;
  RunConfig config = Config();
  config.max_doc_share = 0.5;  // "and" and "." are in every review
  config.drop_unknown = true;
  config.flow_acyclic_only = true;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(PlantedTsv()), config).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  const SelectionReport selection = experiment.Selection();
  const std::set<std::string> polar = {"good", "great", "superb", "fine",
                                       "bad",  "awful", "dull",   "poor"};
  EXPECT_EQ(selection.distinct, 8);
  for (const SelectedToken& token : selection.top) {
    EXPECT_EQ(polar.count(token.token), 1u) << token.token;
    EXPECT_NEAR(std::abs(token.delta),
                token.token == "great" || token.token == "awful" ? 5 / 7.0 : 1.0, 1e-12);
  }
  const MaxMarginReport report = experiment.SolveMaxMargin();
  ASSERT_TRUE(report.solved) << report.message;
  EXPECT_FALSE(report.acyclic);
  EXPECT_EQ(report.reviews_in_cycles, 2);
  EXPECT_EQ(report.acyclic_reviews, 40);
  EXPECT_TRUE(report.acyclic_solved);
  EXPECT_TRUE(report.acyclic_hard_margin);  // d >= V and no cycle left: feasible
  EXPECT_EQ(report.acyclic_violated, 0);
  ASSERT_FALSE(experiment.StepAttention(300).refused);
  const Metrics m = experiment.CurrentMetrics();
  ASSERT_TRUE(m.has_max_margin_acyclic);
  // The flow trains on the 40 acyclic reviews, where p_mm exists: p turns to it (0.9 leaves
  // room for the slow 1/log t convergence of direction) and selects every s*.
  EXPECT_GT(m.cosine_to_max_margin_acyclic, 0.9);
  EXPECT_DOUBLE_EQ(m.selection_accuracy_acyclic, 1.0);
  // The theory's prediction is on the token table, one score per token.
  const TokenTable table = experiment.Tokens();
  EXPECT_EQ(table.max_margin_attention.size(), table.tokens.size());
  EXPECT_EQ(table.max_margin_attention_acyclic.size(), table.tokens.size());
}

TEST(Story, TheGuidanceSaysWhichNumbersCoverWhichReviews) {
  Experiment experiment;
  RunConfig config = Config();
  config.max_doc_share = 0.5;
  config.drop_unknown = true;
  config.flow_acyclic_only = true;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(PlantedTsv()), config).ok());
  ASSERT_FALSE(experiment.Advance(200).refused);
  experiment.SolveMaxMargin();
  const Guidance guidance = experiment.Explain();
  ASSERT_EQ(guidance.panels.size(), 4u);
  const Finding& result2 = guidance.panels[2];
  EXPECT_EQ(result2.panel, "result2");
  // The verdict is a claim over all 42 training reviews, and says so (issue 18).
  EXPECT_EQ(result2.Number("reviews"), 42) << result2.code;
  const Finding& loss = guidance.panels[3];
  EXPECT_EQ(loss.panel, "loss");
  // The flow trains on the acyclic subset, and the loss panel names it with its count.
  bool subset = false;
  for (const Finding& d : loss.details) {
    if (d.code == "flow-on-subset") {
      subset = true;
      EXPECT_EQ(d.Number("flow"), 40);
      EXPECT_EQ(d.Number("reviews"), 42);
    }
  }
  EXPECT_TRUE(subset);
}

TEST(AcyclicReviews, KeepingReviewsKeepsTheirTokensSetsAndLabels) {
  Corpus corpus;
  corpus.vocab_size = 5;
  corpus.Add({1, 2}, 1);
  corpus.Add({3}, -1);
  corpus.Add({4, 1, 0}, 1);
  SelectedSets sets;
  sets.token_ids = {1, 3, 4};
  sets.offsets = {0, 1, 2, 3};
  const std::vector<uint8_t> keep = {1, 0, 1};
  const Corpus kept = KeepReviews(corpus, keep);
  EXPECT_EQ(kept.token_ids, (std::vector<int32_t>{1, 2, 4, 1, 0}));
  EXPECT_EQ(kept.offsets, (std::vector<int32_t>{0, 2, 5}));
  EXPECT_EQ(kept.labels, (std::vector<int8_t>{1, 1}));
  EXPECT_EQ(kept.vocab_size, 5);
  const SelectedSets kept_sets = KeepSets(sets, keep);
  EXPECT_EQ(kept_sets.token_ids, (std::vector<int32_t>{1, 4}));
  EXPECT_EQ(kept_sets.offsets, (std::vector<int32_t>{0, 1, 2}));
}

}  // namespace
}  // namespace clslab
