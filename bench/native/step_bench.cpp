// Native benchmark of the clslab step (full-batch joint GD epoch: forward + gradient +
// update), the token-stream floor, the att-SVM solver (one call and in slices), and the
// page's shape (25,000 real-length reviews at d = 1024: step on E, att-SVM). Plain chrono: medians
// of repeated runs, printed as one JSON object (bench/run.mjs merges it into the results).
//
// Usage: clslab_step_bench [--sst2 path.tsv] [--reps 7] [--only epochs,svm,real]
//        clslab_step_bench --write-real-text FILE   (25,000 real-length reviews as text)
//        clslab_step_bench --write-peer DIR [--reps 7]   (the PyTorch peer's inputs, see
//                                                        bench/torch/peer.py, and native ms)
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

// Median ms per epoch, per stream pass and per forward pass, interleaved so that noise
// hits all three alike.
std::string Measure(clslab::bench::BenchLab* lab, const char* name, int32_t d, int reps) {
  lab->Reset(d, 1.0, 1.0, 1);
  lab->Epochs(1);  // warm-up: sizes the workspace and touches every page
  std::vector<double> epoch, stream, forward;
  volatile int64_t sink = 0;
  volatile double forward_sink = 0;
  for (int r = 0; r < reps; ++r) {
    epoch.push_back(TimeMs([&] { lab->Epochs(1); }));
    stream.push_back(TimeMs([&] { sink = sink + lab->StreamSum(); }));
    forward.push_back(TimeMs([&] { forward_sink = forward_sink + lab->Forward(); }));
  }
  const double e = Median(epoch), s = Median(stream), f = Median(forward);
  char line[640];
  std::snprintf(line, sizeof line,
                "{\"set\":\"%s\",\"d\":%d,\"reviews\":%d,\"tokens\":%d,\"vocab\":%d,"
                "\"epochMs\":%.3f,\"streamMs\":%.3f,\"forwardMs\":%.3f,"
                "\"epochOverStream\":%.2f,\"epochOverForward\":%.2f,\"loss\":%.6f}",
                name, d, lab->corpus().NumReviews(), lab->corpus().NumTokens(),
                lab->corpus().vocab_size, e, s, f, e / s, e / f, lab->Loss());
  std::fprintf(stderr, "%s\n", line);
  return line;
}

// The att-SVM prepared in `lab`, solved once in one call and once in slices of about
// 30 ms (budget calibrated on a first slice, as the page's worker does): ms of each.
std::string SolveSvmJson(clslab::bench::BenchLab* lab, const char* name, int32_t d,
                         int64_t constraints, double prepare_ms, double c, double tolerance) {
  clslab::SvmSolution one;
  const double solve = TimeMs([&] { one = lab->SolveSvm(c, tolerance, 1000); });
  std::vector<double> slices;
  const double start = TimeMs([&] { lab->StartSvm(c, tolerance, 1000); });
  int64_t budget = 2000;
  bool done = false;
  while (!done) {
    slices.push_back(TimeMs([&] { done = lab->RunSvm(budget); }));
    if (slices.size() == 1) {
      budget = std::max<int64_t>(100, static_cast<int64_t>(budget * 30 / (slices[0] + 1e-3)));
    }
  }
  double total = start;
  for (double ms : slices) total += ms;
  const clslab::SvmSolution& sliced = lab->svm();
  char line[768];
  std::snprintf(line, sizeof line,
                "{\"set\":\"%s\",\"d\":%d,\"constraints\":%lld,\"prepareMs\":%.1f,"
                "\"solveMs\":%.1f,\"gap\":%.3g,\"tolerance\":%g,\"epochs\":%d,"
                "\"updates\":%lld,\"converged\":%s,\"violated\":%lld,\"slicedMs\":%.1f,"
                "\"startMs\":%.1f,\"slices\":%zu,\"sliceBudget\":%lld,\"maxSliceMs\":%.1f,"
                "\"slicedSame\":%s}",
                name, d, static_cast<long long>(constraints), prepare_ms, solve, one.gap, tolerance,
                one.epochs, static_cast<long long>(one.updates), one.converged ? "true" : "false",
                static_cast<long long>(one.violated), total, start, slices.size(),
                static_cast<long long>(budget), *std::max_element(slices.begin(), slices.end()),
                sliced.gap == one.gap && sliced.updates == one.updates ? "true" : "false");
  std::fprintf(stderr, "svm %s\n", line);
  return line;
}

// The page's shape: 25,000 real-length reviews through the text pipeline, paper protocol
// at d = 1024: drawing E(0), the step on E, then the att-SVM on E(1) (page settings: C = 1,
// gap 1e-3).
std::string MeasureRealLength(clslab::bench::BenchLab* lab, int reps) {
  std::string error;
  const double load = TimeMs([&] { error = lab->LoadRealLength(25000); });
  if (!error.empty()) return "null";
  std::vector<double> init, step;
  for (int r = 0; r < reps; ++r) {
    init.push_back(TimeMs([&] { lab->ResetPaper(1024, 1000, 1.0, 1); }));
    step.push_back(TimeMs([&] { lab->StepOnE(); }));
  }
  int64_t constraints = 0;
  const double prepare = TimeMs([&] { constraints = lab->PrepareSvm(1024, 1000, 1.0, 1); });
  const std::string svm = SolveSvmJson(lab, "real-length", 1024, constraints, prepare, 1.0, 1e-3);
  char line[512];
  std::snprintf(line, sizeof line,
                "{\"reviews\":%d,\"tokens\":%d,\"vocab\":%d,\"d\":1024,\"loadMs\":%.1f,"
                "\"initMs\":%.1f,\"stepOnEMs\":%.1f,\"svm\":",
                lab->corpus().NumReviews(), lab->corpus().NumTokens(), lab->corpus().vocab_size,
                load, Median(init), Median(step));
  std::fprintf(stderr, "real %s\n", line);
  return std::string(line) + svm + "}";
}

