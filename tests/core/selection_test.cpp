// Tests of selected sets S_i (ties, labels, empty reviews) and of the selection metrics
// against hand-computed softmax masses (tolerance 1e-12: the hand values are double exact).
#include "clslab/selection.h"

#include <gtest/gtest.h>

#include <cmath>

namespace clslab {
namespace {

std::vector<int32_t> SetOf(const SelectedSets& sets, int32_t i) {
  return {sets.token_ids.begin() + sets.offsets[i], sets.token_ids.begin() + sets.offsets[i + 1]};
}

// value (v.E_s) of tokens 0..5.
const std::vector<float> kValue{0.0f, 2.0f, 2.0f, -1.0f, 0.5f, -3.0f};

Corpus HandCorpus() {
  Corpus corpus;
  corpus.vocab_size = 6;
  corpus.Add({1, 3, 2, 1, 4}, 1);  // best y v = 2, tied by 1 and 2
  corpus.Add({1, 5, 3}, -1);       // y v = -2, 3, 1: token 5
  corpus.Add({}, 1);               // empty: empty set, not measured
  corpus.Add({4}, 1);              // single token
  return corpus;
}

TEST(SelectedSets, TiesAndLabelsPickTheMostAlignedTokens) {
  const SelectedSets sets = ComputeSelectedSets(HandCorpus(), kValue);
  ASSERT_EQ(sets.offsets.size(), 5u);
  EXPECT_EQ(SetOf(sets, 0), (std::vector<int32_t>{1, 2}));  // distinct, first-occurrence order
  EXPECT_EQ(SetOf(sets, 1), (std::vector<int32_t>{5}));
  EXPECT_TRUE(SetOf(sets, 2).empty());
  EXPECT_EQ(SetOf(sets, 3), (std::vector<int32_t>{4}));
}

TEST(SelectedSets, RelativeTieToleranceDecidesNearTies) {
  Corpus corpus;
  corpus.vocab_size = 3;
  corpus.Add({1, 2}, 1);
  const std::vector<float> value{0.0f, 1.0f, std::nextafter(1.0f, 2.0f)};  // 1 + 1.2e-7
  EXPECT_EQ(SetOf(ComputeSelectedSets(corpus, value, 1e-9), 0), (std::vector<int32_t>{2}));
  EXPECT_EQ(SetOf(ComputeSelectedSets(corpus, value, 1e-6), 0), (std::vector<int32_t>{1, 2}));
}

TEST(SelectedSets, AllZeroValuesSelectEveryToken) {
  Corpus corpus;
  corpus.vocab_size = 4;
  corpus.Add({3, 1, 3}, -1);
  EXPECT_EQ(SetOf(ComputeSelectedSets(corpus, std::vector<float>(4, 0.0f)), 0),
            (std::vector<int32_t>{3, 1}));
}

TEST(SelectionMetrics, AccuracyAndMassMatchHandValues) {
  const Corpus corpus = HandCorpus();
  const SelectedSets sets = ComputeSelectedSets(corpus, kValue);
  const std::vector<float> attention{0.0f, 0.0f, 1.0f, 3.0f, 0.0f, 0.0f};
  const SelectionMetrics m = MeasureSelection(corpus, sets, attention);
  EXPECT_EQ(m.reviews, 3);
  // Review 0: argmax token 3 (miss); review 1: argmax token 3 (miss); review 3: hit.
  EXPECT_NEAR(m.accuracy, 1.0 / 3, 1e-15);
  const double e = std::exp(1.0), e3 = std::exp(3.0);
  const double mass0 = (1 + e + 1) / (1 + e3 + e + 1 + 1);  // tokens 1, 2, 1 of 1 3 2 1 4
  const double mass1 = 1 / (1 + 1 + e3);                    // token 5 of 1 5 3
  EXPECT_NEAR(m.mean_mass, (mass0 + mass1 + 1.0) / 3, 1e-12);
}

TEST(SelectionMetrics, ArgmaxTiesTakeTheFirstPosition) {
  Corpus corpus;
  corpus.vocab_size = 5;
  corpus.Add({4, 1}, 1);  // S = {1}: the tie goes to position 0 (token 4): miss
  corpus.Add({1, 4}, 1);  // tie goes to token 1: hit
  const SelectedSets sets = ComputeSelectedSets(corpus, kValue);
  const SelectionMetrics m = MeasureSelection(corpus, sets, std::vector<float>(5, 7.0f));
  EXPECT_NEAR(m.accuracy, 0.5, 1e-15);
  EXPECT_NEAR(m.mean_mass, 0.5, 1e-15);
}

TEST(SelectionMetrics, LargeScoresDoNotOverflow) {
  Corpus corpus;
  corpus.vocab_size = 3;
  corpus.Add({1, 2}, 1);
  const SelectedSets sets = ComputeSelectedSets(corpus, {0.0f, 1.0f, 0.0f});
  const SelectionMetrics m = MeasureSelection(corpus, sets, {0.0f, 1000.0f, 999.0f});
  EXPECT_NEAR(m.mean_mass, 1 / (1 + std::exp(-1.0)), 1e-12);
  EXPECT_EQ(m.accuracy, 1.0);
}

// The shared shift is the vocabulary's largest score; a review whose tokens all score
// 1,000 below it would underflow exp() to 0 on that path, and must be measured exactly.
TEST(SelectionMetrics, AReviewFarBelowTheLargestScoreIsMeasuredWithItsOwnMaximum) {
  Corpus corpus;
  corpus.vocab_size = 4;
  corpus.Add({1, 2}, 1);  // S = {1}
  corpus.Add({3}, -1);    // token 3 holds the vocabulary's maximum
  const SelectedSets sets = ComputeSelectedSets(corpus, {0.0f, 1.0f, 0.0f, -1.0f});
  const SelectionMetrics m = MeasureSelection(corpus, sets, {0.0f, -1000.0f, -1001.0f, 0.0f});
  EXPECT_NEAR(m.mean_mass, (1 / (1 + std::exp(-1.0)) + 1.0) / 2, 1e-12);
  EXPECT_EQ(m.accuracy, 1.0);
}

TEST(SelectionMetrics, MismatchedShapesGiveZeros) {
  const SelectionMetrics m = MeasureSelection(HandCorpus(), SelectedSets{}, kValue);
  EXPECT_EQ(m.reviews, 0);
  EXPECT_EQ(m.accuracy, 0.0);
}

}  // namespace
}  // namespace clslab
