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
  in.config.max_doc_share = 1;  // every word kept: stop words can be selected
  in.config.drop_unknown = false;
  in.metrics.phase = "flow on p";
  in.metrics.step = 300;
  in.metrics.p_norm = 12;
  in.metrics.has_predicted_slope = true;
  in.metrics.predicted_slope = 500;
  in.metrics.alignment_slope = 500.1;
  in.metrics.alignment_r2 = 0.9999;
  in.vocab_size = 8983;
  in.train_reviews = 8530;
  in.scored_reviews = 8530;
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
  EXPECT_TRUE(Has(line.text, "\"and\" (|Delta| 0.1) in 25.8%")) << line.text;
  EXPECT_TRUE(Has(line.text, "signed -0.87")) << line.text;
  EXPECT_TRUE(Has(line.text, "d = 1,024 < V = 8,983")) << line.text;
  EXPECT_TRUE(Has(line.text, "12.5% of the constraints lie on cycles")) << line.text;
  EXPECT_TRUE(Has(line.text,
                  "the soft-margin p_mm (C = 1; the hard margin is infeasible) has U-score 0.03"))
      << line.text;
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
  // The budget is quoted; no peak is promised (it depends on the data).
  EXPECT_TRUE(Has(early.text, "budget at this learning rate and d is 313 steps")) << early.text;
  EXPECT_FALSE(Has(early.text, "peaks around")) << early.text;
  in.metrics.step = 2000;
  EXPECT_EQ(Explain(in).panels[1].kind, "off");
  EXPECT_EQ(Explain(in).panels[1].recipe, "figure1");
}

// A paper run whose attention-SVM for s* is infeasible: 439 of 8,530 reviews are acyclic.
GuidanceInputs CyclicRun() {
  GuidanceInputs in = PaperRun();
  in.metrics.has_max_margin = true;
  in.metrics.cosine_to_max_margin = 0.38;
  in.metrics.selection_accuracy = 0.31;
  in.metrics.has_max_margin_acyclic = true;
  in.metrics.cosine_to_max_margin_acyclic = 0.3;
  in.metrics.selection_accuracy_acyclic = 0.5;
  in.max_margin.solved = true;
  in.max_margin.constraints = 44587;
  in.max_margin.constraints_in_cycles = 26832;
  in.max_margin.reviews_in_cycles = 8033;
  in.max_margin.acyclic_reviews = 439;
  return in;
}

// Metrics at `step` with the given cos(p, p_mm) and U-score, for a history.
Metrics At(int64_t step, double cosine, double u = 0) {
  Metrics m;
  m.step = step;
  m.phase = "flow on p";
  m.has_max_margin = true;
  m.cosine_to_max_margin = cosine;
  m.u_score = u;
  return m;
}

TEST(Guidance, ASubsetCheckNamesItsShareAndIsNotTheVerdict) {
  // Issue 18: "Shown" measured on 0.5% of the reviews while over all of them cos was 0.14.
  GuidanceInputs in = CyclicRun();
  in.metrics.cosine_to_max_margin_acyclic = 0.975;
  in.metrics.selection_accuracy_acyclic = 0.998;
  const GuidanceLine line = Explain(in).panels[2];
  EXPECT_NE(line.kind, "shown") << line.text;
  EXPECT_TRUE(Has(line.text,
                  "on the 439 of 8,530 reviews (5.1%) whose constraints lie on no cycle, "
                  "cos(p, p_mm) 0.975 and selection 0.998"))
      << line.text;
  EXPECT_TRUE(Has(line.text, "Over all 8,530 reviews cos(p, p_mm) 0.38 and selection 0.31"))
      << line.text;
  // A subset of at least 90% may carry the verdict, its share named in the sentence.
  in.max_margin.acyclic_reviews = 8000;
  const GuidanceLine most = Explain(in).panels[2];
  EXPECT_EQ(most.kind, "shown");
  EXPECT_TRUE(Has(most.text, "on the 8,000 of 8,530 reviews (93.8%)")) << most.text;
}

TEST(Guidance, Result2IsShownOverAllReviewsOnlyAboveBothThresholds) {
  GuidanceInputs in = CyclicRun();
  in.max_margin.acyclic = true;
  in.metrics.cosine_to_max_margin = 0.95;
  in.metrics.selection_accuracy = 0.97;
  EXPECT_EQ(Explain(in).panels[2].kind, "shown");
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "over all 8,530 reviews cos(p, p_mm) 0.95"));
  in.metrics.selection_accuracy = 0.85;  // the selection misses: not the theorem's claim
  EXPECT_NE(Explain(in).panels[2].kind, "shown");
}

