// Result 2's verdict and the diagnostics behind it. `shown` means the theorem's claim over
// all training reviews (cos(p, p_mm) >= kCosineShown, selection of s* >= kSelectionShown,
// d >= V; THEORY.md "What may be called shown"). Where the hypothesis fails (constraints on
// cycles, or d < V), what the flow does instead (the att-SVM of its own selection, the
// locally optimal direction of Tarzanagh et al. 2023) is `instead`, and always beside two
// baselines: attention on the token of largest |v.E_s|, and the pooled classifier (p = 0).
// Legend: n train reviews, V vocabulary, d width, K constraints, s* a review's selected token.
#include <cmath>

#include "guidance_rules.h"

namespace clslab {
namespace {

bool TheoremHolds(const GuidanceInputs& in, double cos, double selection) {
  return WidthRegime(in) && cos >= kCosineShown && selection >= kSelectionShown;
}

// Cycles in the must-beat graph of s*, or d < V: the theorem's hypothesis fails.
bool HypothesisFails(const GuidanceInputs& in) {
  return (in.max_margin.solved && !in.max_margin.acyclic) || !WidthRegime(in);
}

// ---- Result 2 at a finite step (issue 37): the bar above stands in for the theorem's limit.
// A run that meets it may still be measured heading elsewhere: the flow selects another token
// than s* in some reviews and p is nearer the att-SVM of that selection (p_local != p_mm),
// or the normalized margin is negative and falling. Then the verdict is not `shown`.

// Reviews whose flow selection is not s* (over the scored reviews, as local_selection_s_star).
double DifferingReviews(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  return std::round(in.scored_reviews * (1 - m.local_selection_s_star));
}
// A p_local of the current selection to compare with (never one the user cancelled).
bool LocalCurrent(const Metrics& m) {
  return m.has_local_svm && m.local_selection_current && !m.local_svm_cancelled;
}
// The flow selects another token in some review and p is nearer that selection's att-SVM.
bool NearerLocal(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  return m.has_local_selection && DifferingReviews(in) > 0 && LocalCurrent(m) &&
         m.cosine_to_local_svm > m.cosine_to_max_margin;
}
// The normalized margin is negative and fell over the last part of the run.
bool MarginRecedes(const GuidanceInputs& in) {
  const Trend trend = LastPartOfRun(in, kMargin);
  return in.metrics.normalized_margin < 0 && trend.known && trend.change < 0;
}

// The numbers every Result 2 verdict quotes are the run's, over all n reviews; where some
// reviews have no token in the vocabulary, the selection over the scored ones too (the
// number the read-out and the metrics show), with how many they are and their share, so
// that a reader reconciles the two: over all = over the scored x their share.
Holds& OverAll(Holds& h, const GuidanceInputs& in, const Finding& f) {
  const bool all = f.Arg("all")->text == "yes";
  return h.If(f.Number("reviews") == in.train_reviews, "all training reviews")
      .If(f.Number("cos") == in.metrics.cosine_to_max_margin, "cos(p, p_mm)")
      .If(f.Number("selection") == SelectionOverAll(in), "the selection over all reviews")
      .If(all == (in.scored_reviews >= in.train_reviews), "all reviews scored or not")
      .If(f.Number("scored") == in.scored_reviews, "the reviews with a token")
      .If(f.Number("scored_share") == ScoredShare(in), "their share")
      .If(f.Number("scored_selection") == in.metrics.selection_accuracy,
          "the selection over the reviews with a token")
      .If(std::abs(f.Number("selection") -
                   f.Number("scored_selection") * f.Number("scored_share")) <= 1e-12,
          "over all = over those with a token x their share")
      .If(f.Number("d") == in.config.width && f.Number("v") == in.vocab_size, "d and V")
      .If(in.metrics.has_max_margin, "a p_mm");
}
const std::vector<ArgSpec> kOverAllArgs = {{"reviews", ArgType::kCount},
                                           {"cos", ArgType::kRatio},
                                           {"selection", ArgType::kShare},
                                           {"all", ArgType::kName, {"yes", "no"}},
                                           {"scored", ArgType::kCount},
                                           {"scored_share", ArgType::kShare},
                                           {"scored_selection", ArgType::kShare},
                                           {"d", ArgType::kCount},
                                           {"v", ArgType::kCount}};

const MessageSpec kWaits{
    "result2-waits", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(!Stepped(in.metrics), "no step taken yet").ok;
    }};
const MessageSpec kNotPredicted{
    "result2-not-predicted", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.config.protocol == Protocol::kJoint, "joint training").ok;
    }};
const MessageSpec kSolve{
    "result2-solve", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(!in.metrics.has_max_margin, "no p_mm yet").ok;
    }};
// "Attention selects s*: over all n training reviews cos(p, p_mm) c, selection s; d >= V."
const MessageSpec kShown{"result2-shown", kOverAllArgs,
                         [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                           Holds h(why);
                           return OverAll(h, in, f)
                               .If(f.Number("cos") >= kCosineShown, "cos(p, p_mm) at least 0.9")
                               .If(f.Number("selection") >= kSelectionShown,
                                   "selection at least 95%")
                               .If(f.Number("d") >= f.Number("v"), "d >= V")
                               .If(!NearerLocal(in), "p no nearer another selection's att-SVM")
                               .If(!MarginRecedes(in), "no negative, falling margin")
                               .ok;
                         }};
