// Forward pass and analytic gradient of the model of THEORY.md, in one pass over tokens.
//
// Legend: V vocabulary, d width, N tokens covered, R covered reviews, K touched tokens.
// Cost: O(K d) to score the touched tokens, O(N) for softmax and coefficients, O(K d) for
// dL/dp and dL/dv (or none: deferred to the optimizer's pass over E). E_X (the T_i x d gather
// per review) is never formed: every token enters only through the two scalars p.E_s and
// v.E_s (the rank-two structure).
//
// Each review's softmax is taken relative to its leading token tau (largest a_t), as
// THEORY.md writes it out ("Computing the flow accurately"): with r_t = exp(a_t - a_tau),
//   f - b_tau = sum_{t != tau} r_t (b_t - b_tau) / Z,   Z = sum_t r_t,
//   dL/da_t   = c r_t (b_t - f) = c r_t [(b_t - b_tau) - (f - b_tau)],   c = g / Z,
// so every term is a small weight times an O(1) difference and nothing cancels. (The naive
// f = sum_t s_t b_t is dominated by b_tau, and b_tau - f, the leader's own factor, came out of
// a difference of nearly equal numbers: once the softmax saturated, gap ||p|| > ~35, it had
// no correct digit and a normalized flow step followed rounding noise.)
//
// Three paths, one formula. a_t depends on the token only, so exp(a_s - M) is computed once
// per touched token (K exps, not N), with one shift M = max_s a_s, as a double w_s and split
// as mantissa 2^exponent (model_kernels.h TokenWeight, TokenSplit). Per review:
//  1. every review: one pass of gathered pairs, Z' = sum w_t, F' = sum w_t b_t, max w_t
//     (SumPairs). Where the softmax does not saturate (the tokens other than the leader hold
//     2^-20 of its weight or more) f = F' / Z' keeps every digit it needs: done.
//  2. a saturated review: a pass relative to its leader (LeadingSums), Z = sum w_t / w_tau,
//     f - b_tau = sum w_t (b_t - b_tau) / sum w_t, while w_tau is a normal double and the
//     scale (below) keeps w_t 2^-K / w_tau within 2^960;
//  3. otherwise split exponents, r_t = m_t / m_tau 2^(k_t - k_tau) (SplitSums): no ratio
//     under- or overflows on the way, whatever the gaps.
// The backward pass gathers per token (TokenOccurrences: the corpus transposed) the terms of
// the reviews it occurs in (ReviewTerms, 24 bytes: paths 1 and 2), or, for a mini-batch,
// scatters per occurrence; path 3 scatters per occurrence (ReviewSlow). Measured: the joint
// epoch of the IMDB-shaped benchmark within ~10% of the single-path code this replaced
// (BENCHMARKS.md), since unsaturated reviews take path 1 only.
//
// Scale (GradientScale): dL/dp's coefficients may be multiplied by 2^-K, K chosen from the
// largest mass of non-leading tokens over all reviews, so that a normalized flow step keeps
// its direction when every r_t is below the smallest double (gap ||p|| > ~745).
//
// Precision: weights and the token scalars p.E_s, v.E_s are float; the mantissas, sums,
// logits, per-review terms and per-token coefficients are double, because a coefficient
// sums contributions of up to N positions (millions) and float would lose the small ones
// against the large. Measured against a double reference on 380,000 tokens (reviews up to
// 5,000 long): 1e-9 relative on the loss, 1.3e-7 of the largest coefficient, all from the
// float token scalars (model_precision_test.cpp); at a saturated softmax against a quad
// precision reference of the naive formula (model_saturation_test.cpp).
#include "clslab/model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "model_kernels.h"