TEST(Guidance, TheFlowsOwnSelectionIsShownWithTheShareThatIsSStarAndTheComponent) {
  GuidanceInputs in = CyclicRun();
  in.metrics.has_local_selection = true;
  in.metrics.local_selection_s_star = 0.58;
  in.metrics.has_local_svm = true;
  in.metrics.local_selection_current = true;
  in.metrics.cosine_to_local_svm = 0.95;
  in.metrics.local_normalized_margin = 0.0001;
  in.metrics.local_svm_reference = 0.006;
  in.max_margin.cyclic_components = 1;
  in.max_margin.largest_component_size = 181;
  in.max_margin.largest_component_words = {"great", "bad", "boring", "best"};
  in.max_margin.largest_component_reviews = 8360;
  const GuidanceLine line = Explain(in).panels[2];
  EXPECT_EQ(line.kind, "shown");
  EXPECT_TRUE(Has(line.text,
                  "p turns toward the max-margin direction for the tokens it selects "
                  "(cos 0.95 over all 8,530 reviews)"))
      << line.text;
  EXPECT_TRUE(Has(line.text, "s* in 58.0% of reviews")) << line.text;
  EXPECT_TRUE(Has(line.text, "one strongly connected set of 181 words (\"great\", \"bad\""))
      << line.text;
  EXPECT_TRUE(Has(line.text, "holds s* for 98.0% of reviews, so no p can select s* in all"))
      << line.text;
  EXPECT_TRUE(Has(line.text, "the direction, not the margin")) << line.text;
  EXPECT_TRUE(Has(line.text, "logarithmic rate")) << line.text;
  in.metrics.cosine_to_local_svm = 0.85;  // below kLocalCosineShown
  EXPECT_NE(Explain(in).panels[2].kind, "shown");
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "cos(p, p_local) 0.85, s* selected"))
      << Explain(in).panels[2].text;
  // A p_local of an older selection is named as such where its cosine is quoted.
  in.metrics.local_selection_current = false;
  in.metrics.local_svm_step = 3;
  EXPECT_TRUE(Has(Explain(in).panels[2].text,
                  "cos(p, p_local) 0.85 (p_local is the att-SVM of the selection at step 3; the "
                  "selection has changed since)"))
      << Explain(in).panels[2].text;
}

TEST(Guidance, PolarSelectedWordsAreNeverCalledStopWords) {
  // Issue 18: "the selected tokens are stop words" for "bad" (|Delta| 0.63), "great" (0.42).
  GuidanceInputs in = CyclicRun();
  in.selection.available = true;
  SelectedToken bad{"bad", 1800, 0.21, 2500, -0.63};
  bad.document_share = 0.09;
  SelectedToken great{"great", 1500, 0.18, 3000, 0.42};
  great.document_share = 0.3;  // frequent, but polar
  in.selection.top = {bad, great};
  const GuidanceLine line = Explain(in).panels[2];
  EXPECT_FALSE(Has(line.text, "stop word")) << line.text;
  // A token with no label information found in most reviews is one, with its |Delta| quoted.
  SelectedToken dot{".", 3000, 0.41, 9000, -0.05};
  dot.document_share = 0.95;
  in.selection.top = {dot, bad};
  const GuidanceLine stop = Explain(in).panels[2];
  EXPECT_TRUE(Has(stop.text, "stop words")) << stop.text;
  EXPECT_TRUE(Has(stop.text, "\".\" (|Delta| 0.05, in 95.0% of reviews) wins 41.0%")) << stop.text;
  EXPECT_FALSE(Has(stop.text, "\"bad\" (|Delta| 0.63, in")) << stop.text;
  EXPECT_EQ(stop.recipe, "result2");
}

