// The guidance: the readings every rule shares (trends over the run's history, recipes in
// force), Result 1's verdict, the loss panel's, the diagnostics, the coverage note and the
// prompt. Figure 1 and Result 2 have files of their own. Each message is a MessageSpec
// next to the rule that says it, with the claim its words make (messages.h).
// Legend: n train reviews, V vocabulary, d width, K constraints, s* a review's selected token.
#include "clslab/guidance.h"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "guidance_rules.h"

namespace clslab {

// ---- Readings shared by the rules and the claims.

bool Stepped(const Metrics& m) { return m.phase != Phase::kInitialized; }

std::string SettingOf(const GuidanceInputs& in, const char* recipe, const char* key) {
  if (const Recipe* r = FindRecipe(in.recipes, recipe)) {
    for (const RecipeSetting& s : r->settings) {
      if (s.key == key) return s.value;
    }
  }
  return "";
}

const Finding* RecipeSays(const GuidanceInputs& in, const char* recipe, const char* code) {
  const Recipe* r = FindRecipe(in.recipes, recipe);
  if (r == nullptr) return nullptr;
  if (r->plan.code == code) return &r->plan;
  for (const Finding& detail : r->plan.details) {
    if (detail.code == code) return &detail;
  }
  return nullptr;
}

bool InForce(const GuidanceInputs& in, const char* recipe) {
  const Recipe* r = FindRecipe(in.recipes, recipe);
  if (r == nullptr) return false;
  for (const RecipeSetting& s : r->settings) {
    if (GetSetting(in.config, s.key) != s.value) return false;
  }
  return true;
}

std::string Offer(const GuidanceInputs& in, const char* recipe) {
  return InForce(in, recipe) ? "" : recipe;
}

double SelectionOverAll(const GuidanceInputs& in) {
  if (in.train_reviews <= 0) return 0;
  return in.metrics.selection_accuracy * in.scored_reviews / in.train_reviews;
}

double ScoredShare(const GuidanceInputs& in) {
  return in.train_reviews > 0 ? static_cast<double>(in.scored_reviews) / in.train_reviews : 0;
}

bool WidthRegime(const GuidanceInputs& in) { return in.config.width >= in.vocab_size; }

const Quantity kCosLocal{"cos-local", &Metrics::cosine_to_local_svm, &Metrics::has_local_svm};
const Quantity kCosMaxMargin{"cos-mm", &Metrics::cosine_to_max_margin, &Metrics::has_max_margin};
const Quantity kMargin{"margin", &Metrics::normalized_margin, &Metrics::has_max_margin};
const Quantity kUScore{"u-score", &Metrics::u_score, nullptr};
const Quantity kTrainLoss{"train-loss", &Metrics::train_loss, nullptr};
const Quantity kNorm{"norm", &Metrics::p_norm, nullptr};

const Quantity* FindQuantity(const std::string& name) {
  for (const Quantity* q : {&kCosLocal, &kCosMaxMargin, &kMargin, &kUScore, &kTrainLoss, &kNorm}) {
    if (name == q->name) return q;
  }
  return nullptr;
}

// Points against another p_local than now's would read a new solution as the flow moving.
static bool Comparable(const GuidanceInputs& in, const Quantity& q, const Metrics& then) {
  if (q.has != nullptr && !(then.*q.has)) return false;
  return &q != &kCosLocal || then.local_svm_step == in.metrics.local_svm_step;
}

Trend LastPartOfRun(const GuidanceInputs& in, const Quantity& q) {
  Trend trend;
  const Metrics& now = in.metrics;
  const double start = now.step - kTrendWindow * now.step;
  for (const Metrics& then : in.history) {
    if (then.step >= now.step) break;
    if (then.step < start || !Comparable(in, q, then)) continue;
    trend.known = true;
    trend.from_step = then.step;
    trend.change = now.*q.value - then.*q.value;
    break;
  }
  return trend;
}

const Metrics* PointAt(const GuidanceInputs& in, int64_t step) {
  if (step == in.metrics.step) return &in.metrics;
  for (const Metrics& then : in.history) {
    if (then.step == step) return &then;
  }
  return nullptr;
}

const Metrics& BestU(const GuidanceInputs& in) {
  const Metrics* best = &in.metrics;
  for (const Metrics& then : in.history) {
    if (then.step < in.metrics.step && then.u_score > best->u_score) best = &then;
  }
  return *best;
}

namespace {

// "cos(p, p_local) rose by 0.052 since step 1,200": the quantity now against its value at
// that recorded step; "flat" when it moved by at most kStillMoving.
bool TrendClaim(const GuidanceInputs& in, const Finding& f, std::string* why) {
  const Quantity* q = FindQuantity(f.Arg("quantity")->text);
  const Metrics* then = PointAt(in, static_cast<int64_t>(f.Number("step")));
  const std::string direction = f.Arg("direction")->text;
  Holds h(why);
  h.If(q != nullptr, "a quantity of the run").If(then != nullptr, "a recorded step");
  if (!h.ok) return false;
  h.If(then->step < in.metrics.step, "an earlier step")
      .If(Comparable(in, *q, *then), "a comparable point");
  const double change = in.metrics.*q->value - then->*q->value;
  return h.If(f.Number("change") == std::abs(change), "the change measured")
      .If(direction == "flat"
              ? std::abs(change) <= kStillMoving
              : std::abs(change) > kStillMoving && (direction == "rose") == (change > 0),
          "the direction measured")
      .ok;
}

const MessageSpec kTrend{"trend",
                         {{"quantity",
                           ArgType::kName,
                           {"cos-local", "cos-mm", "margin", "u-score", "train-loss", "norm"}},
                          {"direction", ArgType::kName, {"rose", "fell", "flat"}},
                          {"change", ArgType::kRatio},
                          {"step", ArgType::kCount}},
                         TrendClaim};

}  // namespace

Finding TrendDetail(const Quantity& q, const Trend& trend) {
  const char* direction = std::abs(trend.change) <= kStillMoving ? "flat"
                          : trend.change > 0                     ? "rose"
                                                                 : "fell";
  return kTrend.Detail({Name("quantity", q.name), Name("direction", direction),
                        Ratio("change", std::abs(trend.change)),
                        Count("step", static_cast<double>(trend.from_step))});
}

// ---- Result 1: the step on E against (eta/2) alpha_s.

namespace {

double SlopeError(const Metrics& m) {
  return m.predicted_slope != 0 ? std::abs(m.alignment_slope / m.predicted_slope - 1) : 1;
}

// The fit's three numbers are the run's.
Holds& FitIsTheRuns(Holds& h, const GuidanceInputs& in, const Finding& f) {
  const Metrics& m = in.metrics;
  return h.If(f.Number("slope") == m.alignment_slope, "the fitted slope")
      .If(f.Number("predicted") == m.predicted_slope, "the predicted slope")
      .If(f.Number("r2") == m.alignment_r2, "the fit's R²")
      .If(m.has_predicted_slope, "a predicted line");
}

const MessageSpec kResult1NotPredicted{
    "result1-not-predicted", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.config.protocol == Protocol::kJoint, "joint training").ok;
    }};
