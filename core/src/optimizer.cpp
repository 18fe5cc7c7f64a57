// Gradient descent and Adam on the factored gradient dL/dE_s = coef_p[s] p + coef_v[s] v.
// Legend: V vocabulary, d width, rows = touched tokens (all V for a full batch).
#include "clslab/optimizer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace clslab {
namespace {

// Largest |x| a weight may reach: far below FLT_MAX (3.4e38) so that the products in the
// next forward pass (d-long dot products of two such numbers) stay finite too.
constexpr double kWeightLimit = 1e15;

// max_k |x_k| over a float run, on the bit patterns: with the sign bit cleared, the order
// of IEEE floats is the order of their bits as unsigned integers, and an integer max
// reduction vectorizes (wasm has i32x4.max_u; a float max needs fast-math to vectorize,
// and Eigen has no wasm SIMD path). Every step reads all of E through this bound, so it
// must run at memory speed. NaN has larger bits than infinity: it comes back as NaN.
double MaxAbs(const float* x, int64_t n) {
  uint32_t largest = 0;
  for (int64_t k = 0; k < n; ++k) {
    uint32_t bits;
    std::memcpy(&bits, x + k, sizeof bits);
    largest = std::max(largest, bits & 0x7fffffffu);
  }
  float value;
  std::memcpy(&value, &largest, sizeof value);
  return static_cast<double>(value);
}

template <typename Derived>
double MaxAbs(const Eigen::PlainObjectBase<Derived>& x) {
  return MaxAbs(x.data(), x.size());
}

bool Finite(double x) { return std::isfinite(x); }

}  // namespace

bool AllFinite(const Weights& weights) {
  return weights.E.allFinite() && weights.p.allFinite() && weights.v.allFinite();
}

Optimizer::Optimizer(OptimizerKind kind, double learning_rate)
    : kind_(kind), learning_rate_(learning_rate) {}

Status Optimizer::Apply(const Gradient& gradient, TrainableBlocks blocks, Weights* weights) {
  // A non-finite gradient means the forward pass already overflowed: stop before writing.
  for (int32_t s : gradient.rows) {
    const double a = gradient.coef_p[s], b = gradient.coef_v[s];
    if (!Finite(a) || !Finite(b)) {
      return Status::Error("the gradient is not finite; lower the learning rate (or eta)");
    }
  }
  if (!gradient.p.allFinite() || !gradient.v.allFinite()) {
    return Status::Error("the gradient is not finite; lower the learning rate (or eta)");
  }
  return kind_ == OptimizerKind::kAdam ? ApplyAdam(gradient, blocks, weights)
                                       : ApplyGradientDescent(gradient, blocks, weights);
}

Status Optimizer::ApplyGradientDescent(const Gradient& gradient, TrainableBlocks blocks,
                                       Weights* weights) {
  const double lr = learning_rate_;
  const int32_t d = weights->width();
  // Bound every entry after the step before writing any: |E_sj - lr (A_s p_j + B_s v_j)|
  // <= max|E| + lr (max|A| max|p| + max|B| max|v|). Cheap, and keeps the last state finite.
  double max_a = 0, max_b = 0;
  for (int32_t s : gradient.rows) {
    max_a = std::max(max_a, std::abs(gradient.coef_p[s]));
    max_b = std::max(max_b, std::abs(gradient.coef_v[s]));
  }
  const double max_p = MaxAbs(weights->p), max_v = MaxAbs(weights->v);
  double bound = 0;
  if (blocks.E) {
    bound = std::max(bound, lr * (max_a * max_p + max_b * max_v) + MaxAbs(weights->E));
  }
  if (blocks.p) bound = std::max(bound, max_p + lr * MaxAbs(gradient.p));
  if (blocks.v) bound = std::max(bound, max_v + lr * MaxAbs(gradient.v));
  if (!Finite(bound) || bound > kWeightLimit) {
    return Status::Error(
        "the step would make the weights overflow; lower the learning rate (or eta)");
  }
  // E first: its update uses p and v before they move (all three from the same point).
  if (blocks.E) {
    const float* p = weights->p.data();
    const float* v = weights->v.data();
    for (int32_t s : gradient.rows) {
      const float a = static_cast<float>(lr * gradient.coef_p[s]);
      const float b = static_cast<float>(lr * gradient.coef_v[s]);
      if (a == 0 && b == 0) continue;
      float* row = weights->E.data() + static_cast<int64_t>(s) * d;
      for (int32_t j = 0; j < d; ++j) row[j] -= a * p[j] + b * v[j];
    }
  }
  if (blocks.p) weights->p -= static_cast<float>(lr) * gradient.p;
  if (blocks.v) weights->v -= static_cast<float>(lr) * gradient.v;
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
  if (!Finite(learning_rate_) || 32 * learning_rate_ + MaxAbs(weights->E) > kWeightLimit) {
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
  if (blocks.E) {
    row_update_.resize(d);
    const float* p = weights->p.data();
    const float* v = weights->v.data();
    for (int32_t s : gradient.rows) {
      const float a = static_cast<float>(gradient.coef_p[s]);
      const float b = static_cast<float>(gradient.coef_v[s]);
      for (int32_t j = 0; j < d; ++j) row_update_[j] = a * p[j] + b * v[j];
      const int64_t offset = static_cast<int64_t>(s) * d;
      update(weights->E.data() + offset, st.m_E.data() + offset, st.v_E.data() + offset,
             row_update_.data(), d);
    }
  }
  if (blocks.p) update(weights->p.data(), st.m_p.data(), st.v_p.data(), gradient.p.data(), d);
  if (blocks.v) update(weights->v.data(), st.m_v.data(), st.v_v.data(), gradient.v.data(), d);
  return Status::Ok();
}

}  // namespace clslab
