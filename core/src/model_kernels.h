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
#include <limits>

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

// Per token, what a review's first pass gathers (16 bytes): w_s = exp(a_s - M) with one
// shift M (the largest score) and w_s b_s, b_s = v.E_s.
struct TokenWeight {
  double weight;
  double weighted_value;
};

// exp(a_s - M) split so that no ratio of two of them under- or overflows (for reviews whose
// leader scores far below M): mantissa 2^exponent, mantissa in [2^-1/2, 2^1/2]; and b_s.
struct TokenSplit {
  double mantissa;
  float value;       // b_s
  int32_t exponent;  // round((a_s - M) / ln 2) <= 0, saturated at kLowestExponent
};

// Scores further than 2^30 ln 2 (7.4e8) below the top one saturate: a float score that size
// has an ulp of 64 or more, so exp of a difference of two of them has no digit anyway.
constexpr int32_t kLowestExponent = -(1 << 30);

// 2^k as a double for k in [-1022, 1000], 0 below (a relative weight under 2^-1022 adds
// nothing a double can hold next to the review's leading token), 2^1000 above (a capped
// factor stays finite). Built from the exponent bits: exact, the same natively and in wasm.
inline double PowerOfTwo(int64_t k) {
  const int64_t biased = std::min<int64_t>(std::max<int64_t>(k + 1023, 0), 1023 + 1000);
  const uint64_t bits = static_cast<uint64_t>(biased) << 52;
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

// The split of exp(x), x = a_s - M <= 0, with a Cody-Waite reduction (ln 2 = kLn2High +
// kLn2Low, kLn2High with 32 trailing zero bits so that k kLn2High is exact for |k| < 2^21):
// the mantissa is exp of a number in [-ln2/2, ln2/2], accurate to a few ulps. One exp per
// token; w_s = mantissa 2^exponent is the same number (0 below 2^-1022).
inline TokenSplit SplitExp(double x, float value) {
  constexpr double kLn2High = 6.93147180369123816490e-01, kLn2Low = 1.90821492927058770002e-10;
  constexpr double kInverseLn2 = 1.44269504088896338700e+00;
  const double k = std::floor(x * kInverseLn2 + 0.5);
  if (!(k > kLowestExponent)) return {0.0, value, kLowestExponent};  // also NaN: no weight
  return {std::exp((x - k * kLn2High) - k * kLn2Low), value, static_cast<int32_t>(k)};
}

// A review's first pass (every review): Z' = sum_t w_t, F' = sum_t w_t b_t and the largest w_t,
// four lanes. Where the softmax does not saturate, f = F' / Z' keeps every digit it needs;
// where it does (Saturated), the review takes a pass relative to its leader. tokens: V; ids: T.
struct PairSums {
  double total, weighted, largest;
};
inline PairSums SumPairs(const int32_t* ids, int32_t length, const TokenWeight* tokens) {
  double z0 = 0, z1 = 0, z2 = 0, z3 = 0, f0 = 0, f1 = 0, f2 = 0, f3 = 0;
  double m0 = 0, m1 = 0, m2 = 0, m3 = 0;
  int32_t t = 0;
  for (; t + 4 <= length; t += 4) {
    const TokenWeight& a = tokens[ids[t]];
    const TokenWeight& b = tokens[ids[t + 1]];
    const TokenWeight& c = tokens[ids[t + 2]];
    const TokenWeight& d = tokens[ids[t + 3]];
    z0 += a.weight, f0 += a.weighted_value, m0 = std::max(m0, a.weight);
    z1 += b.weight, f1 += b.weighted_value, m1 = std::max(m1, b.weight);
    z2 += c.weight, f2 += c.weighted_value, m2 = std::max(m2, c.weight);
    z3 += d.weight, f3 += d.weighted_value, m3 = std::max(m3, d.weight);
  }
  for (; t < length; ++t) {
    const TokenWeight& a = tokens[ids[t]];
    z0 += a.weight, f0 += a.weighted_value, m0 = std::max(m0, a.weight);
  }
  return {(z0 + z1) + (z2 + z3), (f0 + f1) + (f2 + f3),
          std::max(std::max(m0, m1), std::max(m2, m3))};
}

// Whether a review's softmax saturates: q = Z' / w_max = count + mass, with count the leader's
// occurrences and mass = sum_{t != tau} r_t. Below a mass of 2^-20, f = F' / Z' has lost more
// than 20 of f - b_tau's digits to the rounding of b_tau's term (THEORY.md): the review is
// summed relative to its leader. The test flags every such review, q rounded a few ulps
// below a whole number included (count 3 and a mass under 1e-16 gave 2.9999999999999996),
// and, harmlessly, a review whose mass is near a whole number; w_max = 0 (every w_t
// underflowed) is saturated too.
inline bool Saturated(const PairSums& sums) {
  if (!(sums.largest > 0)) return true;
  const double q = sums.total / sums.largest;
  return q - std::floor(q + 0x1p-30) < 0x1p-20;
}

// A saturated review's pass relative to its leading token tau, the first position of the
// largest w_t (THEORY.md, "Computing the flow accurately"):
//   total = sum_t w_t   (Z = total / w_tau),
//   shift = sum_t w_t (b_t - b_tau) = sum_t (w_t b_t - w_t b_tau)   (f - b_tau = shift / total).
// The leader's own terms are exact zeros (the same product twice), every other term a small
// weight times an O(1) difference: nothing cancels. One pass: when a new leader tau' arrives
// the sum moves to the new reference, shift += (b_tau - b_tau') total, two terms of the
// prefix's size, so its rounding stays at eps times the prefix's weights. The leader is found
// on w_t, the order of a_t: a review whose w_t all underflowed is not for this pass (the
// caller takes split exponents). tokens: V; splits: V (b_s); ids: T.
struct ReviewState {
  double total, shift;
  int32_t leader;
};
inline ReviewState LeadingSums(const int32_t* ids, int32_t length, const TokenWeight* tokens,
                               const TokenSplit* splits) {
  int32_t leader = ids[0];
  double top_weight = tokens[leader].weight, top_value = splits[leader].value;
  double total = 0, shift = 0;
  for (int32_t t = 0; t < length; ++t) {
    const TokenWeight& term = tokens[ids[t]];
    if (term.weight > top_weight) {  // a new leader: the sum moves to its reference
      const double value = splits[ids[t]].value;
      shift += (top_value - value) * total;
      leader = ids[t];
      top_weight = term.weight;
      top_value = value;
    }
    total += term.weight;
    shift += term.weighted_value - term.weight * top_value;
  }
  return {total, shift, leader};
}

// The first position of the largest a_t: the leader of a review whose w_t all underflowed.
inline int32_t LeaderByScore(const int32_t* ids, int32_t length, const float* attention) {
  int32_t leader = ids[0];
  for (int32_t t = 1; t < length; ++t) {
    if (attention[ids[t]] > attention[leader]) leader = ids[t];
  }
  return leader;
}

// The largest a_t - a_tau over positions holding another token than the leader's (-inf if
// none): how far a saturated review is from its leader alone, for the scale of a flow step.
inline double RunnerUpGap(const int32_t* ids, int32_t length, const float* attention,
                          int32_t leader) {
  float runner_up = -std::numeric_limits<float>::infinity();
  for (int32_t t = 0; t < length; ++t) {
    runner_up = std::max(runner_up, ids[t] == leader ? runner_up : attention[ids[t]]);
  }
  return static_cast<double>(runner_up) - attention[leader];
}

// A review from split exponentials, relative to the leader and times 2^-K (K =
// scale_exponent), for a saturated review whose w_tau underflowed or whose scaled weights
// would not fit w_s 2^-K / w_tau: *count = occurrences of tau, *scaled_total = sum_{t != tau}
// r_t 2^-K, *scaled_shift = sum_{t != tau} r_t (b_t - b_tau) 2^-K, r_t = exp(a_t - a_tau)
// (Z = count + scaled_total 2^K). splits: V; ids: T.
inline void SplitSums(const int32_t* ids, int32_t length, const TokenSplit* splits, int32_t leader,
                      int32_t scale_exponent, int32_t* count, double* scaled_total,
                      double* scaled_shift) {
  const TokenSplit& top = splits[leader];
  const double inverse = 1 / top.mantissa;
  const int64_t reference = static_cast<int64_t>(top.exponent) + scale_exponent;
  double total = 0, shift = 0;
  int32_t leaders = 0;
  for (int32_t t = 0; t < length; ++t) {
    const int32_t s = ids[t];
    if (s == leader) {
      ++leaders;
      continue;
    }
    const TokenSplit& term = splits[s];
    const double weight = term.mantissa * inverse * PowerOfTwo(term.exponent - reference);
    total += weight;
    shift += weight * (static_cast<double>(term.value) - top.value);
  }
  *count = leaders;
  *scaled_total = total;
  *scaled_shift = shift;
}

// What the backward pass gathers of review i once per occurrence (24 bytes). With
// c_i = g_i / Z_i (g_i = dL/df_i), occurrence t of token s adds (THEORY.md's df/dp, per token)
//   dL/db_s:  c_i r_t                    = w_s share
//   dL/da_s:  c_i r_t (b_s - f_i) 2^-K   = w_s 2^-K share [(b_s - reference) - shift]
// with r_t = w_s / w_tau, share = c_i / w_tau. A saturated review has reference = b_tau and
// shift = delta_i = f_i - b_tau: the leader's b_s - b_tau is an exact 0 and its term is
// -c_i delta_i 2^-K (its share of sum_t s_t (b_t - f) = 0) with every digit. Any other review
// has reference = f_i, shift = 0 (r_t = w_s / w_max). w_s and w_s 2^-K are the token's, taken
// out of the sum. A review from split exponentials has share 0 here and is added apart
// (ReviewSlow).
struct ReviewTerms {
  double share;
  double shift;
  double reference;
};

// A review from split exponentials: its terms, added per occurrence. The leader's own terms
// are added once: times 2^-K its weight 1 may not fit a double.
struct ReviewSlow {
  int32_t review;          // position among the covered reviews
  int32_t leader, count;   // tau and its occurrences
  double c, scaled_shift;  // c_i and delta_i 2^-K
};

// sum over the `count` reviews listed in `index` of a token's two sums: share and
// share [(b_s - reference) - shift] (ReviewTerms), four lanes.
inline void GatherOccurrences(const ReviewTerms* reviews, const int32_t* index, int32_t count,
                              double value, double* v, double* p) {
  double v0 = 0, v1 = 0, v2 = 0, v3 = 0, p0 = 0, p1 = 0, p2 = 0, p3 = 0;
  int32_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const ReviewTerms& a = reviews[index[k]];
    const ReviewTerms& b = reviews[index[k + 1]];
    const ReviewTerms& c = reviews[index[k + 2]];
    const ReviewTerms& d = reviews[index[k + 3]];
    v0 += a.share, p0 += a.share * ((value - a.reference) - a.shift);
    v1 += b.share, p1 += b.share * ((value - b.reference) - b.shift);
    v2 += c.share, p2 += c.share * ((value - c.reference) - c.shift);
    v3 += d.share, p3 += d.share * ((value - d.reference) - d.shift);
  }
  for (; k < count; ++k) {
    const ReviewTerms& a = reviews[index[k]];
    v0 += a.share, p0 += a.share * ((value - a.reference) - a.shift);
  }
  *v = (v0 + v1) + (v2 + v3);
  *p = (p0 + p1) + (p2 + p3);
}

