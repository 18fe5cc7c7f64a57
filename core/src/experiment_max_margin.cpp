// Experiment, the attention-SVM of Result 2: its constraints from the current selected
// sets, the cycles that make it infeasible on real reviews, its solution p_mm over all
// reviews, and again over the acyclic reviews (acyclic_reviews.h), where the theory still
// predicts the flow's direction. Each solution's token scores are summarized as Figure 1's
// U-score, the theory's prediction for that panel.
// Legend: n train reviews, V vocabulary, d width, K constraints.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "clslab/acyclic_reviews.h"
#include "clslab/experiment.h"
#include "experiment_state.h"

namespace clslab {
namespace {

// Figure 1's summary of the token scores a direction q gives: q.E_s for every s, as the
// token table's p_mm columns hold them (TokenScoresOf).
UShape UShapeOf(const RowMatrixXf& E, const Eigen::VectorXf& q, const TokenStatistics& stats) {
  return ComputeUShape(TokenScoresOf(E, q), stats);
}

// A hard-margin run that stops at max_epochs still counts when its point satisfies every
// constraint: it is feasible, with a norm within its reported gap of the optimum (measured:
// gap 0.0012 against the 0.001 asked, on the built-in movie reviews), and much closer to
// p_mm than the soft margin at C = 1. One that violates some (d < V got in the way) falls
// back to the soft margin.
bool HardMarginHolds(const SvmSolution& solution) {
  return solution.converged || solution.violated == 0;
}

}  // namespace

std::vector<uint8_t> AcyclicReviewFlags(const Corpus& train, const SelectedSets& sets,
                                        const MarginConstraints& constraints) {
  // Without a cycle every flag of ReviewsOnCycles is 0, so one path serves both cases.
  std::vector<uint8_t> flags = ReviewsOnCycles(constraints, train, sets, train.vocab_size);
  for (int32_t i = 0; i < train.NumReviews(); ++i) flags[i] = !flags[i] && train.Length(i) > 0;
  return flags;
}

// The solve in parts: part 1 over all reviews (the hard margin when the constraints have no
// cycle, which is necessary, and with d >= V sufficient; else the soft margin), part 2
// over the acyclic reviews when there were cycles (hard margin first). A hard margin that
// fails (HardMarginHolds) restarts its part as a soft margin.
//
// Each ContinueMaxMargin call does one stage, so that no call does much more than its
// budget of sweeps: each O(V d) or O(N) step between the sweeps (a part's solution, the
// acyclic reviews' set-up, each Figure 1 summary) is a call of its own (at 25,000
// reviews and d = 1024 each is 5-30 ms, as long as a slice of sweeps; together they were
// 40-110 ms calls on top of the last slice). The stages change nothing in what is
// computed.
enum class MaxMarginStage {
  kSweeps,    // the solver of the current part runs (Run)
  kSolution,  // its solution into the report; a failed hard margin restarts as soft
  kAcyclic,   // after part 1: the acyclic reviews and, with cycles, part 2's start
  kShape,     // Figure 1's summary of p_mm (an O(V d) product, as is the acyclic one)
  kCommit,    // the acyclic solution's summary; the solutions become the run's
};

struct MaxMarginJob {
  uint64_t version = 0;  // State::version it belongs to
  MaxMarginReport report;
  SvmOptions options;
  SelectedSets sets;
  MarginConstraints restricted;  // part 2's constraints (over the acyclic reviews)
  MaxMarginStage stage = MaxMarginStage::kSweeps;
  UShape shape;  // Figure 1's summary of p_mm (stage kShape), committed with the rest
  int32_t part = 1;
  const MarginConstraints* constraints = nullptr;  // the part's: State::constraints or
                                                   // `restricted`
  bool hard = false;                               // the running solver's problem
  std::unique_ptr<SvmSolver> solver;
};

namespace {

using Job = MaxMarginJob;

// Starts the solver of the job's part, the hard margin when asked; a hard margin that
// cannot start (a zero z_k) starts the soft one instead. False with report.message set
// when neither starts.
bool StartSolver(const RowMatrixXf& E, Job* job, bool hard) {
  SvmOptions options = job->options;
  options.hard_margin = hard;
  Result<std::unique_ptr<SvmSolver>> started = SvmSolver::Start(E, *job->constraints, options);
  if (!started.ok() && hard) return StartSolver(E, job, false);
  if (!started.ok()) {
    job->report.message = started.status.message();
    return false;
  }
  job->solver = std::move(started.value);
  job->hard = hard;
  return true;
}

// Part 2 (the acyclic reviews) exists only when the constraints have cycles.
int32_t PartsOf(const MaxMarginReport& report) { return report.acyclic ? 1 : 2; }

MaxMarginProgress ProgressOf(const Job& job) {
  MaxMarginProgress progress;
  progress.active = true;
  progress.part = job.part;
  progress.parts = PartsOf(job.report);
  progress.stage = std::string(job.part == 1 ? "all reviews" : "acyclic reviews") +
                   (job.hard ? ", hard margin" : ", soft margin");
  const SvmProgress& svm = job.solver->progress();
  progress.epochs = svm.epochs;
  progress.gap = std::isfinite(svm.gap) ? svm.gap : 0;
  progress.updates = svm.updates;
  progress.estimate =
      SolveEstimate(progress.part, progress.parts, progress.gap, job.options.tolerance);
  return progress;
}

MaxMarginProgress Inactive(std::string message) {
  MaxMarginProgress progress;
  progress.message = std::move(message);
  return progress;
}

}  // namespace

MaxMarginProgress Experiment::StartMaxMargin() {
  state_->TouchSolutions();
  State& st = *state_;
  st.solve_job.reset();
  MaxMarginReport report;
  if (!st.trainer) report.message = "no dataset is loaded";
  if (st.trainer && st.trainer->phase() == Phase::kInitialized) {
    report.message = "take the step on E first: the selected tokens come from E(1)";
  }
  const bool requested = st.max_margin_requested;  // a request lasts until the solve ends
  st.ForgetMaxMargin();
  st.max_margin_requested = requested;
  if (!report.message.empty()) {
    st.max_margin_report = report;
    st.SettleMaxMargin();
    return Inactive(report.message);
  }
  auto job = std::make_shared<Job>();
  const Weights& w = st.trainer->weights();
  const Corpus& train = st.dataset.train;
  job->sets = ComputeSelectedSets(train, ComputeTokenScalars(w).value);
  st.constraints = BuildConstraints(train, job->sets);
  report.constraints = st.constraints.size();
  report.constraint_instances = st.constraints.review_constraints;
  report.reviews = st.constraints.constraint_reviews;
  const CycleReport cycles = FindCycles(st.constraints, train, job->sets, w.vocab_size());
  report.acyclic = cycles.acyclic;
  report.constraints_in_cycles = cycles.constraints_in_cycles;
  report.reviews_in_cycles = cycles.reviews_in_cycles;
  for (const std::vector<int32_t>& cycle : cycles.example_cycles) {
    std::string text;
    for (int32_t id : cycle) text += (text.empty() ? "" : " -> ") + st.dataset.vocab.Token(id);
    if (!cycle.empty()) text += " -> " + st.dataset.vocab.Token(cycle.front());
    report.cycles.push_back(text);
  }
  report.cyclic_components = cycles.nontrivial_components;
  report.largest_component_size = static_cast<int32_t>(cycles.largest_component.size());
  report.largest_component_reviews = cycles.reviews_in_largest;
  for (size_t k = 0; k < cycles.largest_component.size() && k < kComponentWords; ++k) {
    report.largest_component_words.push_back(st.dataset.vocab.Token(cycles.largest_component[k]));
  }
  job->options.C = st.config.svm_c;
  job->options.seed = st.config.seed;
  job->options.tolerance = 1e-3;
  job->report = std::move(report);
  job->version = st.version;
  job->constraints = &st.constraints;
  if (!StartSolver(w.E, job.get(), cycles.acyclic)) {
    st.max_margin_report = job->report;
    st.SettleMaxMargin();
    return Inactive(job->report.message);
  }
  st.solve_job = job;
  return ProgressOf(*job);
}

MaxMarginProgress Experiment::ContinueMaxMargin(int64_t budget) {
  State& st = *state_;
  if (!st.solve_job || st.solve_job->version != st.version || !st.trainer) {
    st.solve_job.reset();
    return Inactive("no solve is under way (it was never started, or the run changed)");
  }
  Job& job = *st.solve_job;
  const RowMatrixXf& E = st.trainer->weights().E;
  MaxMarginReport& report = job.report;
  using Stage = MaxMarginStage;
  if (job.stage == Stage::kSweeps) {
    if (job.solver->Run(std::max<int64_t>(budget, 1)).done) job.stage = Stage::kSolution;
    return ProgressOf(job);
  }
  if (job.stage == Stage::kSolution) {
    // The finished solver's answer. A hard margin that does not hold restarts the part as
    // a soft margin; part 1 goes on to the acyclic reviews, part 2 to the commit.
    const SvmSolution solution = job.solver->Solution();
    if (job.hard && !HardMarginHolds(solution) && StartSolver(E, &job, false)) {
      job.stage = Stage::kSweeps;
      return ProgressOf(job);
    }
    const bool solved = !job.hard || HardMarginHolds(solution);
    if (job.part == 2) {
      if (solved) {
        st.p_mm_acyclic = solution.p;
        report.acyclic_hard_margin = job.hard;
        report.acyclic_norm = Finite(solution.norm);
        report.acyclic_violated = solution.violated;
      }
      job.stage = Stage::kShape;
      return ProgressOf(job);
    }
    if (!solved) {  // the soft margin could not start: StartSolver said why
      st.max_margin_report = report;
      st.SettleMaxMargin();
      st.solve_job.reset();
      return Inactive(report.message);
    }
    report.solved = true;
    report.hard_margin = job.hard;
    report.norm = Finite(solution.norm);
    report.gap = Finite(solution.gap);
    report.min_margin = Finite(solution.min_margin);
    report.violated = solution.violated;
    report.epochs = solution.epochs;
    report.converged = solution.converged;
    const std::string soft = "soft margin (C = " + GetSetting(st.config, "svm_c") + "): ";
    // Without cycles the hard margin is infeasible only when d < V gets in the way; all
    // this solve knows is that its sweeps did not satisfy every constraint.
    report.message = job.hard         ? "hard margin: every review can select its tokens"
                     : report.acyclic ? soft +
                                            "the hard margin did not satisfy every constraint "
                                            "(no cycle; with d < V it may be infeasible)"
                                      : soft + "the hard-margin problem is infeasible (cycles)";
    st.p_mm = solution.p;
    job.stage = Stage::kAcyclic;
    return ProgressOf(job);
  }
  if (job.stage == Stage::kAcyclic) {
    // Drop every review with a pair on a cycle (and empty reviews, which select nothing):
    // what is left has no cycle, so with d >= V its hard margin is feasible. Without
    // cycles that is every review and part 1's solution serves; with them part 2 starts.
    const Corpus& train = st.dataset.train;
    const std::vector<uint8_t> keep = AcyclicReviewFlags(train, job.sets, st.constraints);
    for (uint8_t flag : keep) report.acyclic_reviews += flag;
    st.acyclic_corpus = KeepReviews(train, keep);
    st.acyclic_sets = KeepSets(job.sets, keep);
    job.stage = Stage::kShape;
    if (PartsOf(report) == 1) {
      st.p_mm_acyclic = st.p_mm;
      report.acyclic_constraints = report.constraints;
      report.acyclic_hard_margin = report.hard_margin;
      report.acyclic_norm = report.norm;
      report.acyclic_violated = report.violated;
      return ProgressOf(job);
    }
    job.restricted = BuildConstraints(st.acyclic_corpus, st.acyclic_sets);
    report.acyclic_constraints = job.restricted.size();
    job.part = 2;
    job.constraints = &job.restricted;
    const std::string message = report.message;  // part 1's; a failed start overwrites it
    if (StartSolver(E, &job, true)) {
      job.stage = Stage::kSweeps;
    } else {
      report.message = message;
    }
    return ProgressOf(job);
  }
  if (job.stage == Stage::kShape) {
    job.shape = UShapeOf(E, st.p_mm, st.statistics);
    job.stage = Stage::kCommit;
    return ProgressOf(job);
  }
  // kCommit: the solutions and their Figure 1 summaries belong to the current E.
  report.acyclic_solved = report.acyclic_norm > 0;
  st.u_max_margin = std::move(job.shape);
  if (report.acyclic_solved) st.u_max_margin_acyclic = UShapeOf(E, st.p_mm_acyclic, st.statistics);
  st.has_max_margin = true;
  st.has_max_margin_acyclic = report.acyclic_solved;
  st.solved_at_step = st.EmbeddingVersion();
  st.max_margin_report = report;
  st.SettleMaxMargin();
  st.solve_job.reset();
  st.TouchSolutions();
  MaxMarginProgress progress;
  progress.done = true;
  progress.part = progress.parts = PartsOf(report);
  progress.stage = "done";
  progress.epochs = report.epochs;
  progress.gap = report.gap;
  progress.estimate = 1;
  return progress;
}

bool Experiment::MaxMarginUnderWay() const {
  const State& st = *state_;
  return st.solve_job && st.solve_job->version == st.version && st.trainer;
}

MaxMarginProgress Experiment::MaxMarginStatus() const {
  return MaxMarginUnderWay() ? ProgressOf(*state_->solve_job) : MaxMarginProgress();
}

MaxMarginProgress Experiment::MaxMarginSlice(int64_t budget, int64_t* spent) {
  State& st = *state_;
  if (!MaxMarginUnderWay()) {
    // The constraints, their cycles and the first checkpoint: O(N + K + V d).
    const MaxMarginProgress started = StartMaxMargin();
    *spent += 2 * PassUnits(st.Sizes()) + ListUnits(st.Sizes(), 4 * st.constraints.size());
    return started;
  }
  Job& job = *st.solve_job;
  const bool sweeping = job.stage == MaxMarginStage::kSweeps;
  const int64_t before = sweeping ? job.solver->progress().updates : 0;
  const MaxMarginProgress progress = ContinueMaxMargin(budget);
  *spent += sweeping ? progress.updates - before : PassUnits(st.Sizes());
  return progress;
}

MaxMarginReport Experiment::SolveMaxMargin() {
  MaxMarginProgress progress = StartMaxMargin();
  while (progress.active) progress = ContinueMaxMargin(std::numeric_limits<int64_t>::max() / 4);
  return state_->max_margin_report;
}

MaxMarginReport Experiment::max_margin_report() const { return state_->max_margin_report; }

bool Experiment::max_margin_current() const {
  return state_->trainer && state_->MaxMarginIsCurrent();
}

}  // namespace clslab
