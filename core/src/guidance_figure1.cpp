// Figure 1's verdict: whether p.E_s against Delta_s is a U (U-score at least kUShown with
// the signed score within +-kFlatSigned), and the measured reasons when it is not. Each
// message's claim sits with its spec (messages.h).
// Legend: V vocabulary, d width, s* a review's selected token.
#include <cmath>
#include <cstdlib>

#include "guidance_rules.h"

namespace clslab {
namespace {

bool IsU(double u, double signed_score) {
  return u >= kUShown && std::abs(signed_score) < kFlatSigned;
}

const MessageSpec kWaits{
    "figure1-waits", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(!Stepped(in.metrics), "no step taken yet").ok;
    }};
const MessageSpec kPZero{
    "figure1-p-zero", {}, [](const GuidanceInputs& in, const Finding&, std::string* why) {
      return Holds(why).If(in.metrics.p_norm == 0, "p = 0").ok;
    }};
// "A U under joint training: polar tokens of both signs score high (U-score u, signed s)".
const MessageSpec kShown{
    "figure1-shown",
    {{"protocol", ArgType::kName, {"paper", "joint"}},
     {"u", ArgType::kRatio},
     {"signed", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Arg("protocol")->text == EnumKey(in.config.protocol), "the protocol")
          .If(f.Number("u") == in.metrics.u_score, "the U-score")
          .If(f.Number("signed") == in.metrics.signed_score, "the signed score")
          .If(IsU(f.Number("u"), f.Number("signed")), "a U")
          .ok;
    }};
// "No U at step k: U-score u, signed s (a U needs ...)".
const MessageSpec kOff{
    "figure1-off",
    {{"step", ArgType::kCount}, {"u", ArgType::kRatio}, {"signed", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("step") == in.metrics.step, "the step")
          .If(f.Number("u") == in.metrics.u_score, "the U-score")
          .If(f.Number("signed") == in.metrics.signed_score, "the signed score")
          .If(!IsU(f.Number("u"), f.Number("signed")), "no U")
          .ok;
    }};
// "Joint training is at step k of the figure1 budget of b steps (U-score u, signed s)".
const MessageSpec kForming{
    "figure1-forming",
    {{"step", ArgType::kCount},
     {"budget", ArgType::kCount},
     {"u", ArgType::kRatio},
     {"signed", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(in.config.protocol == Protocol::kJoint, "joint training")
          .If(f.Number("step") == in.metrics.step, "the step")
          .If(f.Number("budget") == Figure1Steps(in.config.learning_rate, in.config.width),
              "the recipe's budget")
          .If(f.Number("step") < f.Number("budget"), "within the budget")
          .If(f.Number("u") == in.metrics.u_score, "the U-score")
          .If(f.Number("signed") == in.metrics.signed_score, "the signed score")
          .If(!IsU(f.Number("u"), f.Number("signed")), "no U yet")
          .ok;
    }};
// "The best U-score so far was b at step k": an earlier recorded step, higher than now.
const MessageSpec kBestEarlier{
    "figure1-best-earlier",
    {{"best", ArgType::kRatio}, {"step", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics* then = PointAt(in, static_cast<int64_t>(f.Number("step")));
      const Metrics& best = BestU(in);
      return Holds(why)
          .If(then != nullptr && then->step < in.metrics.step, "an earlier recorded step")
          .If(then != nullptr && f.Number("best") == then->u_score, "its U-score")
          .If(f.Number("best") == best.u_score, "the best recorded")
          .If(f.Number("best") > in.metrics.u_score, "higher than now")
          .ok;
    }};
// "The U-score peaked at b at step k and has fallen by x since".
const MessageSpec kPeakPassed{
    "figure1-past-peak",
    {{"best", ArgType::kRatio}, {"step", ArgType::kCount}, {"drop", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& best = BestU(in);
      return Holds(why)
          .If(f.Number("step") == best.step && best.step < in.metrics.step, "the best, earlier")
          .If(f.Number("best") == best.u_score, "its U-score")
          .If(f.Number("drop") == best.u_score - in.metrics.u_score, "the fall")
          .If(f.Number("drop") > kPastPeak, "a fall past the noise")
          .ok;
    }};
// "The U-score has not reached 0.5 within the figure1 budget of b steps: its best was u at k".
const MessageSpec kBelowWithinBudget{
    "figure1-below-within-budget",
    {{"budget", ArgType::kCount}, {"best", ArgType::kRatio}, {"step", ArgType::kCount}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Metrics& best = BestU(in);
      return Holds(why)
          .If(f.Number("budget") == Figure1Steps(in.config.learning_rate, in.config.width),
              "the recipe's budget")
          .If(in.metrics.step >= f.Number("budget"), "the budget run")
          .If(f.Number("best") == best.u_score && f.Number("step") == best.step, "the best")
          .If(best.u_score < kUShown, "never 0.5")
          .ok;
    }};
// "The U-score is past 0.5, but the signed score s is not within +-0.3".
const MessageSpec kSignedBlocks{
    "figure1-signed-blocks",
    {{"u", ArgType::kRatio}, {"signed", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("u") == in.metrics.u_score, "the U-score")
          .If(f.Number("signed") == in.metrics.signed_score, "the signed score")
          .If(f.Number("u") >= kUShown, "a U-score past 0.5")
          .If(std::abs(f.Number("signed")) >= kFlatSigned, "a signed score past 0.3")
          .ok;
    }};
// "p follows each review's s*, and those are frequent, mildly polar tokens (median count c
// against v over the vocabulary, median |Delta| x)".
const MessageSpec kSelectedKind{
    "figure1-selected-kind",
    {{"kind", ArgType::kName, {"frequent-mild", "frequent", "mild", "polar"}},
     {"count", ArgType::kCount},
     {"vocabulary", ArgType::kCount},
     {"delta", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const std::string kind = f.Arg("kind")->text;
      const bool frequent = f.Number("count") >= kFrequentTimes * f.Number("vocabulary");
      const bool mild = f.Number("delta") < kMildlyPolar;
      return Holds(why)
          .If(in.selection.available, "a selection")
          .If(f.Number("count") == std::llround(in.selection.median_count), "the median count")
          .If(f.Number("vocabulary") == std::llround(in.token_median_count), "the vocabulary's")
          .If(f.Number("delta") == in.selection.median_abs_delta, "the median |Δ|")
          .If((kind == "frequent-mild" || kind == "frequent") == frequent, "frequent or not")
          .If((kind == "frequent-mild" || kind == "mild") == mild, "mildly polar or not")
          .ok;
    }};
// "p.E_s ranks tokens by the sign of Delta (signed s), not by |Delta|".
const MessageSpec kSignedRanking{
    "figure1-signed-ranking",
    {{"signed", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      return Holds(why)
          .If(f.Number("signed") == in.metrics.signed_score, "the signed score")
          .If(std::abs(f.Number("signed")) >= kFlatSigned, "a signed score past 0.3")
          .ok;
    }};
// "p_mm gives U-score u": the theory's prediction for the figure.
const MessageSpec kTheoryU{"figure1-theory-u",
                           {{"u", ArgType::kRatio}},
                           [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                             return Holds(why)
                                 .If(in.metrics.has_max_margin, "a p_mm")
                                 .If(f.Number("u") == in.metrics.u_score_max_margin, "its U-score")
                                 .ok;
                           }};
// "The figure1 recipe trains E and p together (joint training) for k steps; [open] the
// Delta of the words the U-score ranks under it does not rule a U out, only the run shows
// whether one forms | [closed] under it no p gives a U either: any p with a U-score of 0.5
// has |signed| at least l." What the recipe sets (joint training, its steps) and what its
// data profile says of the U's reach (its plan's recipe-figure1-closed, which recipes_test
// checks over the profile): never that the recipe gives a U.
const MessageSpec kTryJoint{
    "figure1-try-joint",
    {{"steps", ArgType::kCount},
     {"reach", ArgType::kName, {"open", "closed"}},
     {"least", ArgType::kRatio}},
    [](const GuidanceInputs& in, const Finding& f, std::string* why) {
      const Finding* closed = RecipeSays(in, "figure1", "recipe-figure1-closed");
      const bool says_closed = f.Arg("reach")->text == "closed";
      return Holds(why)
          .If(in.config.protocol == Protocol::kPaper, "a run under the paper protocol")
          .If(SettingOf(in, "figure1", "protocol") == "joint", "the recipe trains E and p together")
          .If(f.Number("steps") == std::atof(SettingOf(in, "figure1", "steps").c_str()),
              "the recipe's steps")
          .If(says_closed == (closed != nullptr), "the U's reach on these reviews")
          .If(!says_closed || f.Number("least") == closed->Number("least"), "the least |signed|")
          .ok;
    }};
// "The figure1 recipe is in force: a run stopped near step k keeps the best U it gave".
const MessageSpec kInForceStop{"figure1-in-force-stop",
                               {{"step", ArgType::kCount}},
                               [](const GuidanceInputs& in, const Finding& f, std::string* why) {
                                 return Holds(why)
                                     .If(InForce(in, "figure1"), "the recipe in force")
                                     .If(f.Number("step") == BestU(in).step, "the best U's step")
                                     .ok;
                               }};

Finding SelectedKind(const GuidanceInputs& in) {
  const SelectionReport& s = in.selection;
  const bool frequent =
      std::llround(s.median_count) >= kFrequentTimes * std::llround(in.token_median_count);
  const bool mild = s.median_abs_delta < kMildlyPolar;
  const char* kind = frequent && mild ? "frequent-mild"
                     : frequent       ? "frequent"
                     : mild           ? "mild"
                                      : "polar";
  return kSelectedKind.Detail(
      {Name("kind", kind), Count("count", static_cast<double>(std::llround(s.median_count))),
       Count("vocabulary", static_cast<double>(std::llround(in.token_median_count))),
       Ratio("delta", s.median_abs_delta)});
}

}  // namespace

Finding Figure1(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (!Stepped(m)) return kWaits.Say("figure1", FindingKind::kExpect, {});
  if (m.p_norm == 0) return kPZero.Say("figure1", FindingKind::kExpect, {});
  const Metrics& best = BestU(in);
  const bool best_earlier = best.step < m.step && best.u_score > m.u_score;
  if (IsU(m.u_score, m.signed_score)) {
    Finding f = kShown.Say("figure1", FindingKind::kShown,
                           {Name("protocol", EnumKey(in.config.protocol)), Ratio("u", m.u_score),
                            Ratio("signed", m.signed_score)});
    if (best_earlier) {
      f.details.push_back(kBestEarlier.Detail(
          {Ratio("best", best.u_score), Count("step", static_cast<double>(best.step))}));
    }
    if (m.has_max_margin) f.details.push_back(kTheoryU.Detail({Ratio("u", m.u_score_max_margin)}));
    return f;
  }
  const std::vector<FindingArg> scores = {Count("step", static_cast<double>(m.step)),
                                          Ratio("u", m.u_score), Ratio("signed", m.signed_score)};
  if (in.config.protocol == Protocol::kPaper) {
    Finding f = kOff.Say("figure1", FindingKind::kOff, scores);
    if (in.selection.available && !in.selection.top.empty()) f.details.push_back(SelectedKind(in));
    if (std::abs(m.signed_score) >= kFlatSigned) {
      f.details.push_back(kSignedRanking.Detail({Ratio("signed", m.signed_score)}));
    }
    if (m.has_max_margin) f.details.push_back(kTheoryU.Detail({Ratio("u", m.u_score_max_margin)}));
    // The figure1 recipe, said with what its data profile allows: offered where the Δ of
    // the words it ranks does not rule a U out, and named (not offered) where it does.
    if (!InForce(in, "figure1") && FindRecipe(in.recipes, "figure1") != nullptr) {
      const Finding* closed = RecipeSays(in, "figure1", "recipe-figure1-closed");
      f.details.push_back(
          kTryJoint.Detail({Count("steps", std::atof(SettingOf(in, "figure1", "steps").c_str())),
                            Name("reach", closed != nullptr ? "closed" : "open"),
                            Ratio("least", closed != nullptr ? closed->Number("least") : 0)}));
      if (closed == nullptr) f.recipe = "figure1";
    }
    return f;
  }
  // Joint training.
  if (best.step < m.step && best.u_score - m.u_score > kPastPeak) {
    Finding f = kOff.Say("figure1", FindingKind::kOff, scores);
    f.details.push_back(kPeakPassed.Detail({Ratio("best", best.u_score),
                                            Count("step", static_cast<double>(best.step)),
                                            Ratio("drop", best.u_score - m.u_score)}));
    if (InForce(in, "figure1")) {
      f.details.push_back(kInForceStop.Detail({Count("step", static_cast<double>(best.step))}));
    }
    f.recipe = Offer(in, "figure1");
    return f;
  }
  const int32_t budget = Figure1Steps(in.config.learning_rate, in.config.width);
  const Trend trend = LastPartOfRun(in, kUScore);
  if (m.step < budget) {
    Finding f = kForming.Say("figure1", FindingKind::kExpect,
                             {Count("step", static_cast<double>(m.step)), Count("budget", budget),
                              Ratio("u", m.u_score), Ratio("signed", m.signed_score)});
    if (best_earlier) {
      f.details.push_back(kBestEarlier.Detail(
          {Ratio("best", best.u_score), Count("step", static_cast<double>(best.step))}));
    }
    if (trend.known) f.details.push_back(TrendDetail(kUScore, trend));
    return f;
  }
  Finding f = kOff.Say("figure1", FindingKind::kOff, scores);
  if (best.u_score < kUShown) {
    f.details.push_back(
        kBelowWithinBudget.Detail({Count("budget", budget), Ratio("best", best.u_score),
                                   Count("step", static_cast<double>(best.step))}));
  } else if (m.u_score >= kUShown) {
    f.details.push_back(
        kSignedBlocks.Detail({Ratio("u", m.u_score), Ratio("signed", m.signed_score)}));
  } else if (best_earlier) {
    f.details.push_back(kBestEarlier.Detail(
        {Ratio("best", best.u_score), Count("step", static_cast<double>(best.step))}));
  }
  if (trend.known) f.details.push_back(TrendDetail(kUScore, trend));
  f.recipe = Offer(in, "figure1");
  return f;
}

const SpecList kFigure1Specs = {
    &kWaits,        &kPZero,        &kShown,         &kOff,
    &kForming,      &kBestEarlier,  &kPeakPassed,    &kBelowWithinBudget,
    &kSignedBlocks, &kSelectedKind, &kSignedRanking, &kTheoryU,
    &kTryJoint,     &kInForceStop};

}  // namespace clslab
