// The paper protocol and joint training, one resumable step at a time.
// Legend: V vocabulary, d width, n train reviews.
#include "clslab/trainer.h"

#include <algorithm>
#include <cmath>

namespace clslab {
namespace {

constexpr const char* kLowerEta = "lower eta (the step on E)";
constexpr const char* kLowerFlowRate = "lower the flow rate";
constexpr const char* kLowerLearningRate = "lower the learning rate";

// A mean logistic loss above 100 log 2 means the average review is misclassified with a
// margin below -69: no schedule recovers from that, so the run is called diverged before
// the weights grow further (they stay finite, but the numbers would mean nothing).
constexpr double kDivergedLoss = 100 * 0.6931471805599453;

}  // namespace

// A full batch over train_, with the corpus transposed for the faster gradient (built once
// per trainer, O(N) time and 4 bytes per token; train_ never changes).
ReviewSelection Trainer::FullBatch() {
  if (occurrences_.offsets.empty()) occurrences_ = TransposeCorpus(*train_);
  ReviewSelection all;
  all.occurrences = &occurrences_;
  return all;
}

namespace {

// How run files spelled a phase before Metrics carried its name (read, never written).
std::string_view EarlierSpelling(Phase phase) {
  switch (phase) {
    case Phase::kEmbeddingsStepped:
      return "embeddings stepped";
    case Phase::kFlow:
      return "flow on p";
    default:
      return EnumKey(phase);
  }
}

}  // namespace

Result<Phase> PhaseAt(Protocol protocol, int64_t step, std::string_view name) {
  if (step < 0 || step > kMaxStep) {
    return Result<Phase>::Failure("the run's step " + std::to_string(step) + " is outside [0, " +
                                  std::to_string(kMaxStep) + "]");
  }
  Phase expected = Phase::kInitialized;
  if (step > 0) expected = protocol == Protocol::kJoint ? Phase::kJoint : Phase::kFlow;
  if (step == 1 && protocol == Protocol::kPaper) expected = Phase::kEmbeddingsStepped;
  if (name != EnumKey(expected) && name != EarlierSpelling(expected)) {
    return Result<Phase>::Failure("the run's phase \"" + std::string(name).substr(0, 40) +
                                  "\" does not match step " + std::to_string(step) + " (\"" +
                                  EnumKey(expected) + "\" expected)");
  }
  return Result<Phase>::Success(expected);
}

Trainer::Trainer(const Corpus* train, const TrainerOptions& options)
    : train_(train), options_(options), rng_(options.seed) {
  InitializeWeights();
  flow_step_length_ = options_.flow_rate;
  if (options_.protocol == Protocol::kJoint) {
    optimizer_ = std::make_unique<Optimizer>(options_.optimizer, options_.learning_rate);
  }
}

void Trainer::InitializeWeights() {
  const int32_t vocab_size = train_->vocab_size, d = options_.width;
  // E(0) entries ~ N(0, sigma^2 / d): each row has norm about sigma whatever d is.
  const double scale = options_.sigma / std::sqrt(static_cast<double>(d));
  weights_.E.resize(vocab_size, d);
  for (int64_t k = 0; k < weights_.E.size(); ++k) {
    weights_.E.data()[k] = static_cast<float>(scale * rng_.Normal());
  }
  weights_.p = Eigen::VectorXf::Zero(d);  // p = 0: uniform attention at the start
  // v: a random unit vector, drawn after E so that E(0) does not depend on d's tail.
  Eigen::VectorXd v(d);
  for (int32_t j = 0; j < d; ++j) v[j] = rng_.Normal();
  v /= std::max(v.norm(), 1e-300);
  weights_.v = v.cast<float>();
}

bool Trainer::RefuseIfNotFinite(const LossAccuracy& forward, StepOutcome* outcome) const {
  if (std::isfinite(forward.loss) && forward.loss <= kDivergedLoss) return false;
  outcome->stopped = true;
  outcome->message = std::isfinite(forward.loss) ? "training diverged (the loss passed 100 log 2)"
                                                 : "the loss is not finite";
  return true;
}

StepOutcome Trainer::StepEmbeddings() {
  StepOutcome outcome;
  if (options_.protocol != Protocol::kPaper || phase_ != Phase::kInitialized) {
    outcome.message = "the step on E is the first step of the paper protocol only";
    return outcome;
  }
  // One GD step of size eta on E alone, from p = 0 (uniform attention) with v fixed:
  // E_s(1) = E_s(0) - eta coef_v[s] v, which is E_s(0) + (eta/2) alpha_s v when f = 0.
  // A large sigma legitimately starts high, so the loss before the step is only checked to
  // be finite; the step itself is refused when it makes the loss pass 100 log 2 from below
  // (otherwise the first flow step would report it and blame the flow rate).
  // dL/dp and dL/dv are not needed (only E moves): deferred, never formed.
  LossAccuracy forward =
      LossAndGradient(weights_, *train_, FullBatch(), &workspace_, &gradient_, true);
  if (!std::isfinite(forward.loss)) {
    outcome.stopped = true;
    outcome.message = "the loss is not finite; lower sigma";
    return outcome;
  }
  // The loss at E(1) comes from the token scalars E(1) would have (PreviewScalars, the same
  // bits as scoring E(1)), so a refused step leaves E(0) untouched without a V x d copy.
  Optimizer step(OptimizerKind::kGradientDescent, options_.eta);
  TokenScalars next;  // V each: p.E_s(1) and v.E_s(1)
  Status status = step.PreviewScalars(gradient_, weights_, &next);
  if (!status.ok()) {
    outcome.stopped = true;
    outcome.message = status.message() + "; " + kLowerEta;
    return outcome;
  }
  const double after = LossFromTokenScalars(next, *train_, &workspace_).loss;
  if (!std::isfinite(after) || (after > kDivergedLoss && after > forward.loss)) {
    outcome.stopped = true;
    outcome.message = std::string("the step on E made the loss ") +
                      (std::isfinite(after) ? "pass 100 log 2" : "non-finite") + "; " + kLowerEta;
    return outcome;
  }
  status = step.Apply(gradient_, {true, false, false}, &weights_);  // writes exactly E(1)
  if (!status.ok()) {  // Apply repeats the checks PreviewScalars passed
    outcome.stopped = true;
    outcome.message = status.message() + "; " + kLowerEta;
    return outcome;
  }
  ++step_;
  phase_ = Phase::kEmbeddingsStepped;
  outcome.taken = 1;
  outcome.loss = forward.loss;
  return outcome;
}

// One step of the flow on p with E and v frozen. Each rule is gradient flow
// dp/dt = -grad L(p) under a change of clock, which is why all three trace the same path
// (up to discretization) but move along it at different speeds:
//   normalized: p -= r g / ||g||   (dt = r / ||g||: constant distance per step; ||g|| decays
//               like the loss's excess once reviews are separated, so plain GD would crawl)
//   growing:    p -= (r / L) g     (dt = r / L(p): the step grows as the loss falls)
//   armijo:     p -= t g, with t doubled after each accepted step and halved until
//               L decreases by at least t ||g||^2 / 2 (stable on stiff losses)
// The gradient comes scaled (Gradient::p_exponent K: g = g~ 2^K), so its direction holds
// when ||g|| is below the smallest double; the step lengths keep their own power of two
// (flow_step_exponent_) for the same reason. The loss's floor here is positive (v is fixed),
// and once the softmax saturates two losses agree to the last digit: the line search compares
// their excesses over the floor (LossAccuracy), computed without cancellation. A step rule
// that can no longer move p says so (an error naming why), never passes as "stationary".
Status Trainer::FlowStep(double* loss) {
  const LossAccuracy forward = LossAndGradient(weights_, *train_, FullBatch(), &workspace_,
                                               &gradient_, false, GradientScale{true, 0});
  *loss = forward.loss;
  if (!std::isfinite(forward.loss) || !gradient_.p.allFinite()) {
    return Status::Error(std::string("the loss or its gradient is not finite; ") + kLowerFlowRate);
  }
  if (forward.loss > kDivergedLoss) {
    return Status::Error(std::string("the flow diverged (the loss passed 100 log 2); ") +
                         kLowerFlowRate);
  }
  const int32_t scale = gradient_.p_exponent;                    // g = g~ 2^scale
  const double scaled_norm = gradient_.p.cast<double>().norm();  // ||g~||
  if (scaled_norm == 0) {
    // Scaled, a gradient of 0 is 0 and not an underflow: f does not depend on p here.
    return Status::Error(
        "the gradient on p is exactly zero (in every review the attention weights no longer "
        "change the logit), so no step rule moves p");
  }
  // flow_next_ and flow_start_ are members sized once: a step allocates nothing.
  Eigen::VectorXf& next = flow_next_;
  next.resize(weights_.p.size());
  switch (options_.flow_step) {
    case FlowStep::kNormalized:  // t = r / ||g|| = (r / ||g~||) 2^-scale
      flow_step_length_ = options_.flow_rate / scaled_norm;
      flow_step_exponent_ = -scale;
      next = weights_.p - static_cast<float>(flow_step_length_) * gradient_.p;
      break;
    case FlowStep::kGrowing: {  // t = r / L, applied to g = g~ 2^scale
      flow_step_length_ = options_.flow_rate / std::max(forward.loss, 1e-12);
      flow_step_exponent_ = 0;
      const float multiplier = static_cast<float>(std::ldexp(flow_step_length_, scale));
      next = weights_.p - multiplier * gradient_.p;
      if (next == weights_.p) {
        return Status::Error(
            "the growing rule's step (r / L) ||grad|| is below p's float resolution: the loss's "
            "gradient has decayed like e^-(gap ||p||), so p no longer moves under this rule; "
            "normalized steps keep moving");
      }
      break;
    }
    case FlowStep::kArmijo: {
      Eigen::VectorXf& start = flow_start_;
      start = weights_.p;
      // On g~: T = t 2^scale, and the decrease t ||g||^2 / 2 in units of 2^scale, T ||g~||^2 / 2.
      double step = 2 * std::ldexp(flow_step_length_, flow_step_exponent_ + scale);
      bool accepted = false, moved = true;
      for (int halvings = 0; halvings < 60 && !accepted && moved; ++halvings, step *= 0.5) {
        weights_.p = start - static_cast<float>(step) * gradient_.p;
        // A step that no longer changes p in float decides nothing: halving cannot help.
        moved = weights_.p != start;
        if (!moved) break;
        const LossAccuracy trial = LossAndGradient(weights_, *train_, {}, &workspace_, nullptr,
                                                   false, GradientScale{false, scale});
        const double decrease = 0.5 * step * scaled_norm * scaled_norm;  // x 2^scale
        if (trial.floor == forward.floor && std::isfinite(trial.scaled_excess) &&
            std::isfinite(forward.scaled_excess)) {
          // The same floor at the same leading tokens: compare the excesses, on one scale.
          accepted = trial.scaled_excess <= forward.scaled_excess - decrease;
        } else {
          accepted =
              std::isfinite(trial.loss) && trial.loss <= forward.loss - std::ldexp(decrease, scale);
        }
        if (accepted) {
          flow_step_length_ = step;
          flow_step_exponent_ = -scale;
        }
      }
      next = weights_.p;
      weights_.p = start;
      if (!accepted) {
        return Status::Error(
            "the Armijo line search found no step that lowers the loss by t ||grad L||^2 / 2 "
            "before its steps fell below p's float resolution (the loss's changes there are "
            "below the float resolution of the scores p.E_s); normalized steps keep moving");
      }
      break;
    }
  }
  if (!next.allFinite() || next.cwiseAbs().maxCoeff() > 1e15f) {
    return Status::Error(std::string("the flow step would make p overflow; ") + kLowerFlowRate);
  }
  weights_.p = next;
  return Status::Ok();
}

StepOutcome Trainer::StepFlow(int32_t steps) {
  StepOutcome outcome;
  if (options_.protocol != Protocol::kPaper || phase_ == Phase::kInitialized) {
    outcome.message = "the flow on p runs after the step on E, in the paper protocol";
    return outcome;
  }
  for (int32_t k = 0; k < steps; ++k) {
    const Status status = FlowStep(&outcome.loss);
    if (!status.ok()) {
      outcome.stopped = true;
      outcome.message = status.message();
      return outcome;
    }
    ++step_;
    ++outcome.taken;
    phase_ = Phase::kFlow;
  }
  return outcome;
}

StepOutcome Trainer::StepJoint(int32_t steps) {
  StepOutcome outcome;
  if (options_.protocol != Protocol::kJoint) {
    outcome.message = "joint steps need the joint protocol";
    return outcome;
  }
  const int32_t n = train_->NumReviews();
  const bool full_batch = options_.optimizer == OptimizerKind::kGradientDescent ||
                          options_.batch_size <= 0 || options_.batch_size >= n;
  const TrainableBlocks blocks{true, true, options_.train_v};
  for (int32_t k = 0; k < steps; ++k) {
    ReviewSelection selection = full_batch ? FullBatch() : ReviewSelection{};
    if (!full_batch) {
      // Sample without replacement from a shuffled epoch order (Fisher-Yates, our Rng).
      if (order_.empty()) {
        order_.resize(n);
        for (int32_t i = 0; i < n; ++i) order_[i] = i;
        order_position_ = n;
      }
      batch_.clear();
      while (static_cast<int32_t>(batch_.size()) < options_.batch_size) {
        if (order_position_ >= n) {
          for (int32_t i = n - 1; i > 0; --i) std::swap(order_[i], order_[rng_.Below(i + 1)]);
          order_position_ = 0;
        }
        batch_.push_back(order_[order_position_++]);
      }
      selection.indices = &batch_;
    }
    // dL/dp and dL/dv deferred: the optimizer forms them in its pass over E.
    const LossAccuracy forward =
        LossAndGradient(weights_, *train_, selection, &workspace_, &gradient_, true);
    if (RefuseIfNotFinite(forward, &outcome)) {
      outcome.message += std::string("; ") + kLowerLearningRate;
      return outcome;
    }
    outcome.loss = forward.loss;
    const Status status = optimizer_->Apply(gradient_, blocks, &weights_);
    if (!status.ok()) {
      outcome.stopped = true;
      outcome.message = status.message();
      return outcome;
    }
    ++step_;
    ++outcome.taken;
    phase_ = Phase::kJoint;
  }
  return outcome;
}

void Trainer::Restore(Weights weights, int64_t step, Phase phase) {
  weights_ = std::move(weights);
  step_ = step;
  phase_ = phase;
  flow_step_length_ = options_.flow_rate;
  flow_step_exponent_ = 0;
  if (options_.protocol == Protocol::kJoint) {
    optimizer_ = std::make_unique<Optimizer>(options_.optimizer, options_.learning_rate);
  }
}

TrainerState Trainer::SaveState() const {
  TrainerState state;
  state.flow_step_length = flow_step_length_;
  state.flow_step_exponent = flow_step_exponent_;
  state.rng = rng_.State();
  state.order = order_;
  state.order_position = order_position_;
  if (optimizer_) state.optimizer = optimizer_->state();
  return state;
}

Status Trainer::RestoreState(TrainerState state) {
  const int32_t n = train_->NumReviews(), vocab_size = weights_.vocab_size(), d = weights_.width();
  const bool order_ok =
      state.order.empty() || (static_cast<int32_t>(state.order.size()) == n &&
                              state.order_position >= 0 && state.order_position <= n &&
                              std::all_of(state.order.begin(), state.order.end(),
                                          [n](int32_t i) { return i >= 0 && i < n; }));
  const OptimizerState& o = state.optimizer;
  const bool moments_ok = (o.m_E.size() == 0 && o.v_E.size() == 0 && o.m_p.size() == 0) ||
                          (o.m_E.rows() == vocab_size && o.m_E.cols() == d &&
                           o.v_E.rows() == vocab_size && o.v_E.cols() == d && o.m_p.size() == d &&
                           o.v_p.size() == d && o.m_v.size() == d && o.v_v.size() == d);
  if (!order_ok || !moments_ok || o.adam_steps < 0 || !std::isfinite(state.flow_step_length)) {
    return Status::Error("the run's training state does not fit its data and weights");
  }
  if (o.adam_steps > 0 && !optimizer_) {
    return Status::Error("the run's training state has optimizer moments but no optimizer");
  }
  flow_step_length_ = state.flow_step_length;
  flow_step_exponent_ = state.flow_step_exponent;
  rng_.Restore(state.rng);
  order_ = std::move(state.order);
  order_position_ = state.order_position;
  if (optimizer_) optimizer_->Restore(std::move(state.optimizer));
  return Status::Ok();
}

StepOutcome Trainer::Advance(int32_t steps) {
  if (steps <= 0) return {};
  if (options_.protocol == Protocol::kJoint) return StepJoint(steps);
  if (phase_ != Phase::kInitialized) return StepFlow(steps);
  StepOutcome outcome = StepEmbeddings();
  if (outcome.stopped || steps == 1) return outcome;
  StepOutcome rest = StepFlow(steps - 1);
  rest.taken += outcome.taken;
  return rest;
}

}  // namespace clslab
