// C exports of BenchLab for the wasm benchmark module (Node and Chromium). Benchmark-only:
// not the app's Embind module. Arrays go through malloc'd buffers the JS side fills or
// reads right after the call (it re-reads HEAP* views after every call: memory may grow).
#include <emscripten/emscripten.h>

#include <string>
#include <vector>

#include "../cpp/bench_lab.h"

namespace {
clslab::bench::BenchLab lab;
std::vector<float> grad_E, grad_p;
std::string error;
clslab::SvmSolution svm;
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void bench_make_imdb_shaped(int reviews, int length, int vocab, int seed) {
  lab.SetCorpus(clslab::bench::MakeImdbShaped(reviews, length, vocab, seed));
}
// Returns 0 on success, else a pointer to the NUL-terminated message.
EMSCRIPTEN_KEEPALIVE const char* bench_load_text(const char* bytes, int size, int max_vocab,
                                                 int min_count) {
  error = lab.LoadText(std::string(bytes, size), max_vocab, min_count);
  return error.empty() ? nullptr : error.c_str();
}
EMSCRIPTEN_KEEPALIVE int bench_reviews() { return lab.corpus().NumReviews(); }
EMSCRIPTEN_KEEPALIVE int bench_tokens() { return lab.corpus().NumTokens(); }
EMSCRIPTEN_KEEPALIVE int bench_vocab() { return lab.corpus().vocab_size; }
EMSCRIPTEN_KEEPALIVE const int* bench_token_ids() { return lab.corpus().token_ids.data(); }
EMSCRIPTEN_KEEPALIVE const int* bench_offsets() { return lab.corpus().offsets.data(); }
EMSCRIPTEN_KEEPALIVE const signed char* bench_labels() { return lab.corpus().labels.data(); }

EMSCRIPTEN_KEEPALIVE void bench_reset(int width, double learning_rate, double sigma, int seed) {
  lab.Reset(width, learning_rate, sigma, seed);
}
EMSCRIPTEN_KEEPALIVE int bench_epochs(int epochs) { return lab.Epochs(epochs) ? 1 : 0; }
EMSCRIPTEN_KEEPALIVE double bench_loss() { return lab.Loss(); }
EMSCRIPTEN_KEEPALIVE const float* bench_E() { return lab.weights().E.data(); }
EMSCRIPTEN_KEEPALIVE const float* bench_p() { return lab.weights().p.data(); }
EMSCRIPTEN_KEEPALIVE const float* bench_v() { return lab.weights().v.data(); }
EMSCRIPTEN_KEEPALIVE double bench_gradient() { return lab.LossAndDenseGradient(&grad_E, &grad_p); }
EMSCRIPTEN_KEEPALIVE const float* bench_grad_E() { return grad_E.data(); }
EMSCRIPTEN_KEEPALIVE const float* bench_grad_p() { return grad_p.data(); }
EMSCRIPTEN_KEEPALIVE double bench_stream_sum() { return static_cast<double>(lab.StreamSum()); }
EMSCRIPTEN_KEEPALIVE double bench_forward() { return lab.Forward(); }

EMSCRIPTEN_KEEPALIVE double bench_svm_prepare(int width, double eta, double sigma, int seed) {
  return static_cast<double>(lab.PrepareSvm(width, eta, sigma, seed));
}
EMSCRIPTEN_KEEPALIVE void bench_svm_solve(double c, double tolerance, int max_epochs) {
  svm = lab.SolveSvm(c, tolerance, max_epochs);
}
EMSCRIPTEN_KEEPALIVE void bench_svm_start(double c, double tolerance, int max_epochs) {
  lab.StartSvm(c, tolerance, max_epochs);
}
// Returns 1 when done (then bench_svm_* report the sliced solution).
EMSCRIPTEN_KEEPALIVE int bench_svm_run(double budget) {
  if (!lab.RunSvm(static_cast<int64_t>(budget))) return 0;
  svm = lab.svm();
  return 1;
}
EMSCRIPTEN_KEEPALIVE double bench_svm_gap() { return svm.gap; }
EMSCRIPTEN_KEEPALIVE int bench_svm_epochs() { return svm.epochs; }
EMSCRIPTEN_KEEPALIVE double bench_svm_updates() { return static_cast<double>(svm.updates); }
EMSCRIPTEN_KEEPALIVE double bench_svm_violated() { return static_cast<double>(svm.violated); }
EMSCRIPTEN_KEEPALIVE int bench_svm_converged() { return svm.converged ? 1 : 0; }

// The page's shape (BenchLab::LoadRealLength, ResetPaper, StepOnE).
EMSCRIPTEN_KEEPALIVE const char* bench_load_real_length(int reviews) {
  error = lab.LoadRealLength(reviews);
  return error.empty() ? nullptr : error.c_str();
}
EMSCRIPTEN_KEEPALIVE void bench_reset_paper(int width, double eta, double sigma, int seed) {
  lab.ResetPaper(width, eta, sigma, seed);
}
EMSCRIPTEN_KEEPALIVE int bench_step_on_e() { return lab.StepOnE() ? 1 : 0; }

}  // extern "C"
