// Optimizers for the joint protocol and the paper's single step: gradient descent (full
// batch or mini-batch SGD) and Adam. They consume the rank-two Gradient of model.h and
// update only its touched rows, so a mini-batch step stays O(|rows| d).
#pragma once

#include <Eigen/Core>
#include <string>
#include <utility>
#include <vector>

#include "clslab/model.h"
#include "clslab/status.h"

namespace clslab {

enum class OptimizerKind { kGradientDescent, kSgd, kAdam };

// Which parameter blocks a step may change.
struct TrainableBlocks {
  bool E = true, p = true, v = false;
};

// Adam's moments and step count: with them a run resumes exactly where it was saved.
// Empty matrices before the first Adam step (and always for gradient descent).
struct OptimizerState {
  int64_t adam_steps = 0;
  RowMatrixXf m_E, v_E;                // V x d, or 0 x 0
  Eigen::VectorXf m_p, v_p, m_v, v_v;  // d, or 0
};

class Optimizer {
 public:
  Optimizer(OptimizerKind kind, double learning_rate);
  const OptimizerState& state() const { return state_; }
  void Restore(OptimizerState state) { state_ = std::move(state); }

  // Applies one update. Refuses (weights untouched, Status explains which setting to
  // lower) when the gradient is not finite or the step could overflow float: the caller
  // keeps the last finite state.
  Status Apply(const Gradient& gradient, TrainableBlocks blocks, Weights* weights);

  // Gradient descent on E alone (the paper's step on E): the token scalars p.E_s and v.E_s
  // of the E that Apply would write, computed without writing it (the same float operations,
  // so the same bits as scoring E after Apply), after Apply's checks. A step that is then
  // refused leaves E as it was with no copy kept (V x d floats: 80 MB at the page's size).
  Status PreviewScalars(const Gradient& gradient, const Weights& weights, TokenScalars* scalars);

 private:
  Status CheckGradientDescent(const Gradient& gradient, TrainableBlocks blocks,
                              const Weights& weights) const;
  Status ApplyGradientDescent(const Gradient& gradient, TrainableBlocks blocks, Weights* weights);
  Status ApplyAdam(const Gradient& gradient, TrainableBlocks blocks, Weights* weights);
  double* StartFusedDense(int32_t d);  // 2d accumulators, or null when not fused
  void FinishFusedDense(int32_t d);

  OptimizerKind kind_;
  double learning_rate_;
  // Adam state, sized on first use. Lazy Adam for E: a row's moments advance only on
  // steps that touch it (as TensorFlow's LazyAdam), which keeps mini-batch steps sparse.
  OptimizerState state_;
  std::vector<float> row_update_;  // d, scratch
  // dL/dp and dL/dv when the gradient came deferred (Gradient::dense_deferred).
  Eigen::VectorXf dense_p_, dense_v_;       // d each
  std::vector<double> dense_accumulators_;  // 2d
  bool fuse_dense_ = false;  // this step forms them inside the E update (gradient descent)
};

// True when every entry is finite.
bool AllFinite(const Weights& weights);

}  // namespace clslab
