// Forward pass and analytic gradient of the model of THEORY.md, in one pass over tokens.
//
// Legend: V vocabulary, d width, N tokens covered, R covered reviews, K touched tokens.
// Cost: O(K d) to score the touched tokens, O(N) for softmax and coefficients, O(K d) for
// dL/dp and dL/dv. E_X (the T_i x d gather per review) is never formed: every token enters
// only through the two scalars p.E_s and v.E_s (the rank-two structure).
//
// Token-major softmax: a_t depends on the token only, so the numerator exp(a_s - M) is
// computed once per touched token (K exps, not N) with one shift M = max_s a_s, and a
// review needs only sums of gathered pairs: Z_i = sum_t w_{x_t}, F_i = sum_t w_{x_t} b_{x_t},
// f_i = F_i / Z_i. The backward pass is two scatter-adds per token (c_i = g_i / Z_i and
// c_i f_i), turned into coefficients once per token at the end:
//   coef_v[s] = w_s sum_{occ of s} c_i,   coef_p[s] = w_s (b_s sum c_i - sum c_i f_i).
// A review whose tokens all score far below M (Z_i < kSmallestTotal, i.e. e^-575 of the
// top token) would lose precision to underflow: it takes the per-review-max path instead.
//
// Precision: weights are float; softmax sums, logits and the per-token coefficients are
// double, because a coefficient sums contributions of up to N positions (millions) and
// float would lose the small ones against the large.
#include "clslab/model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clslab {
namespace {

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

// Below this a review's softmax total Z_i = sum_t exp(a_t - M) risks losing its small terms
// to double underflow (DBL_MIN ~ 2.2e-308), so the review is recomputed with its own max.
constexpr double kSmallestTotal = 1e-250;

// x.y and x.z in one pass over x (the row is loaded once for both token scalars).
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

// log(1 + exp(-m)) without overflow for any finite margin m = y f.
inline double LogisticLoss(double margin) {
  return margin > 0 ? std::log1p(std::exp(-margin)) : -margin + std::log1p(std::exp(margin));
}

// sigma(-m) = 1 / (1 + exp(m)), stable on both sides.
inline double SigmoidOfNegative(double margin) {
  if (margin >= 0) {
    const double e = std::exp(-margin);
    return e / (1 + e);
  }
  return 1 / (1 + std::exp(margin));
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

// Zeroes the coefficients left by the previous call (at its rows only) and sizes them.
void ClearCoefficients(int32_t vocab_size, Gradient* gradient) {
  if (static_cast<int32_t>(gradient->coef_p.size()) != vocab_size) {
    gradient->coef_p.assign(vocab_size, 0.0);
    gradient->coef_v.assign(vocab_size, 0.0);
    return;
  }
  for (int32_t s : gradient->rows) gradient->coef_p[s] = gradient->coef_v[s] = 0.0;
}

}  // namespace

TokenScalars ComputeTokenScalars(const Weights& weights) {
  const int32_t vocab_size = weights.vocab_size(), d = weights.width();
  TokenScalars scalars;
  scalars.attention.resize(vocab_size);
  scalars.value.resize(vocab_size);
  for (int32_t s = 0; s < vocab_size; ++s) {
    const float* row = weights.E.data() + static_cast<int64_t>(s) * d;
    scalars.attention[s] = Dot(row, weights.p.data(), d);
    scalars.value[s] = Dot(row, weights.v.data(), d);
  }
  return scalars;
}

float TokenValue(const Weights& weights, int32_t token) {
  const int32_t d = weights.width();
  return Dot(weights.E.data() + static_cast<int64_t>(token) * d, weights.v.data(), d);
}

void ModelWorkspace::Reserve(int32_t vocab_size, int32_t max_review_length) {
  if (static_cast<int32_t>(attention_.size()) < vocab_size) {
    attention_.assign(vocab_size, 0);
    value_.assign(vocab_size, 0);
    touched_.assign(vocab_size, 0);
    weight_value_.assign(2 * static_cast<size_t>(vocab_size), 0.0);
    occurrence_sums_.assign(2 * static_cast<size_t>(vocab_size), 0.0);
  }
  if (static_cast<int32_t>(softmax_.size()) < max_review_length) softmax_.resize(max_review_length);
}

LossAccuracy LossAndGradient(const Weights& weights, const Corpus& corpus,
                             ReviewSelection selection, ModelWorkspace* workspace,
                             Gradient* gradient) {
  const int32_t vocab_size = weights.vocab_size(), d = weights.width();
  const bool full = selection.indices == nullptr;
  const int32_t covered =
      full ? corpus.NumReviews() : static_cast<int32_t>(selection.indices->size());
  auto review_at = [&](int32_t k) { return full ? k : (*selection.indices)[k]; };

  // 1. Touched tokens (all of them for a full batch) and their two scalars.
  int32_t longest = 0;
  for (int32_t k = 0; k < covered; ++k) longest = std::max(longest, corpus.Length(review_at(k)));
  workspace->Reserve(vocab_size, longest);
  // The previous call's coefficients are zeroed at its own rows, so a mini-batch step
  // never touches all V entries (only the first call sizes the arrays).
  if (gradient) ClearCoefficients(vocab_size, gradient);
  std::vector<int32_t>& rows = gradient ? gradient->rows : workspace->rows_;
  rows.clear();
  rows.reserve(vocab_size);  // once: later batches never grow it
  if (full) {
    rows.resize(vocab_size);
    for (int32_t s = 0; s < vocab_size; ++s) rows[s] = s;
  } else {
    for (int32_t k = 0; k < covered; ++k) {
      const int32_t i = review_at(k);
      for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
        const int32_t s = corpus.token_ids[t];
        if (!workspace->touched_[s]) {
          workspace->touched_[s] = 1;
          rows.push_back(s);
        }
      }
    }
    std::sort(rows.begin(), rows.end());
    for (int32_t s : rows) workspace->touched_[s] = 0;
  }
  float* attention = workspace->attention_.data();
  float* value = workspace->value_.data();
  float max_attention = -std::numeric_limits<float>::infinity();
  for (int32_t s : rows) {
    const float* row = weights.E.data() + static_cast<int64_t>(s) * d;
    Dot2(row, weights.p.data(), weights.v.data(), d, &attention[s], &value[s]);
    max_attention = std::max(max_attention, attention[s]);
  }
  // Per touched token: w_s = exp(a_s - M) and w_s b_s, side by side for one gather.
  double* weight_value = workspace->weight_value_.data();
  for (int32_t s : rows) {
    const double w = std::exp(static_cast<double>(attention[s]) - max_attention);
    weight_value[2 * s] = w;
    weight_value[2 * s + 1] = w * value[s];
  }

