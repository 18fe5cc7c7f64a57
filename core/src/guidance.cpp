// The guidance rules: each panel's line is chosen by the measured values and the protocol
// (thresholds in guidance.h), and the diagnostics list the numbers behind them. Sentences
// quote the numbers so a reader can check them against the panels.
// Legend: n train reviews, V vocabulary, d width, K constraints, s* a review's selected token.
#include "clslab/guidance.h"

#include <cmath>

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

// "\".\" in 41.0% of reviews, \"and\" in 30.2%" for the first `shown` selected tokens.
std::string TopSelected(const SelectionReport& selection, size_t shown) {
  std::string text;
  for (size_t k = 0; k < selection.top.size() && k < shown; ++k) {
    const SelectedToken& t = selection.top[k];
    text +=
        (k ? ", \"" : "\"") + t.token + "\" in " + AsPercent(t.share) + (k ? "" : " of reviews");
  }
  return text;
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
  if (m.alignment_r2 < kNoisyR2) {
    return {"result1", "off",
            "sigma is large next to the step on E (" + fit + "): " + noise +
                " hides the update; the result1 recipe uses sigma = " + sigma + ".",
            "result1"};
  }
  return {"result1", "expect",
          "Close to the line (" + fit + "); " + noise +
              " still blurs it: the result1 recipe uses sigma = " + sigma + ".",
          "result1"};
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
           "; " + TopSelected(selection, 2) + ")";
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
    why += "; the theory's own p_mm has U-score " + Significant(m.u_score_max_margin);
  }
  return why;
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
    std::string text = "A U: polar tokens of both signs score high (" + scores + ")";
    if (m.has_max_margin) text += "; the theory's p_mm gives " + Significant(m.u_score_max_margin);
    return {"figure1", "shown", text + ".", ""};
  }
  if (in.config.protocol == Protocol::kPaper) {
    return {"figure1", "off",
            "No U yet (" + scores + "): " + PaperUReason(in) +
                ". On real reviews the U of Figure 1 shows under joint training: the figure1 "
                "recipe.",
            "figure1"};
  }
  const int32_t budget = Figure1Steps(in.config.learning_rate, in.config.width);
  if (m.step < budget) {
    return {"figure1", "expect",
            "The U forms as Adam trains (" + scores + " at step " + std::to_string(m.step) +
                "): at this learning rate and d it peaks around step " +
                std::to_string(budget / 2) + "-" + std::to_string(budget) +
                ", then fades as the model memorizes reviews.",
            ""};
  }
  return {"figure1", "off",
          "No U at step " + std::to_string(m.step) + " (" + scores +
              "): past its peak the U fades as the model memorizes reviews; the figure1 recipe "
              "(min count 20, learning rate 1e-3, d = 64) stops near the peak.",
          "figure1"};
}

Line Result2(const GuidanceInputs& in) {
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
  const std::string all = "over all reviews cos(p, p_mm) " + Significant(m.cosine_to_max_margin) +
                          " and selection " + Significant(m.selection_accuracy);
  if (mm.acyclic) {
    const bool shown =
        m.cosine_to_max_margin >= kCosineShown && m.selection_accuracy >= kSelectionShown;
    return {"result2", shown ? "shown" : "expect",
            std::string(shown ? "Attention selects s*: " : "Keep the flow running: ") + all +
                " (the attention-SVM is feasible; both should approach 1).",
            ""};
  }
  const std::string acyclic = "over the " + WithThousands(mm.acyclic_reviews) +
                              " acyclic reviews cos(p, p_mm) " +
                              Significant(m.cosine_to_max_margin_acyclic) + " and selection " +
                              Significant(m.selection_accuracy_acyclic);
  const std::string infeasible =
      "The attention-SVM is infeasible (" + WithThousands(mm.constraints_in_cycles) + " of " +
      WithThousands(mm.constraints) + " constraints on cycles, " +
      WithThousands(mm.reviews_in_cycles) + " reviews): " + acyclic + "; " + all;
  if (m.has_max_margin_acyclic && m.cosine_to_max_margin_acyclic >= kCosineShown &&
      m.selection_accuracy_acyclic >= kSelectionShown) {
    return {"result2", "shown", infeasible + ".", ""};
  }
  std::string why;
  if (!in.selection.top.empty() && in.selection.top[0].share > kStopWordShare) {
    why = "the selected tokens are stop words (" + TopSelected(in.selection, 2) +
          "): the result2 recipe drops words found in too many reviews";
  } else if (in.config.width < in.vocab_size) {
    why = "d = " + WithThousands(in.config.width) + " < V = " + WithThousands(in.vocab_size) +
          ", so even acyclic constraints may have no hard margin: the result2 recipe sets d = V";
  } else if (!in.config.flow_acyclic_only) {
    why =
        "the flow trains on all reviews, most of them on cycles, so its limit is not p_mm: "
        "the result2 recipe runs it on the acyclic reviews";
  } else {
    why = "the flow has not converged yet (step " + std::to_string(m.step) + ")";
  }
  return {"result2", "off", infeasible + ". Not there yet: " + why + ".", "result2"};
}

Line Loss(const GuidanceInputs& in) {
  const Metrics& m = in.metrics;
  std::string text = "Train loss " + Significant(m.train_loss);
  if (m.has_test) text += ", test loss " + Significant(m.test_loss);
  if (in.config.protocol == Protocol::kJoint) {
    return {"loss", "expect",
            text +
                ": both fall while the model learns; a test loss that rises while the train "
                "loss falls is overfitting, when the U of Figure 1 fades.",
            ""};
  }
  if (!Stepped(m)) return {"loss", "expect", text + ": the step on E lowers it first.", ""};
  if (in.config.flow_acyclic_only && in.flow_reviews < in.train_reviews) {
    return {"loss", "expect",
            text + " over all " + WithThousands(in.train_reviews) +
                " reviews; the flow on p "
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
                 regime ? "" : "result2"});
  const MaxMarginReport& mm = in.max_margin;
  if (mm.solved) {
    out.push_back({"why", "fact",
                   WithThousands(mm.constraints) + " constraints, " +
                       WithThousands(mm.constraints_in_cycles) + " on cycles, " +
                       WithThousands(mm.violated) + " violated by p_mm; " +
                       WithThousands(mm.acyclic_reviews) + " of " +
                       WithThousands(in.train_reviews) + " reviews are acyclic.",
                   ""});
  }
  if (in.selection.available) {
    out.push_back({"why", "fact",
                   "Selected tokens: " + WithThousands(in.selection.distinct) + " distinct; " +
                       TopSelected(in.selection, 5) + "; median count " +
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

Guidance Explain(const GuidanceInputs& inputs) {
  Guidance g;
  g.panels = {Result1(inputs), Figure1(inputs), Result2(inputs), Loss(inputs)};
  g.diagnostics = Diagnostics(inputs);
  return g;
}

}  // namespace clslab
