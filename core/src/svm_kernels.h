// Inner loops and the duality certificate of the attention-SVM solver (svm_solver.cpp,
// svm_setup.cpp). Internal header.
//
// Legend: d width, K constraints; p (d) = sum_k lambda_k z_k; a, b (d, float) the rows
// E_winner and E_loser of one constraint, z = a - b.
//
// Two precisions of the same loops, chosen by the type of p (svm_state.h says when each
// runs). Double: four partial sums in a fixed order (a single accumulator would serialize
// on the add latency), which clang vectorizes as two f64x2 lanes; differences a_j - b_j
// are formed in double, exact for floats within 2^29 of each other. Single: eight partial
// sums held as two four-float vectors (GCC and Clang vector extensions: SSE natively,
// f32x4 in wasm), the same IEEE operations lane for lane on both; clang's auto-vectorizer
// turned the same eight sums written as scalars into lane inserts and splats, slower than
// the double loop in wasm (measured). Strict IEEE order everywhere (no fast-math, no FMA
// contraction: neither -O3 natively without -march nor wasm SIMD fuses a multiply-add),
// so both precisions give results identical natively and in wasm.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace clslab {

// Four floats as one value: one SSE register natively, one f32x4 in wasm.
typedef float FloatLanes __attribute__((vector_size(16)));

inline FloatLanes LoadLanes(const float* x) {
  FloatLanes v;
  std::memcpy(&v, x, sizeof v);  // rows of E start anywhere when d % 4 != 0
  return v;
}

inline void StoreLanes(float* x, FloatLanes v) { std::memcpy(x, &v, sizeof v); }

inline float SumLanes(FloatLanes s) { return (s[0] + s[1]) + (s[2] + s[3]); }

// Double precision (double p): the certificate's exact p, and the sweeps near the optimum.

// p.(a - b).
inline double Margin(const double* p, const float* a, const float* b, int32_t d) {
  double s[4] = {0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    for (int r = 0; r < 4; ++r) s[r] += p[j + r] * (static_cast<double>(a[j + r]) - b[j + r]);
  }
  for (; j < d; ++j) s[0] += p[j] * (static_cast<double>(a[j]) - b[j]);
  return (s[0] + s[1]) + (s[2] + s[3]);
}

// p.(a - b) and ||a - b||^2 in one pass over the two rows (a constraint's first visit).
inline double MarginAndCurvature(const double* p, const float* a, const float* b, int32_t d,
                                 double* curvature) {
  double s[4] = {0, 0, 0, 0}, q[4] = {0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    for (int r = 0; r < 4; ++r) {
      const double z = static_cast<double>(a[j + r]) - b[j + r];
      s[r] += p[j + r] * z;
      q[r] += z * z;
    }
  }
  for (; j < d; ++j) {
    const double z = static_cast<double>(a[j]) - b[j];
    s[0] += p[j] * z;
    q[0] += z * z;
  }
  *curvature = (q[0] + q[1]) + (q[2] + q[3]);
  return (s[0] + s[1]) + (s[2] + s[3]);
}

// (a - b).(c - e): one entry of the Gram phase's Q (svm_state.h kGramMost).
inline double DifferenceDot(const float* a, const float* b, const float* c, const float* e,
                            int32_t d) {
  double s[4] = {0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    for (int r = 0; r < 4; ++r) {
      s[r] +=
          (static_cast<double>(a[j + r]) - b[j + r]) * (static_cast<double>(c[j + r]) - e[j + r]);
    }
  }
  for (; j < d; ++j)
    s[0] += (static_cast<double>(a[j]) - b[j]) * (static_cast<double>(c[j]) - e[j]);
  return (s[0] + s[1]) + (s[2] + s[3]);
}

// p += step (a - b).
inline void AddScaledDifference(double* p, double step, const float* a, const float* b, int32_t d) {
  for (int32_t j = 0; j < d; ++j) p[j] += step * (static_cast<double>(a[j]) - b[j]);
}

// p . row.
inline double RowDot(const double* p, const float* row, int32_t d) {
  double s[4] = {0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    for (int r = 0; r < 4; ++r) s[r] += p[j + r] * row[j + r];
  }
  for (; j < d; ++j) s[0] += p[j] * row[j];
  return (s[0] + s[1]) + (s[2] + s[3]);
}

// p += c row.
inline void AddScaledRow(double* p, double c, const float* row, int32_t d) {
  for (int32_t j = 0; j < d; ++j) p[j] += c * row[j];
}

// Single precision (float p), the sweeps' kernels while the gap is large (svm_state.h).

