// Embind bindings: marshal only. Strings and typed arrays in, plain JS objects and copied
// typed arrays out (never heap views: memory growth would detach them). No loops over
// data beyond copying, no defaults, no policy: all of that lives in core/. Errors come
// back as { ok: false, message } because C++ exceptions reach JS as bare pointers.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/run_file.h"
#include "dataset_marshal.h"

namespace {

using clslab::RunConfig;
using emscripten::val;

template <typename T>
val TypedArray(const std::vector<T>& data) {
  // A view for the copy only; slice() copies before anything can grow the heap.
  return val(emscripten::typed_memory_view(data.size(), data.data())).call<val>("slice");
}

val Strings(const std::vector<std::string>& items) {
  val array = val::array();
  for (const std::string& item : items) array.call<void>("push", item);
  return array;
}

val StatusObject(bool ok, const std::string& message) {
  val object = val::object();
  object.set("ok", ok);
  object.set("message", message);
  return object;
}

const char* KindName(clslab::FieldKind kind) {
  switch (kind) {
    case clslab::FieldKind::kNumber: return "number";
    case clslab::FieldKind::kInteger: return "integer";
    case clslab::FieldKind::kBoolean: return "boolean";
    case clslab::FieldKind::kChoice: return "choice";
    case clslab::FieldKind::kText: return "text";
  }
  return "text";
}

val SettingFields() {
  val fields = val::array();
  for (const clslab::SettingField& f : clslab::SettingFields()) {
    val field = val::object();
    field.set("key", f.key);
    field.set("label", f.label);
    field.set("group", f.group);
    field.set("kind", std::string(KindName(f.kind)));
    field.set("min", f.min);
    field.set("max", f.max);
    field.set("logScale", f.log_scale);
    field.set("choices", Strings(f.choices));
    field.set("help", f.help);
    field.set("defaultText", f.default_text);
    fields.call<void>("push", field);
  }
  return fields;
}

std::string DefaultConfigJson() { return clslab::ConfigToJson(RunConfig()); }

val ValidateConfig(const std::string& json) {
  const clslab::Result<RunConfig> parsed = clslab::ConfigFromJson(json);
  val result = StatusObject(parsed.ok(), parsed.status.message());
  result.set("configJson", parsed.ok() ? clslab::ConfigToJson(parsed.value) : std::string());
  return result;
}

std::string EncodeShareLink(const std::string& json) {
  const clslab::Result<RunConfig> parsed = clslab::ConfigFromJson(json);
  return parsed.ok() ? clslab::EncodeShareLink(parsed.value) : std::string();
}

val DecodeShareLink(const std::string& hash) {
  const clslab::DecodedShareLink decoded = clslab::DecodeShareLink(hash);
  val result = val::object();
  result.set("configJson", clslab::ConfigToJson(decoded.config));
  result.set("warnings", Strings(decoded.warnings));
  return result;
}

val SummaryObject(const clslab::Result<clslab::DatasetSummary>& r) {
  const clslab::DatasetSummary& s = r.value;
  val o = StatusObject(r.ok(), r.status.message());
  o.set("sourceName", s.source_name);
  o.set("format", s.format);
  o.set("columns", Strings(s.columns));
  o.set("textColumn", s.text_column);
  o.set("labelColumn", s.label_column);
  o.set("parsedRows", static_cast<double>(s.parsed_rows));
  o.set("dropped", static_cast<double>(s.dropped));
  o.set("dropReasons", Strings(s.drop_reasons));
  o.set("trainReviews", s.train_reviews);
  o.set("testReviews", s.test_reviews);
  o.set("trainPositive", s.train_positive);
  o.set("trainNegative", s.train_negative);
  o.set("vocabSize", s.vocab_size);
  o.set("trainTokens", static_cast<double>(s.train_tokens));
  return o;
}

val MetricsObject(const clslab::Metrics& m) {
  val o = val::object();
  o.set("step", static_cast<double>(m.step));
  o.set("phase", m.phase);
  o.set("trainLoss", m.train_loss);
  o.set("trainAccuracy", m.train_accuracy);
  o.set("hasTest", m.has_test);
  o.set("testLoss", m.test_loss);
  o.set("testAccuracy", m.test_accuracy);
  o.set("pNorm", m.p_norm);
  o.set("alignmentSlope", m.alignment_slope);
  o.set("alignmentIntercept", m.alignment_intercept);
  o.set("alignmentR2", m.alignment_r2);
  o.set("hasPredictedSlope", m.has_predicted_slope);
  o.set("predictedSlope", m.predicted_slope);
  o.set("hasMaxMargin", m.has_max_margin);
  o.set("cosineToMaxMargin", m.cosine_to_max_margin);
  o.set("normalizedMargin", m.normalized_margin);
  o.set("maxMarginReference", m.max_margin_reference);
  o.set("selectionAccuracy", m.selection_accuracy);
  o.set("selectionMass", m.selection_mass);
  o.set("uScore", m.u_score);
  o.set("signedScore", m.signed_score);
  o.set("uContrast", m.u_contrast);
  o.set("uTokens", m.u_tokens);
  o.set("checksum", m.checksum);
  o.set("stopped", m.stopped);
  o.set("message", m.message);
  return o;
}

val ReviewObject(const clslab::ReviewView& r) {
  val o = val::object();
  o.set("text", r.text);
  o.set("tokens", Strings(r.tokens));
  o.set("words", Strings(r.words));
  o.set("attention", TypedArray(r.attention));
  o.set("selected", TypedArray(r.selected));
  o.set("label", r.label);
  o.set("logit", r.logit);
  return o;
}

val ReadRun(const std::string& json) {
  const clslab::Result<clslab::RunFile> run = clslab::ReadRunFile(json);
  val o = StatusObject(run.ok(), run.status.message());
  o.set("configJson", run.ok() ? clslab::ConfigToJson(run.value.config) : std::string());
  o.set("sourceName", run.value.source_name);
  o.set("datasetText", run.value.dataset_text);
  o.set("step", static_cast<double>(run.value.step));
  o.set("checksum", run.value.checksum);
  return o;
}

// {maxReviews, maxTokens, maxVocabulary, maxWidth, maxWeights, maxInputBytes} <-> Limits.
val LimitsObject(const clslab::Limits& l) {
  val o = val::object();
  o.set("maxReviews", static_cast<double>(l.max_reviews));
  o.set("maxTokens", static_cast<double>(l.max_tokens));
  o.set("maxVocabulary", static_cast<double>(l.max_vocabulary));
  o.set("maxWidth", static_cast<double>(l.max_width));
  o.set("maxWeights", static_cast<double>(l.max_weights));
  o.set("maxInputBytes", static_cast<double>(l.max_input_bytes));
  return o;
}

clslab::Limits LimitsFrom(const val& o) {
  clslab::Limits l;
  l.max_reviews = static_cast<int64_t>(o["maxReviews"].as<double>());
  l.max_tokens = static_cast<int64_t>(o["maxTokens"].as<double>());
  l.max_vocabulary = static_cast<int64_t>(o["maxVocabulary"].as<double>());
  l.max_width = static_cast<int64_t>(o["maxWidth"].as<double>());
  l.max_weights = static_cast<int64_t>(o["maxWeights"].as<double>());
  l.max_input_bytes = static_cast<int64_t>(o["maxInputBytes"].as<double>());
  return l;
}

val DefaultLimits() { return LimitsObject(clslab::Limits()); }

// The one long-lived object per worker: an Experiment with string/bytes adapters.
class Lab {
 public:
  Lab() = default;
  // Other limits than the defaults: fault-injection tests lift them to reach a real
  // out-of-memory abort.
  explicit Lab(const val& limits) : experiment_(LimitsFrom(limits)) {}
  val Limits() const { return LimitsObject(experiment_.limits()); }
  // Bytes arrive as std::string: Embind copies a Uint8Array into it in one memcpy.
  val LoadText(const std::string& bytes, const std::string& source_name, const std::string& json) {
    const clslab::Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok()) return SummaryObject(clslab::Result<clslab::DatasetSummary>::Failure(config.status.message()));
    return SummaryObject(experiment_.LoadText(bytes, source_name, config.value));
  }
  // The dataset loads with the user's parse choices: each returns a summary or {ok: false}.
  val LoadTextWithOptions(const std::string& bytes, const val& choice, const std::string& json) {
    return WithOptions(choice, json, [&](const clslab::ParseOptions& o, const RunConfig& c) {
      return experiment_.LoadText(bytes, o, c);
    });
  }
  val LoadPairedLines(const std::string& positive, const std::string& negative, const val& choice,
                      const std::string& json) {
    return WithOptions(choice, json, [&](const clslab::ParseOptions& o, const RunConfig& c) {
      return experiment_.LoadPairedLines(positive, negative, o, c);
    });
  }
  val LoadLabeledTexts(const val& texts, const val& labels, const val& choice,
                       const std::string& json) {
    return WithOptions(choice, json, [&](const clslab::ParseOptions& o, const RunConfig& c) {
      return experiment_.LoadLabeledTexts(dataset_marshal::LabeledTextsFrom(texts, labels), o, c);
    });
  }
  std::string ExportLabelTabText() const { return experiment_.ExportLabelTabText(); }
  val LoadSynthetic(const std::string& json) {
    const clslab::Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok()) return SummaryObject(clslab::Result<clslab::DatasetSummary>::Failure(config.status.message()));
    return SummaryObject(experiment_.LoadSynthetic(config.value));
  }
  bool HasDataset() const { return experiment_.has_dataset(); }
  val Reset(const std::string& json) {
    const clslab::Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok()) return ValidateConfig(json);
    const clslab::Status status = experiment_.Reset(config.value);
    val result = StatusObject(status.ok(), status.message());
    result.set("configJson", status.ok() ? clslab::ConfigToJson(config.value) : std::string());
    return result;
  }
  val Advance(int steps) { return MetricsObject(experiment_.Advance(steps)); }
  val StepEmbeddings() { return MetricsObject(experiment_.StepEmbeddings()); }
  val StepAttention(int steps) { return MetricsObject(experiment_.StepAttention(steps)); }
  val Metrics() { return MetricsObject(experiment_.CurrentMetrics()); }
  double Step() const { return static_cast<double>(experiment_.step()); }
  val Tokens() const {
    const clslab::TokenTable t = experiment_.Tokens();
    val o = val::object();
    o.set("tokens", Strings(t.tokens));
    o.set("count", TypedArray(t.count));
    o.set("alpha", TypedArray(t.alpha));
    o.set("delta", TypedArray(t.delta));
    o.set("value", TypedArray(t.value));
    o.set("attention", TypedArray(t.attention));
    return o;
  }
  val Review(bool test_split, int index) const {
    return ReviewObject(experiment_.Review(test_split, index));
  }
  val ScoreText(const std::string& text) const { return ReviewObject(experiment_.ScoreText(text)); }
  std::string ExportRun(const std::string& dataset_text) {
    return clslab::WriteRunFile(experiment_, dataset_text);
  }
  val RestoreRun(const std::string& json) {
    const clslab::Result<clslab::RunFile> run = clslab::ReadRunFile(json);
    if (!run.ok()) return StatusObject(false, run.status.message());
    const clslab::Status status = clslab::RestoreRunFile(&experiment_, run.value);
    return StatusObject(status.ok(), status.message());
  }
  val SolveMaxMargin() {
    const clslab::MaxMarginReport r = experiment_.SolveMaxMargin();
    val o = val::object();
    o.set("solved", r.solved);
    o.set("message", r.message);
    o.set("acyclic", r.acyclic);
    o.set("hardMargin", r.hard_margin);
    o.set("constraints", static_cast<double>(r.constraints));
    o.set("reviewConstraints", static_cast<double>(r.review_constraints));
    o.set("constraintsInCycles", static_cast<double>(r.constraints_in_cycles));
    o.set("reviewsInCycles", static_cast<double>(r.reviews_in_cycles));
    o.set("cycles", Strings(r.cycles));
    o.set("norm", r.norm);
    o.set("gap", r.gap);
    o.set("minMargin", r.min_margin);
    o.set("violated", static_cast<double>(r.violated));
    o.set("epochs", r.epochs);
    o.set("converged", r.converged);
    return o;
  }

 private:
  template <typename Load>
  val WithOptions(const val& choice, const std::string& json, Load load) {
    using Failure = clslab::Result<clslab::DatasetSummary>;
    const clslab::Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok()) return SummaryObject(Failure::Failure(config.status.message()));
    clslab::ParseOptions options;
    std::string error;
    if (!dataset_marshal::ParseOptionsFrom(choice, &options, &error)) {
      return SummaryObject(Failure::Failure(error));
    }
    return SummaryObject(load(options, config.value));
  }

  clslab::Experiment experiment_;
};

