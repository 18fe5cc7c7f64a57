// clslab command line: the same Experiment the page runs, driven from a terminal.
//   clslab train     --data FILE|synthetic [--config run.json] [--set key=value]... [--steps N]
//   clslab reproduce --data FILE|synthetic [--config run.json] [--set key=value]...
//                    [--recipe result1|figure1|result2] --out FILE
//   clslab recipes   --data FILE [--config run.json] [--set key=value]...  (as JSON)
//   clslab evaluate  --run run.json [--data FILE]   (a run file exported by the page)
//   clslab settings                                 (the default settings as JSON)
//   clslab messages  [--samples N] [--out FILE]    (the catalogs rendered on samples)
// Every command takes --lang en|es|zh-CN: the language of the sentences it writes (the
// findings' text), from the page's own catalog files.
// FILE is any supported review format. File I/O lives here, not in core; every JSON this
// prints comes from the structs' descriptions (json_report.h), with the page's fields.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/json_report.h"
#include "clslab/limits.h"
#include "clslab/run_file.h"
#include "output.h"

namespace clslab_cli {

using clslab::Experiment;
using clslab::RunConfig;
using Json = nlohmann::ordered_json;

constexpr const char* kUsage =
    "usage:\n"
    "  clslab train     --data FILE|synthetic [--negative FILE] [--config run.json]\n"
    "                   [--set key=value]... [--steps N] [--every N]\n"
    "      one JSON line of metrics every N steps (default 1)\n"
    "  clslab reproduce --data FILE|synthetic [--negative FILE] [--config run.json]\n"
    "                   [--set key=value]... [--protocol paper|joint] [--steps N]\n"
    "                   [--recipe result1|figure1|result2] --out FILE\n"
    "      a recipe's settings apply first; --set and --steps still override them\n"
    "  clslab recipes   --data FILE [--negative FILE] [--config run.json] [--set key=value]...\n"
    "      the recipes for the data as JSON (name, title, plan, settings), each said\n"
    "      as the page words it (title.text, plan.text) with its code and arguments\n"
    "  clslab evaluate  --run run.json [--data FILE]  (metrics of a run exported by the page)\n"
    "  clslab settings  (prints the default settings as JSON, the --config format)\n"
    "  clslab messages  [--samples N] [--out FILE]  (every message rendered on N samples)\n"
    "Any command: --lang en|es|zh-CN, the language of the findings' text (default en).\n"
    "FILE with --negative: FILE holds the positive reviews, one per line (rt-polarity).\n"
    "A config that names a built-in dataset (dataset=movies) reads --data as its bytes.\n";

int Fail(const std::string& message) {
  std::cerr << "clslab: " << message << "\n";
  return 1;
}

int Finish(Output* output) {
  const std::string error = output->Close();
  return error.empty() ? 0 : Fail(error);
}

std::string ReadInput(const std::string& path, std::string* bytes, int64_t max_bytes,
                      const std::string& expected) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return path + " is a folder, not a file: pass " + expected;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) return "cannot read " + path;
  // Read in pieces and stop one byte past the limit: a pipe or /dev/zero has no size to
  // check first, and a file may grow while it is read. The buffer is reserved once (a
  // regular file's size, else the limit: untouched pages cost no memory), so growing it
  // never doubles the peak.
  bytes->clear();
  const bool regular = std::filesystem::is_regular_file(path, error);
  const auto size = regular ? std::filesystem::file_size(path, error) : 0;
  bytes->reserve(static_cast<size_t>(
      std::min<int64_t>(max_bytes, regular && !error ? static_cast<int64_t>(size) : max_bytes) +
      1));
  std::vector<char> piece(1 << 20);
  while (file) {
    const int64_t room = max_bytes + 1 - static_cast<int64_t>(bytes->size());
    file.read(piece.data(), static_cast<std::streamsize>(
                                std::min<int64_t>(room, static_cast<int64_t>(piece.size()))));
    bytes->append(piece.data(), static_cast<size_t>(file.gcount()));
    if (static_cast<int64_t>(bytes->size()) > max_bytes) {
      bytes->clear();
      bytes->shrink_to_fit();
      return clslab::InputOverLimit(path, max_bytes);
    }
  }
  if (!file.eof()) return "cannot read " + path;
  return "";
}

