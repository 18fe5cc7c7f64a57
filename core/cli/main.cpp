// clslab command line: the same Experiment the page runs, driven from a terminal.
//   clslab train     --data FILE [--config run.json] [--set key=value]... [--steps N]
//   clslab reproduce --data FILE [--config run.json] [--set key=value]... --out result.json
//   clslab evaluate  --run run.clslab.json [--data FILE]   (a run file exported by the page)
// FILE is any supported review format, or "synthetic". File I/O lives here, not in core.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/run_file.h"

namespace {

using clslab::Experiment;
using clslab::Metrics;
using clslab::RunConfig;
using Json = nlohmann::ordered_json;

constexpr const char* kUsage =
    "usage:\n"
    "  clslab train     --data FILE|synthetic [--config run.json] [--set key=value]... "
    "[--steps N]\n"
    "  clslab reproduce --data FILE|synthetic [--config run.json] [--set key=value]... "
    "[--protocol paper|joint] [--steps N] --out result.json\n"
    "  clslab evaluate  --run run.json [--data FILE]  (metrics of a run exported by the page)\n"
    "  clslab settings  (prints the settings table as JSON)\n";

int Fail(const std::string& message) {
  std::fprintf(stderr, "clslab: %s\n", message.c_str());
  return 1;
}

bool ReadFile(const std::string& path, std::string* bytes) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return false;
  std::ostringstream buffer;
  buffer << file.rdbuf();
  *bytes = buffer.str();
  return true;
}

Json MetricsJson(const Metrics& m) {
  Json j;
  j["step"] = m.step;
  j["phase"] = m.phase;
  j["train_loss"] = m.train_loss;
  j["train_accuracy"] = m.train_accuracy;
  if (m.has_test) {
    j["test_loss"] = m.test_loss;
    j["test_accuracy"] = m.test_accuracy;
  }
  j["p_norm"] = m.p_norm;
  j["alignment_slope"] = m.alignment_slope;
  j["alignment_r2"] = m.alignment_r2;
  if (m.has_predicted_slope) j["predicted_slope"] = m.predicted_slope;
  if (m.has_max_margin) {
    j["cosine_to_max_margin"] = m.cosine_to_max_margin;
    j["normalized_margin"] = m.normalized_margin;
    j["max_margin_reference"] = m.max_margin_reference;
  }
  j["selection_accuracy"] = m.selection_accuracy;
  j["selection_mass"] = m.selection_mass;
  j["u_score"] = m.u_score;
  j["signed_score"] = m.signed_score;
  j["u_contrast"] = m.u_contrast;
  j["u_tokens"] = m.u_tokens;
  j["checksum"] = m.checksum;
  if (m.stopped) j["stopped"] = m.message;
  return j;
}

struct Arguments {
  std::string command, data, config_path, out, protocol, run;
  std::vector<std::string> sets;
  int32_t steps = -1;
};

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
    if (flag == "--data") args->data = value;
    else if (flag == "--config") args->config_path = value;
    else if (flag == "--out") args->out = value;
    else if (flag == "--run") args->run = value;
    else if (flag == "--protocol") args->protocol = value;
    else if (flag == "--set") args->sets.push_back(value);
    else if (flag == "--steps") args->steps = std::atoi(value.c_str());
    else {
      *error = "unknown flag " + flag;
      return false;
    }
  }
  return true;
}

// Loads config and data into `experiment`; returns an error message or "".
std::string Prepare(const Arguments& args, Experiment* experiment, RunConfig* config) {
  if (!args.config_path.empty()) {
    std::string text;
    if (!ReadFile(args.config_path, &text)) return "cannot read " + args.config_path;
    clslab::Result<RunConfig> parsed = clslab::ConfigFromJson(text);
    if (!parsed.ok()) return args.config_path + ": " + parsed.status.message();
    *config = parsed.value;
  }
  std::vector<std::string> sets = args.sets;
  if (!args.protocol.empty()) sets.push_back("protocol=" + args.protocol);
  if (args.steps > 0) sets.push_back("steps=" + std::to_string(args.steps));
  for (const std::string& set : sets) {
    const size_t equals = set.find('=');
    if (equals == std::string::npos) return "--set takes key=value, got " + set;
    const clslab::Status status =
        clslab::SetSetting(config, set.substr(0, equals), set.substr(equals + 1));
    if (!status.ok()) return status.message();
  }
  if (args.data.empty()) return "--data is required";
  if (args.data == "synthetic") {
    config->dataset = "synthetic";
    auto loaded = experiment->LoadSynthetic(*config);
    return loaded.ok() ? "" : loaded.status.message();
  }
  std::string bytes;
  if (!ReadFile(args.data, &bytes)) return "cannot read " + args.data;
  config->dataset = "custom";
  auto loaded = experiment->LoadText(bytes, args.data, *config);
  return loaded.ok() ? "" : loaded.status.message();
}