// "Not shown: over all n reviews cos c and selection s; the theorem asks ...".
const MessageSpec kOff{
    "result2-off", kOverAllArgs, [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      Holds h(why);
      return OverAll(h, in, f)
          .If(!(f.Number("cos") >= kCosineShown && f.Number("selection") >= kSelectionShown &&
                f.Number("d") >= f.Number("v")),
              "the theorem's claim not met")
          .ok;
    }};
// ---- Result 2 at a finite step (issue 37; catalog block "Result 2 at a finite step").
// "In k of n reviews the flow selects another token than s*, and p is nearer the att-SVM of
// that selection (cos(p, p_local) c) than p_mm (cos c): heading elsewhere than the theorem's
// limit; this step meets the finite-step bar (cos >= 0.9, selection s >= 95%), which only
// stands in for the limit."
const MessageSpec kElsewhere{
    "result2-elsewhere",
    {{"differ", ArgType::kCount},
     {"reviews", ArgType::kCount},
     {"cos", ArgType::kRatio},
     {"cos_local", ArgType::kRatio},
     {"selection", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      return Holds(why)
          .If(f.Number("reviews") == in.train_reviews, "all training reviews")
          .If(m.has_local_selection && f.Number("differ") == DifferingReviews(in),
              "the reviews whose flow selection is not s*")
          .If(f.Number("differ") > 0, "some review selects another token")
          .If(LocalCurrent(m), "p_local of the current selection")
          .If(f.Number("cos_local") == m.cosine_to_local_svm, "cos(p, p_local)")
          .If(in.metrics.has_max_margin && f.Number("cos") == m.cosine_to_max_margin,
              "cos(p, p_mm)")
          .If(f.Number("cos_local") > f.Number("cos"), "p nearer p_local than p_mm")
          .If(f.Number("selection") == SelectionOverAll(in), "the selection over all reviews")
          .If(f.Number("cos") >= kCosineShown && f.Number("selection") >= kSelectionShown,
              "the finite-step bar met")
          .ok;
    }};
// "The normalized margin m is negative and fell by x since step k,
// moving away from 1/||p_mm|| = r; this step meets the finite-step bar (cos c, selection s
// over all n reviews), which stands in for the limit."
const MessageSpec kReceding{
    "result2-receding",
    {{"margin", ArgType::kRatio},
     {"fall", ArgType::kRatio},
     {"from", ArgType::kCount},
     {"reference", ArgType::kRatio},
     {"cos", ArgType::kRatio},
     {"selection", ArgType::kShare},
     {"reviews", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      const Trend trend = LastPartOfRun(in, kMargin);
      return Holds(why)
          .If(f.Number("margin") == m.normalized_margin, "the margin")
          .If(f.Number("margin") < 0, "a negative margin")
          .If(trend.known && trend.change < 0, "a margin that fell")
          .If(f.Number("fall") == -trend.change && f.Number("from") == trend.from_step,
              "by how much, since when")
          .If(f.Number("reference") == m.max_margin_reference, "1/‖p_mm‖")
          .If(in.metrics.has_max_margin && f.Number("cos") == m.cosine_to_max_margin,
              "cos(p, p_mm)")
          .If(f.Number("selection") == SelectionOverAll(in), "the selection over all reviews")
          .If(f.Number("reviews") == in.train_reviews, "all training reviews")
          .If(f.Number("cos") >= kCosineShown && f.Number("selection") >= kSelectionShown,
              "the finite-step bar met")
          .ok;
    }};
// Under `shown`, what was checked for the limit at this step:
// "the flow's own selection is s* in every review, so its att-SVM is p_mm itself".
const MessageSpec kLimitSame{
    "result2-limit-same", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why)
          .If(in.metrics.has_local_selection && DifferingReviews(in) == 0,
              "the flow selects s* in every review")
          .ok;
    }};
// "the flow selects another token in k of n reviews, and p_local of that selection is not
// solved yet: whether the flow heads to p_mm is not measured".
const MessageSpec kLimitOpen{
    "result2-limit-open",
    {{"differ", ArgType::kCount}, {"reviews", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("reviews") == in.train_reviews, "all training reviews")
          .If(in.metrics.has_local_selection && f.Number("differ") == DifferingReviews(in),
              "the reviews whose flow selection is not s*")
          .If(f.Number("differ") > 0, "some review")
          .If(!LocalCurrent(in.metrics), "no p_local of this selection")
          .ok;
    }};
// "the flow selects another token in k of n reviews, but p is nearer p_mm (cos c) than that
// selection's att-SVM (cos(p, p_local) c')".
const MessageSpec kLimitNearerMaxMargin{
    "result2-limit-nearer-mm",
    {{"differ", ArgType::kCount},
     {"reviews", ArgType::kCount},
     {"cos", ArgType::kRatio},
     {"cos_local", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      return Holds(why)
          .If(f.Number("reviews") == in.train_reviews, "all training reviews")
          .If(m.has_local_selection && f.Number("differ") == DifferingReviews(in),
              "the reviews whose flow selection is not s*")
          .If(f.Number("differ") > 0, "some review")
          .If(LocalCurrent(m) && f.Number("cos_local") == m.cosine_to_local_svm,
              "cos(p, p_local) of this selection")
          .If(m.has_max_margin && f.Number("cos") == m.cosine_to_max_margin, "cos(p, p_mm)")
          .If(f.Number("cos") >= f.Number("cos_local"), "p at least as near p_mm")
          .ok;
    }};

// result2-off, then "the comparison with p_local (step k) was cancelled: what the flow
// follows instead is not claimed" (the user declined the run end's solve).
std::vector<ArgSpec> OffCancelledArgs() {
  std::vector<ArgSpec> args = kOverAllArgs;
  args.push_back({"step", ArgType::kCount});
  return args;
}
const MessageSpec kOffCancelled{
    "result2-off-cancelled", OffCancelledArgs(),
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      Holds h(why);
      return OverAll(h, in, f)
          .If(!(f.Number("cos") >= kCosineShown && f.Number("selection") >= kSelectionShown &&
                f.Number("d") >= f.Number("v")),
              "the theorem's claim not met")
          .If(in.metrics.local_svm_cancelled, "a cancelled p_local")
          .If(f.Number("step") == in.metrics.step, "the step it was cancelled at")
          .ok;
    }};
