// The gradient where the softmax saturates (THEORY.md, "Computing the flow accurately"):
// every review's weights e^{a_t - a_tau} are far below 1, so the naive form
// sum_t s_t (b_t - f) E_t, with f dominated by b_tau, has no correct digit in double. The
// model's coefficients are compared with references in quad precision (__float128, 113-bit
// significand), where the naive form still keeps 13 digits at the gaps used here.
//
// The data are dyadic (E in multiples of 1/4, v of 1/2, p integers), so
// the float scores a_s = p.E_s and values b_s = v.E_s are exact and both sides start from the
// same numbers: the comparison measures the formula, not the float scores.
// Legend: V vocabulary, d width, n reviews.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "clslab/model.h"
#include "clslab/rng.h"
#include "clslab/trainer.h"

namespace clslab {
namespace {

using Quad = __float128;

// 2^k in quad, exactly (|k| < 16382).
Quad QuadPowerOfTwo(int k) {
  Quad result = 1, base = k < 0 ? Quad(0.5) : Quad(2);
  for (int e = std::abs(k); e > 0; e >>= 1, base *= base) {
    if (e & 1) result *= base;
  }
  return result;
}

// e^x for x <= 0 in quad to double's relative accuracy (1e-16: the weights need no more,
// only the sums that cancel do): x = k ln 2 + rest, e^rest in double, 2^k exactly.
Quad QuadExp(double x) {
  const int k = static_cast<int>(std::floor(x / std::log(2.0) + 0.5));
  return Quad(std::exp(x - k * std::log(2.0))) * QuadPowerOfTwo(k);
}

struct Problem {
  Corpus corpus;
  Weights weights;
  double smallest_gap = 0;  // min over reviews of a_tau - a_runner-up, at p
  double largest_gap = 0;   // max of the same
};

// V tokens, d width, n reviews of 2..6 tokens with at least two distinct tokens and no tie
// between the leading score and another token's. p = c p0 with c the smallest whole number
// that puts every review's leading gap at `min_gap` or more.
Problem SaturatedProblem(uint64_t seed, double min_gap) {
  constexpr int32_t kVocab = 8, kWidth = 6, kReviews = 12;
  Rng rng(seed);
  Problem problem;
  Weights& w = problem.weights;
  w.E.resize(kVocab, kWidth);
  w.p.resize(kWidth);
  w.v.resize(kWidth);
  for (int64_t k = 0; k < w.E.size(); ++k) {
    w.E.data()[k] = (static_cast<float>(rng.Below(9)) - 4) / 4;
  }
  for (int32_t j = 0; j < kWidth; ++j) {
    w.v[j] = (static_cast<float>(rng.Below(7)) - 3) / 2;
    w.p[j] = static_cast<float>(rng.Below(11)) - 5;
  }
  const Eigen::VectorXf a0 = w.E * w.p;  // V, exact: small integers times quarters
  problem.corpus.vocab_size = kVocab;
  double smallest = 1e300, largest = 0;
  while (problem.corpus.NumReviews() < kReviews) {
    std::vector<int32_t> ids(2 + rng.Below(5));
    for (int32_t& id : ids) id = static_cast<int32_t>(rng.Below(kVocab));
    int32_t leader = ids[0];
    for (int32_t s : ids) leader = a0[s] > a0[leader] ? s : leader;
    double gap = 1e300;  // a_tau - a_s over the other tokens
    for (int32_t s : ids) {
      if (s != leader) gap = std::min(gap, static_cast<double>(a0[leader] - a0[s]));
    }
    if (!(gap > 0) || gap == 1e300) continue;  // a tie, or one token only: draw again
    smallest = std::min(smallest, gap);
    largest = std::max(largest, gap);
    problem.corpus.Add(ids, rng.Uniform() < 0.5 ? -1 : 1);
  }
  const float scale = std::ceil(min_gap / smallest);  // the gaps: [min_gap, min_gap + smallest)
  w.p *= scale;                                       // exact: integers times quarters
  problem.smallest_gap = scale * smallest;
  problem.largest_gap = scale * largest;
  return problem;
}

// Per review: leader tau, f - b_tau and the loss's excess, from a quad reference; and
// coef_p, coef_v (V each) of the mean loss, times 2^-scale_exponent for coef_p.
struct Reference {
  std::vector<double> coef_p, coef_v;
  double loss = 0;
  double scaled_excess = 0;  // mean of l(y f) - l(y b_tau), times 2^-scale_exponent
};

// The naive form of THEORY.md, s_t = w_t / Z and coef_p[s] += g s_t (b_t - f), with every
// sum in quad: f = F / Z carries 1e-34 |b| of rounding, so b_tau - f, ~e^-gap |b|, keeps 16
// digits for gaps up to ~41 and 13 at 46.
Reference NaiveQuadReference(const Problem& problem) {
  const Corpus& corpus = problem.corpus;
  const Weights& w = problem.weights;
  const Eigen::VectorXf a = w.E * w.p, b = w.E * w.v;  // V, exact
  const int32_t n = corpus.NumReviews();
  std::vector<Quad> coef_p(corpus.vocab_size, 0), coef_v(corpus.vocab_size, 0);
  Reference ref;
  for (int32_t i = 0; i < n; ++i) {
    double top = -1e300;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t)
      top = std::max<double>(top, a[corpus.token_ids[t]]);
    Quad z = 0, weighted = 0;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      const Quad weight = QuadExp(a[s] - top);
      z += weight;
      weighted += weight * Quad(b[s]);
    }
    const Quad f = weighted / z;
    const double y = corpus.labels[i], margin = y * static_cast<double>(f);
    ref.loss += std::log1p(std::exp(-margin)) / n;
    const Quad g = Quad(-y / (1 + std::exp(margin)) / n);
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      const Quad share = QuadExp(a[s] - top) / z;
      coef_v[s] += g * share;
      coef_p[s] += g * share * (Quad(b[s]) - f);
    }
  }
  for (int32_t s = 0; s < corpus.vocab_size; ++s) {
    ref.coef_p.push_back(static_cast<double>(coef_p[s]));
    ref.coef_v.push_back(static_cast<double>(coef_v[s]));
  }
  return ref;
}