const MessageSpec kResult1Waits{
    "result1-waits", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why)
          .If(!Stepped(in.metrics) || !in.metrics.has_predicted_slope, "no step on E yet")
          .ok;
    }};
// "The points lie on the predicted line": R² at least 0.99 and the slope within 1%.
const std::vector<ArgSpec> kFitArgs = {
    {"slope", ArgType::kValue}, {"predicted", ArgType::kValue}, {"r2", ArgType::kValue}};
const MessageSpec kResult1Shown{"result1-shown", kFitArgs,
                                [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                  Holds h(why);
                                  return FitIsTheRuns(h, in, f)
                                      .If(f.Number("r2") >= kGoodR2, "R² at least 0.99")
                                      .If(SlopeError(in.metrics) <= 0.01, "the slope within 1%")
                                      .ok;
                                }};
// "Close to the line, not on it": R² at least 0.9, and short of the line's test.
const MessageSpec kResult1Close{
    "result1-close", kFitArgs, [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      Holds h(why);
      return FitIsTheRuns(h, in, f)
          .If(f.Number("r2") >= kNoisyR2, "R² at least 0.9")
          .If(f.Number("r2") < kGoodR2 || SlopeError(in.metrics) > 0.01, "not on the line")
          .ok;
    }};
// "Off the predicted line": R² below 0.9.
const MessageSpec kResult1Off{
    "result1-off", kFitArgs, [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      Holds h(why);
      return FitIsTheRuns(h, in, f).If(f.Number("r2") < kNoisyR2, "R² below 0.9").ok;
    }};
