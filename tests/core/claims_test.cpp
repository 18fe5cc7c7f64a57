// Every verdict is a claim the run proves. A generator builds thousands of runs (metrics,
// histories, att-SVM reports, selections, recipes, settings; values around every threshold)
// and every finding core says on them must keep the claim its words make (messages.h), and
// render through the catalog. Then each false sentence issue 38 found in real reports, as
// the run that produced it: today's words keep their claims there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "catalog_text.h"
#include "clslab/guidance.h"
#include "clslab/messages.h"
#include "clslab/recipes.h"
#include "clslab/rng.h"
#include "profiles.h"

namespace clslab {
namespace {

const Catalog& English() {
  static const Catalog catalog = Catalog::Parse(clslab_cli::kCatalogEn, "en").value;
  return catalog;
}

// Checks every finding of `g` against its claim and renders it; returns the failures.
std::vector<std::string> Broken(const GuidanceInputs& in, const Guidance& g) {
  std::vector<std::string> broken;
  std::vector<const Finding*> all = {&g.coverage, &g.rate, &g.prompt};
  for (const Finding& f : g.panels) all.push_back(&f);
  for (const Finding& f : g.diagnostics) all.push_back(&f);
  for (const Finding* f : all) {
    std::string why;
    if (!ClaimHolds(in, *f, &why)) broken.push_back(why);
    const Result<std::string> text = RenderFinding(*f, English(), true);
    if (!text.ok()) broken.push_back(text.status.message());
  }
  return broken;
}

bool HasCode(const Finding& f, const std::string& code) {
  if (f.code == code) return true;
  for (const Finding& d : f.details) {
    if (HasCode(d, code)) return true;
  }
  return false;
}

const Finding* FindCode(const Finding& f, const std::string& code) {
  if (f.code == code) return &f;
  for (const Finding& d : f.details) {
    if (const Finding* found = FindCode(d, code)) return found;
  }
  return nullptr;
}

// Values near the thresholds the rules and claims use, and anywhere else in [lo, hi].
double Near(Rng& rng, double lo, double hi, std::initializer_list<double> edges) {
  if (rng.Below(3) == 0) {
    const double edge = *(edges.begin() + rng.Below(edges.size()));
    return edge + (rng.Below(3) == 0 ? 0 : (rng.Uniform() - 0.5) * 0.02);
  }
  return lo + (hi - lo) * rng.Uniform();
}

Metrics RandomMetrics(Rng& rng, int64_t step, const GuidanceInputs& in) {
  Metrics m;
  m.step = step;
  m.phase = step == 0                                ? Phase::kInitialized
            : in.config.protocol == Protocol::kJoint ? Phase::kJoint
                                                     : Phase::kFlow;
  m.train_loss = rng.Uniform();
  m.train_accuracy = rng.Uniform();
  m.has_test = in.metrics.has_test;
  m.test_loss = rng.Uniform();
  m.test_accuracy = rng.Uniform();
  m.train_reviews = in.train_reviews;
  m.scored_reviews = in.scored_reviews;
  m.p_norm = step == 0 || rng.Below(10) == 0 ? 0 : 100 * rng.Uniform();
  m.alignment_r2 = Near(rng, 0, 1, {0.9, 0.99});
  m.has_predicted_slope = step > 0 && in.config.protocol == Protocol::kPaper;
  m.predicted_slope = m.has_predicted_slope ? 500 : 0;
  m.alignment_slope = m.predicted_slope * Near(rng, 0.9, 1.1, {0.99, 1.01, 1});
  m.has_max_margin = in.max_margin.solved && rng.Below(8) != 0;
  m.cosine_to_max_margin = Near(rng, -0.2, 1, {0.9});
  m.normalized_margin = Near(rng, -0.3, 0.2, {0.1});
  m.max_margin_reference = 0.1;
  m.selection_accuracy = Near(rng, 0, 1, {0.95, 1});
  m.baseline_selection_accuracy = rng.Uniform();
  m.has_max_margin_acyclic = m.has_max_margin && !in.max_margin.acyclic && rng.Below(2);
  m.cosine_to_max_margin_acyclic = rng.Uniform();
  m.selection_accuracy_acyclic = rng.Uniform();
  m.acyclic_reviews = in.max_margin.acyclic_reviews;
  m.has_local_selection = step > 0 && rng.Below(2);
  // Sometimes s* in every review (the flow's att-SVM is p_mm itself: result2-limit-same).
  m.local_selection_s_star = rng.Below(4) == 0 ? 1 : Near(rng, 0, 1, {0.99});
  m.local_selection_s_star = std::min(1.0, m.local_selection_s_star);
  m.local_selection_strict = rng.Uniform();
  m.has_local_svm = m.has_local_selection && rng.Below(2);
  m.local_svm_step = rng.Below(2) ? step : step / 2;
  m.local_selection_current = rng.Below(3) != 0;
  m.cosine_to_local_svm = Near(rng, 0.3, 1, {0.9});
  m.has_test_after_step_on_e = m.has_test && step > 0;
  m.test_accuracy_after_step_on_e = rng.Uniform();
  m.u_score = Near(rng, -0.2, 1, {0.5});
  m.signed_score = Near(rng, -0.6, 0.6, {0.3, -0.3});
  m.u_score_max_margin = rng.Uniform();
  m.signed_score_max_margin = rng.Uniform() - 0.5;
  // A run end whose p_local solve the user cancelled (so no p_local of its selection), drawn
  // from a stream of its own: the other values are those of the runs without it.
  static Rng cancels(40);
  m.local_svm_cancelled =
      m.phase == Phase::kFlow && !m.local_selection_current && cancels.Below(3) == 0;
  // 1 - cos(p, p_mm) over twelve decades, sometimes exactly 0 (p along p_mm), from a stream
  // of its own too: the rate's slope over the history comes out either sign.
  static Rng gaps(41);
  m.one_minus_cosine_to_max_margin = gaps.Below(10) == 0 ? 0 : std::pow(10.0, -12 * gaps.Uniform());
  return m;
}

const std::vector<Recipe>& BalancedRecipes() {
  static const std::vector<Recipe> recipes = ComputeRecipes(LongReviews(400, 40), Limits());
  return recipes;
}
const std::vector<Recipe>& SkewedRecipes() {
  static const std::vector<Recipe> recipes = ComputeRecipes(LongReviews(400, 40, 300), Limits());
  return recipes;
}

GuidanceInputs RandomRun(Rng& rng) {
  GuidanceInputs in;
  in.config.protocol = rng.Below(4) == 0 ? Protocol::kJoint : Protocol::kPaper;
  const int32_t widths[] = {64, 256, 1024, 2000, 4096};
  in.config.width = widths[rng.Below(5)];
  in.vocab_size = widths[rng.Below(5)];
  const double sigmas[] = {1, 0.01, 1e-4};  // E(0)'s noise above, near and below a recipe's
  in.config.sigma = sigmas[rng.Below(3)];
  in.config.eta = 1000;
  in.config.steps = 300;
  in.config.learning_rate = 0.001;
  in.config.max_doc_share = rng.Below(2) ? 1 : 0.1;
  in.config.drop_unknown = rng.Below(2);
  in.config.flow_acyclic_only = rng.Below(3) == 0;
  in.config.dataset = rng.Below(3) == 0 ? "twins" : "movies";
  in.train_reviews = 1 + static_cast<int32_t>(rng.Below(20000));
  in.scored_reviews =
      rng.Below(3) == 0
          ? in.train_reviews - static_cast<int32_t>(rng.Below(1 + in.train_reviews / 10))
          : in.train_reviews;
  in.alpha_spread = 1e-4 * rng.Uniform();
  in.token_median_count = 1 + rng.Below(10);
  MaxMarginReport& mm = in.max_margin;
  mm.solved = rng.Below(5) != 0;
  mm.acyclic = rng.Below(3) == 0;
  mm.hard_margin = mm.acyclic && rng.Below(2);
  mm.constraints = 1 + rng.Below(500000);
  mm.constraints_in_cycles = mm.acyclic ? 0 : 1 + rng.Below(mm.constraints);
  mm.acyclic_reviews = mm.acyclic ? in.train_reviews : rng.Below(in.train_reviews + 1);
  mm.cyclic_components = mm.acyclic ? 0 : 1 + rng.Below(3);
  mm.largest_component_size = mm.acyclic ? 0 : rng.Below(200);
  mm.largest_component_words = {"great", "bad", "\"quoted\"", "{x}", "café"};
  mm.largest_component_reviews = rng.Below(in.train_reviews + 1);
  mm.violated = rng.Below(1000);
  in.flow_reviews =
      in.config.flow_acyclic_only ? static_cast<int32_t>(mm.acyclic_reviews) : in.scored_reviews;
  in.selection.available = rng.Below(4) != 0;
  in.selection.distinct = 1 + rng.Below(500);
  in.selection.median_count = static_cast<double>(rng.Below(5000));
  in.selection.median_abs_delta = rng.Uniform();
  for (const char* word : {"the", "great", "."}) {
    SelectedToken t;
    t.token = word;
    t.share = Near(rng, 0, 0.5, {0.1});
    t.delta = Near(rng, -1, 1, {0.15, -0.15});
    t.document_share = Near(rng, 0, 1, {0.2});
    in.selection.top.push_back(t);
  }
  // The recipes of real data profiles, as the Experiment computes them (their own words are
  // checked over the profile in recipes_test): balanced reviews, where the Δ of the words
  // figure1 ranks leaves a U open, or 75% positive ones, where it rules a U out.
  in.recipes = rng.Below(2) ? BalancedRecipes() : SkewedRecipes();
  // Sometimes a recipe in force: result1's under the paper protocol, figure1's under joint
  // training.
  if (rng.Below(4) == 0) {
    const Recipe& recipe = in.recipes[in.config.protocol == Protocol::kJoint ? 1 : 0];
    const Result<RunConfig> applied = ApplyRecipe(in.config, recipe);
    if (applied.ok()) in.config = applied.value;
  }
  in.local_svm.solved = rng.Below(2);
  in.local_svm.constraints = rng.Below(100000);
  in.local_svm.norm = 300 * rng.Uniform();
  in.metrics.has_test = rng.Below(4) != 0;
  // A history of earlier steps, oldest first, then now.
  const int64_t now = rng.Below(6) == 0 ? 0 : 1 + rng.Below(1000);
  for (int64_t step = 1; step < now; step = step + 1 + step / 3) {
    in.history.push_back(RandomMetrics(rng, step, in));
  }
  in.metrics = RandomMetrics(rng, now, in);
  if (rng.Below(3) == 0 && !in.history.empty()) {  // sometimes now repeats a recorded point
    Metrics copy = in.history.back();
    copy.step = now;
    in.metrics = copy;
  }
  in.history.push_back(in.metrics);
  if (rng.Below(3) == 0) {  // a run whose U never reached 0.5
    for (Metrics& m : in.history) m.u_score *= 0.45;
    in.metrics.u_score *= 0.45;
  }
  return in;
}

TEST(Claims, EveryFindingOnThousandsOfGeneratedRunsKeepsItsClaimAndRenders) {
  Rng rng(38);
  int said = 0;
  std::set<std::string> codes;
  for (int run = 0; run < 4000; ++run) {
    const GuidanceInputs in = RandomRun(rng);
    const Guidance g = Explain(in);
    const std::vector<std::string> broken = Broken(in, g);
    ASSERT_TRUE(broken.empty()) << "run " << run << ": " << broken[0];
    std::function<void(const Finding&)> count = [&](const Finding& f) {
      codes.insert(f.code);
      ++said;
      for (const Finding& d : f.details) count(d);
    };
    for (const Finding& f : g.panels) count(f);
    for (const Finding& f : g.diagnostics) count(f);
    count(g.coverage);
    count(g.rate);
    count(g.prompt);
  }
  EXPECT_GT(said, 40000);
  // The generator reaches every guidance message: the claims are exercised, not idle (a
  // review's messages are checked on the views that say them, experiment_test; the class
  // activity's on the runs it settles, activity_claims_test; a recipe's on generated data
  // profiles, recipes_test; what a file reads as on the files dataset_loading_test reads).
  std::vector<std::string> missed;
  for (const MessageSpec* spec : MessageSpecs()) {
    const bool elsewhere = spec->code.rfind("review-", 0) == 0 ||
                           spec->code.rfind("activity-", 0) == 0 ||
                           spec->code.rfind("recipe-", 0) == 0 || spec->code.rfind("data-", 0) == 0;
    if (!elsewhere && codes.count(spec->code) == 0) {
      missed.push_back(spec->code);
    }
  }
  EXPECT_EQ(missed, std::vector<std::string>{});
}

TEST(Claims, AClaimFailsWhenTheWordsOutrunTheNumbers) {
  GuidanceInputs in = RandomRun(*std::make_unique<Rng>(1));
  in.config.protocol = Protocol::kPaper;
  in.metrics.phase = Phase::kFlow;
  in.metrics.has_predicted_slope = true;
  in.metrics.predicted_slope = 500;
  in.metrics.alignment_slope = 500;
  in.metrics.alignment_r2 = 0.95;  // below 0.99: "on the line" would be false
  const MessageSpec* shown = FindMessage("result1-shown");
  ASSERT_NE(shown, nullptr);
  const Finding lie = shown->Say("result1", FindingKind::kShown,
                                 {Value("slope", 500), Value("predicted", 500), Value("r2", 0.95)});
  std::string why;
  EXPECT_FALSE(ClaimHolds(in, lie, &why));
  EXPECT_NE(why.find("0.99"), std::string::npos) << why;
}

// ---- The false sentences of issue 38, each as the run that produced it.

GuidanceInputs JointRun(int64_t step, double u, double signed_score) {
  GuidanceInputs in;
  in.config.protocol = Protocol::kJoint;
  in.config.learning_rate = 0.001;
  in.config.width = 64;
  in.config.steps = 313;
  in.vocab_size = 3000;
  in.train_reviews = in.scored_reviews = in.flow_reviews = 5000;
  in.recipes = {{"figure1", {}, {}, {{"protocol", "joint"}}}};
  in.metrics.phase = Phase::kJoint;
  in.metrics.step = step;
  in.metrics.p_norm = 10;
  in.metrics.u_score = u;
  in.metrics.signed_score = signed_score;
  return in;
}

TEST(FalseSentences, AUScorePast05IsNeverSaidNotToHaveRisenPast05) {
  // Restaurant reviews, figure1 recipe: "No U at step 313 (U-score 0.591, signed 0.318; the
  // best so far is now): the U-score has not risen past 0.5": the blocker is the signed score.
  GuidanceInputs in = JointRun(313, 0.591, 0.318);
  for (int64_t s : {100, 200, 300}) {
    Metrics then = in.metrics;
    then.step = s;
    then.u_score = 0.3 + s / 1000.0;
    in.history.push_back(then);
  }
  in.history.push_back(in.metrics);
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  const Finding& figure1 = g.panels[1];
  EXPECT_EQ(figure1.kind, FindingKind::kOff);
  EXPECT_FALSE(HasCode(figure1, "figure1-below-within-budget"));
  const Finding* blocker = FindCode(figure1, "figure1-signed-blocks");
  ASSERT_NE(blocker, nullptr);
  EXPECT_EQ(blocker->Number("signed"), 0.318);
  // And the words that said otherwise now fail their claim on this run.
  const Finding lie =
      FindMessage("figure1-below-within-budget")
          ->Detail({Count("budget", 313), Ratio("best", 0.591), Count("step", 313)});
  std::string why;
  EXPECT_FALSE(ClaimHolds(in, lie, &why));
}

TEST(FalseSentences, AUStillRisingAtTheBudgetIsSaidToBeRising) {
  // "does not give a U" at 0.491 on step 312 of 313, rising: the verdict is off, with the
  // best and the rise measured, and no claim about what the data can give.
  GuidanceInputs in = JointRun(312, 0.491, 0.05);
  in.config.steps = 313;
  for (int64_t s : {200, 240, 280}) {
    Metrics then = in.metrics;
    then.step = s;
    then.u_score = 0.3 + (s - 200) / 500.0;
    in.history.push_back(then);
  }
  in.history.push_back(in.metrics);
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  const Finding* trend = FindCode(g.panels[1], "trend");
  ASSERT_NE(trend, nullptr);
  EXPECT_EQ(trend->Arg("quantity")->text, "u-score");
  EXPECT_EQ(trend->Arg("direction")->text, "rose");
}

GuidanceInputs PaperRealRun() {
  GuidanceInputs in;
  in.config.protocol = Protocol::kPaper;
  in.config.width = 2000;
  in.config.steps = 300;
  in.config.svm_c = 1;
  in.vocab_size = 2000;
  in.train_reviews = in.scored_reviews = in.flow_reviews = 20000;
  in.recipes = {BalancedRecipes()[0],
                BalancedRecipes()[1],
                {"result2", {}, {}, {{"width", "2000"}, {"max_doc_share", "0.1"}}}};
  in.max_margin.solved = true;
  in.max_margin.acyclic = false;
  in.max_margin.constraints = 590000;
  in.max_margin.constraints_in_cycles = 400000;
  in.max_margin.cyclic_components = 1;
  in.max_margin.largest_component_size = 181;
  in.max_margin.largest_component_words = {"great", "bad", "best", "worst"};
  in.max_margin.largest_component_reviews = 19992;
  Metrics& m = in.metrics;
  m.phase = Phase::kFlow;
  m.step = 300;
  m.p_norm = 200;
  m.has_predicted_slope = true;
  m.predicted_slope = 500;
  m.alignment_slope = 500.2;
  m.alignment_r2 = 0.9999;
  m.has_test = true;
  m.has_max_margin = true;
  m.cosine_to_max_margin = 0.52;
  m.selection_accuracy = 0.6;
  m.baseline_selection_accuracy = 0.71;
  m.has_local_selection = true;
  m.local_selection_s_star = 0.57;
  m.has_local_svm = true;
  m.local_svm_step = 300;
  m.local_selection_current = true;
  m.cosine_to_local_svm = 0.93;
  m.has_test_after_step_on_e = true;
  m.test_accuracy_after_step_on_e = 0.745;
  m.test_accuracy = 0.82;
  m.normalized_margin = -0.23;
  m.max_margin_reference = 0.01;
  m.u_score = 0.2;
  m.signed_score = 0.4;
  return in;
}

TEST(FalseSentences, TheLocallyOptimalDirectionIsNeverCalledResult2) {
  // 5 of 6 real corpora: Result 2 "shown" with cos(p, p_mm) 0.40-0.64 and selection 0.50-0.67
  // because cos(p, p_local) was 0.89-0.94. Now: `instead`, beside both baselines.
  GuidanceInputs in = PaperRealRun();
  in.history = {in.metrics};
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  const Finding& result2 = g.panels[2];
  EXPECT_EQ(result2.kind, FindingKind::kInstead);
  EXPECT_EQ(result2.code, "result2-instead");
  EXPECT_EQ(result2.Number("cos_local"), 0.93);
  const Finding* baseline = FindCode(result2, "result2-baseline-selection");
  ASSERT_NE(baseline, nullptr);
  EXPECT_EQ(baseline->Number("baseline"), 0.71);  // above the flow's 0.6: said beside it
  EXPECT_EQ(baseline->Number("flow"), 0.6);
  const Finding* pooled = FindCode(result2, "result2-baseline-pooled");
  ASSERT_NE(pooled, nullptr);
  EXPECT_EQ(pooled->Number("pooled"), 0.745);
  // "holds s* for 100.0% of reviews" for 19,992 of 20,000: the counts, and a share that
  // never reads larger than it is.
  const Finding* component = FindCode(result2, "result2-component");
  ASSERT_NE(component, nullptr);
  EXPECT_EQ(component->Number("holds"), 19992);
  const std::string text = RenderFinding(*component, English()).value;
  EXPECT_NE(text.find("19,992 of the 20,000 reviews (99.9%)"), std::string::npos) << text;
  // No finding claims a rate of growth ("growing at a logarithmic rate": never measured).
  EXPECT_FALSE(HasCode(result2, "result2-margin-approaches"));
}

TEST(FalseSentences, ACancelledPLocalIsNamedAndNothingIsClaimedAboutIt) {
  // The user cancelled the run end's p_local (minutes on a large upload): an older p_local
  // (step 200, a selection the flow has left) is still measured, but no wording reads it.
  GuidanceInputs in = PaperRealRun();
  in.metrics.local_svm_step = 200;
  in.metrics.local_selection_current = false;
  in.metrics.local_svm_cancelled = true;
  in.local_svm.solved = true;
  in.history = {in.metrics};
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  const Finding& result2 = g.panels[2];
  // The verdict itself says it: off (the theorem's numbers), and p_local cancelled.
  EXPECT_EQ(result2.kind, FindingKind::kOff);
  EXPECT_EQ(result2.code, "result2-off-cancelled");
  EXPECT_EQ(result2.Number("step"), 300);
  const std::string sentence = RenderFinding(result2, English()).value;
  EXPECT_NE(sentence.find("Not the theorem's picture"), std::string::npos) << sentence;
  EXPECT_NE(sentence.find("at step 300, was cancelled"), std::string::npos) << sentence;
  EXPECT_FALSE(HasCode(result2, "result2-local-cancelled")) << "said once";
  const Finding* cancelled = &result2;
  for (const char* code : {"result2-instead", "result2-local"}) {
    EXPECT_FALSE(HasCode(result2, code)) << code;
  }
  for (const Finding& f : g.diagnostics) EXPECT_NE(f.code, "why-own-svm");
  // The claims themselves: the words that read p_local are false of a cancelled run, and
  // the cancellation's words false of a run that was not cancelled.
  std::string why;
  const Finding instead = FindMessage("result2-instead")
                              ->Say("result2", FindingKind::kInstead,
                                    {Name("hypothesis", "cycles"), Ratio("cos_local", 0.93),
                                     Count("reviews", 20000), Share("s_star", 0.57)});
  in.metrics.local_selection_current = true;
  EXPECT_FALSE(ClaimHolds(in, instead, &why));
  EXPECT_NE(why.find("not cancelled"), std::string::npos) << why;
  const Finding local = FindMessage("result2-local")
                            ->Detail({Ratio("cos_local", 0.93), Count("step", 200),
                                      Name("current", "yes"), Share("s_star", 0.57)});
  EXPECT_FALSE(ClaimHolds(in, local, &why));
  in.metrics.local_svm_cancelled = false;
  EXPECT_FALSE(ClaimHolds(in, *cancelled, &why));
}

TEST(FalseSentences, Result2IsNeverShownWhenDIsBelowV) {
  // At d 256 < V the label-free rule read 0.95-0.98 and turned a corpus from off to shown
  // while the report said "the theorem needs d >= V".
  GuidanceInputs in = PaperRealRun();
  in.config.width = 256;
  in.max_margin.acyclic = true;
  in.max_margin.constraints_in_cycles = 0;
  in.metrics.cosine_to_max_margin = 0.97;
  in.metrics.selection_accuracy = 0.98;
  in.history = {in.metrics};
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  EXPECT_NE(g.panels[2].kind, FindingKind::kShown);
  const Finding lie = FindMessage("result2-shown")
                          ->Say("result2", FindingKind::kShown,
                                {Count("reviews", 20000), Ratio("cos", 0.97),
                                 Share("selection", 0.98), Count("d", 256), Count("v", 2000)});
  std::string why;
  EXPECT_FALSE(ClaimHolds(in, lie, &why));
}

TEST(FalseSentences, AFallingMarginIsNeverSaidToApproachItsReference) {
  // "the normalized margin ... approaches 1/||p_mm||" while it falls (and while negative).
  GuidanceInputs in = PaperRealRun();
  in.max_margin.acyclic = true;
  in.max_margin.hard_margin = true;
  in.max_margin.constraints_in_cycles = 0;
  in.metrics.cosine_to_max_margin = 0.95;
  in.metrics.selection_accuracy = 0.99;
  in.metrics.normalized_margin = 0.006;
  in.metrics.max_margin_reference = 0.104;
  Metrics then = in.metrics;
  then.step = 240;
  then.normalized_margin = 0.095;
  in.history = {then, in.metrics};
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  const Finding& result2 = g.panels[2];
  EXPECT_EQ(result2.kind, FindingKind::kShown);
  EXPECT_FALSE(HasCode(result2, "result2-margin-approaches"));
  EXPECT_TRUE(HasCode(result2, "result2-margin"));
  const Finding lie = FindMessage("result2-margin-approaches")
                          ->Detail({Ratio("margin", 0.006), Ratio("reference", 0.104)});
  std::string why;
  EXPECT_FALSE(ClaimHolds(in, lie, &why));
}

TEST(FalseSentences, TestAccuracyIsSaidToFallOnlyWhereItFell) {
  // "...which does not raise test accuracy" on corpora where the defaults raised it by
  // 0.099 and 0.070.
  GuidanceInputs in = PaperRealRun();
  in.metrics.test_accuracy = in.metrics.test_accuracy_after_step_on_e + 0.099;
  in.history = {in.metrics};
  Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  for (const Finding& f : g.panels) EXPECT_FALSE(HasCode(f, "accuracy-fell")) << f.code;
  in.metrics.test_accuracy = 0.534;  // the acyclic-only flow on 25,000 movie reviews
  in.history = {in.metrics};
  g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  EXPECT_TRUE(HasCode(g.panels[3], "accuracy-fell"));
}

TEST(FalseSentences, TheLossPanelStatesItsTrendNotATheoryOfIt) {
  // "the flow on p lowers it slowly, since ||p|| must grow for the softmax to concentrate on
  // s*" where no p can select s* everywhere: now the measured change of the loss.
  GuidanceInputs in = PaperRealRun();
  Metrics then = in.metrics;
  then.step = 230;
  then.train_loss = 0.5;
  in.metrics.train_loss = 0.495;
  in.history = {then, in.metrics};
  const Guidance g = Explain(in);
  EXPECT_EQ(Broken(in, g), std::vector<std::string>{});
  const Finding* trend = FindCode(g.panels[3], "trend");
  ASSERT_NE(trend, nullptr);
  EXPECT_EQ(trend->Arg("quantity")->text, "train-loss");
  EXPECT_EQ(trend->Arg("direction")->text, "flat");
}

TEST(FalseSentences, ThePromptAfterTheRunNeverAsksToWatchAPlateau) {
  // After the default run on real reviews the prompt said "Press Play to continue the flow
  // on p and watch cos(p, p_mm) and the U" while the verdict said the flow had plateaued.
  GuidanceInputs in = PaperRealRun();
  in.history = {in.metrics};
  const Guidance g = Explain(in);
  EXPECT_EQ(g.prompt.code, "prompt-done");
  EXPECT_EQ(g.prompt.Number("step"), 300);
}

TEST(FalseSentences, TheFigure1RecipeIsOfferedWithoutClaimingWhatItGives) {
  // "On real reviews the U of Figure 1 shows under joint training: the figure1 recipe" on
  // every default run; it shows on 2 of 5 held-out corpora. The sentence now says what the
  // recipe sets and what the data's Δ allows, each checked.
  GuidanceInputs in = PaperRealRun();
  in.history = {in.metrics};
  const Finding figure1 = Explain(in).panels[1];
  EXPECT_EQ(figure1.kind, FindingKind::kOff);
  EXPECT_EQ(figure1.recipe, "figure1");
  const Finding* open = FindCode(figure1, "figure1-try-joint");
  ASSERT_NE(open, nullptr);
  EXPECT_EQ(open->Arg("reach")->text, "open");
  EXPECT_EQ(open->Number("steps"), 313);
  EXPECT_EQ(Broken(in, Explain(in)), std::vector<std::string>{});
  // 75% positive reviews: under the recipe's vocabulary no p gives a U. Said so, with the
  // recipe's bound, and not offered.
  in.recipes[1] = SkewedRecipes()[1];
  const Finding skewed = Explain(in).panels[1];
  const Finding* closed = FindCode(skewed, "figure1-try-joint");
  ASSERT_NE(closed, nullptr);
  EXPECT_EQ(closed->Arg("reach")->text, "closed");
  EXPECT_GE(closed->Number("least"), kFlatSigned);
  EXPECT_EQ(skewed.recipe, "");
  EXPECT_EQ(Broken(in, Explain(in)), std::vector<std::string>{});
  // Saying "open" there, or another step budget, breaks the claim.
  Finding lie = *closed;
  lie.args[1].text = "open";
  std::string why;
  EXPECT_FALSE(ClaimHolds(in, lie, &why));
  EXPECT_EQ(why, "figure1-try-joint: claims the U's reach on these reviews");
  lie = *closed;
  lie.args[0].number = 600;
  EXPECT_FALSE(ClaimHolds(in, lie, &why));
  EXPECT_EQ(why, "figure1-try-joint: claims the recipe's steps");
}

}  // namespace
}  // namespace clslab