// Raw little-endian arrays, the PyTorch peer's input (numpy.fromfile reads them back).
template <typename T>
void WriteArray(const std::string& path, const T* data, size_t count) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(count * sizeof(T)));
}

void WriteCorpus(const std::string& prefix, const clslab::Corpus& corpus) {
  WriteArray(prefix + ".ids.i32", corpus.token_ids.data(), corpus.token_ids.size());
  WriteArray(prefix + ".offsets.i32", corpus.offsets.data(), corpus.offsets.size());
  WriteArray(prefix + ".labels.i8", corpus.labels.data(), corpus.labels.size());
}

// The PyTorch peer's inputs in `dir`: (1) a small case with clslab's weights, loss and
// dense gradient, so the peer proves it computes the same function; (2) the IMDB-shaped
// corpus the epochs below time, with clslab's native epoch ms at d 64 and 256 from this
// run (bench/run.mjs times the peer right after, on the same machine). Prints JSON.
int WritePeer(const std::string& dir, int reps) {
  clslab::bench::BenchLab lab;
  lab.SetCorpus(clslab::bench::MakeImdbShaped(200, 40, 500, 7));
  lab.Reset(16, 1.0, 1.0, 3);
  lab.Epochs(2);  // p != 0, so the check covers the softmax's gradient, not only p = 0
  std::vector<float> grad_E, grad_p;
  const double loss = lab.LossAndDenseGradient(&grad_E, &grad_p);
  const clslab::Weights& w = lab.weights();
  WriteCorpus(dir + "/small", lab.corpus());
  WriteArray(dir + "/small.E.f32", w.E.data(), static_cast<size_t>(w.E.size()));
  WriteArray(dir + "/small.p.f32", w.p.data(), static_cast<size_t>(w.p.size()));
  WriteArray(dir + "/small.v.f32", w.v.data(), static_cast<size_t>(w.v.size()));
  WriteArray(dir + "/small.gradE.f32", grad_E.data(), grad_E.size());
  WriteArray(dir + "/small.gradp.f32", grad_p.data(), grad_p.size());
  lab.SetCorpus(clslab::bench::MakeImdbShaped(25000, 230, 30000, 1));
  WriteCorpus(dir + "/imdb", lab.corpus());
  std::string runs =
      Measure(&lab, "imdb-shaped", 64, reps) + "," + Measure(&lab, "imdb-shaped", 256, reps);
  std::printf(
      "{\"small\":{\"reviews\":200,\"vocab\":500,\"d\":16,\"loss\":%.17g},"
      "\"imdb\":{\"reviews\":25000,\"vocab\":30000},\"runs\":[%s]}\n",
      loss, runs.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string sst2, only = "epochs,svm,real";
  int reps = 7;
  for (int k = 1; k + 1 < argc; k += 2) {
    if (!std::strcmp(argv[k], "--write-real-text")) {
      // 25,000 real-length reviews as a text file (for the CLI and the page), then exit.
      std::ofstream(argv[k + 1], std::ios::binary)
          << clslab::bench::CorpusAsText(clslab::bench::MakeRealLength(25000, 30000, 1));
      return 0;
    }
    if (!std::strcmp(argv[k], "--write-peer")) {
      const int peer_reps =
          k + 3 < argc && !std::strcmp(argv[k + 2], "--reps") ? std::atoi(argv[k + 3]) : reps;
      return WritePeer(argv[k + 1], peer_reps);
    }
    if (!std::strcmp(argv[k], "--sst2")) sst2 = argv[k + 1];
    if (!std::strcmp(argv[k], "--reps")) reps = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--only")) only = argv[k + 1];
  }
  auto wanted = [&](const char* part) { return only.find(part) != std::string::npos; };
  clslab::bench::BenchLab lab;
  std::vector<std::string> rows;
  lab.SetCorpus(clslab::bench::MakeImdbShaped(25000, 230, 30000, 1));
  if (wanted("epochs")) {
    rows.push_back(Measure(&lab, "imdb-shaped", 64, reps));
    rows.push_back(Measure(&lab, "imdb-shaped", 256, reps));
  }
  std::string svm_json = "null", real_json = "null";
  if (wanted("svm")) {
    int64_t constraints = 0;
    const double prepare = TimeMs([&] { constraints = lab.PrepareSvm(64, 1000, 1.0, 1); });
    svm_json = SolveSvmJson(&lab, "imdb-shaped", 64, constraints, prepare, 1.0, 1e-4);
  }
  if (!sst2.empty() && wanted("epochs")) {
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
  if (wanted("real")) real_json = MeasureRealLength(&lab, std::max(1, std::min(reps, 3)));
  std::printf("{\"runs\":[");
  for (size_t k = 0; k < rows.size(); ++k) std::printf("%s%s", k ? "," : "", rows[k].c_str());
  std::printf("],\"svm\":%s,\"real\":%s}\n", svm_json.c_str(), real_json.c_str());
  return 0;
}
