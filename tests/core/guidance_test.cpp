// The guidance lines are chosen by the measured values and the protocol: each test sets
// the numbers a run would have and checks the sentence, its kind and the recipe it offers.
#include "clslab/guidance.h"

#include <gtest/gtest.h>

namespace clslab {
namespace {

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A paper-protocol run after the step on E, with recipes quoting result1's sigma.
GuidanceInputs PaperRun() {
  GuidanceInputs in;
  in.config.protocol = Protocol::kPaper;
  in.config.width = 1024;
  in.config.sigma = 1;
  in.config.eta = 1000;
  in.metrics.phase = "flow on p";
  in.metrics.step = 300;
  in.metrics.p_norm = 12;
  in.metrics.has_predicted_slope = true;
  in.metrics.predicted_slope = 500;
  in.metrics.alignment_slope = 500.1;
  in.metrics.alignment_r2 = 0.9999;
  in.vocab_size = 8983;
  in.train_reviews = 8530;
  in.flow_reviews = 8530;
  in.alpha_spread = 1e-4;
  in.token_median_count = 4;
  in.recipes = {{"result1", "t", "r", {{"sigma", "0.003"}, {"width", "64"}}},
                {"figure1", "t", "r", {{"steps", "313"}}},
                {"result2", "t", "r", {{"width", "1926"}}}};
  return in;
}

TEST(Guidance, Result1OnTheLineIsShown) {
  const GuidanceLine line = Explain(PaperRun()).panels[0];
  EXPECT_EQ(line.panel, "result1");
  EXPECT_EQ(line.kind, "shown");
  EXPECT_TRUE(Has(line.text, "slope 500.1 against (eta/2)||v||^2 = 500, R^2 0.9999")) << line.text;
  EXPECT_EQ(line.recipe, "");
}

TEST(Guidance, ANoisyFitNamesSigmaAndTheResult1RecipesSigma) {
  GuidanceInputs in = PaperRun();
  in.metrics.alignment_r2 = 0.274;
  const GuidanceLine line = Explain(in).panels[0];
  EXPECT_EQ(line.kind, "off");
  EXPECT_TRUE(Has(line.text, "sigma is large next to the step on E")) << line.text;
  EXPECT_TRUE(Has(line.text, "the result1 recipe uses sigma = 0.003")) << line.text;
  // The two sizes compared: sigma/sqrt(d) = 1/32 (3 digits: 0.0312) and (eta/2) std(alpha).
  EXPECT_TRUE(Has(line.text, "sigma/sqrt(d) = 0.0312")) << line.text;
  EXPECT_TRUE(Has(line.text, "0.05")) << line.text;
  EXPECT_EQ(line.recipe, "result1");
  in.metrics.alignment_r2 = 0.95;  // between: close, and still the recipe
  EXPECT_EQ(Explain(in).panels[0].kind, "expect");
  EXPECT_EQ(Explain(in).panels[0].recipe, "result1");
}

TEST(Guidance, UnderJointTrainingResult1SaysNoLineIsPredictedAndWhy) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.metrics.has_predicted_slope = false;
  in.metrics.alignment_r2 = 0.07;
  const GuidanceLine line = Explain(in).panels[0];
  EXPECT_EQ(line.kind, "n/a");
  EXPECT_TRUE(Has(line.text, "belongs to the paper protocol")) << line.text;
  EXPECT_TRUE(Has(line.text, "no line is predicted")) << line.text;
  EXPECT_FALSE(Has(line.text, "lie on the predicted line"));
  EXPECT_EQ(line.recipe, "result1");
  EXPECT_EQ(Explain(in).panels[2].kind, "n/a");  // Result 2 is the paper's flow too
}

TEST(Guidance, ALowUUnderThePaperProtocolGivesTheMeasuredReasonAndTheFigure1Recipe) {
  GuidanceInputs in = PaperRun();
  in.metrics.u_score = 0.024;
  in.metrics.signed_score = -0.87;
  in.metrics.has_max_margin = true;
  in.metrics.u_score_max_margin = 0.03;
  in.max_margin.solved = true;
  in.max_margin.constraints = 35605;
  in.max_margin.constraints_in_cycles = 4451;
  in.selection.available = true;
  in.selection.median_count = 4992;
  in.selection.median_abs_delta = 0.07;
  in.selection.top = {{"and", 2200, 0.258, 5000, 0.1}, {".", 2100, 0.246, 9000, -0.05}};
  const GuidanceLine line = Explain(in).panels[1];
  EXPECT_EQ(line.panel, "figure1");
  EXPECT_EQ(line.kind, "off");
  EXPECT_TRUE(Has(line.text, "frequent, mildly polar tokens (median count 4,992 against 4"))
      << line.text;
  EXPECT_TRUE(Has(line.text, "\"and\" in 25.8% of reviews")) << line.text;
  EXPECT_TRUE(Has(line.text, "signed -0.87")) << line.text;
  EXPECT_TRUE(Has(line.text, "d = 1,024 < V = 8,983")) << line.text;
  EXPECT_TRUE(Has(line.text, "12.5% of the constraints lie on cycles")) << line.text;
  EXPECT_TRUE(Has(line.text, "p_mm has U-score 0.03")) << line.text;
  EXPECT_EQ(line.recipe, "figure1");
  // Polar, rare selected tokens and a flat signed score: neither claim is made.
  in.selection.median_count = 30;
  in.selection.median_abs_delta = 0.8;
  in.metrics.signed_score = 0.1;
  const std::string text = Explain(in).panels[1].text;
  EXPECT_FALSE(Has(text, "frequent")) << text;
  EXPECT_FALSE(Has(text, "mildly")) << text;
  EXPECT_FALSE(Has(text, "ranks tokens by the sign")) << text;
}

TEST(Guidance, AUIsShownWhenHighAndFlat) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.metrics.u_score = 0.74;
  in.metrics.signed_score = 0.14;
  EXPECT_EQ(Explain(in).panels[1].kind, "shown");
  in.metrics.signed_score = 0.6;   // high but monotone: not a U
  in.config.learning_rate = 1e-3;  // Adam's budget: 313 steps at d = 64
  in.config.width = 64;
  in.metrics.step = 100;
  const GuidanceLine early = Explain(in).panels[1];
  EXPECT_EQ(early.kind, "expect");
  EXPECT_TRUE(Has(early.text, "peaks around step 156-313")) << early.text;
  in.metrics.step = 2000;
  EXPECT_EQ(Explain(in).panels[1].kind, "off");
  EXPECT_EQ(Explain(in).panels[1].recipe, "figure1");
}

