// Embind bindings: marshal only. Strings and typed arrays in, plain JS objects and copied
// typed arrays out (never heap views: memory growth would detach them). No loops over
// data beyond copying, no defaults, no policy: all of that lives in core/. Errors come
// back as { ok: false, message } because C++ exceptions reach JS as bare pointers.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "clslab/activity.h"
#include "clslab/config.h"
#include "clslab/dataset_source.h"
#include "clslab/experiment.h"
#include "clslab/model.h"
#include "clslab/run_file.h"
#include "clslab/run_plan.h"
#include "marshal.h"

namespace {

using clslab::Result;
using clslab::RunConfig;
using emscripten::val;
using namespace marshal;

val SettingFields() {
  val fields = val::array();
  for (const clslab::SettingField& f : clslab::SettingFields()) {
    fields.call<void>("push", ToVal(f));
  }
  return fields;
}

std::string DefaultConfigJson() { return clslab::ConfigToJson(RunConfig()); }

// {ok, message, configJson}: the normalized config when ok.
val ConfigObject(const Result<RunConfig>& config) {
  val result = StatusObject(config.ok(), config.status.message());
  result.set("configJson", config.ok() ? clslab::ConfigToJson(config.value) : std::string());
  return result;
}

val ValidateConfig(const std::string& json) { return ConfigObject(clslab::ConfigFromJson(json)); }

// {ok, message, value}: the link, or null when the config does not parse.
val EncodeShareLink(const std::string& json) {
  const Result<std::string> link = clslab::EncodeShareLinkJson(json);
  val result = StatusObject(link.ok(), link.status.message());
  result.set("value", link.ok() ? val(link.value) : val::null());
  return result;
}

val DecodedLinkObject(const clslab::DecodedShareLink& decoded) {
  val result = val::object();
  result.set("configJson", clslab::ConfigToJson(decoded.config));
  result.set("warnings", Strings(decoded.warnings));
  return result;
}

val DecodeShareLink(const std::string& hash) {
  return DecodedLinkObject(clslab::DecodeShareLink(hash));
}

// The link's settings with its data settings at their defaults (core decides); no warning
// when there is nothing to go back on, or when the settings do not parse (then the defaults).
val WithDefaultDataSettings(const std::string& json, const std::string& refusal) {
  const Result<RunConfig> config = clslab::ConfigFromJson(json);
  if (!config.ok()) return DecodedLinkObject({clslab::RunConfig(), {}});
  return DecodedLinkObject(clslab::WithDefaultDataSettings(config.value, refusal));
}

// {ok, message, value}: the effect's name, or null when either config does not parse.
val EffectOfChange(const std::string& before, const std::string& after) {
  const Result<clslab::SettingEffect> effect = clslab::EffectOfChangeJson(before, after);
  val result = StatusObject(effect.ok(), effect.status.message());
  result.set("value",
             effect.ok() ? val(std::string(clslab::SettingEffectName(effect.value))) : val::null());
  return result;
}

val WithSource(const std::string& json, const std::string& kind, const std::string& name,
               const val& choice, double seed, double rows) {
  const Result<RunConfig> config = clslab::ConfigFromJson(json);
  if (!config.ok()) return ConfigObject(config);
  clslab::ParseOptions options;
  std::string error;
  if (!ParseOptionsFrom(choice, &options, &error)) {
    return ConfigObject(Result<RunConfig>::Failure(error));
  }
  return ConfigObject(clslab::WithSource(config.value, kind, name, options,
                                         static_cast<uint32_t>(seed), static_cast<int32_t>(rows)));
}

val ReadRun(const std::string& json) {
  const Result<clslab::RunFile> run = clslab::ReadRunFile(json);
  val o = StatusObject(run.ok(), run.status.message());
  o.set("configJson", run.ok() ? clslab::ConfigToJson(run.value.config) : std::string());
  o.set("sourceName", run.value.source_name);
  o.set("storesRows", !run.value.stored_rows.empty());
  o.set("step", static_cast<double>(run.value.step));
  o.set("checksum", run.value.checksum);
  return o;
}

val Preview(const val& source, const val& choice) {
  clslab::ParseOptions options;
  std::string error;
  if (!ParseOptionsFrom(choice, &options, &error)) {
    clslab::DatasetPreview failed;
    failed.message = error;
    return ToVal(failed);
  }
  std::vector<std::string> storage;
  return ToVal(clslab::Experiment::Preview(SourceFrom(source, &storage), options));
}

std::string ContentHash(const val& source) {
  std::vector<std::string> storage;
  return clslab::ContentHash(SourceFrom(source, &storage));
}

// The plan of a run with these settings and no data loaded yet: what data it needs.
val PlanFor(const std::string& json) {
  const Result<RunConfig> config = clslab::ConfigFromJson(json);
  return ResultObject(config.ok() ? Result<clslab::RunPlan>::Success(
                                        clslab::PlanRun(config.value, clslab::RunState()))
                                  : Result<clslab::RunPlan>::Failure(config.status.message()));
}

val CheckReplayStep(double step) {
  const clslab::Status status = clslab::CheckReplayStep(step);
  return StatusObject(status.ok(), status.message());
}

// Each enum that crosses the boundary, by its names in core's table (enums.h EnumNames):
// the values the page receives and sends. tests/wasm/contract.test.ts compares them with the
// .d.ts's unions.
template <typename E>
val NamesOf() {
  val names = val::array();
  for (const clslab::EnumName<E>& entry : clslab::EnumNames(E{})) {
    names.call<void>("push", std::string(entry.name));
  }
  return names;
}

val EnumNameLists() {
  val lists = val::object();
  lists.set("protocol", NamesOf<clslab::Protocol>());
  lists.set("phase", NamesOf<clslab::Phase>());
  lists.set("dueSolve", NamesOf<clslab::DueSolve>());
  lists.set("runItem", NamesOf<clslab::RunItem>());
  lists.set("sourceKind", NamesOf<clslab::SourceKind>());
  lists.set("workStop", NamesOf<clslab::WorkStop>());
  lists.set("stepKind", NamesOf<clslab::StepKind>());
  lists.set("solveStage", NamesOf<clslab::SolveStage>());
  return lists;
}

// Core's lists, by name: the page offers and compares these, never its own copies.
val TextFormats() {
  val names = val::array();
  for (clslab::TextFormat format : clslab::TextFormats())
    names.call<void>("push", std::string(clslab::TextFormatName(format)));
  return names;
}

val SourceKinds() {
  val kinds = val::array();
  for (clslab::SourceKind kind : clslab::SourceKinds()) {
    val entry = val::object();
    entry.set("name", std::string(clslab::SourceKindName(kind)));
    entry.set("userData", clslab::IsUserData(kind));
    kinds.call<void>("push", entry);
  }
  return kinds;
}

// A source's parse choices before the user changes any: core's ParseOptions defaults.
val DefaultParseChoice(const std::string& source_name) {
  clslab::ParseOptions options;
  options.source_name = source_name;
  return ParseChoiceObject(options);
}

val MetricFields() { return FieldNames<clslab::Metrics>(); }

// The activity's question names, in core's table order (activity.h).
val QuestionNames() {
  val names = val::array();
  for (const clslab::QuestionSpec& spec : clslab::QuestionSpecs())
    names.call<void>("push", std::string(spec.name));
  return names;
}

val DefaultLimits() { return LimitsObject(clslab::Limits()); }
double MaxInputBytes() { return static_cast<double>(clslab::ParseOptions().max_bytes); }

// {ok, message}: whether a run file of `bytes` is within the default limits (limits.h).
val CheckRunFileBytes(double bytes, const std::string& name) {
  const clslab::Status status =
      clslab::CheckRunFileBytes(clslab::Limits(), static_cast<int64_t>(bytes), name);
  return StatusObject(status.ok(), status.message());
}

// The one long-lived object per worker: an Experiment with string/bytes adapters.
class Lab {
 public:
  Lab() = default;
  // Other limits than the defaults: fault-injection tests lift them to reach a real
  // out-of-memory abort.
  explicit Lab(const val& limits) : experiment_(LimitsFrom(limits)) {}
  val Limits() const { return LimitsObject(experiment_.limits()); }