TEST(Guidance, NoLineOffersTheRecipeAlreadyInForce) {
  // Issue 18: a "Use the result2 recipe" button while that recipe is in force.
  GuidanceInputs in = CyclicRun();
  in.config.width = 1926;  // the result2 recipe's only setting here
  in.history = {At(100, 0.2), At(250, 0.38)};
  const Guidance g = Explain(in);
  for (const GuidanceLine& line : g.panels) EXPECT_NE(line.recipe, "result2") << line.text;
  for (const GuidanceLine& line : g.diagnostics) EXPECT_NE(line.recipe, "result2") << line.text;
  // Joint training under the figure1 recipe (steps = 313): the U has not shown.
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.config.steps = 313;
  in.config.learning_rate = 1e-3;
  in.config.width = 64;
  in.metrics.step = 2000;
  in.metrics.u_score = 0.3;
  in.history = {At(1000, 0, 0.2), At(1900, 0, 0.29)};
  const GuidanceLine figure1 = Explain(in).panels[1];
  EXPECT_NE(figure1.recipe, "figure1") << figure1.text;
  EXPECT_TRUE(Has(figure1.text, "the figure1 recipe is in force")) << figure1.text;
  in.config.steps = 300;  // not in force: offered
  EXPECT_EQ(Explain(in).panels[1].recipe, "figure1");
  // The result1 recipe in force (sigma 0.003, width 64) with a blurred line.
  in = PaperRun();
  in.config.sigma = 0.003;
  in.config.width = 64;
  in.metrics.alignment_r2 = 0.95;
  EXPECT_EQ(Explain(in).panels[0].recipe, "");
  EXPECT_TRUE(Has(Explain(in).panels[0].text, "the result1 recipe is in force"));
}

TEST(Guidance, AFlatCosineIsAPlateauNotAFlowThatHasNotConverged) {
  // Issue 18: "the flow has not converged yet" where cos was 0.799 at step 500 and at 3,000.
  GuidanceInputs in = CyclicRun();
  in.config.width = 8983;
  in.config.flow_acyclic_only = true;
  in.metrics.step = 3000;
  in.metrics.cosine_to_max_margin = 0.799;
  in.history = {At(500, 0.799), At(1000, 0.799), At(2300, 0.7985), At(2800, 0.799)};
  const GuidanceLine flat = Explain(in).panels[2];
  EXPECT_FALSE(Has(flat.text, "not converged")) << flat.text;
  EXPECT_FALSE(Has(flat.text, "still moving")) << flat.text;
  EXPECT_TRUE(Has(flat.text, "a plateau (cos(p, p_mm) changed by 0.0005 since step 2,300"))
      << flat.text;
  EXPECT_TRUE(Has(flat.text, "constraints of s* lie on cycles")) << flat.text;
  // Still rising over the last quarter of the run: that is said, with the change.
  in.history = {At(500, 0.5), At(2300, 0.7), At(2800, 0.79)};
  const GuidanceLine moving = Explain(in).panels[2];
  EXPECT_TRUE(Has(moving.text, "still moving (cos(p, p_mm) rose 0.099 since step 2,300)"))
      << moving.text;
  EXPECT_EQ(moving.recipe, "");
}

// cos(p, p_local) against a new p_local (the last selection's, solved after the run) is not
// a flow that moves: its trend reads only the points against the same solution.
TEST(Guidance, ANewPLocalIsNotReadAsTheFlowMoving) {
  GuidanceInputs in = CyclicRun();
  in.config.width = 8983;
  in.config.flow_acyclic_only = true;
  in.metrics.step = 500;
  in.metrics.cosine_to_max_margin = 0.301;
  in.metrics.has_local_svm = true;
  in.metrics.local_selection_current = true;
  in.metrics.local_svm_step = 500;
  in.metrics.cosine_to_local_svm = 0.819;
  auto against = [](int64_t step, double local_cos, int64_t local_step) {
    Metrics m = At(step, 0.301);
    m.has_local_svm = true;
    m.cosine_to_local_svm = local_cos;
    m.local_svm_step = local_step;
    return m;
  };
  in.history = {against(300, 0.2646, 3), against(376, 0.2646, 3), against(450, 0.2646, 3)};
  const GuidanceLine line = Explain(in).panels[2];
  EXPECT_FALSE(Has(line.text, "still moving")) << line.text;
  EXPECT_TRUE(Has(line.text, "a plateau (cos(p, p_mm) changed by 0 since step 376")) << line.text;
  // Against the same p_local the change is the flow's.
  for (Metrics& m : in.history) m.local_svm_step = 500;
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "still moving (cos(p, p_local) rose 0.554"))
      << Explain(in).panels[2].text;
}

