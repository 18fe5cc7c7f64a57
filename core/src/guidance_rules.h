// Internal to the guidance rules (guidance*.cpp): what the rule files share. The readings
// of the run every rule and claim uses (a trend over the history, the recipe in force, the
// selection over all training reviews), and the small checker claims are written with.
// Legend: n train reviews, V vocabulary, d width, s* a review's selected token.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clslab/guidance.h"
#include "clslab/messages.h"
#include "guidance_specs.h"

namespace clslab {

// The step on E (or a joint step) has been taken.
bool Stepped(const Metrics& m);
// Every setting of the named recipe already has the recipe's value.
bool InForce(const GuidanceInputs& in, const char* recipe);
// `recipe`, unless it is in force (then "").
std::string Offer(const GuidanceInputs& in, const char* recipe);
// The named recipe's value of `key` ("" without one).
std::string SettingOf(const GuidanceInputs& in, const char* recipe, const char* key);
// The named recipe's plan, or the first of its details, with message `code` (null without
// one). Its numbers are the recipe's own, checked over the data profile it was computed from
// (RecipeClaimHolds, recipes_test): a guidance claim that quotes them reads them here.
const Finding* RecipeSays(const GuidanceInputs& in, const char* recipe, const char* code);
// The share of all n training reviews whose argmax attention lies in S_i: a review with no
// token in the vocabulary selects nothing (selection_accuracy is over the scored ones).
double SelectionOverAll(const GuidanceInputs& in);
// The share of the n training reviews with a token in the vocabulary (0 without reviews).
double ScoredShare(const GuidanceInputs& in);
// The theorem's regime: d >= V.
bool WidthRegime(const GuidanceInputs& in);

// A quantity of the run a trend message names (catalog `trend`'s $quantity).
struct Quantity {
  const char* name;  // "cos-local", "cos-mm", "margin", "u-score", "train-loss", "norm"
  double Metrics::*value;
  bool Metrics::*has;  // null: always measured
};
const Quantity* FindQuantity(const std::string& name);
extern const Quantity kCosLocal, kCosMaxMargin, kMargin, kUScore, kTrainLoss, kNorm;

// How a quantity moved over the last kTrendWindow of the run: `known` when the history
// holds a point in that window before now (against the same p_local for kCosLocal).
struct Trend {
  bool known = false;
  double change = 0;  // value now minus value at from_step
  int64_t from_step = 0;
  bool moving() const { return !known || change > kStillMoving || change < -kStillMoving; }
};
Trend LastPartOfRun(const GuidanceInputs& in, const Quantity& quantity);
// The `trend` finding: "cos(p, p_local) rose by 0.052 since step 1,200".
Finding TrendDetail(const Quantity& quantity, const Trend& trend);
// The history's point at `step` (the current metrics at the current step), or null.
const Metrics* PointAt(const GuidanceInputs& in, int64_t step);
// The recorded step with the highest U-score (the current metrics included).
const Metrics& BestU(const GuidanceInputs& in);

// Claims read as a chain of conditions, the first false one named:
//   return Holds(why).If(a == b, "a is b").If(...).ok;
struct Holds {
  std::string* why;
  bool ok = true;
  explicit Holds(std::string* w) : why(w) {}
  Holds& If(bool condition, const char* what) {
    if (ok && !condition) {
      ok = false;
      *why = std::string("claims ") + what;
    }
    return *this;
  }
};

// Shared by the loss panel and Result 2: test accuracy fell after the step on E (and the
// finding that says so), and the flow trained on the acyclic subset only (and its finding).
bool AccuracyFellNow(const Metrics& m);
Finding AccuracyFell(const Metrics& m);
bool FlowOnSubset(const GuidanceInputs& in);
Finding FlowSubset(const GuidanceInputs& in);

// The rule files' spec lists (guidance_specs.h gathers them).
extern const SpecList kResult1Specs, kFigure1Specs, kResult2Specs, kLossSpecs, kWhySpecs,
    kCoverageSpecs, kRateSpecs, kPromptSpecs;

Finding Result1(const GuidanceInputs& in);
Finding Figure1(const GuidanceInputs& in);
Finding Result2(const GuidanceInputs& in);
Finding Loss(const GuidanceInputs& in);
std::vector<Finding> Diagnostics(const GuidanceInputs& in);
Finding Coverage(const GuidanceInputs& in);
Finding Rate(const GuidanceInputs& in);
Finding Prompt(const GuidanceInputs& in);

}  // namespace clslab
