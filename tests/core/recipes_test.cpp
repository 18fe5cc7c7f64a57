// Recipes are deterministic functions of the data profile and the limits: result1's sigma
// follows alpha's spread, figure1 keeps the U-score's tokens and Adam's step budget,
// result2 puts d = V within the limits and cuts the stop words a profile reveals.
#include "clslab/recipes.h"

#include <gtest/gtest.h>

#include <cmath>

#include "clslab/experiment.h"
#include "clslab/statistics.h"
#include "clslab/tokenizer.h"

namespace clslab {
namespace {

std::string SettingOf(const Recipe& recipe, const std::string& key) {
  for (const RecipeSetting& s : recipe.settings) {
    if (s.key == key) return s.value;
  }
  return "(absent)";
}

// A synthetic corpus: `reviews` reviews alternating in label; each holds two stop words
// ("and" thrice and "." twice in positive ones, the other way round in negative ones: in
// every review, |Delta| = 0.2), a polar word of its class out of `polar` per class, a filler word
// out of `fillers` (odd, so that each filler is in both classes), and a word whose counts fall off
// like 1/rank (so that the counts are graded, as in real text).
DataProfile SyntheticProfile(int32_t reviews, int32_t polar, int32_t fillers) {
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < reviews; ++i) {
    const bool positive = i % 2 == 0;
    std::vector<std::string> review;
    for (int k = 0; k < 3; ++k) review.push_back(positive ? "and" : ".");
    for (int k = 0; k < 2; ++k) review.push_back(positive ? "." : "and");
    review.push_back((positive ? "pos" : "neg") + std::to_string((i / 2) % polar));
    review.push_back("filler" + std::to_string(i % fillers));
    review.push_back("zipf" + std::to_string(fillers / (1 + (i * 7 + 3) % fillers)));
    tokens.push_back(review);
    labels.push_back(positive ? 1 : -1);
  }
  return ComputeDataProfile(tokens, labels);
}

TEST(Recipes, AreThreeNamedRecipesAndDeterministic) {
  const DataProfile profile = SyntheticProfile(400, 30, 51);
  const std::vector<Recipe> recipes = ComputeRecipes(profile, Limits());
  ASSERT_EQ(recipes.size(), 3u);
  EXPECT_EQ(recipes[0].name, "result1");
  EXPECT_EQ(recipes[1].name, "figure1");
  EXPECT_EQ(recipes[2].name, "result2");
  const std::vector<Recipe> again = ComputeRecipes(profile, Limits());
  for (size_t k = 0; k < recipes.size(); ++k) {
    EXPECT_EQ(recipes[k].reason, again[k].reason);
    ASSERT_EQ(recipes[k].settings.size(), again[k].settings.size());
    for (size_t j = 0; j < recipes[k].settings.size(); ++j) {
      EXPECT_EQ(recipes[k].settings[j].key, again[k].settings[j].key);
      EXPECT_EQ(recipes[k].settings[j].value, again[k].settings[j].value);
    }
    EXPECT_FALSE(recipes[k].title.empty());
    EXPECT_FALSE(recipes[k].reason.empty());
  }
  EXPECT_TRUE(ComputeRecipes(DataProfile(), Limits()).empty());
}

TEST(Recipes, Result1SetsSigmaAtOnePercentOfTheStepsSpread) {
  const DataProfile profile = SyntheticProfile(400, 30, 51);
  const Recipe result1 = ComputeRecipes(profile, Limits())[0];
  EXPECT_EQ(SettingOf(result1, "protocol"), "paper");
  EXPECT_EQ(SettingOf(result1, "width"), "64");
  EXPECT_EQ(SettingOf(result1, "eta"), "1000");
  // The noise sigma/sqrt(d) must be at most 1% of (eta/2) std(alpha) over the vocabulary
  // the recipe builds (min count 2, every word), and within a factor 10 of it (sigma is
  // rounded down to one significant digit).
  const VocabularyChoice defaults;
  const double spread = 500 * AlphaSpread(ComputeTokenStatistics(EncodeUnder(profile, defaults)));
  const double sigma = std::stod(SettingOf(result1, "sigma"));
  EXPECT_LE(sigma / 8, 0.01 * spread * (1 + 1e-12));
  EXPECT_GT(sigma / 8, 0.001 * spread);
}

TEST(Recipes, Result1NarrowsDWhenTheWeightsLimitRequires) {
  const DataProfile profile = SyntheticProfile(400, 30, 51);
  Limits limits;
  const int32_t vocab = PredictVocabularySize(profile, VocabularyChoice());
  limits.max_weights = vocab * 10;  // room for d = 10 only
  EXPECT_EQ(SettingOf(ComputeRecipes(profile, limits)[0], "width"), "10");
}

TEST(Recipes, Figure1KeepsTheUScoresTokensAndAdamsStepBudget) {
  const Recipe figure1 = ComputeRecipes(SyntheticProfile(400, 30, 51), Limits())[1];
  EXPECT_EQ(SettingOf(figure1, "protocol"), "joint");
  EXPECT_EQ(SettingOf(figure1, "optimizer"), "adam");
  EXPECT_EQ(SettingOf(figure1, "min_count"), "20");
  EXPECT_EQ(SettingOf(figure1, "learning_rate"), "0.001");
  // 2 / (1e-3 sqrt(2 * 64 / pi)) = 313.3: twice the steps Adam takes to move v.E_s by 1.
  EXPECT_EQ(SettingOf(figure1, "steps"), "313");
  EXPECT_EQ(Figure1Steps(1e-3, 64), 313);
  EXPECT_EQ(Figure1Steps(2e-3, 64), 157);  // half at twice the rate
}

TEST(Recipes, Result2PutsDAtTheVocabularyItPredictsAndCutsThePlantedStopWords) {
  const DataProfile profile = SyntheticProfile(400, 30, 51);
  const Recipe result2 = ComputeRecipes(profile, Limits())[2];
  EXPECT_EQ(SettingOf(result2, "protocol"), "paper");
  EXPECT_EQ(SettingOf(result2, "sigma"), "1");
  EXPECT_EQ(SettingOf(result2, "drop_unknown"), "true");
  EXPECT_EQ(SettingOf(result2, "flow_acyclic_only"), "true");
  // "and" and "." are in every review: they would be every review's s*, so the recipe cuts
  // them; the polar words (1/30 of each class each) then win.
  const double share = std::stod(SettingOf(result2, "max_doc_share"));
  EXPECT_LT(share, 1);
  VocabularyChoice choice;
  choice.min_count = std::stoi(SettingOf(result2, "min_count"));
  choice.max_vocab = std::stoi(SettingOf(result2, "max_vocab"));
  choice.max_doc_share = share;
  choice.drop_unknown = true;
  const int32_t width = PredictVocabularySize(profile, choice);
  EXPECT_EQ(SettingOf(result2, "width"), std::to_string(width));
  // The step's spread along v is six times E(0)'s noise there, up to eta's rounding to two
  // significant digits (at most 5% off).
  const double spread = AlphaSpread(ComputeTokenStatistics(EncodeUnder(profile, choice)));
  const double eta = std::stod(SettingOf(result2, "eta"));
  EXPECT_NEAR(eta / 2 * spread / (6 / std::sqrt(width)), 1.0, 0.05);
  const PredictedSelection predicted = PredictSelection(profile, choice);
  EXPECT_EQ(predicted.top_token.substr(0, 3) == "pos" || predicted.top_token.substr(0, 3) == "neg",
            true)
      << predicted.top_token;
  EXPECT_NE(result2.reason.find("\"" + predicted.top_token + "\""), std::string::npos);
}

TEST(Recipes, Result2KeepsEveryWordWhenTheMostSelectedOneIsAlreadyPolar) {
  // "great" is in every positive review and "awful" in every negative one: each wins half
  // the reviews, but they lean wholly to one class (|Delta| = 1), so nothing is cut.
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < 200; ++i) {
    const bool positive = i % 2 == 0;
    tokens.push_back({positive ? "great" : "awful", "the", "film" + std::to_string(i % 7)});
    labels.push_back(positive ? 1 : -1);
  }
  const Recipe result2 = ComputeRecipes(ComputeDataProfile(tokens, labels), Limits())[2];
  EXPECT_EQ(SettingOf(result2, "max_doc_share"), "1");
  EXPECT_NE(result2.reason.find("every word is kept"), std::string::npos) << result2.reason;
  EXPECT_NE(result2.reason.find("in 50.0% of reviews, |Delta| 1)"), std::string::npos)
      << result2.reason;
}

