// Internal to the Experiment's source files (not installed): the state they share and the
// small helpers they all use. experiment.cpp holds settings and training,
// experiment_data.cpp the loading, experiment_analysis.cpp what is measured.
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
#include "model_kernels.h"
#include "run/work_units.h"

namespace clslab {

// q.E_s for every token s, row by row with the model's Dot (four float sums in a fixed
// order): vectorized in wasm (Eigen's matrix-vector product is scalar there) and the same
// bits natively and in wasm, so the token table's p_mm columns and Figure 1's U-score of
// p_mm rank the same scores (with Eigen's E * q they differed: 0.58597 against 0.58749).
inline std::vector<float> TokenScoresOf(const RowMatrixXf& E, const Eigen::VectorXf& q) {
  const int32_t d = static_cast<int32_t>(E.cols());
  std::vector<float> scores(E.rows());  // V
  for (Eigen::Index s = 0; s < E.rows(); ++s) scores[s] = Dot(E.row(s).data(), q.data(), d);
  return scores;
}

// FNV-1a over the step and the bit patterns of E, p and v (32-bit words: a quarter of the
// multiplies of a byte-wise pass, and V x d can be 32 M floats): equal runs give equal
// checksums, and one flipped bit or another step changes it. Not cryptographic; it lets
// two people compare runs by eye.
inline std::string Checksum(const Weights& w, int64_t step) {
  uint64_t hash = 14695981039346656037ull;  // the FNV-1a 64-bit offset basis
  constexpr uint64_t kPrime = 1099511628211ull;
  hash = (hash ^ static_cast<uint64_t>(step)) * kPrime;
  auto mix = [&](const float* data, int64_t count) {
    for (int64_t k = 0; k < count; ++k) {
      uint32_t bits;
      std::memcpy(&bits, data + k, sizeof bits);
      hash = (hash ^ bits) * kPrime;
    }
  };
  mix(w.E.data(), w.E.size());
  mix(w.p.data(), w.p.size());
  mix(w.v.data(), w.v.size());
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

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

// n flags, 1 for the acyclic reviews: non-empty, and none of their constraints (built from
// `sets`) on a cycle (experiment_max_margin.cpp).
std::vector<uint8_t> AcyclicReviewFlags(const Corpus& train, const SelectedSets& sets,
                                        const MarginConstraints& constraints);

// MaxMarginProgress::estimate: parts done, and the running part's gap on a log scale from 1
// down to `tolerance` (no certificate yet: 0 of the part).
inline double SolveEstimate(int32_t part, int32_t parts, double gap, double tolerance) {
  const double g = gap > 0 ? gap : 1;
  const double within = tolerance > 0 && tolerance < 1
                            ? std::min(1.0, std::max(0.0, std::log(g) / std::log(tolerance)))
                            : 0.0;
  return parts > 0 ? std::min(1.0, (std::max(part, 1) - 1 + within) / parts) : 0.0;
}

// Metrics promise finite numbers: a value that is not becomes 0 (its flag says n/a).
inline double Finite(double x) { return std::isfinite(x) ? x : 0.0; }

constexpr size_t kHistoryLength = 256;

// A sliced attention-SVM solve under way (experiment_max_margin.cpp), and one for the
// flow's own selection (experiment_local_svm.cpp).
struct MaxMarginJob;
struct LocalSvmJob;

struct Experiment::State {
  Limits limits;
  RunConfig config;
  bool loaded = false;
  Dataset dataset;
  std::vector<LabeledText> rows;  // as parsed: pipeline changes rebuild from these
  DatasetSummary summary;
  TokenStatistics statistics;  // of the train split
  std::unique_ptr<Trainer> trainer;
  // Attention-SVM solution, valid while E is unchanged since `solved_at_step`.
  bool has_max_margin = false;
  int64_t solved_at_step = -1;
  Eigen::VectorXf p_mm;  // d
  MarginConstraints constraints;
  MaxMarginReport max_margin_report;  // of that solve (what guidance reads)
  UShape u_max_margin;                // Figure 1's summary of p_mm.E_s
  // The same over the acyclic reviews (acyclic_reviews.h): their corpus and selected sets
  // as of the solve, and their own solution.
  bool has_max_margin_acyclic = false;
  Eigen::VectorXf p_mm_acyclic;  // d
  Corpus acyclic_corpus;
  SelectedSets acyclic_sets;
  UShape u_max_margin_acyclic;
  // flow_acyclic_only: the reviews the flow on p trains on once it starts; the trainer then
  // points at this corpus instead of dataset.train.
  bool flow_on_acyclic = false;
  Corpus flow_corpus;
  // A sliced solve under way (experiment_max_margin.cpp); it belongs to `version`.
  std::shared_ptr<MaxMarginJob> solve_job;
  // The attention-SVM of the flow's own selection (local_svm.h), valid while E is unchanged
  // since `local_embedding`: the selection it solved, its constraints and dual weights (the
  // next solve's warm start), and a solve under way.
  bool has_local_svm = false;
  int64_t local_embedding = -1;
  Eigen::VectorXf p_local;  // d
  SelectedSets local_sets;
  MarginConstraints local_constraints;
  std::vector<float> local_lambda;  // K_local
  LocalSvmReport local_report;
  std::shared_ptr<LocalSvmJob> local_job;
  // Test accuracy right after the step on E (Metrics::test_accuracy_after_step_on_e).
  bool has_test_after_step_on_e = false;
  double test_accuracy_after_step_on_e = 0;
  // Metrics at earlier steps of this trainer's run (GuidanceInputs::history), thinned to at
  // most kHistoryLength points: the guidance measures trends and peaks on it.
  // Cleared by Reset and RestoreWeights.
  mutable std::vector<Metrics> history;
  mutable uint64_t history_version = 0;  // bumped with each point (Explain's cache reads it)
  // Recipes of the loaded dataset and pipeline (Experiment::Recipes), computed on first use.
  bool has_recipes = false;
  std::vector<Recipe> recipes;

  // The step at which E last changed: 1 after the paper's step on E, every joint step.
  int64_t EmbeddingVersion() const {
    if (trainer->phase() == Phase::kInitialized) return 0;
    return config.protocol == Protocol::kPaper ? 1 : trainer->step();
  }
  void ForgetMaxMargin() {
    has_max_margin = has_max_margin_acyclic = false;
    solved_at_step = -1;
    max_margin_report = MaxMarginReport();
    max_margin_settled_at = -1;
    max_margin_requested = false;
    ForgetLocalSvm();
  }
  void ForgetLocalSvm() {
    has_local_svm = false;
    local_embedding = -1;
    local_sets = SelectedSets();
    local_constraints = MarginConstraints();
    local_lambda.clear();
    local_report = LocalSvmReport();
    local_job.reset();
  }
  bool LocalSvmIsCurrent() const { return has_local_svm && local_embedding >= EmbeddingVersion(); }
  // The solutions describe the current E (joint training moves E every step).
  // Every change of the run (data, settings, weights, p_mm) bumps `version`; the metrics of
  // one version are computed once (the page asks for them with each snapshot and again
  // for the guidance at the same step).
  uint64_t version = 0;
  mutable uint64_t metrics_version = ~uint64_t{0};
  mutable Metrics metrics;
  // A measurement in parts (Experiment::ContinueMetrics), under way or the last one: the
  // versions it measures, its next part, and what the parts found; of_weights is the
  // metrics as the parts that read no solution left them.
  struct MetricsWork {
    uint64_t version = ~uint64_t{0};
    uint64_t weights_version = ~uint64_t{0};
    int next = 0;
    Metrics metrics, of_weights;
    TokenScalars scalars;  // v.E_s and p.E_s per token
    SelectedSets sets;     // the theory's S_i of every training review
    FlowSelection flow;    // the flow's own selection (local_svm.h)
  };
  mutable MetricsWork measuring;
  // The same for the selection report (the page asks for it and for Explain, which reads
  // it, at each guidance update: O(N + V log V) once), per weights_version: it reads no
  // solution.
  mutable uint64_t selection_version = ~uint64_t{0};
  mutable SelectionReport selection;
  // Touch: anything may have changed (data, settings, weights). TouchSolutions: only a
  // solution (p_mm, p_local, their reports), not what the weights' metrics read.
  uint64_t weights_version = 0;
  void Touch() {
    ++version;
    ++weights_version;
  }
  void TouchSolutions() { ++version; }

  bool MaxMarginIsCurrent() const { return has_max_margin && solved_at_step >= EmbeddingVersion(); }

  // The run's loop (Experiment::Work, core/src/run/scheduler.cpp). The p_mm solve of the
  // E whose EmbeddingVersion is max_margin_settled_at ended (done or failed) or was declined
  // (Experiment::Cancel); the user asked for one (Experiment::RequestMaxMargin).
  int64_t max_margin_settled_at = -1;
  bool max_margin_requested = false;
  void SettleMaxMargin() {
    max_margin_settled_at = trainer ? EmbeddingVersion() : -1;
    max_margin_requested = false;
  }
  bool MaxMarginSettled() const {
    return MaxMarginIsCurrent() || (trainer && max_margin_settled_at == EmbeddingVersion());
  }
  // How far the current step's own work (run_plan.h RunItem) has got.
  struct Tick {
    int64_t step = -1;             // the step it is about (-1: none yet)
    int64_t local_share_left = 0;  // coordinate updates left of the step's p_local share
    bool local_checked = false;    // the flow's selection was checked at this step
    bool local_finished = false;   // a run end's p_local solve is done (or declined)
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
  WorkSizes Sizes() const {
    WorkSizes sizes;
    sizes.rows = dataset.vocab.size();
    sizes.tokens = dataset.train.NumTokens();
    sizes.width = std::max(config.width, 1);
    sizes.joint = config.protocol == Protocol::kJoint;
    return sizes;
  }
  // The guidance of one state (Experiment::Explain), of `version` and `history_version`.
  mutable uint64_t guidance_version = ~uint64_t{0};
  mutable uint64_t guidance_history = ~uint64_t{0};
  mutable Guidance guidance;
};

}  // namespace clslab
