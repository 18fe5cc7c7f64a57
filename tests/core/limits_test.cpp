// Limits: each one refused with a message that names the limit and the setting to lower,
// checked before the memory it bounds is allocated, and a refused load keeps the dataset
// that was loaded. Allocation sizes are observed at malloc (Eigen allocates with malloc).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <string>

extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* __libc_calloc(std::size_t count, std::size_t size);
extern "C" void* __libc_realloc(void* p, std::size_t size);

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/limits.h"

namespace {
std::atomic<std::size_t> largest_allocation{0};
void Record(std::size_t size) {
  std::size_t seen = largest_allocation.load();
  while (size > seen && !largest_allocation.compare_exchange_weak(seen, size)) {
  }
}
}  // namespace

extern "C" void* malloc(std::size_t size) {
  Record(size);
  return __libc_malloc(size);
}
extern "C" void* calloc(std::size_t count, std::size_t size) {
  Record(count * size);
  return __libc_calloc(count, size);
}
extern "C" void* realloc(void* p, std::size_t size) {
  Record(size);
  return __libc_realloc(p, size);
}

namespace clslab {
namespace {

// `reviews` rows of label<TAB>text, alternating classes, each with `words` distinct words
// (w<row>_<k>) plus "good"/"bad": vocabulary grows with reviews x words when min_count = 1.
std::string Reviews(int reviews, int words) {
  std::string text;
  for (int i = 0; i < reviews; ++i) {
    text += (i % 2 == 0 ? "1\tgood" : "0\tbad");
    for (int k = 0; k < words; ++k) text += " w" + std::to_string(i) + "x" + std::to_string(k);
    text += "\n";
  }
  return text;
}

RunConfig SmallConfig() {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.width = 8;
  config.min_count = 1;
  config.test_fraction = 0;
  return config;
}

// Loads `text` as the user's file `name` with `config`'s other settings.
Result<DatasetSummary> LoadFile(Experiment* experiment, const std::string& text,
                                const std::string& name, RunConfig config) {
  config.dataset = "file";
  config.source_name = name;
  return experiment->Load(SourceBytes::Text(text), config);
}

// `config` with d = width, the rest as the loaded run's (a settings change on the page).
RunConfig WithWidth(const Experiment& experiment, int32_t width) {
  RunConfig config = experiment.config();
  config.width = width;
  return config;
}

// A loaded dataset, to check that a refused load leaves it in place.
struct Loaded {
  std::string source_name, checksum;
};

Loaded LoadBaseline(Experiment* experiment) {
  const auto summary = LoadFile(experiment, Reviews(4, 1), "baseline.tsv", SmallConfig());
  EXPECT_TRUE(summary.ok()) << summary.status.message();
  return {experiment->summary().source_name, experiment->CurrentMetrics().checksum};
}

void ExpectUnchanged(Experiment& experiment, const Loaded& before) {
  EXPECT_EQ(experiment.summary().source_name, before.source_name);
  EXPECT_EQ(experiment.CurrentMetrics().checksum, before.checksum);
}

TEST(Limits, DefaultsAreStatedAndAgreeWithTheSettingsTable) {
  const Limits limits;
  EXPECT_EQ(limits.max_reviews, 1000000);
  EXPECT_EQ(limits.max_tokens, 32 << 20);
  EXPECT_EQ(limits.max_vocabulary, 500000);
  EXPECT_EQ(limits.max_width, 4096);
  EXPECT_EQ(limits.max_weights, 32 << 20);
  EXPECT_EQ(limits.max_input_bytes, ParseOptions().max_bytes);
  EXPECT_EQ(limits.max_run_file_bytes, 128 << 20);
  // A setting's own maximum never exceeds the limit it feeds, so the form cannot offer a
  // value that the limits refuse on its own.
  for (const SettingField& field : SettingFields()) {
    if (field.key == "width") EXPECT_EQ(field.max, limits.max_width);
    if (field.key == "max_reviews") EXPECT_LE(field.max, limits.max_reviews);
    if (field.key == "max_vocab") EXPECT_LE(field.max, limits.max_vocabulary);
  }
  EXPECT_EQ(WithThousands(33554432), "33,554,432");
  EXPECT_EQ(WithThousands(999), "999");
}

TEST(Limits, TooManyReviewsIsRefusedAndNamesMaxReviews) {
  Limits limits;
  limits.max_reviews = 10;
  Experiment experiment(limits);
  const Loaded before = LoadBaseline(&experiment);
  const auto refused = LoadFile(&experiment, Reviews(20, 2), "twenty.tsv", SmallConfig());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "twenty.tsv: 20 reviews is over the limit of 10 reviews; set max_reviews to sample "
            "at most that many");
  ExpectUnchanged(experiment, before);
  // The setting the message names gets under the limit.
  RunConfig sampled = SmallConfig();
  sampled.max_reviews = 10;
  EXPECT_TRUE(LoadFile(&experiment, Reviews(20, 2), "twenty.tsv", sampled).ok());
}

TEST(Limits, TooManyTokensIsRefusedWhileTokenizing) {
  Limits limits;
  limits.max_tokens = 50;
  Experiment experiment(limits);
  const Loaded before = LoadBaseline(&experiment);
  const auto refused = LoadFile(&experiment, Reviews(20, 5), "long.tsv", SmallConfig());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "long.tsv: the reviews have more than 50 tokens (the limit); lower max_reviews or "
            "max_tokens (per review)");
  ExpectUnchanged(experiment, before);
  RunConfig shorter = SmallConfig();
  shorter.max_tokens = 2;  // 20 reviews x 2 tokens = 40 <= 50
  EXPECT_TRUE(LoadFile(&experiment, Reviews(20, 5), "long.tsv", shorter).ok());
}

