// The run's state has one owner and the data is part of its identity: a load records the
// source's content hash and row count in the settings, the same settings reload only the
// same bytes, pipeline settings (seed, min count, ...) rebuild the split from the loaded
// rows exactly as a fresh load would, and no failure leaves half a change behind.
#include <gtest/gtest.h>

#include <string>

#include "clslab/config.h"
#include "clslab/experiment.h"

namespace clslab {
namespace {

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Twelve reviews with a planted word "the" in every one, and polar words.
std::string Reviews() {
  const char* positive[] = {"great", "wonderful", "superb", "moving"};
  const char* negative[] = {"awful", "boring", "dull", "clumsy"};
  const char* filler[] = {"film", "plot", "cast", "story", "scene", "music"};
  std::string text = "label\ttext\n";
  for (int i = 0; i < 24; ++i) {
    const bool good = i % 2 == 0;
    text += std::string(good ? "1" : "0") + "\tthe " + (good ? positive : negative)[i % 4] + " " +
            filler[i % 6] + " " + filler[(i + 3) % 6] + "\n";
  }
  return text;
}

RunConfig FileConfig() {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "file";
  config.source_name = "reviews.tsv";
  config.min_count = 1;
  config.width = 8;
  config.test_fraction = 0.25;
  return config;
}

TEST(RunIdentity, LoadRecordsTheSourceHashAndRowsInTheSettingsAndTheLink) {
  Experiment experiment;
  const std::string data = Reviews();
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(data), FileConfig()).ok());
  const RunConfig& config = experiment.config();
  EXPECT_EQ(config.source_hash, ContentHash(SourceBytes::Text(data)));
  EXPECT_EQ(config.source_rows, 24);
  EXPECT_EQ(experiment.summary().content_hash, config.source_hash);
  const std::string link = EncodeShareLink(config);
  EXPECT_TRUE(Contains(link, "dataset=file")) << link;
  EXPECT_TRUE(Contains(link, "source_name=reviews.tsv")) << link;
  EXPECT_TRUE(Contains(link, "source_hash=" + config.source_hash)) << link;
  EXPECT_TRUE(Contains(link, "source_rows=24")) << link;
}

TEST(RunIdentity, ALinksDataLoadsOnlyFromTheSameBytesAndAWrongFileNamesBothHashes) {
  Experiment first;
  const std::string data = Reviews();
  ASSERT_TRUE(first.Load(SourceBytes::Text(data), FileConfig()).ok());
  first.Advance(3);
  const DecodedShareLink link = DecodeShareLink(EncodeShareLink(first.config()));
  ASSERT_TRUE(link.warnings.empty());

  Experiment second;
  ASSERT_TRUE(second.Load(SourceBytes::Text(data), FileConfig()).ok());  // something loaded
  const std::string before = second.CurrentMetrics().checksum;
  const std::string other = data + "1\tone more great review\n";
  const Result<DatasetSummary> wrong = second.Load(SourceBytes::Text(other), link.config);
  ASSERT_FALSE(wrong.ok());
  EXPECT_TRUE(Contains(wrong.status.message(), ContentHash(SourceBytes::Text(other))));
  EXPECT_TRUE(Contains(wrong.status.message(), first.config().source_hash));
  EXPECT_EQ(second.CurrentMetrics().checksum, before) << "a refused load changes nothing";

  ASSERT_TRUE(second.Load(SourceBytes::Text(data), link.config).ok());
  second.Advance(3);
  EXPECT_EQ(second.CurrentMetrics().checksum, first.CurrentMetrics().checksum);
}

// Issue 20, item 5: amazon-dvd.tsv given to a link made on amazon-books.tsv was refused as
// "amazon-books.tsv is not the data this run was made with" (the config's name).
TEST(RunIdentity, AWrongFileIsNamedAsPickedBesideTheFileTheRunExpects) {
  RunConfig books = FileConfig();
  books.source_name = "amazon-books.tsv";
  Experiment made;
  ASSERT_TRUE(made.Load(SourceBytes::Text(Reviews()), books).ok());
  Experiment other;
  const std::string dvd = Reviews() + "1\ta great dvd\n";
  SourceBytes picked = SourceBytes::Text(dvd);
  picked.name = "amazon-dvd.tsv";
  const Result<DatasetSummary> wrong = other.Load(picked, made.config());
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.status.message(),
            "amazon-dvd.tsv is not the data this run was made with (amazon-books.tsv, 24 "
            "rows): its content hash is " +
                ContentHash(picked) + ", the run's is " + made.config().source_hash);
  // The same name twice: the hashes tell them apart, the name is said once.
  picked.name = "amazon-books.tsv";
  EXPECT_EQ(other.Load(picked, made.config()).status.message(),
            "amazon-books.tsv is not the data this run was made with: its content hash is " +
                ContentHash(picked) + ", the run's is " + made.config().source_hash);
}