namespace {

bool Parse(int argc, char** argv, Arguments* args, std::string* error) {
  if (argc < 2) return false;
  args->command = argv[1];
  for (int k = 2; k < argc; ++k) {
    const std::string flag = argv[k];
    if (k + 1 >= argc) {
      *error = flag + " needs a value";
      return false;
    }
    const std::string value = argv[++k];
    // A flag that takes one value, given twice: which was meant is unknown.
    std::string* once = flag == "--data"       ? &args->data
                        : flag == "--negative" ? &args->negative
                        : flag == "--config"   ? &args->config_path
                        : flag == "--out"      ? &args->out
                        : flag == "--run"      ? &args->run
                        : flag == "--every"    ? &args->every
                        : flag == "--recipe"   ? &args->recipe
                                               : nullptr;
    if (once != nullptr && !once->empty()) {
      *error = flag + " is given twice (" + *once + ", " + value + "); give it once";
      return false;
    }
    if (flag == "--data")
      args->data = value;
    else if (flag == "--negative")
      args->negative = value;
    else if (flag == "--config")
      args->config_path = value;
    else if (flag == "--out")
      args->out = value;
    else if (flag == "--run")
      args->run = value;
    else if (flag == "--protocol")
      args->sets.push_back("protocol=" + value);
    else if (flag == "--set")
      args->sets.push_back(value);
    else if (flag == "--steps")
      args->sets.push_back("steps=" + value);
    else if (flag == "--every")
      args->every = value;
    else if (flag == "--recipe")
      args->recipe = value;
    else if (flag == "--samples")
      args->samples = value;
    else if (flag == "--lang")
      args->lang = value;
    else {
      *error = "unknown flag " + flag;
      return false;
    }
  }
  return true;
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string ApplySets(const Arguments& args, RunConfig* config) {
  for (const std::string& set : args.sets) {
    const size_t equals = set.find('=');
    if (equals == std::string::npos) return "--set takes key=value, got " + set;
    const clslab::Status status =
        clslab::SetSetting(config, set.substr(0, equals), set.substr(equals + 1));
    if (!status.ok()) return status.message();
  }
  return "";
}

std::string LoadData(const Arguments& args, Experiment* experiment, RunConfig* config) {
  bool names_dataset = false;
  if (!args.config_path.empty()) {
    std::string text;
    const std::string read =
        ReadInput(args.config_path, &text, kMaxConfigBytes, "one settings file (JSON)");
    if (!read.empty()) return read;
    clslab::Result<RunConfig> parsed = clslab::ConfigFromJson(text);
    if (!parsed.ok()) return args.config_path + ": " + parsed.status.message();
    *config = parsed.value;
    // A config of an older settings version runs with today's arithmetic: said, as a link is.
    const std::string note = clslab::ConfigReplayNote(text);
    if (!note.empty()) std::cerr << "clslab: warning: " << args.config_path << ": " << note << "\n";
    names_dataset = true;
  }
  for (const std::string& set : args.sets) {
    names_dataset = names_dataset || set.rfind("dataset=", 0) == 0;
  }
  const std::string set_error = ApplySets(args, config);
  if (!set_error.empty()) return set_error;
  if (args.data.empty()) return "--data is required";
  if (args.data == "synthetic") {
    config->dataset = "synthetic";
    const auto loaded = experiment->LoadSynthetic(*config);
    return loaded.ok() ? "" : loaded.status.message();
  }
  std::string bytes, negative;
  const int64_t limit = experiment->limits().max_input_bytes;
  std::string read = ReadInput(args.data, &bytes, limit);
  if (read.empty() && !args.negative.empty()) {
    read = ReadInput(args.negative, &negative, limit - static_cast<int64_t>(bytes.size()));
  }
  if (!read.empty()) return read;
  const clslab::SourceKind kind = clslab::SourceKindOf(*config);
  // A file unless the settings say which data this is (a page's config names it).
  if (!names_dataset || kind == clslab::SourceKind::kSynthetic) {
    config->dataset = "file";
    config->source_name = args.negative.empty()
                              ? BaseName(args.data)
                              : BaseName(args.data) + " + " + BaseName(args.negative);
  }
  clslab::SourceBytes source = args.negative.empty() ? clslab::SourceBytes::Text(bytes)
                                                     : clslab::SourceBytes::Paired(bytes, negative);
  source.name = args.negative.empty() ? BaseName(args.data)
                                      : BaseName(args.data) + " + " + BaseName(args.negative);
  const auto loaded = experiment->Load(source, *config);
  if (!loaded.ok()) return loaded.status.message();
  *config = experiment->config();  // with the source's identity recorded
  return "";
}

namespace {

// One Work call's budget: a few hundred milliseconds of a solve at d 4096, so a long solve
// says how far it is on stderr; what the run computes does not depend on it (work.h).
constexpr int64_t kCallBudget = int64_t{1} << 20;
// A blocking solve's progress goes to stderr at most this often, the first line after as long.
constexpr auto kProgressEvery = std::chrono::seconds(5);

// The blocking solve under way (p_mm, or a run end's p_local), in the catalog's words.
std::string SolveProgress(const clslab::WorkReport& report) {
  using clslab::FluentValue;
  const bool local = report.plan.next == clslab::RunItem::kLocalSvmFinish;
  const clslab::MaxMarginProgress& p = local ? report.local_svm : report.max_margin;
  if (!p.active) return "";
  clslab::FluentArgs args;
  if (local) {
    args = {{"step", FluentValue::Number(static_cast<double>(p.step))},
            {"sweep", FluentValue::Number(p.epochs)},
            {"active", FluentValue::Number(static_cast<double>(p.active_constraints))},
            {"constraints", FluentValue::Number(static_cast<double>(p.constraints))},
            {"tolerance", FluentValue::Number(p.tolerance)}};
    // The gap is 0 until a certificate finds every constraint met (a hard margin).
    if (p.gap > 0) args["gap"] = FluentValue::Number(p.gap);
  } else {
    args = {{"stage", FluentValue::Text(std::string(clslab::EnumKey(p.stage)))},
            {"sweep", FluentValue::Number(p.epochs)}};
  }
  const clslab::Result<std::string> text =
      CliCatalog().Format(!local      ? "task-solving-stage"
                          : p.gap > 0 ? "task-local-svm-progress"
                                      : "task-local-svm-progress-no-gap",
                          args);
  return text.ok() ? text.value : "";
}

}  // namespace

clslab::WorkReport RunTo(Experiment* experiment, int64_t step) {
  clslab::WorkOrder order;
  order.target_step = step;
  order.measure_at = step;
  order.budget = kCallBudget;
  auto said = std::chrono::steady_clock::now();
  for (;;) {
    const clslab::WorkReport report = experiment->Work(order);
    if (report.metrics_ready || report.stopped == clslab::WorkStop::kNoData) return report;
    if (report.stopped == clslab::WorkStop::kRefused) {
      // The step reached, measured once its own work is done.
      clslab::WorkReport measured = RunTo(experiment, experiment->step());
      measured.steps = report.steps;
      measured.stopped = report.stopped;
      return measured;
    }
    if (std::chrono::steady_clock::now() - said >= kProgressEvery) {
      const std::string progress = SolveProgress(report);
      if (!progress.empty()) {
        std::cerr << "clslab: " << progress << "\n";
        said = std::chrono::steady_clock::now();
      }
    }
  }
}

namespace {

// To the plan's target, one JSON line of metrics at every `every`-th step and at the end.
int Train(const Arguments& args) {
  Experiment experiment;
  RunConfig config;
  const std::string error = LoadData(args, &experiment, &config);
  if (!error.empty()) return Fail(error);
  const long every = args.every.empty() ? 1 : std::strtol(args.every.c_str(), nullptr, 10);
  if (every < 1) return Fail("--every takes a whole number of steps >= 1");
  const int64_t target = experiment.Plan().target_step;
  Output lines;
  while (experiment.step() < target) {
    const int64_t next = std::min<int64_t>((experiment.step() / every + 1) * every, target);
    const clslab::WorkReport report = RunTo(&experiment, next);
    lines.Write(clslab::ToJson(experiment.CurrentMetrics()).dump() + "\n");
    // A full disk stops the run at once rather than after the last step.
    if (!lines.error().empty()) return Fail(lines.error());
    if (report.steps.refused) return Fail(report.steps.message);
  }
  return Finish(&lines);
}

// Loads a run file, its dataset (its stored rows, --data for a built-in set, or the
// synthetic generator) and its weights, then prints the metrics as one JSON object.
int Evaluate(const Arguments& args) {
  if (args.run.empty()) return Fail("--run FILE is required");
  std::string text;
  // A run file holds the rows (at most the input limit, base64 grows them by 4/3) and E.
  // The page's limit (limits.h): a run file the CLI reads, the page reads too.
  const std::string read = ReadInput(args.run, &text, clslab::Limits().max_run_file_bytes,
                                     "one run file saved by the page (clslab-run-stepN.json)");
  if (!read.empty()) return Fail(read);
  const clslab::Result<clslab::RunFile> run = clslab::ReadRunFile(text);
  if (!run.ok()) return Fail(args.run + ": " + run.status.message());
  std::string bytes;
  const bool builtin = clslab::SourceKindOf(run.value.config) == clslab::SourceKind::kBuiltin;
  if (builtin && args.data.empty()) {
    return Fail("the run used the built-in dataset '" + run.value.config.dataset +
                "': pass it with --data web/public/datasets/" + run.value.config.dataset + ".tsv");
  }
  if (builtin) {
    const std::string read_data = ReadInput(args.data, &bytes, clslab::Limits().max_input_bytes);
    if (!read_data.empty()) return Fail(read_data);
  }
  const clslab::SourceBytes source = clslab::SourceBytes::Text(bytes);
  Experiment experiment;
  const clslab::Status applied =
      clslab::ApplyRunFile(&experiment, run.value, builtin ? &source : nullptr);
  if (!applied.ok()) return Fail(applied.message());
  Output output;
  output.Write(clslab::ToJson(experiment.CurrentMetrics()).dump(2) + "\n");
  return Finish(&output);
}

int Run(int argc, char** argv) {
  Arguments args;
  std::string error;
  if (!Parse(argc, argv, &args, &error)) {
    if (!error.empty()) std::cerr << "clslab: " << error << "\n";
    std::cerr << kUsage;
    return 2;
  }
  if (!args.lang.empty() && !SetLanguage(args.lang)) {
    std::cerr << "clslab: --lang takes en, es or zh-CN, got " << args.lang << "\n";
    return 2;
  }
  if (args.command == "train") return Train(args);
  if (args.command == "reproduce") return Reproduce(args);
  if (args.command == "recipes") {
    Experiment experiment;
    RunConfig config;
    const std::string error = LoadData(args, &experiment, &config);
    if (!error.empty()) return Fail(error);
    Json recipes = Json::array();
    for (const clslab::Recipe& recipe : experiment.Recipes()) {
      recipes.push_back(RecipeJson(recipe));
    }
    Output output;
    output.Write(recipes.dump(2) + "\n");
    return Finish(&output);
  }
  if (args.command == "evaluate") return Evaluate(args);
  if (args.command == "messages") return Messages(args);
  if (args.command == "settings") {
    Output output;
    output.Write(clslab::ConfigToJson(RunConfig()) + "\n");
    return Finish(&output);
  }
  std::cerr << kUsage;
  return 2;
}

}  // namespace
}  // namespace clslab_cli

int main(int argc, char** argv) {
  // Input never crashes the CLI: core reports errors as values, and anything else (memory
  // exhausted by a file that passes every limit) still ends in a sentence and exit 1.
  clslab_cli::GuardStandardStreams();
  try {
    return clslab_cli::Run(argc, argv);
  } catch (const std::bad_alloc&) {
    return clslab_cli::Fail("out of memory; lower max_reviews, max_vocab or d");
  } catch (const std::exception& e) {
    return clslab_cli::Fail(std::string("internal error: ") + e.what());
  }
}
