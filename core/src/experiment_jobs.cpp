// Experiment, its jobs as the public API offers them one by one (tests, benchmarks, a run
// file's evaluation): each call hands the job the run's view (run/run_view.h). The run's
// loop (run/scheduler.cpp) gives them their turns in the plan's order.
#include <limits>

#include "clslab/experiment.h"
#include "experiment_state.h"

namespace clslab {

namespace {
constexpr int64_t kWhole = std::numeric_limits<int64_t>::max() / 4;  // a budget never spent
}  // namespace

// --- The metrics (run/metrics_job.h).

Metrics Experiment::CurrentMetrics() const {
  while (!ContinueMetrics()) {
  }
  return state_->metrics.metrics();
}

bool Experiment::ContinueMetrics() const {
  const State& st = *state_;
  int64_t spent = 0;
  const bool measured = st.metrics.Measured(st.MetricsVersion());
  if (!st.metrics.Slice(st.View(), st.max_margin, st.local_svm, &spent)) return false;
  // Measured outside the run's loop: each measurement is a point of the history, as a
  // driver that measures by itself took them.
  if (!measured && st.trainer) st.metrics.RecordHistory();
  return true;
}

// --- p_mm (run/max_margin_job.h). Starting a solve forgets p_mm, and p_local with it (the
// flow's own att-SVM is compared with the run's solutions of one E).

MaxMarginProgress Experiment::StartMaxMargin() {
  State& st = *state_;
  st.local_svm.Forget();
  return st.max_margin.Start(st.View());
}

MaxMarginProgress Experiment::ContinueMaxMargin(int64_t budget) {
  return state_->max_margin.Continue(state_->View(), budget);
}

MaxMarginReport Experiment::SolveMaxMargin() {
  MaxMarginProgress progress = StartMaxMargin();
  while (progress.active) progress = ContinueMaxMargin(kWhole);
  return state_->max_margin.report();
}

MaxMarginReport Experiment::max_margin_report() const { return state_->max_margin.report(); }

bool Experiment::max_margin_current() const { return state_->max_margin.Current(state_->View()); }

MaxMarginScores Experiment::MaxMarginScoresOfTokens() const {
  return state_->max_margin.ScoresOfTokens(state_->View());
}

// --- p_local (run/local_svm_job.h).

MaxMarginProgress Experiment::ContinueLocalSvm(int64_t budget, bool latest) {
  int64_t spent = 0, updates = 0;
  return state_->local_svm.Slice(state_->View(), budget, latest, &spent, &updates);
}

LocalSvmReport Experiment::SolveLocalSvm() {
  state_->local_svm.DropSolve();
  MaxMarginProgress progress = ContinueLocalSvm(kWhole);
  while (progress.active) progress = ContinueLocalSvm(kWhole);
  return state_->local_svm.report();
}

LocalSvmReport Experiment::local_svm_report() const { return state_->local_svm.report(); }

}  // namespace clslab