// Issue 20, item 6: min_count=1000000 loaded as "vocabulary 1 tokens", the step on E
// pushed the loss up and the page reported "selection accuracy 100.0%".
TEST(RunIdentity, AVocabularyOfUnknownAloneIsRefusedInWordsAndTheRunStays) {
  RunConfig config = FileConfig();
  config.min_count = 1000000;
  Experiment fresh;
  const Result<DatasetSummary> refused = fresh.Load(SourceBytes::Text(Reviews()), config);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "reviews.tsv: the vocabulary would hold no word, only <unk> (min_count 1,000,000, "
            "max_doc_share 1): every token would be unknown, so there is nothing to learn or "
            "select; lower min_count or raise max_doc_share");
  EXPECT_FALSE(fresh.has_dataset());
  // The same as a change of the loaded run: refused, and the run is kept.
  Experiment loaded;
  ASSERT_TRUE(loaded.Load(SourceBytes::Text(Reviews()), FileConfig()).ok());
  loaded.Advance(2);
  const std::string before = loaded.CurrentMetrics().checksum;
  RunConfig changed = loaded.config();
  changed.min_count = 1000000;
  EXPECT_FALSE(loaded.Configure(changed).ok());
  EXPECT_EQ(loaded.CurrentMetrics().checksum, before);
  EXPECT_EQ(loaded.config().min_count, 1);
}

// Issue 43, item 2: max_vocab=2 (one word and <unk>) loaded, the step on E raised the loss
// from 0.69 to 3.9 and the page reported "selection accuracy 100.0%".
TEST(RunIdentity, OneWordBesidesUnknownIsRefusedInWordsAndTheRunStays) {
  RunConfig config = FileConfig();
  config.max_vocab = 2;
  Experiment fresh;
  const Result<DatasetSummary> refused = fresh.Load(SourceBytes::Text(Reviews()), config);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "reviews.tsv: the training reviews would hold one word besides <unk>, \"the\" "
            "(max_vocab 2, min_count 1, max_doc_share 1): the model could only tell reviews "
            "with that word from reviews without it, so there is nothing to learn or select; "
            "raise max_vocab, lower min_count or raise max_doc_share");
  EXPECT_FALSE(fresh.has_dataset());
  // One more word is enough: "the" and "film" (or <unk>) in the same review.
  config.max_vocab = 3;
  EXPECT_TRUE(fresh.Load(SourceBytes::Text(Reviews()), config).ok());
  // As a change of the loaded run: refused, and the run is kept.
  Experiment loaded;
  ASSERT_TRUE(loaded.Load(SourceBytes::Text(Reviews()), FileConfig()).ok());
  loaded.Advance(2);
  const std::string before = loaded.CurrentMetrics().checksum;
  RunConfig changed = loaded.config();
  changed.max_vocab = 2;
  EXPECT_FALSE(loaded.Configure(changed).ok());
  EXPECT_EQ(loaded.CurrentMetrics().checksum, before);
  EXPECT_EQ(loaded.config().max_vocab, FileConfig().max_vocab);
}

