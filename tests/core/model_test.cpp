// The analytic rank-two gradient of model.cpp against central finite differences of an
// independent, naive double-precision forward pass (gathers E_X per review, as THEORY.md
// writes the model), on tiny random problems with reviews of different lengths.
#include "clslab/model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "clslab/rng.h"

namespace clslab {
namespace {

// Naive reference: mean logistic loss in double, straight from the definitions.
double ReferenceLoss(const Eigen::MatrixXd& E, const Eigen::VectorXd& p, const Eigen::VectorXd& v,
                     const Corpus& corpus) {
  double total = 0;
  int reviews = 0;
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    const int32_t length = corpus.Length(i);
    if (length == 0) continue;
    Eigen::MatrixXd X(length, E.cols());  // T x d gather E_X
    for (int32_t t = 0; t < length; ++t) X.row(t) = E.row(corpus.token_ids[corpus.Begin(i) + t]);
    const Eigen::VectorXd a = X * p, b = X * v;
    const Eigen::VectorXd s = (a.array() - a.maxCoeff()).exp().matrix();
    const double f = s.dot(b) / s.sum();
    total += std::log1p(std::exp(-corpus.labels[i] * f));
    ++reviews;
  }
  return total / reviews;
}

struct Problem {
  Corpus corpus;
  Weights weights;
};

// V tokens, d width; review lengths 1..6 and one empty review (skipped by the loss).
Problem MakeProblem(uint64_t seed, int32_t vocab_size, int32_t d, int32_t reviews) {
  Rng rng(seed);
  Problem problem;
  problem.corpus.vocab_size = vocab_size;
  for (int32_t i = 0; i < reviews; ++i) {
    std::vector<int32_t> ids(i == 2 ? 0 : 1 + rng.Below(6));
    for (int32_t& id : ids) id = static_cast<int32_t>(rng.Below(vocab_size));
    problem.corpus.Add(ids, rng.Uniform() < 0.5 ? -1 : 1);
  }
  Weights& w = problem.weights;
  w.E.resize(vocab_size, d);
  for (int64_t k = 0; k < w.E.size(); ++k) w.E.data()[k] = static_cast<float>(0.7 * rng.Normal());
  w.p.resize(d);
  w.v.resize(d);
  for (int32_t j = 0; j < d; ++j) {
    w.p[j] = static_cast<float>(0.8 * rng.Normal());
    w.v[j] = static_cast<float>(0.8 * rng.Normal());
  }
  return problem;
}

// Central differences of the double reference at the float weights, step h = 1e-5:
// truncation error O(h^2) ~ 1e-10 and rounding O(1e-16 / h) ~ 1e-11, both far below the
// float-level tolerance used against the analytic gradient.
void ExpectGradientMatchesFiniteDifferences(const Problem& problem,
                                            const std::vector<int32_t>* batch) {
  Corpus covered;  // the reviews the loss is over, for the reference
  covered.vocab_size = problem.corpus.vocab_size;
  for (int32_t k = 0;
       k < (batch ? static_cast<int32_t>(batch->size()) : problem.corpus.NumReviews()); ++k) {
    const int32_t i = batch ? (*batch)[k] : k;
    std::vector<int32_t> ids(problem.corpus.token_ids.begin() + problem.corpus.Begin(i),
                             problem.corpus.token_ids.begin() + problem.corpus.End(i));
    covered.Add(ids, problem.corpus.labels[i]);
  }
  ModelWorkspace workspace;
  Gradient gradient;
  const LossAccuracy result = LossAndGradient(problem.weights, problem.corpus,
                                              ReviewSelection{batch}, &workspace, &gradient);
  Eigen::MatrixXd E = problem.weights.E.cast<double>();
  Eigen::VectorXd p = problem.weights.p.cast<double>(), v = problem.weights.v.cast<double>();
  // The float forward agrees with the double reference to float rounding.
  EXPECT_NEAR(result.loss, ReferenceLoss(E, p, v, covered), 1e-5);

  const double h = 1e-5;
  auto central = [&](double* x) {
    const double saved = *x;
    *x = saved + h;
    const double up = ReferenceLoss(E, p, v, covered);
    *x = saved - h;
    const double down = ReferenceLoss(E, p, v, covered);
    *x = saved;
    return (up - down) / (2 * h);
  };
  // Float analytic gradient vs double numeric: tolerance 2e-5 absolute + 1e-4 relative,
  // a few hundred float roundings of O(1) terms.
  auto expect_close = [](double analytic, double numeric, const char* what, int row, int col) {
    EXPECT_NEAR(analytic, numeric, 2e-5 + 1e-4 * std::abs(numeric))
        << what << " row " << row << " col " << col;
  };
  const int32_t d = problem.weights.width();
  std::vector<uint8_t> in_rows(problem.corpus.vocab_size, 0);
  for (int32_t s : gradient.rows) in_rows[s] = 1;
  for (int32_t s = 0; s < problem.corpus.vocab_size; ++s) {
    for (int32_t j = 0; j < d; ++j) {
      const double analytic =
          in_rows[s] ? gradient.coef_p[s] * p[j] + gradient.coef_v[s] * v[j] : 0.0;
      expect_close(analytic, central(&E(s, j)), "dE", s, j);
    }
  }
  for (int32_t j = 0; j < d; ++j) {
    expect_close(gradient.p[j], central(&p[j]), "dp", 0, j);
    expect_close(gradient.v[j], central(&v[j]), "dv", 0, j);
  }
}

TEST(Model, FullBatchGradientMatchesFiniteDifferences) {
  for (uint64_t seed : {1, 2, 3}) {
    ExpectGradientMatchesFiniteDifferences(MakeProblem(seed, 7, 5, 9), nullptr);
  }
}

TEST(Model, MiniBatchGradientMatchesFiniteDifferencesAndTouchesOnlyItsRows) {
  const Problem problem = MakeProblem(4, 12, 4, 10);
  const std::vector<int32_t> batch = {0, 3, 7};
  ExpectGradientMatchesFiniteDifferences(problem, &batch);
  ModelWorkspace workspace;
  Gradient gradient;
  LossAndGradient(problem.weights, problem.corpus, ReviewSelection{&batch}, &workspace, &gradient);
  std::vector<int32_t> expected;
  for (int32_t i : batch) {
    for (int32_t t = problem.corpus.Begin(i); t < problem.corpus.End(i); ++t) {
      expected.push_back(problem.corpus.token_ids[t]);
    }
  }
  std::sort(expected.begin(), expected.end());
  expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
  EXPECT_EQ(gradient.rows, expected);
}

// model.cpp shares one softmax shift M = max_s p.E_s across reviews; a review whose tokens
// all score ~900 below M would underflow (e^-900 = 0 in double) and must take the
// per-review shift instead. Token 0 scores 900 here; several reviews lack it.
TEST(Model, GradientMatchesFiniteDifferencesWhenAReviewScoresFarBelowTheTopToken) {
  Problem problem = MakeProblem(8, 7, 5, 9);
  Weights& w = problem.weights;
  w.E.row(0) = (900.0f / w.p.squaredNorm()) * w.p.transpose();
  int32_t without_top = 0;
  for (int32_t i = 0; i < problem.corpus.NumReviews(); ++i) {
    const auto begin = problem.corpus.token_ids.begin();
    without_top += problem.corpus.Length(i) > 0 &&
                   std::find(begin + problem.corpus.Begin(i), begin + problem.corpus.End(i), 0) ==
                       begin + problem.corpus.End(i);
  }
  ASSERT_GT(without_top, 0);
  ExpectGradientMatchesFiniteDifferences(problem, nullptr);
}

TEST(Model, ZeroQueryGivesUniformAttention) {
  Problem problem = MakeProblem(5, 6, 3, 4);
  problem.weights.p.setZero();
  for (int32_t i = 0; i < problem.corpus.NumReviews(); ++i) {
    std::vector<float> weights;
    ReviewLogit(problem.weights, problem.corpus, i, &weights);
    for (float w : weights) EXPECT_FLOAT_EQ(w, 1.0f / problem.corpus.Length(i));
  }
}

TEST(Model, SkipsEmptyReviewsInTheMean) {
  Problem problem = MakeProblem(6, 5, 3, 4);  // review 2 is empty
  ModelWorkspace workspace;
  const LossAccuracy result =
      LossAndGradient(problem.weights, problem.corpus, {}, &workspace, nullptr);
  EXPECT_EQ(result.reviews, 3);
}

TEST(Model, LossStaysFiniteForHugeLogits) {
  Problem problem = MakeProblem(7, 5, 3, 6);
  problem.weights.v *= 1e6f;  // |f| ~ 1e6: exp(-y f) overflows if computed naively
  ModelWorkspace workspace;
  Gradient gradient;
  const LossAccuracy result =
      LossAndGradient(problem.weights, problem.corpus, {}, &workspace, &gradient);
  EXPECT_TRUE(std::isfinite(result.loss));
  EXPECT_TRUE(gradient.p.allFinite());
}

}  // namespace
}  // namespace clslab
