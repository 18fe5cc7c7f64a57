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
#include "marshal.h"

namespace {

using clslab::RunConfig;
using emscripten::val;
using namespace marshal;

const char* KindName(clslab::FieldKind kind) {
  switch (kind) {
    case clslab::FieldKind::kNumber:
      return "number";
    case clslab::FieldKind::kInteger:
      return "integer";
    case clslab::FieldKind::kBoolean:
      return "boolean";
    case clslab::FieldKind::kChoice:
      return "choice";
    case clslab::FieldKind::kText:
      return "text";
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
    if (!config.ok())
      return SummaryObject(
          clslab::Result<clslab::DatasetSummary>::Failure(config.status.message()));
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
      return experiment_.LoadLabeledTexts(LabeledTextsFrom(texts, labels), o, c);
    });
  }
  std::string ExportLabelTabText() const { return experiment_.ExportLabelTabText(); }
  val LoadSynthetic(const std::string& json) {
    const clslab::Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok())
      return SummaryObject(
          clslab::Result<clslab::DatasetSummary>::Failure(config.status.message()));
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
    o.set("constraintReviews", static_cast<double>(r.constraint_reviews));
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
    if (!ParseOptionsFrom(choice, &options, &error)) {
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
  if (!ParseOptionsFrom(choice, &options, &error)) {
    return PreviewFailure(error);
  }
  return PreviewObject(clslab::Experiment::Preview(bytes, options));
}

val PreviewPairedLines(const std::string& positive, const std::string& negative,
                       const val& choice) {
  clslab::ParseOptions options;
  std::string error;
  if (!ParseOptionsFrom(choice, &options, &error)) {
    return PreviewFailure(error);
  }
  return PreviewObject(clslab::Experiment::PreviewPairedLines(positive, negative, options));
}

val PreviewLabeledTexts(const val& texts, const val& labels, const val& choice) {
  clslab::ParseOptions options;
  std::string error;
  if (!ParseOptionsFrom(choice, &options, &error)) {
    return PreviewFailure(error);
  }
  return PreviewObject(
      clslab::Experiment::PreviewLabeledTexts(LabeledTextsFrom(texts, labels), options));
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