TEST(Recipes, Result2RaisesTheMinCountToFitDWithinTheLimits) {
  const DataProfile profile = SyntheticProfile(2000, 300, 401);
  Limits limits;
  limits.max_width = 200;
  const Recipe result2 = ComputeRecipes(profile, limits)[2];
  const int32_t width = std::stoi(SettingOf(result2, "width"));
  const int32_t min_count = std::stoi(SettingOf(result2, "min_count"));
  EXPECT_LE(width, 200);
  EXPECT_GT(width, 1);
  EXPECT_GT(min_count, 2);
  // The smallest such min count: one less would not fit.
  VocabularyChoice looser;
  looser.min_count = min_count - 1;
  looser.max_vocab = 0;
  looser.max_doc_share = std::stod(SettingOf(result2, "max_doc_share"));
  looser.drop_unknown = true;
  EXPECT_GT(PredictVocabularySize(profile, looser), 200);
}

TEST(Recipes, ApplyingOneChangesExactlyItsSettings) {
  const Recipe result2 = ComputeRecipes(SyntheticProfile(400, 30, 51), Limits())[2];
  const RunConfig before;
  const Result<RunConfig> after = ApplyRecipe(before, result2);
  ASSERT_TRUE(after.ok()) << after.status.message();
  for (const std::string& key : ChangedSettings(before, after.value)) {
    EXPECT_NE(SettingOf(result2, key), "(absent)") << key;
  }
  for (const RecipeSetting& s : result2.settings)
    EXPECT_EQ(GetSetting(after.value, s.key), s.value);
  Recipe broken = result2;
  broken.settings.push_back({"width", "0"});
  EXPECT_FALSE(ApplyRecipe(before, broken).ok());
  EXPECT_EQ(FindRecipe(ComputeRecipes(SyntheticProfile(400, 30, 51), Limits()), "figure1")->name,
            "figure1");
  EXPECT_EQ(FindRecipe({}, "figure1"), nullptr);
}

TEST(Recipes, TheExperimentBuildsTheVocabularyTheRecipePredicted) {
  std::string tsv = "label\ttext\n";
  for (int32_t i = 0; i < 300; ++i) {
    const bool positive = i % 2 == 0;
    tsv += std::string(positive ? "1" : "0") + "\t" +
           (positive ? "and and and . ." : ". . . and and") + " " + (positive ? "pos" : "neg") +
           std::to_string(i % 23) + " filler" + std::to_string(i % 41) + " word" +
           std::to_string(i % 97) + "\n";
  }
  RunConfig config;
  config.dataset = "file";
  config.source_name = "synthetic.tsv";
  config.width = 16;
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(tsv), config).ok());
  for (const Recipe& recipe : experiment.Recipes()) {
    const Result<RunConfig> applied = ApplyRecipe(experiment.config(), recipe);
    ASSERT_TRUE(applied.ok()) << applied.status.message();
    ASSERT_TRUE(experiment.Configure(applied.value).ok()) << recipe.name;
    if (recipe.name == "result2") {
      EXPECT_EQ(std::to_string(experiment.summary().vocab_size), SettingOf(recipe, "width"));
    }
  }
}

}  // namespace
}  // namespace clslab
