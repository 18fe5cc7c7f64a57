// Native twin of bench/solve-breakdown.mjs: the worker's path from "Step on E" to p_mm
// solved, Experiment call by call (StepEmbeddings, CurrentMetrics, StartMaxMargin, the
// ContinueMaxMargin slices rescaled to ~25 ms as training.ts does, MaxMarginScoresOfTokens,
// CurrentMetrics, Explain + Selection). One JSON line per repetition on stdout.
//
// Usage: clslab_solve_breakdown FILE.tsv [--link-version 1|2] [--reps N] [--slice-ms 25]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/dataset_source.h"
#include "clslab/experiment.h"

namespace {

using Clock = std::chrono::steady_clock;

template <typename F>
double TimeMs(F&& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.tsv [--link-version 1|2] [--reps N] [--slice-ms 25]\n",
                 argv[0]);
    return 2;
  }
  int link_version = 1, reps = 3;
  double slice_ms = 25;
  for (int k = 2; k + 1 < argc; k += 2) {
    if (!std::strcmp(argv[k], "--link-version")) link_version = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--reps")) reps = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--slice-ms")) slice_ms = std::atof(argv[k + 1]);
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string bytes = buffer.str();
  std::string name = argv[1];
  name = name.substr(name.find_last_of('/') + 1);
  const clslab::DecodedShareLink link = clslab::DecodeShareLink(
      std::string("#") + (link_version == 1 ? "v=1&" : "") + "steps=1000000&run=0");
  clslab::ParseOptions options;
  options.source_name = name;
  clslab::Result<clslab::RunConfig> config =
      clslab::WithSource(link.config, "file", name, options, 0, 0);
  if (!config.ok()) {
    std::fprintf(stderr, "%s\n", config.status.message().c_str());
    return 1;
  }
  clslab::Experiment lab;
  clslab::SourceBytes source = clslab::SourceBytes::Text(bytes);
  source.name = name;
  const auto loaded = lab.Load(source, config.value);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.status.message().c_str());
    return 1;
  }
  std::fprintf(stderr, "V %d, d %d\n", static_cast<int>(lab.weights()->vocab_size()),
               static_cast<int>(lab.weights()->E.cols()));
  for (int rep = 0; rep < reps; ++rep) {
    if (rep > 0) lab.Reset();
    const double step_e = TimeMs([&] { lab.StepEmbeddings(); });
    const double metrics1 = TimeMs([&] { lab.CurrentMetrics(); });
    clslab::MaxMarginProgress progress;
    const double start = TimeMs([&] { progress = lab.StartMaxMargin(); });
    double budget = 1000, sweeps = 0, longest = 0, part_ms[3] = {0, 0, 0};
    const std::clock_t cpu0 = std::clock();
    int slices = 0, over50 = 0;
    std::string changes;
    int32_t part = progress.part;
    while (progress.active) {
      clslab::MaxMarginProgress next;
      const double took =
          TimeMs([&] { next = lab.ContinueMaxMargin(static_cast<int64_t>(budget)); });
      ++slices;
      sweeps += took;
      part_ms[std::min(part, 2)] += took;
      longest = std::max(longest, took);
      over50 += took > 50;
      if (next.part != part || !next.active) {
        changes += (changes.empty() ? "" : ",") + std::to_string(static_cast<int>(took));
      }
      part = next.part;
      // As training.ts solveNow: only a call that spent its budget on sweeps rescales it.
      if (next.part == progress.part && next.updates - progress.updates >= std::floor(budget)) {
        budget = std::max(100.0, std::min(budget * 4, budget * slice_ms / std::max(took, 0.01)));
      }
      progress = next;
    }
    const double solve_cpu = 1000.0 * (std::clock() - cpu0) / CLOCKS_PER_SEC;
    clslab::MaxMarginScores columns;
    const double scores = TimeMs([&] { columns = lab.MaxMarginScoresOfTokens(); });
    // FNV-1a over the bits of both p_mm columns: equal hashes, equal columns.
    uint64_t hash = 1469598103934665603ull;
    for (const std::vector<float>* column : {&columns.all, &columns.acyclic}) {
      for (float x : *column) {
        uint32_t bits;
        std::memcpy(&bits, &x, 4);
        hash = (hash ^ bits) * 1099511628211ull;
      }
    }
    const double metrics2 = TimeMs([&] { lab.CurrentMetrics(); });
    const double guide = TimeMs([&] {
      lab.Explain();
      lab.Selection();
    });
    const clslab::MaxMarginReport report = lab.max_margin_report();
    std::printf(
        "{\"rep\":%d,\"stepE\":%.1f,\"metrics1\":%.1f,\"start\":%.1f,\"slices\":%d,"
        "\"sweeps\":%.1f,\"longestSlice\":%.1f,\"partChangeSlices\":[%s],\"over50\":%d,"
        "\"scores\":%.1f,\"metrics2\":%.1f,\"guide\":%.1f,\"total\":%.1f,"
        "\"constraints\":%lld,\"acyclicConstraints\":%lld,\"norm\":%.9g,\"acyclicNorm\":%.9g,"
        "\"epochs\":%d,\"part1\":%.1f,\"part2\":%.1f,\"solveCpu\":%.1f,\"hash\":\"%016llx\"}\n",
        rep, step_e, metrics1, start, slices, sweeps, longest, changes.c_str(), over50, scores,
        metrics2, guide, step_e + metrics1 + start + sweeps + scores + metrics2 + guide,
        static_cast<long long>(report.constraints),
        static_cast<long long>(report.acyclic_constraints), report.norm, report.acyclic_norm,
        static_cast<int>(report.epochs), part_ms[1], part_ms[2], solve_cpu,
        static_cast<unsigned long long>(hash));
    std::fflush(stdout);
  }
  return 0;
}