  // Each load answers {ok, message, value: summary | null, configJson}: the settings as
  // loaded, with the source's identity recorded.
  val Load(const val& source, const std::string& json) {
    const Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok())
      return Loaded(Result<clslab::DatasetSummary>::Failure(config.status.message()));
    std::vector<std::string> storage;
    return Loaded(experiment_.Load(SourceFrom(source, &storage), config.value));
  }
  val LoadSynthetic(const std::string& json) {
    const Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok())
      return Loaded(Result<clslab::DatasetSummary>::Failure(config.status.message()));
    return Loaded(experiment_.LoadSynthetic(config.value));
  }
  val Configure(const std::string& json) {
    const Result<RunConfig> config = clslab::ConfigFromJson(json);
    if (!config.ok()) return StatusObject(false, config.status.message());
    const Result<clslab::SettingEffect> applied = experiment_.Configure(config.value);
    val result = StatusObject(applied.ok(), applied.status.message());
    result.set("effect", applied.ok() ? std::string(clslab::SettingEffectName(applied.value))
                                      : std::string());
    result.set("configJson", ConfigJson());
    return result;
  }
  val Reset() {
    const clslab::Status status = experiment_.Reset();
    return StatusObject(status.ok(), status.message());
  }
  std::string ConfigJson() const { return clslab::ConfigToJson(experiment_.config()); }
  bool HasDataset() const { return experiment_.has_dataset(); }
  val Summary() const { return ToVal(experiment_.summary()); }
  // What the page holds: the model's weights (core Weights::count, bytes; 0 before data)
  // and the wasm heap as it is now (the module's memory buffer, which never shrinks).
  val Memory() const {
    const clslab::Weights* weights = experiment_.weights();
    val o = val::object();
    o.set("vocabSize", weights == nullptr ? 0 : weights->vocab_size());
    o.set("width", weights == nullptr ? 0 : weights->width());
    o.set("weights", static_cast<double>(weights == nullptr ? 0 : weights->count()));
    o.set("modelBytes", static_cast<double>(weights == nullptr ? 0 : weights->bytes()));
    o.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
    return o;
  }
  std::string ExportLabelTabText() const { return experiment_.ExportLabelTabText(); }

  val Plan() const { return ToVal(experiment_.Plan()); }
  // The run's loop (work.h): `order` is a WorkOrder with camelCase keys.
  val Work(const val& order) {
    std::string error;
    const clslab::WorkOrder read = marshal::FromVal<clslab::WorkOrder>(order, &error);
    if (!error.empty()) {
      clslab::WorkReport refused;
      refused.stopped = clslab::WorkStop::kRefused;
      refused.steps.refused = true;
      refused.steps.message = error;
      refused.plan = experiment_.Plan();
      return ToVal(refused);
    }
    return ToVal(experiment_.Work(read));
  }
  std::string Cancel() { return clslab::EnumKey(experiment_.Cancel()); }
  void RequestMaxMargin() { experiment_.RequestMaxMargin(); }
  double Step() const { return static_cast<double>(experiment_.step()); }

  val Metrics() const { return ToVal(experiment_.CurrentMetrics()); }
  val Tokens() const { return ToVal(experiment_.Tokens()); }
  val Scores() const { return ToVal(experiment_.Scores()); }
  val MaxMarginScores() const { return ToVal(experiment_.MaxMarginScoresOfTokens()); }
  val Review(bool test_split, int index) const {
    return ToVal(experiment_.Review(test_split, index));
  }
  val ScoreText(const std::string& text) const { return ToVal(experiment_.ScoreText(text)); }
  val LastMaxMarginReport() const { return ToVal(experiment_.max_margin_report()); }
  val LocalSvmReport() const { return ToVal(experiment_.local_svm_report()); }
  val Selection() const { return ToVal(experiment_.Selection()); }
  val Recipes() const {
    val recipes = val::array();
    for (const clslab::Recipe& recipe : experiment_.Recipes()) {
      recipes.call<void>("push", ToVal(recipe));
    }
    return recipes;
  }
  val Explain() const { return ToVal(experiment_.Explain()); }
  // {ok, message, value: ActivityReport | null} (activity.h).
  val Activity(const std::string& value, const std::string& state) const {
    return ResultObject(clslab::EvaluateActivity(experiment_, value, state));
  }
  val CommitActivity(const std::string& value, const std::string& state,
                     const std::string& responses) const {
    return ResultObject(clslab::CommitActivity(experiment_, value, state, responses));
  }

  std::string ExportRun() const { return clslab::WriteRunFile(experiment_); }
  // `source`: the bytes of a built-in dataset the run names, or null.
  val ApplyRun(const std::string& json, const val& source) {
    const Result<clslab::RunFile> run = clslab::ReadRunFile(json);
    if (!run.ok()) return StatusObject(false, run.status.message());
    std::vector<std::string> storage;
    clslab::SourceBytes bytes;
    const bool given = !source.isNull() && !source.isUndefined();
    if (given) bytes = SourceFrom(source, &storage);
    const clslab::Status status =
        clslab::ApplyRunFile(&experiment_, run.value, given ? &bytes : nullptr);
    return StatusObject(status.ok(), status.message());
  }

 private:
  val Loaded(const Result<clslab::DatasetSummary>& summary) {
    val result = ResultObject(summary);
    result.set("configJson", ConfigJson());
    return result;
  }

  clslab::Experiment experiment_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(clslab) {
  emscripten::function("enumNames", &EnumNameLists);
  emscripten::function("planFor", &PlanFor);
  emscripten::function("checkReplayStep", &CheckReplayStep);
  emscripten::function("settingFields", &SettingFields);
  emscripten::function("defaultConfigJson", &DefaultConfigJson);
  emscripten::function("validateConfig", &ValidateConfig);
  emscripten::function("encodeShareLink", &EncodeShareLink);
  emscripten::function("decodeShareLink", &DecodeShareLink);
  emscripten::function("withDefaultDataSettings", &WithDefaultDataSettings);
  emscripten::function("effectOfChange", &EffectOfChange);
  emscripten::function("withSource", &WithSource);
  emscripten::function("readRun", &ReadRun);
  emscripten::function("preview", &Preview);
  emscripten::function("contentHash", &ContentHash);
  emscripten::function("maxInputBytes", &MaxInputBytes);
  emscripten::function("checkRunFileBytes", &CheckRunFileBytes);
  emscripten::function("limits", &DefaultLimits);
  emscripten::function("textFormats", &TextFormats);
  emscripten::function("sourceKinds", &SourceKinds);
  emscripten::function("defaultParseChoice", &DefaultParseChoice);
  emscripten::function("metricFields", &MetricFields);
  emscripten::function("questionNames", &QuestionNames);
  emscripten::class_<Lab>("Lab")
      .constructor<>()
      .constructor<const val&>()
      .function("limits", &Lab::Limits)
      .function("load", &Lab::Load)
      .function("loadSynthetic", &Lab::LoadSynthetic)
      .function("configure", &Lab::Configure)
      .function("reset", &Lab::Reset)
      .function("configJson", &Lab::ConfigJson)
      .function("hasDataset", &Lab::HasDataset)
      .function("summary", &Lab::Summary)
      .function("memory", &Lab::Memory)
      .function("exportLabelTabText", &Lab::ExportLabelTabText)
      .function("plan", &Lab::Plan)
      .function("work", &Lab::Work)
      .function("cancel", &Lab::Cancel)
      .function("requestMaxMargin", &Lab::RequestMaxMargin)
      .function("step", &Lab::Step)
      .function("metrics", &Lab::Metrics)
      .function("tokens", &Lab::Tokens)
      .function("scores", &Lab::Scores)
      .function("maxMarginScores", &Lab::MaxMarginScores)
      .function("review", &Lab::Review)
      .function("scoreText", &Lab::ScoreText)
      .function("maxMarginReport", &Lab::LastMaxMarginReport)
      .function("localSvmReport", &Lab::LocalSvmReport)
      .function("selection", &Lab::Selection)
      .function("recipes", &Lab::Recipes)
      .function("explain", &Lab::Explain)
      .function("activity", &Lab::Activity)
      .function("commitActivity", &Lab::CommitActivity)
      .function("exportRun", &Lab::ExportRun)
      .function("applyRun", &Lab::ApplyRun);
}
