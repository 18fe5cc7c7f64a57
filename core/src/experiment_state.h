// Internal to the Experiment's source files (not installed): the run's state (settings,
// data, weights) and its jobs, each of which owns its own state (core/src/run/).
// experiment.cpp holds settings and training, experiment_data.cpp the loading,
// experiment_analysis.cpp what is measured, experiment_jobs.cpp the jobs' public calls,
// run/scheduler.cpp the run's loop.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "clslab/dataset.h"
#include "clslab/experiment.h"
#include "clslab/local_svm.h"
#include "clslab/max_margin.h"
#include "clslab/recipes.h"
#include "clslab/selection.h"
#include "clslab/statistics.h"
#include "clslab/text_formats.h"
#include "clslab/trainer.h"
#include "run/local_svm_job.h"
#include "run/max_margin_job.h"
#include "run/metrics_job.h"
#include "run/run_view.h"
#include "run/work_units.h"

namespace clslab {

inline PipelineOptions PipelineFrom(const RunConfig& config, const Limits& limits = Limits()) {
  PipelineOptions options;
  options.test_fraction = config.test_fraction;
  options.max_reviews = config.max_reviews;
  options.tokenizer.lowercase = config.lowercase;
  options.tokenizer.remove_stop_words = config.remove_stop_words;
  options.tokenizer.max_tokens = config.max_tokens;
  options.min_count = config.min_count;
  options.max_vocab = config.max_vocab;
  options.max_doc_share = config.max_doc_share;
  options.drop_unknown = config.drop_unknown;
  options.seed = config.seed;
  options.max_total_tokens = limits.max_tokens;
  return options;
}

struct Experiment::State {
  Limits limits;
  RunConfig config;
  bool loaded = false;
  Dataset dataset;
  std::vector<LabeledText> rows;  // as parsed: pipeline changes rebuild from these
  DatasetSummary summary;
  TokenStatistics statistics;  // of the train split
  std::unique_ptr<Trainer> trainer;
  // flow_acyclic_only: the reviews the flow on p trains on once it starts; the trainer then
  // points at this corpus instead of dataset.train.
  bool flow_on_acyclic = false;
  Corpus flow_corpus;
  // Recipes of the loaded dataset and pipeline (Experiment::Recipes), computed on first use.
  bool has_recipes = false;
  std::vector<Recipe> recipes;
  // Bumped by every change of the data, the settings or the weights (RunView::run_version),
  // by the one call that makes it (experiment.cpp, experiment_data.cpp); each job versions
  // its own solution (revision()).
  uint64_t run_version = 0;

  // The run's jobs (core/src/run/): each owns its state; the run's loop (scheduler.cpp)
  // gives them their turns. The metrics are measured in const calls (a driver asks for them
  // between steps), so their job is mutable.
  MaxMarginJob max_margin;
  LocalSvmJob local_svm;
  mutable MetricsJob metrics;
  // How far the current step's own work (run_plan.h RunItem) has got.
  struct Tick {
    int64_t step = -1;             // the step it is about (-1: none yet)
    int64_t local_share_left = 0;  // coordinate updates left of the step's p_local share
    bool local_checked = false;    // the flow's selection was checked at this step
    bool local_finished = false;   // a run end's p_local solve is done (declined: the job's)
    bool recorded = false;         // the step's point of the metrics history is recorded
  };
  Tick tick;
  // The tick of the current step (a fresh one when the step changed since).
  Tick& CurrentTick() {
    const int64_t now = trainer ? trainer->step() : 0;
    if (tick.step != now) {
      tick = Tick();
      tick.step = now;
    }
    return tick;
  }

  // The step at which E last changed: 1 after the paper's step on E, every joint step.
  int64_t EmbeddingVersion() const {
    if (!trainer || trainer->phase() == Phase::kInitialized) return 0;
    return config.protocol == Protocol::kPaper ? 1 : trainer->step();
  }
  WorkSizes Sizes() const {
    WorkSizes sizes;
    sizes.rows = dataset.vocab.size();
    sizes.tokens = dataset.train.NumTokens();
    sizes.width = std::max(config.width, 1);
    sizes.joint = config.protocol == Protocol::kJoint;
    return sizes;
  }
  // What the jobs read of the run, for one call.
  RunView View() const {
    RunView view;
    view.config = &config;
    view.dataset = &dataset;
    view.statistics = &statistics;
    view.trainer = trainer.get();
    view.embedding = EmbeddingVersion();
    view.run_version = run_version;
    view.sizes = Sizes();
    return view;
  }
  MetricsKey MetricsVersion() const { return MetricsJob::KeyOf(View(), max_margin, local_svm); }
  // The weights are new (a reset, restored weights) or the solver's settings changed: no
  // solution is theirs.
  void ForgetSolutions() {
    max_margin.Forget();
    local_svm.Forget();
  }

  // Caches of what a driver asks for more than once per state. The selection report reads
  // no solution: one per run_version. The guidance: one per state and history.
  mutable uint64_t selection_version = ~uint64_t{0};
  mutable SelectionReport selection;
  mutable MetricsKey guidance_version;
  mutable uint64_t guidance_history = ~uint64_t{0};
  mutable Guidance guidance;
};

}  // namespace clslab
