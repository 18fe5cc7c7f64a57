// The metrics job: the metrics of THEORY.md for the current weights and solutions, measured
// in parts a driver's budget can stop between; the history of the run's metrics (what the
// guidance reads trends and peaks from); and the test accuracy right after the step on E,
// which the flow's metrics compare with. It owns those and nothing else: the weights, the
// data and the solutions (max_margin_job.h, local_svm_job.h) are read, never kept.
// Legend: n reviews, N train tokens, V vocabulary, d width.
#pragma once

#include <cstdint>
#include <vector>

#include "clslab/local_svm.h"
#include "clslab/reports.h"
#include "clslab/selection.h"
#include "local_svm_job.h"
#include "max_margin_job.h"
#include "run_view.h"

namespace clslab {

// What one measurement is of: the run (data, settings, weights) and each solution.
struct MetricsKey {
  uint64_t run = ~uint64_t{0};
  uint64_t max_margin = ~uint64_t{0};
  uint64_t local_svm = ~uint64_t{0};
  bool operator==(const MetricsKey& o) const {
    return run == o.run && max_margin == o.max_margin && local_svm == o.local_svm;
  }
  bool operator!=(const MetricsKey& o) const { return !(*this == o); }
};

class MetricsJob {
 public:
  // The key of the run as `run` and the two solution jobs show it.
  static MetricsKey KeyOf(const RunView& run, const MaxMarginJob& max_margin,
                          const LocalSvmJob& local_svm);
  // One part of the measurement (O(N + V d) at most), adding its units to *spent; true
  // once the metrics of `run` are complete (at once when they already are). A new solution
  // alone measures only the parts that read a solution again; other changes start over.
  // Measuring in one go or a part per call gives the same numbers bit for bit.
  bool Slice(const RunView& run, const MaxMarginJob& max_margin, const LocalSvmJob& local_svm,
             int64_t* spent);
  // The metrics of the last complete measurement, and whether it is of `key`.
  const Metrics& metrics() const { return metrics_; }
  bool Measured(const MetricsKey& key) const { return measured_ == key; }

  // The current metrics become the history's point of their step: one point per step (the
  // latest measurement of it), thinned by dropping every other older point when full, so
  // it spans the whole run in at most kHistoryLength points.
  void RecordHistory();
  const std::vector<Metrics>& history() const { return history_; }
  uint64_t history_version() const { return history_version_; }  // bumped with each point

  // The test split's accuracy right after the step on E (Metrics::
  // test_accuracy_after_step_on_e); `has` false when it was not measured.
  void NoteStepOnEmbeddings(bool has, double test_accuracy);
  // A new trainer's run (a reset or restored weights): no history, no step on E yet.
  void StartRun();

  static constexpr size_t kHistoryLength = 256;

 private:
  void MeasurePart(int part, const RunView& run, const MaxMarginJob& max_margin,
                   const LocalSvmJob& local_svm);

  // The measurement under way or the last one: its key, its next part, what the parts
  // found; of_weights is the metrics as the parts that read no solution left them.
  MetricsKey key_;
  int next_ = 0;
  Metrics working_, of_weights_;
  TokenScalars scalars_;  // v.E_s and p.E_s per token
  SelectedSets sets_;     // the theory's S_i of every training review
  FlowSelection flow_;    // the flow's own selection (local_svm.h)
  // The last complete measurement.
  MetricsKey measured_;
  Metrics metrics_;
  std::vector<Metrics> history_;
  uint64_t history_version_ = 0;
  bool has_test_after_step_on_e_ = false;
  double test_accuracy_after_step_on_e_ = 0;
};

// FNV-1a over the step and the bit patterns of E, p and v (Metrics::checksum).
std::string Checksum(const Weights& w, int64_t step);

}  // namespace clslab