TEST(Guidance, TheUIsPastItsPeakOnlyAfterThePeak) {
  // Issue 18: "past its peak the U fades" when the best U-score was at the last step.
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.config.learning_rate = 1e-3;
  in.config.width = 64;
  in.metrics.step = 2000;
  in.metrics.u_score = 0.45;
  in.metrics.signed_score = 0.1;
  in.history = {At(500, 0, 0.2), At(1000, 0, 0.3), At(1800, 0, 0.44)};
  const GuidanceLine rising = Explain(in).panels[1];
  EXPECT_FALSE(Has(rising.text, "past its peak")) << rising.text;
  EXPECT_FALSE(Has(rising.text, "peaked")) << rising.text;
  EXPECT_TRUE(Has(rising.text, "the best so far is now")) << rising.text;
  in.history = {At(500, 0, 0.2), At(1000, 0, 0.58), At(1800, 0, 0.5)};
  const GuidanceLine fallen = Explain(in).panels[1];
  EXPECT_TRUE(Has(fallen.text, "peaked at 0.58 at step 1,000 and has fallen since")) << fallen.text;
}

TEST(Guidance, AFlowThatLowersTestAccuracySaysSoWithTheReason) {
  // Issue 18: the flow on the acyclic reviews dropped test accuracy 0.745 -> 0.534 unsaid.
  GuidanceInputs in = CyclicRun();
  in.config.flow_acyclic_only = true;
  in.flow_reviews = 439;
  in.metrics.has_test = true;
  in.metrics.test_accuracy = 0.534;
  in.metrics.has_test_after_step_on_e = true;
  in.metrics.test_accuracy_after_step_on_e = 0.745;
  const Guidance g = Explain(in);
  const std::string expected =
      "Test accuracy fell from 0.745 after the step on E to 0.534 now: the flow trains p on "
      "the 439 acyclic reviews (5.1% of 8,530)";
  EXPECT_TRUE(Has(g.panels[2].text, expected)) << g.panels[2].text;
  EXPECT_TRUE(Has(g.panels[3].text, expected)) << g.panels[3].text;
  in.metrics.test_accuracy = 0.74;  // within kAccuracyDrop: nothing to say
  EXPECT_FALSE(Has(Explain(in).panels[3].text, "Test accuracy fell"));
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
                  "8,530 reviews (0.1%) are acyclic"))
      << lines[1].text;
  EXPECT_TRUE(Has(lines[2].text, "9 distinct; \"too\" (|Delta| 0.4) in 2.8% of reviews"))
      << lines[2].text;
  EXPECT_TRUE(Has(lines[3].text, "U-score of p 0.13 (signed -0.07); of p_mm 0.475"))
      << lines[3].text;
  in.config.width = 9000;
  EXPECT_TRUE(Has(Explain(in).diagnostics[0].text, "the theorem's regime"));
}

// Issue 18: a shown U quoted only the final U-score, below the best of the run unsaid.
TEST(Guidance, AShownUBelowTheBestSoFarSaysBoth) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.metrics.step = 313;
  in.metrics.u_score = 0.56;
  in.metrics.signed_score = 0.05;
  in.history = {At(100, 0, 0.3), At(215, 0, 0.608), At(300, 0, 0.57)};
  const GuidanceLine below = Explain(in).panels[1];
  EXPECT_EQ(below.kind, "shown");
  EXPECT_TRUE(Has(below.text, "U-score 0.56 now, best 0.608 at step 215")) << below.text;
  // At its best, the line quotes the one number.
  in.history = {At(100, 0, 0.3), At(215, 0, 0.5)};
  const GuidanceLine best = Explain(in).panels[1];
  EXPECT_EQ(best.kind, "shown");
  EXPECT_FALSE(Has(best.text, "best")) << best.text;
  EXPECT_TRUE(Has(best.text, "U-score 0.56, signed 0.05")) << best.text;
}

// The joint loss line said "both fall while the model learns" on 2,000 dvd reviews whose
// test loss had risen from 0.542 (step 236) to 0.598 (step 313) while the train loss fell.
TEST(Guidance, AJointTestLossAboveItsLowestWhileTrainFallsIsCalledOverfitting) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.metrics.step = 313;
  in.metrics.has_test = true;
  in.metrics.train_loss = 0.317;
  in.metrics.test_loss = 0.598;
  in.metrics.u_score = 0.56;
  auto at = [](int64_t step, double train, double test, double u) {
    Metrics m = At(step, 0, u);
    m.has_test = true;
    m.train_loss = train;
    m.test_loss = test;
    return m;
  };
  in.history = {at(100, 0.65, 0.66, 0.2), at(215, 0.447, 0.554, 0.608),
                at(236, 0.406, 0.542, 0.603), at(300, 0.33, 0.58, 0.57)};
  const GuidanceLine over = Explain(in).panels[3];
  EXPECT_EQ(over.panel, "loss");
  EXPECT_EQ(over.kind, "off");
  EXPECT_TRUE(Has(over.text,
                  "the test loss rose from its lowest, 0.542 at step 236, while the "
                  "train loss fell from 0.406: the model overfits"))
      << over.text;
  EXPECT_TRUE(Has(over.text, "the U of Figure 1 fades with it (U-score 0.608 at step 215, 0.56"))
      << over.text;
  EXPECT_FALSE(Has(over.text, "both fall")) << over.text;
  // The U at its best: overfitting without a word about the U fading.
  in.metrics.u_score = 0.61;
  EXPECT_FALSE(Has(Explain(in).panels[3].text, "fades")) << Explain(in).panels[3].text;
  // A test loss still at its lowest: no overfitting is claimed.
  in.metrics.test_loss = 0.54;
  const GuidanceLine learning = Explain(in).panels[3];
  EXPECT_EQ(learning.kind, "expect");
  EXPECT_TRUE(Has(learning.text, "both fall while the model learns")) << learning.text;
}

