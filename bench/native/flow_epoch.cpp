// Native benchmark of the flow on p (issue 37, item 6): CPU ms per step of Experiment::
// StepAttention at the defaults, in windows of steps, so the default run's 300 and the
// saturated steps after it (where the accurate flow sums relative to each review's leading
// token) are timed apart. The file is loaded as a user's upload (the CLI's defaults); the
// step on E first. Build it against two cores and run them in turn to compare (BENCHMARKS.md).
//
// Usage: clslab_flow_epoch FILE [--windows 300,1000,3000] [--set key=value]...
//   prints one JSON object per window: steps, CPU and wall ms per step, the loss reached.
//   --set changes a setting as the CLI's does (e.g. flow_rate=100: p's norm grows 100 a
//   step, so the softmax saturates within the first windows).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/experiment.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: clslab_flow_epoch FILE [--windows 300,1000,3000]\n");
    return 2;
  }
  std::vector<int64_t> windows = {300, 1000, 3000};
  std::vector<std::string> sets;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--set") sets.push_back(argv[i + 1]);
    if (flag != "--windows") continue;
    windows.clear();
    std::stringstream list(argv[i + 1]);
    for (std::string item; std::getline(list, item, ',');) windows.push_back(std::stoll(item));
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string bytes = buffer.str();
  if (bytes.empty()) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  clslab::Experiment lab;
  clslab::RunConfig config;
  config.dataset = "file";
  config.source_name = argv[1];
  config.steps = windows.back();
  for (const std::string& set : sets) {
    const size_t equals = set.find('=');
    const clslab::Status applied = clslab::SetSetting(
        &config, set.substr(0, equals), equals == std::string::npos ? "" : set.substr(equals + 1));
    if (!applied.ok()) {
      std::fprintf(stderr, "--set %s: %s\n", set.c_str(), applied.message().c_str());
      return 2;
    }
  }
  const auto loaded = lab.Load(clslab::SourceBytes::Text(bytes), config);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.status.message().c_str());
    return 1;
  }
  lab.StepEmbeddings();
  int64_t from = lab.step();
  for (const int64_t to : windows) {
    const std::clock_t cpu = std::clock();
    const auto wall = std::chrono::steady_clock::now();
    clslab::StepReport report;
    while (lab.step() < to) {
      report = lab.StepAttention(static_cast<int32_t>(to - lab.step()));
      if (report.taken == 0 || report.refused) break;
    }
    const double cpu_ms = 1000.0 * (std::clock() - cpu) / CLOCKS_PER_SEC;
    const double wall_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall).count();
    const int64_t steps = lab.step() - from;
    std::printf(
        "{\"from\":%lld,\"to\":%lld,\"steps\":%lld,\"cpuMsPerStep\":%.4f,\"wallMsPerStep\":%.4f,"
        "\"loss\":%.15g,\"stopped\":\"%s\"}\n",
        static_cast<long long>(from), static_cast<long long>(lab.step()),
        static_cast<long long>(steps), steps > 0 ? cpu_ms / steps : 0.0,
        steps > 0 ? wall_ms / steps : 0.0, report.train_loss,
        report.refused ? report.message.c_str() : "");
    std::fflush(stdout);
    from = lab.step();
  }
  return 0;
}
