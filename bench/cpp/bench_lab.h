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
// The same token law with real review lengths: log-normal, median 174 and mean ~230 tokens
// (IMDB's), clamped to [5, 2500].
Corpus MakeRealLength(int32_t reviews, int32_t vocab_size, uint64_t seed);
// "label<TAB>w17 w3 ...\n" per review (1 positive, 0 negative): what a user would upload,
// for benchmarks that must go through the app's text pipeline.
std::string CorpusAsText(const Corpus& corpus);

class BenchLab {
 public:
  void SetCorpus(Corpus corpus) {
    corpus_ = std::move(corpus);
    trainer_.reset();
  }
  // Parses `bytes` (any format the app accepts); the corpus is the train split.
  // Returns an empty string on success, else the message.
  std::string LoadText(const std::string& bytes, int32_t max_vocab, int32_t min_count,
                       double test_fraction = 0);
  // The page's shape: `reviews` real-length reviews (MakeRealLength, V = 30,000 ids) as
  // text through the app's pipeline at the page's defaults (max vocabulary 20,000, min
  // count 2, 20% test): a 25,000-review upload trains on 20,000.
  std::string LoadRealLength(int32_t reviews);
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
  // The compute floor of an epoch: the forward pass alone at the current weights (score
  // every token, p.E_s and v.E_s: O(V d); then per occurrence the gather and per touched
  // token the exponential, and the per-review sums: O(N)), no gradient and no update.
  // Returns the loss. An epoch cannot do less than this and must also do the backward.
  double Forward();

  // Paper protocol: ResetPaper draws E(0) (V x d normals), p = 0 and v; StepOnE takes the
  // one gradient step on E (Trainer::StepEmbeddings), false if it was refused.
  void ResetPaper(int32_t width, double eta, double sigma, uint32_t seed);
  bool StepOnE();

  // att-SVM on the paper protocol's E(1): builds constraints from the selected sets after
  // the step on E (Trainer paper protocol, eta), then solves to `tolerance`.
  // PrepareSvm returns the constraint count; SolveSvm the report of the solver.
  int64_t PrepareSvm(int32_t width, double eta, double sigma, uint32_t seed);
  SvmSolution SolveSvm(double c, double tolerance, int32_t max_epochs);
  // The same solve in slices, as the page's worker runs it: StartSvm, then RunSvm(budget)
  // until it returns true (done); svm() is the solution once done.
  void StartSvm(double c, double tolerance, int32_t max_epochs);
  bool RunSvm(int64_t budget);
  const SvmSolution& svm() const { return svm_; }

 private:
  Corpus corpus_;
  std::unique_ptr<Trainer> trainer_;
  ModelWorkspace workspace_;
  Gradient gradient_;
  std::unique_ptr<Trainer> svm_trainer_;
  MarginConstraints constraints_;
  std::unique_ptr<SvmSolver> solver_;
  SvmSolution svm_;
};

}  // namespace clslab::bench
