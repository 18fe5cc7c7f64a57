// Trainer: the two protocols of THEORY.md as resumable steps, so a page can animate them.
//   Paper:  p = 0, E(0) ~ N(0, sigma^2/d), unit v; one GD step on E (eta); then E and v
//           frozen and the gradient flow on p, discretized by a chosen step rule.
//   Joint:  E, p (and optionally v) trained together by GD, mini-batch SGD or Adam.
// It owns the weights, the optimizer state and the Rng; it never sees text.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/corpus.h"
#include "clslab/model.h"
#include "clslab/optimizer.h"
#include "clslab/rng.h"

namespace clslab {

enum class Phase { kInitialized, kEmbeddingsStepped, kFlow, kJoint };
const char* PhaseName(Phase phase);

struct StepOutcome {
  int32_t taken = 0;     // steps completed by this call
  bool stopped = false;  // a step was refused to keep the weights finite
  std::string message;   // why, naming the setting to lower
};

class Trainer {
 public:
  // `train` must outlive the trainer. Weights are drawn from config.seed.
  Trainer(const Corpus* train, const RunConfig& config);

  StepOutcome StepEmbeddings();          // paper: the one GD step on E (p = 0, v fixed)
  StepOutcome StepFlow(int32_t steps);   // paper: steps of the flow on p (E, v frozen)
  StepOutcome StepJoint(int32_t steps);  // joint: optimizer steps
  StepOutcome Advance(int32_t steps);    // whichever of the above comes next

  const Weights& weights() const { return weights_; }
  int64_t step() const { return step_; }
  Phase phase() const { return phase_; }

  // Replaces the weights and the step counter (a run file loaded back). Optimizer moments
  // and the mini-batch order are not part of a run file: they restart from zero.
  void Restore(Weights weights, int64_t step, Phase phase);
  const RunConfig& config() const { return config_; }
  // Current step length of the flow on p (for the growing and Armijo rules).
  double flow_step_length() const { return flow_step_length_; }

 private:
  void InitializeWeights();
  ReviewSelection FullBatch();
  bool RefuseIfNotFinite(const LossAccuracy& forward, StepOutcome* outcome) const;
  Status FlowStep();

  const Corpus* train_;
  RunConfig config_;
  Rng rng_;
  Weights weights_;
  ModelWorkspace workspace_;
  TokenOccurrences occurrences_;  // train_ transposed, built on the first full-batch step
  Gradient gradient_;
  std::unique_ptr<Optimizer> optimizer_;
  std::vector<int32_t> order_, batch_;  // mini-batch sampling: a shuffled epoch order
  int32_t order_position_ = 0;
  int64_t step_ = 0;
  Phase phase_ = Phase::kInitialized;
  double flow_step_length_ = 0;
  Eigen::VectorXf flow_start_, flow_next_;  // d, scratch of the flow on p
};

}  // namespace clslab
