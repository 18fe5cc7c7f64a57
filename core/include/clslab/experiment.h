// Experiment: the one object a front end holds (the wasm worker, the CLI). It owns the
// run's state as one unit: its settings (with the dataset's identity), the dataset, the
// weights and the analysis. Every call that changes state either succeeds whole or
// changes nothing. It never throws: failures come back as Status or in the structs of
// reports.h, which the bindings only marshal.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "clslab/config.h"
#include "clslab/data_profile.h"
#include "clslab/dataset_source.h"
#include "clslab/guidance.h"
#include "clslab/limits.h"
#include "clslab/reports.h"
#include "clslab/status.h"
#include "clslab/work.h"

namespace clslab {

struct Weights;
struct TrainerState;

class Experiment {
 public:
  // `limits` bound every load and reset (limits.h); tests pass small ones.
  explicit Experiment(const Limits& limits = Limits());
  ~Experiment();
  const Limits& limits() const;

  // --- Data. Each load replaces the dataset and resets training only when the new data
  // parses, builds and fits the limits; otherwise nothing changes.
  // The run's data from its bytes, parsed with config's source_* choices. For a file, URL
  // or preset source with config.source_hash set, the bytes must have that hash (a link's
  // data): other bytes are refused with both hashes named. On success config() records the
  // source's identity (its hash and parsed rows).
  Result<DatasetSummary> Load(const SourceBytes& source, const RunConfig& config);
  // The synthetic generator's data (config.dataset == "synthetic").
  Result<DatasetSummary> LoadSynthetic(const RunConfig& config);
  // Rows stored in a run file (label<TAB>text, ExportLabelTabText's form), standing for the
  // source config names: the identity in config is kept, the row count is checked.
  Result<DatasetSummary> LoadStoredRows(std::string_view label_tab_text, const RunConfig& config);
  // What Load would parse, shown before the user confirms; never touches this Experiment.
  static DatasetPreview Preview(const SourceBytes& source, const ParseOptions& options);
  // The loaded rows (as parsed, before sampling and splitting) as label<TAB>text; loading
  // them with LoadStoredRows gives the same dataset. Empty when none is loaded.
  std::string ExportLabelTabText() const;
  const DatasetSummary& summary() const;
  bool has_dataset() const;

  // --- Settings. Applies `config` to the loaded run, doing what its changes need
  // (EffectOfChange): kPipeline rebuilds the split and vocabulary from the loaded rows,
  // kWeights draws new weights, kSolver forgets p_mm, kRunLength only stores it. A kSource
  // change is refused: load the new source instead. Returns the effect applied.
  Result<SettingEffect> Configure(const RunConfig& config);
  // New weights from config().seed on the same data (step 0).
  Status Reset();
  const RunConfig& config() const;

  // --- The run (work.h). Does what the plan says is due, item after item (run_plan.h
  // RunItem: the steps, the p_mm solve, the flow's own att-SVM, the metrics history), within
  // the order's budget, and says where it stopped. The same run whatever the budgets:
  // `clslab train` and the page's worker give the same numbers at every step.
  WorkReport Work(const WorkOrder& order);
  // The user declines the blocking solve the plan owes now (p_mm, or a run end's p_local):
  // it is recorded, so the plan no longer owes it. Returns the item declined (kNone: none).
  RunItem Cancel();
  // The user asks for p_mm of the current E (the page's Solve button): the plan owes it
  // until it ends (a declined solve is owed again).
  void RequestMaxMargin();

  // --- Training. Protocol-aware steps: paper = the step on E first, then the flow on p;
  // joint = optimizer steps. Cheap reports: metrics are asked for separately. Each report
  // carries the plan after it; every driver follows the plan (run_plan.h).
  RunPlan Plan() const;
  StepReport Advance(int32_t steps);
  StepReport StepEmbeddings();              // paper protocol only: the one GD step on E
  StepReport StepAttention(int32_t steps);  // paper protocol only: steps of the flow on p
  int64_t step() const;

