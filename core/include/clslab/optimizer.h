// Optimizers for the joint protocol and the paper's single step: gradient descent (full
// batch or mini-batch SGD) and Adam. They consume the rank-two Gradient of model.h and
// update only its touched rows, so a mini-batch step stays O(|rows| d).
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "clslab/model.h"
#include "clslab/status.h"

namespace clslab {

enum class OptimizerKind { kGradientDescent, kSgd, kAdam };

// Which parameter blocks a step may change.
struct TrainableBlocks {
  bool E = true, p = true, v = false;
};

class Optimizer {
 public:
  Optimizer(OptimizerKind kind, double learning_rate);

  // Applies one update. Refuses (weights untouched, Status explains which setting to
  // lower) when the gradient is not finite or the step could overflow float: the caller
  // keeps the last finite state.
  Status Apply(const Gradient& gradient, TrainableBlocks blocks, Weights* weights);

 private:
  Status ApplyGradientDescent(const Gradient& gradient, TrainableBlocks blocks, Weights* weights);
  Status ApplyAdam(const Gradient& gradient, TrainableBlocks blocks, Weights* weights);

  OptimizerKind kind_;
  double learning_rate_;
  // Adam state, sized on first use. Lazy Adam for E: a row's moments advance only on
  // steps that touch it (as TensorFlow's LazyAdam), which keeps mini-batch steps sparse.
  RowMatrixXf m_E_, v_E_;                  // V x d
  Eigen::VectorXf m_p_, v_p_, m_v_, v_v_;  // d each
  int64_t adam_steps_ = 0;
  std::vector<float> row_update_;  // d, scratch
};

// True when every entry is finite.
bool AllFinite(const Weights& weights);

}  // namespace clslab
