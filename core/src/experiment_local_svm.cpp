// Experiment, the attention-SVM of the flow's own selection (local_svm.h) over all
// training reviews: started when the selection has changed since the last solution, warm-
// started from it, run in slices, committed when it finishes. Result 2 on data where s*
// has no hard margin: the flow turns toward this direction for the tokens it selects.
// Legend: n train reviews, N train tokens, V vocabulary, d width, K constraints.
#include <cmath>
#include <limits>

#include "clslab/experiment.h"
#include "clslab/limits.h"
#include "experiment_state.h"

namespace clslab {

struct LocalSvmJob {
  const void* trainer = nullptr;  // the trainer and E it belongs to
  int64_t embedding = -1;
  int64_t step = 0;
  FlowSelection selection;
  MarginConstraints constraints;  // read by the solver: the job owns it
  bool warm = false;
  std::unique_ptr<SvmSolver> solver;
};

namespace {

// Solved to the relative duality gap the p_mm solve uses: cos(p, p_local) is then good to
// about 1e-3 / 2 (the primal is within the gap of the optimum).
constexpr double kLocalTolerance = 1e-3;
constexpr int32_t kLocalEpochs = 100000;

MaxMarginProgress Inactive(std::string message) {
  MaxMarginProgress progress;
  progress.message = std::move(message);
  return progress;
}

// `step`: the step whose selection is being solved (named in the stage while under way).
MaxMarginProgress ProgressOf(const SvmProgress& svm, bool done, int64_t step = 0) {
  MaxMarginProgress progress;
  progress.active = !done;
  progress.done = done;
  progress.part = progress.parts = 1;
  progress.stage =
      done ? "done" : "the flow's selection at step " + WithThousands(step) + ", hard margin";
  progress.epochs = svm.epochs;
  progress.gap = std::isfinite(svm.gap) ? svm.gap : 0;
  progress.updates = svm.updates;
  progress.estimate = done ? 1 : SolveEstimate(1, 1, progress.gap, kLocalTolerance);
  return progress;
}

}  // namespace

MaxMarginProgress Experiment::ContinueLocalSvm(int64_t budget, bool latest) {
  int64_t spent = 0, updates = 0;
  return LocalSvmSlice(budget, latest, &spent, &updates);
}

MaxMarginProgress Experiment::LocalSvmStatus() const {
  const State& st = *state_;
  if (!st.local_job || !st.local_job->solver) return MaxMarginProgress();
  return ProgressOf(st.local_job->solver->progress(), false, st.local_job->step);
}

MaxMarginProgress Experiment::LocalSvmSlice(int64_t budget, bool latest, int64_t* spent,
                                            int64_t* updates) {
  State& st = *state_;
  if (!st.trainer) return Inactive("no dataset is loaded");
  if (st.config.protocol != Protocol::kPaper) {
    return Inactive("the flow's own att-SVM belongs to the paper protocol (E frozen)");
  }
  if (st.trainer->phase() == Phase::kInitialized) return Inactive("take the step on E first");
  const Weights& w = st.trainer->weights();
  if (w.p.squaredNorm() == 0) return Inactive("p is 0: the flow has selected nothing yet");
  std::shared_ptr<LocalSvmJob>& job = st.local_job;
  if (job && (job->trainer != st.trainer.get() || job->embedding != st.EmbeddingVersion())) {
    job.reset();
  }
  if (job && latest && job->step != st.trainer->step()) {
    // The flow moved on since this solve began: keep it only if its selection is still
    // the flow's (then it stands for this step, and is not checked again).
    *spent += 2 * PassUnits(st.Sizes());
    const Corpus& train = st.dataset.train;
    const TokenScalars scalars = ComputeTokenScalars(w);
    const SelectedSets theory = ComputeSelectedSets(train, scalars.value);
    const FlowSelection now = ComputeFlowSelection(train, scalars.attention, theory);
    if (SameSelection(now.sets, job->selection.sets)) {
      job->step = st.trainer->step();
    } else {
      job.reset();
    }
  }
  if (!job) {
    *spent += 2 * PassUnits(st.Sizes());
    const Corpus& train = st.dataset.train;
    const TokenScalars scalars = ComputeTokenScalars(w);
    const SelectedSets theory = ComputeSelectedSets(train, scalars.value);
    FlowSelection selection = ComputeFlowSelection(train, scalars.attention, theory);
    if (st.LocalSvmIsCurrent() && SameSelection(selection.sets, st.local_sets)) {
      return ProgressOf(SvmProgress(), true);  // the solution is this selection's
    }
    auto next = std::make_shared<LocalSvmJob>();
    next->trainer = st.trainer.get();
    next->embedding = st.EmbeddingVersion();
    next->step = st.trainer->step();
    next->constraints = BuildConstraints(train, selection.sets);
    *spent += ListUnits(st.Sizes(), train.NumTokens() + 2 * next->constraints.size());
    if (next->constraints.size() == 0) {
      // Every review's top tokens are all of its tokens (one-word reviews, or ties): no
      // pair to separate, so no direction to compare p with. Not a failed solve.
      LocalSvmReport report;
      report.step = next->step;
      report.reviews = selection.reviews;
      report.strict_reviews = selection.strict;
      report.s_star_reviews = selection.in_theory;
      report.solves = st.local_report.solves;
      report.message = "at step " + std::to_string(next->step) +
                       " the flow selects every token of each review it scores (no token is "
                       "left out): its att-SVM has no constraint and no direction";
      st.local_report = report;
      st.TouchSolutions();
      return Inactive(report.message);
    }
    next->selection = std::move(selection);
    SvmOptions options;
    options.hard_margin = true;
    options.tolerance = kLocalTolerance;
    options.max_epochs = kLocalEpochs;
    options.seed = st.config.seed;
    std::vector<float> warm;
    if (st.LocalSvmIsCurrent()) {
      warm = CarryOverWeights(st.local_constraints, st.local_lambda, next->constraints);
      next->warm = true;
    }
    Result<std::unique_ptr<SvmSolver>> started =
        SvmSolver::Start(w.E, next->constraints, options, next->warm ? &warm : nullptr);
    if (!started.ok()) {
      st.local_report.message = started.status.message();
      st.TouchSolutions();
      return Inactive(started.status.message());
    }
    next->solver = std::move(started.value);
    job = std::move(next);
  }
  const int64_t before = job->solver->progress().updates;
  const SvmProgress& progress = job->solver->Run(std::max<int64_t>(budget, 1));
  *spent += progress.updates - before;
  *updates += progress.updates - before;
  if (!progress.done) return ProgressOf(progress, false, job->step);

  const SvmSolution solution = job->solver->Solution();
  *spent += PassUnits(st.Sizes()) + ListUnits(st.Sizes(), job->constraints.size());
  const SvmProgress finished = progress;
  LocalSvmReport report;
  report.solved = solution.violated == 0 && solution.norm > 0;
  report.step = job->step;
  report.constraints = job->constraints.size();
  report.reviews = job->selection.reviews;
  report.strict_reviews = job->selection.strict;
  report.s_star_reviews = job->selection.in_theory;
  report.norm = Finite(solution.norm);
  report.gap = Finite(solution.gap);
  report.epochs = solution.epochs;
  report.updates = solution.updates;
  report.converged = solution.converged;
  report.warm_start = job->warm;
  report.solves = st.local_report.solves + 1;
  report.message = report.solved ? "hard margin for the tokens the flow selects at step " +
                                       std::to_string(job->step)
                                 : "the hard margin for the flow's selection did not satisfy "
                                   "every constraint";
  if (report.solved) {
    job->solver.reset();  // it reads job->constraints, which move next
    st.has_local_svm = true;
    st.local_embedding = job->embedding;
    st.p_local = solution.p;
    st.local_lambda = solution.lambda;
    st.local_sets = std::move(job->selection.sets);
    st.local_constraints = std::move(job->constraints);
  }
  st.local_report = report;
  job.reset();
  st.TouchSolutions();
  return ProgressOf(finished, true);
}

LocalSvmReport Experiment::SolveLocalSvm() {
  state_->local_job.reset();
  MaxMarginProgress progress = ContinueLocalSvm(std::numeric_limits<int64_t>::max() / 4);
  while (progress.active) progress = ContinueLocalSvm(std::numeric_limits<int64_t>::max() / 4);
  return state_->local_report;
}

LocalSvmReport Experiment::local_svm_report() const { return state_->local_report; }

}  // namespace clslab