// Issue 18: the figure1 "off" lines said "min count 20" whatever the recipe computed.
TEST(Guidance, TheFigure1LinesQuoteTheRecipesOwnMinCount) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.metrics.phase = "joint";
  in.config.learning_rate = 1e-2;  // not the recipe's, so the recipe is offered
  in.config.width = 1024;
  in.recipes = {
      {"figure1", "t", "r", {{"min_count", "1370"}, {"learning_rate", "0.001"}, {"width", "64"}}}};
  in.metrics.step = 2000;
  in.metrics.u_score = 0.2;
  in.metrics.signed_score = 0.1;
  // Past its peak ...
  in.history = {At(500, 0, 0.2), At(1000, 0, 0.45), At(1800, 0, 0.25)};
  const GuidanceLine fallen = Explain(in).panels[1];
  EXPECT_EQ(fallen.kind, "off");
  EXPECT_TRUE(Has(fallen.text, "the figure1 recipe (min count 1,370, learning rate 0.001, d = 64)"))
      << fallen.text;
  EXPECT_FALSE(Has(fallen.text, "min count 20")) << fallen.text;
  // ... and past the budget without a U.
  in.history = {At(500, 0, 0.1), At(1000, 0, 0.15), At(1800, 0, 0.19)};
  const GuidanceLine flat = Explain(in).panels[1];
  EXPECT_EQ(flat.kind, "off");
  EXPECT_TRUE(Has(flat.text, "the figure1 recipe (min count 1,370, learning rate 0.001, d = 64)"))
      << flat.text;
}

// The twins' Result 2 line states the hypothesis as measured, why this data meets it, the
// growth of ||p|| and the margin, and offers the real movie reviews; other data is not offered.
TEST(Guidance, Result2OnAcyclicDataStatesTheHypothesisAndOnTheTwinsOffersRealReviews) {
  GuidanceInputs in = PaperRun();
  in.config.dataset = "twins";
  in.config.width = 4096;
  in.vocab_size = 356;
  in.train_reviews = 1600;
  in.scored_reviews = 1600;
  in.metrics.has_max_margin = true;
  in.metrics.cosine_to_max_margin = 0.997;
  in.metrics.selection_accuracy = 1;
  in.metrics.p_norm = 285;
  in.metrics.normalized_margin = 0.0923;
  in.metrics.max_margin_reference = 0.104;
  in.max_margin.solved = true;
  in.max_margin.acyclic = true;
  in.max_margin.constraints = 8298;
  in.max_margin.acyclic_reviews = 1600;
  Metrics earlier = At(236, 0.99);
  earlier.p_norm = 221;
  in.history = {earlier};
  const GuidanceLine line = Explain(in).panels[2];
  EXPECT_EQ(line.kind, "shown");
  EXPECT_TRUE(Has(line.text, "over all 1,600 reviews cos(p, p_mm) 0.997 and selection 1"))
      << line.text;
  EXPECT_TRUE(Has(line.text, "||p|| rose from 221 at step 236 to 285")) << line.text;
  EXPECT_TRUE(Has(line.text, "normalized margin 0.0923 approaches 1/||p_mm|| = 0.104"))
      << line.text;
  EXPECT_TRUE(Has(line.text, "none of the 8,298 constraints lies on a cycle")) << line.text;
  EXPECT_TRUE(Has(line.text, "d = 4,096 >= V = 356")) << line.text;
  EXPECT_TRUE(Has(line.text, "negative twin")) << line.text;
  EXPECT_EQ(line.dataset, "movies");
  in.config.dataset = "synthetic";
  const GuidanceLine synthetic = Explain(in).panels[2];
  EXPECT_EQ(synthetic.kind, "shown");
  EXPECT_TRUE(Has(synthetic.text, "none of the 8,298 constraints")) << synthetic.text;
  EXPECT_FALSE(Has(synthetic.text, "twin")) << synthetic.text;
  EXPECT_EQ(synthetic.dataset, "");
}

