// The settings table and everything derived from it: text get/set with validation, the
// strict JSON config of the CLI and the page, and the lenient share-link codec.
#include "clslab/config.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <variant>

namespace clslab {
namespace {

using Member = std::variant<double RunConfig::*, int32_t RunConfig::*, uint32_t RunConfig::*,
                            bool RunConfig::*, std::string RunConfig::*, Protocol RunConfig::*,
                            FlowStep RunConfig::*, OptimizerKind RunConfig::*>;

struct Binding {
  SettingField field;
  Member member;
};

constexpr int kConfigVersion = 1;
constexpr size_t kMaxShareLinkBytes = 4096;  // a hash longer than this is not ours
constexpr size_t kMaxValueBytes = 64;

SettingField Number(std::string key, std::string label, std::string group, double min,
                    double max, bool log_scale, std::string help) {
  SettingField f;
  f.key = std::move(key), f.label = std::move(label), f.group = std::move(group);
  f.kind = FieldKind::kNumber, f.min = min, f.max = max, f.log_scale = log_scale;
  f.help = std::move(help);
  return f;
}
SettingField Integer(std::string key, std::string label, std::string group, double min,
                     double max, std::string help) {
  SettingField f = Number(std::move(key), std::move(label), std::move(group), min, max, false,
                          std::move(help));
  f.kind = FieldKind::kInteger;
  return f;
}
SettingField Boolean(std::string key, std::string label, std::string group, std::string help) {
  SettingField f = Number(std::move(key), std::move(label), std::move(group), 0, 1, false,
                          std::move(help));
  f.kind = FieldKind::kBoolean;
  return f;
}
SettingField Choice(std::string key, std::string label, std::string group,
                    std::vector<std::string> choices, std::string help) {
  SettingField f = Number(std::move(key), std::move(label), std::move(group), 0, 0, false,
                          std::move(help));
  f.kind = FieldKind::kChoice;
  f.choices = std::move(choices);
  return f;
}

std::string ShortestText(double x) {
  char text[32];
  if (x == std::floor(x) && std::abs(x) < 1e15) {  // whole numbers read as written: 20000
    std::snprintf(text, sizeof text, "%.0f", x);
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, x);
    if (std::strtod(text, nullptr) == x) break;
  }
  return text;
}

// Text form of one setting: shortest round-tripping number, true/false, or choice name.
std::string TextOf(const Binding& binding, const RunConfig& config) {
  return std::visit(
      [&](auto member) -> std::string {
        using T = std::decay_t<decltype(config.*member)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return config.*member;
        } else if constexpr (std::is_same_v<T, bool>) {
          return config.*member ? "true" : "false";
        } else if constexpr (std::is_enum_v<T>) {
          return binding.field.choices[static_cast<size_t>(config.*member)];
        } else {
          return ShortestText(static_cast<double>(config.*member));
        }
      },
      binding.member);
}

