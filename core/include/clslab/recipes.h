// Recipes: named sets of settings that make one of the paper's results visible on the
// loaded data, each saying what it will do before it is applied (the reviews p trains on,
// when they are a subset, with their number) and why its numbers are what they are, as
// findings of the catalog with their claims over the data profile (RecipeClaimHolds). They
// are pure functions of the data profile (data_profile.h) and the limits, so the page and
// the CLI offer the same recipes for the same data, and applying one is an ordinary
// settings change (it lands in the share link).
//   result1: the paper protocol with sigma small next to the step on E (Result 1 exact).
//   figure1: joint training with Adam, where the U of Figure 1 forms on real reviews.
//   result2: the paper protocol in the theorem's regime, d >= V, with the selected tokens
//            made real words (max document share, unknown words dropped) and the flow on p
//            run on the acyclic reviews, where p_mm exists.
// Why each number is what it is: recipes.cpp, and docs/RESULTS.md for what they give.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "clslab/config.h"
#include "clslab/data_profile.h"
#include "clslab/findings.h"
#include "clslab/limits.h"
#include "clslab/status.h"

namespace clslab {

struct RecipeSetting {
  std::string key;    // a SettingFields() key
  std::string value;  // its text form, as GetSetting writes it
};

template <typename Visitor>
void Describe(const RecipeSetting& s, Visitor& v) {
  v("key", s.key);
  v("value", s.value);
}

struct Recipe {
  std::string name;  // "result1", "figure1", "result2"
  Finding title;     // a few words for its button (recipe-title)
  // What applying it will do, said before it is applied: first what a reader must know
  // (the reviews p will train on, named with their number when they are a subset); its
  // details say why each number is what it is, read from the data.
  Finding plan;
  std::vector<RecipeSetting> settings;  // the settings it changes, in table order
};

template <typename Visitor>
void Describe(const Recipe& r, Visitor& v) {
  v("name", r.name);
  v("title", r.title);
  v("plan", r.plan);
  v("settings", r.settings);
}

// The three recipes, in the order result1, figure1, result2. Deterministic: the same
// profile and limits give the same recipes. An empty profile gives an empty list.
std::vector<Recipe> ComputeRecipes(const DataProfile& profile, const Limits& limits);

// The recipe named `name`, or nullptr.
const Recipe* FindRecipe(const std::vector<Recipe>& recipes, std::string_view name);

// `config` with the recipe's settings applied; an error names the setting that failed.
Result<RunConfig> ApplyRecipe(const RunConfig& config, const Recipe& recipe);

// What a recipe's findings are said of: the data profile and limits it was computed from,
// and the recipe (its settings as text, as they would be applied).
struct RecipeFacts {
  const DataProfile& profile;
  const Limits& limits;
  const Recipe& recipe;
};

// The recipe's value of setting `key` ("" when it does not change it).
std::string RecipeValue(const Recipe& recipe, std::string_view key);

// The reviews a recipe that sets flow_acyclic_only trains p on, predicted before it is
// applied: the non-empty training reviews none of whose constraints lies on a cycle of the
// must-beat graph of s* = argmax_s y alpha_s (the small-sigma limit of the step on E, as
// PredictSelection), under the vocabulary `choice` gives. Exact for sigma -> 0; with the
// recipe's sigma a review whose alpha ties within E(0)'s noise may select another token.
struct PredictedFlowReviews {
  int32_t reviews = 0;  // training reviews (n)
  int32_t acyclic = 0;  // of them, non-empty and on no cycle
  int64_t tokens = 0;   // the tokens of those acyclic reviews (a flow step's pass)
};
PredictedFlowReviews PredictAcyclicReviews(const DataProfile& profile,
                                           const VocabularyChoice& choice);

// The step budget of the figure1 recipe for Adam at `learning_rate` and width d (recipes.cpp
// says why), shared with the guidance that quotes it.
int32_t Figure1Steps(double learning_rate, int32_t width);

}  // namespace clslab