// Previews parse only (static in core): they never touch a Lab's dataset.
val PreviewText(const std::string& bytes, const val& choice) {
  clslab::ParseOptions options;
  std::string error;
  if (!dataset_marshal::ParseOptionsFrom(choice, &options, &error)) {
    return dataset_marshal::PreviewFailure(error);
  }
  return dataset_marshal::PreviewObject(clslab::Experiment::Preview(bytes, options));
}

val PreviewPairedLines(const std::string& positive, const std::string& negative,
                       const val& choice) {
  clslab::ParseOptions options;
  std::string error;
  if (!dataset_marshal::ParseOptionsFrom(choice, &options, &error)) {
    return dataset_marshal::PreviewFailure(error);
  }
  return dataset_marshal::PreviewObject(
      clslab::Experiment::PreviewPairedLines(positive, negative, options));
}

val PreviewLabeledTexts(const val& texts, const val& labels, const val& choice) {
  clslab::ParseOptions options;
  std::string error;
  if (!dataset_marshal::ParseOptionsFrom(choice, &options, &error)) {
    return dataset_marshal::PreviewFailure(error);
  }
  return dataset_marshal::PreviewObject(clslab::Experiment::PreviewLabeledTexts(
      dataset_marshal::LabeledTextsFrom(texts, labels), options));
}

