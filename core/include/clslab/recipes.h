// Recipes: named sets of settings that make one of the paper's results visible on the
// loaded data, each with a one-sentence reason. They are pure functions of the data profile
// (data_profile.h) and the limits, so the page and the CLI offer the same recipes for the
// same data, and applying one is an ordinary settings change (it lands in the share link).
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
  std::string name;                     // "result1", "figure1", "result2"
  std::string title;                    // a few words for a button
  std::string reason;                   // one sentence with the numbers the data gave
  std::vector<RecipeSetting> settings;  // the settings it changes, in table order
};

template <typename Visitor>
void Describe(const Recipe& r, Visitor& v) {
  v("name", r.name);
  v("title", r.title);
  v("reason", r.reason);
  v("settings", r.settings);
}

// The three recipes, in the order result1, figure1, result2. Deterministic: the same
// profile and limits give the same recipes. An empty profile gives an empty list.
std::vector<Recipe> ComputeRecipes(const DataProfile& profile, const Limits& limits);

// The recipe named `name`, or nullptr.
const Recipe* FindRecipe(const std::vector<Recipe>& recipes, std::string_view name);

// `config` with the recipe's settings applied; an error names the setting that failed.
Result<RunConfig> ApplyRecipe(const RunConfig& config, const Recipe& recipe);

// The step budget of the figure1 recipe for Adam at `learning_rate` and width d (recipes.cpp
// says why), shared with the guidance that quotes it.
int32_t Figure1Steps(double learning_rate, int32_t width);

}  // namespace clslab