// The two sizes the fit's quality depends on: sigma/sqrt(d) and (eta/2) std(alpha).
const MessageSpec kResult1Noise{
    "result1-noise",
    {{"noise", ArgType::kValue}, {"spread", ArgType::kValue}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("noise") == in.config.sigma / std::sqrt(in.config.width), "σ/√d")
          .If(f.Number("spread") == in.config.eta / 2 * in.alpha_spread, "(η/2) std(α)")
          .ok;
    }};
// sigma/sqrt(d) against (eta/2) std(alpha) under the run's settings: the size of E(0)'s
// noise next to the step on E, which sets the fit (R^2 ~ 1 / (1 + ratio^2)). Infinite
// without a spread (then no recipe is said to shrink it: there is no line here to compare).
double NoiseToStep(const GuidanceInputs& in) {
  const double spread = in.config.eta / 2 * in.alpha_spread;
  return spread > 0 ? in.config.sigma / std::sqrt(in.config.width) / spread : HUGE_VAL;
}
// "The result1 recipe sets sigma = s and d = k: its noise sigma/sqrt(d) = a is x of its
// step's spread b on these reviews, against y here": the recipe's numbers (its plan's, which
// recipes_test checks over the data profile), and its noise smaller next to its step than
// the run's is next to the run's step, so applying it changes what the sentence says it
// changes. Said only where it does.
const MessageSpec kResult1RecipeSigma{
    "result1-recipe-sigma",
    {{"sigma", ArgType::kValue},
     {"d", ArgType::kCount},
     {"noise", ArgType::kValue},
     {"spread", ArgType::kValue},
     {"share", ArgType::kShare},
     {"now", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Finding* plan = RecipeSays(in, "result1", "recipe-result1-plan");
      Holds h(why);
      h.If(plan != nullptr, "the recipe's plan on these reviews");
      if (!h.ok) return false;
      const std::string sigma = SettingOf(in, "result1", "sigma");
      const std::string width = SettingOf(in, "result1", "width");
      return h.If(f.Number("sigma") == std::atof(sigma.c_str()), "the recipe's σ")
          .If(f.Number("d") == std::atof(width.c_str()), "the recipe's d")
          .If(f.Number("sigma") == plan->Number("sigma") && f.Number("d") == plan->Number("d"),
              "the plan's σ and d")
          .If(f.Number("noise") == plan->Number("noise"), "its noise σ/√d")
          .If(f.Number("spread") == plan->Number("spread"), "its step's spread on these reviews")
          .If(f.Number("spread") > 0 && f.Number("share") == f.Number("noise") / f.Number("spread"),
              "the noise's share of the spread")
          .If(std::isfinite(NoiseToStep(in)) && f.Number("now") == NoiseToStep(in),
              "the run's noise next to its step")
          .If(f.Number("share") < f.Number("now"), "smaller next to the step than here")
          .If(!InForce(in, "result1"), "the recipe not in force")
          .ok;
    }};
// "The result1 recipe is in force (sigma = ...): only a smaller sigma or a larger eta".
const MessageSpec kResult1InForce{"result1-recipe-in-force",
                                  {{"sigma", ArgType::kValue}},
                                  [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                    return Holds(why)
                                        .If(InForce(in, "result1"), "the recipe in force")
                                        .If(f.Number("sigma") == in.config.sigma, "σ in force")
                                        .ok;
                                  }};

}  // namespace