std::vector<Binding> MakeBindings() {
  std::vector<Binding> b = {
      {Choice("dataset", "Dataset", "data", {"movies", "restaurants", "synthetic", "custom"},
              "Built-in movie or restaurant reviews, the synthetic generator, or your own file."),
       &RunConfig::dataset},
      {Number("test_fraction", "Test share", "data", 0, 0.9, false,
              "Share of reviews held out for testing (seeded split)."),
       &RunConfig::test_fraction},
      {Integer("max_reviews", "Max reviews", "data", 0, 1000000,
               "Random sample of at most this many reviews; 0 keeps all."),
       &RunConfig::max_reviews},
      {Integer("max_tokens", "Max tokens per review", "data", 0, 100000,
               "Keep the first tokens of each review; 0 keeps all."),
       &RunConfig::max_tokens},
      {Integer("min_count", "Min count", "data", 1, 1000000,
               "Words seen fewer times in the training split become <unk>."),
       &RunConfig::min_count},
      {Integer("max_vocab", "Max vocabulary", "data", 2, 500000,
               "At most this many tokens (most frequent first), <unk> included."),
       &RunConfig::max_vocab},
      {Boolean("lowercase", "Lower-case", "data", "Fold ASCII letters to lower case."),
       &RunConfig::lowercase},
      {Boolean("remove_stop_words", "Remove stop words", "data",
               "Drop common English function words (the, and, of ...) before counting."),
       &RunConfig::remove_stop_words},
      {Integer("synthetic_reviews", "Synthetic reviews", "synthetic", 10, 100000,
               "Number of reviews the synthetic generator draws."),
       &RunConfig::synthetic_reviews},
      {Boolean("synthetic_feasible", "Feasible by construction", "synthetic",
               "No opposite-class polar tokens and no label noise: the attention-SVM is "
               "feasible."),
       &RunConfig::synthetic_feasible},
      {Number("synthetic_label_noise", "Label noise", "synthetic", 0, 0.5, false,
              "Probability that a synthetic review's label is flipped (non-feasible mode)."),
       &RunConfig::synthetic_label_noise},
      {Integer("width", "d (embedding width)", "model", 1, 4096,
               "Width of the token embeddings E_s, of p and of v."),
       &RunConfig::width},
      {Number("sigma", "σ (initial scale)", "model", 0, 10, true,
              "E(0) entries are N(0, σ²/d). Small σ makes the one-step alignment exact."),
       &RunConfig::sigma},
      {Integer("seed", "Seed", "model", 0, 4294967295.0,
               "Seeds E(0), v, the split and mini-batches: same seed, same run."),
       &RunConfig::seed},
      {Choice("protocol", "Protocol", "protocol", {"paper", "joint"},
              "paper: one GD step on E, then the flow on p with E frozen. joint: train E and "
              "p together."),
       &RunConfig::protocol},
      {Number("eta", "η (step on E)", "protocol", 0, 1e7, true,
              "Size of the paper's single gradient step on E; predicted slope is η/2 ‖v‖²."),
       &RunConfig::eta},
      {Choice("flow_step", "Flow step rule", "protocol", {"normalized", "growing", "armijo"},
              "How the gradient flow on p is discretized: constant length, step r/L, or "
              "backtracking line search."),
       &RunConfig::flow_step},
      {Number("flow_rate", "Flow rate r", "protocol", 1e-9, 1e6, true,
              "Step length of the flow on p (the base step for the growing and Armijo rules)."),
       &RunConfig::flow_rate},
      {Choice("optimizer", "Optimizer", "protocol", {"gd", "sgd", "adam"},
              "Joint protocol: full-batch gradient descent, mini-batch SGD, or Adam."),
       &RunConfig::optimizer},
      {Number("learning_rate", "Learning rate", "protocol", 1e-9, 1e6, true,
              "Joint protocol: step size of the optimizer."),
       &RunConfig::learning_rate},
      {Integer("batch_size", "Batch size", "protocol", 0, 1000000,
               "Joint protocol, SGD and Adam: reviews per step; 0 means full batch."),
       &RunConfig::batch_size},
      {Boolean("train_v", "Train v", "protocol",
               "Joint protocol: also train the output vector v (fixed in the theory)."),
       &RunConfig::train_v},
      {Integer("steps", "Steps per run", "protocol", 1, 1000000,
               "How many steps Play runs before it pauses."),
       &RunConfig::steps},
      {Number("svm_c", "C (soft margin)", "svm", 1e-6, 1e9, true,
              "Penalty on violated constraints when the attention-SVM is infeasible."),
       &RunConfig::svm_c},
  };
  const RunConfig defaults;
  for (Binding& binding : b) binding.field.default_text = TextOf(binding, defaults);
  return b;
}

const std::vector<Binding>& Bindings() {
  static const std::vector<Binding> bindings = MakeBindings();
  return bindings;
}

const Binding* Find(std::string_view key) {
  for (const Binding& b : Bindings()) {
    if (b.field.key == key) return &b;
  }
  return nullptr;
}

std::string Quote(std::string_view text) {
  std::string shown(text.substr(0, kMaxValueBytes));
  if (text.size() > kMaxValueBytes) shown += "...";
  return nlohmann::json(shown).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
}


// Parses `text` into the setting, checking its kind and bounds; the config is unchanged
// on error. Numbers must be the whole text ("1e-3" yes, "1e-3x" or "nan" no).
Status SetFromText(const Binding& binding, RunConfig* config, std::string_view text) {
  const SettingField& f = binding.field;
  const std::string value(text.substr(0, kMaxValueBytes + 1));
  if (text.size() > kMaxValueBytes) return Status::Error(f.key + ": value is too long");
  return std::visit(
      [&](auto member) -> Status {
        using T = std::decay_t<decltype(config->*member)>;
        if constexpr (std::is_same_v<T, bool>) {
          if (value != "true" && value != "false") {
            return Status::Error(f.key + ": expected true or false, got " + Quote(value));
          }
          config->*member = value == "true";
          return Status::Ok();
        } else if constexpr (std::is_same_v<T, std::string> || std::is_enum_v<T>) {
          for (size_t k = 0; k < f.choices.size(); ++k) {
            if (f.choices[k] != value) continue;
            if constexpr (std::is_enum_v<T>) {
              config->*member = static_cast<T>(k);
            } else {
              config->*member = value;
            }
            return Status::Ok();
          }
          std::string allowed;
          for (const std::string& c : f.choices) allowed += (allowed.empty() ? "" : ", ") + c;
          return Status::Error(f.key + ": " + Quote(value) + " is not one of " + allowed);
        } else {
          char* end = nullptr;
          const double x = value.empty() ? NAN : std::strtod(value.c_str(), &end);
          if (!std::isfinite(x) || end != value.c_str() + value.size()) {
            return Status::Error(f.key + ": " + Quote(value) + " is not a number");
          }
          if (x < f.min || x > f.max) {
            return Status::Error(f.key + ": " + ShortestText(x) + " is outside [" +
                                 ShortestText(f.min) + ", " + ShortestText(f.max) + "]");
          }
          if (f.kind == FieldKind::kInteger && x != std::floor(x)) {
            return Status::Error(f.key + ": " + ShortestText(x) + " is not a whole number");
          }
          config->*member = static_cast<T>(x);
          return Status::Ok();
        }
      },
      binding.member);
}

}  // namespace

