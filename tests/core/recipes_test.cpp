// Recipes are deterministic functions of the data profile and the limits: result1's sigma
// follows alpha's spread, figure1 keeps the U-score's tokens and Adam's step budget,
// result2 puts d = V within the limits and cuts the stop words a profile reveals.
#include "clslab/recipes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "clslab/experiment.h"
#include "clslab/statistics.h"
#include "clslab/tokenizer.h"

namespace clslab {
namespace {

// A share as the sentences write it: "12.5%".
std::string Percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100 * share);
  return text;
}

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

// `reviews` long reviews (label alternating, or positive for the first `positive` of them):
// each holds a polar word of its class out of 5 and `words` distinct words out of a pool of
// 10 * `words`, every one seen about 25 times over the corpus, so that the words seen 20
// times outnumber half the reviews, as in full-length reviews.
DataProfile LongReviews(int32_t reviews, int32_t words, int32_t positive = -1) {
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < reviews; ++i) {
    const bool is_positive = positive < 0 ? i % 2 == 0 : i < positive;
    std::vector<std::string> review = {(is_positive ? "pos" : "neg") + std::to_string(i % 5)};
    for (int32_t k = 0; k < words; ++k) {
      review.push_back("w" + std::to_string((i * 7 + k * 13) % (words * reviews / 25)));
    }
    tokens.push_back(review);
    labels.push_back(is_positive ? 1 : -1);
  }
  return ComputeDataProfile(tokens, labels);
}

TEST(Recipes, Figure1KeepsAtMostOneValuePerTwoReviews) {
  // Sentences: the words seen 20 times are far fewer than half the reviews: min count 20.
  const DataProfile sentences = SyntheticProfile(2000, 30, 51);
  const Recipe short_reviews = ComputeRecipes(sentences, Limits())[1];
  EXPECT_EQ(SettingOf(short_reviews, "min_count"), "20");
  EXPECT_NE(short_reviews.reason.find("fewer than half the 2,000 reviews"), std::string::npos)
      << short_reviews.reason;
  // Long reviews: 200 reviews of 120 words, ~960 words seen ~25 times each: V <= 100 needs
  // a higher min count, the smallest that gives it (Cover: n = 2V is where a linear model
  // of the V values stops fitting most labelings).
  const DataProfile profile = LongReviews(200, 120);
  const Recipe figure1 = ComputeRecipes(profile, Limits())[1];
  const int32_t min_count = std::stoi(SettingOf(figure1, "min_count"));
  EXPECT_GT(min_count, 20);
  VocabularyChoice choice;
  choice.min_count = min_count;
  EXPECT_LE(PredictVocabularySize(profile, choice), 100);
  choice.min_count = min_count - 1;
  EXPECT_GT(PredictVocabularySize(profile, choice), 100);
  choice.min_count = 20;
  const int32_t at_twenty = PredictVocabularySize(profile, choice) - 1;
  EXPECT_NE(figure1.reason.find("the " + WithThousands(at_twenty) +
                                " seen 20 times would be at least half the 200 reviews"),
            std::string::npos)
      << figure1.reason;
  EXPECT_NE(figure1.reason.find("seen at least " + std::to_string(min_count) + " times"),
            std::string::npos);
}

// The reason's bound: for any scores, a U-score u forces a signed score of at least
// cos(acos u + acos rho), rho = Spearman(|Delta|, Delta) over the same tokens.
TEST(Recipes, Figure1SaysWhenOneClassRulesOutASymmetricU) {
  const DataProfile balanced = LongReviews(400, 40);
  EXPECT_EQ(ComputeRecipes(balanced, Limits())[1].reason.find("symmetric"), std::string::npos);
  // 75% positive: the filler words' Delta sits near +0.5, where |Delta| ranks as Delta does.
  const DataProfile skewed = LongReviews(400, 40, 300);
  const Recipe figure1 = ComputeRecipes(skewed, Limits())[1];
  EXPECT_NE(figure1.reason.find("These reviews are 75.0% positive"), std::string::npos)
      << figure1.reason;
  EXPECT_NE(figure1.reason.find("no U is both high and symmetric"), std::string::npos);
  const size_t at = figure1.reason.find("signed Spearman at least ");
  ASSERT_NE(at, std::string::npos);
  const double least = std::stod(figure1.reason.substr(at + 25));
  EXPECT_GE(least, 0.3);
  // Every score vector, mixing |Delta| with noise, that reaches U-score 0.6 has signed
  // score at least that (up to the two-digit rounding of the sentence).
  VocabularyChoice choice;
  choice.min_count = std::stoi(SettingOf(figure1, "min_count"));
  const TokenStatistics statistics = ComputeTokenStatistics(EncodeUnder(skewed, choice));
  std::mt19937 random(7);
  std::normal_distribution<float> noise(0, 1);
  int32_t reached = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const float weight = 0.01f * (trial % 40);
    std::vector<float> scores(statistics.delta.size());
    for (size_t k = 0; k < scores.size(); ++k) {
      scores[k] = static_cast<float>(std::abs(statistics.delta[k])) + weight * noise(random) -
                  (trial % 3 == 0 ? 0.3f * static_cast<float>(statistics.delta[k]) : 0.f);
    }
    const UShape shape = ComputeUShape(scores, statistics, 20);
    if (shape.u_score < 0.6) continue;
    ++reached;
    EXPECT_GE(shape.signed_score, least - 0.01) << shape.u_score;
  }
  EXPECT_GT(reached, 10);
}