Finding Result1(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (in.config.protocol == Protocol::kJoint) {
    Finding f = kResult1NotPredicted.Say("result1", FindingKind::kNotApplicable, {});
    f.recipe = "result1";
    return f;
  }
  // No line is predicted until the step on E under the paper protocol.
  if (!Stepped(m) || !m.has_predicted_slope) {
    return kResult1Waits.Say("result1", FindingKind::kExpect, {});
  }
  const std::vector<FindingArg> fit = {Value("slope", m.alignment_slope),
                                       Value("predicted", m.predicted_slope),
                                       Value("r2", m.alignment_r2)};
  if (m.alignment_r2 >= kGoodR2 && SlopeError(m) <= 0.01) {
    return kResult1Shown.Say("result1", FindingKind::kShown, fit);
  }
  Finding f = m.alignment_r2 < kNoisyR2 ? kResult1Off.Say("result1", FindingKind::kOff, fit)
                                        : kResult1Close.Say("result1", FindingKind::kExpect, fit);
  f.details.push_back(
      kResult1Noise.Detail({Value("noise", in.config.sigma / std::sqrt(in.config.width)),
                            Value("spread", in.config.eta / 2 * in.alpha_spread)}));
  const Finding* plan = RecipeSays(in, "result1", "recipe-result1-plan");
  if (InForce(in, "result1")) {
    f.details.push_back(kResult1InForce.Detail({Value("sigma", in.config.sigma)}));
  } else if (plan != nullptr && plan->Number("spread") > 0 && std::isfinite(NoiseToStep(in)) &&
             plan->Number("noise") / plan->Number("spread") < NoiseToStep(in)) {
    // Offered only where its noise is smaller next to its step than the run's: on a run
    // whose noise is already as small, the recipe would not change what it says it changes.
    const double share = plan->Number("noise") / plan->Number("spread");
    f.details.push_back(kResult1RecipeSigma.Detail(
        {Value("sigma", plan->Number("sigma")), Count("d", plan->Number("d")),
         Value("noise", plan->Number("noise")), Value("spread", plan->Number("spread")),
         Share("share", share), Share("now", NoiseToStep(in))}));
    f.recipe = "result1";
  }
  return f;
}

const SpecList kResult1Specs = {&kTrend,        &kResult1NotPredicted, &kResult1Waits,
                                &kResult1Shown, &kResult1Close,        &kResult1Off,
                                &kResult1Noise, &kResult1RecipeSigma,  &kResult1InForce};

// ---- The loss panel.

namespace {

// "Train loss 0.52 (test loss 0.55)": the run's numbers.
const MessageSpec kLossNow{"loss-now",
                           {{"train", ArgType::kRatio},
                            {"test", ArgType::kRatio},
                            {"has_test", ArgType::kName, {"yes", "no"}}},
                           [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                             const bool has_test = f.Arg("has_test")->text == "yes";
                             return Holds(why)
                                 .If(f.Number("train") == in.metrics.train_loss, "the train loss")
                                 .If(has_test == in.metrics.has_test, "a test split or none")
                                 .If(!has_test || f.Number("test") == in.metrics.test_loss,
                                     "the test loss")
                                 .ok;
                           }};
Finding LossNow(const Metrics& m) {
  return kLossNow.Say("loss", FindingKind::kExpect,
                      {Ratio("train", m.train_loss), Ratio("test", m.has_test ? m.test_loss : 0),
                       Name("has_test", m.has_test ? "yes" : "no")});
}

const MessageSpec kLossWaits{
    "loss-waits", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why)
          .If(!Stepped(in.metrics), "no step taken yet")
          .If(in.config.protocol == Protocol::kPaper, "the paper protocol")
          .ok;
    }};
const MessageSpec kLossJoint{
    "loss-joint", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.config.protocol == Protocol::kJoint, "joint training").ok;
    }};
const MessageSpec kLossFlow{
    "loss-flow", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why)
          .If(Stepped(in.metrics), "the flow has started")
          .If(in.config.protocol == Protocol::kPaper, "the paper protocol")
          .ok;
    }};
