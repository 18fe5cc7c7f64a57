// Result 2's rate on log axes: 1 - cos(p, p_mm) computed without cancellation, so it keeps its
// digits where p is all but parallel to p_mm (the naive 1 - cos has none there), and the
// measured slope of log(1 - cos) on log(step) that the rate chart's subtitle states.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "clslab/guidance.h"
#include "clslab/messages.h"
#include "run/run_view.h"

namespace clslab {
namespace {

// 1 - cos(a, b) of float vectors by Lagrange's identity: |a|^2 |b|^2 - (a.b)^2 =
// sum_{i<j} (a_i b_j - a_j b_i)^2, each product of two floats exact in double, so no term
// cancels; then 1 - cos = that / (|a| |b| (|a| |b| + a.b)). A reference that shares nothing
// with OneMinusCosine's formula.
double LagrangeOneMinusCosine(const Eigen::VectorXf& a, const Eigen::VectorXf& b) {
  long double cross = 0, aa = 0, bb = 0, ab = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    aa += static_cast<long double>(a[i]) * a[i];
    bb += static_cast<long double>(b[i]) * b[i];
    ab += static_cast<long double>(a[i]) * b[i];
    for (Eigen::Index j = i + 1; j < a.size(); ++j) {
      const long double c = static_cast<double>(a[i]) * b[j] - static_cast<double>(a[j]) * b[i];
      cross += c * c;
    }
  }
  const long double norms = std::sqrt(aa) * std::sqrt(bb);
  return static_cast<double>(cross / (norms * (norms + ab)));
}

Eigen::VectorXf RandomVector(int32_t d, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  Eigen::VectorXf v(d);
  for (int32_t i = 0; i < d; ++i) v[i] = normal(rng);
  return v;
}

TEST(OneMinusCosine, KeepsItsDigitsWhereTheNaiveFormHasNone) {
  // p_mm-like a, and b = a with `nudged` components moved by one float ulp each: the angle
  // is about 1e-9 at d = 1,024, 1 - cos about 1e-18, far below double's 1.1e-16 around 1.
  for (const int nudged : {1, 3, 10}) {
    for (uint32_t seed = 1; seed <= 4; ++seed) {
      const Eigen::VectorXf a = RandomVector(1024, seed);
      Eigen::VectorXf b = a;
      for (int k = 0; k < nudged; ++k) b[k * 97] = std::nextafter(b[k * 97], 1e9f);
      const double reference = LagrangeOneMinusCosine(a, b);
      ASSERT_GT(reference, 0);
      ASSERT_LT(reference, 1e-15) << "the regime where 1 - cos rounds away in double";
      EXPECT_NEAR(OneMinusCosine(a, b), reference, 1e-6 * reference)
          << nudged << " nudged, seed " << seed;
      // The naive form: no correct digit (0, or a multiple of double's spacing near 1).
      const double naive = 1 - Cosine(a, b);
      EXPECT_FALSE(std::abs(naive - reference) < 0.5 * reference) << naive << " vs " << reference;
    }
  }
}

TEST(OneMinusCosine, AgreesWithTheCosineAwayFromSaturationAndAtItsEnds) {
  for (uint32_t seed = 1; seed <= 4; ++seed) {
    const Eigen::VectorXf a = RandomVector(256, seed), b = RandomVector(256, seed + 100);
    EXPECT_NEAR(OneMinusCosine(a, b), 1 - Cosine(a, b), 1e-12);
    EXPECT_NEAR(OneMinusCosine(a, b), LagrangeOneMinusCosine(a, b), 1e-12);
    // At the 1e-8 the rate chart reaches by step 10,000: most of double's digits.
    Eigen::VectorXf c = a + 1e-4f * (b - a.dot(b) / a.squaredNorm() * a);
    const double reference = LagrangeOneMinusCosine(a, c);
    ASSERT_GT(reference, 1e-10);
    ASSERT_LT(reference, 1e-7);
    EXPECT_NEAR(OneMinusCosine(a, c), reference, 1e-9 * reference);
    EXPECT_NEAR(OneMinusCosine(a, a), 0, 1e-30);
    EXPECT_NEAR(OneMinusCosine(a, -a), 2, 1e-12);
  }
  EXPECT_EQ(OneMinusCosine(Eigen::VectorXf::Zero(8), RandomVector(8, 1)), 0);
}

// A history of 1 - cos(p, p_mm) = c step^slope at log-spaced steps to `last`.
GuidanceInputs PowerLawRun(double c, double slope, int64_t last) {
  GuidanceInputs in;
  std::vector<int64_t> steps;
  for (int64_t step = 1; step < last; step = std::max(step + 1, step * 6 / 5)) {
    steps.push_back(step);
  }
  if (last > 0) steps.push_back(last);
  for (const int64_t step : steps) {
    Metrics m;
    m.step = step;
    m.phase = Phase::kFlow;
    m.has_max_margin = true;
    m.one_minus_cosine_to_max_margin = c * std::pow(static_cast<double>(step), slope);
    m.cosine_to_max_margin = 1 - m.one_minus_cosine_to_max_margin;
    in.history.push_back(m);
  }
  if (!in.history.empty()) in.metrics = in.history.back();
  return in;
}

TEST(DirectionRate, MeasuresTheSlopeOfAPowerLawOverTheRecentWindow) {
  for (const double slope : {-2.0, -0.5, -0.05, 0.3}) {
    const GuidanceInputs in = PowerLawRun(0.04, slope, 3000);
    const DirectionRate rate = MeasureDirectionRate(in);
    ASSERT_TRUE(rate.measured) << slope;
    EXPECT_NEAR(rate.slope, slope, 1e-9);
    EXPECT_EQ(rate.to_step, 3000);
    EXPECT_GE(rate.from_step, 3000 / kRateWindow);
    EXPECT_LE(rate.from_step, 3000 / kRateSpan);
    EXPECT_GE(rate.points, kRatePoints);
    const Finding f = Explain(in).rate;
    EXPECT_EQ(f.code, "rate-measured");
    EXPECT_EQ(f.panel, "rate");
    EXPECT_EQ(f.Number("slope"), rate.slope);
    EXPECT_EQ(f.Arg("direction")->text, slope < 0 ? "falls" : "rises");
    std::string why;
    EXPECT_TRUE(ClaimHolds(in, f, &why)) << why;
  }
}

TEST(DirectionRate, FitsOnlyWhatWasMeasuredAgainstAp_mm) {
  GuidanceInputs in = PowerLawRun(0.04, -2, 3000);
  // The window's points without a p_mm (or at a gap of exactly 0) are not fitted.
  int32_t dropped = 0;
  for (Metrics& m : in.history) {
    if (m.step >= 750 && m.step < 3000 && (m.step % 2 == 0)) {
      m.has_max_margin = false;
      ++dropped;
    }
  }
  const int32_t all = MeasureDirectionRate(PowerLawRun(0.04, -2, 3000)).points;
  EXPECT_EQ(MeasureDirectionRate(in).points, all - dropped);
  EXPECT_NEAR(MeasureDirectionRate(in).slope, -2, 1e-9);
  // Too short a window, too few points, or no p_mm at all: not measured, and said so.
  for (const GuidanceInputs& short_run :
       {PowerLawRun(0.04, -2, 3), PowerLawRun(0.04, -2, 1), GuidanceInputs{}}) {
    EXPECT_FALSE(MeasureDirectionRate(short_run).measured);
    const Finding f = Explain(short_run).rate;
    EXPECT_EQ(f.code, "rate-unmeasured");
    std::string why;
    EXPECT_TRUE(ClaimHolds(short_run, f, &why)) << why;
  }
  GuidanceInputs no_mm = PowerLawRun(0.04, -2, 3000);
  for (Metrics& m : no_mm.history) m.has_max_margin = false;
  no_mm.metrics.has_max_margin = false;
  EXPECT_FALSE(MeasureDirectionRate(no_mm).measured);
  // A finding that misstates the fit breaks its claim.
  GuidanceInputs run = PowerLawRun(0.04, -2, 3000);
  Finding wrong = Explain(run).rate;
  for (FindingArg& arg : wrong.args) {
    if (arg.name == "slope") arg.number = -1;
  }
  std::string why;
  EXPECT_FALSE(ClaimHolds(run, wrong, &why));
}

}  // namespace
}  // namespace clslab
