// Gradient descent and Adam on the factored gradient dL/dE_s = coef_p[s] p + coef_v[s] v.
// Legend: V vocabulary, d width, rows = touched tokens (all V for a full batch).
#include "clslab/optimizer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "model_kernels.h"

namespace clslab {
namespace {

// Largest |x| a weight may reach: far below FLT_MAX (3.4e38) so that the products in the
// next forward pass (d-long dot products of two such numbers) stay finite too.
constexpr double kWeightLimit = 1e15;

template <typename Derived>
double MaxAbs(const Eigen::PlainObjectBase<Derived>& x) {
  return clslab::MaxAbs(x.data(), x.size());
}

bool Finite(double x) { return std::isfinite(x); }

}  // namespace

bool AllFinite(const Weights& weights) {
  return weights.E.allFinite() && weights.p.allFinite() && weights.v.allFinite();
}

Optimizer::Optimizer(OptimizerKind kind, double learning_rate)
    : kind_(kind), learning_rate_(learning_rate) {}

// A non-finite gradient means the forward pass already overflowed: stop before writing.
Status CheckFinite(const Gradient& gradient) {
  for (int32_t s : gradient.rows) {
    if (!std::isfinite(gradient.coef_p[s]) || !std::isfinite(gradient.coef_v[s])) {
      return Status::Error("the gradient is not finite; lower the learning rate (or eta)");
    }
  }
  if (!gradient.dense_deferred && (!gradient.p.allFinite() || !gradient.v.allFinite())) {
    return Status::Error("the gradient is not finite; lower the learning rate (or eta)");
  }
  return Status::Ok();
}

Status Optimizer::Apply(const Gradient& gradient, TrainableBlocks blocks, Weights* weights) {
  // The optimizers step by the true gradient: a flow's scaled one (Gradient::p_exponent) has
  // no learning rate that means anything.
  if (gradient.p_exponent != 0) {
    return Status::Error("an optimizer was given a scaled gradient (p_exponent != 0)");
  }
  const Status finite = CheckFinite(gradient);
  if (!finite.ok()) return finite;
  // dL/dp and dL/dv deferred (Gradient): formed below in the pass that updates E when the
  // blocks need them and a cheap bound shows they cannot overflow; else formed first.
  fuse_dense_ = false;
  if (gradient.dense_deferred && (blocks.p || blocks.v)) {
    // |dL/dp_j| <= sum_s |coef_p[s]| max|E_s|, likewise for v.
    double sum_a = 0, sum_b = 0;
    for (int32_t s : gradient.rows) {
      sum_a += std::abs(gradient.coef_p[s]);
      sum_b += std::abs(gradient.coef_v[s]);
    }
    const double lr = learning_rate_, max_e = gradient.max_abs_rows;
    const double bound_p = MaxAbs(weights->p) + lr * sum_a * max_e;
    const double bound_v = MaxAbs(weights->v) + lr * sum_b * max_e;
    // Fused, the sums cannot overflow (bounded by finite numbers) and, for gradient descent,
    // p and v stay below the limit: the decision is the one the exact dL/dp would give.
    const bool adam = kind_ == OptimizerKind::kAdam;
    fuse_dense_ = blocks.E && Finite(sum_a * max_e) && Finite(sum_b * max_e) &&
                  (adam || !blocks.p || bound_p <= kWeightLimit) &&
                  (adam || !blocks.v || bound_v <= kWeightLimit);
    if (!fuse_dense_) {
      DenseGradient(*weights, gradient, &dense_accumulators_, &dense_p_, &dense_v_);
      if (!dense_p_.allFinite() || !dense_v_.allFinite()) {
        return Status::Error("the gradient is not finite; lower the learning rate (or eta)");
      }
    }
  }
  return kind_ == OptimizerKind::kAdam ? ApplyAdam(gradient, blocks, weights)
                                       : ApplyGradientDescent(gradient, blocks, weights);
}

// Fused dL/dp and dL/dv: each row adds its share (AccumulateRow, DenseGradient's loop in
// its order, so the same bits) just before the E update overwrites it: one pass over E
// fewer than forming them first.
double* Optimizer::StartFusedDense(int32_t d) {
  if (!fuse_dense_) return nullptr;
  dense_accumulators_.assign(2 * static_cast<size_t>(d), 0.0);
  return dense_accumulators_.data();
}

void Optimizer::FinishFusedDense(int32_t d) {
  if (!fuse_dense_) return;
  dense_p_.resize(d);
  dense_v_.resize(d);
  for (int32_t j = 0; j < d; ++j) {
    dense_p_[j] = static_cast<float>(dense_accumulators_[j]);
    dense_v_[j] = static_cast<float>(dense_accumulators_[d + j]);
  }
}

Status Optimizer::CheckGradientDescent(const Gradient& gradient, TrainableBlocks blocks,
                                       const Weights& weights) const {
  const double lr = learning_rate_;
  // Bound every entry after the step before writing any: |E_sj - lr (A_s p_j + B_s v_j)|
  // <= max|E| + lr (max|A| max|p| + max|B| max|v|). Cheap, and keeps the last state finite.
  double max_a = 0, max_b = 0;
  for (int32_t s : gradient.rows) {
    max_a = std::max(max_a, std::abs(gradient.coef_p[s]));
    max_b = std::max(max_b, std::abs(gradient.coef_v[s]));
  }
  const double max_p = MaxAbs(weights.p), max_v = MaxAbs(weights.v);
  double bound = 0;
  // Only the touched rows change, so max |E| over them (from the gradient's pass) bounds E.
  if (blocks.E) {
    bound = std::max(bound, lr * (max_a * max_p + max_b * max_v) + gradient.max_abs_rows);
  }
  // A fused dL/dp was bounded in Apply; otherwise it is at hand (given or formed there).
  const Eigen::VectorXf& grad_p = gradient.dense_deferred ? dense_p_ : gradient.p;  // d or 0
  const Eigen::VectorXf& grad_v = gradient.dense_deferred ? dense_v_ : gradient.v;  // d or 0
  if (blocks.p && !fuse_dense_) bound = std::max(bound, max_p + lr * MaxAbs(grad_p));
  if (blocks.v && !fuse_dense_) bound = std::max(bound, max_v + lr * MaxAbs(grad_v));
  if (!Finite(bound) || bound > kWeightLimit) {
    return Status::Error(
        "the step would make the weights overflow; lower the learning rate (or eta)");
  }
  return Status::Ok();
}

Status Optimizer::ApplyGradientDescent(const Gradient& gradient, TrainableBlocks blocks,
                                       Weights* weights) {
  const Status bounded = CheckGradientDescent(gradient, blocks, *weights);
  if (!bounded.ok()) return bounded;
  const double lr = learning_rate_;
  const int32_t d = weights->width();
  const Eigen::VectorXf& grad_p = gradient.dense_deferred ? dense_p_ : gradient.p;  // d or 0
  const Eigen::VectorXf& grad_v = gradient.dense_deferred ? dense_v_ : gradient.v;  // d or 0
  // E first: its update uses p and v before they move (all three from the same point).
  double* sums = StartFusedDense(d);  // 2d or null
  if (blocks.E) {
    const float* p = weights->p.data();
    const float* v = weights->v.data();
    for (int32_t s : gradient.rows) {
      float* row = weights->E.data() + static_cast<int64_t>(s) * d;
      if (sums) AccumulateRow(gradient.coef_p[s], gradient.coef_v[s], row, d, sums, sums + d);
      const float a = static_cast<float>(lr * gradient.coef_p[s]);
      const float b = static_cast<float>(lr * gradient.coef_v[s]);
      if (a == 0 && b == 0) continue;
      for (int32_t j = 0; j < d; ++j) row[j] -= a * p[j] + b * v[j];
    }
  }
  FinishFusedDense(d);
  if (blocks.p) weights->p -= static_cast<float>(lr) * grad_p;
  if (blocks.v) weights->v -= static_cast<float>(lr) * grad_v;
  return Status::Ok();
}

Status Optimizer::PreviewScalars(const Gradient& gradient, const Weights& weights,
                                 TokenScalars* scalars) {
  const TrainableBlocks e_only{true, false, false};
  Status status = CheckFinite(gradient);
  if (status.ok()) status = CheckGradientDescent(gradient, e_only, weights);
  if (!status.ok()) return status;
  const double lr = learning_rate_;
  const int32_t vocab_size = weights.vocab_size(), d = weights.width();
  const float* p = weights.p.data();
  const float* v = weights.v.data();
  scalars->attention.resize(vocab_size);
  scalars->value.resize(vocab_size);
  row_update_.resize(d);
  size_t next = 0;  // position in gradient.rows (ascending)
  for (int32_t s = 0; s < vocab_size; ++s) {
    const float* row = weights.E.data() + static_cast<int64_t>(s) * d;  // d
    const float* scored = row;
    if (next < gradient.rows.size() && gradient.rows[next] == s) {
      ++next;
      const float a = static_cast<float>(lr * gradient.coef_p[s]);
      const float b = static_cast<float>(lr * gradient.coef_v[s]);
      if (a != 0 || b != 0) {  // the row Apply would write, by the same operations
        for (int32_t j = 0; j < d; ++j) row_update_[j] = row[j] - (a * p[j] + b * v[j]);
        scored = row_update_.data();
      }
    }
    Dot2(scored, p, v, d, &scalars->attention[s], &scalars->value[s]);
  }
  return Status::Ok();
}

Status Optimizer::ApplyAdam(const Gradient& gradient, TrainableBlocks blocks, Weights* weights) {
  constexpr float kBeta1 = 0.9f, kBeta2 = 0.999f, kEpsilon = 1e-8f;
  const int32_t vocab_size = weights->vocab_size(), d = weights->width();
  OptimizerState& st = state_;
  if (st.m_E.rows() != vocab_size || st.m_E.cols() != d) {
    st.m_E = RowMatrixXf::Zero(vocab_size, d);
    st.v_E = RowMatrixXf::Zero(vocab_size, d);
    st.m_p = st.v_p = st.m_v = st.v_v = Eigen::VectorXf::Zero(d);
    st.adam_steps = 0;
  }
  // Each coordinate moves by at most about lr / sqrt(1 - beta2) ~ 32 lr (early steps).
  // Only the touched rows change: max |E| over them (from the gradient's pass) bounds E.
  if (!Finite(learning_rate_) || 32 * learning_rate_ + gradient.max_abs_rows > kWeightLimit) {
    return Status::Error("the step would make the weights overflow; lower the learning rate");
  }
  ++st.adam_steps;
  const float correction1 = 1 - std::pow(kBeta1, static_cast<float>(st.adam_steps));
  const float correction2 = 1 - std::pow(kBeta2, static_cast<float>(st.adam_steps));
  const float step = static_cast<float>(learning_rate_) * std::sqrt(correction2) / correction1;
  auto update = [&](float* w, float* m, float* v2, const float* g, int32_t n) {
    for (int32_t j = 0; j < n; ++j) {
      m[j] = kBeta1 * m[j] + (1 - kBeta1) * g[j];
      v2[j] = kBeta2 * v2[j] + (1 - kBeta2) * g[j] * g[j];
      w[j] -= step * m[j] / (std::sqrt(v2[j]) + kEpsilon);
    }
  };
  double* sums = StartFusedDense(d);  // 2d or null
  if (blocks.E) {
    row_update_.resize(d);
    const float* p = weights->p.data();
    const float* v = weights->v.data();
    for (int32_t s : gradient.rows) {
      const int64_t offset = static_cast<int64_t>(s) * d;
      if (sums) {
        AccumulateRow(gradient.coef_p[s], gradient.coef_v[s], weights->E.data() + offset, d, sums,
                      sums + d);
      }
      const float a = static_cast<float>(gradient.coef_p[s]);
      const float b = static_cast<float>(gradient.coef_v[s]);
      for (int32_t j = 0; j < d; ++j) row_update_[j] = a * p[j] + b * v[j];
      update(weights->E.data() + offset, st.m_E.data() + offset, st.v_E.data() + offset,
             row_update_.data(), d);
    }
  }
  FinishFusedDense(d);
  const Eigen::VectorXf& grad_p = gradient.dense_deferred ? dense_p_ : gradient.p;
  const Eigen::VectorXf& grad_v = gradient.dense_deferred ? dense_v_ : gradient.v;
  if (blocks.p) update(weights->p.data(), st.m_p.data(), st.v_p.data(), grad_p.data(), d);
  if (blocks.v) update(weights->v.data(), st.m_v.data(), st.v_v.data(), grad_v.data(), d);
  return Status::Ok();
}

}  // namespace clslab
