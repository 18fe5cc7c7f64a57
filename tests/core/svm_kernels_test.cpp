// The attention-SVM's inner loops (core/src/svm_kernels.h, internal): the single-precision
// lane kernels against scalar definitions of the same sums in the same order, bit for bit
// (the order is what makes native and wasm agree), and against double precision within
// float rounding, for widths with and without a scalar tail.
// Legend: d width; p (d) the sweeps' direction; a, b (d) two rows of E.
#include "svm_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "clslab/rng.h"

namespace clslab {
namespace {

std::vector<float> RandomRow(int32_t d, double scale, Rng* rng) {
  std::vector<float> x(d);
  for (float& v : x) v = static_cast<float>(scale * rng->Normal());
  return x;
}

// The order the lane kernels promise: sums of lane r of the 8-wide blocks, lanes r and
// r + 4 combined first, then ((0 + 1) + (2 + 3)), then the tail summed in order.
float EightLaneSum(const std::vector<float>& terms) {
  const int32_t d = static_cast<int32_t>(terms.size());
  float lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 8 <= d; j += 8) {
    for (int r = 0; r < 8; ++r) lane[r] += terms[j + r];
  }
  float tail = 0;
  for (; j < d; ++j) tail += terms[j];
  float s[4];
  for (int r = 0; r < 4; ++r) s[r] = lane[r] + lane[r + 4];
  return ((s[0] + s[1]) + (s[2] + s[3])) + tail;
}

TEST(SvmKernels, SinglePrecisionLanesSumInTheStatedOrderBitForBit) {
  Rng rng(7);
  for (int32_t d : {1, 3, 7, 8, 9, 45, 64, 4096}) {
    const std::vector<float> p = RandomRow(d, 3.0, &rng), a = RandomRow(d, 1.0, &rng),
                             b = RandomRow(d, 1.0, &rng);
    std::vector<float> products(d), squares(d);
    for (int32_t j = 0; j < d; ++j) {
      const float z = a[j] - b[j];
      products[j] = p[j] * z;
      squares[j] = z * z;
    }
    EXPECT_EQ(Margin(p.data(), a.data(), b.data(), d), EightLaneSum(products)) << "d " << d;
    float curvature = 0;
    EXPECT_EQ(MarginAndCurvature(p.data(), a.data(), b.data(), d, &curvature),
              EightLaneSum(products))
        << "d " << d;
    EXPECT_EQ(curvature, EightLaneSum(squares)) << "d " << d;
    // The update is element by element: the same as the scalar loop, lane or tail.
    std::vector<float> moved = p, expected = p;
    AddScaledDifference(moved.data(), 0.37f, a.data(), b.data(), d);
    for (int32_t j = 0; j < d; ++j) expected[j] += 0.37f * (a[j] - b[j]);
    EXPECT_EQ(moved, expected) << "d " << d;
  }
}

TEST(SvmKernels, SingleAndDoublePrecisionAgreeWithinFloatRounding) {
  Rng rng(11);
  for (int32_t d : {5, 64, 1000, 4096}) {
    const std::vector<float> p = RandomRow(d, 3.0, &rng), a = RandomRow(d, 1.0, &rng),
                             b = RandomRow(d, 1.0, &rng);
    const std::vector<double> p_double(p.begin(), p.end());
    double bound = 0;  // sum_j |p_j z_j|: the scale of a float sum's rounding
    for (int32_t j = 0; j < d; ++j) bound += std::abs(p_double[j] * (a[j] - b[j]));
    const double exact = Margin(p_double.data(), a.data(), b.data(), d);
    // The standard bound of a float sum: each term rounds twice (a - b, then the product)
    // and passes through at most d / 8 + 3 additions of its lane and the combination, each
    // rounding by at most u = 2^-24 of what it holds, so |error| <= (d / 8 + 5) u sum|terms|.
    const double u = std::ldexp(1.0, -24);
    EXPECT_NEAR(Margin(p.data(), a.data(), b.data(), d), exact, (d / 8 + 5) * u * bound)
        << "d " << d;
  }
}

}  // namespace
}  // namespace clslab
