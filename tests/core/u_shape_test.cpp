// Figure 1 on synthetic data: training puts strongly polar tokens (either sign) above
// neutral ones, so p.E_s rises with |Delta_s| (U-score high) but not with Delta_s.
#include <gtest/gtest.h>

#include "clslab/statistics.h"
#include "clslab/synthetic.h"
#include "clslab/trainer.h"

namespace clslab {
namespace {

// 12 + 12 polar token kinds whose lean spreads over (-1, 1), and 12 neutral kinds. Few
// neutral kinds on purpose: their |Delta| is sampling noise around 0, and a rank
// correlation over many of them measures that noise (THEORY.md: "thousands of rarely
// selected tokens dilute a rank correlation"); the U-contrast is checked on more below.
Corpus PolarRichCorpus(int32_t neutral_tokens) {
  SyntheticOptions options;
  options.reviews = 2000;
  options.neutral_tokens = neutral_tokens;
  options.seed = 5;
  Result<SyntheticData> data = GenerateSynthetic(options);
  EXPECT_TRUE(data.ok()) << data.status.message();
  return data.value.corpus;
}

UShape TrainAndMeasure(const Corpus& corpus, Protocol protocol) {
  TrainerOptions config;
  config.width = 256;
  config.sigma = 1;
  config.protocol = protocol;
  config.optimizer = OptimizerKind::kAdam;
  config.learning_rate = 0.01;
  Trainer trainer(&corpus, config);
  EXPECT_EQ(trainer.Advance(300).taken, 300);
  return ComputeUShape(ComputeTokenScalars(trainer.weights()).attention,
                       ComputeTokenStatistics(corpus));
}

TEST(UShape, JointTrainingScoresPolarTokensOfBothSignsHighest) {
  const UShape u = TrainAndMeasure(PolarRichCorpus(12), Protocol::kJoint);
  EXPECT_GT(u.u_score, 0.8);
  EXPECT_LT(std::abs(u.signed_score), 0.2);
}

TEST(UShape, PaperProtocolSeparatesPolarFromNeutralTokens) {
  // 48 neutral kinds: the rank score is diluted, the contrast (in units of std) is not.
  const UShape u = TrainAndMeasure(PolarRichCorpus(48), Protocol::kPaper);
  EXPECT_GT(u.contrast, 1.5);
  EXPECT_GT(u.u_score, 0.4);
}

TEST(UShape, UntrainedQueryShowsNoU) {
  // Control: at p = 0 every p.E_s is 0, so neither score can be high by construction.
  const Corpus corpus = PolarRichCorpus(12);
  TrainerOptions config;
  Trainer trainer(&corpus, config);
  const UShape u = ComputeUShape(ComputeTokenScalars(trainer.weights()).attention,
                                 ComputeTokenStatistics(corpus));
  EXPECT_EQ(u.u_score, 0);
  EXPECT_EQ(u.contrast, 0);
}

}  // namespace
}  // namespace clslab
