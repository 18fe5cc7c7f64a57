// The run's one loop, read top to bottom: ask the plan what is due (run_plan.h RunItem), do
// one piece of it, charge what it cost (work_units.h), and go on until the driver's order
// (work.h) is met or its budget is spent. Every driver runs its run through here, so the
// page's worker, `clslab train` and `clslab reproduce` do the same work in the same order:
// a budget only decides where a call ends, never what the run computes (the solver and the
// metrics resume exactly where a call left them; a step is never cut). The work itself is
// the trainer's and the jobs' (max_margin_job.h, local_svm_job.h, metrics_job.h), each
// with its own state; this file only gives them their turns.
#include <algorithm>

#include "../experiment_state.h"
#include "clslab/experiment.h"

namespace clslab {

WorkReport Experiment::Work(const WorkOrder& order) {
  State& st = *state_;
  WorkReport report;
  const int64_t budget = std::max<int64_t>(order.budget, 1);
  // Only a call that has done nothing starts a p_mm solve: its set-up is one long piece of
  // work (O(N + K)) a driver may want to announce (WorkStop::kSolveNext).
  bool worked = false;
  const auto finish = [&](WorkStop stop) {
    report.stopped = stop;
    report.steps.step = step();
    report.plan = Plan();
    report.steps.plan = report.plan;
    report.max_margin = st.max_margin.Status(st.View());
    report.local_svm = st.local_svm.Status();
    return report;
  };
  // The driver's metrics (and guidance): at the step it asked for or later, once the step's
  // work is done, or before the step's blocking solve when it asked so.
  const bool asked = order.measure_at >= 0 || order.explain;
  const int64_t ask_step = std::max<int64_t>(order.measure_at, 0);
  for (;;) {
    const RunPlan plan = Plan();
    const bool blocking = plan.next == RunItem::kMaxMargin || plan.next == RunItem::kLocalSvmFinish;
    if (asked && plan.step >= ask_step &&
        (plan.settled || (blocking && order.measure_before_solves))) {
      while (!st.metrics.Slice(st.View(), st.max_margin, st.local_svm, &report.spent)) {
        if (report.spent >= budget) return finish(WorkStop::kBudget);
      }
      report.metrics_ready = true;
      if (order.explain) {
        report.spent += 2 * PassUnits(st.Sizes());  // the selection report and the sentences
        Explain();
        report.guidance_ready = true;
      }
      const bool done = plan.settled && plan.step >= order.target_step;
      return finish(done ? WorkStop::kTarget : WorkStop::kMeasured);
    }
    if (report.spent >= budget) return finish(WorkStop::kBudget);
    State::Tick& tick = st.CurrentTick();
    switch (plan.next) {
      case RunItem::kNone:
        report.steps.refused = true;
        report.steps.message = "no dataset is loaded";
        return finish(WorkStop::kNoData);
      case RunItem::kStepOnEmbeddings:
      case RunItem::kStep: {
        if (plan.step >= order.target_step) return finish(WorkStop::kTarget);
        if (report.steps.taken >= order.max_steps) return finish(WorkStop::kSteps);
        const int64_t units = StepUnits(st.Sizes());
        // Step E and Step p take only their kind of step: the trainer refuses another, in words.
        const StepReport taken = order.step_kind == StepKind::kEmbeddings ? StepEmbeddings()
                                 : order.step_kind == StepKind::kFlow     ? StepAttention(1)
                                                                          : Advance(1);
        report.spent += units;
        report.steps.taken += taken.taken;
        if (taken.taken > 0) report.steps.train_loss = taken.train_loss;
        if (taken.refused) {
          report.steps.refused = true;
          report.steps.message = taken.message;
          return finish(WorkStop::kRefused);
        }
        // The new step's own work: first, the flow's own att-SVM's share of it.
        st.CurrentTick().local_share_left = LocalSvmShare(units);
        break;
      }
      case RunItem::kLocalSvmShare: {
        // No solve under way: the selection is checked once a step (a solve starts when it
        // changed); a solve under way runs for what is left of the share. The share counts
        // the solver's updates alone, so it ends at the same update whatever the budgets.
        const bool under_way = st.local_svm.Status().active;
        if (!under_way && tick.local_checked) {
          tick.local_share_left = 0;
          break;
        }
        tick.local_checked = true;
        int64_t updates = 0;
        const int64_t slice = std::min(tick.local_share_left, budget - report.spent);
        const MaxMarginProgress progress = st.local_svm.Slice(
            st.View(), std::max<int64_t>(slice, 1), false, &report.spent, &updates);
        tick.local_share_left -= updates;
        if (!progress.active) {
          report.local_svm_ended = report.local_svm_ended || (progress.done && updates > 0);
          tick.local_share_left = 0;  // a solve ended, or nothing is left to solve
        }
        worked = true;
        break;
      }
      case RunItem::kMaxMargin: {
        if (!st.max_margin.UnderWay(st.View())) {
          if (worked) return finish(WorkStop::kSolveNext);
          st.local_svm.Forget();  // a new p_mm: p_local is compared with the run's one E
        }
        const MaxMarginProgress progress = st.max_margin.Slice(
            st.View(), std::max<int64_t>(budget - report.spent, 1), &report.spent);
        if (!progress.active) report.max_margin_ended = true;  // done, or failed in words
        worked = true;
        break;
      }
      case RunItem::kLocalSvmFinish: {
        int64_t updates = 0;
        const MaxMarginProgress progress = st.local_svm.Slice(
            st.View(), std::max<int64_t>(budget - report.spent, 1), true, &report.spent, &updates);
        if (!progress.active) {
          report.local_svm_ended = report.local_svm_ended || (progress.done && updates > 0);
          tick.local_finished = true;
        }
        worked = true;
        break;
      }
      case RunItem::kRecordMetrics:
        if (st.metrics.Slice(st.View(), st.max_margin, st.local_svm, &report.spent)) {
          st.metrics.RecordHistory();
          tick.recorded = true;
        }
        worked = true;
        break;
    }
    worked = worked || report.steps.taken > 0;
  }
}

RunItem Experiment::Cancel() {
  State& st = *state_;
  const RunItem due = Plan().next;
  if (due == RunItem::kMaxMargin) {
    st.max_margin.Decline(st.View());  // owed again only when asked (RequestMaxMargin)
    return due;
  }
  if (due == RunItem::kLocalSvmFinish) {
    // Recorded in the job (the metrics say it, the plan no longer owes it at this step);
    // the solve under way stays: the next step's share goes on with it.
    st.local_svm.Decline(step());
    return due;
  }
  return RunItem::kNone;
}

void Experiment::RequestMaxMargin() {
  State& st = *state_;
  st.max_margin.Request(st.View());
}

}  // namespace clslab