// The leader-relative form in quad, with every weight and coef_p times 2^-scale_exponent:
// for gaps where no fixed precision resolves the naive form (e^-1000 against b ~ 1). An
// implementation of its own (positions, not tokens; quad, not split exponents) of the form
// the naive reference checks above.
Reference LeaderRelativeQuadReference(const Problem& problem, int scale_exponent) {
  const Corpus& corpus = problem.corpus;
  const Weights& w = problem.weights;
  const Eigen::VectorXf a = w.E * w.p, b = w.E * w.v;  // V, exact
  const int32_t n = corpus.NumReviews();
  const Quad unscale = QuadPowerOfTwo(-scale_exponent);
  std::vector<Quad> coef_p(corpus.vocab_size, 0), coef_v(corpus.vocab_size, 0);
  Reference ref;
  Quad excess = 0;
  for (int32_t i = 0; i < n; ++i) {
    int32_t leader = corpus.token_ids[corpus.Begin(i)];
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      if (a[corpus.token_ids[t]] > a[leader]) leader = corpus.token_ids[t];
    }
    Quad z = 0, shift = 0;  // Z and Z (f - b_tau)
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      const Quad weight = QuadExp(static_cast<double>(a[s]) - a[leader]);
      z += weight;
      shift += weight * (Quad(b[s]) - Quad(b[leader]));
    }
    const Quad delta = shift / z;  // f - b_tau, ~e^-gap
    const double y = corpus.labels[i], margin = y * b[leader];
    const double sigma = 1 / (1 + std::exp(margin));  // sigma(-y b_tau) = sigma(-y f) here
    ref.loss += std::log1p(std::exp(-margin)) / n;    // to double: f = b_tau
    // l(y f) - l(y b_tau) = sigma (-y delta) to first order; the next term is e^-2gap.
    excess += Quad(sigma) * Quad(-y) * delta * unscale / n;
    const Quad g = Quad(-y * sigma / n);
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      const Quad share = QuadExp(static_cast<double>(a[s]) - a[leader]) / z;
      coef_v[s] += g * share;
      coef_p[s] += g * share * ((Quad(b[s]) - Quad(b[leader])) - delta) * unscale;
    }
  }
  for (int32_t s = 0; s < corpus.vocab_size; ++s) {
    ref.coef_p.push_back(static_cast<double>(coef_p[s]));
    ref.coef_v.push_back(static_cast<double>(coef_v[s]));
  }
  ref.scaled_excess = static_cast<double>(excess);
  return ref;
}

