// Trainer: the two protocols of THEORY.md as resumable steps, so a page can animate them.
//   Paper:  p = 0, E(0) ~ N(0, sigma^2/d), unit v; one GD step on E (eta); then E and v
//           frozen and the gradient flow on p, discretized by a chosen step rule.
//   Joint:  E, p (and optionally v) trained together by GD, mini-batch SGD or Adam.
// It owns the weights, the optimizer state and the Rng; it never sees text.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/enums.h"
#include "clslab/model.h"
#include "clslab/optimizer.h"
#include "clslab/rng.h"
#include "clslab/status.h"

namespace clslab {

// Protocol, FlowStep and Phase (with their names) are enums.h's.

// What a trainer needs, and nothing of the settings schema (config.h maps a RunConfig to
// these in one place: TrainerOptionsFrom). Defaults are the model's, not the page's.
struct TrainerOptions {
  Protocol protocol = Protocol::kPaper;
  int32_t width = 64;  // d
  double sigma = 1.0;  // E(0) entries ~ N(0, sigma^2 / d)
  uint64_t seed = 1;   // E(0), v and the mini-batch order
  double eta = 1000;   // paper: the one GD step on E
  FlowStep flow_step = FlowStep::kArmijo;
  double flow_rate = 0.1;  // paper: step length of the flow on p (base step for growing/Armijo)
  OptimizerKind optimizer = OptimizerKind::kAdam;  // joint
  double learning_rate = 1e-2;                     // joint
  int32_t batch_size = 0;                          // joint, 0 = full batch
  bool train_v = false;                            // joint
};
// The phase a run of `protocol` is in after `step` steps, checked against its name (enums.h;
// a run file written before the phase had one name spelled it "embeddings stepped" and
// "flow on p", which still read): a run file's step and phase must agree (paper: 0
// initialized, 1 embeddings_stepped, then flow; joint: 0 initialized, then joint) and the
// step lie in [0, kMaxStep].
constexpr int64_t kMaxStep = 1000000000;
Result<Phase> PhaseAt(Protocol protocol, int64_t step, std::string_view name);

struct StepOutcome {
  int32_t taken = 0;     // steps completed by this call
  double loss = 0;       // train loss at the start of the last step taken
  bool stopped = false;  // a step was refused to keep the weights finite
  std::string message;   // why, naming the setting to lower
};

// Everything besides the weights and the step that decides the next steps: the flow's step
// length (Armijo remembers it), the Rng and the mini-batch epoch order, Adam's moments.
// Saved in run files, so a run resumes exactly as if it had never stopped.
struct TrainerState {
  // The flow's step length t = flow_step_length 2^flow_step_exponent: once the softmax
  // saturates, t grows like 1 / ||grad L|| (normalized and Armijo rules) past the double range.
  double flow_step_length = 0;
  int32_t flow_step_exponent = 0;
  RngState rng;
  std::vector<int32_t> order;  // n, the epoch's shuffled review order; empty before a batch
  int32_t order_position = 0;  // next review of `order`
  OptimizerState optimizer;    // joint protocol
};

class Trainer {
 public:
  // `train` must outlive the trainer. Weights are drawn from options.seed.
  Trainer(const Corpus* train, const TrainerOptions& options);

  StepOutcome StepEmbeddings();          // paper: the one GD step on E (p = 0, v fixed)
  StepOutcome StepFlow(int32_t steps);   // paper: steps of the flow on p (E, v frozen)
  StepOutcome StepJoint(int32_t steps);  // joint: optimizer steps
  StepOutcome Advance(int32_t steps);    // whichever of the above comes next

  const Weights& weights() const { return weights_; }
  int64_t step() const { return step_; }
  Phase phase() const { return phase_; }

  // Replaces the weights and the step counter (a run file loaded back), and with `state`
  // everything else that decides the next steps; without it those restart from zero.
  void Restore(Weights weights, int64_t step, Phase phase);
  TrainerState SaveState() const;
  // Checks shapes against the corpus and the weights; Error and nothing changed otherwise.
  Status RestoreState(TrainerState state);
  const TrainerOptions& options() const { return options_; }
  // Current step length of the flow on p: flow_step_length() 2^flow_step_exponent().
  double flow_step_length() const { return flow_step_length_; }
  int32_t flow_step_exponent() const { return flow_step_exponent_; }

 private:
  void InitializeWeights();
  ReviewSelection FullBatch();
  bool RefuseIfNotFinite(const LossAccuracy& forward, StepOutcome* outcome) const;
  // *loss: the loss at the step's start; an error says, in full, why the flow stops.
  Status FlowStep(double* loss);

  const Corpus* train_;
  TrainerOptions options_;
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
  int32_t flow_step_exponent_ = 0;
  Eigen::VectorXf flow_start_, flow_next_;  // d, scratch of the flow on p
};

}  // namespace clslab
