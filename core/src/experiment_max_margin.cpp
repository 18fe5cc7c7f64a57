// Experiment, the attention-SVM of Result 2: its constraints from the current selected
// sets, the cycles that make it infeasible on real reviews, its solution p_mm over all
// reviews, and again over the acyclic reviews (acyclic_reviews.h), where the theory still
// predicts the flow's direction. Each solution's token scores are summarized as Figure 1's
// U-score, the theory's prediction for that panel.
// Legend: n train reviews, V vocabulary, d width, K constraints.
#include "clslab/acyclic_reviews.h"
#include "clslab/experiment.h"
#include "experiment_state.h"

namespace clslab {
namespace {

// The hard margin when the constraints have no cycle (necessary; with d >= V also
// sufficient), else the soft margin. A hard-margin run that stops at max_epochs still
// counts when its point satisfies every constraint: it is feasible, with a norm within its
// reported gap of the optimum (measured: gap 0.0012 against the 0.001 asked, on the
// built-in movie reviews), and much closer to p_mm than the soft margin at C = 1. One that
// violates some (d < V got in the way) falls back. *hard tells which one was solved.
Result<SvmSolution> Solve(const RowMatrixXf& E, const MarginConstraints& constraints, bool acyclic,
                          SvmOptions options, bool* hard) {
  Result<SvmSolution> solution = Result<SvmSolution>::Failure("not attempted");
  *hard = false;
  if (acyclic) {
    options.hard_margin = true;
    solution = SolveAttentionSvm(E, constraints, options);
    *hard = solution.ok() && (solution.value.converged || solution.value.violated == 0);
  }
  if (*hard) return solution;
  options.hard_margin = false;
  return SolveAttentionSvm(E, constraints, options);
}

// Figure 1's summary of the token scores a direction q gives: q.E_s for every s.
UShape UShapeOf(const RowMatrixXf& E, const Eigen::VectorXf& q, const TokenStatistics& stats) {
  const Eigen::VectorXf scores = E * q;  // V
  return ComputeUShape(std::vector<float>(scores.data(), scores.data() + scores.size()), stats);
}

}  // namespace

std::vector<uint8_t> AcyclicReviewFlags(const Corpus& train, const SelectedSets& sets,
                                        const MarginConstraints& constraints) {
  // Without a cycle every flag of ReviewsOnCycles is 0, so one path serves both cases.
  std::vector<uint8_t> flags = ReviewsOnCycles(constraints, train, sets, train.vocab_size);
  for (int32_t i = 0; i < train.NumReviews(); ++i) flags[i] = !flags[i] && train.Length(i) > 0;
  return flags;
}

MaxMarginReport Experiment::SolveMaxMargin() {
  state_->Touch();
  MaxMarginReport report;
  if (!state_->trainer) {
    report.message = "no dataset is loaded";
    return report;
  }
  State& st = *state_;
  if (st.trainer->phase() == Phase::kInitialized) {
    report.message = "take the step on E first: the selected tokens come from E(1)";
    return report;
  }
  st.ForgetMaxMargin();
  const Weights& w = st.trainer->weights();
  const Corpus& train = st.dataset.train;
  const TokenScalars scalars = ComputeTokenScalars(w);
  const SelectedSets sets = ComputeSelectedSets(train, scalars.value);
  st.constraints = BuildConstraints(train, sets);
  report.constraints = st.constraints.size();
  report.constraint_instances = st.constraints.review_constraints;
  report.reviews = st.constraints.constraint_reviews;
  const CycleReport cycles = FindCycles(st.constraints, train, sets, w.vocab_size());
  report.acyclic = cycles.acyclic;
  report.constraints_in_cycles = cycles.constraints_in_cycles;
  report.reviews_in_cycles = cycles.reviews_in_cycles;
  for (const std::vector<int32_t>& cycle : cycles.example_cycles) {
    std::string text;
    for (int32_t id : cycle) text += (text.empty() ? "" : " -> ") + st.dataset.vocab.Token(id);
    if (!cycle.empty()) text += " -> " + st.dataset.vocab.Token(cycle.front());
    report.cycles.push_back(text);
  }
  SvmOptions options;
  options.C = st.config.svm_c;
  options.seed = st.config.seed;
  options.tolerance = 1e-3;
  const Result<SvmSolution> solution =
      Solve(w.E, st.constraints, cycles.acyclic, options, &report.hard_margin);
  if (!solution.ok()) {
    report.message = solution.status.message();
    return report;
  }
  const SvmSolution& svm = solution.value;
  report.solved = true;
  report.norm = Finite(svm.norm);
  report.gap = Finite(svm.gap);
  report.min_margin = Finite(svm.min_margin);
  report.violated = svm.violated;
  report.epochs = svm.epochs;
  report.converged = svm.converged;
  report.message = report.hard_margin ? "hard margin: every review can select its tokens"
                                      : "soft margin (C = " + GetSetting(st.config, "svm_c") +
                                            "): the hard-margin problem is infeasible";
  st.p_mm = svm.p;
  st.u_max_margin = UShapeOf(w.E, st.p_mm, st.statistics);

  // The acyclic reviews: drop every review with a pair on a cycle (and empty reviews, which
  // select nothing); what is left has no cycle, so with d >= V its hard margin is feasible.
  const std::vector<uint8_t> keep = AcyclicReviewFlags(train, sets, st.constraints);  // n
  for (uint8_t flag : keep) report.acyclic_reviews += flag;
  st.acyclic_corpus = KeepReviews(train, keep);
  st.acyclic_sets = KeepSets(sets, keep);
  if (cycles.acyclic) {
    st.p_mm_acyclic = st.p_mm;
    report.acyclic_constraints = report.constraints;
    report.acyclic_hard_margin = report.hard_margin;
    report.acyclic_norm = report.norm;
    report.acyclic_violated = report.violated;
  } else {
    const MarginConstraints restricted = BuildConstraints(st.acyclic_corpus, st.acyclic_sets);
    report.acyclic_constraints = restricted.size();
    const Result<SvmSolution> acyclic =
        Solve(w.E, restricted, true, options, &report.acyclic_hard_margin);
    if (acyclic.ok()) {
      st.p_mm_acyclic = acyclic.value.p;
      report.acyclic_norm = Finite(acyclic.value.norm);
      report.acyclic_violated = acyclic.value.violated;
    }
  }
  report.acyclic_solved = report.acyclic_norm > 0;
  if (report.acyclic_solved) {
    st.u_max_margin_acyclic = UShapeOf(w.E, st.p_mm_acyclic, st.statistics);
  }
  st.has_max_margin = true;
  st.has_max_margin_acyclic = report.acyclic_solved;
  st.solved_at_step = st.EmbeddingVersion();
  st.max_margin_report = report;
  return report;
}

bool Experiment::max_margin_current() const {
  return state_->trainer && state_->MaxMarginIsCurrent();
}

}  // namespace clslab
