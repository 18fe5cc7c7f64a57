// Run files: JSON with base64 float32 weights. Legend: V vocabulary, d width.
#include "clslab/run_file.h"

#include <climits>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>

#include "clslab/json_report.h"
#include "clslab/trainer.h"
#include "json_limits.h"
#include "run_file_codec.h"
#include "text_util.h"

namespace clslab {
namespace {

using run_file_internal::Base64;
using run_file_internal::FromBase64;

// FNV-1a of the resume block's text: damage to the training state is caught on reading,
// as the weights checksum catches damage to the weights.
std::string TextChecksum(const std::string& text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash));
  return out;
}

// kRunFileVersion 2: the dataset's identity is in the config, the user's rows under
// stored_rows, the checksum covers the step. Version 1 files (dataset_text, weights-only
// checksum) are refused with the version named.
constexpr int64_t kMaxFloats = 64ll << 20;  // refuse absurd shapes before allocating

}  // namespace

std::string WriteRunFile(const Experiment& experiment) {
  nlohmann::ordered_json json;
  json["clslab_run"] = kRunFileVersion;
  const RunConfig& config = experiment.config();
  json["config"] = nlohmann::ordered_json::parse(ConfigToJson(config));
  json["source_name"] = experiment.summary().source_name;
  const SourceKind kind = SourceKindOf(config);
  if (kind != SourceKind::kBuiltin && kind != SourceKind::kSynthetic) {
    json["stored_rows"] = experiment.ExportLabelTabText();
  }
  const Metrics metrics = experiment.CurrentMetrics();
  json["step"] = metrics.step;
  json["phase"] = EnumKey(metrics.phase);
  json["checksum"] = metrics.checksum;
  json["metrics"] = ToJson(metrics);
  if (const Weights* w = experiment.weights()) {
    json["weights"] = {{"vocab_size", w->vocab_size()},
                       {"width", w->width()},
                       {"E", Base64(w->E.data(), w->E.size() * 4)},
                       {"p", Base64(w->p.data(), w->p.size() * 4)},
                       {"v", Base64(w->v.data(), w->v.size() * 4)}};
    const nlohmann::ordered_json resume =
        run_file_internal::StateToJson(experiment.training_state());
    json["resume"] = resume;
    // Over the canonical text (keys sorted, as a reader's nlohmann::json holds them).
    json["resume_checksum"] = TextChecksum(nlohmann::json(resume).dump());
  }
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Result<RunFile> ReadRunFile(std::string_view text, const Limits& limits) {
  using R = Result<RunFile>;
  const Status fits = CheckRunFileBytes(limits, static_cast<int64_t>(text.size()), "the run file");
  if (!fits.ok()) return R::Failure(fits.message());
  const Status shallow = CheckJsonDepth(text, "the run file");
  if (!shallow.ok()) return R::Failure(shallow.message());
  // A key twice (JSON keeps the last) is a file edited or damaged by hand: which value was
  // meant is unknown, so it is refused.
  std::string repeated;
  const nlohmann::json json = ParseJsonKeysOnce(text, &repeated);
  if (json.is_discarded() || !json.is_object()) return R::Failure("the run file is not JSON");
  if (!repeated.empty()) {
    return R::Failure("the run file gives the key " + QuoteForMessage(repeated) +
                      " twice in one object (edited or damaged), so which value was meant is "
                      "unknown");
  }
  if (!json.contains("clslab_run") || json["clslab_run"] != kRunFileVersion) {
    return R::Failure("not a clslab run file (version " + std::to_string(kRunFileVersion) + ")");
  }
  for (const char* key : {"config", "source_name", "step", "phase", "checksum", "weights"}) {
    if (!json.contains(key)) return R::Failure(std::string("the run file has no ") + key);
  }
  RunFile run;
  Result<RunConfig> config = ConfigFromJson(json["config"].dump());
  if (!config.ok()) return R::Failure("run config: " + config.status.message());
  run.config = config.value;
  const nlohmann::json& w = json["weights"];
  if (!json["source_name"].is_string() || !json["phase"].is_string() ||
      !json["checksum"].is_string() || !json["step"].is_number_integer() || !w.is_object() ||
      !w.contains("vocab_size") || !w.contains("width") || !w["vocab_size"].is_number_integer() ||
      !w["width"].is_number_integer() || !w.contains("E") || !w["E"].is_string() ||
      !w.contains("p") || !w["p"].is_string() || !w.contains("v") || !w["v"].is_string() ||
      (json.contains("stored_rows") && !json["stored_rows"].is_string())) {
    return R::Failure("the run file's fields have the wrong types");
  }
  run.source_name = json["source_name"].get<std::string>();
  if (json.contains("stored_rows")) run.stored_rows = json["stored_rows"].get<std::string>();
  const SourceKind kind = SourceKindOf(run.config);
  if (run.stored_rows.empty() && kind != SourceKind::kBuiltin && kind != SourceKind::kSynthetic) {
    return R::Failure("the run used " + run.config.dataset + " data (" + run.config.source_name +
                      ") but the file does not store its rows");
  }
  // A step beyond the range would overflow the counter that later steps add to.
  run.step = json["step"].is_number_unsigned() && json["step"].get<uint64_t>() > INT64_MAX
                 ? -1
                 : json["step"].get<int64_t>();
  run.phase = json["phase"].get<std::string>();
  const Result<Phase> phase = PhaseAt(run.config.protocol, run.step, run.phase);
  if (!phase.ok()) return R::Failure(phase.status.message());
  run.checksum = json["checksum"].get<std::string>();
  // Sizes compared by division, never by a product that could overflow int64.
  const int64_t vocab_size = w["vocab_size"].get<int64_t>(), width = w["width"].get<int64_t>();
  if (vocab_size < 1 || width < 1 || width != run.config.width || vocab_size > kMaxFloats / width) {
    return R::Failure("the run's weight shape " + std::to_string(vocab_size) + " x " +
                      std::to_string(width) + " is not valid for its config");
  }
  run.weights.E.resize(vocab_size, width);
  run.weights.p.resize(width);
  run.weights.v.resize(width);
  if (!FromBase64(w["E"].get<std::string>(), run.weights.E.data(), run.weights.E.size() * 4) ||
      !FromBase64(w["p"].get<std::string>(), run.weights.p.data(), width * 4) ||
      !FromBase64(w["v"].get<std::string>(), run.weights.v.data(), width * 4)) {
    return R::Failure("the run's weights are not valid base64 of the stated shape");
  }
  if (!json.contains("resume") || !json.contains("resume_checksum") ||
      !json["resume_checksum"].is_string()) {
    return R::Failure("the run file has no training state");
  }
  run.resume_json = json["resume"].dump();  // canonical: keys sorted
  if (TextChecksum(run.resume_json) != json["resume_checksum"].get<std::string>()) {
    return R::Failure("the run's training state does not match its checksum");
  }
  return R::Success(std::move(run));
}

Status ApplyRunFile(Experiment* experiment, const RunFile& run, const SourceBytes* source) {
  Experiment staged(experiment->limits());
  Result<DatasetSummary> loaded;
  const SourceKind kind = SourceKindOf(run.config);
  if (kind == SourceKind::kSynthetic) {
    loaded = staged.LoadSynthetic(run.config);
  } else if (!run.stored_rows.empty()) {
    loaded = staged.LoadStoredRows(run.stored_rows, run.config);
  } else if (source != nullptr) {
    loaded = staged.Load(*source, run.config);
  } else {
    return Status::Error("the run's dataset " + SourceDisplayName(run.config) +
                         " is needed to apply it");
  }
  if (!loaded.ok()) return Status::Error("the run's dataset: " + loaded.status.message());
  const Result<TrainerState> state = run_file_internal::StateFromJson(
      nlohmann::json::parse(run.resume_json), staged.summary().train_reviews,
      run.weights.vocab_size(), run.weights.width());
  if (!state.ok()) return Status::Error(state.status.message());
  const Status restored = staged.RestoreWeights(run.weights, run.step, run.phase, &state.value);
  if (!restored.ok()) return Status::Error("the run's weights: " + restored.message());
  const std::string checksum = staged.CurrentMetrics().checksum;
  if (checksum != run.checksum) {
    return Status::Error("the run's weights: the restored checksum " + checksum +
                         " is not the file's " + run.checksum);
  }
  experiment->Swap(staged);  // the commit: settings, data and weights together
  return Status::Ok();
}

}  // namespace clslab