// "The hypothesis fails (cycles / d < V); instead the flow follows the att-SVM of its own
// selection: cos(p, p_local) c over n reviews, its selection s* in x."
const MessageSpec kInstead{
    "result2-instead",
    {{"hypothesis", ArgType::kName, {"cycles", "width"}},
     {"cos_local", ArgType::kRatio},
     {"reviews", ArgType::kCount},
     {"s_star", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      const bool cycles = f.Arg("hypothesis")->text == "cycles";
      return Holds(why)
          .If(cycles ? in.max_margin.solved && !in.max_margin.acyclic : !WidthRegime(in),
              "the hypothesis fails as named")
          .If(m.has_local_svm && m.local_selection_current, "p_local of the current selection")
          .If(!m.local_svm_cancelled, "p_local not cancelled")
          .If(f.Number("cos_local") == m.cosine_to_local_svm, "cos(p, p_local)")
          .If(f.Number("cos_local") >= kLocalCosineShown, "cos(p, p_local) at least 0.9")
          .If(f.Number("reviews") == in.train_reviews, "all training reviews")
          .If(f.Number("s_star") == m.local_selection_s_star, "the share of s*")
          .ok;
    }};
// "k of the K constraints of s* lie on cycles: no p selects s* in every review."
const MessageSpec kCycles{
    "result2-cycles",
    {{"cycles", ArgType::kCount}, {"constraints", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const MaxMarginReport& mm = in.max_margin;
      return Holds(why)
          .If(mm.solved && !mm.acyclic && mm.constraints_in_cycles > 0, "a cycle")
          .If(f.Number("cycles") == mm.constraints_in_cycles, "the constraints on cycles")
          .If(f.Number("constraints") == mm.constraints, "the constraints")
          .ok;
    }};
// "The largest strongly connected set of the must-beat graph, k words (...), holds s* for
// r of n reviews (x)."
const MessageSpec kComponent{
    "result2-component",
    {{"sets", ArgType::kCount},
     {"size", ArgType::kCount},
     {"words", ArgType::kTokens},
     {"holds", ArgType::kCount},
     {"reviews", ArgType::kCount},
     {"share", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const MaxMarginReport& mm = in.max_margin;
      const FindingArg* words = f.Arg("words");
      return Holds(why)
          .If(mm.solved && mm.largest_component_size >= 2, "a component")
          .If(f.Number("sets") == mm.cyclic_components, "the number of sets")
          .If(f.Number("size") == mm.largest_component_size, "its size")
          .If(words->items.size() <= mm.largest_component_words.size(), "its words")
          .If(f.Number("holds") == mm.largest_component_reviews, "the reviews it holds s* for")
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(in.train_reviews > 0 &&
                  f.Number("share") ==
                      static_cast<double>(mm.largest_component_reviews) / in.train_reviews,
              "their share")
          .ok;
    }};
// "d = 512 < V = 8,983: p cannot separate every token; the theorem needs d >= V."
const MessageSpec kNarrow{"result2-narrow",
                          {{"d", ArgType::kCount}, {"v", ArgType::kCount}},
                          [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                            return Holds(why)
                                .If(f.Number("d") == in.config.width, "d")
                                .If(f.Number("v") == in.vocab_size, "V")
                                .If(f.Number("d") < f.Number("v"), "d < V")
                                .ok;
                          }};
// "r of the n reviews have no token in the vocabulary: nothing is selected in them."
const MessageSpec kUnscored{
    "result2-unscored",
    {{"empty", ArgType::kCount},
     {"reviews", ArgType::kCount},
     {"drop_unknown", ArgType::kName, {"yes", "no"}}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(f.Number("empty") == in.train_reviews - in.scored_reviews, "the empty ones")
          .If(f.Number("empty") > 0, "some")
          .If((f.Arg("drop_unknown")->text == "yes") == in.config.drop_unknown, "the setting")
          .ok;
    }};
// "“the” (|Delta| 0.02, in 81.0% of reviews) is the selected token of 30.2% of them":
// a stop word, a token with no label information found in many reviews.
const MessageSpec kStopWord{
    "result2-stop-word",
    {{"token", ArgType::kToken},
     {"delta", ArgType::kRatio},
     {"documents", ArgType::kShare},
     {"share", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const SelectedToken* token = nullptr;
      for (const SelectedToken& t : in.selection.top) {
        if (t.token == f.Arg("token")->text) token = &t;
      }
      Holds h(why);
      h.If(token != nullptr, "a selected token");
      if (!h.ok) return false;
      return h.If(f.Number("delta") == std::abs(token->delta), "its |Δ|")
          .If(f.Number("documents") == token->document_share, "its reviews")
          .If(f.Number("share") == token->share, "the reviews it is s* of")
          .If(f.Number("delta") < kStopWordDelta, "no label information (|Δ| < 0.15)")
          .If(f.Number("documents") >= kStopWordDocuments, "in 20% of reviews or more")
          .ok;
    }};
const MessageSpec kDropStopWords{
    "result2-drop-stop-words", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.config.max_doc_share >= 1, "every word kept").ok;
    }};
// "No earlier measurement in the last quarter of the run tells whether cos still moves."
const MessageSpec kNoTrend{
    "result2-no-trend",
    {{"quantity", ArgType::kName, {"cos-local", "cos-mm"}}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Quantity* q = FindQuantity(f.Arg("quantity")->text);
      return Holds(why).If(q != nullptr && !LastPartOfRun(in, *q).known, "no point to compare").ok;
    }};
// "On the r of n reviews (x) whose constraints lie on no cycle: cos c, selection s."
const MessageSpec kAcyclicSubset{
    "result2-acyclic-subset",
    {{"acyclic", ArgType::kCount},
     {"reviews", ArgType::kCount},
     {"share", ArgType::kShare},
     {"cos", ArgType::kRatio},
     {"selection", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      const MaxMarginReport& mm = in.max_margin;
      return Holds(why)
          .If(m.has_max_margin_acyclic, "an acyclic solve")
          .If(f.Number("acyclic") == mm.acyclic_reviews, "the acyclic reviews")
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(in.train_reviews > 0 &&
                  f.Number("share") == static_cast<double>(mm.acyclic_reviews) / in.train_reviews,
              "their share")
          .If(f.Number("cos") == m.cosine_to_max_margin_acyclic, "cos on them")
          .If(f.Number("selection") == m.selection_accuracy_acyclic, "selection on them")
          .ok;
    }};
// "For the tokens the flow selects: cos(p, p_local) c (p_local of step k[, since changed]),
// s* in x of reviews."
const MessageSpec kLocal{
    "result2-local",
    {{"cos_local", ArgType::kRatio},
     {"step", ArgType::kCount},
     {"current", ArgType::kName, {"yes", "no"}},
     {"s_star", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      return Holds(why)
          .If(m.has_local_svm, "a p_local")
          .If(!m.local_svm_cancelled, "p_local not cancelled")
          .If(f.Number("cos_local") == m.cosine_to_local_svm, "cos(p, p_local)")
          .If(f.Number("step") == m.local_svm_step, "its step")
          .If((f.Arg("current")->text == "yes") == m.local_selection_current, "current or not")
          .If(f.Number("s_star") == m.local_selection_s_star, "the share of s*")
          .ok;
    }};
// "The att-SVM of the flow's own selection at step k was cancelled: nothing is claimed
// about p_local" (the user declined the run end's solve: Experiment::Cancel). Said instead
// of every wording that reads p_local (instead, local, the trend of cos(p, p_local)).
const MessageSpec kLocalCancelled{"result2-local-cancelled",
                                  {{"step", ArgType::kCount}},
                                  [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                    return Holds(why)
                                        .If(in.metrics.local_svm_cancelled, "a cancelled p_local")
                                        .If(f.Number("step") == in.metrics.step,
                                            "the step it was cancelled at")
                                        .ok;
                                  }};
// Baseline 1: "attending to the token of largest |v.E_s| selects s* in b of the reviews;
// the flow in s."
const MessageSpec kBaselineSelection{
    "result2-baseline-selection",
    {{"baseline", ArgType::kShare}, {"flow", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("baseline") == in.metrics.baseline_selection_accuracy, "the baseline")
          .If(f.Number("flow") == in.metrics.selection_accuracy, "the flow's selection")
          .ok;
    }};
// Baseline 2: "the pooled classifier (p = 0) has test accuracy a; the model now b".
const MessageSpec kBaselinePooled{
    "result2-baseline-pooled",
    {{"pooled", ArgType::kRatio}, {"now", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& m = in.metrics;
      return Holds(why)
          .If(m.has_test_after_step_on_e && m.has_test, "both accuracies")
          .If(f.Number("pooled") == m.test_accuracy_after_step_on_e, "p = 0 after the step on E")
          .If(f.Number("now") == m.test_accuracy, "the accuracy now")
          .ok;
    }};
const MessageSpec kBaselineNoTest{
    "result2-baseline-no-test", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(!in.metrics.has_test, "no test split").ok;
    }};
// "The normalized margin m rose by x since step k and approaches 1/||p_mm|| = r": rising
// over the run's last part and still below the reference.
const MessageSpec kMarginApproaches{
    "result2-margin-approaches",
    {{"margin", ArgType::kRatio}, {"reference", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Trend trend = LastPartOfRun(in, kMargin);
      return Holds(why)
          .If(f.Number("margin") == in.metrics.normalized_margin, "the margin")
          .If(f.Number("reference") == in.metrics.max_margin_reference, "1/‖p_mm‖")
          .If(trend.known && trend.change > 0, "a margin that rose")
          .If(f.Number("margin") < f.Number("reference"), "below the reference")
          .ok;
    }};
// "The normalized margin is m against 1/||p_mm|| = r" (its trend said beside it).
const MessageSpec kMarginIs{
    "result2-margin",
    {{"margin", ArgType::kRatio}, {"reference", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("margin") == in.metrics.normalized_margin, "the margin")
          .If(f.Number("reference") == in.metrics.max_margin_reference, "1/‖p_mm‖")
          .ok;
    }};
// "Result 2's hypothesis holds: none of the K constraints lies on a cycle, so the
// attention-SVM is feasible over all of them, with d >= V."
const MessageSpec kFeasible{"result2-feasible",
                            {{"constraints", ArgType::kCount}},
                            [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                              return Holds(why)
                                  .If(in.max_margin.solved && in.max_margin.acyclic, "no cycle")
                                  .If(f.Number("constraints") == in.max_margin.constraints,
                                      "the constraints")
                                  .If(WidthRegime(in), "d >= V")
                                  .ok;
                            }};
// "p_mm here is the soft-margin solution (C = c)".
const MessageSpec kSoftMargin{"result2-soft-margin",
                              {{"c", ArgType::kValue}},
                              [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                return Holds(why)
                                    .If(in.max_margin.solved && !in.max_margin.hard_margin,
                                        "the soft margin solved")
                                    .If(f.Number("c") == in.config.svm_c, "its C")
                                    .ok;
                              }};
const MessageSpec kTwins{
    "result2-twins", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.config.dataset == "twins", "the twins").ok;
    }};

void Baselines(const GuidanceInputs& in, std::vector<Finding>* details) {
  const Metrics& m = in.metrics;
  details->push_back(kBaselineSelection.Detail(
      {Share("baseline", m.baseline_selection_accuracy), Share("flow", m.selection_accuracy)}));
  if (m.has_test && m.has_test_after_step_on_e) {
    details->push_back(kBaselinePooled.Detail(
        {Ratio("pooled", m.test_accuracy_after_step_on_e), Ratio("now", m.test_accuracy)}));
  } else if (!m.has_test) {
    details->push_back(kBaselineNoTest.Detail({}));
  }
}

Finding CyclesDetail(const GuidanceInputs& in) {
  return kCycles.Detail({Count("cycles", static_cast<double>(in.max_margin.constraints_in_cycles)),
                         Count("constraints", static_cast<double>(in.max_margin.constraints))});
}

void ComponentDetail(const GuidanceInputs& in, std::vector<Finding>* details) {
  const MaxMarginReport& mm = in.max_margin;
  if (!mm.solved || mm.acyclic || mm.largest_component_size < 2 || in.train_reviews <= 0) return;
  std::vector<std::string> words(
      mm.largest_component_words.begin(),
      mm.largest_component_words.begin() + std::min<size_t>(4, mm.largest_component_words.size()));
  details->push_back(kComponent.Detail(
      {Count("sets", mm.cyclic_components), Count("size", mm.largest_component_size),
       Tokens("words", words), Count("holds", static_cast<double>(mm.largest_component_reviews)),
       Count("reviews", in.train_reviews),
       Share("share", static_cast<double>(mm.largest_component_reviews) / in.train_reviews)}));
}

void AcyclicDetail(const GuidanceInputs& in, std::vector<Finding>* details) {
  const Metrics& m = in.metrics;
  if (in.max_margin.acyclic || !m.has_max_margin_acyclic || in.train_reviews <= 0) return;
  details->push_back(kAcyclicSubset.Detail(
      {Count("acyclic", static_cast<double>(in.max_margin.acyclic_reviews)),
       Count("reviews", in.train_reviews),
       Share("share", static_cast<double>(in.max_margin.acyclic_reviews) / in.train_reviews),
       Ratio("cos", m.cosine_to_max_margin_acyclic),
       Share("selection", m.selection_accuracy_acyclic)}));
}

void MarginDetails(const GuidanceInputs& in, std::vector<Finding>* details) {
  const Metrics& m = in.metrics;
  const Trend norm = LastPartOfRun(in, kNorm);
  if (norm.known) details->push_back(TrendDetail(kNorm, norm));
  const Trend margin = LastPartOfRun(in, kMargin);
  const std::vector<FindingArg> args = {Ratio("margin", m.normalized_margin),
                                        Ratio("reference", m.max_margin_reference)};
  if (margin.known && margin.change > 0 && m.normalized_margin < m.max_margin_reference) {
    details->push_back(kMarginApproaches.Detail(args));
  } else {
    details->push_back(kMarginIs.Detail(args));
  }
  if (margin.known) details->push_back(TrendDetail(kMargin, margin));
}

// Under `shown`: what was checked at this step for the theorem's limit (issue 37).
void LimitDetail(const GuidanceInputs& in, std::vector<Finding>* details) {
  const Metrics& m = in.metrics;
  if (!m.has_local_selection) return;
  const double differ = DifferingReviews(in);
  if (differ == 0) {
    details->push_back(kLimitSame.Detail({}));
  } else if (!LocalCurrent(m)) {
    details->push_back(
        kLimitOpen.Detail({Count("differ", differ), Count("reviews", in.train_reviews)}));
  } else {
    details->push_back(kLimitNearerMaxMargin.Detail(
        {Count("differ", differ), Count("reviews", in.train_reviews),
         Ratio("cos", m.cosine_to_max_margin), Ratio("cos_local", m.cosine_to_local_svm)}));
  }
}

// Under `elsewhere` and `receding`: the flow's own selection, the margin as it is (never
// "approaches": it is not measured going there), and the hypothesis as THEORY.md states it.
void HeadingElsewhereDetails(const GuidanceInputs& in, std::vector<Finding>* details) {
  const Metrics& m = in.metrics;
  if (m.has_local_svm && !m.local_svm_cancelled) {
    details->push_back(kLocal.Detail({Ratio("cos_local", m.cosine_to_local_svm),
                                      Count("step", static_cast<double>(m.local_svm_step)),
                                      Name("current", m.local_selection_current ? "yes" : "no"),
                                      Share("s_star", m.local_selection_s_star)}));
  }
  details->push_back(kMarginIs.Detail(
      {Ratio("margin", m.normalized_margin), Ratio("reference", m.max_margin_reference)}));
  const Trend margin = LastPartOfRun(in, kMargin);
  if (margin.known) details->push_back(TrendDetail(kMargin, margin));
  if (in.max_margin.acyclic) {
    details->push_back(
        kFeasible.Detail({Count("constraints", static_cast<double>(in.max_margin.constraints))}));
  } else {
    details->push_back(CyclesDetail(in));
  }
  if (!in.max_margin.hard_margin) {
    details->push_back(kSoftMargin.Detail({Value("c", in.config.svm_c)}));
  }
}

// Why the theorem's claim is not met, from the measured values, most basic first.
void OffReasons(const GuidanceInputs& in, Finding* f) {
  const Metrics& m = in.metrics;
  std::vector<Finding>& details = f->details;
  if (in.scored_reviews < in.train_reviews) {
    details.push_back(kUnscored.Detail(
        {Count("empty", in.train_reviews - in.scored_reviews), Count("reviews", in.train_reviews),
         Name("drop_unknown", in.config.drop_unknown ? "yes" : "no")}));
  }
  bool stop_words = false;
  for (size_t k = 0; k < in.selection.top.size() && k < 3; ++k) {
    const SelectedToken& t = in.selection.top[k];
    if (t.share <= kStopWordShare || std::abs(t.delta) >= kStopWordDelta ||
        t.document_share < kStopWordDocuments) {
      continue;
    }
    details.push_back(
        kStopWord.Detail({Token("token", t.token), Ratio("delta", std::abs(t.delta)),
                          Share("documents", t.document_share), Share("share", t.share)}));
    stop_words = true;
  }
  if (stop_words && in.config.max_doc_share >= 1) details.push_back(kDropStopWords.Detail({}));
  if (!WidthRegime(in)) {
    details.push_back(kNarrow.Detail({Count("d", in.config.width), Count("v", in.vocab_size)}));
  }
  if (in.max_margin.solved && !in.max_margin.acyclic) {
    details.push_back(CyclesDetail(in));
    ComponentDetail(in, &details);
  }
  // Whether the flow still moves: against p_local when the history has one (and it was not
  // cancelled: then nothing is said of p_local), else p_mm.
  const bool local = m.has_local_svm && !m.local_svm_cancelled;
  const Quantity& q = local && LastPartOfRun(in, kCosLocal).known ? kCosLocal : kCosMaxMargin;
  const Trend trend = LastPartOfRun(in, q);
  if (trend.known) {
    details.push_back(TrendDetail(q, trend));
  } else {
    details.push_back(kNoTrend.Detail({Name("quantity", q.name)}));
  }
  if (local) {
    details.push_back(kLocal.Detail({Ratio("cos_local", m.cosine_to_local_svm),
                                     Count("step", static_cast<double>(m.local_svm_step)),
                                     Name("current", m.local_selection_current ? "yes" : "no"),
                                     Share("s_star", m.local_selection_s_star)}));
  }
  AcyclicDetail(in, &details);
}

}  // namespace

Finding Result2(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (!Stepped(m)) return kWaits.Say("result2", FindingKind::kExpect, {});
  if (in.config.protocol == Protocol::kJoint) {
    Finding f = kNotPredicted.Say("result2", FindingKind::kNotApplicable, {});
    f.recipe = "result2";
    return f;
  }
  if (!in.max_margin.solved || !m.has_max_margin) {
    return kSolve.Say("result2", FindingKind::kExpect, {});
  }
  const double selection = SelectionOverAll(in);
  const std::vector<FindingArg> all = {
      Count("reviews", in.train_reviews),
      Ratio("cos", m.cosine_to_max_margin),
      Share("selection", selection),
      Name("all", in.scored_reviews >= in.train_reviews ? "yes" : "no"),
      Count("scored", in.scored_reviews),
      Share("scored_share", ScoredShare(in)),
      Share("scored_selection", m.selection_accuracy),
      Count("d", in.config.width),
      Count("v", in.vocab_size)};
  Finding f;
  if (TheoremHolds(in, m.cosine_to_max_margin, selection) && NearerLocal(in)) {
    f = kElsewhere.Say("result2", FindingKind::kOff,
                       {Count("differ", DifferingReviews(in)), Count("reviews", in.train_reviews),
                        Ratio("cos", m.cosine_to_max_margin),
                        Ratio("cos_local", m.cosine_to_local_svm), Share("selection", selection)});
    HeadingElsewhereDetails(in, &f.details);
  } else if (TheoremHolds(in, m.cosine_to_max_margin, selection) && MarginRecedes(in)) {
    const Trend margin = LastPartOfRun(in, kMargin);
    f = kReceding.Say(
        "result2", FindingKind::kOff,
        {Ratio("margin", m.normalized_margin), Ratio("fall", -margin.change),
         Count("from", static_cast<double>(margin.from_step)),
         Ratio("reference", m.max_margin_reference), Ratio("cos", m.cosine_to_max_margin),
         Share("selection", selection), Count("reviews", in.train_reviews)});
    HeadingElsewhereDetails(in, &f.details);
  } else if (TheoremHolds(in, m.cosine_to_max_margin, selection)) {
    f = kShown.Say("result2", FindingKind::kShown, all);
    LimitDetail(in, &f.details);
    MarginDetails(in, &f.details);
    if (in.max_margin.acyclic) {
      f.details.push_back(
          kFeasible.Detail({Count("constraints", static_cast<double>(in.max_margin.constraints))}));
    } else {
      f.details.push_back(CyclesDetail(in));
    }
    if (!in.max_margin.hard_margin)
      f.details.push_back(kSoftMargin.Detail({Value("c", in.config.svm_c)}));
    if (in.config.dataset == "twins") f.details.push_back(kTwins.Detail({}));
  } else if (HypothesisFails(in) && m.has_local_svm && m.local_selection_current &&
             !m.local_svm_cancelled && m.cosine_to_local_svm >= kLocalCosineShown) {
    const bool cycles = in.max_margin.solved && !in.max_margin.acyclic;
    f = kInstead.Say(
        "result2", FindingKind::kInstead,
        {Name("hypothesis", cycles ? "cycles" : "width"), Ratio("cos_local", m.cosine_to_local_svm),
         Count("reviews", in.train_reviews), Share("s_star", m.local_selection_s_star)});
    // The theorem's own numbers, then why its hypothesis fails.
    Finding theorem = kOff.Detail(all);
    f.details.push_back(theorem);
    if (cycles) {
      f.details.push_back(CyclesDetail(in));
      ComponentDetail(in, &f.details);
    }
    if (!WidthRegime(in)) {
      f.details.push_back(kNarrow.Detail({Count("d", in.config.width), Count("v", in.vocab_size)}));
    }
    AcyclicDetail(in, &f.details);
  } else if (m.local_svm_cancelled) {
    std::vector<FindingArg> args = all;
    args.push_back(Count("step", static_cast<double>(m.step)));
    f = kOffCancelled.Say("result2", FindingKind::kOff, args);
    OffReasons(in, &f);
    f.recipe = Offer(in, "result2");
  } else {
    f = kOff.Say("result2", FindingKind::kOff, all);
    OffReasons(in, &f);
    f.recipe = Offer(in, "result2");
  }
  // What is not claimed where the verdict does not say it: the user cancelled p_local here.
  if (m.local_svm_cancelled && f.code != kOffCancelled.code) {
    f.details.push_back(kLocalCancelled.Detail({Count("step", static_cast<double>(m.step))}));
  }
  if (HypothesisFails(in)) Baselines(in, &f.details);
  if (AccuracyFellNow(m)) {
    f.details.push_back(AccuracyFell(m));
    if (FlowOnSubset(in)) f.details.push_back(FlowSubset(in));
  }
  // After the flow on the twins, the real reviews where the hypothesis fails.
  if (in.config.dataset == "twins") f.dataset = "movies";
  return f;
}

const SpecList kResult2Specs = {&kWaits,
                                &kNotPredicted,
                                &kSolve,
                                &kShown,
                                &kOff,
                                &kOffCancelled,
                                &kInstead,
                                &kCycles,
                                &kComponent,
                                &kNarrow,
                                &kUnscored,
                                &kStopWord,
                                &kDropStopWords,
                                &kNoTrend,
                                &kAcyclicSubset,
                                &kLocal,
                                &kLocalCancelled,
                                &kBaselineSelection,
                                &kBaselinePooled,
                                &kBaselineNoTest,
                                &kMarginApproaches,
                                &kMarginIs,
                                &kFeasible,
                                &kSoftMargin,
                                &kTwins,
                                &kElsewhere,
                                &kReceding,
                                &kLimitSame,
                                &kLimitOpen,
                                &kLimitNearerMaxMargin};

// ---- The diagnostics ("Why does it look like this?"): the numbers behind the verdicts.

namespace {

const MessageSpec kWhyWidth{"why-width",
                            {{"d", ArgType::kCount}, {"v", ArgType::kCount}},
                            [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                              return Holds(why)
                                  .If(f.Number("d") == in.config.width, "d")
                                  .If(f.Number("v") == in.vocab_size, "V")
                                  .ok;
                            }};
const MessageSpec kWhyConstraints{
    "why-constraints",
    {{"constraints", ArgType::kCount},
     {"cycles", ArgType::kCount},
     {"violated", ArgType::kCount},
     {"acyclic", ArgType::kCount},
     {"reviews", ArgType::kCount},
     {"share", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const MaxMarginReport& mm = in.max_margin;
      return Holds(why)
          .If(mm.solved, "a solve")
          .If(f.Number("constraints") == mm.constraints, "the constraints")
          .If(f.Number("cycles") == mm.constraints_in_cycles, "those on cycles")
          .If(f.Number("violated") == mm.violated, "those violated")
          .If(f.Number("acyclic") == mm.acyclic_reviews, "the acyclic reviews")
          .If(f.Number("reviews") == in.train_reviews, "the training reviews")
          .If(in.train_reviews > 0 &&
                  f.Number("share") == static_cast<double>(mm.acyclic_reviews) / in.train_reviews,
              "their share")
          .ok;
    }};
const MessageSpec kWhyOwnSelection{
    "why-own-selection",
    {{"s_star", ArgType::kShare}, {"strict", ArgType::kShare}, {"reviews", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(in.metrics.has_local_selection, "a selection")
          .If(f.Number("s_star") == in.metrics.local_selection_s_star, "the share of s*")
          .If(f.Number("strict") == in.metrics.local_selection_strict, "the strict share")
          .If(f.Number("reviews") == in.scored_reviews, "the scored reviews")
          .ok;
    }};
const MessageSpec kWhyOwnSvm{
    "why-own-svm",
    {{"step", ArgType::kCount},
     {"constraints", ArgType::kCount},
     {"norm", ArgType::kValue},
     {"cos_local", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(in.metrics.has_local_svm && in.local_svm.solved, "a p_local")
          .If(!in.metrics.local_svm_cancelled, "p_local not cancelled")
          .If(f.Number("step") == in.metrics.local_svm_step, "its step")
          .If(f.Number("constraints") == in.local_svm.constraints, "its constraints")
          .If(f.Number("norm") == in.local_svm.norm, "its norm")
          .If(f.Number("cos_local") == in.metrics.cosine_to_local_svm, "cos(p, p_local)")
          .ok;
    }};
const MessageSpec kWhySelected{
    "why-selected",
    {{"distinct", ArgType::kCount}, {"count", ArgType::kValue}, {"delta", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(in.selection.available, "a selection")
          .If(f.Number("distinct") == in.selection.distinct, "the distinct tokens")
          .If(f.Number("count") == in.selection.median_count, "the median count")
          .If(f.Number("delta") == in.selection.median_abs_delta, "the median |Δ|")
          .ok;
    }};
const MessageSpec kWhySelectedToken{
    "why-selected-token",
    {{"token", ArgType::kToken}, {"delta", ArgType::kRatio}, {"share", ArgType::kShare}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      bool found = false;
      for (const SelectedToken& t : in.selection.top) {
        found = found || (t.token == f.Arg("token")->text &&
                          std::abs(t.delta) == f.Number("delta") && t.share == f.Number("share"));
      }
      return Holds(why).If(found, "a selected token's numbers").ok;
    }};
const MessageSpec kWhyU{"why-u",
                        {{"u", ArgType::kRatio}, {"signed", ArgType::kRatio}},
                        [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                          return Holds(why)
                              .If(f.Number("u") == in.metrics.u_score, "the U-score")
                              .If(f.Number("signed") == in.metrics.signed_score, "the signed score")
                              .ok;
                        }};
const MessageSpec kWhyUMaxMargin{
    "why-u-max-margin",
    {{"u", ArgType::kRatio}, {"signed", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(in.metrics.has_max_margin, "a p_mm")
          .If(f.Number("u") == in.metrics.u_score_max_margin, "its U-score")
          .If(f.Number("signed") == in.metrics.signed_score_max_margin, "its signed score")
          .ok;
    }};

}  // namespace

std::vector<Finding> Diagnostics(const GuidanceInputs& in) {
  std::vector<Finding> out;
  const Metrics& m = in.metrics;
  const auto fact = [](const MessageSpec& spec, std::vector<FindingArg> args) {
    return spec.Say("why", FindingKind::kFact, std::move(args));
  };
  out.push_back(fact(kWhyWidth, {Count("d", in.config.width), Count("v", in.vocab_size)}));
  const MaxMarginReport& mm = in.max_margin;
  if (mm.solved) {
    out.push_back(
        fact(kWhyConstraints,
             {Count("constraints", static_cast<double>(mm.constraints)),
              Count("cycles", static_cast<double>(mm.constraints_in_cycles)),
              Count("violated", static_cast<double>(mm.violated)),
              Count("acyclic", static_cast<double>(mm.acyclic_reviews)),
              Count("reviews", in.train_reviews),
              Share("share", in.train_reviews > 0
                                 ? static_cast<double>(mm.acyclic_reviews) / in.train_reviews
                                 : 0)}));
    std::vector<Finding> component;
    ComponentDetail(in, &component);
    for (Finding& c : component) {
      c.panel = "why";
      out.push_back(c);
    }
  }
  if (m.has_local_selection) {
    out.push_back(fact(kWhyOwnSelection, {Share("s_star", m.local_selection_s_star),
                                          Share("strict", m.local_selection_strict),
                                          Count("reviews", in.scored_reviews)}));
  }
  if (m.has_local_svm && in.local_svm.solved && !m.local_svm_cancelled) {
    out.push_back(fact(
        kWhyOwnSvm, {Count("step", static_cast<double>(m.local_svm_step)),
                     Count("constraints", static_cast<double>(in.local_svm.constraints)),
                     Value("norm", in.local_svm.norm), Ratio("cos_local", m.cosine_to_local_svm)}));
  }
  if (in.selection.available) {
    out.push_back(fact(kWhySelected, {Count("distinct", in.selection.distinct),
                                      Value("count", in.selection.median_count),
                                      Ratio("delta", in.selection.median_abs_delta)}));
    for (size_t k = 0; k < in.selection.top.size() && k < 5; ++k) {
      const SelectedToken& t = in.selection.top[k];
      out.push_back(fact(
          kWhySelectedToken,
          {Token("token", t.token), Ratio("delta", std::abs(t.delta)), Share("share", t.share)}));
    }
    out.push_back(fact(kBaselineSelection, {Share("baseline", m.baseline_selection_accuracy),
                                            Share("flow", m.selection_accuracy)}));
  }
  out.push_back(fact(kWhyU, {Ratio("u", m.u_score), Ratio("signed", m.signed_score)}));
  if (m.has_max_margin) {
    out.push_back(fact(kWhyUMaxMargin, {Ratio("u", m.u_score_max_margin),
                                        Ratio("signed", m.signed_score_max_margin)}));
  }
  return out;
}

const SpecList kWhySpecs = {&kWhyWidth,  &kWhyConstraints, &kWhyOwnSelection,
                            &kWhyOwnSvm, &kWhySelected,    &kWhySelectedToken,
                            &kWhyU,      &kWhyUMaxMargin};

}  // namespace clslab
