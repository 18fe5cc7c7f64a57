// The fast paths of the step against references: the full-batch loss and gradient (token
// scalars in float, token-major occurrence sums) against a double-precision reference on a
// corpus with long reviews and large N; the token-major gather against the per-occurrence
// scatter; the optimizer's fused dL/dp against the separate pass; the preview of the step
// on E against scoring the written E. Finite differences are in model_test.cpp.
// Legend: V vocabulary, d width, n reviews, N tokens.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "clslab/model.h"
#include "clslab/optimizer.h"
#include "clslab/rng.h"

namespace clslab {
namespace {

// n reviews of lengths up to max_length (log-uniform, so long and short ones), token ids
// Zipf-like over V (rank k with weight 1 / (k + 1)), random labels.
Corpus LongReviews(int32_t reviews, int32_t max_length, int32_t vocab_size, Rng* rng) {
  std::vector<double> cdf(vocab_size);
  double total = 0;
  for (int32_t k = 0; k < vocab_size; ++k) cdf[k] = total += 1.0 / (k + 1);
  Corpus corpus;
  corpus.vocab_size = vocab_size;
  for (int32_t i = 0; i < reviews; ++i) {
    const int32_t length = static_cast<int32_t>(std::exp(rng->Uniform() * std::log(max_length)));
    std::vector<int32_t> ids(length);
    for (int32_t& id : ids) {
      id = static_cast<int32_t>(std::lower_bound(cdf.begin(), cdf.end(), rng->Uniform() * total) -
                                cdf.begin());
      id = std::min(id, vocab_size - 1);
    }
    corpus.Add(ids, rng->Uniform() < 0.5 ? -1 : 1);
  }
  return corpus;
}

Weights RandomWeights(int32_t vocab_size, int32_t d, double scale, Rng* rng) {
  Weights w;
  w.E.resize(vocab_size, d);
  for (int64_t k = 0; k < w.E.size(); ++k)
    w.E.data()[k] = static_cast<float>(scale * rng->Normal());
  w.p.resize(d);
  w.v.resize(d);
  for (int32_t j = 0; j < d; ++j) {
    w.p[j] = static_cast<float>(scale * rng->Normal());
    w.v[j] = static_cast<float>(scale * rng->Normal());
  }
  return w;
}

// Loss and gradient coefficients straight from THEORY.md in double, one review at a time
// with its own softmax shift: coef_v[s] = sum_i g_i sum_{t: x_t = s} s_t and
// coef_p[s] = sum_i g_i sum_{t: x_t = s} s_t (b_t - f_i), g_i = -y_i sigma(-y_i f_i) / n.
struct Reference {
  double loss = 0;
  std::vector<double> coef_p, coef_v;  // V each
};

Reference ReferenceGradient(const Weights& weights, const Corpus& corpus) {
  const int32_t vocab_size = weights.vocab_size();
  const Eigen::MatrixXd E = weights.E.cast<double>();  // V x d
  const Eigen::VectorXd a = E * weights.p.cast<double>(), b = E * weights.v.cast<double>();
  Reference ref;
  ref.coef_p.assign(vocab_size, 0.0);
  ref.coef_v.assign(vocab_size, 0.0);
  int32_t reviews = 0;
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) reviews += corpus.Length(i) > 0;
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    if (corpus.Length(i) == 0) continue;
    double top = -1e300;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t)
      top = std::max(top, a[corpus.token_ids[t]]);
    double z = 0, f = 0;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const double w = std::exp(a[corpus.token_ids[t]] - top);
      z += w;
      f += w * b[corpus.token_ids[t]];
    }
    f /= z;
    const double y = corpus.labels[i];
    ref.loss += std::log1p(std::exp(-y * f)) / reviews;
    const double g = -y / (1 + std::exp(y * f)) / reviews;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      const double share = std::exp(a[s] - top) / z;
      ref.coef_v[s] += g * share;
      ref.coef_p[s] += g * share * (b[s] - f);
    }
  }
  return ref;
}