TEST(Limits, TooLargeAVocabularyIsRefusedAndNamesMaxVocab) {
  Limits limits;
  limits.max_vocabulary = 20;
  Experiment experiment(limits);
  const Loaded before = LoadBaseline(&experiment);
  const auto refused = LoadFile(&experiment, Reviews(20, 3), "wide.tsv", SmallConfig());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "wide.tsv: the vocabulary has 63 tokens, over the limit of 20; lower max_vocab or "
            "raise min_count");
  ExpectUnchanged(experiment, before);
  RunConfig capped = SmallConfig();
  capped.max_vocab = 20;
  EXPECT_TRUE(LoadFile(&experiment, Reviews(20, 3), "wide.tsv", capped).ok());
}

TEST(Limits, TooWideAnEmbeddingIsRefusedOnLoadAndOnReset) {
  Limits limits;
  limits.max_width = 16;
  Experiment experiment(limits);
  const Loaded before = LoadBaseline(&experiment);
  RunConfig wide = SmallConfig();
  wide.width = 32;
  const auto refused = LoadFile(&experiment, Reviews(6, 1), "six.tsv", wide);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(), "six.tsv: d = 32 is over the limit of 16; lower d");
  ExpectUnchanged(experiment, before);
  const Result<SettingEffect> reset = experiment.Configure(WithWidth(experiment, 32));
  ASSERT_FALSE(reset.ok());
  EXPECT_EQ(reset.status.message(), "d = 32 is over the limit of 16; lower d");
  ExpectUnchanged(experiment, before);
}

