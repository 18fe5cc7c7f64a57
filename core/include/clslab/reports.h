// The plain structs the Experiment answers with, and their one description. Each struct
// that crosses a boundary (to the CLI's JSON, the run file, the wasm bindings) has a
// Describe(struct, visitor) right under it that names every field once, in snake_case:
// json_report.h turns a description into JSON, wasm/marshal.h into a JS object with
// camelCase keys. A field added to a struct is added to its Describe, and nowhere else.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clslab/findings.h"          // Finding: what core says, as data
#include "clslab/run_plan.h"          // RunPlan: what the run does next, with each step
#include "clslab/selection_report.h"  // SelectionReport: the Result 2 panel's tokens
#include "clslab/text_formats.h"

namespace clslab {

struct DatasetSummary {
  std::string source_name;
  std::string format;                     // detected format, e.g. "label<TAB>text"
  std::vector<std::string> columns;       // header or column names, when any
  std::string text_column, label_column;  // what was used
  std::string content_hash;               // ContentHash of the source bytes ("" for synthetic)
  int64_t parsed_rows = 0;
  int64_t dropped = 0;  // rows dropped while parsing or as empty
  // Why, in the catalog's words: data-dropped {rows, reason} per reason.
  std::vector<Finding> drop_reasons;
  int32_t train_reviews = 0, test_reviews = 0;
  int32_t train_positive = 0, train_negative = 0;
  int32_t vocab_size = 0;  // including <unk>
  int64_t train_tokens = 0;
};

template <typename Visitor>
void Describe(const DatasetSummary& s, Visitor& v) {
  v("source_name", s.source_name);
  v("format", s.format);
  v("columns", s.columns);
  v("text_column", s.text_column);
  v("label_column", s.label_column);
  v("content_hash", s.content_hash);
  v("parsed_rows", s.parsed_rows);
  v("dropped", s.dropped);
  v("drop_reasons", s.drop_reasons);
  v("train_reviews", s.train_reviews);
  v("test_reviews", s.test_reviews);
  v("train_positive", s.train_positive);
  v("train_negative", s.train_negative);
  v("vocab_size", s.vocab_size);
  v("train_tokens", s.train_tokens);
}

template <typename Visitor>
void Describe(const LabeledText& row, Visitor& v) {
  v("text", row.text);
  v("label", row.label);
}

// What a source would load as, shown before the user confirms; computing it never touches
// the loaded dataset. `ok` false: `message` says why, and `not_utf8` tells the page to offer
// decoding as Latin-1 (ParseOptions::latin1), which would get past the failure.
struct DatasetPreview {
  bool ok = false;
  std::string message;
  bool not_utf8 = false;
  std::string source_name;
  std::string format;                     // detected or chosen, e.g. "csv"
  Finding encoding;                       // data-encoding: UTF-8, or what was converted
  std::vector<std::string> columns;       // header or column names, when tabular
  std::string text_column, label_column;  // what was used
  Finding label_mapping;                  // data-labels: "0 = negative, 1 = positive"
  std::vector<LabeledText> rows;          // the first kPreviewRows rows, texts cut short
  int64_t parsed_rows = 0, positive = 0, negative = 0;
  int64_t dropped = 0;
  std::vector<Finding> drop_reasons;  // data-dropped {rows, reason} per reason
  std::vector<Finding> warnings;      // data-one-class: loading will be refused
};
constexpr int kPreviewRows = 8;
constexpr size_t kPreviewTextBytes = 160;  // cut at a UTF-8 boundary, "…" appended

template <typename Visitor>
void Describe(const DatasetPreview& p, Visitor& v) {
  v("ok", p.ok);
  v("message", p.message);
  v("not_utf8", p.not_utf8);
  v("source_name", p.source_name);
  v("format", p.format);
  v("encoding", p.encoding);
  v("columns", p.columns);
  v("text_column", p.text_column);
  v("label_column", p.label_column);
  v("label_mapping", p.label_mapping);
  v("rows", p.rows);
  v("parsed_rows", p.parsed_rows);
  v("positive", p.positive);
  v("negative", p.negative);
  v("dropped", p.dropped);
  v("drop_reasons", p.drop_reasons);
  v("warnings", p.warnings);
}

// Scalar metrics of the current weights. Every number is finite; a metric that does not
// apply yet has its `has_*` flag false and value 0 (the page shows "n/a", never NaN).
struct Metrics {
  int64_t step = 0;
  // By its one name (enums.h) in the JSON, the run files and at the wasm boundary; the page
  // says it with the catalog's phase-<name>, and no rule reads a display string.
  Phase phase = Phase::kInitialized;
  double train_loss = 0, train_accuracy = 0;
  bool has_test = false;
  double test_loss = 0, test_accuracy = 0;
  int32_t train_reviews = 0;  // n, the training reviews loaded
  // The n reviews with a token in the vocabulary: loss, accuracy and selection are over
  // these (an empty review has nothing to attend to; drop_unknown can empty a review).
  int32_t scored_reviews = 0;
  double p_norm = 0;
  // Result 1: least-squares fit of v.E_s on alpha_s over tokens that occur in train.
  double alignment_slope = 0, alignment_intercept = 0, alignment_r2 = 0;
  bool has_predicted_slope = false;  // paper protocol, after the step on E
  double predicted_slope = 0;        // (eta / 2) ||v||^2
  // Result 2: against the attention-SVM solution p_mm (after SolveMaxMargin).
  bool has_max_margin = false;
  double cosine_to_max_margin = 0;
  // 1 - cos(p, p_mm) computed without cancellation (||p/||p|| - p_mm/||p_mm|| ||^2 / 2 in
  // double: OneMinusCosine), so its digits survive where cos(p, p_mm) reads 0.99999999: the
  // rate of Result 2's directional convergence on log axes (THEORY.md).
  double one_minus_cosine_to_max_margin = 0;
  double normalized_margin = 0;     // min_k p.z_k / ||p||
  double max_margin_reference = 0;  // 1 / ||p_mm||
  double selection_accuracy = 0, selection_mass = 0;
  // A label-free baseline for the selection: the share of the same reviews whose token of
  // largest |v.E_s| (first position on ties) lies in S_i. Attention that beats it has
  // learned more than "attend to the most polarized value".
  double baseline_selection_accuracy = 0;
  // Result 2 over the acyclic reviews (those whose constraints are not on cycles: all of
  // them when the attention-SVM is feasible), against p_mm solved on them alone; the
  // selection accuracy is measured over the same reviews. MaxMarginReport says how many.
  bool has_max_margin_acyclic = false;
  double cosine_to_max_margin_acyclic = 0;
  double selection_accuracy_acyclic = 0;
  int64_t acyclic_reviews = 0;  // how many reviews those are (with has_max_margin_acyclic)
  // Result 2 over all reviews, against the attention-SVM of the flow's own selection
  // (local_svm.h; Experiment::ContinueLocalSvm), once p != 0 under the paper protocol.
  // local_selection_*: shares of the non-empty training reviews whose top token(s) of
  // p.E_s now are one token (strict) and lie in the theory's S_i (s_star; the same as
  // selection_accuracy when every argmax is strict).
  bool has_local_selection = false;
  double local_selection_s_star = 0, local_selection_strict = 0;
  // has_local_svm: a solution p_local exists for this E; local_svm_step is the step whose
  // selection it solved, local_selection_current whether the selection is still that one.
  bool has_local_svm = false;
  int64_t local_svm_step = 0;
  bool local_selection_current = false;
  double cosine_to_local_svm = 0;
  double local_normalized_margin = 0;  // min over its constraints of p.z_k / ||p||
  double local_svm_reference = 0;      // 1 / ||p_local||
  // The user cancelled this step's run-end solve of p_local (Experiment::Cancel): no
  // p_local of the selection at this step exists, and nothing is claimed about it. A share
  // link does not carry it (it is not part of the weights): a replay solves it again.
  bool local_svm_cancelled = false;
  // Test accuracy right after the paper protocol's step on E (before the flow on p).
  bool has_test_after_step_on_e = false;
  double test_accuracy_after_step_on_e = 0;
  // Figure 1 summary over tokens with count >= 20.
  double u_score = 0, signed_score = 0, u_contrast = 0;
  int32_t u_tokens = 0;
  // The theory's prediction for Figure 1: the same summary of p_mm.E_s (with
  // has_max_margin), and of the acyclic reviews' p_mm.E_s (with has_max_margin_acyclic).
  double u_score_max_margin = 0, signed_score_max_margin = 0;
  double u_score_max_margin_acyclic = 0, signed_score_max_margin_acyclic = 0;
  std::string checksum;  // 16 hex digits of a hash over the step and the E, p, v bytes
};

template <typename Visitor>
void Describe(const Metrics& m, Visitor& v) {
  v("step", m.step);
  v("phase", m.phase);
  v("train_loss", m.train_loss);
  v("train_accuracy", m.train_accuracy);
  v("has_test", m.has_test);
  v("test_loss", m.test_loss);
  v("test_accuracy", m.test_accuracy);
  v("train_reviews", m.train_reviews);
  v("scored_reviews", m.scored_reviews);
  v("p_norm", m.p_norm);
  v("alignment_slope", m.alignment_slope);
  v("alignment_intercept", m.alignment_intercept);
  v("alignment_r2", m.alignment_r2);
  v("has_predicted_slope", m.has_predicted_slope);
  v("predicted_slope", m.predicted_slope);
  v("has_max_margin", m.has_max_margin);
  v("cosine_to_max_margin", m.cosine_to_max_margin);
  v("one_minus_cosine_to_max_margin", m.one_minus_cosine_to_max_margin);
  v("normalized_margin", m.normalized_margin);
  v("max_margin_reference", m.max_margin_reference);
  v("selection_accuracy", m.selection_accuracy);
  v("selection_mass", m.selection_mass);
  v("baseline_selection_accuracy", m.baseline_selection_accuracy);
  v("has_max_margin_acyclic", m.has_max_margin_acyclic);
  v("cosine_to_max_margin_acyclic", m.cosine_to_max_margin_acyclic);
  v("selection_accuracy_acyclic", m.selection_accuracy_acyclic);
  v("acyclic_reviews", m.acyclic_reviews);
  v("has_local_selection", m.has_local_selection);
  v("local_selection_s_star", m.local_selection_s_star);
  v("local_selection_strict", m.local_selection_strict);
  v("has_local_svm", m.has_local_svm);
  v("local_svm_step", m.local_svm_step);
  v("local_selection_current", m.local_selection_current);
  v("cosine_to_local_svm", m.cosine_to_local_svm);
  v("local_normalized_margin", m.local_normalized_margin);
  v("local_svm_reference", m.local_svm_reference);
  v("local_svm_cancelled", m.local_svm_cancelled);
  v("has_test_after_step_on_e", m.has_test_after_step_on_e);
  v("test_accuracy_after_step_on_e", m.test_accuracy_after_step_on_e);
  v("u_score", m.u_score);
  v("signed_score", m.signed_score);
  v("u_contrast", m.u_contrast);
  v("u_tokens", m.u_tokens);
  v("u_score_max_margin", m.u_score_max_margin);
  v("signed_score_max_margin", m.signed_score_max_margin);
  v("u_score_max_margin_acyclic", m.u_score_max_margin_acyclic);
  v("signed_score_max_margin_acyclic", m.signed_score_max_margin_acyclic);
  v("checksum", m.checksum);
}

// What a call that trains reports: how far it got, and why it stopped early if it did.
// Cheap (no metrics): the front end asks for Metrics at the rate it can show them.
struct StepReport {
  int64_t step = 0;       // the step reached
  int32_t taken = 0;      // steps this call completed
  double train_loss = 0;  // at the start of the last step taken (0 when none was)
  // A step was refused (it would have diverged or left the weights non-finite), or the
  // call did not apply (a paper-protocol step under the joint protocol): `message` says
  // which, naming the setting to change.
  bool refused = false;
  std::string message;
  RunPlan plan;  // what the run does next, after this call (Experiment::Plan)
};

template <typename Visitor>
void Describe(const StepReport& r, Visitor& v) {
  v("step", r.step);
  v("taken", r.taken);
  v("train_loss", r.train_loss);
  v("refused", r.refused);
  v("message", r.message);
  v("plan", r.plan);
}

// Per-token columns, V rows each, in vocabulary order (row 0 is <unk>).
struct TokenTable {
  std::vector<std::string> tokens;
  std::vector<double> count, alpha, delta;  // train statistics (THEORY.md)
  std::vector<float> value;                 // v.E_s
  std::vector<float> attention;             // p.E_s
  // The theory's prediction, p_mm.E_s, while the attention-SVM solution is current (empty
  // otherwise): over all reviews, and over the acyclic reviews (MaxMarginReport).
  std::vector<float> max_margin_attention;
  std::vector<float> max_margin_attention_acyclic;
};

template <typename Visitor>
void Describe(const TokenTable& t, Visitor& v) {
  v("tokens", t.tokens);
  v("count", t.count);
  v("alpha", t.alpha);
  v("delta", t.delta);
  v("value", t.value);
  v("attention", t.attention);
  v("max_margin_attention", t.max_margin_attention);
  v("max_margin_attention_acyclic", t.max_margin_attention_acyclic);
}

// The per-token columns that change with the weights (TokenTable's last two), for a front
// end that already holds the fixed statistics: O(V d) to compute, no strings to copy.
struct TokenScores {
  std::vector<float> value;      // V, v.E_s
  std::vector<float> attention;  // V, p.E_s
};

template <typename Visitor>
void Describe(const TokenScores& t, Visitor& v) {
  v("value", t.value);
  v("attention", t.attention);
}

// TokenTable's two p_mm columns alone (empty while no solution is current), for a front end
// that wants them right after a solve: O(V d), no strings or statistics to copy.
struct MaxMarginScores {
  std::vector<float> all;      // V, p_mm.E_s over all reviews
  std::vector<float> acyclic;  // V, over the acyclic reviews (empty without that solution)
};

template <typename Visitor>
void Describe(const MaxMarginScores& t, Visitor& v) {
  v("all", t.all);
  v("acyclic", t.acyclic);
}

// One review as the page draws it.
struct ReviewView {
  std::string text;
  std::vector<std::string> tokens;  // T, vocabulary strings (<unk> for unknown words)
  std::vector<std::string> words;   // T, the words as typed
  // tokens[t] is "" for a word the model does not see (drop_unknown): its attention is 0.
  std::vector<float> attention;   // T, softmax weights s_t
  std::vector<uint8_t> selected;  // T, 1 when the token is in S_i (theory's choice)
  int32_t label = 0;              // +1, -1, or 0 for typed text
  double logit = 0;               // f(X) = sum_t s_t b_t
  // The computation f is made of, position by position (0 for a dropped word):
  std::vector<float> score;  // T, a_t = p.E_{x_t}; s = softmax(a) over the model's tokens
  std::vector<float> value;  // T, b_t = v.E_{x_t}
  int32_t prediction = 0;    // sign of f: +1 or -1 (0 when the review has no token)
  // The theory's token against the model's: `chosen` is the position of s* (the first of
  // S_i, the largest y b_t with y the label, or the prediction for typed text),
  // `attended` the position of the largest s_t; -1 when the review has no token.
  int32_t chosen = -1;
  int32_t attended = -1;
  // Why the attended token is not in S_i, as a finding with the numbers (code "" when it
  // is): review-spread or review-disagrees (ReviewClaimHolds checks its claim).
  Finding disagreement;
  // For a page that shows a long review's largest weights first: each position's share
  // s_t b_t of f; `order` the model's positions (dropped words left out) by s_t, largest
  // first (earlier position on ties); rest_attention[k] and rest_contribution[k] the sums
  // of s_t and of s_t b_t over order[k..], so the first k drawn leave those to "the rest"
  // (n + 1 entries each, n = order's size: rest_*[n] = 0, rest_attention[0] = 1 up to
  // rounding, rest_contribution[0] = f). selected_attention is the sum of s_t over S_i.
  std::vector<float> contribution;        // T, s_t b_t (0 for a dropped word)
  std::vector<int32_t> order;             // n <= T positions
  std::vector<double> rest_attention;     // n + 1
  std::vector<double> rest_contribution;  // n + 1
  double selected_attention = 0;
};

template <typename Visitor>
void Describe(const ReviewView& r, Visitor& v) {
  v("text", r.text);
  v("tokens", r.tokens);
  v("words", r.words);
  v("attention", r.attention);
  v("selected", r.selected);
  v("label", r.label);
  v("logit", r.logit);
  v("score", r.score);
  v("value", r.value);
  v("prediction", r.prediction);
  v("chosen", r.chosen);
  v("attended", r.attended);
  v("disagreement", r.disagreement);
  v("contribution", r.contribution);
  v("order", r.order);
  v("rest_attention", r.rest_attention);
  v("rest_contribution", r.rest_contribution);
  v("selected_attention", r.selected_attention);
}

struct MaxMarginReport {
  bool solved = false;
  std::string message;
  bool acyclic = false;              // hard margin feasible when d >= V (THEORY.md)
  bool hard_margin = false;          // which problem was solved
  int64_t constraints = 0;           // unique (winner, loser) pairs
  int64_t constraint_instances = 0;  // pairs counted once per review that produced them
  int64_t reviews = 0;               // non-empty training reviews that produced constraints
  int64_t constraints_in_cycles = 0, reviews_in_cycles = 0;
  std::vector<std::string> cycles;  // "great -> film -> great"
  // The must-beat graph's strongly connected components of two or more tokens, the largest
  // one's size, its most selected words (at most kComponentWords), and the reviews with an
  // s* in it: no p selects s* in all of them (max_margin.h CycleReport).
  int32_t cyclic_components = 0;
  int32_t largest_component_size = 0;
  std::vector<std::string> largest_component_words;
  int64_t largest_component_reviews = 0;
  double norm = 0, gap = 0, min_margin = 0;
  int64_t violated = 0;
  int32_t epochs = 0;
  bool converged = false;
  // The problem again over the acyclic reviews: the non-empty reviews none of whose
  // constraints is on a cycle (all of them when `acyclic`). With d >= V its hard margin is
  // feasible; `acyclic_hard_margin` says whether that is what was solved.
  int64_t acyclic_reviews = 0;
  int64_t acyclic_constraints = 0;
  bool acyclic_solved = false;
  bool acyclic_hard_margin = false;
  double acyclic_norm = 0;
  int64_t acyclic_violated = 0;
};

template <typename Visitor>
void Describe(const MaxMarginReport& r, Visitor& v) {
  v("solved", r.solved);
  v("message", r.message);
  v("acyclic", r.acyclic);
  v("hard_margin", r.hard_margin);
  v("constraints", r.constraints);
  v("constraint_instances", r.constraint_instances);
  v("reviews", r.reviews);
  v("constraints_in_cycles", r.constraints_in_cycles);
  v("reviews_in_cycles", r.reviews_in_cycles);
  v("cycles", r.cycles);
  v("cyclic_components", r.cyclic_components);
  v("largest_component_size", r.largest_component_size);
  v("largest_component_words", r.largest_component_words);
  v("largest_component_reviews", r.largest_component_reviews);
  v("norm", r.norm);
  v("gap", r.gap);
  v("min_margin", r.min_margin);
  v("violated", r.violated);
  v("epochs", r.epochs);
  v("converged", r.converged);
  v("acyclic_reviews", r.acyclic_reviews);
  v("acyclic_constraints", r.acyclic_constraints);
  v("acyclic_solved", r.acyclic_solved);
  v("acyclic_hard_margin", r.acyclic_hard_margin);
  v("acyclic_norm", r.acyclic_norm);
  v("acyclic_violated", r.acyclic_violated);
}

constexpr size_t kComponentWords = 8;

// The attention-SVM of the flow's own selection (local_svm.h): the last solve that
// finished. Hard margin, so `norm` is ||p_local|| and 1 / norm its margin.
struct LocalSvmReport {
  bool solved = false;
  std::string message;      // why not, or what was solved
  int64_t step = 0;         // the step whose selection it solved
  int64_t constraints = 0;  // unique (selected, other token of the review) pairs
  int32_t reviews = 0;      // non-empty training reviews (all of them)
  int32_t strict_reviews = 0, s_star_reviews = 0;  // FlowSelection's counts at that step
  double norm = 0, gap = 0;
  int32_t epochs = 0;
  int64_t updates = 0;
  bool converged = false;
  bool warm_start = false;  // started from the previous selection's weights
  int32_t solves = 0;       // solves finished in this run so far
};

template <typename Visitor>
void Describe(const LocalSvmReport& r, Visitor& v) {
  v("solved", r.solved);
  v("message", r.message);
  v("step", r.step);
  v("constraints", r.constraints);
  v("reviews", r.reviews);
  v("strict_reviews", r.strict_reviews);
  v("s_star_reviews", r.s_star_reviews);
  v("norm", r.norm);
  v("gap", r.gap);
  v("epochs", r.epochs);
  v("updates", r.updates);
  v("converged", r.converged);
  v("warm_start", r.warm_start);
  v("solves", r.solves);
}

// Where a sliced attention-SVM solve stands (Experiment::StartMaxMargin/ContinueMaxMargin).
// Part 1 solves over all reviews; part 2, when the constraints have cycles, over the
// acyclic reviews. `epochs` and `gap` are the running solver's (max_margin.h SvmProgress).
struct MaxMarginProgress {
  bool active = false;  // a solve is under way (false once done, failed or abandoned)
  bool done = false;    // finished: Experiment::max_margin_report() holds its report
  std::string message;  // why nothing is under way, when neither active nor done
  int32_t part = 0, parts = 0;
  SolveStage stage = SolveStage::kNone;  // what is being solved (a name the catalog words)
  int32_t epochs = 0;
  double gap = 0;        // relative duality gap at the last certificate (0 before the first)
  double tolerance = 0;  // the gap at which the running part stops (converged)
  int64_t updates = 0;
  // The running part's constraints: K, and how many the solver still sweeps (the rest are
  // shrunk away: at their bound, checked again at each certificate).
  int64_t constraints = 0;
  int64_t active_constraints = 0;
  // p_local: the step whose selection is being solved (0 for p_mm).
  int64_t step = 0;
  // How far the solve is, in [0, 1], for a progress bar: the parts done, and within the
  // running part its gap on a log scale from 1 down to the solve's stopping gap.
  double estimate = 0;
};

template <typename Visitor>
void Describe(const MaxMarginProgress& r, Visitor& v) {
  v("active", r.active);
  v("done", r.done);
  v("message", r.message);
  v("part", r.part);
  v("parts", r.parts);
  v("stage", r.stage);
  v("epochs", r.epochs);
  v("gap", r.gap);
  v("tolerance", r.tolerance);
  v("updates", r.updates);
  v("constraints", r.constraints);
  v("active_constraints", r.active_constraints);
  v("step", r.step);
  v("estimate", r.estimate);
}

}  // namespace clslab
