// Experiment: glue from bytes to numbers. Parsing, pipeline, trainer and analysis are
// each in their own file; the Experiment only sequences them and fills the plain structs
// the front ends show. This file: construction, settings and the training steps.
// Legend: V vocabulary, d width, n train reviews.
#include "clslab/experiment.h"

#include <algorithm>
#include <cmath>

#include "clslab/acyclic_reviews.h"
#include "experiment_state.h"

namespace clslab {

Experiment::Experiment(const Limits& limits) : state_(std::make_unique<State>()) {
  state_->limits = limits;
}
Experiment::~Experiment() = default;

const Limits& Experiment::limits() const { return state_->limits; }
const DatasetSummary& Experiment::summary() const { return state_->summary; }
bool Experiment::has_dataset() const { return state_->loaded; }
const RunConfig& Experiment::config() const { return state_->config; }
int64_t Experiment::step() const { return state_->trainer ? state_->trainer->step() : 0; }
void Experiment::Swap(Experiment& other) { std::swap(state_, other.state_); }

Result<SettingEffect> Experiment::Configure(const RunConfig& config) {
  ++state_->run_version;
  using R = Result<SettingEffect>;
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return R::Failure(valid.message());
  State& st = *state_;
  if (!st.loaded) return R::Failure("no dataset is loaded");
  const SettingEffect effect = EffectOfChange(st.config, config);
  switch (effect) {
    case SettingEffect::kSource:
      return R::Failure("the settings name another dataset (" + SourceDisplayName(config) +
                        "): load it first");
    case SettingEffect::kPipeline: {
      // The split, vocabulary and weights all follow from the rows and the new settings.
      const Result<DatasetSummary> rebuilt =
          SourceKindOf(config) == SourceKind::kSynthetic ? LoadSynthetic(config) : Rebuild(config);
      if (!rebuilt.ok()) return R::Failure(rebuilt.status.message());
      return R::Success(effect);
    }
    case SettingEffect::kWeights: {
      const Status width = CheckWidth(st.limits, config.width);
      if (!width.ok()) return R::Failure(width.message());
      const Status weights = CheckWeights(st.limits, st.dataset.vocab.size(), config.width);
      if (!weights.ok()) return R::Failure(weights.message());
      st.config = config;
      return Reset().ok() ? R::Success(effect) : R::Failure("the weights could not be reset");
    }
    case SettingEffect::kSolver:
      st.config = config;
      st.ForgetSolutions();
      return R::Success(effect);
    case SettingEffect::kRunLength:
      st.config = config;
      return R::Success(effect);
  }
  return R::Failure("unknown setting effect");
}

Status Experiment::Reset() {
  ++state_->run_version;
  State& st = *state_;
  if (!st.loaded) return Status::Error("no dataset is loaded");
  st.trainer = std::make_unique<Trainer>(&st.dataset.train, TrainerOptionsFrom(st.config));
  st.flow_on_acyclic = false;
  st.flow_corpus = Corpus();
  st.ForgetSolutions();
  st.metrics.StartRun();
  st.tick = State::Tick();
  return Status::Ok();
}

void Experiment::PrepareFlow() {
  State& st = *state_;
  if (!st.config.flow_acyclic_only || st.flow_on_acyclic ||
      st.config.protocol != Protocol::kPaper || st.trainer->phase() == Phase::kInitialized) {
    return;
  }
  // E is frozen from here on, so the acyclic reviews of E(1) stay those of the whole flow.
  const Corpus& train = st.dataset.train;
  const TokenScalars scalars = ComputeTokenScalars(st.trainer->weights());
  const SelectedSets sets = ComputeSelectedSets(train, scalars.value);
  const MarginConstraints constraints = BuildConstraints(train, sets);
  st.flow_corpus = KeepReviews(train, AcyclicReviewFlags(train, sets, constraints));
  // The same weights, step, phase and training state (a restored run's flow step length)
  // on the smaller corpus; the Trainer draws and then replaces its own weights (once per
  // run). The paper protocol has no batch order, so the state fits any corpus.
  auto flow = std::make_unique<Trainer>(&st.flow_corpus, TrainerOptionsFrom(st.config));
  flow->Restore(st.trainer->weights(), st.trainer->step(), st.trainer->phase());
  TrainerState state = st.trainer->SaveState();
  state.order.clear();
  flow->RestoreState(std::move(state));
  st.trainer = std::move(flow);
  st.flow_on_acyclic = true;
}

namespace {

StepReport Report(const Trainer& trainer, const StepOutcome& outcome) {
  StepReport report;
  report.step = trainer.step();
  report.taken = outcome.taken;
  report.train_loss = Finite(outcome.loss);
  report.refused = outcome.stopped || !outcome.message.empty();
  report.message = outcome.message;
  return report;
}

StepReport NotLoaded(RunPlan plan) {
  StepReport report;
  report.refused = true;
  report.message = "no dataset is loaded";
  report.plan = std::move(plan);
  return report;
}

}  // namespace

RunPlan Experiment::Plan() const {
  const State& st = *state_;
  RunState run;
  run.loaded = st.loaded && st.trainer != nullptr;
  if (run.loaded) {
    run.step = st.trainer->step();
    run.phase = st.trainer->phase();
    const RunView view = st.View();
    run.max_margin_settled = st.max_margin.Settled(view);
    run.max_margin_requested = st.max_margin.requested();
    // The tick as Work left it, or a fresh one when the step moved since (read, not reset:
    // Plan is const).
    if (st.tick.step == run.step) {
      run.local_share_left = st.tick.local_share_left;
      run.local_finished = st.tick.local_finished;
      run.recorded = st.tick.recorded;
    }
    run.local_finished = run.local_finished || st.local_svm.DeclinedAt(run.step);
  }
  return PlanRun(st.config, run);
}

StepReport Experiment::Advance(int32_t steps) {
  ++state_->run_version;
  if (!state_->trainer) return NotLoaded(Plan());
  Trainer& trainer = *state_->trainer;
  if (state_->config.protocol == Protocol::kPaper && trainer.phase() == Phase::kInitialized &&
      steps >= 1) {
    // The step on E (which records the test accuracy the flow starts from, also when it is
    // the only step asked for), then the flow (on the reviews PrepareFlow chooses).
    const StepReport embeddings = StepEmbeddings();
    if (embeddings.refused || steps == 1) return embeddings;
    StepReport flow = StepAttention(steps - 1);
    flow.taken += embeddings.taken;
    return flow;
  }
  PrepareFlow();
  StepReport report = Report(*state_->trainer, state_->trainer->Advance(steps));
  report.plan = Plan();
  return report;
}

StepReport Experiment::StepEmbeddings() {
  ++state_->run_version;
  State& st = *state_;
  if (!st.trainer) return NotLoaded(Plan());
  StepReport report = Report(*st.trainer, st.trainer->StepEmbeddings());
  // The classifier the flow on p starts from: the page says so when the flow lowers it.
  if (!report.refused && st.trainer->phase() == Phase::kEmbeddingsStepped &&
      st.dataset.test.NumReviews() > 0) {
    ModelWorkspace workspace;
    const LossAccuracy on_test =
        LossAndGradient(st.trainer->weights(), st.dataset.test, {}, &workspace, nullptr);
    st.metrics.NoteStepOnEmbeddings(on_test.reviews > 0, on_test.accuracy);
  }
  report.plan = Plan();
  return report;
}

StepReport Experiment::StepAttention(int32_t steps) {
  ++state_->run_version;
  if (!state_->trainer) return NotLoaded(Plan());
  PrepareFlow();
  StepReport report = Report(*state_->trainer, state_->trainer->StepFlow(steps));
  report.plan = Plan();
  return report;
}

const Weights* Experiment::weights() const {
  return state_->trainer ? &state_->trainer->weights() : nullptr;
}

TrainerState Experiment::training_state() const {
  return state_->trainer ? state_->trainer->SaveState() : TrainerState();
}

Status Experiment::RestoreWeights(const Weights& weights, int64_t step, std::string_view phase,
                                  const TrainerState* state) {
  ++state_->run_version;
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
  const Result<Phase> restored = PhaseAt(state_->config.protocol, step, phase);
  if (!restored.ok()) return restored.status;
  // Back on the whole train split: a restored run chooses its flow's reviews again.
  if (state_->flow_on_acyclic) Reset();
  // A fresh trainer takes the state: a refused one leaves this run's trainer untouched.
  auto trainer =
      std::make_unique<Trainer>(&state_->dataset.train, TrainerOptionsFrom(state_->config));
  trainer->Restore(weights, step, restored.value);
  if (state != nullptr) {
    const Status resumed = trainer->RestoreState(*state);
    if (!resumed.ok()) return resumed;
  }
  state_->trainer = std::move(trainer);
  state_->ForgetSolutions();
  state_->metrics.StartRun();
  state_->tick = State::Tick();
  return Status::Ok();
}

}  // namespace clslab
