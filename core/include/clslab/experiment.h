// Experiment: the one object a front end holds (the wasm worker, the CLI). It owns the
// dataset, the trainer and the analysis, and answers in plain value structs, so that the
// bindings only marshal. It never throws: failures come back as Status or in the structs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/config.h"
#include "clslab/limits.h"
#include "clslab/status.h"
#include "clslab/text_formats.h"

namespace clslab {

struct Dataset;
struct Weights;

struct DatasetSummary {
  std::string source_name;
  std::string format;                     // detected format, e.g. "label<TAB>text"
  std::vector<std::string> columns;       // header or column names, when any
  std::string text_column, label_column;  // what was used
  int64_t parsed_rows = 0;
  int64_t dropped = 0;                    // rows dropped while parsing or as empty
  std::vector<std::string> drop_reasons;  // "12 rows: 3-star rating (neutral)"
  int32_t train_reviews = 0, test_reviews = 0;
  int32_t train_positive = 0, train_negative = 0;
  int32_t vocab_size = 0;  // including <unk>
  int64_t train_tokens = 0;
};

// What a source would load as, shown before the user confirms; computing it never touches
// the loaded dataset. `ok` false: `message` says why, and `not_utf8` tells the page to offer
// decoding as Latin-1 (ParseOptions::latin1), which would get past the failure.
struct DatasetPreview {
  bool ok = false;
  std::string message;
  bool not_utf8 = false;
  std::string source_name;
  std::string format;                     // detected or chosen, e.g. "csv"
  std::vector<std::string> columns;       // header or column names, when tabular
  std::string text_column, label_column;  // what was used
  std::string label_mapping;              // "0 = negative, 1 = positive"
  std::vector<LabeledText> rows;          // the first kPreviewRows rows, texts cut short
  int64_t parsed_rows = 0, positive = 0, negative = 0;
  int64_t dropped = 0;
  std::vector<std::string> drop_reasons;  // "12 rows: 3-star rating (neutral)"
  std::vector<std::string> warnings;      // e.g. one class only: loading will be refused
};
constexpr int kPreviewRows = 8;
constexpr size_t kPreviewTextBytes = 160;  // cut at a UTF-8 boundary, "…" appended

// Scalar metrics of the current weights. Every number is finite; a metric that does not
// apply yet has its `has_*` flag false and value 0 (the page shows "n/a", never NaN).
struct Metrics {
  int64_t step = 0;
  std::string phase;  // "initialized", "embeddings stepped", "flow on p", "joint"
  double train_loss = 0, train_accuracy = 0;
  bool has_test = false;
  double test_loss = 0, test_accuracy = 0;
  double p_norm = 0;
  // Result 1: least-squares fit of v.E_s on alpha_s over tokens that occur in train.
  double alignment_slope = 0, alignment_intercept = 0, alignment_r2 = 0;
  bool has_predicted_slope = false;  // paper protocol, after the step on E
  double predicted_slope = 0;        // (eta / 2) ||v||^2
  // Result 2: against the attention-SVM solution p_mm (after SolveMaxMargin).
  bool has_max_margin = false;
  double cosine_to_max_margin = 0;
  double normalized_margin = 0;      // min_k p.z_k / ||p||
  double max_margin_reference = 0;   // 1 / ||p_mm||
  double selection_accuracy = 0, selection_mass = 0;
  // Figure 1 summary over tokens with count >= 20.
  double u_score = 0, signed_score = 0, u_contrast = 0;
  int32_t u_tokens = 0;
  std::string checksum;  // 16 hex digits of a hash over E, p, v bytes
  bool stopped = false;  // a step would have produced a non-finite value
  std::string message;   // why it stopped, naming the setting to lower
};

// Per-token columns, V rows each, in vocabulary order (row 0 is <unk>).
struct TokenTable {
  std::vector<std::string> tokens;
  std::vector<double> count, alpha, delta;  // train statistics (THEORY.md)
  std::vector<float> value;                 // v.E_s
  std::vector<float> attention;             // p.E_s
};

// One review as the page draws it.
struct ReviewView {
  std::string text;
  std::vector<std::string> tokens;  // T, vocabulary strings (<unk> for unknown words)
  std::vector<std::string> words;   // T, the words as typed
  std::vector<float> attention;     // T, softmax weights s_t
  std::vector<uint8_t> selected;    // T, 1 when the token is in S_i (theory's choice)
  int32_t label = 0;                // +1, -1, or 0 for typed text
  double logit = 0;                 // f(X)
};

struct MaxMarginReport {
  bool solved = false;
  std::string message;
  bool acyclic = false;  // hard margin feasible when d >= V (THEORY.md)
  bool hard_margin = false;  // which problem was solved
  // Unique pairs, pairs before de-duplication, and the reviews that produced any pair.
  int64_t constraints = 0, review_constraints = 0, constraint_reviews = 0;
  int64_t constraints_in_cycles = 0, reviews_in_cycles = 0;
  std::vector<std::string> cycles;  // "great -> film -> great"
  double norm = 0, gap = 0, min_margin = 0;
  int64_t violated = 0;
  int32_t epochs = 0;
  bool converged = false;
};

class Experiment {
 public:
  // `limits` bound every load and reset (limits.h); tests pass small ones.
  explicit Experiment(const Limits& limits = Limits());
  ~Experiment();
  const Limits& limits() const;