double MaxAbs(const std::vector<double>& x) {
  double largest = 0;
  for (double value : x) largest = std::max(largest, std::abs(value));
  return largest;
}

double MaxAbsDifference(const std::vector<double>& x, const std::vector<double>& y) {
  double worst = 0;
  for (size_t k = 0; k < x.size(); ++k) worst = std::max(worst, std::abs(x[k] - y[k]));
  return worst;
}

// dL/dp = sum_s coef_p[s] E_s (d), in double.
Eigen::VectorXd DenseFromCoefficients(const Weights& w, const std::vector<double>& coef_p) {
  Eigen::VectorXd p = Eigen::VectorXd::Zero(w.width());
  for (int32_t s = 0; s < w.vocab_size(); ++s)
    p += coef_p[s] * w.E.row(s).cast<double>().transpose();
  return p;
}

double Cosine(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  return x.dot(y) / (x.norm() * y.norm());
}

// Smallest gaps of 40-46 (the largest terms of dL/dp are e^-40 ~ 4e-18 of |b|), below
// double's rounding of f (1e-16 |b|): the naive double form gets the leading tokens'
// coefficients wrong by more than their size, and dL/dp's direction with them. Checked on the
// arithmetic of before the leader-relative form: it failed here (the direction at cosine
// -0.73 from the reference's, coefficients off by 1e12 times the tolerance).
TEST(ModelSaturation, GradientMatchesQuadPrecisionWhereTheNaiveDoubleFormHasNoDigit) {
  for (uint64_t seed : {1, 2, 3, 4}) {
    const Problem problem = SaturatedProblem(seed, 40);
    ASSERT_GE(problem.smallest_gap, 40);
    ASSERT_LE(problem.smallest_gap, 46) << "the quad reference needs gaps below ~46";
    const Reference ref = NaiveQuadReference(problem);
    ModelWorkspace workspace;
    Gradient gradient;
    // The full batch with the corpus transposed (the trainer's path) and the scatter path.
    const TokenOccurrences occurrences = TransposeCorpus(problem.corpus);
    ReviewSelection transposed;
    transposed.occurrences = &occurrences;
    for (ReviewSelection selection : {transposed, ReviewSelection{}}) {
      const LossAccuracy result =
          LossAndGradient(problem.weights, problem.corpus, selection, &workspace, &gradient);
      EXPECT_NEAR(result.loss, ref.loss, 1e-15) << "seed " << seed;
      // The coefficients (the joint protocol's dL/dE_s = coef_p[s] p + coef_v[s] v, and the
      // flow's dL/dp): 1e-12 of the largest, where the leading ones are ~1e-20 in size.
      EXPECT_LE(MaxAbsDifference(gradient.coef_p, ref.coef_p), 1e-12 * MaxAbs(ref.coef_p))
          << "seed " << seed;
      EXPECT_LE(MaxAbsDifference(gradient.coef_v, ref.coef_v), 1e-14 * MaxAbs(ref.coef_v))
          << "seed " << seed;
      // dL/dp in float: its direction to float rounding.
      const Eigen::VectorXd expected = DenseFromCoefficients(problem.weights, ref.coef_p);
      EXPECT_GT(Cosine(gradient.p.cast<double>(), expected), 1 - 1e-12) << "seed " << seed;
      EXPECT_NEAR(gradient.p.cast<double>().norm(), expected.norm(), 1e-6 * expected.norm());
    }
  }
}

