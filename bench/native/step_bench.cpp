// Native benchmark of the clslab step (full-batch joint GD epoch: forward + gradient +
// update), the token-stream floor, and the att-SVM solver. Plain chrono: medians of
// repeated runs, printed as one JSON object (bench/run.mjs merges it into the results).
//
// Usage: clslab_step_bench [--sst2 path.tsv] [--reps 7] [--svm 1]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../cpp/bench_lab.h"

namespace {

using Clock = std::chrono::steady_clock;

double Median(std::vector<double> x) {
  std::sort(x.begin(), x.end());
  return x[x.size() / 2];
}

template <typename F>
double TimeMs(F&& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Median ms per epoch and per stream pass, interleaved so that noise hits both alike.
std::string Measure(clslab::bench::BenchLab* lab, const char* name, int32_t d, int reps) {
  lab->Reset(d, 1.0, 1.0, 1);
  lab->Epochs(1);  // warm-up: sizes the workspace and touches every page
  std::vector<double> epoch, stream;
  volatile int64_t sink = 0;
  for (int r = 0; r < reps; ++r) {
    epoch.push_back(TimeMs([&] { lab->Epochs(1); }));
    stream.push_back(TimeMs([&] { sink = sink + lab->StreamSum(); }));
  }
  const double e = Median(epoch), s = Median(stream);
  char line[512];
  std::snprintf(line, sizeof line,
                "{\"set\":\"%s\",\"d\":%d,\"reviews\":%d,\"tokens\":%d,\"vocab\":%d,"
                "\"epochMs\":%.3f,\"streamMs\":%.3f,\"epochOverStream\":%.2f,\"loss\":%.6f}",
                name, d, lab->corpus().NumReviews(), lab->corpus().NumTokens(),
                lab->corpus().vocab_size, e, s, e / s, lab->Loss());
  std::fprintf(stderr, "%s\n", line);
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  std::string sst2;
  int reps = 7;
  bool svm = true;
  for (int k = 1; k + 1 < argc; k += 2) {
    if (!std::strcmp(argv[k], "--sst2")) sst2 = argv[k + 1];
    if (!std::strcmp(argv[k], "--reps")) reps = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--svm")) svm = std::atoi(argv[k + 1]) != 0;
  }
  clslab::bench::BenchLab lab;
  std::vector<std::string> rows;
  lab.SetCorpus(clslab::bench::MakeImdbShaped(25000, 230, 30000, 1));
  rows.push_back(Measure(&lab, "imdb-shaped", 64, reps));
  rows.push_back(Measure(&lab, "imdb-shaped", 256, reps));
  std::string svm_json = "null";
  if (svm) {
    int64_t constraints = 0;
    const double prepare = TimeMs([&] { constraints = lab.PrepareSvm(64, 1000, 1.0, 1); });
    clslab::SvmSolution solution;
    const double solve = TimeMs([&] { solution = lab.SolveSvm(1.0, 1e-4, 1000); });
    char line[512];
    std::snprintf(line, sizeof line,
                  "{\"d\":64,\"constraints\":%lld,\"prepareMs\":%.1f,\"solveMs\":%.1f,"
                  "\"gap\":%.3g,\"tolerance\":1e-4,\"epochs\":%d,\"converged\":%s,"
                  "\"violated\":%lld}",
                  static_cast<long long>(constraints), prepare, solve, solution.gap,
                  solution.epochs, solution.converged ? "true" : "false",
                  static_cast<long long>(solution.violated));
    svm_json = line;
    std::fprintf(stderr, "svm %s\n", line);
  }
  if (!sst2.empty()) {
    std::ifstream file(sst2, std::ios::binary);
    std::stringstream bytes;
    bytes << file.rdbuf();
    const std::string error = lab.LoadText(bytes.str(), 20000, 2);
    if (!error.empty()) {
      std::fprintf(stderr, "sst2: %s\n", error.c_str());
      return 1;
    }
    rows.push_back(Measure(&lab, "sst2", 64, reps));
    rows.push_back(Measure(&lab, "sst2", 256, reps));
  }
  std::printf("{\"runs\":[");
  for (size_t k = 0; k < rows.size(); ++k) std::printf("%s%s", k ? "," : "", rows[k].c_str());
  std::printf("],\"svm\":%s}\n", svm_json.c_str());
  return 0;
}