double MaxInputBytes() { return static_cast<double>(clslab::ParseOptions().max_bytes); }

}  // namespace

EMSCRIPTEN_BINDINGS(clslab) {
  emscripten::function("settingFields", &SettingFields);
  emscripten::function("defaultConfigJson", &DefaultConfigJson);
  emscripten::function("validateConfig", &ValidateConfig);
  emscripten::function("encodeShareLink", &EncodeShareLink);
  emscripten::function("decodeShareLink", &DecodeShareLink);
  emscripten::function("readRun", &ReadRun);
  emscripten::function("previewText", &PreviewText);
  emscripten::function("previewPairedLines", &PreviewPairedLines);
  emscripten::function("previewLabeledTexts", &PreviewLabeledTexts);
  emscripten::function("maxInputBytes", &MaxInputBytes);
  emscripten::function("limits", &DefaultLimits);
  emscripten::class_<Lab>("Lab")
      .constructor<>()
      .constructor<const val&>()
      .function("limits", &Lab::Limits)
      .function("loadText", &Lab::LoadText)
      .function("loadTextWithOptions", &Lab::LoadTextWithOptions)
      .function("loadPairedLines", &Lab::LoadPairedLines)
      .function("loadLabeledTexts", &Lab::LoadLabeledTexts)
      .function("exportLabelTabText", &Lab::ExportLabelTabText)
      .function("loadSynthetic", &Lab::LoadSynthetic)
      .function("hasDataset", &Lab::HasDataset)
      .function("reset", &Lab::Reset)
      .function("advance", &Lab::Advance)
      .function("stepEmbeddings", &Lab::StepEmbeddings)
      .function("stepAttention", &Lab::StepAttention)
      .function("metrics", &Lab::Metrics)
      .function("step", &Lab::Step)
      .function("tokens", &Lab::Tokens)
      .function("review", &Lab::Review)
      .function("scoreText", &Lab::ScoreText)
      .function("solveMaxMargin", &Lab::SolveMaxMargin)
      .function("exportRun", &Lab::ExportRun)
      .function("restoreRun", &Lab::RestoreRun);
}