// Gaps of 720 and more: every e^{a_t - a_tau} but the leaders' is below the smallest double.
// Unscaled, dL/dp underflows to zero (a flow would read it as stationary); with a chosen
// scale its direction, its coefficients times 2^-K and the loss's excess times 2^-K match the
// quad reference.
TEST(ModelSaturation, AChosenScaleKeepsTheDirectionWhenEveryWeightUnderflows) {
  for (uint64_t seed : {1, 2, 3, 4}) {
    const Problem problem = SaturatedProblem(seed, 720);
    ASSERT_GE(problem.smallest_gap, 720);
    ModelWorkspace workspace;
    Gradient gradient;
    LossAndGradient(problem.weights, problem.corpus, {}, &workspace, &gradient);
    EXPECT_EQ(gradient.p.cast<double>().norm(), 0) << "the true dL/dp is below 1e-312";

    const TokenOccurrences occurrences = TransposeCorpus(problem.corpus);
    ReviewSelection transposed;
    transposed.occurrences = &occurrences;
    for (ReviewSelection selection : {transposed, ReviewSelection{}}) {
      const LossAccuracy result =
          LossAndGradient(problem.weights, problem.corpus, selection, &workspace, &gradient, false,
                          GradientScale{true, 0});
      // 2^K about the largest weight e^-smallest_gap: within a factor of 2.
      EXPECT_NEAR(gradient.p_exponent * std::log(2.0), -problem.smallest_gap, std::log(2.0) + 1e-9);
      EXPECT_EQ(result.scale_exponent, gradient.p_exponent);
      EXPECT_LT(std::abs(result.excess), 1e-300) << "unscaled, below the normal doubles";
      const Reference ref = LeaderRelativeQuadReference(problem, gradient.p_exponent);
      EXPECT_LE(MaxAbsDifference(gradient.coef_p, ref.coef_p), 1e-12 * MaxAbs(ref.coef_p));
      EXPECT_GT(MaxAbs(ref.coef_p), 1e-30) << "scaled to about 1 / n";
      EXPECT_LE(MaxAbsDifference(gradient.coef_v, ref.coef_v), 1e-14 * MaxAbs(ref.coef_v));
      const Eigen::VectorXd expected = DenseFromCoefficients(problem.weights, ref.coef_p);
      EXPECT_GT(Cosine(gradient.p.cast<double>(), expected), 1 - 1e-12);
      EXPECT_NEAR(result.scaled_excess, ref.scaled_excess, 1e-12 * std::abs(ref.scaled_excess));
      EXPECT_NEAR(result.loss, ref.loss, 1e-15);
      EXPECT_EQ(result.loss, result.floor);
    }
  }
}

// The flow on p at such a point: a normalized step moves p by r along -dL/dp, and an Armijo
// step, comparing the loss's excesses on the gradient's scale, lowers the excess; neither
// stops or stands still, although the loss reads the same to the last digit.
TEST(ModelSaturation, TheFlowKeepsMovingWhereTheLossNoLongerChangesInDouble) {
  const Problem problem = SaturatedProblem(2, 720);
  for (FlowStep rule : {FlowStep::kNormalized, FlowStep::kArmijo}) {
    TrainerOptions options;
    options.width = problem.weights.width();
    options.flow_step = rule;
    options.flow_rate = 0.5;
    Trainer trainer(&problem.corpus, options);
    trainer.Restore(problem.weights, 2, Phase::kFlow);
    ModelWorkspace workspace;
    Gradient gradient;
    const LossAccuracy before = LossAndGradient(problem.weights, problem.corpus, {}, &workspace,
                                                &gradient, false, GradientScale{true, 0});
    const Eigen::VectorXd direction = -gradient.p.cast<double>().normalized();
    // Armijo's step as a run that got here would hold it: t ~ r / ||dL/dp||, far above the
    // double range (t = (r / ||g~||) 2^-K).
    TrainerState state = trainer.SaveState();
    state.flow_step_length = 0.5 / gradient.p.cast<double>().norm();
    state.flow_step_exponent = -gradient.p_exponent;
    ASSERT_TRUE(trainer.RestoreState(state).ok());
    const StepOutcome outcome = trainer.StepFlow(1);
    ASSERT_EQ(outcome.taken, 1) << outcome.message;
    const Eigen::VectorXd moved = (trainer.weights().p - problem.weights.p).cast<double>();  // d
    EXPECT_GT(Cosine(moved, direction), 1 - 1e-6);
    if (rule == FlowStep::kNormalized) EXPECT_NEAR(moved.norm(), 0.5, 1e-4);
    const LossAccuracy after =
        LossAndGradient(trainer.weights(), problem.corpus, {}, &workspace, nullptr, false,
                        GradientScale{false, before.scale_exponent});
    EXPECT_EQ(after.loss, before.loss) << "the same to the last digit";
    EXPECT_LT(after.scaled_excess, before.scaled_excess);
  }
}

}  // namespace
}  // namespace clslab
