// The p_mm job (max_margin_job.h): the attention-SVM of Result 2, its constraints from the
// current selected sets, the cycles that make it infeasible on real reviews, its solution
// p_mm over all reviews, and again over the acyclic reviews (acyclic_reviews.h), where the
// theory still predicts the flow's direction. Each solution's token scores are summarized
// as Figure 1's U-score, the theory's prediction for that panel.
// Legend: n train reviews, V vocabulary, d width, K constraints.
#include "max_margin_job.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "clslab/acyclic_reviews.h"
#include "clslab/config.h"

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

// The solve in parts: part 1 over all reviews (the hard margin when the constraints have no
// cycle, which is necessary, and with d >= V sufficient; else the soft margin), part 2
// over the acyclic reviews when there were cycles (hard margin first). A hard margin that
// fails (HardMarginHolds) restarts its part as a soft margin.
//
// Each Continue does one stage, so that no call does much more than its budget of sweeps:
// each O(V d) or O(N) step between the sweeps (a part's solution, the acyclic reviews'
// set-up, each Figure 1 summary) is a call of its own (at 25,000 reviews and d = 1024 each
// is 5-30 ms, as long as a slice of sweeps; together they were 40-110 ms calls on top of
// the last slice). The stages change nothing in what is computed.
enum class MaxMarginStage {
  kSweeps,    // the solver of the current part runs (Run)
  kSolution,  // its solution into the report; a failed hard margin restarts as soft
  kAcyclic,   // after part 1: the acyclic reviews and, with cycles, part 2's start
  kShape,     // Figure 1's summary of p_mm (an O(V d) product, as is the acyclic one)
  kCommit,    // the acyclic solution's summary; the solutions become the run's
};

struct MaxMarginSolve {
  uint64_t run_version = 0;  // RunView::run_version it belongs to
  MaxMarginReport report;
  SvmOptions options;
  SelectedSets sets;
  MarginConstraints constraints;  // part 1's (over all reviews)
  MarginConstraints restricted;   // part 2's (over the acyclic reviews)
  // The solutions as the parts leave them, and what the acyclic stage found.
  Eigen::VectorXf p_mm, p_mm_acyclic;  // d
  Corpus acyclic_corpus;
  SelectedSets acyclic_sets;
  MaxMarginStage stage = MaxMarginStage::kSweeps;
  UShape shape;  // Figure 1's summary of p_mm (stage kShape), committed with the rest
  int32_t part = 1;
  bool hard = false;  // the running solver's problem
  std::unique_ptr<SvmSolver> solver;

  const MarginConstraints& PartConstraints() const { return part == 1 ? constraints : restricted; }
};

namespace {

using Solve = MaxMarginSolve;

// Starts the solver of the solve's part, the hard margin when asked; a hard margin that
// cannot start (a zero z_k) starts the soft one instead. False with report.message set
// when neither starts.
bool StartSolver(const RowMatrixXf& E, Solve* solve, bool hard) {
  SvmOptions options = solve->options;
  options.hard_margin = hard;
  Result<std::unique_ptr<SvmSolver>> started =
      SvmSolver::Start(E, solve->PartConstraints(), options);
  if (!started.ok() && hard) return StartSolver(E, solve, false);
  if (!started.ok()) {
    solve->report.message = started.status.message();
    return false;
  }
  solve->solver = std::move(started.value);
  solve->hard = hard;
  return true;
}

// Part 2 (the acyclic reviews) exists only when the constraints have cycles.
int32_t PartsOf(const MaxMarginReport& report) { return report.acyclic ? 1 : 2; }

MaxMarginProgress ProgressOf(const Solve& solve) {
  MaxMarginProgress progress;
  progress.active = true;
  progress.part = solve.part;
  progress.parts = PartsOf(solve.report);
  progress.stage = solve.part == 1
                       ? (solve.hard ? SolveStage::kAllHard : SolveStage::kAllSoft)
                       : (solve.hard ? SolveStage::kAcyclicHard : SolveStage::kAcyclicSoft);
  const SvmProgress& svm = solve.solver->progress();
  progress.epochs = svm.epochs;
  progress.gap = std::isfinite(svm.gap) ? svm.gap : 0;
  progress.updates = svm.updates;
  progress.tolerance = solve.options.tolerance;
  progress.active_constraints = svm.active;
  progress.constraints = solve.PartConstraints().size();
  progress.estimate =
      SolveEstimate(progress.part, progress.parts, progress.gap, solve.options.tolerance);
  return progress;
}

MaxMarginProgress Inactive(std::string message) {
  MaxMarginProgress progress;
  progress.message = std::move(message);
  return progress;
}

}  // namespace