TEST(Recipes, Result2SaysWhatTheSelectedTokensAreWhenTheyAreNotWords) {
  // "!" ends a fifth of the reviews, all positive: its alpha is the largest of every review
  // it is in, and its |Delta| is 1, so no cut removes it. The reason must not call it a word.
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < 500; ++i) {
    const bool positive = i % 2 == 0;
    std::vector<std::string> review = {(positive ? "pos" : "neg") + std::to_string(i % 40),
                                       "film" + std::to_string(i % 9), "plot"};
    if (i % 10 == 0 || i % 10 == 6) review.insert(review.end(), {"!", "!", "!"});
    if (i % 5 == 0 && !positive) review.push_back("pos" + std::to_string(i % 40));
    tokens.push_back(review);
    labels.push_back(positive ? 1 : -1);
  }
  const DataProfile profile = ComputeDataProfile(tokens, labels);
  const Recipe result2 = ComputeRecipes(profile, Limits())[2];
  EXPECT_EQ(result2.reason.find("a word"), std::string::npos) << result2.reason;
  EXPECT_EQ(result2.reason.find("words already"), std::string::npos) << result2.reason;
  EXPECT_NE(result2.reason.find("\"!\" in 20.0% of reviews"), std::string::npos) << result2.reason;
  EXPECT_NE(result2.reason.find("is punctuation in 20.0%"), std::string::npos) << result2.reason;
}

TEST(Recipes, Result2GivesTheShareOfReviewsWhoseSelectedTokenCarriesNoLabel) {
  // A fifth of the reviews hold no polar word, only one of ten neutral words ("n0".."n9",
  // each in 2% of the reviews, as often in either class: Delta 0): their s* leans to no class.
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < 1000; ++i) {
    const bool positive = i % 2 == 0;
    if (i % 10 < 8) {
      tokens.push_back(
          {(positive ? "pos" : "neg") + std::to_string(i % 50), "film" + std::to_string(i % 7)});
    } else {
      const std::string neutral = "n" + std::to_string((i / 10) % 10);
      tokens.push_back({neutral, neutral});
    }
    labels.push_back(positive ? 1 : -1);
  }
  const Recipe result2 = ComputeRecipes(ComputeDataProfile(tokens, labels), Limits())[2];
  VocabularyChoice choice;
  choice.min_count = std::stoi(SettingOf(result2, "min_count"));
  choice.max_vocab = std::stoi(SettingOf(result2, "max_vocab"));
  choice.max_doc_share = std::stod(SettingOf(result2, "max_doc_share"));
  choice.drop_unknown = true;
  const PredictedSelection predicted = PredictSelection(ComputeDataProfile(tokens, labels), choice);
  EXPECT_NEAR(predicted.polar_share, 0.8, 1e-9) << result2.reason;
  EXPECT_NE(
      result2.reason.find("(|Delta| >= 0.3) in " + Percent(predicted.polar_share) + " of reviews"),
      std::string::npos)
      << result2.reason;
}

TEST(Recipes, Result2MeasuresLeaningFromTheClassPriorNotFromZero) {
  // 75% positive, "." once in every review: its Delta is +0.5, what any token spread as all
  // tokens are has; it carries no label information, so it is cut, not kept as "polar".
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < 800; ++i) {
    const bool positive = i % 4 != 0;
    tokens.push_back({".", ".", ".", (positive ? "pos" : "neg") + std::to_string(i % 60),
                      "film" + std::to_string(i % 11)});
    labels.push_back(positive ? 1 : -1);
  }
  const Recipe result2 = ComputeRecipes(ComputeDataProfile(tokens, labels), Limits())[2];
  EXPECT_LT(std::stod(SettingOf(result2, "max_doc_share")), 1) << result2.reason;
  EXPECT_EQ(result2.reason.find("\".\" in"), std::string::npos) << result2.reason;
  EXPECT_NE(result2.reason.find("from the 0.5 of a token spread as all tokens are"),
            std::string::npos)
      << result2.reason;
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
  EXPECT_NE(result2.reason.find("\"great\" in 50.0% of reviews (|Delta| 1)"), std::string::npos)
      << result2.reason;
  EXPECT_NE(result2.reason.find("(|Delta| >= 0.3) in 100.0% of reviews"), std::string::npos)
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