// The logistic loss log(1 + exp(-m)) and sigma(-m) = 1 / (1 + exp(m)) of a margin m = y f,
// stable for any finite m, from one exp (the per-review cost of a step is dominated by
// these calls once the token loops are fast).
inline void LogisticLossAndSlope(double margin, double* loss, double* sigmoid_of_negative) {
  const double e = std::exp(-std::abs(margin));  // in (0, 1]
  *loss = (margin > 0 ? 0.0 : -margin) + std::log1p(e);
  *sigmoid_of_negative = margin >= 0 ? e / (1 + e) : 1 / (1 + e);
}

// A review's loss split at its leading token: l(y f) = l(y b_tau) + excess, f = b_tau + delta,
// l(m) = log(1 + e^-m). With z = -y delta and sigma = sigma(-y b_tau) the excess is
// log1p(sigma expm1(z)): no difference of two nearly equal losses, so it keeps its digits when
// delta is e^-40 (where l(y f) and l(y b_tau) agree to the last bit). Also the excess times
// 2^-K from scaled_delta = delta 2^-K, for comparisons between weights whose excesses are all
// below the smallest double (log1p(u) / u and expm1(z) / z are taken as 1 at 0), and the
// slope sigma(-y f) = sigma (1 + expm1(z)) / (1 + sigma expm1(z)). Where |z| > 1 nothing
// cancels and the two losses are taken apart.
struct ReviewLoss {
  double loss, floor, excess, scaled_excess;
  double slope;  // sigma(-y f) = -dl/d(y f)
};
inline ReviewLoss LossAtLeader(double y, double leader_value, double delta, double scaled_delta,
                               int32_t scale_exponent) {
  ReviewLoss out;
  double sigma;
  LogisticLossAndSlope(y * leader_value, &out.floor, &sigma);
  const double z = -y * delta;
  if (!(std::abs(z) <= 1)) {
    LogisticLossAndSlope(y * (leader_value + delta), &out.loss, &out.slope);
    out.excess = out.loss - out.floor;
    out.scaled_excess = std::ldexp(out.excess, -scale_exponent);
    return out;
  }
  const double grown = std::expm1(z);
  const double ratio = z == 0 ? 1.0 : grown / z;  // expm1(z) / z, in [0.63, 1.72]
  const double u = sigma * grown;
  const double shrunk = u == 0 ? 1.0 : std::log1p(u) / u;  // log1p(u) / u
  out.excess = shrunk * u;
  out.scaled_excess = shrunk * sigma * ratio * (-y * scaled_delta);
  out.loss = out.floor + out.excess;
  out.slope = sigma * (1 + grown) / (1 + u);
  return out;
}

// Softmax of a_t = attention[x_t] over one review into `weights` (T), relative to its
// leading token tau; returns f = b_tau + sum_{t != tau} s_t (b_t - b_tau) (no cancellation,
// as in ReviewSums). For display: one exp per position.
inline double ReviewForward(const int32_t* ids, int32_t length, const float* attention,
                            const float* value, double* weights) {
  int32_t leader = 0;
  for (int32_t t = 1; t < length; ++t) {
    if (attention[ids[t]] > attention[ids[leader]]) leader = t;
  }
  const double top = attention[ids[leader]], top_value = value[ids[leader]];
  double total = 0;
  for (int32_t t = 0; t < length; ++t) {
    weights[t] = std::exp(static_cast<double>(attention[ids[t]]) - top);
    total += weights[t];
  }
  double shift = 0;
  const double inverse_total = 1 / total;
  for (int32_t t = 0; t < length; ++t) {
    weights[t] *= inverse_total;
    shift += weights[t] * (static_cast<double>(value[ids[t]]) - top_value);
  }
  return top_value + shift;
}

}  // namespace clslab