const std::vector<SettingField>& SettingFields() {
  static const std::vector<SettingField> fields = [] {
    std::vector<SettingField> out;
    for (const Binding& b : Bindings()) out.push_back(b.field);
    return out;
  }();
  return fields;
}

std::string GetSetting(const RunConfig& config, std::string_view key) {
  const Binding* binding = Find(key);
  return binding ? TextOf(*binding, config) : std::string();
}

Status SetSetting(RunConfig* config, std::string_view key, std::string_view text) {
  const Binding* binding = Find(key);
  if (!binding) return Status::Error("unknown setting " + Quote(key));
  return SetFromText(*binding, config, text);
}

Status ValidateConfig(const RunConfig& config) {
  for (const Binding& b : Bindings()) {
    RunConfig copy = config;
    const Status status = SetFromText(b, &copy, TextOf(b, config));
    if (!status.ok()) return status;
  }
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
      case FieldKind::kInteger: json[b.field.key] = std::strtod(text.c_str(), nullptr); break;
      case FieldKind::kBoolean: json[b.field.key] = text == "true"; break;
      case FieldKind::kChoice:
      case FieldKind::kText: json[b.field.key] = text; break;
    }
  }
  return json.dump(2);
}

Result<RunConfig> ConfigFromJson(std::string_view text) {
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Result<RunConfig>::Failure("the config is not valid JSON");
  if (!json.is_object()) return Result<RunConfig>::Failure("the config must be a JSON object");
  RunConfig config;
  for (const auto& [key, value] : json.items()) {
    if (key == "version") {
      if (!value.is_number_integer() || value.get<int64_t>() != kConfigVersion) {
        return Result<RunConfig>::Failure("version: this build reads config version " +
                                          std::to_string(kConfigVersion));
      }
      continue;
    }
    const Binding* binding = Find(key);
    if (!binding) return Result<RunConfig>::Failure("unknown setting " + Quote(key));
    std::string as_text;
    const FieldKind kind = binding->field.kind;
    if ((kind == FieldKind::kNumber || kind == FieldKind::kInteger) && value.is_number()) {
      as_text = ShortestText(value.get<double>());
    } else if (kind == FieldKind::kBoolean && value.is_boolean()) {
      as_text = value.get<bool>() ? "true" : "false";
    } else if ((kind == FieldKind::kChoice || kind == FieldKind::kText) && value.is_string()) {
      as_text = value.get<std::string>();
    } else {
      return Result<RunConfig>::Failure(key + ": wrong type (" + value.type_name() + ")");
    }
    const Status status = SetFromText(*binding, &config, as_text);
    if (!status.ok()) return Result<RunConfig>::Failure(status.message());
  }
  const Status status = ValidateConfig(config);
  if (!status.ok()) return Result<RunConfig>::Failure(status.message());
  return Result<RunConfig>::Success(config);
}

std::string EncodeShareLink(const RunConfig& config) {
  std::string out = "v=" + std::to_string(kConfigVersion);
  for (const Binding& b : Bindings()) {
    const std::string text = TextOf(b, config);
    // Values are numbers, true/false or choice names: none needs percent-encoding.
    if (text != b.field.default_text) out += "&" + b.field.key + "=" + text;
  }
  return out;
}

DecodedShareLink DecodeShareLink(std::string_view hash) {
  DecodedShareLink decoded;
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  if (hash.empty()) return decoded;
  if (hash.size() > kMaxShareLinkBytes) {
    decoded.warnings.push_back("the link is too long to be a clslab link; defaults used");
    return decoded;
  }
  size_t start = 0;
  while (start <= hash.size()) {
    const size_t end = std::min(hash.find('&', start), hash.size());
    const std::string_view pair = hash.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    const size_t equals = pair.find('=');
    const std::string_view key = pair.substr(0, equals);
    const std::string_view value =
        equals == std::string_view::npos ? std::string_view() : pair.substr(equals + 1);
    if (key == "v") {
      if (value != std::to_string(kConfigVersion)) {
        decoded.warnings.push_back("link version " + Quote(value) + " is not " +
                                   std::to_string(kConfigVersion) + "; values read as this version");
      }
      continue;
    }
    const Binding* binding = Find(key);
    if (!binding) {
      decoded.warnings.push_back("unknown setting " + Quote(key) + " ignored");
      continue;
    }
    const Status status = SetFromText(*binding, &decoded.config, value);
    if (!status.ok()) decoded.warnings.push_back(status.message() + "; default used");
  }
  const Status whole = ValidateConfig(decoded.config);
  if (!whole.ok()) {
    decoded.warnings.push_back(whole.message() + "; all defaults used");
    decoded.config = RunConfig();
  }
  return decoded;
}

}  // namespace clslab
