// BuildDataset: split sizes, determinism per seed, vocabulary from train only, errors.
#include "clslab/dataset.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace clslab {
namespace {

std::vector<LabeledText> Rows(int n) {
  std::vector<LabeledText> rows;
  for (int i = 0; i < n; ++i) {
    rows.push_back({"review number w" + std::to_string(i) + (i % 2 ? " good" : " bad"),
                    static_cast<int8_t>(i % 2 ? 1 : -1)});
  }
  return rows;
}

TEST(Dataset, SplitsByTestFraction) {
  PipelineOptions options;
  options.test_fraction = 0.25;
  Result<Dataset> dataset = BuildDataset(Rows(100), options);
  ASSERT_TRUE(dataset.ok()) << dataset.status.message();
  EXPECT_EQ(dataset.value.test.NumReviews(), 25);
  EXPECT_EQ(dataset.value.train.NumReviews(), 75);
  EXPECT_EQ(dataset.value.train_texts.size(), 75u);
  EXPECT_EQ(dataset.value.test_texts.size(), 25u);
  EXPECT_EQ(dataset.value.train.vocab_size, dataset.value.vocab.size());
}

TEST(Dataset, ZeroTestFractionPutsEverythingInTrain) {
  PipelineOptions options;
  options.test_fraction = 0;
  Result<Dataset> dataset = BuildDataset(Rows(10), options);
  ASSERT_TRUE(dataset.ok());
  EXPECT_EQ(dataset.value.train.NumReviews(), 10);
  EXPECT_EQ(dataset.value.test.NumReviews(), 0);
}

TEST(Dataset, SameSeedSameSplitAndOtherSeedDifferent) {
  PipelineOptions options;
  Result<Dataset> a = BuildDataset(Rows(50), options);
  Result<Dataset> b = BuildDataset(Rows(50), options);
  options.seed = 2;
  Result<Dataset> c = BuildDataset(Rows(50), options);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(a.value.test_texts, b.value.test_texts);
  EXPECT_EQ(a.value.train.token_ids, b.value.train.token_ids);
  EXPECT_NE(a.value.test_texts, c.value.test_texts);
}

TEST(Dataset, TextsLineUpWithLabels) {
  Result<Dataset> dataset = BuildDataset(Rows(40), PipelineOptions{});
  ASSERT_TRUE(dataset.ok());
  const Dataset& d = dataset.value;
  for (int i = 0; i < d.train.NumReviews(); ++i) {
    bool good = d.train_texts[i].find("good") != std::string::npos;
    EXPECT_EQ(d.train.labels[i], good ? 1 : -1);
  }
}

TEST(Dataset, MaxReviewsTakesARandomSample) {
  PipelineOptions options;
  options.max_reviews = 20;
  options.test_fraction = 0.5;
  Result<Dataset> dataset = BuildDataset(Rows(100), options);
  ASSERT_TRUE(dataset.ok());
  EXPECT_EQ(dataset.value.train.NumReviews() + dataset.value.test.NumReviews(), 20);
}

TEST(Dataset, VocabularyComesFromTrainOnly) {
  PipelineOptions options;
  options.min_count = 1;
  options.test_fraction = 0.5;
  Result<Dataset> dataset = BuildDataset(Rows(20), options);
  ASSERT_TRUE(dataset.ok());
  const Dataset& d = dataset.value;
  // Each text has a unique word "wN"; the test split's unique words must be <unk>.
  for (const std::string& text : d.test_texts) {
    std::string unique = text.substr(text.find(" w") + 1);
    unique = unique.substr(0, unique.find(' '));
    EXPECT_EQ(d.vocab.Id(unique), Vocabulary::kUnknownId) << unique;
  }
  for (const std::string& text : d.train_texts) {
    std::string unique = text.substr(text.find(" w") + 1);
    EXPECT_NE(d.vocab.Id(unique.substr(0, unique.find(' '))), Vocabulary::kUnknownId);
  }
}

TEST(Dataset, KeepsReviewsMadeOnlyOfUnknownTokens) {
  std::vector<LabeledText> rows = {{"alpha", 1}, {"beta", -1}, {"gamma", 1}, {"delta", -1}};
  PipelineOptions options;
  options.test_fraction = 0;
  options.min_count = 2;  // every word appears once: all become <unk>
  Result<Dataset> dataset = BuildDataset(rows, options);
  ASSERT_TRUE(dataset.ok());
  EXPECT_EQ(dataset.value.train.NumReviews(), 4);
  EXPECT_EQ(dataset.value.vocab.size(), 1);
  EXPECT_EQ(dataset.value.train.token_ids, (std::vector<int32_t>{0, 0, 0, 0}));
}

TEST(Dataset, DropUnknownRemovesWordsOutsideTheVocabularyAndKeepsReviewsAligned) {
  std::vector<LabeledText> rows = {{"good film once", 1},
                                   {"bad film", -1},
                                   {"good film", 1},
                                   {"bad film twice", -1},
                                   {"alone", 1}};
  PipelineOptions options;
  options.test_fraction = 0;
  options.min_count = 2;  // "once", "twice", "alone" are seen once
  options.drop_unknown = true;
  Result<Dataset> dataset = BuildDataset(rows, options);
  ASSERT_TRUE(dataset.ok());
  const Dataset& d = dataset.value;
  ASSERT_EQ(d.train.NumReviews(), 5);  // "alone" is kept, empty, beside its text
  EXPECT_EQ(std::count(d.train.token_ids.begin(), d.train.token_ids.end(), 0), 0);
  EXPECT_EQ(d.train.NumTokens(), 8);
  for (int32_t i = 0; i < d.train.NumReviews(); ++i) {
    if (d.train_texts[i] == "alone") EXPECT_EQ(d.train.Length(i), 0);
    if (d.train_texts[i] == "good film once") EXPECT_EQ(d.train.Length(i), 2);
  }
}

TEST(Dataset, DropsAndCountsReviewsEmptyAfterTokenization) {
  std::vector<LabeledText> rows = {{"good", 1}, {"<br />", 1}, {"bad", -1}, {"  ", -1}};
  Result<Dataset> dataset = BuildDataset(rows, PipelineOptions{});
  ASSERT_TRUE(dataset.ok());
  EXPECT_EQ(dataset.value.dropped_empty, 2);
  EXPECT_EQ(dataset.value.train.NumReviews() + dataset.value.test.NumReviews(), 2);
}

TEST(Dataset, FailsWithOneClassAndSaysWhich) {
  std::vector<LabeledText> rows = {{"good", 1}, {"great", 1}, {"fine", 1}};
  Result<Dataset> dataset = BuildDataset(rows, PipelineOptions{});
  ASSERT_FALSE(dataset.ok());
  EXPECT_NE(dataset.status.message().find("only one class"), std::string::npos);
  EXPECT_NE(dataset.status.message().find("3 reviews are positive"), std::string::npos);
}

TEST(Dataset, FailsWithoutRows) { EXPECT_FALSE(BuildDataset({}, PipelineOptions{}).ok()); }

TEST(Dataset, FailsWhenEverythingIsEmptyAfterTokenization) {
  Result<Dataset> dataset = BuildDataset({{"<p>", 1}, {" ", -1}}, PipelineOptions{});
  ASSERT_FALSE(dataset.ok());
  EXPECT_NE(dataset.status.message().find("empty"), std::string::npos);
}

TEST(Dataset, RejectsTestFractionOutsideRange) {
  PipelineOptions options;
  options.test_fraction = 0.95;
  EXPECT_FALSE(BuildDataset(Rows(10), options).ok());
  options.test_fraction = -0.1;
  EXPECT_FALSE(BuildDataset(Rows(10), options).ok());
  options.test_fraction = 0.9;
  Result<Dataset> dataset = BuildDataset(Rows(2), options);
  ASSERT_TRUE(dataset.ok());
  EXPECT_EQ(dataset.value.train.NumReviews(), 1);  // train is never empty
}

}  // namespace
}  // namespace clslab
