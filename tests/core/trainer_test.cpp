// The protocols of trainer.cpp: initialization, Result 1 (the one step on E), the flow on
// p, joint training, and refusal of steps that would leave the weights non-finite.
#include "clslab/trainer.h"

#include <gtest/gtest.h>

#include <cmath>

#include "clslab/statistics.h"
#include "clslab/synthetic.h"

namespace clslab {
namespace {

Corpus SyntheticCorpus(int32_t reviews, bool feasible, uint64_t seed = 3) {
  SyntheticOptions options;
  options.reviews = reviews;
  options.feasible = feasible;
  if (feasible) options.opposite_rate = 0;
  options.seed = seed;
  Result<SyntheticData> data = GenerateSynthetic(options);
  EXPECT_TRUE(data.ok()) << data.status.message();
  return data.value.corpus;
}

bool SameBytes(const Weights& a, const Weights& b) {
  return a.E == b.E && a.p == b.p && a.v == b.v;
}

TEST(Trainer, InitializesZeroQueryUnitOutputAndScaledEmbeddings) {
  const Corpus corpus = SyntheticCorpus(200, true);
  TrainerOptions config;
  config.width = 64;
  config.sigma = 0.5;
  const Trainer trainer(&corpus, config);
  const Weights& w = trainer.weights();
  EXPECT_EQ(w.p.squaredNorm(), 0.0f);
  EXPECT_NEAR(w.v.norm(), 1.0, 1e-6);
  // Entries ~ N(0, sigma^2/d): the sample variance over V*d ~ 9000 draws is within 5%.
  const double variance = w.E.cast<double>().squaredNorm() / w.E.size();
  EXPECT_NEAR(variance, 0.25 / 64, 0.05 * 0.25 / 64);
}

TEST(Trainer, SameSeedGivesBitIdenticalWeightsAndAnotherSeedDoesNot) {
  const Corpus corpus = SyntheticCorpus(200, false);
  TrainerOptions config;
  config.protocol = Protocol::kJoint;
  config.batch_size = 16;
  Trainer a(&corpus, config), b(&corpus, config);
  a.Advance(25);
  b.Advance(25);
  EXPECT_TRUE(SameBytes(a.weights(), b.weights()));
  config.seed = 2;
  Trainer c(&corpus, config);
  c.Advance(25);
  EXPECT_FALSE(SameBytes(a.weights(), c.weights()));
}

TEST(Trainer, StepOnEFromZeroInitIsExactlyHalfEtaAlphaTimesV) {
  // With E(0) = 0 every logit is 0, so THEORY.md's identity E_s(1) = (eta/2) alpha_s v
  // holds exactly; only float rounding of a V x d update remains (relative 1e-6).
  const Corpus corpus = SyntheticCorpus(300, false);
  TrainerOptions config;
  config.sigma = 0;
  config.eta = 3000;
  Trainer trainer(&corpus, config);
  ASSERT_EQ(trainer.StepEmbeddings().taken, 1);
  const TokenStatistics stats = ComputeTokenStatistics(corpus);
  const Weights& w = trainer.weights();
  for (int32_t s = 0; s < w.vocab_size(); ++s) {
    const Eigen::VectorXf expected = static_cast<float>(config.eta / 2 * stats.alpha[s]) * w.v;
    EXPECT_LE((w.E.row(s).transpose() - expected).norm(), 1e-6 * (1 + expected.norm())) << s;
  }
}

TEST(Trainer, OneStepSlopeMatchesPredictionWithSmallSigma) {
  const Corpus corpus = SyntheticCorpus(600, false);
  TrainerOptions config;
  config.sigma = 0.001;
  config.eta = 3000;
  Trainer trainer(&corpus, config);
  trainer.StepEmbeddings();
  const TokenStatistics stats = ComputeTokenStatistics(corpus);
  const TokenScalars scalars = ComputeTokenScalars(trainer.weights());
  std::vector<double> alpha, value;
  for (int32_t s = 0; s < corpus.vocab_size; ++s) {
    if (stats.count[s] == 0) continue;
    alpha.push_back(stats.alpha[s]);
    value.push_back(scalars.value[s]);
  }
  const LinearFit fit = FitLine(alpha, value);
  const double predicted = config.eta / 2 * trainer.weights().v.squaredNorm();
  EXPECT_NEAR(fit.slope, predicted, 0.01 * predicted);
  EXPECT_GT(fit.r_squared, 0.999);
}

TEST(Trainer, FullBatchGradientDescentLowersTheLossOnASeparableSet) {
  const Corpus corpus = SyntheticCorpus(300, true);
  TrainerOptions config;
  config.protocol = Protocol::kJoint;
  config.optimizer = OptimizerKind::kGradientDescent;
  config.learning_rate = 5.0;
  config.sigma = 0.1;
  Trainer trainer(&corpus, config);
  ModelWorkspace workspace;
  double previous = LossAndGradient(trainer.weights(), corpus, {}, &workspace, nullptr).loss;
  const double first = previous;
  for (int k = 0; k < 20; ++k) {
    trainer.StepJoint(10);
    const double loss = LossAndGradient(trainer.weights(), corpus, {}, &workspace, nullptr).loss;
    EXPECT_LE(loss, previous + 1e-9);
    previous = loss;
  }
  EXPECT_LT(previous, 0.5 * first);
}

TEST(Trainer, MiniBatchAdamLeavesUntouchedRowsAlone) {
  Corpus corpus = SyntheticCorpus(100, false);
  corpus.vocab_size += 5;  // five tokens that occur in no review
  TrainerOptions config;
  config.protocol = Protocol::kJoint;
  config.optimizer = OptimizerKind::kAdam;
  config.batch_size = 8;
  Trainer trainer(&corpus, config);
  const RowMatrixXf before = trainer.weights().E;
  trainer.StepJoint(30);
  for (int32_t s = corpus.vocab_size - 5; s < corpus.vocab_size; ++s) {
    EXPECT_EQ(trainer.weights().E.row(s), before.row(s)) << s;
  }
  EXPECT_NE(trainer.weights().E, before);
}

TEST(Trainer, ArmijoFlowNeverRaisesTheLoss) {
  const Corpus corpus = SyntheticCorpus(300, true);
  TrainerOptions config;
  config.width = 128;
  config.sigma = 1;
  config.flow_step = FlowStep::kArmijo;
  Trainer trainer(&corpus, config);
  trainer.StepEmbeddings();
  ModelWorkspace workspace;
  double previous = LossAndGradient(trainer.weights(), corpus, {}, &workspace, nullptr).loss;
  for (int k = 0; k < 50; ++k) {
    ASSERT_EQ(trainer.StepFlow(1).taken, 1);
    const double loss = LossAndGradient(trainer.weights(), corpus, {}, &workspace, nullptr).loss;
    EXPECT_LE(loss, previous);
    previous = loss;
  }
  EXPECT_GT(trainer.weights().p.norm(), 0);
}

TEST(Trainer, AbsurdLearningRateStopsWithFiniteUnchangedWeights) {
  const Corpus corpus = SyntheticCorpus(100, false);
  for (OptimizerKind kind : {OptimizerKind::kGradientDescent, OptimizerKind::kSgd}) {
    TrainerOptions config;
    config.protocol = Protocol::kJoint;
    config.optimizer = kind;
    config.batch_size = 10;
    config.learning_rate = 1e6;
    config.sigma = 10;
    Trainer trainer(&corpus, config);
    StepOutcome outcome;
    Weights last;
    for (int k = 0; k < 100 && !outcome.stopped; ++k) {
      last = trainer.weights();
      outcome = trainer.StepJoint(1);
    }
    ASSERT_TRUE(outcome.stopped);
    EXPECT_NE(outcome.message.find("learning rate"), std::string::npos) << outcome.message;
    EXPECT_TRUE(AllFinite(trainer.weights()));
    EXPECT_TRUE(SameBytes(trainer.weights(), last));
  }
  TrainerOptions paper;
  paper.eta = 1e7;
  paper.sigma = 10;
  Trainer trainer(&corpus, paper);
  const StepOutcome outcome = trainer.StepEmbeddings();
  if (outcome.stopped) EXPECT_NE(outcome.message.find("eta"), std::string::npos);
  EXPECT_TRUE(AllFinite(trainer.weights()));
}

// An eta that sends the loss past 100 log 2 is refused at the step on E, naming eta: the
// first flow step would otherwise find the loss too high and blame the flow rate.
TEST(Trainer, StepOnEThatSendsTheLossPastTheLimitIsRefusedAndKeepsE0) {
  const Corpus corpus = SyntheticCorpus(100, false);
  TrainerOptions paper;
  paper.eta = 1e7;
  paper.sigma = 10;
  Trainer trainer(&corpus, paper);
  const Weights initial = trainer.weights();
  const StepOutcome outcome = trainer.StepEmbeddings();
  ASSERT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.message,
            "the step on E made the loss pass 100 log 2; lower eta (the step on E)");
  EXPECT_TRUE(SameBytes(trainer.weights(), initial));
  EXPECT_EQ(trainer.step(), 0);
  EXPECT_EQ(trainer.phase(), Phase::kInitialized);
}

// With one token a review, attention cannot change any logit: the gradient on p is exactly
// zero, and the flow stops saying so rather than counting steps that do nothing (a zero
// gradient is never an underflow here: the flow's gradient comes scaled, model.h).
TEST(Trainer, AFlowWhoseGradientIsExactlyZeroStopsAndSaysWhy) {
  Corpus corpus;
  corpus.vocab_size = 3;
  corpus.Add({1}, 1);
  corpus.Add({2}, -1);
  corpus.Add({1, 1}, 1);
  TrainerOptions paper;
  paper.width = 4;
  Trainer trainer(&corpus, paper);
  ASSERT_EQ(trainer.StepEmbeddings().taken, 1);
  const StepOutcome outcome = trainer.StepFlow(5);
  EXPECT_EQ(outcome.taken, 0);
  ASSERT_TRUE(outcome.stopped);
  EXPECT_NE(outcome.message.find("gradient on p is exactly zero"), std::string::npos)
      << outcome.message;
  EXPECT_EQ(trainer.step(), 1);
}

}  // namespace
}  // namespace clslab