int Train(const Arguments& args) {
  Experiment experiment;
  RunConfig config;
  const std::string error = Prepare(args, &experiment, &config);
  if (!error.empty()) return Fail(error);
  for (int32_t k = 0; k < config.steps; ++k) {
    const Metrics m = experiment.Advance(1);
    Json line;
    line["step"] = m.step;
    line["loss"] = m.train_loss;
    line["accuracy"] = m.train_accuracy;
    line["checksum"] = m.checksum;
    if (m.has_test) {
      line["test_loss"] = m.test_loss;
      line["test_accuracy"] = m.test_accuracy;
    }
    std::cout << line.dump() << "\n";
    if (m.stopped) return Fail(m.message);
  }
  return 0;
}

int Reproduce(const Arguments& args);

// Loads a run file, its dataset (embedded text, --data, or the synthetic generator) and
// its weights, then prints the metrics as one JSON object.
int Evaluate(const Arguments& args) {
  std::string text;
  if (args.run.empty() || !ReadFile(args.run, &text)) return Fail("--run FILE is required and readable");
  clslab::Result<clslab::RunFile> run = clslab::ReadRunFile(text);
  if (!run.ok()) return Fail(args.run + ": " + run.status.message());
  Experiment experiment;
  clslab::Result<clslab::DatasetSummary> loaded;
  if (!run.value.dataset_text.empty()) {
    loaded = experiment.LoadText(run.value.dataset_text, run.value.source_name, run.value.config);
  } else if (run.value.config.dataset == "synthetic") {
    loaded = experiment.LoadSynthetic(run.value.config);
  } else {
    std::string bytes;
    if (args.data.empty() || !ReadFile(args.data, &bytes)) {
      return Fail("the run used the built-in dataset '" + run.value.config.dataset +
                  "': pass it with --data web/public/datasets/" + run.value.config.dataset + ".tsv");
    }
    loaded = experiment.LoadText(bytes, run.value.source_name, run.value.config);
  }
  if (!loaded.ok()) return Fail(loaded.status.message());
  const clslab::Status restored = clslab::RestoreRunFile(&experiment, run.value);
  if (!restored.ok()) return Fail(restored.message());
  std::cout << MetricsJson(experiment.CurrentMetrics()).dump(2) << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  std::string error;
  if (!Parse(argc, argv, &args, &error)) {
    if (!error.empty()) std::fprintf(stderr, "clslab: %s\n", error.c_str());
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (args.command == "train") return Train(args);
  if (args.command == "reproduce") return Reproduce(args);
  if (args.command == "evaluate") return Evaluate(args);
  if (args.command == "settings") {
    std::cout << clslab::ConfigToJson(RunConfig()) << "\n";
    return 0;
  }
  std::fputs(kUsage, stderr);
  return 2;
}

namespace {

Json SummaryJson(const clslab::DatasetSummary& s) {
  Json j;
  j["source"] = s.source_name;
  j["format"] = s.format;
  j["parsed_rows"] = s.parsed_rows;
  j["dropped"] = s.dropped;
  j["drop_reasons"] = s.drop_reasons;
  j["train_reviews"] = s.train_reviews;
  j["test_reviews"] = s.test_reviews;
  j["train_positive"] = s.train_positive;
  j["train_negative"] = s.train_negative;
  j["vocab_size"] = s.vocab_size;
  j["train_tokens"] = s.train_tokens;
  return j;
}

Json MaxMarginJson(const clslab::MaxMarginReport& r) {
  Json j;
  j["solved"] = r.solved;
  j["message"] = r.message;
  j["acyclic"] = r.acyclic;
  j["hard_margin"] = r.hard_margin;
  j["constraints"] = r.constraints;
  j["review_constraints"] = r.review_constraints;
  j["constraint_reviews"] = r.constraint_reviews;
  j["constraints_in_cycles"] = r.constraints_in_cycles;
  j["reviews_in_cycles"] = r.reviews_in_cycles;
  j["example_cycles"] = r.cycles;
  j["norm"] = r.norm;
  j["gap"] = r.gap;
  j["min_margin"] = r.min_margin;
  j["violated"] = r.violated;
  j["epochs"] = r.epochs;
  j["converged"] = r.converged;
  return j;
}

int Reproduce(const Arguments& args) {
  if (args.out.empty()) return Fail("--out result.json is required");
  Experiment experiment;
  RunConfig config;
  const std::string error = Prepare(args, &experiment, &config);
  if (!error.empty()) return Fail(error);
  Json result;
  result["config"] = Json::parse(clslab::ConfigToJson(config));
  result["dataset"] = SummaryJson(experiment.summary());
  Json history = Json::array();
  history.push_back(MetricsJson(experiment.CurrentMetrics()));
  Metrics last;
  int32_t done = 0;
  if (config.protocol == clslab::Protocol::kPaper) {
    last = experiment.StepEmbeddings();
    history.push_back(MetricsJson(last));
    done = 1;
    const clslab::MaxMarginReport report = experiment.SolveMaxMargin();
    result["max_margin"] = MaxMarginJson(report);
    last = experiment.CurrentMetrics();
    result["after_step_on_E"] = MetricsJson(last);
  }
  // Record at roughly log-spaced steps so long runs stay small.
  int32_t next_record = done + 1;
  while (done < config.steps && !last.stopped) {
    const int32_t chunk = std::max(1, next_record - done);
    last = experiment.Advance(std::min(chunk, config.steps - done));
    done = static_cast<int32_t>(last.step);
    history.push_back(MetricsJson(last));
    next_record = std::max(next_record + 1, static_cast<int32_t>(next_record * 1.25));
  }
  if (config.protocol == clslab::Protocol::kJoint) {
    result["max_margin"] = MaxMarginJson(experiment.SolveMaxMargin());
    last = experiment.CurrentMetrics();
  }
  result["history"] = history;
  result["final"] = MetricsJson(last);
  const clslab::TokenTable table = experiment.Tokens();
  Json tokens = Json::array();
  for (size_t s = 0; s < table.tokens.size(); ++s) {
    tokens.push_back({{"token", table.tokens[s]}, {"count", table.count[s]},
                      {"alpha", table.alpha[s]}, {"delta", table.delta[s]},
                      {"v_dot_E", table.value[s]}, {"p_dot_E", table.attention[s]}});
  }
  result["tokens"] = tokens;
  std::ofstream out(args.out);
  if (!out) return Fail("cannot write " + args.out);
  out << result.dump(1, ' ', false, Json::error_handler_t::replace) << "\n";

  const clslab::DatasetSummary& s = experiment.summary();
  std::printf("dataset     %s: %d train / %d test reviews, V = %d\n", s.source_name.c_str(),
              s.train_reviews, s.test_reviews, s.vocab_size);
  std::printf("protocol    %s, %d steps%s\n", clslab::GetSetting(config, "protocol").c_str(),
              done, last.stopped ? (" (stopped: " + last.message + ")").c_str() : "");
  std::printf("accuracy    train %.3f, test %.3f\n", last.train_accuracy,
              last.has_test ? last.test_accuracy : 0.0);
  if (result.contains("after_step_on_E")) {
    const Json& a = result["after_step_on_E"];
    std::printf("Result 1    slope %.6g vs predicted %.6g, R^2 %.6f\n",
                a["alignment_slope"].get<double>(), a.value("predicted_slope", 0.0),
                a["alignment_r2"].get<double>());
  }
  const Json& mm = result["max_margin"];
  std::printf("att-SVM     %s; %lld constraints, %lld in cycles, ||p_mm|| %.4g\n",
              mm["message"].get<std::string>().c_str(), mm["constraints"].get<long long>(),
              mm["constraints_in_cycles"].get<long long>(), mm["norm"].get<double>());
  std::printf("Result 2    cos(p, p_mm) %.4f, selection accuracy %.3f, attention mass %.3f\n",
              last.cosine_to_max_margin, last.selection_accuracy, last.selection_mass);
  std::printf("Figure 1    U-score %.3f, signed %.3f, U-contrast %.3f over %d tokens\n",
              last.u_score, last.signed_score, last.u_contrast, last.u_tokens);
  std::printf("wrote       %s\n", args.out.c_str());
  return 0;
}

}  // namespace
