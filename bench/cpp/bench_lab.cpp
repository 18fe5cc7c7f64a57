// See bench_lab.h. Everything here is set-up and glue; the timed work is the core's.
#include "bench_lab.h"

#include <algorithm>
#include <cmath>

#include "clslab/config.h"
#include "clslab/dataset.h"
#include "clslab/rng.h"
#include "clslab/selection.h"
#include "clslab/text_formats.h"

namespace clslab::bench {

namespace {

// Reviews of the given lengths whose tokens follow MakeImdbShaped's law (see bench_lab.h).
Corpus MakeZipfReviews(const std::vector<int32_t>& lengths, int32_t vocab_size, Rng* rng) {
  // Zipf CDF over ranks 0..V-1, inverted by binary search.
  std::vector<double> cdf(vocab_size);
  double total = 0;
  for (int32_t k = 0; k < vocab_size; ++k) cdf[k] = total += 1.0 / (k + 1);
  constexpr int32_t kPolar = 100;  // ids 0..99 lean positive, 100..199 negative
  Corpus corpus;
  corpus.vocab_size = vocab_size;
  int64_t tokens = 0;
  for (int32_t length : lengths) tokens += length;
  corpus.token_ids.reserve(tokens);
  std::vector<int32_t> ids;
  for (int32_t length : lengths) {
    const int8_t label = rng->Uniform() < 0.5 ? -1 : 1;
    ids.resize(length);
    for (int32_t t = 0; t < length; ++t) {
      if (rng->Uniform() < 0.05) {
        const int32_t base = (rng->Uniform() < 0.8) == (label > 0) ? 0 : kPolar;
        ids[t] = base + static_cast<int32_t>(rng->Below(kPolar));
      } else {
        const double u = rng->Uniform() * total;
        ids[t] = static_cast<int32_t>(std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
        ids[t] = std::min(ids[t], vocab_size - 1);
      }
    }
    corpus.Add(ids, label);
  }
  return corpus;
}

}  // namespace

Corpus MakeImdbShaped(int32_t reviews, int32_t length, int32_t vocab_size, uint64_t seed) {
  Rng rng(seed);
  return MakeZipfReviews(std::vector<int32_t>(reviews, length), vocab_size, &rng);
}

Corpus MakeRealLength(int32_t reviews, int32_t vocab_size, uint64_t seed) {
  Rng rng(seed);
  // log T ~ N(log 174, 0.75^2): median 174, mean 174 e^{0.75^2 / 2} ~ 230 tokens.
  std::vector<int32_t> lengths(reviews);
  for (int32_t& length : lengths) {
    const double t = 174.0 * std::exp(0.75 * rng.Normal());
    length = static_cast<int32_t>(std::min(2500.0, std::max(5.0, std::round(t))));
  }
  return MakeZipfReviews(lengths, vocab_size, &rng);
}

std::string CorpusAsText(const Corpus& corpus) {
  std::string text;
  text.reserve(static_cast<size_t>(corpus.NumTokens()) * 7);
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    text += corpus.labels[i] > 0 ? "1\t" : "0\t";
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      if (t > corpus.Begin(i)) text += ' ';
      text += 'w';
      text += std::to_string(corpus.token_ids[t]);
    }
    text += '\n';
  }
  return text;
}

std::string BenchLab::LoadText(const std::string& bytes, int32_t max_vocab, int32_t min_count,
                               double test_fraction) {
  ParseOptions parse;
  parse.source_name = "bench";
  Result<ParsedReviews> parsed = ParseReviews(bytes, parse);
  if (!parsed.ok()) return parsed.status.message();
  PipelineOptions pipeline;
  pipeline.test_fraction = test_fraction;
  pipeline.max_vocab = max_vocab;
  pipeline.min_count = min_count;
  Result<Dataset> built = BuildDataset(parsed.value.rows, pipeline);
  if (!built.ok()) return built.status.message();
  SetCorpus(std::move(built.value.train));
  return "";
}

std::string BenchLab::LoadRealLength(int32_t reviews) {
  return LoadText(CorpusAsText(MakeRealLength(reviews, 30000, 1)), 20000, 2, 0.2);
}

namespace {

// The paper protocol at the bench's size: the step on E, then the flow on p.
TrainerOptions PaperOptions(int32_t width, double eta, double sigma, uint32_t seed) {
  TrainerOptions options;
  options.width = width;
  options.sigma = sigma;
  options.seed = seed;
  options.protocol = Protocol::kPaper;
  options.eta = eta;
  return options;
}

}  // namespace

