// BenchLab: the one object every benchmark drives, natively and in wasm, so that both time
// the same C++ step on the same data. It holds a corpus (IMDB-shaped synthetic, or a text
// file run through the core's pipeline), a joint-protocol Trainer (full-batch GD: forward,
// gradient and update = one epoch) and exposes flat arrays so JS peers can use the same
// data and weights. Timing is the host's job (chrono natively, performance.now in JS).
//
// Legend: n reviews, T tokens per review, N tokens, V vocabulary, d width.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/max_margin.h"
#include "clslab/model.h"
#include "clslab/trainer.h"

namespace clslab::bench {

// IMDB-shaped synthetic ids: every review has `length` tokens drawn from a Zipf(1) law over
// V ids (rank k has weight 1/(k + 1)), plus polar ids (the first 100 and the next 100) that
// lean to the review's label (80%), so the loss moves. Labels are fair coin flips.
Corpus MakeImdbShaped(int32_t reviews, int32_t length, int32_t vocab_size, uint64_t seed);

class BenchLab {
 public:
  void SetCorpus(Corpus corpus) { corpus_ = std::move(corpus); trainer_.reset(); }
  // Parses `bytes` (any format the app accepts), train split = everything (test 0).
  // Returns an empty string on success, else the message.
  std::string LoadText(const std::string& bytes, int32_t max_vocab, int32_t min_count);
  const Corpus& corpus() const { return corpus_; }

  // New joint-protocol trainer: full-batch gradient descent on E and p (v fixed),
  // E(0) ~ N(0, sigma^2/d), p = 0, unit v, all from `seed`.
  void Reset(int32_t width, double learning_rate, double sigma, uint32_t seed);
  // `epochs` full-batch steps; returns false if a step was refused.
  bool Epochs(int32_t epochs);
  // Mean loss at the current weights (forward only).
  double Loss();
  // Loss and the dense gradient at the current weights (for the peer check; O(V d) memory).
  double LossAndDenseGradient(std::vector<float>* grad_E /* V x d */,
                              std::vector<float>* grad_p /* d */);
  const Weights& weights() const { return trainer_->weights(); }

  // The memory-bound floor: one streaming pass over the N token ids (a sum).
  int64_t StreamSum() const;

  // att-SVM on the paper protocol's E(1): builds constraints from the selected sets after
  // the step on E (Trainer paper protocol, eta), then solves to `tolerance`.
  // PrepareSvm returns the constraint count; SolveSvm the report of the solver.
  int64_t PrepareSvm(int32_t width, double eta, double sigma, uint32_t seed);
  SvmSolution SolveSvm(double c, double tolerance, int32_t max_epochs);

 private:
  Corpus corpus_;
  std::unique_ptr<Trainer> trainer_;
  ModelWorkspace workspace_;
  Gradient gradient_;
  std::unique_ptr<Trainer> svm_trainer_;
  MarginConstraints constraints_;
};

}  // namespace clslab::bench
