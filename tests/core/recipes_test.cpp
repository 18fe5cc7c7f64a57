// Recipes are deterministic functions of the data profile and the limits: result1's sigma
// follows alpha's spread, figure1 keeps the U-score's tokens and Adam's step budget,
// result2 puts d = V within the limits and cuts the stop words a profile reveals.
#include "clslab/recipes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <set>

#include "clslab/experiment.h"
#include "clslab/messages.h"
#include "clslab/rng.h"
#include "clslab/statistics.h"
#include "clslab/tokenizer.h"
#include "profiles.h"

namespace clslab {
namespace {

// The finding of `code` in the recipe's plan (the plan or one of its details), or null.
const Finding* Said(const Recipe& recipe, const std::string& code) {
  if (recipe.plan.code == code) return &recipe.plan;
  for (const Finding& detail : recipe.plan.details) {
    if (detail.code == code) return &detail;
  }
  return nullptr;
}

// Every finding of the recipe (title, plan, details) keeps its claim over the data.
void ExpectClaimsHold(const DataProfile& profile, const Limits& limits, const Recipe& recipe) {
  const RecipeFacts facts{profile, limits, recipe};
  std::string why;
  EXPECT_TRUE(RecipeClaimHolds(facts, recipe.title, &why)) << recipe.name << ": " << why;
  EXPECT_TRUE(RecipeClaimHolds(facts, recipe.plan, &why)) << recipe.name << ": " << why;
  ASSERT_NE(Said(recipe, "recipe-cost"), nullptr) << recipe.name << " says no cost";
}

void ExpectSameFinding(const Finding& a, const Finding& b) {
  EXPECT_EQ(a.code, b.code);
  ASSERT_EQ(a.args.size(), b.args.size()) << a.code;
  for (size_t k = 0; k < a.args.size(); ++k) {
    EXPECT_EQ(a.args[k].name, b.args[k].name);
    EXPECT_EQ(a.args[k].number, b.args[k].number) << a.code << " " << a.args[k].name;
    EXPECT_EQ(a.args[k].text, b.args[k].text);
  }
  ASSERT_EQ(a.details.size(), b.details.size()) << a.code;
  for (size_t k = 0; k < a.details.size(); ++k) ExpectSameFinding(a.details[k], b.details[k]);
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
    ExpectSameFinding(recipes[k].plan, again[k].plan);
    ASSERT_EQ(recipes[k].settings.size(), again[k].settings.size());
    for (size_t j = 0; j < recipes[k].settings.size(); ++j) {
      EXPECT_EQ(recipes[k].settings[j].key, again[k].settings[j].key);
      EXPECT_EQ(recipes[k].settings[j].value, again[k].settings[j].value);
    }
    EXPECT_EQ(recipes[k].title.code, "recipe-title");
    EXPECT_EQ(recipes[k].title.Arg("name")->text, recipes[k].name);
    ExpectClaimsHold(profile, Limits(), recipes[k]);
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

TEST(Recipes, Figure1KeepsAtMostOneValuePerTwoReviews) {
  // Sentences: the words seen 20 times are far fewer than half the reviews: min count 20.
  const DataProfile sentences = SyntheticProfile(2000, 30, 51);
  const Recipe short_reviews = ComputeRecipes(sentences, Limits())[1];
  EXPECT_EQ(SettingOf(short_reviews, "min_count"), "20");
  const Finding* ranked = Said(short_reviews, "recipe-figure1-ranked");
  ASSERT_NE(ranked, nullptr);
  EXPECT_EQ(ranked->Number("reviews"), 2000);
  EXPECT_LE(2 * ranked->Number("values"), 2000);
  EXPECT_EQ(Said(short_reviews, "recipe-figure1-cut"), nullptr);
  ExpectClaimsHold(sentences, Limits(), short_reviews);
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
  const Finding* cut = Said(figure1, "recipe-figure1-cut");
  ASSERT_NE(cut, nullptr);
  EXPECT_EQ(cut->Number("at_twenty"), at_twenty);
  EXPECT_EQ(cut->Number("reviews"), 200);
  EXPECT_GT(2 * (at_twenty + 1), 200);
  EXPECT_EQ(figure1.plan.Number("min_count"), min_count);
  EXPECT_EQ(Said(figure1, "recipe-figure1-ranked"), nullptr);
  ExpectClaimsHold(profile, Limits(), figure1);
}

// The plan's bound: for any scores, a U-score u forces a signed score of at least
// cos(acos u + acos |rho|) in size, rho = Spearman(|Delta|, Delta) over the same tokens.
TEST(Recipes, Figure1SaysWhenOneClassRulesOutASymmetricU) {
  const DataProfile balanced = LongReviews(400, 40);
  EXPECT_EQ(Said(ComputeRecipes(balanced, Limits())[1], "recipe-figure1-closed"), nullptr);
  // 75% positive: the filler words' Delta sits near +0.5, where |Delta| ranks as Delta does.
  const DataProfile skewed = LongReviews(400, 40, 300);
  const Recipe figure1 = ComputeRecipes(skewed, Limits())[1];
  const Finding* closed = Said(figure1, "recipe-figure1-closed");
  ASSERT_NE(closed, nullptr);
  EXPECT_EQ(closed->Number("share"), 0.75);
  EXPECT_EQ(closed->Arg("class")->text, "positive");
  const double least = closed->Number("least");
  EXPECT_GE(least, 0.3);
  ExpectClaimsHold(skewed, Limits(), figure1);
  // Every score vector, mixing |Delta| with noise, that reaches the verdict's U-score 0.5
  // has a signed score at least that in size: no p gives that verdict's U.
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
    if (shape.u_score < 0.5) continue;
    ++reached;
    EXPECT_GE(std::abs(shape.signed_score), least - 1e-4) << shape.u_score;
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
  const Finding* selected = Said(result2, "recipe-result2-selected");
  ASSERT_NE(selected, nullptr);
  EXPECT_EQ(selected->Arg("token")->text, "!");
  EXPECT_NEAR(selected->Number("share"), 0.2, 1e-12);
  const Finding* kinds = Said(result2, "recipe-result2-kinds");
  ASSERT_NE(kinds, nullptr);
  EXPECT_NEAR(kinds->Number("punctuation"), 0.2, 1e-12);
  ExpectClaimsHold(profile, Limits(), result2);
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
  EXPECT_NEAR(predicted.polar_share, 0.8, 1e-9);
  const Finding* polar = Said(result2, "recipe-result2-polar");
  ASSERT_NE(polar, nullptr);
  EXPECT_EQ(polar->Number("polar"), predicted.polar_share);
  EXPECT_EQ(polar->Arg("measure")->text, "delta");
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
  const DataProfile profile = ComputeDataProfile(tokens, labels);
  const Recipe result2 = ComputeRecipes(profile, Limits())[2];
  EXPECT_LT(std::stod(SettingOf(result2, "max_doc_share")), 1);
  for (const Finding& detail : result2.plan.details) {
    if (detail.code == "recipe-result2-selected") EXPECT_NE(detail.Arg("token")->text, ".");
  }
  const Finding* polar = Said(result2, "recipe-result2-polar");
  ASSERT_NE(polar, nullptr);
  EXPECT_EQ(polar->Arg("measure")->text, "lean");
  EXPECT_NEAR(polar->Number("neutral"), 0.5, 1e-9);
  ExpectClaimsHold(profile, Limits(), result2);
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
  const Finding* selected = Said(result2, "recipe-result2-selected");
  ASSERT_NE(selected, nullptr);
  EXPECT_EQ(selected->Arg("token")->text, predicted.top_token);
  ExpectClaimsHold(profile, Limits(), result2);
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
  const DataProfile profile = ComputeDataProfile(tokens, labels);
  const Recipe result2 = ComputeRecipes(profile, Limits())[2];
  EXPECT_EQ(SettingOf(result2, "max_doc_share"), "1");
  const Finding* vocabulary = Said(result2, "recipe-result2-vocabulary");
  ASSERT_NE(vocabulary, nullptr);
  EXPECT_EQ(vocabulary->Arg("cut")->text, "no");
  int32_t found = 0;
  for (const Finding& detail : result2.plan.details) {
    if (detail.code != "recipe-result2-selected") continue;
    const std::string token = detail.Arg("token")->text;
    EXPECT_TRUE(token == "great" || token == "awful") << token;
    EXPECT_EQ(detail.Number("share"), 0.5);
    EXPECT_EQ(detail.Number("value"), 1);
    found += token == "great";
  }
  EXPECT_EQ(found, 1);
  EXPECT_EQ(Said(result2, "recipe-result2-polar")->Number("polar"), 1);
  ExpectClaimsHold(profile, Limits(), result2);
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

// Positive and negative reviews holding the same two tokens "x" and "y" select opposite ones
// (s* = argmax y alpha_s), so their constraints lie on a cycle: the result2 recipe says,
// before it is applied, that p trains on the other reviews only, with their number and share.
TEST(Recipes, Result2NamesTheReviewsPTrainsOnBeforeItIsApplied) {
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < 400; ++i) {
    const bool positive = i % 2 == 0;
    if (i % 10 < 2) {
      tokens.push_back({"x", "y", "y"});
    } else {
      tokens.push_back({(positive ? "pos" : "neg") + std::to_string(i % 20), "x",
                        "film" + std::to_string(i % 7)});
    }
    labels.push_back(positive ? 1 : -1);
  }
  const DataProfile profile = ComputeDataProfile(tokens, labels);
  const Recipe result2 = ComputeRecipes(profile, Limits())[2];
  ASSERT_EQ(result2.plan.code, "recipe-result2-plan");
  VocabularyChoice choice;
  choice.min_count = std::stoi(SettingOf(result2, "min_count"));
  choice.max_vocab = std::stoi(SettingOf(result2, "max_vocab"));
  choice.max_doc_share = std::stod(SettingOf(result2, "max_doc_share"));
  choice.drop_unknown = true;
  const PredictedFlowReviews flow = PredictAcyclicReviews(profile, choice);
  EXPECT_EQ(result2.plan.Number("reviews"), 400);
  EXPECT_EQ(result2.plan.Number("acyclic"), flow.acyclic);
  EXPECT_LT(flow.acyclic, 400);
  EXPECT_GT(flow.acyclic, 0);
  EXPECT_EQ(result2.plan.Number("share"), flow.acyclic / 400.0);
  const Finding* cost = Said(result2, "recipe-cost");
  ASSERT_NE(cost, nullptr);
  EXPECT_EQ(cost->Number("tokens"), static_cast<double>(flow.tokens));
  ExpectClaimsHold(profile, Limits(), result2);
  // A claim that can fail: another count, or "all" said of a subset, breaks it.
  Recipe wrong = result2;
  wrong.plan.args[0].number += 1;
  std::string why;
  EXPECT_FALSE(RecipeClaimHolds({profile, Limits(), wrong}, wrong.plan, &why));
  EXPECT_NE(why.find("acyclic"), std::string::npos) << why;
  wrong = result2;
  wrong.plan = FindMessage("recipe-result2-plan-all")
                   ->Detail({Count("reviews", 400), Count("v", result2.plan.Number("v")),
                             Value("eta", result2.plan.Number("eta")),
                             Count("steps", result2.plan.Number("steps"))});
  EXPECT_FALSE(RecipeClaimHolds({profile, Limits(), wrong}, wrong.plan, &why));
  // Where no constraint is on a cycle, it says p trains on all of them.
  std::vector<std::vector<std::string>> clean;
  for (int32_t i = 0; i < 200; ++i) {
    clean.push_back({i % 2 == 0 ? "great" : "awful", "film" + std::to_string(i % 7)});
  }
  std::vector<int8_t> clean_labels(200);
  for (int32_t i = 0; i < 200; ++i) clean_labels[i] = i % 2 == 0 ? 1 : -1;
  const DataProfile acyclic = ComputeDataProfile(clean, clean_labels);
  const Recipe all = ComputeRecipes(acyclic, Limits())[2];
  EXPECT_EQ(all.plan.code, "recipe-result2-plan-all");
  EXPECT_EQ(all.plan.Number("reviews"), 200);
  ExpectClaimsHold(acyclic, Limits(), all);
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
      // The reviews the plan said p would train on are those the flow trains on.
      ASSERT_FALSE(experiment.StepEmbeddings().refused);
      ASSERT_FALSE(experiment.StepAttention(1).refused);
      const bool subset = recipe.plan.code == "recipe-result2-plan";
      EXPECT_EQ(experiment.ExplainInputs().flow_reviews,
                recipe.plan.Number(subset ? "acyclic" : "reviews"));
    }
  }
}

// The sentence that offers result1 on a noisy fit says its noise will be a share of its
// step's spread smaller than the run's: applying it does exactly that, and the points come
// onto the line.
TEST(Recipes, TheResult1RecipeShrinksTheNoiseItsSentenceSaysItShrinks) {
  std::string tsv = "label\ttext\n";
  for (int32_t i = 0; i < 300; ++i) {
    const bool positive = i % 2 == 0;
    tsv += std::string(positive ? "1" : "0") + "\t" + (positive ? "pos" : "neg") +
           std::to_string(i % 23) + " filler" + std::to_string(i % 41) + " word" +
           std::to_string(i % 97) + " and .\n";
  }
  RunConfig config;
  config.dataset = "file";
  config.source_name = "synthetic.tsv";
  config.width = 4;
  config.sigma = 1;  // E(0)'s noise 0.5 along v: it hides the step on E
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(tsv), config).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  const double r2_before = experiment.CurrentMetrics().alignment_r2;
  const Finding verdict = experiment.Explain().panels[0];
  ASSERT_EQ(verdict.panel, "result1");
  EXPECT_NE(verdict.kind, FindingKind::kShown) << r2_before;
  EXPECT_EQ(verdict.recipe, "result1");
  const Finding* said = nullptr;
  for (const Finding& d : verdict.details) {
    if (d.code == "result1-recipe-sigma") said = &d;
  }
  ASSERT_NE(said, nullptr);
  std::string why;
  EXPECT_TRUE(ClaimHolds(experiment.ExplainInputs(), verdict, &why)) << why;
  EXPECT_LT(said->Number("share"), said->Number("now"));
  const std::vector<Recipe> recipes = experiment.Recipes();
  const Recipe* result1 = FindRecipe(recipes, "result1");
  ASSERT_NE(result1, nullptr);
  const Result<RunConfig> applied = ApplyRecipe(experiment.config(), *result1);
  ASSERT_TRUE(applied.ok());
  ASSERT_TRUE(experiment.Configure(applied.value).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  // Under the recipe the run's noise next to its step is the share the sentence said.
  const GuidanceInputs after = experiment.ExplainInputs();
  const double noise = after.config.sigma / std::sqrt(after.config.width);
  EXPECT_NEAR(noise / (after.config.eta / 2 * after.alpha_spread), said->Number("share"),
              1e-9 * said->Number("share"));
  EXPECT_GT(experiment.CurrentMetrics().alignment_r2, r2_before);
  EXPECT_EQ(experiment.Explain().panels[0].kind, FindingKind::kShown);
}

// Reviews drawn at random: n reviews, a share positive, lengths around `mean`, words from a
// Zipf-like pool of `pool` with a few polar ones per class and punctuation.
DataProfile RandomProfile(Rng& rng) {
  const int32_t n = 20 + static_cast<int32_t>(rng.Below(600));
  const double positive = rng.Below(4) == 0 ? 0.5 + 0.4 * rng.Uniform() : 0.5;
  const int32_t mean = 2 + static_cast<int32_t>(rng.Below(rng.Below(3) == 0 ? 120 : 12));
  const int32_t pool = 5 + static_cast<int32_t>(rng.Below(2000));
  const int32_t polar = static_cast<int32_t>(rng.Below(30));
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < n; ++i) {
    const bool is_positive = rng.Uniform() < positive;
    std::vector<std::string> review;
    const int32_t length = 1 + static_cast<int32_t>(rng.Below(2 * mean));
    for (int32_t k = 0; k < length; ++k) {
      const uint64_t roll = rng.Below(10);
      if (roll == 0 && polar > 0) {
        review.push_back((is_positive ? "pos" : "neg") + std::to_string(rng.Below(polar)));
      } else if (roll == 1) {
        review.push_back(rng.Below(2) == 0 ? "." : "!");
      } else {
        // 1/rank: rank r drawn as pool^u.
        review.push_back("w" + std::to_string(static_cast<int64_t>(
                                   std::pow(static_cast<double>(pool), rng.Uniform()))));
      }
    }
    tokens.push_back(review);
    labels.push_back(is_positive ? 1 : -1);
  }
  return ComputeDataProfile(tokens, labels);
}

