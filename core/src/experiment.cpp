// Experiment: glue from bytes to numbers. Parsing, pipeline, trainer and analysis are
// each in their own file; the Experiment only sequences them and fills the plain structs
// the front ends show. This file: construction, reset and the training steps.
// Legend: V vocabulary, d width, n train reviews, K constraints.
#include "clslab/experiment.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "experiment_state.h"

namespace clslab {

Experiment::Experiment(const Limits& limits) : state_(std::make_unique<State>()) {
  state_->limits = limits;
}
Experiment::~Experiment() = default;

const Limits& Experiment::limits() const { return state_->limits; }

ParseOptions Experiment::Bounded(const ParseOptions& options) const {
  ParseOptions bounded = options;
  bounded.max_bytes = std::min(bounded.max_bytes, state_->limits.max_input_bytes);
  return bounded;
}

Status Experiment::CheckBeforeBuild(int64_t rows, const RunConfig& config) const {
  const Status width = CheckWidth(state_->limits, config.width);
  if (!width.ok()) return width;
  const int64_t sampled =
      config.max_reviews > 0 ? std::min<int64_t>(rows, config.max_reviews) : rows;
  return CheckReviews(state_->limits, sampled);
}

const DatasetSummary& Experiment::summary() const { return state_->summary; }
bool Experiment::has_dataset() const { return state_->loaded; }
const RunConfig& Experiment::config() const { return state_->config; }
int64_t Experiment::step() const { return state_->trainer ? state_->trainer->step() : 0; }

Status Experiment::Reset(const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return valid;
  if (!state_->loaded) return Status::Error("no dataset is loaded");
  const Status width = CheckWidth(state_->limits, config.width);
  if (!width.ok()) return width;
  const Status weights = CheckWeights(state_->limits, state_->dataset.vocab.size(), config.width);
  if (!weights.ok()) return weights;
  state_->config = config;
  state_->trainer = std::make_unique<Trainer>(&state_->dataset.train, config);
  state_->last_stop = Metrics();
  state_->has_max_margin = false;
  state_->solved_at_step = -1;
  return Status::Ok();
}

Metrics Experiment::Advance(int32_t steps) {
  if (!state_->trainer) return Refused("no dataset is loaded");
  const StepOutcome outcome = state_->trainer->Advance(steps);
  Metrics metrics = CurrentMetrics();
  if (outcome.stopped) {
    metrics.stopped = true;
    metrics.message = outcome.message;
  }
  return metrics;
}

Metrics Experiment::StepEmbeddings() {
  if (!state_->trainer) return Refused("no dataset is loaded");
  const StepOutcome outcome = state_->trainer->StepEmbeddings();
  Metrics metrics = CurrentMetrics();
  metrics.stopped = outcome.stopped || outcome.taken == 0;
  metrics.message = outcome.message;
  return metrics;
}

Metrics Experiment::StepAttention(int32_t steps) {
  if (!state_->trainer) return Refused("no dataset is loaded");
  const StepOutcome outcome = state_->trainer->StepFlow(steps);
  Metrics metrics = CurrentMetrics();
  metrics.stopped = outcome.stopped || outcome.taken == 0;
  metrics.message = outcome.message;
  return metrics;
}

const Weights* Experiment::weights() const {
  return state_->trainer ? &state_->trainer->weights() : nullptr;
}

Status Experiment::RestoreWeights(const Weights& weights, int64_t step, std::string_view phase) {
  if (!state_->trainer) return Status::Error("load the run's dataset first");
  const Weights& current = state_->trainer->weights();
  if (weights.E.rows() != current.E.rows() || weights.E.cols() != current.E.cols() ||
      weights.p.size() != current.p.size() || weights.v.size() != current.v.size()) {
    return Status::Error("the run's weights are " + std::to_string(weights.E.rows()) + " x " +
                         std::to_string(weights.E.cols()) + " but the dataset and settings give " +
                         std::to_string(current.E.rows()) + " x " +
                         std::to_string(current.E.cols()));
  }
  if (!AllFinite(weights)) return Status::Error("the run's weights are not all finite");
  Phase restored = Phase::kInitialized;
  bool known = false;
  for (Phase candidate :
       {Phase::kInitialized, Phase::kEmbeddingsStepped, Phase::kFlow, Phase::kJoint}) {
    if (phase == PhaseName(candidate)) restored = candidate, known = true;
  }
  if (!known || step < 0) return Status::Error("the run's step or phase is not valid");
  state_->trainer->Restore(weights, step, restored);
  state_->has_max_margin = false;
  state_->solved_at_step = -1;
  return Status::Ok();
}

}  // namespace clslab
