// Guidance: each panel's verdict on the current run, chosen by the measured values, with
// the reasons and numbers behind it, and the "Why does it look like this?" diagnostics, as
// findings (findings.h): core picks the message and its arguments, the catalog words them
// for every driver. Each message's claim (messages.h) sits beside the rule that says it.
// The rules read the metrics as defined (THEORY.md) and never change a definition to make
// a picture look better.
#pragma once

#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/findings.h"
#include "clslab/recipes.h"
#include "clslab/reports.h"

namespace clslab {

// Each chart's verdict (a finding whose details are its reasons and numbers), the
// diagnostics, which reviews Result 2's figures are over, and the prompt: what to do next.
struct Guidance {
  std::vector<Finding> panels;       // one verdict each: result1, figure1, result2, loss
  std::vector<Finding> diagnostics;  // panel "why", kind kFact: d vs V, constraints, selection, U
  Finding coverage;                  // panel "coverage": the reviews Result 2 is measured over
  Finding rate;    // panel "rate": the measured slope of log(1 - cos(p, p_mm)) on log(step)
  Finding prompt;  // panel "prompt": the next action the run calls for
};

template <typename Visitor>
void Describe(const Guidance& g, Visitor& v) {
  v("panels", g.panels);
  v("diagnostics", g.diagnostics);
  v("coverage", g.coverage);
  v("rate", g.rate);
  v("prompt", g.prompt);
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

// How fast p turns toward p_mm, as measured (never a theory's rate): the least-squares slope
// of log(1 - cos(p, p_mm)) against log(step) over the recorded steps from now / kRateWindow
// to now (the current metrics included) that have a p_mm and 1 - cos > 0. `measured` when
// there are at least kRatePoints of them spanning at least a factor kRateSpan in steps. On
// log axes 1 - cos then falls like step^slope; THEORY.md says what the theory does and does
// not say about that slope.
struct DirectionRate {
  bool measured = false;
  double slope = 0;
  int64_t from_step = 0, to_step = 0;
  int32_t points = 0;
};
DirectionRate MeasureDirectionRate(const GuidanceInputs& inputs);
constexpr double kRateWindow = 4;
constexpr int32_t kRatePoints = 4;
constexpr double kRateSpan = 2;

// Thresholds the rules use, named so tests and docs can quote them.
constexpr double kGoodR2 = 0.99;  // Result 1 shown: R^2 and slope within 1%
constexpr double kNoisyR2 = 0.9;  // below: sigma hides the step on E
constexpr double kUShown = 0.5;   // a U: U-score above, |signed| below kFlatSigned
constexpr double kFlatSigned = 0.3;
// Result 2 shown (the theorem over all training reviews, THEORY.md "What may be called
// shown"): cos(p, p_mm) and the selection of s* over all of them at least these, d >= V.
constexpr double kCosineShown = 0.9;
constexpr double kSelectionShown = 0.95;
constexpr double kStopWordShare = 0.1;  // a selected token winning more reviews is looked at:
// it is called a stop word only when it carries no label information, |Delta| below
// kStopWordDelta, and is in at least kStopWordDocuments of the reviews.
constexpr double kStopWordDelta = 0.15;
constexpr double kStopWordDocuments = 0.2;
// Where the hypothesis fails, the flow "follows" the att-SVM of its own selection (the
// locally optimal direction of Tarzanagh et al. 2023) at cos(p, p_local) at least this.
constexpr double kLocalCosineShown = 0.9;
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