void BenchLab::ResetPaper(int32_t width, double eta, double sigma, uint32_t seed) {
  trainer_ = std::make_unique<Trainer>(&corpus_, PaperOptions(width, eta, sigma, seed));
}

bool BenchLab::StepOnE() { return trainer_->StepEmbeddings().taken == 1; }

void BenchLab::Reset(int32_t width, double learning_rate, double sigma, uint32_t seed) {
  TrainerOptions config;
  config.width = width;
  config.sigma = sigma;
  config.seed = seed;
  config.protocol = Protocol::kJoint;
  config.optimizer = OptimizerKind::kGradientDescent;
  config.learning_rate = learning_rate;
  config.batch_size = 0;
  config.train_v = false;
  trainer_ = std::make_unique<Trainer>(&corpus_, config);
}

bool BenchLab::Epochs(int32_t epochs) { return !trainer_->Advance(epochs).stopped; }

double BenchLab::Loss() { return Forward(); }

double BenchLab::LossAndDenseGradient(std::vector<float>* grad_E, std::vector<float>* grad_p) {
  const Weights& w = trainer_->weights();
  const double loss = LossAndGradient(w, corpus_, {}, &workspace_, &gradient_).loss;
  const int32_t vocab_size = w.vocab_size(), d = w.width();
  grad_E->assign(static_cast<size_t>(vocab_size) * d, 0.0f);
  for (int32_t s : gradient_.rows) {
    for (int32_t j = 0; j < d; ++j) {
      (*grad_E)[static_cast<size_t>(s) * d + j] =
          static_cast<float>(gradient_.coef_p[s] * w.p[j] + gradient_.coef_v[s] * w.v[j]);
    }
  }
  grad_p->assign(gradient_.p.data(), gradient_.p.data() + d);
  return loss;
}

double BenchLab::Forward() {
  return LossAndGradient(trainer_->weights(), corpus_, {}, &workspace_, nullptr).loss;
}

int64_t BenchLab::StreamSum() const {
  // Four independent sums so that the loop is bound by loads, not by one add chain.
  const int32_t* ids = corpus_.token_ids.data();
  const int64_t n = corpus_.NumTokens();
  uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int64_t t = 0;
  for (; t + 4 <= n; t += 4) {
    s0 += ids[t];
    s1 += ids[t + 1];
    s2 += ids[t + 2];
    s3 += ids[t + 3];
  }
  for (; t < n; ++t) s0 += ids[t];
  return static_cast<int64_t>(s0) + s1 + s2 + s3;
}

int64_t BenchLab::PrepareSvm(int32_t width, double eta, double sigma, uint32_t seed) {
  svm_trainer_ = std::make_unique<Trainer>(&corpus_, PaperOptions(width, eta, sigma, seed));
  svm_trainer_->StepEmbeddings();
  const TokenScalars scalars = ComputeTokenScalars(svm_trainer_->weights());
  const SelectedSets sets = ComputeSelectedSets(corpus_, scalars.value);
  constraints_ = BuildConstraints(corpus_, sets);
  return constraints_.size();
}

SvmSolution BenchLab::SolveSvm(double c, double tolerance, int32_t max_epochs) {
  SvmOptions options;
  options.C = c;
  options.tolerance = tolerance;
  options.max_epochs = max_epochs;
  Result<SvmSolution> solved = SolveAttentionSvm(svm_trainer_->weights().E, constraints_, options);
  return solved.ok() ? solved.value : SvmSolution{};
}

void BenchLab::StartSvm(double c, double tolerance, int32_t max_epochs) {
  SvmOptions options;
  options.C = c;
  options.tolerance = tolerance;
  options.max_epochs = max_epochs;
  Result<std::unique_ptr<SvmSolver>> started =
      SvmSolver::Start(svm_trainer_->weights().E, constraints_, options);
  solver_ = std::move(started.value);  // null on failure: RunSvm then reports done
  svm_ = SvmSolution{};
}

bool BenchLab::RunSvm(int64_t budget) {
  if (!solver_) return true;
  if (!solver_->Run(budget).done) return false;
  svm_ = solver_->Solution();
  solver_.reset();
  return true;
}

}  // namespace clslab::bench
