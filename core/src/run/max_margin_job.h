// The p_mm job: Result 2's attention-SVM over all training reviews and over the acyclic
// reviews (acyclic_reviews.h), solved in stages a driver's budget can stop between. It owns
// its solution, the E it belongs to, whether the run still owes it (settled, declined,
// asked for) and the solve under way; it reads the run through a RunView. Not the flow's
// own att-SVM (local_svm_job.h), not when the run owes it (run_plan.h).
// Legend: n train reviews, V vocabulary, d width, K constraints.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "clslab/max_margin.h"
#include "clslab/reports.h"
#include "clslab/selection.h"
#include "run_view.h"

namespace clslab {

struct MaxMarginSolve;  // a solve under way (max_margin_job.cpp)

class MaxMarginJob {
 public:
  MaxMarginJob();
  ~MaxMarginJob();

  // --- The solution. Current while it is of the run's E.
  bool Current(const RunView& run) const;
  // The run owes no solve of its E: the solution is current, or a solve of this E ended
  // (done or failed) or was declined.
  bool Settled(const RunView& run) const;
  bool requested() const { return requested_; }
  const MaxMarginReport& report() const { return report_; }  // of the last solve ended
  // Bumped whenever what the job publishes (solution, report) changes: the metrics of
  // the weights are kept, those that read the solution measured again.
  uint64_t revision() const { return revision_; }
  // Result 2 against the solutions (Metrics: cos(p, p_mm), the normalized margin, the
  // acyclic reviews' numbers), from the weights' token scalars; nothing when not current.
  void AddMetrics(const RunView& run, const TokenScalars& scalars, Metrics* m) const;
  // The token table's p_mm columns (q.E_s), empty when not current.
  MaxMarginScores ScoresOfTokens(const RunView& run) const;

  // --- Owing it.
  void Request(const RunView& run);  // the user asks (owed until a solve of this E ends)
  void Decline(const RunView& run);  // the user declines the solve due: dropped, settled
  void Forget();                     // no solution, nothing settled or asked (new weights)

  // --- Solving. Start builds the constraints and finds the cycles (forgetting the last
  // solution); each Continue does one stage (about `budget` coordinate updates of
  // SvmSolver::Run, or one of the O(V d) steps between the sweeps), and the last commits.
  // A solve belongs to the run_version it started at: any other change abandons it.
  MaxMarginProgress Start(const RunView& run);
  MaxMarginProgress Continue(const RunView& run, int64_t budget);
  // The run's loop's piece (scheduler.cpp): Start, or Continue, adding the units spent.
  MaxMarginProgress Slice(const RunView& run, int64_t budget, int64_t* spent);
  bool UnderWay(const RunView& run) const;
  MaxMarginProgress Status(const RunView& run) const;  // inactive when none is under way

 private:
  void Settle(const RunView& run);  // a solve of this E ended or was declined

  // The solution, valid while E is unchanged since `solved_at_`.
  bool has_ = false;
  int64_t solved_at_ = -1;
  Eigen::VectorXf p_mm_;  // d
  MarginConstraints constraints_;
  MaxMarginReport report_;
  UShape u_;  // Figure 1's summary of p_mm.E_s
  // The same over the acyclic reviews: their corpus and selected sets as of the solve, and
  // their own solution.
  bool has_acyclic_ = false;
  Eigen::VectorXf p_mm_acyclic_;  // d
  Corpus acyclic_corpus_;
  SelectedSets acyclic_sets_;
  UShape u_acyclic_;
  // Owing: the solve of the E whose embedding version is settled_at_ ended or was declined;
  // the user asked for one.
  int64_t settled_at_ = -1;
  bool requested_ = false;
  uint64_t revision_ = 0;
  std::unique_ptr<MaxMarginSolve> solve_;
};

}  // namespace clslab