TEST(Limits, TooManyWeightsIsRefusedBeforeTheyAreAllocated) {
  Limits limits;
  limits.max_weights = 10000;
  Experiment experiment(limits);
  const Loaded before = LoadBaseline(&experiment);
  RunConfig wide = SmallConfig();
  wide.width = 4096;  // V = 23 (<unk>, good, bad, 20 words): 94,208 weights, 368 KB of E
  largest_allocation = 0;
  const auto refused = LoadFile(&experiment, Reviews(20, 1), "twenty.tsv", wide);
  const std::size_t largest = largest_allocation;
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "twenty.tsv: vocabulary 23 x d 4,096 = 94,208 weights is over the limit of 10,000 "
            "weights; lower max_vocab or d");
  // E alone would be 23 x 4096 floats in one block; nothing near that size was requested.
  EXPECT_LT(largest, 23u * 4096u * sizeof(float) / 4);
  ExpectUnchanged(experiment, before);
  largest_allocation = 0;
  EXPECT_FALSE(experiment.Configure(WithWidth(experiment, 4096)).ok());
  EXPECT_LT(static_cast<std::size_t>(largest_allocation), 5u * 4096u * sizeof(float) / 4);
  ExpectUnchanged(experiment, before);
}

TEST(Limits, TooLargeAnInputIsRefusedBeforeParsing) {
  Limits limits;
  limits.max_input_bytes = 100;
  Experiment experiment(limits);
  const Loaded before = LoadBaseline(&experiment);
  const std::string text = Reviews(20, 2);
  ASSERT_GT(text.size(), 100u);
  const auto refused = LoadFile(&experiment, text, "big.tsv", SmallConfig());
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status.message().find("larger than the limit of 0.0 MB (100 bytes)"),
            std::string::npos)
      << refused.status.message();
  ExpectUnchanged(experiment, before);
  RunConfig pair = SmallConfig();
  pair.dataset = "file";
  pair.source_name = "pair";
  EXPECT_FALSE(experiment.Load(SourceBytes::Paired(text, text), pair).ok());
  EXPECT_FALSE(experiment.Load(SourceBytes::Texts({{text, 1}, {text, -1}}), pair).ok());
  ExpectUnchanged(experiment, before);
}

TEST(Limits, SyntheticDataObeysTheSameLimits) {
  Limits limits;
  limits.max_reviews = 100;
  Experiment experiment(limits);
  RunConfig config = SmallConfig();
  config.dataset = "synthetic";
  config.synthetic_reviews = 600;
  const auto refused = experiment.LoadSynthetic(config);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "synthetic: 600 reviews is over the limit of 100 reviews; set max_reviews to sample "
            "at most that many");
  EXPECT_FALSE(experiment.has_dataset());
}

TEST(Limits, SizeChecksCannotBeFooledByOverflow) {
  // 4e18 x 4 wraps around int64 to a small number: a product check would accept it.
  const Status refused = CheckWeights(Limits(), 4000000000000000000, 4);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("more than 2^63"), std::string::npos) << refused.message();
  EXPECT_FALSE(CheckWeights(Limits(), INT64_MAX, INT64_MAX).ok());
  EXPECT_TRUE(CheckWeights(Limits(), 1000, 1024).ok());
}

TEST(Limits, DefaultLimitsAcceptTheDefaultSettingsOnAnyVocabulary) {
  // 5,000 words, each in 8 of 5,000 reviews (so seen twice in any training split): more
  // words than the default max vocabulary keeps. Under the default settings V is capped at
  // 4,096 = d, so V x d stays within the weights limit whatever the upload's vocabulary.
  std::string text;
  for (int i = 0; i < 5000; ++i) {
    text += i % 2 == 0 ? "1\t" : "0\t";
    for (int k = 0; k < 8; ++k) text += " w" + std::to_string((i + 625 * k) % 5000);
    text += "\n";
  }
  Experiment experiment;
  const auto summary = LoadFile(&experiment, text, "ok.tsv", RunConfig());
  ASSERT_TRUE(summary.ok()) << summary.status.message();
  EXPECT_EQ(summary.value.vocab_size, RunConfig().max_vocab);
  EXPECT_GE(RunConfig().width, summary.value.vocab_size);  // the theorem's regime, d >= V
  EXPECT_TRUE(experiment.Reset().ok());
}

}  // namespace
}  // namespace clslab
