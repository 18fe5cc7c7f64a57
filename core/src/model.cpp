// Forward pass and analytic gradient of the model of THEORY.md, in one pass over tokens.
//
// Legend: V vocabulary, d width, N tokens covered, R covered reviews, K touched tokens.
// Cost: O(K d) to score the touched tokens, O(N) for softmax and coefficients, O(K d) for
// dL/dp and dL/dv. E_X (the T_i x d gather per review) is never formed: every token enters
// only through the two scalars p.E_s and v.E_s (the rank-two structure).
//
// Precision: weights are float; softmax sums, logits and the per-token coefficients are
// double, because a coefficient sums contributions of up to N positions (millions) and
// float would lose the small ones against the large.
#include "clslab/model.h"

#include <algorithm>
#include <cmath>

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

void ModelWorkspace::Reserve(int32_t vocab_size, int32_t max_review_length) {
  if (static_cast<int32_t>(attention_.size()) < vocab_size) {
    attention_.assign(vocab_size, 0);
    value_.assign(vocab_size, 0);
    touched_.assign(vocab_size, 0);
  }
  if (static_cast<int32_t>(softmax_.size()) < max_review_length) softmax_.resize(max_review_length);
}

LossAccuracy LossAndGradient(const Weights& weights, const Corpus& corpus,
                             ReviewSelection selection, ModelWorkspace* workspace,
                             Gradient* gradient) {
  const int32_t vocab_size = weights.vocab_size(), d = weights.width();
  const bool full = selection.indices == nullptr;
  const int32_t covered = full ? corpus.NumReviews() : static_cast<int32_t>(selection.indices->size());
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
  for (int32_t s : rows) {
    const float* row = weights.E.data() + static_cast<int64_t>(s) * d;
    attention[s] = Dot(row, weights.p.data(), d);
    value[s] = Dot(row, weights.v.data(), d);
  }

  // 2. One pass over the covered tokens: loss, accuracy, per-token coefficients.
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
  for (int32_t k = 0; k < covered; ++k) {
    const int32_t i = review_at(k), length = corpus.Length(i);
    if (length == 0) continue;
    const int32_t* ids = corpus.token_ids.data() + corpus.Begin(i);
    const double logit = ReviewForward(ids, length, attention, value, softmax);
    const double y = corpus.labels[i];
    loss_sum += LogisticLoss(y * logit);
    correct += y * logit > 0;
    if (!gradient) continue;
    // g = dL/df for this review, with the 1/n of the mean folded in.
    const double g = -y * SigmoidOfNegative(y * logit) / nonempty;
    for (int32_t t = 0; t < length; ++t) {
      const int32_t s = ids[t];
      gradient->coef_p[s] += g * softmax[t] * (value[s] - logit);  // through a_t = p.E_s
      gradient->coef_v[s] += g * softmax[t];                       // through b_t = v.E_s
    }
  }
  result.loss = loss_sum / nonempty;
  result.accuracy = static_cast<double>(correct) / nonempty;
  if (!gradient) return result;

  // 3. dL/dp = sum_s coef_p[s] E_s and dL/dv = sum_s coef_v[s] E_s over touched rows.
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
  const double logit = ReviewForward(local.data(), length, attention.data(), value.data(),
                                     softmax.data());
  for (int32_t t = 0; t < length; ++t) (*attention_weights)[t] = static_cast<float>(softmax[t]);
  return logit;
}

}  // namespace clslab
