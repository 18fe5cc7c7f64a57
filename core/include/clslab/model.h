// The model of THEORY.md: one softmax attention layer whose only query is the <cls>
// embedding p, with trainable token embeddings E and output vector v. This file holds the
// forward pass and its analytic gradient; optimizers and protocols live elsewhere.
//
// Legend: V vocabulary size, d embedding width, n reviews, T_i tokens in review i,
//         N = sum_i T_i tokens. a_t = p.E_{x_t} (attention logit), b_t = v.E_{x_t} (value).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "clslab/corpus.h"

namespace clslab {

// Row-major so that E_s (one token's embedding) is a contiguous run of d floats.
using RowMatrixXf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Float32 storage: halves memory and bandwidth (the step streams E twice), and the
// browser memory budget is tight. Long sums are accumulated in double (see model.cpp).
struct Weights {
  RowMatrixXf E;      // V x d, row s is E_s
  Eigen::VectorXf p;  // d, the <cls> embedding (the only query)
  Eigen::VectorXf v;  // d, the output vector

  int32_t vocab_size() const { return static_cast<int32_t>(E.rows()); }
  int32_t width() const { return static_cast<int32_t>(E.cols()); }
  // What the model holds: V d + 2 d weights, in bytes as stored (the page says both).
  int64_t count() const { return static_cast<int64_t>(E.size() + p.size() + v.size()); }
  int64_t bytes() const { return count() * static_cast<int64_t>(sizeof(float)); }
};

// Gradient of the mean logistic loss in the rank-two form of THEORY.md:
//   dL/dE_s = coef_p[s] p + coef_v[s] v   for s in rows, zero for every other row,
//   dL/dp   = sum_{s in rows} coef_p[s] E_s,   dL/dv = sum_{s in rows} coef_v[s] E_s.
// `rows` lists the tokens the reviews touched (all V for a full batch), so a mini-batch
// step costs O(tokens in the batch + |rows| d) and never O(V d).
//
// Where the softmax saturates every term of dL/dp carries a factor e^{a_t - a_tau} (a_tau the
// review's leading score) that can lie below the smallest double while the direction is well
// defined. A gradient asked for with GradientScale::choose holds dL/dp's coefficients times
// 2^-p_exponent (the p-part only: coef_v, dL/dv are true), p_exponent chosen so that the
// largest such factor over all reviews becomes about 1: the direction survives, in double and
// in float, and the true dL/dp is coef_p 2^p_exponent.
struct Gradient {
  std::vector<int32_t> rows;   // touched token ids, ascending, no duplicates
  std::vector<double> coef_p;  // V, meaningful at `rows` only (zero elsewhere), x 2^-p_exponent
  std::vector<double> coef_v;  // V, meaningful at `rows` only (zero elsewhere)
  int32_t p_exponent = 0;      // dL/dp = coef_p-sum 2^p_exponent; 0 unless chosen
  // dL/dp and dL/dv, d each; not formed when dense_deferred (LossAndGradient(...,
  // defer_dense = true)): the optimizer then forms them in the pass over E that it makes
  // anyway, with DenseGradient's loop (the same bits).
  Eigen::VectorXf p;  // x 2^-p_exponent
  Eigen::VectorXf v;
  bool dense_deferred = false;
  float max_abs_rows = 0;  // max |E_sj| over `rows`, at the weights of this gradient
};

// dL/dp and dL/dv from the coefficients: one pass over the touched rows of E, summed in
// double (accumulators: 2d scratch), O(|rows| d).
void DenseGradient(const Weights& weights, const Gradient& gradient,
                   std::vector<double>* accumulators, Eigen::VectorXf* p, Eigen::VectorXf* v);

// The corpus transposed: for every token s, the review of each of its occurrences
// (reviews[offsets[s] .. offsets[s+1]), ascending). Built once per corpus in O(N) (4 bytes
// per token); a full-batch gradient then gathers per token instead of scattering per
// occurrence (model.cpp).
struct TokenOccurrences {
  std::vector<int32_t> offsets;  // V + 1
  std::vector<int32_t> reviews;  // N
};
TokenOccurrences TransposeCorpus(const Corpus& corpus);

// Which reviews a loss covers: all of them, or an explicit list (a mini-batch).
struct ReviewSelection {
  const std::vector<int32_t>* indices = nullptr;  // nullptr = every review of the corpus
  // Optional, full batch only: TransposeCorpus of the same corpus, for a faster gradient
  // (the same numbers up to the order of additions). Ignored if its shape does not match.
  const TokenOccurrences* occurrences = nullptr;
};

// Per-token scalars: scores[s] = p.E_s (attention logit), values[s] = v.E_s.
struct TokenScalars {
  std::vector<float> attention;  // V, p.E_s
  std::vector<float> value;      // V, v.E_s
};
TokenScalars ComputeTokenScalars(const Weights& weights);
// v.E_s of one token, bit-identical to ComputeTokenScalars(weights).value[token].
float TokenValue(const Weights& weights, int32_t token);

struct LossAccuracy {
  double loss = 0;      // mean log(1 + exp(-y f)) over the covered non-empty reviews
  double accuracy = 0;  // share of covered non-empty reviews with y f > 0
  int32_t reviews = 0;  // non-empty reviews covered
  // The loss split at each review's leading token tau (largest a_t): loss = floor + excess,
  // floor = mean log(1 + exp(-y b_tau)) (the loss once all attention is on tau), excess the
  // rest, computed without cancellation: two weights whose losses agree to the last digit
  // still compare by their excesses (the Armijo rule). scaled_excess = excess 2^-scale_exponent,
  // for excesses below the smallest double.
  double floor = 0;
  double excess = 0;
  double scaled_excess = 0;
  int32_t scale_exponent = 0;
};

// The power of two dL/dp and the excess are scaled by (Gradient, LossAccuracy). choose: from
// the weights, so that the largest relative weight e^{a_t - a_tau} of a token other than its
// review's leader becomes about 1 (the gradient of a flow step); otherwise `exponent` (0: the
// true values; a flow's line search passes its gradient's, to compare excesses on one scale).
struct GradientScale {
  bool choose = false;
  int32_t exponent = 0;
};

struct TokenWeight;  // model_kernels.h: per token, w_s = exp(a_s - M) and w_s b_s
struct TokenSplit;   // model_kernels.h: per token, exp(a_s - M) as mantissa and exponent, b_s
struct ReviewState;  // model_kernels.h: per review, its sums (relative to its leader, if saturated)
struct ReviewTerms;  // model_kernels.h: per review, what the backward pass gathers
struct ReviewSlow;   // model_kernels.h: per review summed from split exponents, its leader

// Reusable scratch buffers so that a step allocates nothing after the first call.
class ModelWorkspace {
 public:
  ModelWorkspace();
  ~ModelWorkspace();
  ModelWorkspace(ModelWorkspace&&) noexcept;
  ModelWorkspace& operator=(ModelWorkspace&&) noexcept;
  void Reserve(int32_t vocab_size);