// The same word in a review's every position leaves attention nothing to choose: no
// training review holding two different tokens is refused, even with many words.
TEST(RunIdentity, ReviewsOfOneTokenEachAreRefusedAsNothingToSelect) {
  std::string one_word = "label\ttext\n";
  const char* words[] = {"great", "awful", "superb", "boring"};
  for (int i = 0; i < 24; ++i) {
    one_word +=
        std::string(i % 2 == 0 ? "1" : "0") + "\t" + words[i % 4] + " " + words[i % 4] + "\n";
  }
  Experiment experiment;
  const Result<DatasetSummary> refused = experiment.Load(SourceBytes::Text(one_word), FileConfig());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status.message(),
            "reviews.tsv: no training review would hold two different tokens (min_count 1): "
            "attention would have one token to choose in every review, so there is nothing to "
            "select; raise max_vocab, lower min_count, or load longer reviews");
  // Cut to their first token, the twelve-word reviews are refused too, naming max_tokens.
  RunConfig first_token = FileConfig();
  first_token.max_tokens = 1;
  first_token.remove_stop_words = true;  // "the" starts every review: its second word is first
  const Result<DatasetSummary> cut = experiment.Load(SourceBytes::Text(Reviews()), first_token);
  ASSERT_FALSE(cut.ok());
  EXPECT_TRUE(Contains(cut.status.message(),
                       "two different tokens (max_tokens 1, min_count 1): attention would have "
                       "one token to choose in every review, so there is nothing to select; "
                       "raise max_tokens, max_vocab, lower min_count"))
      << cut.status.message();
  // "the" in every review is cut by the default share and dropped: both are named.
  std::string the_word = "label\ttext\n";
  for (int i = 0; i < 40; ++i) {
    the_word += std::to_string(i % 2) + "\tthe w" + std::to_string(i % 10) + " w" +
                std::to_string(i % 10) + "\n";
  }
  RunConfig cut_words = FileConfig();
  cut_words.max_doc_share = 0.2;
  cut_words.drop_unknown = true;
  const Result<DatasetSummary> dropped = experiment.Load(SourceBytes::Text(the_word), cut_words);
  ASSERT_FALSE(dropped.ok());
  EXPECT_TRUE(Contains(dropped.status.message(),
                       "(max_doc_share 0.2, min_count 1, drop_unknown true): attention would "
                       "have one token to choose in every review, so there is nothing to "
                       "select; raise max_vocab or max_doc_share, lower min_count, set "
                       "drop_unknown to false, or load longer reviews"))
      << dropped.status.message();
}

TEST(RunIdentity, ASeedChangeRebuildsTheSplitExactlyAsAFreshLoadWithThatSeed) {
  const std::string data = Reviews();
  Experiment changed;
  ASSERT_TRUE(changed.Load(SourceBytes::Text(data), FileConfig()).ok());
  changed.Advance(2);
  RunConfig seeded = changed.config();
  seeded.seed = 7;
  const Result<SettingEffect> effect = changed.Configure(seeded);
  ASSERT_TRUE(effect.ok()) << effect.status.message();
  EXPECT_EQ(effect.value, SettingEffect::kPipeline);
  EXPECT_EQ(changed.step(), 0);

  Experiment fresh;
  RunConfig fresh_config = FileConfig();
  fresh_config.seed = 7;
  ASSERT_TRUE(fresh.Load(SourceBytes::Text(data), fresh_config).ok());
  EXPECT_EQ(changed.ExportLabelTabText(), fresh.ExportLabelTabText());
  EXPECT_EQ(changed.summary().vocab_size, fresh.summary().vocab_size);
  EXPECT_EQ(changed.summary().train_positive, fresh.summary().train_positive);
  EXPECT_EQ(changed.summary().dropped, fresh.summary().dropped);
  EXPECT_EQ(changed.CurrentMetrics().checksum, fresh.CurrentMetrics().checksum);
  EXPECT_EQ(EncodeShareLink(changed.config()), EncodeShareLink(fresh.config()));
}

TEST(RunIdentity, EachSettingDoesOnlyWhatItsEffectSays) {
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(Reviews()), FileConfig()).ok());
  experiment.Advance(4);
  const std::string trained = experiment.CurrentMetrics().checksum;
  RunConfig config = experiment.config();

  config.steps = 50;  // run length: nothing else changes
  ASSERT_EQ(experiment.Configure(config).value, SettingEffect::kRunLength);
  EXPECT_EQ(experiment.CurrentMetrics().checksum, trained);
  config.svm_c = 3;  // solver only
  ASSERT_EQ(experiment.Configure(config).value, SettingEffect::kSolver);
  EXPECT_EQ(experiment.CurrentMetrics().checksum, trained);
  config.sigma = 0.5;  // weights
  ASSERT_EQ(experiment.Configure(config).value, SettingEffect::kWeights);
  EXPECT_EQ(experiment.step(), 0);

  // Another source cannot be configured: it must be loaded. Nothing changes.
  experiment.Advance(2);
  const std::string before = experiment.CurrentMetrics().checksum;
  RunConfig other = config;
  other.source_name = "another.tsv";
  const Result<SettingEffect> refused = experiment.Configure(other);
  EXPECT_FALSE(refused.ok());
  EXPECT_TRUE(Contains(refused.status.message(), "another.tsv"));
  EXPECT_EQ(experiment.CurrentMetrics().checksum, before);
  EXPECT_EQ(experiment.config().source_name, "reviews.tsv");
}

