// Forward pass and analytic gradient of the model of THEORY.md, in one pass over tokens.
//
// Legend: V vocabulary, d width, N tokens covered, R covered reviews, K touched tokens.
// Cost: O(K d) to score the touched tokens, O(N) for softmax and coefficients, O(K d) for
// dL/dp and dL/dv (or none: deferred to the optimizer's pass over E). E_X (the T_i x d gather per
// review) is never formed: every token enters only through the two scalars p.E_s and v.E_s (the
// rank-two structure).
//
// Token-major softmax: a_t depends on the token only, so the numerator exp(a_s - M) is
// computed once per touched token (K exps, not N) with one shift M = max_s a_s, and a
// review needs only sums of gathered pairs: Z_i = sum_t w_{x_t}, F_i = sum_t w_{x_t} b_{x_t},
// f_i = F_i / Z_i. The backward pass is two scatter-adds per token (c_i = g_i / Z_i and
// c_i f_i), turned into coefficients once per token at the end:
//   coef_v[s] = w_s sum_{occ of s} c_i,   coef_p[s] = w_s (b_s sum c_i - sum c_i f_i).
// A full batch gathers the occurrence sums per token instead (TokenOccurrences: the corpus
// transposed), 20-30% faster than scattering (no read-modify-write chains through memory):
//   sum_{occ of s} c_i = sum over the reviews listed for s of c_i.
// A review whose tokens all score far below M (Z_i < kSmallestTotal, i.e. e^-575 of the
// top token) would lose precision to underflow: it takes the per-review-max path instead.
//
// Precision: weights and the token scalars p.E_s, v.E_s are float; softmax sums, logits,
// the per-review terms and the per-token coefficients are double, because a coefficient
// sums contributions of up to N positions (millions) and float would lose the small ones
// against the large. Measured against a double reference on 380,000 tokens (reviews up to
// 5,000 long): 1e-9 relative on the loss, 1.3e-7 of the largest coefficient, all from the
// float token scalars (model_precision_test.cpp). Float pairs for the gathered (w_s, w_s b_s)
// or (c_i, c_i f_i), which would halve their footprint, measured no faster natively or in
// wasm (the loops are bound by the gather latency, not by bytes), so they stay double.
#include "clslab/model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "model_kernels.h"