double MaxAbsDifference(const std::vector<double>& x, const std::vector<double>& y) {
  double worst = 0;
  for (size_t k = 0; k < x.size(); ++k) worst = std::max(worst, std::abs(x[k] - y[k]));
  return worst;
}

double MaxAbs(const std::vector<double>& x) {
  double largest = 0;
  for (double value : x) largest = std::max(largest, std::abs(value));
  return largest;
}

bool SameBytes(const Weights& a, const Weights& b) {
  return a.E.size() == b.E.size() &&
         std::memcmp(a.E.data(), b.E.data(), sizeof(float) * a.E.size()) == 0 &&
         std::memcmp(a.p.data(), b.p.data(), sizeof(float) * a.p.size()) == 0 &&
         std::memcmp(a.v.data(), b.v.data(), sizeof(float) * a.v.size()) == 0;
}

TEST(ModelPrecision, FullBatchMatchesADoubleReferenceOnLongReviewsAndLargeN) {
  Rng rng(12);
  const Corpus corpus = LongReviews(600, 5000, 400, &rng);  // N ~ 350,000, reviews to 5,000
  ASSERT_GT(corpus.NumTokens(), 200000);
  const Weights weights = RandomWeights(400, 16, 0.5, &rng);
  const TokenOccurrences occurrences = TransposeCorpus(corpus);
  ReviewSelection all;
  all.occurrences = &occurrences;
  ModelWorkspace workspace;
  Gradient gradient;
  const LossAccuracy fast = LossAndGradient(weights, corpus, all, &workspace, &gradient);
  const Reference ref = ReferenceGradient(weights, corpus);
  // The fast path differs from the reference by the float token scalars p.E_s and v.E_s:
  // each a d-long float dot product, relative error at most about d 2^-24 ~ 1e-6 of
  // |E_s||p| (typically far less), which moves the softmax weights and f_i by as much. The
  // sums are in double and add ~1e-16 per term even over hundreds of thousands of
  // occurrences. Measured: 8e-10 relative on the loss, 1.3e-7 of the largest coefficient;
  // the bounds leave a factor of about 10.
  EXPECT_NEAR(fast.loss, ref.loss, 1e-8 * ref.loss);
  EXPECT_LE(MaxAbsDifference(gradient.coef_v, ref.coef_v), 1e-6 * MaxAbs(ref.coef_v));
  EXPECT_LE(MaxAbsDifference(gradient.coef_p, ref.coef_p), 1e-6 * MaxAbs(ref.coef_p));

  // Token-major gather and per-occurrence scatter: the same double sums in another order
  // (measured 2e-13 of the largest coefficient apart).
  Gradient scattered;
  const LossAccuracy slow = LossAndGradient(weights, corpus, {}, &workspace, &scattered);
  EXPECT_EQ(slow.loss, fast.loss);  // the forward pass is the same code
  EXPECT_LE(MaxAbsDifference(gradient.coef_v, scattered.coef_v), 1e-12 * MaxAbs(ref.coef_v));
  EXPECT_LE(MaxAbsDifference(gradient.coef_p, scattered.coef_p), 1e-12 * MaxAbs(ref.coef_p));
  for (int32_t j = 0; j < weights.width(); ++j) {
    EXPECT_NEAR(gradient.p[j], scattered.p[j], 1e-6 * (1e-6 + std::abs(scattered.p[j])));
  }
}

TEST(ModelPrecision, OccurrencesOfAnotherCorpusAreIgnored) {
  Rng rng(3);
  const Corpus corpus = LongReviews(50, 100, 40, &rng);
  const Corpus other = LongReviews(60, 100, 40, &rng);
  const TokenOccurrences wrong = TransposeCorpus(other);  // another N: must not be used
  const Weights weights = RandomWeights(40, 4, 0.5, &rng);
  ReviewSelection mismatched;
  mismatched.occurrences = &wrong;
  ModelWorkspace workspace;
  Gradient with, without;
  LossAndGradient(weights, corpus, mismatched, &workspace, &with);
  LossAndGradient(weights, corpus, {}, &workspace, &without);
  EXPECT_EQ(with.coef_v, without.coef_v);
  EXPECT_EQ(with.coef_p, without.coef_p);
}