MaxMarginJob::MaxMarginJob() = default;
MaxMarginJob::~MaxMarginJob() = default;

bool MaxMarginJob::Current(const RunView& run) const {
  return run.trainer && has_ && solved_at_ >= run.embedding;
}

bool MaxMarginJob::Settled(const RunView& run) const {
  return Current(run) || (run.trainer && settled_at_ == run.embedding);
}

void MaxMarginJob::Settle(const RunView& run) {
  settled_at_ = run.trainer ? run.embedding : -1;
  requested_ = false;
}

void MaxMarginJob::Request(const RunView& run) {
  if (!run.trainer || Current(run)) return;  // the solution is this E's already
  requested_ = true;
  settled_at_ = -1;
}

void MaxMarginJob::Decline(const RunView& run) {
  solve_.reset();
  Settle(run);  // owed again only when asked (Request)
}

void MaxMarginJob::Forget() {
  has_ = has_acyclic_ = false;
  solved_at_ = -1;
  report_ = MaxMarginReport();
  settled_at_ = -1;
  requested_ = false;
  solve_.reset();
  ++revision_;
}

MaxMarginProgress MaxMarginJob::Start(const RunView& run) {
  MaxMarginReport report;
  if (!run.trainer) report.message = "no dataset is loaded";
  if (run.trainer && !run.embeddings_stepped()) {
    report.message = "take the step on E first: the selected tokens come from E(1)";
  }
  const bool requested = requested_;  // a request lasts until the solve ends
  Forget();
  requested_ = requested;
  if (!report.message.empty()) {
    report_ = report;
    Settle(run);
    return Inactive(report.message);
  }
  auto solve = std::make_unique<Solve>();
  const Weights& w = run.weights();
  const Corpus& train = run.dataset->train;
  const Vocabulary& vocab = run.dataset->vocab;
  solve->sets = ComputeSelectedSets(train, ComputeTokenScalars(w).value);
  solve->constraints = BuildConstraints(train, solve->sets);
  const MarginConstraints& constraints = solve->constraints;
  report.constraints = constraints.size();
  report.constraint_instances = constraints.review_constraints;
  report.reviews = constraints.constraint_reviews;
  const CycleReport cycles = FindCycles(constraints, train, solve->sets, w.vocab_size());
  report.acyclic = cycles.acyclic;
  report.constraints_in_cycles = cycles.constraints_in_cycles;
  report.reviews_in_cycles = cycles.reviews_in_cycles;
  for (const std::vector<int32_t>& cycle : cycles.example_cycles) {
    std::string text;
    for (int32_t id : cycle) text += (text.empty() ? "" : " -> ") + vocab.Token(id);
    if (!cycle.empty()) text += " -> " + vocab.Token(cycle.front());
    report.cycles.push_back(text);
  }
  report.cyclic_components = cycles.nontrivial_components;
  report.largest_component_size = static_cast<int32_t>(cycles.largest_component.size());
  report.largest_component_reviews = cycles.reviews_in_largest;
  for (size_t k = 0; k < cycles.largest_component.size() && k < kComponentWords; ++k) {
    report.largest_component_words.push_back(vocab.Token(cycles.largest_component[k]));
  }
  solve->options.C = run.config->svm_c;
  solve->options.seed = run.config->seed;
  solve->options.tolerance = 1e-3;
  solve->report = std::move(report);
  solve->run_version = run.run_version;
  if (!StartSolver(w.E, solve.get(), cycles.acyclic)) {
    report_ = solve->report;
    Settle(run);
    return Inactive(report_.message);
  }
  solve_ = std::move(solve);
  return ProgressOf(*solve_);
}

bool MaxMarginJob::UnderWay(const RunView& run) const {
  return solve_ && solve_->run_version == run.run_version && run.trainer;
}

