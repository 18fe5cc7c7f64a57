// Guidance: what each panel should show for the current run, chosen by the measured values,
// and the "Why does it look like this?" diagnostics. Core owns the wording so the page and
// the CLI say the same thing; a front end only lays the lines out. The rules read the
// metrics as defined (THEORY.md) and never change a definition to make a picture look better.
#pragma once

#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/recipes.h"
#include "clslab/reports.h"

namespace clslab {

struct GuidanceLine {
  std::string panel;  // "result1", "figure1", "result2", "loss", or "why" (diagnostics)
  // "expect": what to look for next; "shown": the result is on screen; "off": it is not,
  // and `text` says the measured reason; "n/a": the panel's prediction does not apply
  // under this protocol; "fact": a diagnostic number.
  std::string kind;
  std::string text;    // one or two sentences with the numbers
  std::string recipe;  // a recipe that helps ("result1", "figure1", "result2") or ""
  // A built-in dataset the line offers to open next ("movies": real reviews after the
  // twins, where Result 2's hypothesis holds by construction), or "".
  std::string dataset = "";
};

template <typename Visitor>
void Describe(const GuidanceLine& line, Visitor& v) {
  v("panel", line.panel);
  v("kind", line.kind);
  v("text", line.text);
  v("recipe", line.recipe);
  v("dataset", line.dataset);
}

struct Guidance {
  std::vector<GuidanceLine> panels;       // one line each: result1, figure1, result2, loss
  std::vector<GuidanceLine> diagnostics;  // panel "why": d vs V, constraints, selection, U
};

template <typename Visitor>
void Describe(const Guidance& g, Visitor& v) {
  v("panels", g.panels);
  v("diagnostics", g.diagnostics);
}

// Everything the rules read. The Experiment fills it (Experiment::Explain); tests set the
// values directly.
struct GuidanceInputs {
  RunConfig config;
  Metrics metrics;
  MaxMarginReport max_margin;  // `solved` false when the attention-SVM has not been solved
  SelectionReport selection;
  int32_t vocab_size = 0;     // V, <unk> included
  int32_t train_reviews = 0;  // n
  // The n reviews with a token in the vocabulary (Metrics::scored_reviews): every "over all
  // reviews" figure is over these, and a sentence names them when they are fewer than n.
  int32_t scored_reviews = 0;
  int32_t flow_reviews = 0;  // reviews the flow on p trains on (the scored ones, or the acyclic)
  double alpha_spread = 0;   // standard deviation of alpha_s over tokens seen in train
  double token_median_count = 0;  // median count over the tokens seen in train
  std::vector<Recipe> recipes;    // quoted by name (a recipe's sigma, its step budget)
  // Metrics at earlier steps of this run, oldest first (the last may be `metrics` itself):
  // the trends ("still moving" or "a plateau") and the best U-score are measured on it.
  std::vector<Metrics> history;
  // The attention-SVM of the flow's own selection while it belongs to the current E
  // (`solved` false otherwise).
  LocalSvmReport local_svm;
};

Guidance Explain(const GuidanceInputs& inputs);

// Which reviews the Result 2 figures of `m` are over: "all reviews: 1,600 training reviews
// · acyclic: 62 of the 1,600 (3.9%)", naming the reviews with no token in the vocabulary
// when there are any ("1,599 of 1,600 training reviews (1 has no token in the vocabulary)").
std::string CoverageText(const Metrics& m);

// Thresholds the rules use, named so tests and docs can quote them.
constexpr double kGoodR2 = 0.99;  // Result 1 shown: R^2 and slope within 1%
constexpr double kNoisyR2 = 0.9;  // below: sigma hides the step on E
constexpr double kUShown = 0.5;   // a U: U-score above, |signed| below kFlatSigned
constexpr double kFlatSigned = 0.3;
constexpr double kCosineShown = 0.8;  // Result 2 shown: cos(p, p_mm) and selection above
constexpr double kSelectionShown = 0.9;
constexpr double kStopWordShare = 0.1;  // a selected token winning more reviews is looked at:
// it is called a stop word only when it carries no label information, |Delta| below
// kStopWordDelta, and is in at least kStopWordDocuments of the reviews.
constexpr double kStopWordDelta = 0.15;
constexpr double kStopWordDocuments = 0.2;
// Result 2 shown over all reviews for the flow's own selection: cos(p, p_local) above.
constexpr double kLocalCosineShown = 0.9;
// A verdict read on a subset of the reviews counts as the verdict only for a subset this
// large; below it the subset is named with its share and the panel's verdict is not shown.
constexpr double kVerdictShare = 0.9;
// A quantity "still moves" when it changed by more than kStillMoving over the last
// kTrendWindow of the run's steps (measured on GuidanceInputs::history); otherwise it is on
// a plateau.
constexpr double kStillMoving = 0.01;
constexpr double kTrendWindow = 0.25;
// The U is past its peak when the best U-score came at an earlier recorded step and the
// U-score now is lower by more than kPastPeak.
constexpr double kPastPeak = 0.02;
// The flow lowers test accuracy when it falls below its value after the step on E by more.
constexpr double kAccuracyDrop = 0.01;
// Overfitting under joint training: the test loss above its lowest recorded value by more
// than this (logistic loss units) while the train loss fell since.
constexpr double kTestLossRise = 0.01;
constexpr double kFrequentTimes = 10;  // s* are "frequent": median count >= 10x the vocabulary's
constexpr double kMildlyPolar = 0.5;   // s* are "mildly polar": median |Delta_s*| below this

}  // namespace clslab