// "The test loss rose from its lowest, 0.41 at step 120, while the train loss fell from 0.38":
// overfitting, measured on the history.
const MessageSpec kLossOverfits{
    "loss-overfits",
    {{"lowest", ArgType::kRatio}, {"step", ArgType::kCount}, {"train_then", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics* then = PointAt(in, static_cast<int64_t>(f.Number("step")));
      const Metrics& m = in.metrics;
      Holds h(why);
      h.If(then != nullptr && then->has_test && m.has_test, "a recorded step with a test loss");
      if (!h.ok) return false;
      return h.If(f.Number("lowest") == then->test_loss, "the lowest test loss")
          .If(f.Number("train_then") == then->train_loss, "the train loss then")
          .If(m.test_loss - then->test_loss > kTestLossRise, "the test loss rose")
          .If(m.train_loss < then->train_loss, "the train loss fell")
          .ok;
    }};
// "Test accuracy fell from 0.745 after the step on E to 0.534 now".
const MessageSpec kAccuracyFell{
    "accuracy-fell",
    {{"before", ArgType::kRatio}, {"now", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      return Holds(why)
          .If(m.has_test && m.has_test_after_step_on_e, "both accuracies measured")
          .If(f.Number("before") == m.test_accuracy_after_step_on_e, "the accuracy after the step")
          .If(f.Number("now") == m.test_accuracy, "the accuracy now")
          .If(f.Number("now") < f.Number("before") - kAccuracyDrop, "a fall")
          .ok;
    }};
// "The flow trains p on the 4 acyclic reviews only (0.02% of 20,000)".
const MessageSpec kFlowSubset{
    "flow-on-subset",
    {{"flow", ArgType::kCount}, {"reviews", ArgType::kCount}, {"share", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(in.config.flow_acyclic_only, "the flow on the acyclic reviews")
          .If(f.Number("flow") == in.flow_reviews, "their count")
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(in.train_reviews > 0 &&
                  f.Number("share") == static_cast<double>(in.flow_reviews) / in.train_reviews,
              "their share")
          .If(in.flow_reviews < in.scored_reviews, "a subset")
          .ok;
    }};

}  // namespace

Finding AccuracyFell(const Metrics& m) {
  return kAccuracyFell.Detail(
      {Ratio("before", m.test_accuracy_after_step_on_e), Ratio("now", m.test_accuracy)});
}

bool AccuracyFellNow(const Metrics& m) {
  return m.has_test && m.has_test_after_step_on_e &&
         m.test_accuracy < m.test_accuracy_after_step_on_e - kAccuracyDrop;
}

Finding FlowSubset(const GuidanceInputs& in) {
  return kFlowSubset.Detail(
      {Count("flow", in.flow_reviews), Count("reviews", in.train_reviews),
       Share("share",
             in.train_reviews > 0 ? static_cast<double>(in.flow_reviews) / in.train_reviews : 0)});
}

bool FlowOnSubset(const GuidanceInputs& in) {
  return in.config.flow_acyclic_only && in.flow_reviews < in.scored_reviews;
}

Finding Loss(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  Finding now = LossNow(m);
  if (in.config.protocol == Protocol::kJoint) {
    const Metrics* lowest = nullptr;
    for (const Metrics& then : in.history) {
      if (then.step < m.step && then.has_test && (!lowest || then.test_loss < lowest->test_loss))
        lowest = &then;
    }
    if (m.has_test && lowest != nullptr && m.test_loss - lowest->test_loss > kTestLossRise &&
        m.train_loss < lowest->train_loss) {
      Finding f = kLossOverfits.Say(
          "loss", FindingKind::kOff,
          {Ratio("lowest", lowest->test_loss), Count("step", static_cast<double>(lowest->step)),
           Ratio("train_then", lowest->train_loss)});
      f.details.push_back(now);
      return f;
    }
    Finding f = kLossJoint.Say("loss", FindingKind::kExpect, {});
    f.details.push_back(now);
    return f;
  }
  if (!Stepped(m)) {
    Finding f = kLossWaits.Say("loss", FindingKind::kExpect, {});
    f.details.push_back(now);
    return f;
  }
  if (AccuracyFellNow(m)) {
    Finding f = AccuracyFell(m);
    f.panel = "loss";
    f.kind = FindingKind::kOff;
    f.details.push_back(now);
    if (FlowOnSubset(in)) f.details.push_back(FlowSubset(in));
    return f;
  }
  Finding f = kLossFlow.Say("loss", FindingKind::kExpect, {});
  f.details.push_back(now);
  const Trend trend = LastPartOfRun(in, kTrainLoss);
  if (trend.known) f.details.push_back(TrendDetail(kTrainLoss, trend));
  if (FlowOnSubset(in)) f.details.push_back(FlowSubset(in));
  return f;
}

const SpecList kLossSpecs = {&kLossNow,      &kLossWaits,    &kLossJoint, &kLossFlow,
                             &kLossOverfits, &kAccuracyFell, &kFlowSubset};

// ---- The coverage note: which reviews Result 2's figures are over.

namespace {

// "Over all n training reviews" | "Over the m of n (x) with a token in the vocabulary; the
// others select nothing, so over all n attention selects s* in y": the read-out beside it
// shows the selection over the m (Metrics::selection_accuracy); y is that times x, the
// number Result 2's verdict quotes over all n.
const MessageSpec kCoverage{
    "coverage",
    {{"reviews", ArgType::kCount},
     {"scored", ArgType::kCount},
     {"scored_share", ArgType::kShare},
     {"selection", ArgType::kShare},
     {"all", ArgType::kName, {"yes", "no"}}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(f.Number("scored") == in.scored_reviews, "the scored reviews")
          .If(f.Number("scored_share") == ScoredShare(in), "their share")
          .If((f.Arg("all")->text == "yes") == (in.scored_reviews >= in.train_reviews),
              "all or not")
          .If(f.Number("selection") == SelectionOverAll(in), "the selection over all reviews")
          .If(std::abs(f.Number("selection") -
                       in.metrics.selection_accuracy * f.Number("scored_share")) <= 1e-12,
              "over all = over those with a token x their share")
          .ok;
    }};
const MessageSpec kCoverageAcyclic{
    "coverage-acyclic",
    {{"acyclic", ArgType::kCount}, {"reviews", ArgType::kCount}, {"share", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      return Holds(why)
          .If(m.has_max_margin_acyclic, "an acyclic solve")
          .If(f.Number("acyclic") == m.acyclic_reviews, "the acyclic reviews")
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(in.train_reviews > 0 &&
                  f.Number("share") == static_cast<double>(m.acyclic_reviews) / in.train_reviews,
              "their share")
          .ok;
    }};

}  // namespace

Finding Coverage(const GuidanceInputs& in) {
  Finding f = kCoverage.Say(
      "coverage", FindingKind::kNote,
      {Count("reviews", in.train_reviews), Count("scored", in.scored_reviews),
       Share("scored_share", ScoredShare(in)), Share("selection", SelectionOverAll(in)),
       Name("all", in.scored_reviews >= in.train_reviews ? "yes" : "no")});
  const Metrics& m = in.metrics;
  if (m.has_max_margin_acyclic && in.train_reviews > 0) {
    f.details.push_back(kCoverageAcyclic.Detail(
        {Count("acyclic", static_cast<double>(m.acyclic_reviews)),
         Count("reviews", in.train_reviews),
         Share("share", static_cast<double>(m.acyclic_reviews) / in.train_reviews)}));
  }
  return f;
}

const SpecList kCoverageSpecs = {&kCoverage, &kCoverageAcyclic};

// ---- The rate of Result 2's convergence in direction, measured on the run's history.

DirectionRate MeasureDirectionRate(const GuidanceInputs& in) {
  DirectionRate rate;
  const Metrics& now = in.metrics;
  if (now.step <= 0) return rate;
  const double from = now.step / kRateWindow;
  std::vector<const Metrics*> points;
  for (const Metrics& then : in.history) {
    if (then.step >= now.step) break;
    if (then.step > 0 && then.step >= from) points.push_back(&then);
  }
  points.push_back(&now);
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const Metrics* m : points) {
    const double gap = m->one_minus_cosine_to_max_margin;
    if (!m->has_max_margin || !(gap > 0) || !std::isfinite(gap)) continue;
    const double x = std::log(static_cast<double>(m->step)), y = std::log(gap);
    if (n == 0) rate.from_step = m->step;
    rate.to_step = m->step;
    n += 1, sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  rate.points = static_cast<int32_t>(n);
  const double spread = n * sxx - sx * sx;
  rate.measured =
      rate.points >= kRatePoints && rate.to_step >= kRateSpan * rate.from_step && spread > 0;
  rate.slope = rate.measured ? (n * sxy - sx * sy) / spread : 0;
  rate.measured = rate.measured && std::isfinite(rate.slope);
  return rate;
}

namespace {

// "Measured from step 750 to 3,000 (12 points): 1 - cos(p, p_mm) falls like step^-1.98":
// the fit's numbers are the history's, recomputed.
const MessageSpec kRateMeasured{
    "rate-measured",
    {{"slope", ArgType::kRatio},
     {"from", ArgType::kCount},
     {"to", ArgType::kCount},
     {"points", ArgType::kCount},
     {"direction", ArgType::kName, {"falls", "rises"}}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const DirectionRate rate = MeasureDirectionRate(in);
      return Holds(why)
          .If(rate.measured, "enough recorded points")
          .If(f.Number("slope") == rate.slope, "the fitted slope")
          .If(f.Number("from") == rate.from_step && f.Number("to") == rate.to_step,
              "the steps fitted")
          .If(f.Number("points") == rate.points, "the points fitted")
          .If((f.Arg("direction")->text == "falls") == (rate.slope < 0), "its sign")
          .ok;
    }};
// "The slope is measured once 1 - cos(p, p_mm) has 4 points over a factor of 2 in steps."
const MessageSpec kRateUnmeasured{
    "rate-unmeasured",
    {{"points", ArgType::kCount}, {"span", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(!MeasureDirectionRate(in).measured, "too few points")
          .If(f.Number("points") == kRatePoints && f.Number("span") == kRateSpan, "the bar")
          .ok;
    }};

}  // namespace

Finding Rate(const GuidanceInputs& in) {
  const DirectionRate rate = MeasureDirectionRate(in);
  if (!rate.measured) {
    return kRateUnmeasured.Say("rate", FindingKind::kNote,
                               {Count("points", kRatePoints), Count("span", kRateSpan)});
  }
  return kRateMeasured.Say(
      "rate", FindingKind::kNote,
      {Ratio("slope", rate.slope), Count("from", static_cast<double>(rate.from_step)),
       Count("to", static_cast<double>(rate.to_step)), Count("points", rate.points),
       Name("direction", rate.slope < 0 ? "falls" : "rises")});
}

const SpecList kRateSpecs = {&kRateMeasured, &kRateUnmeasured};

// ---- The prompt: what the run calls for next. It names an action, never a verdict, so it
// cannot contradict the verdicts under the charts.

namespace {

const MessageSpec kPromptStepE{
    "prompt-step-e", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why)
          .If(!Stepped(in.metrics), "no step taken yet")
          .If(in.config.protocol == Protocol::kPaper, "the paper protocol")
          .ok;
    }};
const MessageSpec kPromptJoint{
    "prompt-joint", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.config.protocol == Protocol::kJoint, "joint training").ok;
    }};
// "Press Play to run the flow on p (step 1 of 300)": steps remain.
const MessageSpec kPromptPlay{"prompt-play",
                              {{"step", ArgType::kCount}, {"steps", ArgType::kCount}},
                              [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                return Holds(why)
                                    .If(Stepped(in.metrics), "the step on E taken")
                                    .If(f.Number("step") == in.metrics.step, "the step")
                                    .If(f.Number("steps") == in.config.steps, "the run's length")
                                    .If(in.metrics.step < in.config.steps, "steps remain")
                                    .ok;
                              }};
// "The run reached step 300, its length: each chart's verdict is under it."
const MessageSpec kPromptDone{"prompt-done",
                              {{"step", ArgType::kCount}},
                              [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                return Holds(why)
                                    .If(f.Number("step") == in.metrics.step, "the step")
                                    .If(in.metrics.step >= in.config.steps,
                                        "the run's length reached")
                                    .ok;
                              }};

}  // namespace