// Every recipe's words keep their claims over the data they were computed from, on
// generated profiles and the constructed ones that reach the rarer messages; and every
// message a recipe can say is said somewhere here, so no claim is idle.
TEST(Recipes, EveryRecipeFindingKeepsItsClaimOnGeneratedData) {
  std::vector<DataProfile> profiles;
  Rng rng(6);
  for (int k = 0; k < 120; ++k) profiles.push_back(RandomProfile(rng));
  profiles.push_back(LongReviews(200, 120));      // figure1 raises the min count
  profiles.push_back(LongReviews(400, 40, 300));  // one class rules out a U
  profiles.push_back(SyntheticProfile(400, 30, 51));
  {
    // Every word as often in either class: alpha is 0 for all, no line to fit.
    std::vector<std::vector<std::string>> flat;
    std::vector<int8_t> labels;
    for (int32_t i = 0; i < 100; ++i) {
      flat.push_back({"a", "b"});
      labels.push_back(i % 2 == 0 ? 1 : -1);
    }
    profiles.push_back(ComputeDataProfile(flat, labels));
    // Every word seen once: no review keeps a token.
    std::vector<std::vector<std::string>> once;
    for (int32_t i = 0; i < 100; ++i) once.push_back({"u" + std::to_string(i)});
    profiles.push_back(ComputeDataProfile(once, labels));
  }
  std::set<std::string> said;
  std::function<void(const Finding&)> note = [&](const Finding& f) {
    said.insert(f.code);
    for (const Finding& d : f.details) note(d);
  };
  for (size_t k = 0; k < profiles.size(); ++k) {
    for (const Limits& limits : {Limits(), [] {
                                   Limits tight;
                                   tight.max_width = 50;
                                   return tight;
                                 }()}) {
      for (const Recipe& recipe : ComputeRecipes(profiles[k], limits)) {
        const RecipeFacts facts{profiles[k], limits, recipe};
        std::string why;
        ASSERT_TRUE(RecipeClaimHolds(facts, recipe.title, &why)) << k << ": " << why;
        ASSERT_TRUE(RecipeClaimHolds(facts, recipe.plan, &why)) << k << ": " << why;
        ASSERT_NE(Said(recipe, "recipe-cost"), nullptr);
        note(recipe.title);
        note(recipe.plan);
      }
    }
  }
  std::vector<std::string> missed;
  for (const MessageSpec* spec : MessageSpecs()) {
    if (spec->code.rfind("recipe-", 0) == 0 && said.count(spec->code) == 0) {
      missed.push_back(spec->code);
    }
  }
  EXPECT_EQ(missed, std::vector<std::string>{});
}

}  // namespace
}  // namespace clslab