  // 2. One pass over the covered tokens: loss, accuracy, per-token occurrence sums.
  int32_t nonempty = 0;
  for (int32_t k = 0; k < covered; ++k) nonempty += corpus.Length(review_at(k)) > 0;
  LossAccuracy result;
  result.reviews = nonempty;
  if (nonempty == 0) {
    if (gradient) {
      gradient->p = Eigen::VectorXf::Zero(d);
      gradient->v = Eigen::VectorXf::Zero(d);
    }
    return result;
  }
  double loss_sum = 0;
  int32_t correct = 0;
  double* softmax = workspace->softmax_.data();
  double* sums = workspace->occurrence_sums_.data();
  for (int32_t k = 0; k < covered; ++k) {
    const int32_t i = review_at(k), length = corpus.Length(i);
    if (length == 0) continue;
    const int32_t* ids = corpus.token_ids.data() + corpus.Begin(i);
    // Z_i and F_i with two accumulator pairs (independent add chains).
    double z0 = 0, z1 = 0, f0 = 0, f1 = 0;
    int32_t t = 0;
    for (; t + 2 <= length; t += 2) {
      const double* q0 = weight_value + 2 * ids[t];
      const double* q1 = weight_value + 2 * ids[t + 1];
      z0 += q0[0];
      f0 += q0[1];
      z1 += q1[0];
      f1 += q1[1];
    }
    if (t < length) {
      z0 += weight_value[2 * ids[t]];
      f0 += weight_value[2 * ids[t] + 1];
    }
    const double total = z0 + z1;
    const bool shared_shift = total >= kSmallestTotal && std::isfinite(total);
    const double logit =
        shared_shift ? (f0 + f1) / total : ReviewForward(ids, length, attention, value, softmax);
    const double y = corpus.labels[i];
    loss_sum += LogisticLoss(y * logit);
    correct += y * logit > 0;
    if (!gradient) continue;
    // g = dL/df for this review, with the 1/n of the mean folded in.
    const double g = -y * SigmoidOfNegative(y * logit) / nonempty;
    if (shared_shift) {
      const double c = g / total, cf = c * logit;
      for (int32_t u = 0; u < length; ++u) {
        double* sum = sums + 2 * ids[u];
        sum[0] += c;
        sum[1] += cf;
      }
    } else {
      // Per-review shift: s_t is exact in `softmax`; add straight into the coefficients.
      for (int32_t u = 0; u < length; ++u) {
        const int32_t s = ids[u];
        gradient->coef_p[s] += g * softmax[u] * (value[s] - logit);  // through a_t = p.E_s
        gradient->coef_v[s] += g * softmax[u];                       // through b_t = v.E_s
      }
    }
  }
  result.loss = loss_sum / nonempty;
  result.accuracy = static_cast<double>(correct) / nonempty;
  if (!gradient) return result;