  // --- Measuring the current weights (THEORY.md). O(N + V d) for the metrics.
  Metrics CurrentMetrics() const;
  // The same metrics in parts (the page's worker yields between calls, so that a Pause
  // waits for one part, not for all): each call measures one part, O(N + V d) at most, and
  // returns true once the metrics of the current weights are complete; CurrentMetrics then
  // returns them without measuring. Weights that change between calls start it over.
  bool ContinueMetrics() const;
  TokenTable Tokens() const;
  TokenScores Scores() const;                       // Tokens()'s value and attention columns alone
  MaxMarginScores MaxMarginScoresOfTokens() const;  // Tokens()'s p_mm columns alone
  ReviewView Review(bool test_split, int32_t index) const;
  ReviewView ScoreText(std::string_view text) const;
  // The attention-SVM over all reviews and over the acyclic reviews (acyclic_reviews.h).
  // In slices (the page's worker): Start builds the constraints and finds the cycles, each
  // Continue does about `budget` coordinate updates (SvmSolver::Run), or one of the steps
  // between the sweeps (a part's solution, the acyclic reviews' set-up, the commit: no
  // updates), and says where the solve stands; the last one commits p_mm and
  // max_margin_report(). Any other change of the run abandons a solve under way.
  // SolveMaxMargin runs one to the end.
  MaxMarginProgress StartMaxMargin();
  MaxMarginProgress ContinueMaxMargin(int64_t budget);
  MaxMarginReport SolveMaxMargin();
  // The report of the last solve that finished or failed (solved = false and a message).
  MaxMarginReport max_margin_report() const;
  // True while the last attention-SVM solution belongs to the current E (cheap).
  bool max_margin_current() const;
  // The attention-SVM of the flow's own selection over all training reviews (local_svm.h),
  // under the paper protocol once p != 0. In slices that never hold up Play: each call does
  // about `budget` coordinate updates (SvmSolver::Run). With no solve under way it starts
  // one when the flow's selection differs from the one last solved, warm-started from that
  // solution's weights; a solve runs to its end for the selection it started with, and
  // the call that finishes it commits p_local (done = true; done with nothing under way
  // also means the solution is that of the current selection). With `latest` (a run that
  // has stopped: the selection no longer moves) a solve under way for a selection the flow
  // has since left is dropped and the current one's started instead (checked once per
  // step of the weights). SolveLocalSvm solves the current selection to the end.
  MaxMarginProgress ContinueLocalSvm(int64_t budget, bool latest = false);
  LocalSvmReport SolveLocalSvm();
  LocalSvmReport local_svm_report() const;
  // Which tokens the theory selects with the current v.E_s (reports.h SelectionReport).
  SelectionReport Selection() const;

  // --- The data's story. The training split as the current tokenizer settings see it:
  // what the recipes are computed from (one pass over the train texts).
  DataProfile Profile() const;
  // The result1, figure1 and result2 recipes for the loaded data within limits() (recipes.h;
  // empty before a load). Computed once per dataset and pipeline, then cached.
  std::vector<Recipe> Recipes() const;
  // What each panel should show now and why (guidance.h), from the current metrics, the
  // attention-SVM report while it is current, the selection and the recipes.
  GuidanceInputs ExplainInputs() const;  // what Explain reads (claims are checked on it)
  Guidance Explain() const;

  // --- Run files (run_file.h): the current weights (nullptr before a dataset loads) and
  // training state, and restoring weights of matching shape with their step, phase name
  // and (when given) the training state, so that later steps are those of the saved run.
  const Weights* weights() const;
  TrainerState training_state() const;
  Status RestoreWeights(const Weights& weights, int64_t step, std::string_view phase,
                        const TrainerState* state = nullptr);
  // Exchanges the whole state with `other` (a run staged in another Experiment commits
  // by swapping it in).
  void Swap(Experiment& other);

 private:
  // The limits the config alone decides (d), then those the rows decide (reviews after
  // sampling): checked before tokenizing allocates anything.
  Status CheckBeforeBuild(int64_t rows, const RunConfig& config) const;
  // Builds parsed rows with config's pipeline and adopts them (the common tail of loads).
  Result<DatasetSummary> BuildAndAdopt(ParsedReviews parsed, DatasetSummary summary,
                                       const RunConfig& config);
  // The loaded rows again, with a new pipeline (seed, min count, ...).
  Result<DatasetSummary> Rebuild(const RunConfig& config);
  // Before a flow step: with flow_acyclic_only, moves the trainer onto the acyclic
  // reviews of E(1) the first time (a no-op otherwise).
  void PrepareFlow();

  // The run's state (settings, data, weights) and its jobs (core/src/run/: the p_mm solve,
  // the flow's own att-SVM, the metrics), each of which owns its own state.
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace clslab