Finding Prompt(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (in.config.protocol == Protocol::kJoint && m.step < in.config.steps) {
    return kPromptJoint.Say("prompt", FindingKind::kNote, {});
  }
  if (!Stepped(m) && in.config.protocol == Protocol::kPaper) {
    return kPromptStepE.Say("prompt", FindingKind::kNote, {});
  }
  if (m.step < in.config.steps) {
    return kPromptPlay.Say(
        "prompt", FindingKind::kNote,
        {Count("step", static_cast<double>(m.step)), Count("steps", in.config.steps)});
  }
  return kPromptDone.Say("prompt", FindingKind::kNote,
                         {Count("step", static_cast<double>(m.step))});
}

const SpecList kPromptSpecs = {&kPromptStepE, &kPromptJoint, &kPromptPlay, &kPromptDone};

std::vector<const SpecList*> GuidanceSpecLists() {
  return {&kResult1Specs, &kFigure1Specs,  &kResult2Specs, &kLossSpecs,
          &kWhySpecs,     &kCoverageSpecs, &kRateSpecs,    &kPromptSpecs};
}

Guidance Explain(const GuidanceInputs& inputs) {
  Guidance g;
  g.panels = {Result1(inputs), Figure1(inputs), Result2(inputs), Loss(inputs)};
  g.diagnostics = Diagnostics(inputs);
  g.coverage = Coverage(inputs);
  g.rate = Rate(inputs);
  g.prompt = Prompt(inputs);
  return g;
}

}  // namespace clslab