TEST(Guidance, Result2SaysWhichNumbersAreOverAllReviewsAndWhichOverTheAcyclicOnes) {
  GuidanceInputs in = PaperRun();
  in.metrics.has_max_margin = true;
  in.metrics.cosine_to_max_margin = 0.38;
  in.metrics.selection_accuracy = 0.31;
  in.metrics.has_max_margin_acyclic = true;
  in.metrics.cosine_to_max_margin_acyclic = 0.975;
  in.metrics.selection_accuracy_acyclic = 0.998;
  in.max_margin.solved = true;
  in.max_margin.constraints = 44587;
  in.max_margin.constraints_in_cycles = 26832;
  in.max_margin.reviews_in_cycles = 8033;
  in.max_margin.acyclic_reviews = 439;
  const GuidanceLine shown = Explain(in).panels[2];
  EXPECT_EQ(shown.kind, "shown");
  EXPECT_TRUE(Has(shown.text,
                  "over the 439 acyclic reviews cos(p, p_mm) 0.975 and selection "
                  "0.998; over all reviews cos(p, p_mm) 0.38 and selection 0.31"))
      << shown.text;
  // Not there: the reason is read off the values, most basic first.
  in.metrics.cosine_to_max_margin_acyclic = 0.3;
  in.selection.top = {{".", 3000, 0.41, 9000, -0.05}};
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "the selected tokens are stop words"));
  EXPECT_EQ(Explain(in).panels[2].recipe, "result2");
  in.selection.top = {{"too", 240, 0.028, 300, -0.4}};
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "d = 1,024 < V = 8,983"));
  in.config.width = 8983;
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "the flow trains on all reviews"));
  in.config.flow_acyclic_only = true;
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "has not converged yet"));
}

TEST(Guidance, DiagnosticsListDVersusVConstraintsSelectionAndBothUScores) {
  GuidanceInputs in = PaperRun();
  in.max_margin.solved = true;
  in.max_margin.constraints = 100;
  in.max_margin.constraints_in_cycles = 40;
  in.max_margin.violated = 7;
  in.max_margin.acyclic_reviews = 12;
  in.selection.available = true;
  in.selection.distinct = 9;
  in.selection.median_count = 150;
  in.selection.median_abs_delta = 0.33;
  in.selection.top = {{"too", 240, 0.028, 300, -0.4}};
  in.metrics.u_score = 0.13;
  in.metrics.signed_score = -0.07;
  in.metrics.has_max_margin = true;
  in.metrics.u_score_max_margin = 0.475;
  in.metrics.signed_score_max_margin = 0.076;
  const std::vector<GuidanceLine> lines = Explain(in).diagnostics;
  ASSERT_EQ(lines.size(), 4u);
  for (const GuidanceLine& line : lines) EXPECT_EQ(line.panel, "why");
  EXPECT_TRUE(Has(lines[0].text, "d = 1,024 < V = 8,983")) << lines[0].text;
  EXPECT_EQ(lines[0].recipe, "result2");
  EXPECT_TRUE(Has(lines[1].text,
                  "100 constraints, 40 on cycles, 7 violated by p_mm; 12 of "
                  "8,530 reviews are acyclic"))
      << lines[1].text;
  EXPECT_TRUE(Has(lines[2].text, "9 distinct; \"too\" in 2.8% of reviews")) << lines[2].text;
  EXPECT_TRUE(Has(lines[3].text, "U-score of p 0.13 (signed -0.07); of p_mm 0.475"))
      << lines[3].text;
  in.config.width = 9000;
  EXPECT_TRUE(Has(Explain(in).diagnostics[0].text, "the theorem's regime"));
}

}  // namespace
}  // namespace clslab