// The twins' feasible run with one review emptied by the vocabulary: the verdict names the
// 1,599 reviews it is over; with a third of them empty there is no verdict, and the reason
// says how many and which setting brings them back.
TEST(Guidance, AVerdictOverAllReviewsNamesTheReviewsWithNoTokenInTheVocabulary) {
  GuidanceInputs in = PaperRun();
  in.config.width = 4096;
  in.config.drop_unknown = true;
  in.vocab_size = 356;
  in.train_reviews = 1600;
  in.scored_reviews = 1599;
  in.flow_reviews = 1599;
  in.metrics.has_max_margin = true;
  in.metrics.cosine_to_max_margin = 0.997;
  in.metrics.selection_accuracy = 1;
  in.max_margin.solved = true;
  in.max_margin.hard_margin = true;
  in.max_margin.acyclic = true;
  in.max_margin.constraints = 8298;
  in.max_margin.acyclic_reviews = 1599;
  const GuidanceLine line = Explain(in).panels[2];
  EXPECT_EQ(line.kind, "shown");
  EXPECT_TRUE(Has(line.text,
                  "over the 1,599 of 1,600 reviews with a token in the vocabulary (1 has none) "
                  "cos(p, p_mm) 0.997"))
      << line.text;
  EXPECT_FALSE(Has(line.text, "all 1,600")) << line.text;
  in.scored_reviews = 1000;  // 600 empty: 62.5% scored, below kVerdictShare
  const GuidanceLine off = Explain(in).panels[2];
  EXPECT_EQ(off.kind, "off");
  EXPECT_TRUE(Has(off.text, "600 of the 1,600 reviews (37.5%) have no token in the vocabulary"))
      << off.text;
  EXPECT_TRUE(Has(off.text, "turn off \"Drop unknown words\"")) << off.text;
  in.scored_reviews = 1440;  // exactly kVerdictShare of them: a verdict, naming the 160
  EXPECT_EQ(Explain(in).panels[2].kind, "shown");
  EXPECT_TRUE(Has(Explain(in).panels[2].text, "(160 have none)"));
}

TEST(Guidance, CoverageSaysWhichReviewsTheResult2FiguresAreOver) {
  Metrics m;
  EXPECT_EQ(CoverageText(m), "");  // nothing loaded
  m.train_reviews = m.scored_reviews = 1600;
  EXPECT_EQ(CoverageText(m), "all reviews: 1,600 training reviews");
  m.has_max_margin_acyclic = true;
  m.acyclic_reviews = 62;
  EXPECT_EQ(CoverageText(m),
            "all reviews: 1,600 training reviews · acyclic: 62 of the 1,600 (3.9%)");
  m.scored_reviews = 1598;
  EXPECT_EQ(CoverageText(m),
            "all reviews: 1,598 of 1,600 training reviews (2 have no token in the vocabulary) · "
            "acyclic: 62 of the 1,600 (3.9%)");
}

// Figure 1's U names the protocol it came under and which p_mm it is compared with.
TEST(Guidance, TheUNamesItsProtocolAndASoftMarginPmm) {
  GuidanceInputs in = PaperRun();
  in.config.protocol = Protocol::kJoint;
  in.config.svm_c = 1;
  in.metrics.phase = "joint";
  in.metrics.u_score = 0.62;
  in.metrics.signed_score = 0.05;
  in.metrics.has_max_margin = true;
  in.metrics.u_score_max_margin = 0.482;
  in.max_margin.solved = true;
  in.max_margin.hard_margin = false;
  in.max_margin.acyclic = false;
  const GuidanceLine line = Explain(in).panels[1];
  EXPECT_EQ(line.kind, "shown");
  EXPECT_TRUE(Has(line.text, "A U under joint training (E and p together)")) << line.text;
  EXPECT_TRUE(Has(
      line.text, "the soft-margin p_mm (C = 1; the hard margin is infeasible) gives U-score 0.482"))
      << line.text;
  in.max_margin.hard_margin = true;
  EXPECT_TRUE(Has(Explain(in).panels[1].text, "the theory's p_mm gives U-score 0.482"));
}

}  // namespace
}  // namespace clslab