namespace clslab {
namespace {

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
                          bool defer_dense, GradientScale scale);
  // 1a. The touched tokens, sorted (all of them for a full batch): K rows.
  static std::vector<int32_t>& TouchedRows(const Call& call);
  // 1b. Their two scalars a_s = p.E_s, b_s = v.E_s, and exp(a_s - M) (TokenWeight, TokenSplit).
  static void ScoreRows(const Call& call, const std::vector<int32_t>& rows);
  // 2a. Each covered review's first pass (SumPairs) and, where its softmax saturates, its pass
  //     relative to its leading token (ReviewState); returns the scale exponent K.
  static int32_t Leaders(const Call& call, GradientScale scale);
  // Whether the backward pass gathers per token (a full batch with the corpus transposed)
  // rather than scattering per occurrence.
  static bool TokenMajor(const Call& call);
  // 2b. One pass over the covered tokens: loss, accuracy, the loss's floor and excess and
  //     (with a gradient) the per-review terms of the backward pass.
  static LossAccuracy Forward(const Call& call, int32_t nonempty, int32_t scale_exponent);
  // 3. The coefficients from those terms, then dL/dp and dL/dv (unless deferred).
  static void Coefficients(const Call& call, const std::vector<int32_t>& rows, bool token_major,
                           int32_t scale_exponent, bool defer_dense);
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

ModelWorkspace::ModelWorkspace() = default;
ModelWorkspace::~ModelWorkspace() = default;
ModelWorkspace::ModelWorkspace(ModelWorkspace&&) noexcept = default;
ModelWorkspace& ModelWorkspace::operator=(ModelWorkspace&&) noexcept = default;

void ModelWorkspace::Reserve(int32_t vocab_size) {
  if (static_cast<int32_t>(touched_.size()) < vocab_size) {
    touched_.assign(vocab_size, 0);
    attention_.assign(vocab_size, 0.0f);
    weights_.assign(vocab_size, TokenWeight{0.0, 0.0});
    splits_.assign(vocab_size, TokenSplit{0.0, 0.0f, 0});
  }
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
                             Gradient* gradient, bool defer_dense, GradientScale scale) {
  return ModelPasses::Run(&weights, nullptr, corpus, selection, workspace, gradient, defer_dense,
                          scale);
}

LossAccuracy LossFromTokenScalars(const TokenScalars& scalars, const Corpus& corpus,
                                  ModelWorkspace* workspace) {
  return ModelPasses::Run(nullptr, &scalars, corpus, {}, workspace, nullptr, false, {});
}

LossAccuracy ModelPasses::Run(const Weights* weights, const TokenScalars* given,
                              const Corpus& corpus, ReviewSelection selection,
                              ModelWorkspace* workspace, Gradient* gradient, bool defer_dense,
                              GradientScale scale) {
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
  if (gradient) gradient->p_exponent = 0;
  if (nonempty == 0) {
    if (gradient) {
      gradient->p = Eigen::VectorXf::Zero(call.d);
      gradient->v = Eigen::VectorXf::Zero(call.d);
      gradient->dense_deferred = false;
    }
    return LossAccuracy();
  }
  const int32_t scale_exponent = Leaders(call, scale);
  const LossAccuracy result = Forward(call, nonempty, scale_exponent);
  if (gradient) {
    gradient->p_exponent = scale_exponent;
    Coefficients(call, rows, TokenMajor(call), scale_exponent, defer_dense);
  }
  return result;
}

std::vector<int32_t>& ModelPasses::TouchedRows(const Call& call) {
  const Corpus& corpus = call.corpus;
  ModelWorkspace* workspace = call.workspace;
  workspace->Reserve(call.vocab_size);
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
  TokenWeight* weights = workspace->weights_.data();
  TokenSplit* splits = workspace->splits_.data();
  float max_attention = -std::numeric_limits<float>::infinity();
  float max_abs_rows = 0;  // max |E_sj| over the rows, for the optimizer's overflow bound
  const int32_t d = call.d;
  for (int32_t s : rows) {
    if (call.given) {
      attention[s] = call.given->attention[s];
      splits[s].value = call.given->value[s];
    } else {
      const float* row = call.weights->E.data() + static_cast<int64_t>(s) * d;
      Dot2(row, call.weights->p.data(), call.weights->v.data(), d, &attention[s], &splits[s].value);
      if (call.gradient) max_abs_rows = std::max(max_abs_rows, MaxAbs(row, d));  // in cache
    }
    max_attention = std::max(max_attention, attention[s]);
  }
  if (call.gradient) call.gradient->max_abs_rows = max_abs_rows;
  // Per touched token, one exp: exp(a_s - M) = mantissa 2^exponent, and w_s the same number
  // as one double (0 below 2^-1022), with w_s b_s.
  for (int32_t s : rows) {
    splits[s] = SplitExp(static_cast<double>(attention[s]) - max_attention, splits[s].value);
    const double w = splits[s].mantissa * PowerOfTwo(splits[s].exponent);
    weights[s] = TokenWeight{w, w * splits[s].value};
  }
}

int32_t ModelPasses::Leaders(const Call& call, GradientScale scale) {
  const Corpus& corpus = call.corpus;
  ModelWorkspace* workspace = call.workspace;
  workspace->states_.resize(call.covered);
  ReviewState* states = workspace->states_.data();
  const float* attention = workspace->attention_.data();
  const TokenWeight* weights = workspace->weights_.data();
  const TokenSplit* splits = workspace->splits_.data();
  // log2 of the largest mass of tokens other than a review's leader, sum_{t != tau} r_t (or a
  // bound within a factor T of it): the scale of the flow's gradient (GradientScale::choose).
  // No libm log: a binary exponent (frexp) and a product are the same bits in every build.
  double largest = -std::numeric_limits<double>::infinity();
  constexpr double kInverseLn2 = 1.44269504088896338700e+00;
  auto floor_log2 = [](double x) {  // floor(log2 x) for x > 0, exactly
    int exponent;
    std::frexp(x, &exponent);
    return exponent - 1.0;
  };
  for (int32_t k = 0; k < call.covered; ++k) {
    const int32_t i = call.ReviewAt(k), length = corpus.Length(i);
    if (length == 0) continue;
    const int32_t* ids = corpus.token_ids.data() + corpus.Begin(i);
    const PairSums pairs = SumPairs(ids, length, weights);
    ReviewState& state = states[k];
    if (!Saturated(pairs)) {  // f = F' / Z' keeps its digits: no leader needed
      state = ReviewState{pairs.total, pairs.weighted, -1};
      largest = std::max(largest, floor_log2(pairs.total / pairs.largest - 1));
      continue;
    }
    state = LeadingSums(ids, length, weights, splits);
    // Every w_t underflowed: the leader by score, for split exponents (Forward).
    if (!(weights[state.leader].weight > 0)) state.leader = LeaderByScore(ids, length, attention);
    if (scale.choose) {
      largest = std::max(largest, RunnerUpGap(ids, length, attention, state.leader) * kInverseLn2);
    }
  }
  if (!scale.choose) return scale.exponent;
  if (!(largest > -1e300)) return 0;  // no review has another token than its leader
  return static_cast<int32_t>(
      std::min(0.0, std::max(std::floor(largest), static_cast<double>(kLowestExponent))));
}

bool ModelPasses::TokenMajor(const Call& call) {
  const TokenOccurrences* occurrences = call.selection.occurrences;
  return call.full && occurrences &&
         occurrences->offsets.size() == static_cast<size_t>(call.vocab_size) + 1 &&
         static_cast<int32_t>(occurrences->reviews.size()) == call.corpus.NumTokens();
}

LossAccuracy ModelPasses::Forward(const Call& call, int32_t nonempty, int32_t scale_exponent) {
  const Corpus& corpus = call.corpus;
  ModelWorkspace* workspace = call.workspace;
  const TokenWeight* weights = workspace->weights_.data();
  const TokenSplit* splits = workspace->splits_.data();
  const ReviewState* states = workspace->states_.data();
  if (call.gradient) workspace->reviews_.resize(call.covered);
  workspace->slow_.clear();
  workspace->slow_.reserve(call.covered);             // once: a later step never allocates
  ReviewTerms* reviews = workspace->reviews_.data();  // covered, with a gradient
  // 2^-K, below PowerOfTwo's cap wherever it is used: a review relative to w_tau needs
  // 2^-K / w_tau <= 2^960, and an unsaturated review has K >= log2(2^-20 / T).
  const double unscale = PowerOfTwo(-static_cast<int64_t>(scale_exponent));
  double loss_sum = 0, floor_sum = 0, excess_sum = 0, scaled_excess_sum = 0;
  int32_t correct = 0;
  for (int32_t k = 0; k < call.covered; ++k) {
    const int32_t i = call.ReviewAt(k), length = corpus.Length(i);
    if (call.gradient) reviews[k] = ReviewTerms{0.0, 0.0, 0.0};  // empty or slow: none here
    if (length == 0) continue;
    const ReviewState& state = states[k];
    const double y = corpus.labels[i];
    if (state.leader < 0) {
      // Not saturated: f = F' / Z', and the whole loss counts as floor (it is no near tie with
      // a leader's loss: it changes with p at a resolvable rate).
      const double logit = state.shift / state.total;
      double loss, slope;
      LogisticLossAndSlope(y * logit, &loss, &slope);
      loss_sum += loss;
      floor_sum += loss;
      correct += y * logit > 0;
      if (call.gradient) {
        const double c = -y * slope / nonempty / state.total;  // g / Z', times w_s below
        reviews[k] = ReviewTerms{c, 0.0, logit};
      }
      continue;
    }
    const int32_t leader = state.leader;
    const TokenSplit& top = splits[leader];
    const double leader_weight = weights[leader].weight;  // w_tau
    // Relative to w_tau: r_t 2^-K = w_t (2^-K / w_tau) with 2^-K / w_tau <= 2^960, so a w_t
    // flushed to 0 below 2^-1022 stood for less than 2^-62 (the largest scaled weight is ~1).
    // Otherwise the review is summed again from split exponents.
    const bool relative =
        leader_weight > 0 && -static_cast<int64_t>(scale_exponent) - top.exponent <= 959;
    double total, delta, scaled_delta;  // Z, f - b_tau and (f - b_tau) 2^-K
    int32_t count = 0;                  // occurrences of tau (split exponents)
    if (relative) {
      total = state.total / leader_weight;
      delta = state.shift / state.total;
      scaled_delta = state.shift * (unscale / leader_weight) / total;
    } else {
      double scaled_total, scaled_shift;  // sum r_t and sum r_t (b_t - b_tau), t != tau, x 2^-K
      SplitSums(corpus.token_ids.data() + corpus.Begin(i), length, splits, leader, scale_exponent,
                &count, &scaled_total, &scaled_shift);
      total = count + std::ldexp(scaled_total, scale_exponent);
      scaled_delta = scaled_shift / total;
      delta = std::ldexp(scaled_delta, scale_exponent);
    }
    const double leader_value = top.value;
    const double logit = leader_value + delta;
    const ReviewLoss loss = LossAtLeader(y, leader_value, delta, scaled_delta, scale_exponent);
    loss_sum += loss.loss;
    floor_sum += loss.floor;
    excess_sum += loss.excess;
    scaled_excess_sum += loss.scaled_excess;
    correct += y * logit > 0;
    if (!call.gradient) continue;
    // g = dL/df for this review, with the 1/n of the mean folded in; c = g / Z.
    const double c = -y * loss.slope / nonempty / total;
    if (relative) {
      reviews[k] = ReviewTerms{c / leader_weight, delta, leader_value};
    } else {
      workspace->slow_.push_back(ReviewSlow{k, leader, count, c, scaled_delta});
    }
  }
  LossAccuracy result;
  result.reviews = nonempty;
  result.loss = loss_sum / nonempty;
  result.accuracy = static_cast<double>(correct) / nonempty;
  result.floor = floor_sum / nonempty;
  result.excess = excess_sum / nonempty;
  result.scaled_excess = scaled_excess_sum / nonempty;
  result.scale_exponent = scale_exponent;
  return result;
}

void ModelPasses::Coefficients(const Call& call, const std::vector<int32_t>& rows, bool token_major,
                               int32_t scale_exponent, bool defer_dense) {
  const Corpus& corpus = call.corpus;
  ModelWorkspace* workspace = call.workspace;
  Gradient* gradient = call.gradient;
  const TokenWeight* weights = workspace->weights_.data();
  const TokenSplit* splits = workspace->splits_.data();
  const ReviewTerms* reviews = workspace->reviews_.data();
  // coef_v[s] = w_s sum share, coef_p[s] = w_s 2^-K sum share [(b_s - reference) - shift]
  // over the occurrences of s (ReviewTerms). 2^-K is capped at 2^1000 by PowerOfTwo: where it
  // is larger every review is from split exponents and the sums are 0.
  const double unscale = PowerOfTwo(-static_cast<int64_t>(scale_exponent));
  if (token_major) {
    const TokenOccurrences* occurrences = call.selection.occurrences;
    for (int32_t s : rows) {
      const int32_t begin = occurrences->offsets[s];
      double v, p;
      GatherOccurrences(reviews, occurrences->reviews.data() + begin,
                        occurrences->offsets[s + 1] - begin, splits[s].value, &v, &p);
      gradient->coef_v[s] = weights[s].weight * v;
      gradient->coef_p[s] = weights[s].weight * unscale * p;
    }
  } else {
    for (int32_t k = 0; k < call.covered; ++k) {
      const int32_t i = call.ReviewAt(k);
      const ReviewTerms& review = reviews[k];
      for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
        const int32_t s = corpus.token_ids[t];
        const double away =
            (static_cast<double>(splits[s].value) - review.reference) - review.shift;
        gradient->coef_v[s] += weights[s].weight * review.share;
        gradient->coef_p[s] += weights[s].weight * unscale * review.share * away;
      }
    }
  }
  // The reviews from split exponents, one occurrence at a time: c r_t on b and c r_t 2^-K
  // [(b_s - b_tau) - delta] on a, r_t 2^-K from split exponents (r_t itself may be 0 in
  // double); the leader's own terms once per review: c per occurrence on b, -c delta 2^-K on a.
  for (const ReviewSlow& review : workspace->slow_) {
    const int32_t i = call.ReviewAt(review.review);
    const TokenSplit& top = splits[review.leader];
    const double inverse = 1 / top.mantissa;
    const double delta = std::ldexp(review.scaled_shift, scale_exponent);
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      if (s == review.leader) continue;
      const double scaled = splits[s].mantissa * inverse *
                            PowerOfTwo(static_cast<int64_t>(splits[s].exponent) - top.exponent -
                                       scale_exponent);  // r_t 2^-K
      gradient->coef_v[s] += review.c * std::ldexp(scaled, scale_exponent);
      gradient->coef_p[s] +=
          review.c * scaled * ((static_cast<double>(splits[s].value) - top.value) - delta);
    }
    gradient->coef_v[review.leader] += review.c * review.count;
    gradient->coef_p[review.leader] -= review.c * review.count * review.scaled_shift;
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
