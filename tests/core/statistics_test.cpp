// Tests of token statistics (alpha, Delta), FitLine, Spearman and the U-shape summary
// against hand-computed values. Tolerances: 1e-12 where the hand value is exact in double.
#include "clslab/statistics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace clslab {
namespace {

// V = 4 (token 0 unused). Reviews: + [1 2 2], - [2 3], + [1 3 3 3], and one empty review
// that must not count in n.
Corpus ThreeReviews() {
  Corpus corpus;
  corpus.vocab_size = 4;
  corpus.Add({1, 2, 2}, 1);
  corpus.Add({2, 3}, -1);
  corpus.Add({}, -1);
  corpus.Add({1, 3, 3, 3}, 1);
  return corpus;
}

TEST(TokenStatistics, AlphaAndDeltaMatchHandValues) {
  const TokenStatistics stats = ComputeTokenStatistics(ThreeReviews());
  ASSERT_EQ(stats.count.size(), 4u);
  EXPECT_EQ(stats.count[0], 0);
  EXPECT_EQ(stats.count[1], 2);
  EXPECT_EQ(stats.count[2], 3);
  EXPECT_EQ(stats.count[3], 4);
  // alpha_s = (1/3) sum_i y_i n_s / T_i over the 3 non-empty reviews.
  EXPECT_NEAR(stats.alpha[1], (1.0 / 3 + 1.0 / 4) / 3, 1e-15);   // 7/36
  EXPECT_NEAR(stats.alpha[2], (2.0 / 3 - 1.0 / 2) / 3, 1e-15);   // 1/18
  EXPECT_NEAR(stats.alpha[3], (-1.0 / 2 + 3.0 / 4) / 3, 1e-15);  // 1/12
  EXPECT_EQ(stats.alpha[0], 0.0);
  // Delta_s = (positive - negative occurrences) / count.
  EXPECT_NEAR(stats.delta[1], 1.0, 1e-15);
  EXPECT_NEAR(stats.delta[2], 1.0 / 3, 1e-15);
  EXPECT_NEAR(stats.delta[3], 0.5, 1e-15);
  EXPECT_EQ(stats.delta[0], 0.0);  // unseen token
}

TEST(FitLine, ExactOnALine) {
  const std::vector<double> x{-2, 0, 1, 3.5, 10};
  std::vector<double> y;
  for (double v : x) y.push_back(2.5 * v - 1);
  const LinearFit fit = FitLine(x, y);
  EXPECT_NEAR(fit.slope, 2.5, 1e-12);
  EXPECT_NEAR(fit.intercept, -1.0, 1e-12);
  EXPECT_NEAR(fit.r_squared, 1.0, 1e-12);
  EXPECT_EQ(fit.points, 5);
}

TEST(FitLine, LargeCommonOffsetDoesNotCancel) {
  // Naive sum-of-squares formulas lose every digit here; centered sums keep them.
  const std::vector<double> x{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4};
  const std::vector<double> y{3, 5, 7, 9};
  const LinearFit fit = FitLine(x, y);
  EXPECT_NEAR(fit.slope, 2.0, 1e-9);
  EXPECT_NEAR(fit.r_squared, 1.0, 1e-9);
}

TEST(FitLine, DegenerateInputsAreFiniteWithZeroSlope) {
  for (const LinearFit& fit :
       {FitLine({}, {}), FitLine({1.0}, {2.0}), FitLine({3, 3, 3}, {1, 2, 4})}) {
    EXPECT_EQ(fit.slope, 0.0);
    EXPECT_EQ(fit.r_squared, 0.0);
    EXPECT_TRUE(std::isfinite(fit.intercept));
  }
  EXPECT_NEAR(FitLine({3, 3, 3}, {1, 2, 6}).intercept, 3.0, 1e-15);  // mean(y)
  EXPECT_EQ(FitLine({1, 2, 3}, {5, 5, 5}).r_squared, 0.0);           // no variance in y
}

TEST(Spearman, AverageRanksForTiesMatchHandValue) {
  // Ranks x = (1, 2.5, 2.5, 4), y = (1, 3, 2, 4): r = 4.5 / sqrt(4.5 * 5) = 3 / sqrt(10).
  EXPECT_NEAR(SpearmanCorrelation({1, 2, 2, 3}, {10, 30, 20, 40}), 3 / std::sqrt(10.0), 1e-12);
  EXPECT_NEAR(SpearmanCorrelation({1, 2, 3}, {1, 8, 27}), 1.0, 1e-15);  // monotone
  EXPECT_NEAR(SpearmanCorrelation({1, 2, 3}, {3, 2, -5}), -1.0, 1e-15);
}

TEST(Spearman, DegenerateIsZeroNotNaN) {
  EXPECT_EQ(SpearmanCorrelation({1, 1, 1}, {1, 2, 3}), 0.0);
  EXPECT_EQ(SpearmanCorrelation({1}, {1}), 0.0);
  EXPECT_EQ(SpearmanCorrelation({}, {}), 0.0);
}

// Tokens 1..21 with Delta = (k - 11) / 10 (exactly symmetric) and count 50; token 0 is
// <unk> with a huge score, token 22 is too rare. Both must be ignored.
TokenStatistics SymmetricDeltas() {
  TokenStatistics stats;
  stats.count.assign(23, 50);
  stats.count[22] = 5;
  stats.alpha.assign(23, 0.0);
  stats.delta.assign(23, 0.0);
  for (int k = 1; k <= 21; ++k) stats.delta[k] = (k - 11) / 10.0;
  stats.delta[22] = 1.0;
  return stats;
}

TEST(UShape, AbsoluteDeltaScoresGiveUScoreOneAndSignedZero) {
  const TokenStatistics stats = SymmetricDeltas();
  std::vector<float> attention(23);
  for (int k = 0; k < 23; ++k) attention[k] = static_cast<float>(std::abs(stats.delta[k]));
  attention[0] = 100.0f;
  attention[22] = -100.0f;
  const UShape u = ComputeUShape(attention, stats, 20, 0);
  EXPECT_EQ(u.tokens, 21);
  EXPECT_NEAR(u.u_score, 1.0, 1e-12);
  EXPECT_NEAR(u.signed_score, 0.0, 1e-12);
  // Top 10% = 2 tokens with |Delta| = 1; bottom 50% = 10 tokens with |Delta| 0, .1, .1, .2,
  // .2, .3, .3, .4, .4, .5 (mean .25); std of |Delta| over 21 tokens from its moments.
  const double mean = 11.0 / 21, second = 7.7 / 21;
  EXPECT_NEAR(u.contrast, 0.75 / std::sqrt(second - mean * mean), 1e-5);  // float scores
}

TEST(UShape, MonotoneScoresGiveSignedOne) {
  const TokenStatistics stats = SymmetricDeltas();
  std::vector<float> attention(23);
  for (int k = 0; k < 23; ++k) attention[k] = static_cast<float>(3 * stats.delta[k] + 1);
  const UShape u = ComputeUShape(attention, stats, 20, 0);
  EXPECT_NEAR(u.signed_score, 1.0, 1e-12);
  EXPECT_NEAR(u.u_score, 0.0, 1e-12);
}

TEST(UShape, ConstantScoresAreAllZero) {
  const UShape u = ComputeUShape(std::vector<float>(23, 2.0f), SymmetricDeltas(), 20, 0);
  EXPECT_EQ(u.u_score, 0.0);
  EXPECT_EQ(u.signed_score, 0.0);
  EXPECT_EQ(u.contrast, 0.0);
}

}  // namespace
}  // namespace clslab