TEST(ModelPrecision, FusedDenseGradientGivesTheSameWeightsToTheBit) {
  Rng rng(5);
  const Corpus corpus = LongReviews(200, 300, 120, &rng);
  const Weights start = RandomWeights(120, 12, 0.5, &rng);
  for (OptimizerKind kind : {OptimizerKind::kGradientDescent, OptimizerKind::kAdam}) {
    for (bool train_v : {false, true}) {
      Weights separate = start, fused = start;
      ModelWorkspace workspace;
      Gradient gradient;
      Optimizer a(kind, 0.05), b(kind, 0.05);
      for (int step = 0; step < 3; ++step) {  // Adam: moments carried between steps too
        LossAndGradient(separate, corpus, {}, &workspace, &gradient, false);
        ASSERT_TRUE(a.Apply(gradient, {true, true, train_v}, &separate).ok());
        LossAndGradient(fused, corpus, {}, &workspace, &gradient, true);
        ASSERT_TRUE(gradient.dense_deferred);
        ASSERT_TRUE(b.Apply(gradient, {true, true, train_v}, &fused).ok());
      }
      EXPECT_TRUE(SameBytes(separate, fused)) << "kind " << static_cast<int>(kind);
      EXPECT_FALSE(SameBytes(separate, start));
    }
  }
}

TEST(ModelPrecision, PreviewOfTheStepOnEIsTheWrittenEToTheBit) {
  Rng rng(9);
  const Corpus corpus = LongReviews(150, 400, 90, &rng);
  Weights weights = RandomWeights(90, 10, 0.5, &rng);
  weights.p.setZero();  // as in the paper protocol's first step
  ModelWorkspace workspace;
  Gradient gradient;
  LossAndGradient(weights, corpus, {}, &workspace, &gradient, true);
  Optimizer step(OptimizerKind::kGradientDescent, 500);
  TokenScalars preview;
  ASSERT_TRUE(step.PreviewScalars(gradient, weights, &preview).ok());
  const Weights before = weights;
  EXPECT_TRUE(SameBytes(weights, before));  // nothing written by the preview
  const double previewed = LossFromTokenScalars(preview, corpus, &workspace).loss;
  ASSERT_TRUE(step.Apply(gradient, {true, false, false}, &weights).ok());
  const TokenScalars written = ComputeTokenScalars(weights);
  EXPECT_EQ(preview.attention, written.attention);
  EXPECT_EQ(preview.value, written.value);
  EXPECT_EQ(previewed, LossAndGradient(weights, corpus, {}, &workspace, nullptr).loss);
  EXPECT_FALSE(SameBytes(weights, before));
}

TEST(ModelPrecision, PreviewRefusesWhatApplyRefuses) {
  Rng rng(10);
  const Corpus corpus = LongReviews(40, 50, 30, &rng);
  Weights weights = RandomWeights(30, 4, 0.5, &rng);
  ModelWorkspace workspace;
  Gradient gradient;
  LossAndGradient(weights, corpus, {}, &workspace, &gradient, true);
  Optimizer huge(OptimizerKind::kGradientDescent, 1e30);
  TokenScalars preview;
  const Status previewed = huge.PreviewScalars(gradient, weights, &preview);
  const Status applied = huge.Apply(gradient, {true, false, false}, &weights);
  EXPECT_FALSE(previewed.ok());
  EXPECT_FALSE(applied.ok());
  EXPECT_EQ(previewed.message(), applied.message());
}

}  // namespace
}  // namespace clslab
