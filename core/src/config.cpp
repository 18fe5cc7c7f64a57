// Everything derived from the settings table (config_fields.cpp) but the share link
// (share_link.cpp): text get/set, what a change does, whole-config validation, the strict
// JSON config of the CLI, the page and the run file, and the trainer's options.
#include "clslab/config.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config_fields.h"
#include "json_limits.h"
#include "text_util.h"

namespace clslab {

using config_internal::Binding;
using config_internal::Bindings;
using config_internal::DefaultsOfVersion;
using config_internal::Find;
using config_internal::kConfigVersion;
using config_internal::OlderArithmeticNote;
using config_internal::SetFromText;
using config_internal::ShortestText;
using config_internal::TextOf;

const std::vector<std::string>& BuiltinDatasets() {
  // twins first: the default, generated so that Result 2's hypotheses hold (its README).
  static const std::vector<std::string> names = {"twins", "movies", "restaurants"};
  return names;
}

const std::vector<SourceKind>& SourceKinds() {
  static const std::vector<SourceKind> kinds = [] {
    std::vector<SourceKind> list;
    for (const EnumName<SourceKind>& entry : EnumNames(SourceKind{})) list.push_back(entry.value);
    return list;
  }();
  return kinds;
}

const char* SourceKindName(SourceKind kind) { return EnumKey(kind); }

bool IsUserData(SourceKind kind) {
  return kind == SourceKind::kFile || kind == SourceKind::kUrl || kind == SourceKind::kPreset;
}

SourceKind SourceKindOf(const RunConfig& config) {
  for (SourceKind kind : SourceKinds()) {
    if (kind != SourceKind::kBuiltin && config.dataset == SourceKindName(kind)) return kind;
  }
  return SourceKind::kBuiltin;
}

TrainerOptions TrainerOptionsFrom(const RunConfig& config) {
  TrainerOptions options;
  options.protocol = config.protocol;
  options.width = config.width;
  options.sigma = config.sigma;
  options.seed = config.seed;
  options.eta = config.eta;
  options.flow_step = config.flow_step;
  options.flow_rate = config.flow_rate;
  options.optimizer = config.optimizer;
  options.learning_rate = config.learning_rate;
  options.batch_size = config.batch_size;
  options.train_v = config.train_v;
  return options;
}

const std::vector<SettingField>& SettingFields() {
  static const std::vector<SettingField> fields = [] {
    std::vector<SettingField> out;
    for (const Binding& b : Bindings()) out.push_back(b.field);
    return out;
  }();
  return fields;
}

const char* FieldKindName(FieldKind kind) {
  switch (kind) {
    case FieldKind::kNumber:
      return "number";
    case FieldKind::kInteger:
      return "integer";
    case FieldKind::kBoolean:
      return "boolean";
    case FieldKind::kChoice:
      return "choice";
    case FieldKind::kText:
      return "text";
  }
  return "text";
}

const char* SettingEffectName(SettingEffect effect) {
  switch (effect) {
    case SettingEffect::kSource:
      return "source";
    case SettingEffect::kPipeline:
      return "pipeline";
    case SettingEffect::kWeights:
      return "weights";
    case SettingEffect::kSolver:
      return "solver";
    case SettingEffect::kRunLength:
      return "run-length";
  }
  return "weights";
}

std::string GetSetting(const RunConfig& config, std::string_view key) {
  const Binding* binding = Find(key);
  return binding ? TextOf(*binding, config) : std::string();
}

Status SetSetting(RunConfig* config, std::string_view key, std::string_view text) {
  const Binding* binding = Find(key);
  if (!binding) return Status::Error("unknown setting " + QuoteForMessage(key));
  return SetFromText(*binding, config, text);
}

std::vector<std::string> ChangedSettings(const RunConfig& before, const RunConfig& after) {
  std::vector<std::string> changed;
  for (const Binding& b : Bindings()) {
    if (TextOf(b, before) != TextOf(b, after)) changed.push_back(b.field.key);
  }
  return changed;
}

SettingEffect EffectOfChange(const RunConfig& before, const RunConfig& after) {
  // The generator's settings only matter to synthetic data.
  const bool synthetic = SourceKindOf(after) == SourceKind::kSynthetic;
  SettingEffect effect = SettingEffect::kRunLength;
  for (const Binding& b : Bindings()) {
    if (b.field.group == "synthetic" && !synthetic) continue;
    if (TextOf(b, before) == TextOf(b, after)) continue;
    // Enumerators are ordered from the most drastic effect (kSource) down.
    if (static_cast<int>(b.field.effect) < static_cast<int>(effect)) effect = b.field.effect;
  }
  return effect;
}

namespace {

bool IsHash(const std::string& text) {
  if (text.size() != 16) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// The dataset's identity is consistent: only user data has a source, and a source says
// what it is. An empty hash is a source not loaded yet (the load records it).
Status ValidateSource(const RunConfig& config) {
  const RunConfig defaults;
  const SourceKind kind = SourceKindOf(config);
  if (kind == SourceKind::kBuiltin || kind == SourceKind::kSynthetic) {
    for (const Binding& b : Bindings()) {
      if (b.field.group == "source" && TextOf(b, config) != TextOf(b, defaults)) {
        return Status::Error(b.field.key + ": only a file, URL or preset dataset has a " +
                             "source (dataset is " + config.dataset + ")");
      }
    }
    return Status::Ok();
  }
  if (config.source_name.empty()) {
    return Status::Error("source_name: a " + config.dataset + " dataset must name its source");
  }
  if (!config.source_hash.empty() && !IsHash(config.source_hash)) {
    return Status::Error("source_hash: expected 16 lower-case hex digits, got " +
                         QuoteForMessage(config.source_hash));
  }
  // https only: the page's Content-Security-Policy allows no other download, so an http:
  // link could only offer a download that never comes.
  if (kind == SourceKind::kUrl && config.source_name.rfind("https://", 0) != 0) {
    return Status::Error(
        "source_name: a URL dataset needs an https:// URL (no other download "
        "is allowed), got " +
        QuoteForMessage(config.source_name));
  }
  if (kind == SourceKind::kPreset && config.source_rows < 1) {
    return Status::Error("source_rows: a preset sample needs the number of rows it drew");
  }
  return Status::Ok();
}

}  // namespace

Result<SettingEffect> EffectOfChangeJson(std::string_view before, std::string_view after) {
  const Result<RunConfig> a = ConfigFromJson(before);
  if (!a.ok()) return Result<SettingEffect>::Failure("the run's settings: " + a.status.message());
  const Result<RunConfig> b = ConfigFromJson(after);
  if (!b.ok()) return Result<SettingEffect>::Failure("the new settings: " + b.status.message());
  return Result<SettingEffect>::Success(EffectOfChange(a.value, b.value));
}

Status ValidateConfig(const RunConfig& config) {
  for (const Binding& b : Bindings()) {
    RunConfig copy = config;
    const Status status = SetFromText(b, &copy, TextOf(b, config));
    if (!status.ok()) return status;
  }
  const Status source = ValidateSource(config);
  if (!source.ok()) return source;
  if (config.protocol == Protocol::kPaper && config.eta <= 0) {
    return Status::Error("eta: the paper protocol needs a positive step on E");
  }
  return Status::Ok();
}

std::string ConfigToJson(const RunConfig& config) {
  nlohmann::ordered_json json;
  json["version"] = kConfigVersion;
  for (const Binding& b : Bindings()) {
    const std::string text = TextOf(b, config);
    switch (b.field.kind) {
      case FieldKind::kNumber:
      case FieldKind::kInteger:
        json[b.field.key] = std::strtod(text.c_str(), nullptr);
        break;
      case FieldKind::kBoolean:
        json[b.field.key] = text == "true";
        break;
      case FieldKind::kChoice:
      case FieldKind::kText:
        json[b.field.key] = text;
        break;
    }
  }
  return json.dump(2);
}

Result<RunConfig> ConfigFromJson(std::string_view text) {
  using R = Result<RunConfig>;
  const Status shallow = CheckJsonDepth(text, "the config");
  if (!shallow.ok()) return R::Failure(shallow.message());
  // JSON allows a key twice and keeps the last: a config that says sigma twice is refused.
  std::string repeated;
  const nlohmann::json json = ParseJsonKeysOnce(text, &repeated);
  if (json.is_discarded()) return R::Failure("the config is not valid JSON");
  if (!repeated.empty()) {
    return R::Failure(QuoteForMessage(repeated) + " is given twice in the config; give it once");
  }
  if (!json.is_object()) return R::Failure("the config must be a JSON object");
  // The keys left out take the defaults of the config's version.
  int version = kConfigVersion;
  if (json.contains("version")) {
    const nlohmann::json& value = json["version"];
    if (!value.is_number_integer() || value.get<int64_t>() < 1 ||
        value.get<int64_t>() > kConfigVersion) {
      return R::Failure("version: this build reads config versions 1 to " +
                        std::to_string(kConfigVersion));
    }
    version = static_cast<int>(value.get<int64_t>());
  }
  RunConfig config = DefaultsOfVersion(version);
  for (const auto& [key, value] : json.items()) {
    if (key == "version") continue;
    const Binding* binding = Find(key);
    if (!binding) return R::Failure("unknown setting " + QuoteForMessage(key));
    std::string as_text;
    const FieldKind kind = binding->field.kind;
    if ((kind == FieldKind::kNumber || kind == FieldKind::kInteger) && value.is_number()) {
      as_text = ShortestText(value.get<double>());
    } else if (kind == FieldKind::kBoolean && value.is_boolean()) {
      as_text = value.get<bool>() ? "true" : "false";
    } else if ((kind == FieldKind::kChoice || kind == FieldKind::kText) && value.is_string()) {
      as_text = value.get<std::string>();
    } else if ((kind == FieldKind::kNumber || kind == FieldKind::kInteger) && value.is_string() &&
               value.get<std::string>().empty()) {
      // An empty number field: said as a missing number, not as a wrong type.
      return R::Failure(SetFromText(*binding, &config, "").message());
    } else {
      return R::Failure(key + ": wrong type (" + value.type_name() + ")");
    }
    const Status status = SetFromText(*binding, &config, as_text);
    if (!status.ok()) return R::Failure(status.message());
  }
  const Status status = ValidateConfig(config);
  if (!status.ok()) return R::Failure(status.message());
  return R::Success(config);
}

std::string ConfigReplayNote(std::string_view text) {
  if (!CheckJsonDepth(text, "the config").ok()) return "";
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object() || !json.contains("version")) return "";
  const nlohmann::json& version = json["version"];
  if (!version.is_number_integer() || version.get<int64_t>() < 1 ||
      version.get<int64_t>() > kConfigVersion) {
    return "";
  }
  return OlderArithmeticNote(static_cast<int>(version.get<int64_t>()), "config");
}

}  // namespace clslab