 private:
  friend struct ModelPasses;  // model.cpp
  // V each: p.E_s; exp(p.E_s - M) as a double and split into mantissa and exponent, with
  // v.E_s: computed once per token and gathered per occurrence.
  std::vector<float> attention_;
  std::vector<TokenWeight> weights_;
  std::vector<TokenSplit> splits_;
  std::vector<ReviewState> states_;   // covered reviews, their sums relative to the leader
  std::vector<ReviewTerms> reviews_;  // covered reviews, what the backward gathers
  std::vector<ReviewSlow> slow_;      // the reviews summed from split exponents, each leader
  std::vector<uint8_t> touched_;      // V, 1 when s is in the current `rows`
  std::vector<int32_t> rows_;         // touched rows when the caller wants no gradient
  std::vector<double> dense_;         // 2d, double accumulators of dL/dp and dL/dv
};

// Forward pass over the selected reviews; when `gradient` is not null also the full
// analytic gradient of the mean loss (the mean is over the covered non-empty reviews).
// Empty reviews have no tokens to attend to: they are skipped, not scored as f = 0.
// defer_dense: leave gradient->p and ->v empty for the optimizer to form (one pass over E
// fewer when E is updated too; dL/dp is the same to the bit).
// scale: the power of two dL/dp and the excess are scaled by (GradientScale).
LossAccuracy LossAndGradient(const Weights& weights, const Corpus& corpus,
                             ReviewSelection selection, ModelWorkspace* workspace,
                             Gradient* gradient, bool defer_dense = false,
                             GradientScale scale = {});

// The full-batch loss and accuracy when token s scores scalars.attention[s] = p.E_s and
// scalars.value[s] = v.E_s (V each): LossAndGradient's forward pass from given scalars, to
// the bit. The step on E scores E(1) this way before writing it (Optimizer::PreviewScalars).
LossAccuracy LossFromTokenScalars(const TokenScalars& scalars, const Corpus& corpus,
                                  ModelWorkspace* workspace);

// Logit f(X) and attention weights s_t of one review (T_i values), for display; with
// `scores` and `values` also the a_t = p.E_{x_t} and b_t = v.E_{x_t} it computed them from
// (T_i each), so a page shows the very numbers f is the sum of.
double ReviewLogit(const Weights& weights, const Corpus& corpus, int32_t review,
                   std::vector<float>* attention_weights, std::vector<float>* scores = nullptr,
                   std::vector<float>* values = nullptr);

}  // namespace clslab
