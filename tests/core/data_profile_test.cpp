// The data profile predicts exactly what the pipeline builds (vocabulary size, the train
// corpus with and without dropped unknown words) and, in the small-sigma limit, which
// tokens Result 2 selects: a planted stop word before a max document share cut, a polar
// word after it.
#include "clslab/data_profile.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "clslab/dataset.h"

namespace clslab {
namespace {

// Reviews with a long tail of counts and document frequencies: "the" in every review,
// "film" in most, polar words in one class each, rare words once.
std::vector<LabeledText> Rows() {
  return {{"the film was great and the cast great", 1},
          {"the film was awful and dull", -1},
          {"the great cast of the film", 1},
          {"the awful plot the dull film", -1},
          {"the story was moving", 1},
          {"the <unk> was awful", -1},
          {"great great film", 1},
          {"the worst film", -1}};
}

std::vector<std::vector<std::string>> Tokens(const std::vector<LabeledText>& rows) {
  std::vector<std::vector<std::string>> out;
  for (const LabeledText& row : rows) out.push_back(Tokenize(row.text, TokenizerOptions()));
  return out;
}

std::vector<int8_t> Labels(const std::vector<LabeledText>& rows) {
  std::vector<int8_t> out;
  for (const LabeledText& row : rows) out.push_back(row.label > 0 ? 1 : -1);
  return out;
}

TEST(DataProfile, CountsReviewsClassesLengthsAndDocuments) {
  const std::vector<LabeledText> rows = Rows();
  const DataProfile profile = ComputeDataProfile(Tokens(rows), Labels(rows));
  EXPECT_EQ(profile.reviews, 8);
  EXPECT_EQ(profile.positive, 4);
  EXPECT_EQ(profile.negative, 4);
  // The tokenizer reads "<unk>" as an HTML tag: "the <unk> was awful" has 3 tokens.
  EXPECT_EQ(profile.tokens, 8 + 6 + 6 + 6 + 4 + 3 + 3 + 3);
  EXPECT_DOUBLE_EQ(profile.mean_tokens, 39.0 / 8);
  EXPECT_EQ(profile.median_tokens, 4);  // lengths 3 3 3 4 6 6 6 8: the lower middle
  const auto the = std::find(profile.words.begin(), profile.words.end(), "the");
  ASSERT_NE(the, profile.words.end());
  const size_t k = the - profile.words.begin();
  EXPECT_EQ(profile.count[k], 10);
  EXPECT_EQ(profile.documents[k], 7);
  EXPECT_EQ(profile.corpus.vocab_size, static_cast<int32_t>(profile.words.size()) + 1);
}

TEST(DataProfile, ALiteralUnknownTokenIsNeverAWord) {
  // Tokens given directly (the tokenizer would not produce "<unk>"): it stands for id 0
  // whatever the choice, as Vocabulary::Build merges it.
  const std::vector<std::vector<std::string>> tokens = {{"<unk>", "a", "<unk>"}, {"a"}};
  const DataProfile profile = ComputeDataProfile(tokens, {1, -1});
  EXPECT_EQ(profile.words, (std::vector<std::string>{"a"}));
  EXPECT_EQ(profile.corpus.token_ids, (std::vector<int32_t>{1, 0, 1, 0}));
  VocabularyChoice choice;
  choice.min_count = 1;
  EXPECT_EQ(PredictVocabularySize(profile, choice), Vocabulary::Build(tokens, 1, 0).size());
  EXPECT_EQ(EncodeUnder(profile, choice).token_ids, (std::vector<int32_t>{0, 1, 0, 1}));
}

TEST(DataProfile, PredictsTheVocabularyAndCorpusTheDatasetBuilds) {
  const std::vector<LabeledText> rows = Rows();
  PipelineOptions pipeline;
  pipeline.test_fraction = 0;  // the profile is of the train split: here, every row
  // The split shuffles rows; the profile must be taken of the same order, as the Experiment
  // takes it of dataset.train_texts.
  const Result<Dataset> reference = BuildDataset(rows, pipeline);
  ASSERT_TRUE(reference.ok());
  std::vector<LabeledText> train;
  for (size_t i = 0; i < reference.value.train_texts.size(); ++i) {
    train.push_back({reference.value.train_texts[i], reference.value.train.labels[i]});
  }
  const DataProfile profile = ComputeDataProfile(Tokens(train), Labels(train));
  for (int32_t min_count : {1, 2, 3, 5}) {
    for (int32_t max_vocab : {0, 3, 6, 100}) {
      for (double share : {1.0, 0.9, 0.5, 0.2}) {
        for (bool drop : {false, true}) {
          pipeline.min_count = min_count, pipeline.max_vocab = max_vocab;
          pipeline.max_doc_share = share, pipeline.drop_unknown = drop;
          const Result<Dataset> built = BuildDataset(rows, pipeline);
          ASSERT_TRUE(built.ok());
          const VocabularyChoice choice{min_count, max_vocab, share, drop};
          SCOPED_TRACE(testing::Message()
                       << min_count << " " << max_vocab << " " << share << " " << drop);
          EXPECT_EQ(PredictVocabularySize(profile, choice), built.value.vocab.size());
          const Corpus encoded = EncodeUnder(profile, choice);
          EXPECT_EQ(encoded.token_ids, built.value.train.token_ids);
          EXPECT_EQ(encoded.offsets, built.value.train.offsets);
          EXPECT_EQ(encoded.labels, built.value.train.labels);
        }
      }
    }
  }
}

// "and" in every positive review, "." in every negative one, several times each: by
// frequency alone they carry the largest |alpha_s|, so they are the selected tokens.
std::vector<LabeledText> PlantedStopWords() {
  return {{"and and and good film", 1}, {"and and and great plot", 1}, {"and and and good cast", 1},
          {"and and . fine story", 1},  {". . . bad film", -1},        {". . . awful plot", -1},
          {". . . bad cast", -1},       {". . and dull story", -1}};
}

TEST(PredictSelection, APlantedStopWordWinsEveryReviewOfItsClassUntilTheCut) {
  const std::vector<LabeledText> rows = PlantedStopWords();
  const DataProfile profile = ComputeDataProfile(Tokens(rows), Labels(rows));
  VocabularyChoice raw;
  raw.min_count = 1;
  const PredictedSelection before = PredictSelection(profile, raw);
  EXPECT_EQ(before.reviews, 8);
  EXPECT_EQ(before.distinct, 2);  // "and" in the positive reviews, "." in the negative
  EXPECT_TRUE(before.top_token == "and" || before.top_token == ".");
  EXPECT_DOUBLE_EQ(before.top_share, 0.5);
  // "and" and "." are each in 5 of 8 reviews (62.5%): a 50% cut removes both, and the
  // reviews keep only their own words, of which the polar ones win.
  VocabularyChoice cut = raw;
  cut.max_doc_share = 0.5;
  cut.drop_unknown = true;
  const PredictedSelection after = PredictSelection(profile, cut);
  EXPECT_EQ(after.reviews, 8);
  EXPECT_EQ(after.empty_reviews, 0);
  EXPECT_TRUE(after.top_token == "good" || after.top_token == "bad") << after.top_token;
  EXPECT_DOUBLE_EQ(after.top_share, 0.25);
  EXPECT_GT(after.median_abs_delta, before.median_abs_delta);
}

TEST(PredictSelection, PooledUnknownWordsWinUnlessDropped) {
  // Each positive review has three words seen once: under min count 2 they become one
  // <unk> token worth 3/5 of the review, and <unk> outweighs "good" (1/5 of it).
  const std::vector<LabeledText> rows = {{"good film alpha beta gamma", 1},
                                         {"good plot delta epsilon zeta", 1},
                                         {"bad film", -1},
                                         {"bad plot", -1}};
  const DataProfile profile = ComputeDataProfile(Tokens(rows), Labels(rows));
  VocabularyChoice choice;  // min count 2
  const PredictedSelection pooled = PredictSelection(profile, choice);
  EXPECT_EQ(pooled.top_token, "<unk>");
  EXPECT_DOUBLE_EQ(pooled.top_share, 0.5);
  choice.drop_unknown = true;
  const PredictedSelection dropped = PredictSelection(profile, choice);
  EXPECT_TRUE(dropped.top_token == "good" || dropped.top_token == "bad") << dropped.top_token;
}

TEST(PredictSelection, ReviewsLeftWithoutWordsAreCountedAsEmpty) {
  const std::vector<LabeledText> rows = {{"good film", 1}, {"film", -1}, {"bad film", -1}};
  const DataProfile profile = ComputeDataProfile(Tokens(rows), Labels(rows));
  VocabularyChoice choice;
  choice.min_count = 1;
  choice.max_doc_share = 0.5;  // "film" is in all three
  choice.drop_unknown = true;
  const PredictedSelection p = PredictSelection(profile, choice);
  EXPECT_EQ(p.reviews, 2);
  EXPECT_EQ(p.empty_reviews, 1);
}

TEST(PredictSelection, SaysWhatTheSelectedTokensAreAndHowMuchTheyLean) {
  // Three positive reviews to one negative, 8 of the 11 tokens in positive reviews: a token
  // spread as all tokens are has Delta 5/11. "!" is the s* of two positive reviews, "good" of
  // one, "bad" of the negative one ("film", Delta 1/3, loses everywhere).
  const std::vector<LabeledText> rows = {
      {"! ! film", 1}, {"! ! film", 1}, {"good good", 1}, {"bad bad film", -1}};
  const DataProfile profile = ComputeDataProfile(Tokens(rows), Labels(rows));
  VocabularyChoice choice;
  choice.min_count = 1;
  const PredictedSelection p = PredictSelection(profile, choice);
  EXPECT_DOUBLE_EQ(p.neutral_delta, 5.0 / 11);
  ASSERT_EQ(p.top.size(), 3u);
  EXPECT_EQ(p.top[0].token, "!");
  EXPECT_DOUBLE_EQ(p.top[0].share, 0.5);
  EXPECT_DOUBLE_EQ(p.top[0].abs_delta, 1);
  EXPECT_DOUBLE_EQ(p.top[0].lean, 6.0 / 11);  // |1 - 5/11|
  EXPECT_DOUBLE_EQ(p.punctuation_share, 0.5);
  EXPECT_DOUBLE_EQ(p.polar_share, 1);  // "!" and "good" lean 6/11, "bad" 16/11
  EXPECT_DOUBLE_EQ(p.unknown_share, 0);
  EXPECT_TRUE(IsPunctuation("!"));
  EXPECT_TRUE(IsPunctuation("..."));
  EXPECT_FALSE(IsPunctuation("n't"));
  EXPECT_FALSE(IsPunctuation("caf\xc3\xa9"));
  EXPECT_FALSE(IsPunctuation("2"));
}

}  // namespace
}  // namespace clslab
