// The p_local job (local_svm_job.h): the attention-SVM of the flow's own selection over all
// training reviews, started when the selection has changed since the last solution, warm-
// started from it, run in slices, committed when it finishes. Result 2 on data where s*
// has no hard margin: the flow turns toward this direction for the tokens it selects.
// Legend: n train reviews, N train tokens, V vocabulary, d width, K constraints.
#include "local_svm_job.h"

#include <cmath>
#include <string>
#include <utility>

#include "clslab/limits.h"
#include "clslab/selection.h"

namespace clslab {

struct LocalSvmSolve {
  const Trainer* trainer = nullptr;  // the trainer and E it belongs to
  int64_t embedding = -1;
  int64_t step = 0;
  FlowSelection selection;
  MarginConstraints constraints;  // read by the solver: the solve owns it
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

// `step`: the step whose selection is being solved (named in the stage while under way);
// `constraints`: K of that solve.
MaxMarginProgress ProgressOf(const SvmProgress& svm, bool done, int64_t step = 0,
                             int64_t constraints = 0) {
  MaxMarginProgress progress;
  progress.active = !done;
  progress.done = done;
  progress.part = progress.parts = 1;
  progress.stage = done ? SolveStage::kDone : SolveStage::kLocalHard;
  progress.epochs = svm.epochs;
  progress.gap = std::isfinite(svm.gap) ? svm.gap : 0;
  progress.updates = svm.updates;
  progress.tolerance = kLocalTolerance;
  progress.constraints = constraints;
  progress.active_constraints = svm.active;
  progress.step = step;
  progress.estimate = done ? 1 : SolveEstimate(1, 1, progress.gap, kLocalTolerance);
  return progress;
}

// The flow's selection of the current weights (one pass over E and the train tokens).
FlowSelection SelectionOf(const RunView& run) {
  const Corpus& train = run.dataset->train;
  const TokenScalars scalars = ComputeTokenScalars(run.weights());
  const SelectedSets theory = ComputeSelectedSets(train, scalars.value);
  return ComputeFlowSelection(train, scalars.attention, theory);
}

}  // namespace

LocalSvmJob::LocalSvmJob() = default;
LocalSvmJob::~LocalSvmJob() = default;

bool LocalSvmJob::Current(const RunView& run) const {
  return run.trainer && has_ && embedding_ >= run.embedding;
}

void LocalSvmJob::Forget() {
  has_ = false;
  embedding_ = -1;
  sets_ = SelectedSets();
  constraints_ = MarginConstraints();
  lambda_.clear();
  report_ = LocalSvmReport();
  declined_step_ = -1;
  solve_.reset();
  ++revision_;
}

void LocalSvmJob::DropSolve() { solve_.reset(); }

void LocalSvmJob::Decline(int64_t step) {
  declined_step_ = step;
  ++revision_;  // the metrics of this step change (local_svm_cancelled)
}

MaxMarginProgress LocalSvmJob::Status() const {
  if (!solve_ || !solve_->solver) return MaxMarginProgress();
  return ProgressOf(solve_->solver->progress(), false, solve_->step, solve_->constraints.size());
}

MaxMarginProgress LocalSvmJob::Slice(const RunView& run, int64_t budget, bool latest,
                                     int64_t* spent, int64_t* updates) {
  if (!run.trainer) return Inactive("no dataset is loaded");
  if (!run.paper()) {
    return Inactive("the flow's own att-SVM belongs to the paper protocol (E frozen)");
  }
  if (!run.embeddings_stepped()) return Inactive("take the step on E first");
  const Weights& w = run.weights();
  if (w.p.squaredNorm() == 0) return Inactive("p is 0: the flow has selected nothing yet");
  if (solve_ && (solve_->trainer != run.trainer || solve_->embedding != run.embedding)) {
    solve_.reset();
  }
  const int64_t step = run.trainer->step();
  if (solve_ && latest && solve_->step != step) {
    // The flow moved on since this solve began: keep it only if its selection is still
    // the flow's (then it stands for this step, and is not checked again).
    *spent += 2 * PassUnits(run.sizes);
    if (SameSelection(SelectionOf(run).sets, solve_->selection.sets)) {
      solve_->step = step;
    } else {
      solve_.reset();
    }
  }
  if (!solve_) {
    *spent += 2 * PassUnits(run.sizes);
    const Corpus& train = run.dataset->train;
    FlowSelection selection = SelectionOf(run);
    if (Current(run) && SameSelection(selection.sets, sets_)) {
      return ProgressOf(SvmProgress(), true);  // the solution is this selection's
    }
    auto next = std::make_unique<LocalSvmSolve>();
    next->trainer = run.trainer;
    next->embedding = run.embedding;
    next->step = step;
    next->constraints = BuildConstraints(train, selection.sets);
    *spent += ListUnits(run.sizes, train.NumTokens() + 2 * next->constraints.size());
    if (next->constraints.size() == 0) {
      // Every review's top tokens are all of its tokens (one-word reviews, or ties): no
      // pair to separate, so no direction to compare p with. Not a failed solve.
      LocalSvmReport report;
      report.step = next->step;
      report.reviews = selection.reviews;
      report.strict_reviews = selection.strict;
      report.s_star_reviews = selection.in_theory;
      report.solves = report_.solves;
      report.message = "at step " + std::to_string(next->step) +
                       " the flow selects every token of each review it scores (no token is "
                       "left out): its att-SVM has no constraint and no direction";
      report_ = report;
      ++revision_;
      return Inactive(report.message);
    }
    next->selection = std::move(selection);
    SvmOptions options;
    options.hard_margin = true;
    options.tolerance = kLocalTolerance;
    options.max_epochs = kLocalEpochs;
    options.seed = run.config->seed;
    std::vector<float> warm;
    if (Current(run)) {
      warm = CarryOverWeights(constraints_, lambda_, next->constraints);
      next->warm = true;
    }
    Result<std::unique_ptr<SvmSolver>> started =
        SvmSolver::Start(w.E, next->constraints, options, next->warm ? &warm : nullptr);
    if (!started.ok()) {
      report_.message = started.status.message();
      ++revision_;
      return Inactive(started.status.message());
    }
    next->solver = std::move(started.value);
    solve_ = std::move(next);
  }
  const int64_t before = solve_->solver->progress().updates;
  const SvmProgress& progress = solve_->solver->Run(std::max<int64_t>(budget, 1));
  *spent += progress.updates - before;
  *updates += progress.updates - before;
  if (!progress.done) {
    return ProgressOf(progress, false, solve_->step, solve_->constraints.size());
  }

  LocalSvmSolve& solve = *solve_;
  const SvmSolution solution = solve.solver->Solution();
  *spent += PassUnits(run.sizes) + ListUnits(run.sizes, solve.constraints.size());
  const SvmProgress finished = progress;
  LocalSvmReport report;
  report.solved = solution.violated == 0 && solution.norm > 0;
  report.step = solve.step;
  report.constraints = solve.constraints.size();
  report.reviews = solve.selection.reviews;
  report.strict_reviews = solve.selection.strict;
  report.s_star_reviews = solve.selection.in_theory;
  report.norm = Finite(solution.norm);
  report.gap = Finite(solution.gap);
  report.epochs = solution.epochs;
  report.updates = solution.updates;
  report.converged = solution.converged;
  report.warm_start = solve.warm;
  report.solves = report_.solves + 1;
  report.message = report.solved ? "hard margin for the tokens the flow selects at step " +
                                       std::to_string(solve.step)
                                 : "the hard margin for the flow's selection did not satisfy "
                                   "every constraint";
  if (report.solved) {
    solve.solver.reset();  // it reads solve.constraints, which move next
    has_ = true;
    embedding_ = solve.embedding;
    p_local_ = solution.p;
    lambda_ = solution.lambda;
    sets_ = std::move(solve.selection.sets);
    constraints_ = std::move(solve.constraints);
  }
  report_ = report;
  solve_.reset();
  ++revision_;
  return ProgressOf(finished, true);
}

void LocalSvmJob::AddMetrics(const RunView& run, const TokenScalars& scalars,
                             const FlowSelection& flow, Metrics* m) const {
  m->local_svm_cancelled = run.trainer && DeclinedAt(run.trainer->step());
  if (!run.paper() || !run.embeddings_stepped() || !(m->p_norm > 0) || !Current(run)) return;
  const Weights& w = run.weights();
  const double norm_local = p_local_.cast<double>().norm();
  m->has_local_svm = norm_local > 0;
  m->local_svm_step = report_.step;
  m->local_selection_current = SameSelection(flow.sets, sets_);
  m->cosine_to_local_svm = Cosine(w.p, p_local_);
  m->local_svm_reference = norm_local > 0 ? 1 / norm_local : 0;
  double smallest = INFINITY;
  for (int64_t k = 0; k < constraints_.size(); ++k) {
    smallest = std::min(smallest, static_cast<double>(scalars.attention[constraints_.winner[k]]) -
                                      scalars.attention[constraints_.loser[k]]);
  }
  m->local_normalized_margin = std::isfinite(smallest) ? smallest / m->p_norm : 0;
}

}  // namespace clslab