  // 3. Coefficients from the occurrence sums (and the sums reset to zero), then
  //    dL/dp = sum_s coef_p[s] E_s and dL/dv = sum_s coef_v[s] E_s over touched rows.
  for (int32_t s : rows) {
    const double w = weight_value[2 * s], c = sums[2 * s], cf = sums[2 * s + 1];
    gradient->coef_p[s] += w * (value[s] * c - cf);
    gradient->coef_v[s] += w * c;
    sums[2 * s] = sums[2 * s + 1] = 0;
  }
  std::vector<double>& grad_p = workspace->grad_p_;
  std::vector<double>& grad_v = workspace->grad_v_;
  grad_p.assign(d, 0.0);
  grad_v.assign(d, 0.0);
  for (int32_t s : rows) {
    const double cp = gradient->coef_p[s], cv = gradient->coef_v[s];
    if (cp == 0 && cv == 0) continue;
    const float* row = weights.E.data() + static_cast<int64_t>(s) * d;
    for (int32_t j = 0; j < d; ++j) {
      grad_p[j] += cp * row[j];
      grad_v[j] += cv * row[j];
    }
  }
  gradient->p.resize(d);
  gradient->v.resize(d);
  for (int32_t j = 0; j < d; ++j) {
    gradient->p[j] = static_cast<float>(grad_p[j]);
    gradient->v[j] = static_cast<float>(grad_v[j]);
  }
  return result;
}

double ReviewLogit(const Weights& weights, const Corpus& corpus, int32_t review,
                   std::vector<float>* attention_weights) {
  const int32_t length = corpus.Length(review), d = weights.width();
  attention_weights->assign(length, 0);
  if (length == 0) return 0;
  const int32_t* ids = corpus.token_ids.data() + corpus.Begin(review);
  std::vector<float> attention(length), value(length);
  std::vector<double> softmax(length);
  // Score positions directly: a review is short, and this path is for display only.
  std::vector<int32_t> local(length);
  for (int32_t t = 0; t < length; ++t) {
    const float* row = weights.E.data() + static_cast<int64_t>(ids[t]) * d;
    attention[t] = Dot(row, weights.p.data(), d);
    value[t] = Dot(row, weights.v.data(), d);
    local[t] = t;
  }
  const double logit =
      ReviewForward(local.data(), length, attention.data(), value.data(), softmax.data());
  for (int32_t t = 0; t < length; ++t) (*attention_weights)[t] = static_cast<float>(softmax[t]);
  return logit;
}

}  // namespace clslab
