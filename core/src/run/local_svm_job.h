// The p_local job: the attention-SVM of the flow's own selection over all training reviews
// (local_svm.h), under the paper protocol once p != 0. It owns its solution (the selection
// it solved, its constraints and dual weights, the next solve's warm start), its report
// and the solve under way; it reads the run through a RunView. When the run gives it a
// share of work, and when a run's end finishes it, is the plan's (run_plan.h RunItem).
// Legend: n train reviews, N train tokens, V vocabulary, d width, K constraints.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "clslab/local_svm.h"
#include "clslab/max_margin.h"
#include "clslab/reports.h"
#include "run_view.h"

namespace clslab {

struct LocalSvmSolve;  // a solve under way (local_svm_job.cpp)

class LocalSvmJob {
 public:
  LocalSvmJob();
  ~LocalSvmJob();

  // The solution is of the run's E (its selection may be an earlier step's).
  bool Current(const RunView& run) const;
  const LocalSvmReport& report() const { return report_; }
  // Bumped whenever what the job publishes (solution, report) changes.
  uint64_t revision() const { return revision_; }
  // Result 2 against p_local (Metrics: cos(p, p_local), its margin, whether the flow
  // still selects what it solved), from the weights' scalars and the flow's selection;
  // nothing when not current.
  void AddMetrics(const RunView& run, const TokenScalars& scalars, const FlowSelection& flow,
                  Metrics* m) const;

  // About `budget` coordinate updates (SvmSolver::Run), adding the units spent (work.h) to
  // *spent and the solver's updates to *updates. With no solve under way it starts one
  // when the flow's selection differs from the one last solved, warm-started from that
  // solution's weights; a solve runs to its end for the selection it started with, and
  // the call that finishes it commits p_local (done = true; done with nothing under way
  // also means the solution is that of the current selection). With `latest` (a run that
  // has stopped: the selection no longer moves) a solve under way for a selection the flow
  // has since left is dropped and the current one's started instead (checked once per
  // step of the weights).
  MaxMarginProgress Slice(const RunView& run, int64_t budget, bool latest, int64_t* spent,
                          int64_t* updates);
  MaxMarginProgress Status() const;  // inactive when none is under way
  void DropSolve();                  // the solve under way, if any, goes
  void Forget();                     // no solution, no report, no solve (new weights)
  // The user declined the run end's solve at `step` (Experiment::Cancel): the plan no
  // longer owes it there, and the metrics of that step say so (local_svm_cancelled). The
  // solve under way stays, for the next step's share. Kept until the weights change.
  void Decline(int64_t step);
  bool DeclinedAt(int64_t step) const { return declined_step_ >= 0 && declined_step_ == step; }

 private:
  // The solution, valid while E is unchanged since `embedding_`.
  bool has_ = false;
  int64_t embedding_ = -1;
  Eigen::VectorXf p_local_;  // d
  SelectedSets sets_;
  MarginConstraints constraints_;
  std::vector<float> lambda_;  // K
  LocalSvmReport report_;
  uint64_t revision_ = 0;
  int64_t declined_step_ = -1;  // the step whose run-end solve the user declined (-1: none)
  std::unique_ptr<LocalSvmSolve> solve_;
};

}  // namespace clslab