MaxMarginProgress MaxMarginJob::Status(const RunView& run) const {
  return UnderWay(run) ? ProgressOf(*solve_) : MaxMarginProgress();
}

MaxMarginProgress MaxMarginJob::Continue(const RunView& run, int64_t budget) {
  if (!UnderWay(run)) {
    solve_.reset();
    return Inactive("no solve is under way (it was never started, or the run changed)");
  }
  Solve& solve = *solve_;
  const RowMatrixXf& E = run.weights().E;
  const TokenStatistics& statistics = *run.statistics;
  MaxMarginReport& report = solve.report;
  using Stage = MaxMarginStage;
  if (solve.stage == Stage::kSweeps) {
    if (solve.solver->Run(std::max<int64_t>(budget, 1)).done) solve.stage = Stage::kSolution;
    return ProgressOf(solve);
  }
  if (solve.stage == Stage::kSolution) {
    // The finished solver's answer. A hard margin that does not hold restarts the part as
    // a soft margin; part 1 goes on to the acyclic reviews, part 2 to the commit.
    const SvmSolution solution = solve.solver->Solution();
    if (solve.hard && !HardMarginHolds(solution) && StartSolver(E, &solve, false)) {
      solve.stage = Stage::kSweeps;
      return ProgressOf(solve);
    }
    const bool solved = !solve.hard || HardMarginHolds(solution);
    if (solve.part == 2) {
      if (solved) {
        solve.p_mm_acyclic = solution.p;
        report.acyclic_hard_margin = solve.hard;
        report.acyclic_norm = Finite(solution.norm);
        report.acyclic_violated = solution.violated;
      }
      solve.stage = Stage::kShape;
      return ProgressOf(solve);
    }
    if (!solved) {  // the soft margin could not start: StartSolver said why
      report_ = report;
      Settle(run);
      solve_.reset();
      return Inactive(report_.message);
    }
    report.solved = true;
    report.hard_margin = solve.hard;
    report.norm = Finite(solution.norm);
    report.gap = Finite(solution.gap);
    report.min_margin = Finite(solution.min_margin);
    report.violated = solution.violated;
    report.epochs = solution.epochs;
    report.converged = solution.converged;
    const std::string soft = "soft margin (C = " + GetSetting(*run.config, "svm_c") + "): ";
    // Without cycles the hard margin is infeasible only when d < V gets in the way; all
    // this solve knows is that its sweeps did not satisfy every constraint.
    report.message = solve.hard       ? "hard margin: every review can select its tokens"
                     : report.acyclic ? soft +
                                            "the hard margin did not satisfy every constraint "
                                            "(no cycle; with d < V it may be infeasible)"
                                      : soft + "the hard-margin problem is infeasible (cycles)";
    solve.p_mm = solution.p;
    solve.stage = Stage::kAcyclic;
    return ProgressOf(solve);
  }
  if (solve.stage == Stage::kAcyclic) {
    // Drop every review with a pair on a cycle (and empty reviews, which select nothing):
    // what is left has no cycle, so with d >= V its hard margin is feasible. Without
    // cycles that is every review and part 1's solution serves; with them part 2 starts.
    const Corpus& train = run.dataset->train;
    const std::vector<uint8_t> keep = AcyclicReviewFlags(train, solve.sets, solve.constraints);
    for (uint8_t flag : keep) report.acyclic_reviews += flag;
    solve.acyclic_corpus = KeepReviews(train, keep);
    solve.acyclic_sets = KeepSets(solve.sets, keep);
    solve.stage = Stage::kShape;
    if (PartsOf(report) == 1) {
      solve.p_mm_acyclic = solve.p_mm;
      report.acyclic_constraints = report.constraints;
      report.acyclic_hard_margin = report.hard_margin;
      report.acyclic_norm = report.norm;
      report.acyclic_violated = report.violated;
      return ProgressOf(solve);
    }
    solve.restricted = BuildConstraints(solve.acyclic_corpus, solve.acyclic_sets);
    report.acyclic_constraints = solve.restricted.size();
    solve.part = 2;
    const std::string message = report.message;  // part 1's; a failed start overwrites it
    if (StartSolver(E, &solve, true)) {
      solve.stage = Stage::kSweeps;
    } else {
      report.message = message;
    }
    return ProgressOf(solve);
  }
  if (solve.stage == Stage::kShape) {
    solve.shape = UShapeOf(E, solve.p_mm, statistics);
    solve.stage = Stage::kCommit;
    return ProgressOf(solve);
  }
  // kCommit: the solutions and their Figure 1 summaries belong to the current E.
  report.acyclic_solved = report.acyclic_norm > 0;
  p_mm_ = std::move(solve.p_mm);
  constraints_ = std::move(solve.constraints);
  u_ = std::move(solve.shape);
  has_acyclic_ = report.acyclic_solved;
  if (has_acyclic_) {
    p_mm_acyclic_ = std::move(solve.p_mm_acyclic);
    u_acyclic_ = UShapeOf(E, p_mm_acyclic_, statistics);
  }
  acyclic_corpus_ = std::move(solve.acyclic_corpus);
  acyclic_sets_ = std::move(solve.acyclic_sets);
  has_ = true;
  solved_at_ = run.embedding;
  report_ = report;
  Settle(run);
  solve_.reset();
  ++revision_;
  MaxMarginProgress progress;
  progress.done = true;
  progress.part = progress.parts = PartsOf(report_);
  progress.stage = SolveStage::kDone;
  progress.epochs = report_.epochs;
  progress.gap = report_.gap;
  progress.estimate = 1;
  return progress;
}