  // Replaces the dataset only when the new one parses, builds and fits the limits; the old
  // one stays loaded otherwise. Resets training with `config`.
  Result<DatasetSummary> LoadText(std::string_view bytes, std::string_view source_name,
                                  const RunConfig& config);
  // The same with the user's parse choices (format, columns, header, stars, Latin-1);
  // options.source_name names the dataset.
  Result<DatasetSummary> LoadText(std::string_view bytes, const ParseOptions& options,
                                  const RunConfig& config);
  // rt-polarity style: one review per line, a file of positive and one of negative reviews.
  Result<DatasetSummary> LoadPairedLines(std::string_view positive_bytes,
                                         std::string_view negative_bytes,
                                         const ParseOptions& options, const RunConfig& config);
  // aclImdb style: texts already split and labelled (see ParseLabeledTexts).
  Result<DatasetSummary> LoadLabeledTexts(std::vector<LabeledText> rows,
                                          const ParseOptions& options, const RunConfig& config);
  // Parse only: what LoadText / LoadPairedLines / LoadLabeledTexts would load.
  static DatasetPreview Preview(std::string_view bytes, const ParseOptions& options);
  static DatasetPreview PreviewPairedLines(std::string_view positive_bytes,
                                           std::string_view negative_bytes,
                                           const ParseOptions& options);
  static DatasetPreview PreviewLabeledTexts(std::vector<LabeledText> rows,
                                            const ParseOptions& options);
  // The loaded rows (as parsed, before sampling and splitting) as `label<TAB>text`
  // (WriteLabelTabText); loading the result again gives the same dataset. Empty when none.
  std::string ExportLabelTabText() const;
  Result<DatasetSummary> LoadSynthetic(const RunConfig& config);
  const DatasetSummary& summary() const;
  bool has_dataset() const;

  // New weights from config.seed; keeps the dataset (pipeline settings need a reload).
  Status Reset(const RunConfig& config);
  const RunConfig& config() const;

  // Protocol-aware steps: paper = the step on E first, then the flow on p; joint = optimizer.
  Metrics Advance(int32_t steps);
  Metrics StepEmbeddings();           // paper protocol only: the one GD step on E
  Metrics StepAttention(int32_t steps);  // paper protocol only: steps of the flow on p
  Metrics CurrentMetrics();
  int64_t step() const;

  TokenTable Tokens() const;
  ReviewView Review(bool test_split, int32_t index) const;
  ReviewView ScoreText(std::string_view text) const;
  MaxMarginReport SolveMaxMargin();

  // For run files (run_file.h): the current weights (nullptr before a dataset loads), and
  // restoring weights of matching shape with their step and phase name.
  const Weights* weights() const;
  Status RestoreWeights(const Weights& weights, int64_t step, std::string_view phase);

 private:
  // Takes a built dataset (all checks passed) and resets training on it.
  Result<DatasetSummary> Adopt(Dataset&& dataset, DatasetSummary summary, const RunConfig& config,
                               std::vector<LabeledText> rows);
  // Builds parsed rows with config's pipeline and adopts them (the common tail of the loads).
  Result<DatasetSummary> LoadParsed(Result<ParsedReviews> parsed, const std::string& source_name,
                                    const RunConfig& config);
  // The limits that the config alone decides (d), then those that the rows decide
  // (reviews after sampling): checked before tokenizing allocates anything.
  Status CheckBeforeBuild(int64_t rows, const RunConfig& config) const;
  // The parse options with max_bytes at most the input limit.
  ParseOptions Bounded(const ParseOptions& options) const;

  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace clslab