namespace clslab {
namespace {

// Below this a review's softmax total Z_i = sum_t exp(a_t - M) risks losing its small terms
// to double underflow (DBL_MIN ~ 2.2e-308), so the review is recomputed with its own max.
constexpr double kSmallestTotal = 1e-250;

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

// The passes behind LossAndGradient and LossFromTokenScalars (a friend of ModelWorkspace):
// Run sequences the numbered stages, each a member below.
struct ModelPasses {
  // One call: its inputs and what every stage reads of them. Stage 1 scores the rows from
  // `weights`, or takes `given` scalars (then `gradient` is null); stages 2 and 3 are the
  // same either way.
  struct Call {
    const Weights* weights;
    const TokenScalars* given;
    const Corpus& corpus;
    ReviewSelection selection;
    ModelWorkspace* workspace;
    Gradient* gradient;
    int32_t vocab_size, d;
    bool full;        // every review (selection.indices == nullptr)
    int32_t covered;  // reviews in the batch
    int32_t ReviewAt(int32_t k) const { return full ? k : (*selection.indices)[k]; }
  };
  static LossAccuracy Run(const Weights* weights, const TokenScalars* given, const Corpus& corpus,
                          ReviewSelection selection, ModelWorkspace* workspace, Gradient* gradient,
                          bool defer_dense);
  // 1a. The touched tokens, sorted (all of them for a full batch): K rows.
  static std::vector<int32_t>& TouchedRows(const Call& call);
  // 1b. Their two scalars a_s = p.E_s, b_s = v.E_s, and w_s = exp(a_s - M), w_s b_s.
  static void ScoreRows(const Call& call, const std::vector<int32_t>& rows);
  // Whether the occurrence sums are gathered per token (a full batch with the corpus
  // transposed) rather than scattered per occurrence.
  static bool TokenMajor(const Call& call);
  // 2. One pass over the covered tokens: loss, accuracy and (with a gradient) the
  //    per-review terms or per-token occurrence sums.
  static LossAccuracy Forward(const Call& call, int32_t nonempty, bool token_major);
  // 3. The coefficients from those sums, then dL/dp and dL/dv (unless deferred).
  static void Coefficients(const Call& call, const std::vector<int32_t>& rows, bool token_major,
                           bool defer_dense);
};

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

void DenseGradient(const Weights& weights, const Gradient& gradient,
                   std::vector<double>* accumulators, Eigen::VectorXf* p, Eigen::VectorXf* v) {
  const int32_t d = weights.width();
  accumulators->assign(2 * static_cast<size_t>(d), 0.0);
  double* grad_p = accumulators->data();  // d
  double* grad_v = grad_p + d;            // d
  for (int32_t s : gradient.rows) {
    AccumulateRow(gradient.coef_p[s], gradient.coef_v[s],
                  weights.E.data() + static_cast<int64_t>(s) * d, d, grad_p, grad_v);
  }
  p->resize(d);
  v->resize(d);
  for (int32_t j = 0; j < d; ++j) {
    (*p)[j] = static_cast<float>(grad_p[j]);
    (*v)[j] = static_cast<float>(grad_v[j]);
  }
}

LossAccuracy LossAndGradient(const Weights& weights, const Corpus& corpus,
                             ReviewSelection selection, ModelWorkspace* workspace,
                             Gradient* gradient, bool defer_dense) {
  return ModelPasses::Run(&weights, nullptr, corpus, selection, workspace, gradient, defer_dense);
}

LossAccuracy LossFromTokenScalars(const TokenScalars& scalars, const Corpus& corpus,
                                  ModelWorkspace* workspace) {
  return ModelPasses::Run(nullptr, &scalars, corpus, {}, workspace, nullptr, false);
}

LossAccuracy ModelPasses::Run(const Weights* weights, const TokenScalars* given,
                              const Corpus& corpus, ReviewSelection selection,
                              ModelWorkspace* workspace, Gradient* gradient, bool defer_dense) {
  const bool full = selection.indices == nullptr;
  const Call call{weights,
                  given,
                  corpus,
                  selection,
                  workspace,
                  gradient,
                  weights ? weights->vocab_size() : static_cast<int32_t>(given->attention.size()),
                  weights ? weights->width() : 0,
                  full,
                  full ? corpus.NumReviews() : static_cast<int32_t>(selection.indices->size())};
  const std::vector<int32_t>& rows = TouchedRows(call);
  ScoreRows(call, rows);
  int32_t nonempty = 0;
  for (int32_t k = 0; k < call.covered; ++k) nonempty += corpus.Length(call.ReviewAt(k)) > 0;
  if (nonempty == 0) {
    if (gradient) {
      gradient->p = Eigen::VectorXf::Zero(call.d);
      gradient->v = Eigen::VectorXf::Zero(call.d);
      gradient->dense_deferred = false;
    }
    return LossAccuracy();
  }
  const bool token_major = TokenMajor(call);
  const LossAccuracy result = Forward(call, nonempty, token_major);
  if (gradient) Coefficients(call, rows, token_major, defer_dense);
  return result;
}

std::vector<int32_t>& ModelPasses::TouchedRows(const Call& call) {
  const Corpus& corpus = call.corpus;
  ModelWorkspace* workspace = call.workspace;
  int32_t longest = 0;
  for (int32_t k = 0; k < call.covered; ++k) {
    longest = std::max(longest, corpus.Length(call.ReviewAt(k)));
  }
  workspace->Reserve(call.vocab_size, longest);
  // The previous call's coefficients are zeroed at its own rows, so a mini-batch step
  // never touches all V entries (only the first call sizes the arrays).
  if (call.gradient) ClearCoefficients(call.vocab_size, call.gradient);
  std::vector<int32_t>& rows = call.gradient ? call.gradient->rows : workspace->rows_;
  rows.clear();
  rows.reserve(call.vocab_size);  // once: later batches never grow it
  if (call.full) {
    rows.resize(call.vocab_size);
    for (int32_t s = 0; s < call.vocab_size; ++s) rows[s] = s;
    return rows;
  }
  for (int32_t k = 0; k < call.covered; ++k) {
    const int32_t i = call.ReviewAt(k);
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
  return rows;
}

void ModelPasses::ScoreRows(const Call& call, const std::vector<int32_t>& rows) {
  ModelWorkspace* workspace = call.workspace;
  float* attention = workspace->attention_.data();
  float* value = workspace->value_.data();
  float max_attention = -std::numeric_limits<float>::infinity();
  float max_abs_rows = 0;  // max |E_sj| over the rows, for the optimizer's overflow bound
  const int32_t d = call.d;
  for (int32_t s : rows) {
    if (call.given) {
      attention[s] = call.given->attention[s];
      value[s] = call.given->value[s];
    } else {
      const float* row = call.weights->E.data() + static_cast<int64_t>(s) * d;
      Dot2(row, call.weights->p.data(), call.weights->v.data(), d, &attention[s], &value[s]);
      if (call.gradient) max_abs_rows = std::max(max_abs_rows, MaxAbs(row, d));  // in cache
    }
    max_attention = std::max(max_attention, attention[s]);
  }
  if (call.gradient) call.gradient->max_abs_rows = max_abs_rows;
  // Per touched token: w_s = exp(a_s - M) and w_s b_s, side by side for one gather.
  double* weight_value = workspace->weight_value_.data();
  for (int32_t s : rows) {
    const double w = std::exp(static_cast<double>(attention[s]) - max_attention);
    weight_value[2 * s] = w;
    weight_value[2 * s + 1] = w * value[s];
  }
}

bool ModelPasses::TokenMajor(const Call& call) {
  const TokenOccurrences* occurrences = call.selection.occurrences;
  return call.gradient && call.full && occurrences &&
         occurrences->offsets.size() == static_cast<size_t>(call.vocab_size) + 1 &&
         static_cast<int32_t>(occurrences->reviews.size()) == call.corpus.NumTokens();
}

LossAccuracy ModelPasses::Forward(const Call& call, int32_t nonempty, bool token_major) {
  const Corpus& corpus = call.corpus;
  ModelWorkspace* workspace = call.workspace;
  Gradient* gradient = call.gradient;
  const float* attention = workspace->attention_.data();
  const float* value = workspace->value_.data();
  const double* weight_value = workspace->weight_value_.data();
  double* softmax = workspace->softmax_.data();
  double* sums = workspace->occurrence_sums_.data();
  // Token-major: the occurrence sums are gathered per token in stage 3 from per-review
  // terms (c_i, c_i f_i), instead of scattered per occurrence here.
  if (token_major) workspace->review_terms_.resize(2 * static_cast<size_t>(corpus.NumReviews()));
  double* review_terms = workspace->review_terms_.data();  // n x 2: c_i, c_i f_i
  double loss_sum = 0;
  int32_t correct = 0;
  for (int32_t k = 0; k < call.covered; ++k) {
    const int32_t i = call.ReviewAt(k), length = corpus.Length(i);
    if (length == 0) continue;
    const int32_t* ids = corpus.token_ids.data() + corpus.Begin(i);
    double total, weighted;  // Z_i and F_i
    GatherPairSums(weight_value, ids, length, &total, &weighted);
    const bool shared_shift = total >= kSmallestTotal && std::isfinite(total);
    const double logit =
        shared_shift ? weighted / total : ReviewForward(ids, length, attention, value, softmax);
    const double y = corpus.labels[i];
    double loss, slope;  // log(1 + exp(-y f)) and sigma(-y f)
    LogisticLossAndSlope(y * logit, &loss, &slope);
    loss_sum += loss;
    correct += y * logit > 0;
    if (!gradient) continue;
    // g = dL/df for this review, with the 1/n of the mean folded in.
    const double g = -y * slope / nonempty;
    if (!shared_shift) {
      // Per-review shift: s_t is exact in `softmax`; add straight into the coefficients.
      for (int32_t u = 0; u < length; ++u) {
        const int32_t s = ids[u];
        gradient->coef_p[s] += g * softmax[u] * (value[s] - logit);  // through a_t = p.E_s
        gradient->coef_v[s] += g * softmax[u];                       // through b_t = v.E_s
      }
      if (token_major) review_terms[2 * i] = review_terms[2 * i + 1] = 0;
      continue;
    }
    const double c = g / total, cf = c * logit;
    if (token_major) {
      review_terms[2 * i] = c;
      review_terms[2 * i + 1] = cf;
      continue;
    }
    for (int32_t u = 0; u < length; ++u) {
      double* sum = sums + 2 * ids[u];
      sum[0] += c;
      sum[1] += cf;
    }
  }
  LossAccuracy result;
  result.reviews = nonempty;
  result.loss = loss_sum / nonempty;
  result.accuracy = static_cast<double>(correct) / nonempty;
  return result;
}

void ModelPasses::Coefficients(const Call& call, const std::vector<int32_t>& rows, bool token_major,
                               bool defer_dense) {
  ModelWorkspace* workspace = call.workspace;
  Gradient* gradient = call.gradient;
  const TokenOccurrences* occurrences = call.selection.occurrences;
  const float* value = workspace->value_.data();
  const double* weight_value = workspace->weight_value_.data();
  const double* review_terms = workspace->review_terms_.data();
  double* sums = workspace->occurrence_sums_.data();
  // The coefficients from the occurrence sums (and the sums reset to zero), then
  // dL/dp = sum_s coef_p[s] E_s and dL/dv = sum_s coef_v[s] E_s over touched rows.
  for (int32_t s : rows) {
    const double w = weight_value[2 * s];
    double c, cf;  // sum over the occurrences of s of c_i and of c_i f_i
    if (token_major) {
      const int32_t begin = occurrences->offsets[s];
      GatherPairSums(review_terms, occurrences->reviews.data() + begin,
                     occurrences->offsets[s + 1] - begin, &c, &cf);
    } else {
      c = sums[2 * s];
      cf = sums[2 * s + 1];
      sums[2 * s] = sums[2 * s + 1] = 0;
    }
    gradient->coef_p[s] += w * (value[s] * c - cf);
    gradient->coef_v[s] += w * c;
  }
  gradient->dense_deferred = defer_dense;  // then the optimizer forms them (DenseGradient)
  if (!defer_dense) {
    DenseGradient(*call.weights, *gradient, &workspace->dense_, &gradient->p, &gradient->v);
  }
}

double ReviewLogit(const Weights& weights, const Corpus& corpus, int32_t review,
                   std::vector<float>* attention_weights, std::vector<float>* scores,
                   std::vector<float>* values) {
  const int32_t length = corpus.Length(review), d = weights.width();
  attention_weights->assign(length, 0);
  if (scores != nullptr) scores->assign(length, 0);
  if (values != nullptr) values->assign(length, 0);
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
  if (scores != nullptr) *scores = std::move(attention);
  if (values != nullptr) *values = std::move(value);
  return logit;
}

}  // namespace clslab
