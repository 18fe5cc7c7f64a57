// The guidance rules pick a verdict and its details from the measured values and the
// protocol: each test sets the numbers a run would have and checks the codes, kinds,
// arguments and recipes core returns (the words are the catalog's; claims_test checks that
// each keeps its claim).
#include "clslab/guidance.h"

#include <gtest/gtest.h>

#include "clslab/messages.h"

namespace clslab {
namespace {

std::vector<std::string> Codes(const Finding& f) {
  std::vector<std::string> codes;
  for (const Finding& d : f.details) codes.push_back(d.code);
  return codes;
}

bool Has(const Finding& f, const std::string& code) {
  for (const Finding& d : f.details) {
    if (d.code == code) return true;
  }
  return false;
}

// A paper-protocol run after the step on E, with recipes quoting result1's sigma.
GuidanceInputs PaperRun() {
  GuidanceInputs in;
  in.config.protocol = Protocol::kPaper;
  in.config.width = 1024;
  in.config.sigma = 1;
  in.config.eta = 1000;
  in.config.max_doc_share = 1;
  in.config.drop_unknown = false;
  in.metrics.phase = Phase::kFlow;
  in.metrics.step = 300;
  in.metrics.p_norm = 12;
  in.metrics.has_predicted_slope = true;
  in.metrics.predicted_slope = 500;
  in.metrics.alignment_slope = 500.1;
  in.metrics.alignment_r2 = 0.9999;
  in.vocab_size = 8983;
  in.train_reviews = in.scored_reviews = in.flow_reviews = 8530;
  in.alpha_spread = 1e-4;
  in.token_median_count = 4;
  in.recipes = {{"result1", {}, {}, {{"sigma", "0.003"}, {"width", "64"}}},
                {"figure1", {}, {}, {{"steps", "313"}}},
                {"result2", {}, {}, {{"width", "8983"}}}};
  return in;
}

TEST(Guidance, Result1OnTheLineIsShownWithTheFitsNumbers) {
  const Finding f = Explain(PaperRun()).panels[0];
  EXPECT_EQ(f.panel, "result1");
  EXPECT_EQ(f.kind, FindingKind::kShown);
  EXPECT_EQ(f.code, "result1-shown");
  EXPECT_EQ(f.Number("slope"), 500.1);
  EXPECT_EQ(f.Number("predicted"), 500);
  EXPECT_EQ(f.Number("r2"), 0.9999);
  EXPECT_EQ(f.recipe, "");
}

TEST(Guidance, ANoisyFitIsOffWithBothSizesAndTheResult1RecipesSigma) {
  GuidanceInputs in = PaperRun();
  in.metrics.alignment_r2 = 0.274;
  const Finding f = Explain(in).panels[0];
  EXPECT_EQ(f.kind, FindingKind::kOff);
  EXPECT_EQ(Codes(f), (std::vector<std::string>{"result1-noise", "result1-recipe-sigma"}));
  EXPECT_DOUBLE_EQ(f.details[0].Number("noise"), 1.0 / 32);
  EXPECT_DOUBLE_EQ(f.details[0].Number("spread"), 0.05);
  EXPECT_EQ(f.details[1].Number("sigma"), 0.003);
  EXPECT_EQ(f.recipe, "result1");
  in.metrics.alignment_r2 = 0.95;  // between: close, and still the recipe
  EXPECT_EQ(Explain(in).panels[0].code, "result1-close");
  EXPECT_EQ(Explain(in).panels[0].recipe, "result1");
  in.config.sigma = 0.003;  // the recipe in force: not offered again
  in.config.width = 64;
  const Finding forced = Explain(in).panels[0];
  EXPECT_EQ(forced.recipe, "");
  EXPECT_TRUE(Has(forced, "result1-recipe-in-force"));
}

TEST(Guidance, UnderJointTrainingResult1AndResult2PredictNothing) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = Phase::kJoint;
  const Guidance g = Explain(in);
  EXPECT_EQ(g.panels[0].kind, FindingKind::kNotApplicable);
  EXPECT_EQ(g.panels[0].recipe, "result1");
  EXPECT_EQ(g.panels[2].kind, FindingKind::kNotApplicable);
}

TEST(Guidance, BeforeTheStepOnEEveryPanelWaitsAndThePromptSaysWhatToPress) {
  GuidanceInputs in = PaperRun();
  in.metrics = Metrics();
  in.metrics.phase = Phase::kInitialized;
  const Guidance g = Explain(in);
  EXPECT_EQ(g.panels[0].code, "result1-waits");
  EXPECT_EQ(g.panels[1].code, "figure1-waits");
  EXPECT_EQ(g.panels[2].code, "result2-waits");
  for (const Finding& f : g.panels) EXPECT_EQ(f.kind, FindingKind::kExpect) << f.code;
  EXPECT_EQ(g.prompt.code, "prompt-step-e");
}

// The twins: the theorem's hypothesis holds, and the flow meets its claim over all reviews.
GuidanceInputs Feasible() {
  GuidanceInputs in = PaperRun();
  in.config.dataset = "twins";
  in.config.width = 2000;
  in.vocab_size = 1926;
  in.max_margin.solved = true;
  in.max_margin.acyclic = true;
  in.max_margin.hard_margin = true;
  in.max_margin.constraints = 40000;
  in.metrics.has_max_margin = true;
  in.metrics.cosine_to_max_margin = 0.997;
  in.metrics.selection_accuracy = 1;
  in.metrics.normalized_margin = 0.095;
  in.metrics.max_margin_reference = 0.104;
  Metrics then = in.metrics;
  then.step = 230;
  then.normalized_margin = 0.08;
  then.p_norm = 9;
  in.history = {then, in.metrics};
  return in;
}

TEST(Guidance, Result2IsShownOverAllReviewsWhereTheHypothesisHolds) {
  const GuidanceInputs in = Feasible();
  const Finding f = Explain(in).panels[2];
  EXPECT_EQ(f.kind, FindingKind::kShown);
  EXPECT_EQ(f.Number("reviews"), 8530);
  EXPECT_EQ(f.Number("selection"), 1);
  EXPECT_TRUE(Has(f, "result2-margin-approaches"));
  EXPECT_TRUE(Has(f, "result2-feasible"));
  EXPECT_TRUE(Has(f, "result2-twins"));
  EXPECT_FALSE(Has(f, "result2-baseline-selection"));  // baselines stand where it fails
  EXPECT_EQ(f.dataset, "movies");
}

TEST(Guidance, AReviewWithNoTokenCountsAgainstTheSelectionOverAllReviews) {
  GuidanceInputs in = Feasible();
  in.scored_reviews = 8000;  // 530 empty: selection 1.0 over the scored is 0.938 over all
  const Finding f = Explain(in).panels[2];
  EXPECT_EQ(f.kind, FindingKind::kOff);
  EXPECT_DOUBLE_EQ(f.Number("selection"), 8000.0 / 8530);
  EXPECT_TRUE(Has(f, "result2-unscored"));
}

TEST(Guidance, StopWordsAreNamedOnlyWithoutLabelInformation) {
  GuidanceInputs in = Feasible();
  in.metrics.cosine_to_max_margin = 0.4;
  in.selection.available = true;
  in.selection.top = {{"the", 2000, 0.3, 9000, 0.02, 0.81}, {"bad", 1000, 0.2, 900, 0.63, 0.3}};
  const Finding f = Explain(in).panels[2];
  int stop_words = 0;
  for (const Finding& d : f.details) {
    if (d.code != "result2-stop-word") continue;
    ++stop_words;
    EXPECT_EQ(d.Arg("token")->text, "the");
  }
  EXPECT_EQ(stop_words, 1);
  EXPECT_TRUE(Has(f, "result2-drop-stop-words"));
}

TEST(Guidance, TheDiagnosticsAreFactsOfTheWhyPanel) {
  GuidanceInputs in = Feasible();
  in.selection.available = true;
  in.selection.top = {{"great", 100, 0.2, 200, 0.8, 0.1}};
  const Guidance g = Explain(in);
  ASSERT_FALSE(g.diagnostics.empty());
  for (const Finding& f : g.diagnostics) {
    EXPECT_EQ(f.panel, "why");
    EXPECT_EQ(f.kind, FindingKind::kFact);
  }
  EXPECT_EQ(g.coverage.panel, "coverage");
  EXPECT_EQ(g.coverage.Arg("all")->text, "yes");
}

}  // namespace
}  // namespace clslab