MaxMarginProgress MaxMarginJob::Slice(const RunView& run, int64_t budget, int64_t* spent) {
  if (!UnderWay(run)) {
    // The constraints, their cycles and the first checkpoint: O(N + K + V d).
    const MaxMarginProgress started = Start(run);
    const int64_t constraints = solve_ ? solve_->constraints.size() : 0;
    *spent += 2 * PassUnits(run.sizes) + ListUnits(run.sizes, 4 * constraints);
    return started;
  }
  Solve& solve = *solve_;
  const bool sweeping = solve.stage == MaxMarginStage::kSweeps;
  const int64_t before = sweeping ? solve.solver->progress().updates : 0;
  const MaxMarginProgress progress = Continue(run, budget);
  *spent += sweeping ? progress.updates - before : PassUnits(run.sizes);
  return progress;
}

void MaxMarginJob::AddMetrics(const RunView& run, const TokenScalars& scalars, Metrics* m) const {
  if (!Current(run)) return;
  const Weights& w = run.weights();
  const double norm_mm = p_mm_.cast<double>().norm();
  m->has_max_margin = norm_mm > 0;
  if (m->has_max_margin) {
    m->max_margin_reference = 1 / norm_mm;
    m->cosine_to_max_margin = Cosine(w.p, p_mm_);
    m->one_minus_cosine_to_max_margin = OneMinusCosine(w.p, p_mm_);
    m->u_score_max_margin = Finite(u_.u_score);
    m->signed_score_max_margin = Finite(u_.signed_score);
    double smallest = INFINITY;
    for (int64_t k = 0; k < constraints_.size(); ++k) {
      smallest = std::min(smallest, static_cast<double>(scalars.attention[constraints_.winner[k]]) -
                                        scalars.attention[constraints_.loser[k]]);
    }
    m->normalized_margin = m->p_norm > 0 && std::isfinite(smallest) ? smallest / m->p_norm : 0;
  }
  m->has_max_margin_acyclic = has_acyclic_;
  if (m->has_max_margin_acyclic) {
    m->cosine_to_max_margin_acyclic = Cosine(w.p, p_mm_acyclic_);
    m->selection_accuracy_acyclic =
        MeasureSelection(acyclic_corpus_, acyclic_sets_, scalars.attention).accuracy;
    m->acyclic_reviews = report_.acyclic_reviews;
    m->u_score_max_margin_acyclic = Finite(u_acyclic_.u_score);
    m->signed_score_max_margin_acyclic = Finite(u_acyclic_.signed_score);
  }
}

MaxMarginScores MaxMarginJob::ScoresOfTokens(const RunView& run) const {
  MaxMarginScores scores;
  if (!Current(run)) return scores;
  const RowMatrixXf& E = run.weights().E;
  scores.all = TokenScoresOf(E, p_mm_);
  if (has_acyclic_) scores.acyclic = TokenScoresOf(E, p_mm_acyclic_);
  return scores;
}

}  // namespace clslab