// p.(a - b).
inline float Margin(const float* p, const float* a, const float* b, int32_t d) {
  FloatLanes s0 = {0, 0, 0, 0}, s1 = {0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 8 <= d; j += 8) {
    s0 += LoadLanes(p + j) * (LoadLanes(a + j) - LoadLanes(b + j));
    s1 += LoadLanes(p + j + 4) * (LoadLanes(a + j + 4) - LoadLanes(b + j + 4));
  }
  float tail = 0;
  for (; j < d; ++j) tail += p[j] * (a[j] - b[j]);
  return SumLanes(s0 + s1) + tail;
}

// p.(a - b) and ||a - b||^2 in one pass over the two rows (a constraint's first visit).
inline float MarginAndCurvature(const float* p, const float* a, const float* b, int32_t d,
                                float* curvature) {
  FloatLanes s0 = {0, 0, 0, 0}, s1 = {0, 0, 0, 0}, q0 = {0, 0, 0, 0}, q1 = {0, 0, 0, 0};
  int32_t j = 0;
  for (; j + 8 <= d; j += 8) {
    const FloatLanes z0 = LoadLanes(a + j) - LoadLanes(b + j);
    const FloatLanes z1 = LoadLanes(a + j + 4) - LoadLanes(b + j + 4);
    s0 += LoadLanes(p + j) * z0;
    s1 += LoadLanes(p + j + 4) * z1;
    q0 += z0 * z0;
    q1 += z1 * z1;
  }
  float tail = 0, tail_q = 0;
  for (; j < d; ++j) {
    const float z = a[j] - b[j];
    tail += p[j] * z;
    tail_q += z * z;
  }
  *curvature = SumLanes(q0 + q1) + tail_q;
  return SumLanes(s0 + s1) + tail;
}

// p += step (a - b).
inline void AddScaledDifference(float* p, float step, const float* a, const float* b, int32_t d) {
  const FloatLanes s = {step, step, step, step};
  int32_t j = 0;
  for (; j + 4 <= d; j += 4) {
    StoreLanes(p + j, LoadLanes(p + j) + s * (LoadLanes(a + j) - LoadLanes(b + j)));
  }
  for (; j < d; ++j) p[j] += step * (a[j] - b[j]);
}

// ||p||^2 (the certificate's half norm, the float resolution of a margin).
inline double SquaredNorm(const std::vector<double>& p) {
  double norm2 = 0;
  for (double x : p) norm2 += x * x;
  return norm2;
}

// ||a - b||^2 in double, one scalar pass (a float one that underflowed, svm_solver.cpp).
inline double SquaredDistance(const float* a, const float* b, int32_t d) {
  double q = 0;
  for (int32_t j = 0; j < d; ++j)
    q += (static_cast<double>(a[j]) - b[j]) * (a[j] - static_cast<double>(b[j]));
  return q;
}

// Asks the cache for the start of a row (the hardware prefetcher follows the rest). Only a
// hint: compiles to nothing where there is no prefetch instruction (WebAssembly).
inline void PrefetchRow(const float* row, int32_t d) {
  for (int32_t j = 0; j < d && j < 64; j += 16) __builtin_prefetch(row + j);
}

// True when the two rows are equal entry by entry (z = 0). Exits at the first difference,
// which for distinct tokens is almost always j = 0: O(1) per constraint in practice.
inline bool SameRow(const float* a, const float* b, int32_t d) {
  for (int32_t j = 0; j < d; ++j) {
    if (a[j] != b[j]) return false;
  }
  return true;
}

// Duality certificate of an iterate lambda with p = sum_k lambda_k z_k.
struct Certificate {
  double primal = 0, dual = 0, gap = 0, min_margin = 0;
  double scale = 1;  // hard margin: p / min_margin is the feasible point that bounds the optimum
};

// Sums over the K constraints of one certificate, then the certificate.
struct CertificateSums {
  double hinge = 0, sum_lambda = 0;
  double min_margin = std::numeric_limits<double>::infinity();

  void Add(double margin, double lambda) {
    min_margin = std::min(min_margin, margin);
    hinge += std::max(0.0, 1.0 - margin);
    sum_lambda += lambda;
  }

  Certificate Finish(double half_norm, double C, bool hard_margin) const {
    Certificate c;
    c.dual = sum_lambda - half_norm;  // weak duality: a lower bound on the optimum
    c.min_margin = min_margin;
    if (!hard_margin) {
      c.primal = half_norm + C * hinge;
      c.gap = (c.primal - c.dual) / std::max(std::abs(c.primal), 1e-300);
    } else if (min_margin > 0) {
      // p / min_margin is feasible with objective half_norm / min_margin^2: an upper bound
      // on the optimum, as the dual value is a lower bound.
      c.scale = 1.0 / min_margin;
      c.primal = half_norm * c.scale * c.scale;
      c.gap = (c.primal - c.dual) / std::max(c.primal, 1e-300);
    } else {
      c.primal = c.gap = std::numeric_limits<double>::infinity();  // no feasible point yet
    }
    return c;
  }
};

}  // namespace clslab