TEST(RunIdentity, APipelineChangeThatFailsKeepsTheRun) {
  Limits limits;
  limits.max_weights = 200;  // V = 16 tokens x d = 8 fits; x d = 64 does not
  Experiment experiment(limits);
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(Reviews()), FileConfig()).ok());
  experiment.Advance(2);
  const std::string before = experiment.CurrentMetrics().checksum;
  RunConfig config = experiment.config();
  config.seed = 3;    // a pipeline change: the split is rebuilt ...
  config.width = 64;  // ... and the new weights are over the limit
  const Result<SettingEffect> refused = experiment.Configure(config);
  EXPECT_FALSE(refused.ok());
  EXPECT_TRUE(Contains(refused.status.message(), "lower max_vocab or d"))
      << refused.status.message();
  EXPECT_EQ(experiment.CurrentMetrics().checksum, before);
  EXPECT_EQ(experiment.config().seed, 1u);
  EXPECT_EQ(experiment.step(), 2);
}

TEST(RunIdentity, ContentHashTellsAPairFromTheConcatenatedFile) {
  const std::string a = "good film\n", b = "bad film\n";
  EXPECT_NE(ContentHash(SourceBytes::Paired(a, b)), ContentHash(SourceBytes::Text(a + b)));
  EXPECT_NE(ContentHash(SourceBytes::Paired(a, b)), ContentHash(SourceBytes::Paired(b, a)));
  // 64-bit FNV-1a of the bytes: the empty input is the offset basis.
  EXPECT_EQ(ContentHash(SourceBytes::Text("")), "cbf29ce484222325");
}

std::string Utf16(const std::string& ascii, bool little_endian, bool bom) {
  std::string out;
  if (bom) out += little_endian ? "\xFF\xFE" : "\xFE\xFF";
  for (char c : ascii) {
    out += little_endian ? std::string{c, '\0'} : std::string{'\0', c};
  }
  return out;
}

TEST(RunIdentity, Utf16FilesAreConvertedNotCalledBinary) {
  const std::string text = "label\ttext\n1\tgreat film\n0\tdull film\n";
  ParseOptions options;
  options.source_name = "windows.tsv";
  for (const bool little_endian : {true, false}) {
    for (const bool bom : {true, false}) {
      const DatasetPreview preview =
          Experiment::Preview(SourceBytes::Text(Utf16(text, little_endian, bom)), options);
      ASSERT_TRUE(preview.ok) << preview.message;
      EXPECT_EQ(preview.parsed_rows, 2);
      EXPECT_EQ(preview.rows[0].text, "great film");
      ASSERT_NE(preview.encoding.Arg("encoding"), nullptr);
      EXPECT_EQ(preview.encoding.Arg("encoding")->text, little_endian ? "utf-16-le" : "utf-16-be");
    }
  }
  const DatasetPreview binary = Experiment::Preview(
      SourceBytes::Text(std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\x01\x02", 18)), options);
  EXPECT_FALSE(binary.ok);
  EXPECT_TRUE(Contains(binary.message, "binary")) << binary.message;
  EXPECT_FALSE(binary.not_utf8) << "Latin-1 would not help a binary file";
}

TEST(RunIdentity, DeeplyNestedJsonIsRefusedWithFileAndLine) {
  const std::string deep = "{\"text\": \"fine\", \"label\": 1}\n" + std::string(100000, '[') + "\n";
  ParseOptions options;
  options.source_name = "deep.jsonl";
  options.format = TextFormat::kJsonLines;
  const DatasetPreview preview = Experiment::Preview(SourceBytes::Text(deep), options);
  EXPECT_FALSE(preview.ok);
  EXPECT_TRUE(Contains(preview.message, "deep.jsonl line 2")) << preview.message;
  EXPECT_TRUE(Contains(preview.message, "64")) << preview.message;
  EXPECT_FALSE(ConfigFromJson(std::string(20000, '[')).ok());
}

TEST(RunIdentity, MaxDocumentShareTurnsATokenInEveryReviewIntoUnknown) {
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(Reviews()), FileConfig()).ok());
  const auto has = [&](const std::string& token) {
    for (const std::string& t : experiment.Tokens().tokens) {
      if (t == token) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("the"));
  RunConfig config = experiment.config();
  config.max_doc_share = 0.5;  // "the" is in every review; no other word is in half of them
  ASSERT_EQ(experiment.Configure(config).value, SettingEffect::kPipeline);
  EXPECT_FALSE(has("the"));
  EXPECT_TRUE(has("great"));
}

}  // namespace
}  // namespace clslab
