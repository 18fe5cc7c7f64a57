// Inner loops of model.cpp: row dot products, a review's softmax sums, the per-token
// occurrence sums, and the logistic loss. Internal header.
//
// Legend: d width, T review length, V vocabulary, n reviews.
//
// Every loop keeps several partial sums combined in a fixed order: a single accumulator
// would serialize on the add latency, and a fixed order (no fast-math, no FMA contraction:
// neither g++ -O3 without -march nor wasm SIMD fuses a multiply-add) gives the same bits
// natively and in wasm, whatever lanes a compiler maps the sums to.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace clslab {

// Dot product of two contiguous float runs, written as a plain loop so that clang
// vectorizes it with -msimd128 (Eigen has no wasm SIMD path). Four accumulators break
// the dependency chain; the result is float, exact enough for one d-long product.
inline float Dot(const float* x, const float* y, int32_t d) {
  float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    s0 += x[j] * y[j];
    s1 += x[j + 1] * y[j + 1];
    s2 += x[j + 2] * y[j + 2];
    s3 += x[j + 3] * y[j + 3];
  }
  for (; j < d; ++j) s0 += x[j] * y[j];
  return (s0 + s1) + (s2 + s3);
}

// x.y and x.z in one pass over x (the row is loaded once for both token scalars); each is
// bit-identical to Dot.
inline void Dot2(const float* x, const float* y, const float* z, int32_t d, float* xy, float* xz) {
  float a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    a0 += x[j] * y[j];
    a1 += x[j + 1] * y[j + 1];
    a2 += x[j + 2] * y[j + 2];
    a3 += x[j + 3] * y[j + 3];
    b0 += x[j] * z[j];
    b1 += x[j + 1] * z[j + 1];
    b2 += x[j + 2] * z[j + 2];
    b3 += x[j + 3] * z[j + 3];
  }
  for (; j < d; ++j) {
    a0 += x[j] * y[j];
    b0 += x[j] * z[j];
  }
  *xy = (a0 + a1) + (a2 + a3);
  *xz = (b0 + b1) + (b2 + b3);
}

// grad_p += cp row and grad_v += cv row in double (one touched row's share of dL/dp and
// dL/dv); rows with both coefficients zero are skipped. The one loop behind every dL/dp,
// so a fused pass (optimizer.cpp) gives the same bits as a separate one (DenseGradient).
inline void AccumulateRow(double cp, double cv, const float* row, int32_t d, double* grad_p,
                          double* grad_v) {
  if (cp == 0 && cv == 0) return;
  for (int32_t j = 0; j < d; ++j) {
    grad_p[j] += cp * row[j];
    grad_v[j] += cv * row[j];
  }
}

// max_k |x_k| over a float run, on the bit patterns: with the sign bit cleared, the order
// of IEEE floats is the order of their bits as unsigned integers, and an integer max
// reduction vectorizes (wasm has i32x4.max_u; a float max needs fast-math to vectorize,
// and Eigen has no wasm SIMD path). NaN has larger bits than infinity: it comes back as NaN.
inline float MaxAbs(const float* x, int64_t n) {
  uint32_t largest = 0;
  for (int64_t k = 0; k < n; ++k) {
    uint32_t bits;
    std::memcpy(&bits, x + k, sizeof bits);
    largest = std::max(largest, bits & 0x7fffffffu);
  }
  float value;
  std::memcpy(&value, &largest, sizeof value);
  return value;
}

// sum over `count` indices k of pairs[2 k] and pairs[2 k + 1], for the indices listed in
// `index` (a gather of interleaved pairs). Four independent (first, second) accumulator
// pairs: the chains of dependent adds are four times shorter than with one, which is what
// bounds this loop (measured: 25% faster than two pairs natively and in wasm).
inline void GatherPairSums(const double* pairs, const int32_t* index, int32_t count, double* first,
                           double* second) {
  double a[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // (first, second) of accumulators 0..3
  int32_t k = 0;
  for (; k + 4 <= count; k += 4) {
    for (int r = 0; r < 4; ++r) {
      const double* q = pairs + 2 * index[k + r];
      a[2 * r] += q[0];
      a[2 * r + 1] += q[1];
    }
  }
  for (; k < count; ++k) {
    const double* q = pairs + 2 * index[k];
    a[0] += q[0];
    a[1] += q[1];
  }
  *first = (a[0] + a[2]) + (a[4] + a[6]);
  *second = (a[1] + a[3]) + (a[5] + a[7]);
}

// The logistic loss log(1 + exp(-m)) and sigma(-m) = 1 / (1 + exp(m)) of a margin m = y f,
// stable for any finite m, from one exp (the per-review cost of a step is dominated by
// these calls once the token loops are fast).
inline void LogisticLossAndSlope(double margin, double* loss, double* sigmoid_of_negative) {
  const double e = std::exp(-std::abs(margin));  // in (0, 1]
  *loss = (margin > 0 ? 0.0 : -margin) + std::log1p(e);
  *sigmoid_of_negative = margin >= 0 ? e / (1 + e) : 1 / (1 + e);
}

// Softmax of a_t = attention[x_t] over one review into `weights` (T); returns f = sum s_t b_t.
inline double ReviewForward(const int32_t* ids, int32_t length, const float* attention,
                            const float* value, double* weights) {
  float max_logit = attention[ids[0]];
  for (int32_t t = 1; t < length; ++t) max_logit = std::max(max_logit, attention[ids[t]]);
  double total = 0;
  for (int32_t t = 0; t < length; ++t) {
    weights[t] = std::exp(static_cast<double>(attention[ids[t]]) - max_logit);
    total += weights[t];
  }
  double logit = 0;
  const double inverse_total = 1 / total;
  for (int32_t t = 0; t < length; ++t) {
    weights[t] *= inverse_total;
    logit += weights[t] * value[ids[t]];
  }
  return logit;
}

}  // namespace clslab
