// The guidance rules: each panel's line is chosen by the measured values and the protocol
// (thresholds in guidance.h), and the diagnostics list the numbers behind them. Sentences
// quote the numbers so a reader can check them against the panels.
// Legend: n train reviews, V vocabulary, d width, K constraints, s* a review's selected token.
#include "clslab/guidance.h"

#include <cmath>
#include <cstdlib>

#include "guidance_specs.h"
#include "text_util.h"

namespace clslab {
namespace {

using Line = GuidanceLine;

bool Stepped(const Metrics& m) { return m.phase != "initialized" && !m.phase.empty(); }

std::string SettingOf(const GuidanceInputs& in, const char* recipe, const char* key) {
  if (const Recipe* r = FindRecipe(in.recipes, recipe)) {
    for (const RecipeSetting& s : r->settings) {
      if (s.key == key) return s.value;
    }
  }
  return "";
}

// True when every setting of the named recipe already has the recipe's value: offering it
// again would change nothing.
bool InForce(const GuidanceInputs& in, const char* recipe) {
  const Recipe* r = FindRecipe(in.recipes, recipe);
  if (r == nullptr) return false;
  for (const RecipeSetting& s : r->settings) {
    if (GetSetting(in.config, s.key) != s.value) return false;
  }
  return true;
}

// The recipe to offer: `recipe`, unless it is in force (then none).
std::string Offer(const GuidanceInputs& in, const char* recipe) {
  return InForce(in, recipe) ? "" : recipe;
}

// How a quantity moved over the last kTrendWindow of the run's steps: `known` when the
// history holds a point in that window before now.
struct Trend {
  bool known = false;
  double change = 0;  // value now minus value at `from_step`
  int64_t from_step = 0;
  bool moving() const { return !known || std::abs(change) > kStillMoving; }
};

// `reference`, when given, is the step whose solution `value` is measured against (a cosine
// to p_local): only points against the same solution count, or a new solution would read
// as the flow moving.
Trend LastPartOfRun(const GuidanceInputs& in, double Metrics::*value, bool Metrics::*has,
                    int64_t Metrics::*reference = nullptr) {
  Trend trend;
  const Metrics& now = in.metrics;
  const double start = now.step - kTrendWindow * now.step;
  for (const Metrics& then : in.history) {
    if (then.step >= now.step) break;
    if (then.step < start || (has != nullptr && !(then.*has))) continue;
    if (reference != nullptr && then.*reference != now.*reference) continue;
    trend.known = true;
    trend.from_step = then.step;
    trend.change = now.*value - then.*value;
    break;
  }
  return trend;
}

// "cos rose 0.052 since step 1,200" / "cos stayed within 0.01 since step 1,200".
std::string TrendText(const char* name, const Trend& trend) {
  const std::string since = " since step " + WithThousands(trend.from_step);
  if (std::abs(trend.change) <= kStillMoving) {
    return std::string(name) + " changed by " + Significant(std::abs(trend.change), 2) + since +
           " (within " + Significant(kStillMoving) + ")";
  }
  return std::string(name) + (trend.change > 0 ? " rose " : " fell ") +
         Significant(std::abs(trend.change), 3) + since;
}

// A selected token that carries no label information: |Delta| small and in many reviews.
bool StopWord(const SelectedToken& t) {
  return std::abs(t.delta) < kStopWordDelta && t.document_share >= kStopWordDocuments;
}

// "\"the\" (|Delta| 0.02, in 81.0% of reviews) wins 30.2% of reviews" for each selected
// token among the first `shown` that is a stop word; "" when none is.
std::string StopWordsText(const SelectionReport& selection, size_t shown) {
  std::string text;
  for (size_t k = 0; k < selection.top.size() && k < shown; ++k) {
    const SelectedToken& t = selection.top[k];
    if (t.share <= kStopWordShare || !StopWord(t)) continue;
    text += (text.empty() ? "\"" : ", \"") + t.token + "\" (|Delta| " +
            Significant(std::abs(t.delta), 2) + ", in " + AsPercent(t.document_share) +
            " of reviews) wins " + AsPercent(t.share);
  }
  return text;
}

// The most selected tokens with their |Delta|: "\"bad\" (|Delta| 0.63) in 12.0% of reviews".
std::string TopWithDelta(const SelectionReport& selection, size_t shown) {
  std::string text;
  for (size_t k = 0; k < selection.top.size() && k < shown; ++k) {
    const SelectedToken& t = selection.top[k];
    text += (k ? ", \"" : "\"") + t.token + "\" (|Delta| " + Significant(std::abs(t.delta), 2) +
            ") in " + AsPercent(t.share);
  }
  return text;
}

std::string Share(int64_t part, int64_t whole) {
  return whole > 0 ? AsPercent(static_cast<double>(part) / whole) : std::string("0%");
}

// The reviews every "over all reviews" figure is over: "all 1,600 reviews", or, when some
// review has no token in the vocabulary (the model skips it), "the 1,599 of 1,600 reviews
// with a token in the vocabulary (1 has none)".
std::string AllReviews(const GuidanceInputs& in) {
  const std::string n = WithThousands(in.train_reviews);
  if (in.scored_reviews >= in.train_reviews) return "all " + n + " reviews";
  const int64_t empty = in.train_reviews - in.scored_reviews;
  return "the " + WithThousands(in.scored_reviews) + " of " + n +
         " reviews with a token in the vocabulary (" + WithThousands(empty) +
         (empty == 1 ? " has none)" : " have none)");
}

// A verdict over the scored reviews is a verdict over the data only when they are nearly
// all of it (kVerdictShare).
bool MostlyScored(const GuidanceInputs& in) {
  return in.scored_reviews >= kVerdictShare * in.train_reviews;
}

// "p_mm" named with the problem it solves: the hard margin, or the soft margin when the hard
// one is infeasible (cycles) or was not met.
std::string MaxMarginName(const GuidanceInputs& in) {
  if (!in.max_margin.solved || in.max_margin.hard_margin) return "the theory's p_mm";
  return std::string("the soft-margin p_mm (C = ") + GetSetting(in.config, "svm_c") +
         (in.max_margin.acyclic ? ")" : "; the hard margin is infeasible)");
}

Line Result1(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (in.config.protocol == Protocol::kJoint) {
    return {"result1", "n/a",
            "The one-step picture belongs to the paper protocol: joint training moves E and p "
            "together, so v.E_s is no longer (eta/2) alpha_s and no line is predicted; the "
            "result1 recipe shows it.",
            "result1"};
  }
  if (!Stepped(m)) {
    return {"result1", "expect",
            "Take the step on E: each token's v.E_s should move by (eta/2) alpha_s, onto a line "
            "through the origin.",
            ""};
  }
  const double slope_error =
      m.predicted_slope != 0 ? std::abs(m.alignment_slope / m.predicted_slope - 1) : 1;
  const std::string fit = "slope " + Significant(m.alignment_slope, 5) +
                          " against (eta/2)||v||^2 = " + Significant(m.predicted_slope, 5) +
                          ", R^2 " + Significant(m.alignment_r2, 4);
  if (m.alignment_r2 >= kGoodR2 && slope_error <= 0.01) {
    return {"result1", "shown", "The points lie on the predicted line: " + fit + ".", ""};
  }
  const std::string sigma = SettingOf(in, "result1", "sigma");
  const std::string noise = "the initial noise sigma/sqrt(d) = " +
                            Significant(in.config.sigma / std::sqrt(in.config.width)) +
                            " next to the step's spread (eta/2) std(alpha) = " +
                            Significant(in.config.eta / 2 * in.alpha_spread);
  const std::string remedy =
      InForce(in, "result1")
          ? "the result1 recipe is in force (sigma = " + sigma +
                "); only a smaller sigma in the settings, or a larger eta, sharpens it"
          : "the result1 recipe uses sigma = " + sigma;
  if (m.alignment_r2 < kNoisyR2) {
    return {"result1", "off",
            "sigma is large next to the step on E (" + fit + "): " + noise + " hides the update; " +
                remedy + ".",
            Offer(in, "result1")};
  }
  return {"result1", "expect",
          "Close to the line (" + fit + "); " + noise + " still blurs it: " + remedy + ".",
          Offer(in, "result1")};
}

// Why the U does not show under the paper protocol, from the measured values.
std::string PaperUReason(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  const SelectionReport& selection = in.selection;
  std::string why = "p follows each review's selected token s*";
  if (selection.available && !selection.top.empty()) {
    const bool frequent = selection.median_count >= kFrequentTimes * in.token_median_count;
    const bool mild = selection.median_abs_delta < kMildlyPolar;
    std::string kind = frequent && mild ? "frequent, mildly polar"
                       : frequent       ? "frequent"
                       : mild           ? "mildly polar"
                                        : "polar";
    why += ", and those are " + kind + " tokens (median count " +
           WithThousands(std::llround(selection.median_count)) + " against " +
           WithThousands(std::llround(in.token_median_count)) +
           " over the vocabulary, median |Delta| " + Significant(selection.median_abs_delta) +
           "; " + TopWithDelta(selection, 2) + ")";
  }
  if (std::abs(m.signed_score) >= kFlatSigned) {
    why += ", so p.E_s ranks tokens by the sign of Delta (signed " + Significant(m.signed_score) +
           "), not by |Delta|";
  }
  if (in.config.width < in.vocab_size) {
    why += "; d = " + WithThousands(in.config.width) + " < V = " + WithThousands(in.vocab_size);
  }
  if (in.max_margin.solved && in.max_margin.constraints > 0) {
    why += "; " +
           AsPercent(static_cast<double>(in.max_margin.constraints_in_cycles) /
                     in.max_margin.constraints) +
           " of the constraints lie on cycles";
  }
  if (m.has_max_margin) {
    why += "; " + MaxMarginName(in) + " has U-score " + Significant(m.u_score_max_margin);
  }
  return why;
}

// The recorded step with the highest U-score (the current metrics included).
const Metrics& BestU(const GuidanceInputs& in) {
  const Metrics* best = &in.metrics;
  for (const Metrics& then : in.history) {
    if (then.step < in.metrics.step && then.u_score > best->u_score) best = &then;
  }
  return *best;
}

// "the figure1 recipe (min count 20, learning rate 0.001, d = 64)" with the values the
// recipe computed from this data (its min count depends on the data), or without them when
// no recipe was computed.
std::string Figure1RecipeText(const GuidanceInputs& in) {
  const std::string min_count = SettingOf(in, "figure1", "min_count");
  if (min_count.empty()) return "the figure1 recipe";
  return "the figure1 recipe (min count " + WithThousands(std::atoll(min_count.c_str())) +
         ", learning rate " + SettingOf(in, "figure1", "learning_rate") +
         ", d = " + SettingOf(in, "figure1", "width") + ")";
}

Line Figure1(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (!Stepped(m)) {
    return {"figure1", "expect",
            "p = 0 scores every token 0; as training runs, polar tokens of both signs should "
            "rise: a U of p.E_s against Delta_s.",
            ""};
  }
  if (m.p_norm == 0) {
    return {"figure1", "expect",
            "p is still 0 (the flow on p has not started), so every token scores 0; the flow "
            "on p, or joint training, moves it.",
            ""};
  }
  const std::string scores =
      "U-score " + Significant(m.u_score) + ", signed " + Significant(m.signed_score);
  if (m.u_score >= kUShown && std::abs(m.signed_score) < kFlatSigned) {
    // Below the best so far: both, so the number on screen is not read as the peak.
    const Metrics& best = BestU(in);
    const std::string shown_scores =
        best.step < m.step && best.u_score > m.u_score
            ? "U-score " + Significant(m.u_score) + " now, best " + Significant(best.u_score) +
                  " at step " + WithThousands(best.step) + "; signed " + Significant(m.signed_score)
            : scores;
    const std::string under = in.config.protocol == Protocol::kJoint
                                  ? "under joint training (E and p together)"
                                  : "under the paper protocol (the flow on p)";
    std::string text =
        "A U " + under + ": polar tokens of both signs score high (" + shown_scores + ")";
    if (m.has_max_margin) {
      text += "; " + MaxMarginName(in) + " gives U-score " + Significant(m.u_score_max_margin);
    }
    return {"figure1", "shown", text + ".", ""};
  }
  if (in.config.protocol == Protocol::kPaper) {
    return {"figure1", "off",
            "No U yet (" + scores + "): " + PaperUReason(in) +
                ". On real reviews the U of Figure 1 shows under joint training: the figure1 "
                "recipe.",
            Offer(in, "figure1")};
  }
  const Metrics& best = BestU(in);
  const bool past_peak = best.step < m.step && best.u_score - m.u_score > kPastPeak;
  const std::string at = " at step " + WithThousands(m.step);
  if (past_peak) {
    const std::string peak = "the U-score peaked at " + Significant(best.u_score) + " at step " +
                             WithThousands(best.step) + " and has fallen since";
    return {"figure1", "off",
            "No U" + at + " (" + scores + "): " + peak + ", as the model memorizes reviews; " +
                (InForce(in, "figure1")
                     ? "the figure1 recipe is in force: a run stopped near "
                       "step " +
                           WithThousands(best.step) + " keeps the best this model gave"
                     : Figure1RecipeText(in) + " stops sooner") +
                ".",
            Offer(in, "figure1")};
  }
  const int32_t budget = Figure1Steps(in.config.learning_rate, in.config.width);
  const std::string best_text = best.step < m.step ? "best so far " + Significant(best.u_score) +
                                                         " at step " + WithThousands(best.step)
                                                   : "the best so far is now";
  if (m.step < budget) {
    return {"figure1", "expect",
            "The U forms as Adam trains (" + scores + at + "; " + best_text +
                "): the figure1 recipe's budget at this learning rate and d is " +
                WithThousands(budget) +
                " steps; whether the U peaks within it depends on the data, so watch the "
                "U-score.",
            ""};
  }
  return {"figure1", "off",
          "No U" + at + " (" + scores + "; " + best_text + "): the U-score has not risen past " +
              Significant(kUShown) + " within the figure1 budget of " + WithThousands(budget) +
              " steps" +
              (InForce(in, "figure1")
                   ? "; the figure1 recipe is in force, so this data does not "
                     "give a U in this model"
                   : "; " + Figure1RecipeText(in) + " is the setting measured to give one") +
              ".",
          Offer(in, "figure1")};
}

// "on the 37 of 7,151 reviews (0.5%) whose constraints lie on no cycle, cos(p, p_mm) 0.91
// and selection 0.95": a subset check, always with its share.
std::string AcyclicCheck(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  const MaxMarginReport& mm = in.max_margin;
  return "on the " + WithThousands(mm.acyclic_reviews) + " of " + WithThousands(in.train_reviews) +
         " reviews (" + Share(mm.acyclic_reviews, in.train_reviews) +
         ") whose constraints lie on no cycle, cos(p, p_mm) " +
         Significant(m.cosine_to_max_margin_acyclic) + " and selection " +
         Significant(m.selection_accuracy_acyclic);
}

// "one strongly connected set of 181 words ("great", "bad", ...) holds s* for 98.0% of
// reviews, so no p can select s* in all"; "" when the constraints have no cycle.
std::string ComponentText(const GuidanceInputs& in) {
  const MaxMarginReport& mm = in.max_margin;
  if (mm.acyclic || mm.largest_component_size < 2) return "";
  std::string words;
  for (size_t k = 0; k < mm.largest_component_words.size() && k < 4; ++k) {
    words += (k ? ", \"" : "\"") + mm.largest_component_words[k] + "\"";
  }
  const std::string count =
      mm.cyclic_components == 1
          ? "one strongly connected set"
          : "the largest of " + WithThousands(mm.cyclic_components) + " strongly connected sets";
  return count + " of " + WithThousands(mm.largest_component_size) + " words (" + words +
         ", ...) holds s* for " + Share(mm.largest_component_reviews, in.train_reviews) +
         " of reviews, so no p can select s* in all";
}

// "; test accuracy fell from 0.745 after the step on E to 0.534: <why>" when the flow on p
// lowered it, else "".
std::string AccuracyDrop(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  if (!m.has_test || !m.has_test_after_step_on_e ||
      m.test_accuracy >= m.test_accuracy_after_step_on_e - kAccuracyDrop) {
    return "";
  }
  const std::string why =
      in.config.flow_acyclic_only && in.flow_reviews < in.scored_reviews
          ? "the flow trains p on the " + WithThousands(in.flow_reviews) + " acyclic reviews (" +
                Share(in.flow_reviews, in.train_reviews) + " of " +
                WithThousands(in.train_reviews) + "), not on all of them"
          : "the flow maximizes the attention margin of the tokens it selects, which does not "
            "raise test accuracy (train accuracy " +
                Significant(m.train_accuracy) + ")";
  return "Test accuracy fell from " + Significant(m.test_accuracy_after_step_on_e) +
         " after the step on E to " + Significant(m.test_accuracy) + " now: " + why + ".";
}

std::string WithDrop(std::string text, const GuidanceInputs& in) {
  const std::string drop = AccuracyDrop(in);
  return drop.empty() ? text : text + " " + drop;
}

// "||p|| rose from 12.5 at step 200 to 285 while the normalized margin 0.092 approaches
// 1/||p_mm|| = 0.104": the rest of the theorem's picture, measured.
std::string MarginText(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  const Trend norm = LastPartOfRun(in, &Metrics::p_norm, nullptr);
  const std::string grows = norm.known && norm.change > 0
                                ? "||p|| rose from " + Significant(m.p_norm - norm.change) +
                                      " at step " + WithThousands(norm.from_step) + " to " +
                                      Significant(m.p_norm)
                                : "||p|| is " + Significant(m.p_norm);
  return grows + " while the normalized margin " + Significant(m.normalized_margin) +
         " approaches 1/||p_mm|| = " + Significant(m.max_margin_reference);
}

// The theorem's hypotheses, as measured on the loaded reviews.
std::string FeasibleText(const GuidanceInputs& in) {
  const MaxMarginReport& mm = in.max_margin;
  std::string text = "Result 2's hypothesis holds on these reviews: none of the " +
                     WithThousands(mm.constraints) +
                     " constraints lies on a cycle of the must-beat graph (no review needs a "
                     "word above another that a second review needs below it), so the "
                     "attention-SVM is feasible over all of them";
  if (in.config.width >= in.vocab_size) {
    text += ", with d = " + WithThousands(in.config.width) +
            " >= V = " + WithThousands(in.vocab_size) + " (independent rows of E(0))";
  }
  return text + ".";
}

// Why the built-in twins meet the hypothesis, and where to go next; "" on other data.
std::string TwinsText(const GuidanceInputs& in) {
  if (in.config.dataset != "twins") return "";
  return " These reviews were generated for it (scripts/make-twins.mjs): each positive review "
         "has a negative twin with every sentiment word swapped for its opposite, so a "
         "sentiment word appears only in reviews of its own class. Real reviews break this: "
         "open the built-in movie reviews to see Result 2's hypothesis fail, and why.";
}

// The built-in to open after the twins: real reviews.
std::string NextDataset(const GuidanceInputs& in) {
  return in.config.dataset == "twins" ? "movies" : "";
}

Line Result2Verdict(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  const MaxMarginReport& mm = in.max_margin;
  if (!Stepped(m)) {
    return {"result2", "expect",
            "After the step on E each review's selected token s* is its most label-aligned one; "
            "the flow on p should put the attention on it, turning p toward p_mm.",
            ""};
  }
  if (in.config.protocol == Protocol::kJoint) {
    return {"result2", "n/a",
            "Result 2 is about the flow on p with E frozen after one step (the paper "
            "protocol); under joint training E moves too, so p_mm changes every step: the "
            "result2 recipe shows the flow turning p toward p_mm.",
            "result2"};
  }
  if (!mm.solved || !m.has_max_margin) {
    return {"result2", "expect", "Solve the attention-SVM to compare p with p_mm.", ""};
  }
  const std::string all = "over " + AllReviews(in) + " cos(p, p_mm) " +
                          Significant(m.cosine_to_max_margin) + " and selection " +
                          Significant(m.selection_accuracy);
  // 1. The theorem's claim over all reviews.
  if (MostlyScored(in) && m.cosine_to_max_margin > kCosineShown &&
      m.selection_accuracy > kSelectionShown) {
    if (!mm.acyclic) {
      return {"result2", "shown",
              WithDrop("Attention selects s*: " + all +
                           " (against the soft-margin p_mm: the hard margin is infeasible).",
                       in),
              ""};
    }
    return {"result2", "shown",
            WithDrop("Attention selects s*: " + all + "; " + MarginText(in) + ". " +
                         FeasibleText(in) + TwinsText(in),
                     in),
            ""};
  }
  // 2. The same claim on the acyclic reviews, when they are nearly all of them.
  const bool acyclic_passes = !mm.acyclic && m.has_max_margin_acyclic &&
                              m.cosine_to_max_margin_acyclic > kCosineShown &&
                              m.selection_accuracy_acyclic > kSelectionShown;
  const double acyclic_share =
      in.train_reviews > 0 ? static_cast<double>(mm.acyclic_reviews) / in.train_reviews : 0;
  if (acyclic_passes && acyclic_share >= kVerdictShare) {
    return {"result2", "shown",
            WithDrop("Attention selects s* " + AcyclicCheck(in) + "; " + all + ".", in), ""};
  }
  // 3. Over all reviews for the tokens the flow selects (the locally optimal att-SVM).
  const std::string component = ComponentText(in);
  if (MostlyScored(in) && m.has_local_svm && m.cosine_to_local_svm > kLocalCosineShown) {
    std::string text = "p turns toward the max-margin direction for the tokens it selects (cos " +
                       Significant(m.cosine_to_local_svm) + " over " + AllReviews(in) +
                       "); it selects the label's most aligned token s* in " +
                       AsPercent(m.local_selection_s_star) + " of reviews";
    text += component.empty() ? "." : ": " + component + ".";
    if (!m.local_selection_current) {
      text += " (That SVM is of the selection at step " + WithThousands(m.local_svm_step) +
              "; the selection has changed since.)";
    }
    text += " This is the direction, not the margin: the normalized margin " +
            Significant(m.local_normalized_margin) +
            " against 1/||p_local|| = " + Significant(m.local_svm_reference) + ", with ||p|| " +
            Significant(m.p_norm) + " growing at a logarithmic rate.";
    if (acyclic_passes) text += " Only " + AcyclicCheck(in) + ".";
    return {"result2", "shown", WithDrop(text, in), ""};
  }
  // 4. Not shown: what holds, on which reviews, and the measured reason.
  std::string text = "O" + all.substr(1);  // "Over all n reviews ..." (the kind says "not shown")
  if (m.has_local_svm) {
    text += "; for the tokens the flow selects cos(p, p_local) " +
            Significant(m.cosine_to_local_svm) +
            (m.local_selection_current
                 ? ""
                 : " (p_local is the att-SVM of the selection at step " +
                       WithThousands(m.local_svm_step) + "; the selection has changed since)") +
            ", s* selected in " + AsPercent(m.local_selection_s_star) + " of reviews";
  }
  if (!mm.acyclic && m.has_max_margin_acyclic) text += "; " + AcyclicCheck(in);
  text += ".";
  if (!mm.acyclic) {
    text += " The attention-SVM for s* is infeasible (" + WithThousands(mm.constraints_in_cycles) +
            " of " + WithThousands(mm.constraints) + " constraints on cycles)" +
            (component.empty() ? "" : ": " + component) + ".";
  }
  std::string why;
  std::string recipe = Offer(in, "result2");
  const std::string stop_words = StopWordsText(in.selection, 3);
  // The trend of cos(p, p_local) when its history has one (the page solves it during the
  // run), else of cos(p, p_mm) (the CLI solves p_local once, at the end).
  Trend cos_trend;
  const char* cos_name = "cos(p, p_local)";
  if (m.has_local_svm)
    cos_trend = LastPartOfRun(in, &Metrics::cosine_to_local_svm, &Metrics::has_local_svm,
                              &Metrics::local_svm_step);
  if (!cos_trend.known) {
    cos_trend = LastPartOfRun(in, &Metrics::cosine_to_max_margin, &Metrics::has_max_margin);
    cos_name = "cos(p, p_mm)";
  }
  if (!MostlyScored(in)) {
    const int64_t empty = in.train_reviews - in.scored_reviews;
    why = WithThousands(empty) + " of the " + WithThousands(in.train_reviews) + " reviews (" +
          Share(empty, in.train_reviews) + (empty == 1 ? ") has" : ") have") +
          " no token in the vocabulary, so the model sees too few of them for a verdict "
          "on this data" +
          (in.config.drop_unknown
               ? ": turn off \"Drop unknown words\" or raise the max vocabulary in the settings"
               : "");
    recipe.clear();
  } else if (!stop_words.empty() && in.config.max_doc_share >= 1) {
    why = "the selected tokens include stop words, tokens with no label information (" +
          stop_words + ")" +
          (recipe.empty() ? "; lower the max document share in the settings"
                          : ": the result2 recipe drops words found in too many reviews");
  } else if (in.config.width < in.vocab_size) {
    why = "d = " + WithThousands(in.config.width) + " < V = " + WithThousands(in.vocab_size) +
          ", so p cannot separate every token" +
          (recipe.empty() ? "; raise d to V in the settings" : ": the result2 recipe sets d = V");
  } else if (cos_trend.moving() && cos_trend.known) {
    why = "the flow is still moving (" + TrendText(cos_name, cos_trend) + ")";
    recipe.clear();
  } else if (!cos_trend.known) {
    why = "no earlier measurement in the last quarter of the run tells whether " +
          std::string(cos_name) + " still moves; keep the flow running";
    recipe.clear();
  } else if (!mm.acyclic) {
    why = "a plateau (" + TrendText(cos_name, cos_trend) +
          "): the constraints of s* lie on cycles, so no p satisfies them all" +
          (m.has_local_svm ? ""
                           : "; the att-SVM of the flow's own selection is the direction "
                             "to compare with");
    if (!in.config.flow_acyclic_only && !recipe.empty()) {
      why += "; the result2 recipe runs the flow on the acyclic reviews, a small subset";
    } else {
      recipe.clear();
      why += "; nothing in this model selects s* in every review";
    }
  } else {
    why = "a plateau (" + TrendText(cos_name, cos_trend) +
          ") although the attention-SVM is feasible: p_mm was solved to its tolerance, so the "
          "flow's step (flow step and rate in the settings) is what limits it";
    recipe.clear();
  }
  return {"result2", "off", WithDrop(text + " Why: " + why + ".", in), recipe};
}

// The verdict, with the real reviews offered once the flow has run on the twins.
Line Result2(const GuidanceInputs& in) {
  Line line = Result2Verdict(in);
  if (Stepped(in.metrics) && in.config.protocol == Protocol::kPaper) line.dataset = NextDataset(in);
  return line;
}

Line Loss(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  std::string text = "Train loss " + Significant(m.train_loss);
  if (m.has_test) text += ", test loss " + Significant(m.test_loss);
  if (in.config.protocol == Protocol::kJoint) {
    // Overfitting is measured: the test loss above its lowest recorded value while the
    // train loss fell since; only then is it said, and the U's peak only if it is past.
    const Metrics* lowest = nullptr;
    for (const Metrics& then : in.history) {
      if (then.step < m.step && then.has_test && (!lowest || then.test_loss < lowest->test_loss))
        lowest = &then;
    }
    if (m.has_test && lowest != nullptr && m.test_loss - lowest->test_loss > kTestLossRise &&
        m.train_loss < lowest->train_loss) {
      const Metrics& best = BestU(in);
      const bool u_fades = best.step < m.step && best.u_score - m.u_score > kPastPeak;
      return {"loss", "off",
              text + ": the test loss rose from its lowest, " + Significant(lowest->test_loss) +
                  " at step " + WithThousands(lowest->step) + ", while the train loss fell from " +
                  Significant(lowest->train_loss) + ": the model overfits the training reviews" +
                  (u_fades ? ", and the U of Figure 1 fades with it (U-score " +
                                 Significant(best.u_score) + " at step " +
                                 WithThousands(best.step) + ", " + Significant(m.u_score) + " now)"
                           : "") +
                  ".",
              ""};
    }
    return {"loss", "expect",
            text +
                ": both fall while the model learns; a test loss that rises while the train "
                "loss falls is overfitting, when the U of Figure 1 fades.",
            ""};
  }
  if (!Stepped(m)) return {"loss", "expect", text + ": the step on E lowers it first.", ""};
  const std::string drop = AccuracyDrop(in);
  if (!drop.empty()) return {"loss", "off", text + ". " + drop, ""};
  if (in.config.flow_acyclic_only && in.flow_reviews < in.scored_reviews) {
    return {"loss", "expect",
            text + " over " + AllReviews(in) +
                "; the flow on p "
                "lowers the loss of the " +
                WithThousands(in.flow_reviews) +
                " acyclic reviews it trains on, so this one need not fall.",
            ""};
  }
  return {"loss", "expect",
          text +
              ": the flow on p lowers it slowly, since ||p|| must grow for the softmax to "
              "concentrate on s*.",
          ""};
}

std::vector<Line> Diagnostics(const GuidanceInputs& in) {
  std::vector<Line> out;
  const Metrics& m = in.metrics;
  const bool regime = in.config.width >= in.vocab_size;
  out.push_back({"why", "fact",
                 "d = " + WithThousands(in.config.width) + (regime ? " >= " : " < ") +
                     "V = " + WithThousands(in.vocab_size) +
                     (regime ? ": the rows of E(0) are independent, the theorem's regime."
                             : ": p cannot separate every token (the theorem needs d >= V)."),
                 regime ? "" : Offer(in, "result2")});
  const MaxMarginReport& mm = in.max_margin;
  if (mm.solved) {
    out.push_back({"why", "fact",
                   WithThousands(mm.constraints) + " constraints, " +
                       WithThousands(mm.constraints_in_cycles) + " on cycles, " +
                       WithThousands(mm.violated) + " violated by p_mm; " +
                       WithThousands(mm.acyclic_reviews) + " of " +
                       WithThousands(in.train_reviews) + " reviews (" +
                       Share(mm.acyclic_reviews, in.train_reviews) + ") are acyclic.",
                   ""});
    const std::string component = ComponentText(in);
    if (!component.empty()) {
      out.push_back({"why", "fact",
                     "The must-beat graph of s* has " + WithThousands(mm.cyclic_components) +
                         " strongly connected set(s) of two or more words; " + component + ".",
                     ""});
    }
  }
  if (m.has_local_selection) {
    std::string text = "The flow's own selection (the top token of p.E_s in each review): s* in " +
                       AsPercent(m.local_selection_s_star) + " of " + AllReviews(in) +
                       ", one top token in " + AsPercent(m.local_selection_strict);
    if (m.has_local_svm) {
      text += "; its att-SVM (step " + WithThousands(m.local_svm_step) + ", " +
              WithThousands(in.local_svm.constraints) + " constraints, ||p_local|| " +
              Significant(in.local_svm.norm) + "): cos " + Significant(m.cosine_to_local_svm);
    }
    out.push_back({"why", "fact", text + ".", ""});
  }
  if (in.selection.available) {
    out.push_back({"why", "fact",
                   "Selected tokens: " + WithThousands(in.selection.distinct) + " distinct; " +
                       TopWithDelta(in.selection, 5) + " of reviews; median count " +
                       Significant(in.selection.median_count) + ", median |Delta| " +
                       Significant(in.selection.median_abs_delta) + ".",
                   ""});
  }
  std::string u =
      "U-score of p " + Significant(m.u_score) + " (signed " + Significant(m.signed_score) + ")";
  if (m.has_max_margin) {
    u += "; of p_mm " + Significant(m.u_score_max_margin) + " (signed " +
         Significant(m.signed_score_max_margin) + ")";
  }
  if (m.has_max_margin_acyclic && !mm.acyclic) {
    u += "; of the acyclic reviews' p_mm " + Significant(m.u_score_max_margin_acyclic);
  }
  out.push_back({"why", "fact", u + ".", ""});
  return out;
}

}  // namespace

std::string CoverageText(const Metrics& m) {
  if (m.train_reviews <= 0) return "";
  const std::string n = WithThousands(m.train_reviews);
  const int64_t empty = m.train_reviews - m.scored_reviews;
  std::string text =
      "all reviews: " + (empty > 0
                             ? WithThousands(m.scored_reviews) + " of " + n +
                                   " training reviews (" + WithThousands(empty) +
                                   (empty == 1 ? " has" : " have") + " no token in the vocabulary)"
                             : n + " training reviews");
  if (m.has_max_margin_acyclic) {
    text += " · acyclic: " + WithThousands(m.acyclic_reviews) + " of the " + n + " (" +
            Share(m.acyclic_reviews, m.train_reviews) + ")";
  }
  return text;
}

Guidance Explain(const GuidanceInputs& inputs) {
  Guidance g;
  g.panels = {Result1(inputs), Figure1(inputs), Result2(inputs), Loss(inputs)};
  g.diagnostics = Diagnostics(inputs);
  return g;
}

}  // namespace clslab

namespace clslab {

std::vector<const SpecList*> GuidanceSpecLists() { return {}; }

}  // namespace clslab
