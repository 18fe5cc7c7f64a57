// Loading a user's data through the Experiment facade: previews that leave the loaded
// dataset alone, the user's parse choices, Latin-1 on request, paired files, labelled
// texts from folders, and the export that loads back to the same dataset.
#include <gtest/gtest.h>

#include <string>

#include "clslab/experiment.h"
#include "clslab/messages.h"  // KeepsSpec

namespace clslab {
namespace {

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A small config for the user's file `name` that keeps every word (min_count 1) and a
// test split.
RunConfig FileConfig(const std::string& name = "reviews.csv") {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "file";
  config.source_name = name;
  config.min_count = 1;
  config.width = 16;
  config.test_fraction = 0.25;
  return config;
}

// id,title,review,stars: the title is short, the review long, stars on 1-5 with a 3.
const char* kStarsCsv =
    "id,title,review,stars\n"
    "1,Great film,\"a wonderful film, moving and superb\",5\n"
    "2,Bad film,an awful boring film with dull scenes,1\n"
    "3,Fine film,the film was a film,3\n"
    "4,Good story,\"a delightful, superb story\",4\n"
    "5,Poor acting,terrible clumsy acting in a dull film,2\n"
    "6,Wow wow,superb wonderful acting,5\n"
    "7,Meh plot,boring and awful plot,1\n";

TEST(DatasetPreview, ShowsFormatColumnsMappingRowsBalanceAndDrops) {
  ParseOptions options;
  options.source_name = "reviews.csv";
  const DatasetPreview preview = Experiment::Preview(SourceBytes::Text(kStarsCsv), options);
  ASSERT_TRUE(preview.ok) << preview.message;
  EXPECT_EQ(preview.format, "csv");
  EXPECT_EQ(preview.columns, (std::vector<std::string>{"id", "title", "review", "stars"}));
  EXPECT_EQ(preview.text_column, "review");
  EXPECT_EQ(preview.label_column, "stars");
  // What the file reads as is said in the catalog's words: typed findings, not English.
  std::string why;
  EXPECT_EQ(preview.label_mapping.code, "data-labels");
  EXPECT_TRUE(KeepsSpec(preview.label_mapping, &why)) << why;
  ASSERT_NE(preview.label_mapping.Arg("scheme"), nullptr);
  EXPECT_EQ(preview.label_mapping.Arg("scheme")->text, "stars");
  EXPECT_EQ(preview.label_mapping.Number("threshold"), 3);
  EXPECT_EQ(preview.encoding.code, "data-encoding");
  EXPECT_TRUE(KeepsSpec(preview.encoding, &why)) << why;
  EXPECT_EQ(preview.encoding.Arg("encoding")->text, "utf-8");
  EXPECT_EQ(preview.parsed_rows, 6);
  EXPECT_EQ(preview.positive, 3);
  EXPECT_EQ(preview.negative, 3);
  EXPECT_EQ(preview.dropped, 1);
  ASSERT_EQ(preview.drop_reasons.size(), 1u);
  EXPECT_EQ(preview.drop_reasons[0].code, "data-dropped");
  EXPECT_TRUE(KeepsSpec(preview.drop_reasons[0], &why)) << why;
  EXPECT_EQ(preview.drop_reasons[0].Number("rows"), 1);
  EXPECT_EQ(preview.drop_reasons[0].Arg("reason")->text, "neutral-label");
  ASSERT_EQ(preview.rows.size(), 6u);
  EXPECT_EQ(preview.rows[0].text, "a wonderful film, moving and superb");
  EXPECT_EQ(preview.rows[0].label, 1);
  EXPECT_TRUE(preview.warnings.empty());
}

TEST(DatasetPreview, KeepsAtMostEightRowsAndCutsLongTextsAtACharacterBoundary) {
  std::string data = "label\ttext\n";
  const std::string long_text = std::string(kPreviewTextBytes - 1, 'a') + "\xC3\xA9" + "tail";
  for (int i = 0; i < 20; ++i) data += std::string(i % 2 ? "1" : "0") + "\t" + long_text + "\n";
  ParseOptions options;
  const DatasetPreview preview = Experiment::Preview(SourceBytes::Text(data), options);
  ASSERT_TRUE(preview.ok) << preview.message;
  EXPECT_EQ(preview.parsed_rows, 20);
  ASSERT_EQ(preview.rows.size(), static_cast<size_t>(kPreviewRows));
  // The two-byte e-acute straddles the cut: it is left out whole, then the ellipsis.
  EXPECT_EQ(preview.rows[0].text, std::string(kPreviewTextBytes - 1, 'a') + "\xE2\x80\xA6");
}

TEST(DatasetPreview, DoesNotReplaceTheLoadedDataset) {
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(kStarsCsv), FileConfig()).ok());
  const DatasetSummary before = experiment.summary();
  const DatasetPreview other =
      Experiment::Preview(SourceBytes::Text("1\tgood\n0\tbad\n"), ParseOptions());
  ASSERT_TRUE(other.ok) << other.message;
  EXPECT_EQ(experiment.summary().source_name, before.source_name);
  EXPECT_EQ(experiment.summary().parsed_rows, before.parsed_rows);
}

TEST(DatasetPreview, ChosenColumnsAndStarThresholdAreUsedByPreviewAndLoad) {
  ParseOptions options;
  options.source_name = "reviews.csv";
  options.text_column = "title";
  options.star_threshold = 2;  // 3 becomes positive, 2 is dropped as neutral
  const DatasetPreview preview = Experiment::Preview(SourceBytes::Text(kStarsCsv), options);
  ASSERT_TRUE(preview.ok) << preview.message;
  EXPECT_EQ(preview.text_column, "title");
  EXPECT_EQ(preview.rows[0].text, "Great film");
  EXPECT_EQ(preview.positive, 4);
  EXPECT_EQ(preview.negative, 2);
  // The same choices recorded in the config (what the page sends on confirm) load the same.
  Experiment experiment;
  RunConfig config = FileConfig();
  config.source_text_column = "title";
  config.source_stars = 2;
  const Result<DatasetSummary> loaded = experiment.Load(SourceBytes::Text(kStarsCsv), config);
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  EXPECT_EQ(loaded.value.text_column, "title");
  EXPECT_EQ(loaded.value.parsed_rows, 6);
}

TEST(DatasetPreview, ExplicitFormatOverridesDetection) {
  // Detected as label<TAB>text; read as TSV with a header the columns are named.
  const std::string data = "label\ttext\n1\tgood film\n0\tbad film\n";
  ParseOptions options;
  options.format = TextFormat::kTsv;
  const DatasetPreview preview = Experiment::Preview(SourceBytes::Text(data), options);
  ASSERT_TRUE(preview.ok) << preview.message;
  EXPECT_EQ(preview.format, "tsv");
  EXPECT_EQ(preview.columns, (std::vector<std::string>{"label", "text"}));
}

TEST(DatasetPreview, NotUtf8OffersLatin1AndLatin1DecodesEveryByte) {
  const std::string data = "text,label\ncaf\xE9 cr\xE8me,1\nna\xEFve \x93plot\x94,0\n";
  ParseOptions options;
  options.source_name = "latin.csv";
  const DatasetPreview refused = Experiment::Preview(SourceBytes::Text(data), options);
  EXPECT_FALSE(refused.ok);
  EXPECT_TRUE(refused.not_utf8);
  EXPECT_TRUE(Contains(refused.message, "Latin-1")) << refused.message;
  options.latin1 = true;
  const DatasetPreview decoded = Experiment::Preview(SourceBytes::Text(data), options);
  ASSERT_TRUE(decoded.ok) << decoded.message;
  ASSERT_EQ(decoded.rows.size(), 2u);
  EXPECT_EQ(decoded.rows[0].text, "caf\xC3\xA9 cr\xC3\xA8me");
  EXPECT_EQ(decoded.rows[1].text, "na\xC3\xAFve \xE2\x80\x9Cplot\xE2\x80\x9D");
}

TEST(DatasetPreview, OtherFailuresDoNotOfferLatin1) {
  const DatasetPreview binary =
      Experiment::Preview(SourceBytes::Text(std::string_view("a\0bc", 4)), ParseOptions());
  EXPECT_FALSE(binary.ok);
  EXPECT_FALSE(binary.not_utf8);
  EXPECT_FALSE(binary.message.empty());
}

TEST(DatasetPreview, OneClassIsWarnedAndTheLoadIsRefusedKeepingThePreviousDataset) {
  const std::string one_class = "label\ttext\n1\tgood\n1\tgreat\n1\tfine\n";
  const DatasetPreview preview = Experiment::Preview(SourceBytes::Text(one_class), ParseOptions());
  ASSERT_TRUE(preview.ok) << preview.message;
  ASSERT_EQ(preview.warnings.size(), 1u);
  EXPECT_EQ(preview.warnings[0].code, "data-one-class");
  std::string why;
  EXPECT_TRUE(KeepsSpec(preview.warnings[0], &why)) << why;
  EXPECT_EQ(preview.warnings[0].Number("rows"), 3);
  EXPECT_EQ(preview.warnings[0].Arg("label")->text, "positive");
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(kStarsCsv), FileConfig()).ok());
  const Result<DatasetSummary> refused =
      experiment.Load(SourceBytes::Text(one_class), FileConfig("positive.tsv"));
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(experiment.summary().source_name, "reviews.csv");
}

TEST(DatasetLoading, PairedLinesLoadOneReviewPerLine) {
  Experiment experiment;
  ParseOptions options;
  options.source_name = "rt-polarity";
  const std::string positive = "a wonderful film\n\nsuperb acting\nmoving story\n";
  const std::string negative = "an awful film\nboring plot\n";
  const SourceBytes pair = SourceBytes::Paired(positive, negative);
  const DatasetPreview preview = Experiment::Preview(pair, options);
  ASSERT_TRUE(preview.ok) << preview.message;
  EXPECT_EQ(preview.positive, 3);
  EXPECT_EQ(preview.negative, 2);
  const Result<DatasetSummary> loaded = experiment.Load(pair, FileConfig("rt-polarity"));
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  EXPECT_EQ(loaded.value.parsed_rows, 5);
  EXPECT_EQ(loaded.value.format, "paired-lines");
}

TEST(DatasetLoading, LabeledTextsDropBlanksAndRejectBadLabelsAndBytes) {
  ParseOptions options;
  options.source_name = "aclImdb";
  std::vector<LabeledText> rows = {
      {"a wonderful film", 1}, {"  \n", 1}, {"an awful film", -1}, {"superb", 1}, {"boring", -1}};
  Experiment experiment;
  const Result<DatasetSummary> loaded =
      experiment.Load(SourceBytes::Texts(rows), FileConfig("aclImdb"));
  ASSERT_TRUE(loaded.ok()) << loaded.status.message();
  EXPECT_EQ(loaded.value.parsed_rows, 4);
  EXPECT_EQ(loaded.value.dropped, 1);

  const DatasetPreview bad_label = Experiment::Preview(SourceBytes::Texts({{"x", 0}}), options);
  EXPECT_FALSE(bad_label.ok);
  EXPECT_TRUE(Contains(bad_label.message, "aclImdb review 1")) << bad_label.message;

  std::vector<LabeledText> latin = {{"caf\xE9", 1}, {"bad", -1}};
  const DatasetPreview refused = Experiment::Preview(SourceBytes::Texts(latin), options);
  EXPECT_FALSE(refused.ok);
  EXPECT_TRUE(refused.not_utf8);
  options.latin1 = true;
  const DatasetPreview decoded = Experiment::Preview(SourceBytes::Texts(latin), options);
  ASSERT_TRUE(decoded.ok) << decoded.message;
  EXPECT_EQ(decoded.rows[0].text, "caf\xC3\xA9");
}

TEST(DatasetLoading, ExportLoadsBackToTheSameRowsAndSummary) {
  Experiment first;
  ASSERT_TRUE(first.Load(SourceBytes::Text(kStarsCsv), FileConfig()).ok());
  const std::string exported = first.ExportLabelTabText();
  ASSERT_FALSE(exported.empty());

  // Stored rows stand for the source the config names (a run file's data).
  Experiment second;
  const Result<DatasetSummary> again = second.LoadStoredRows(exported, first.config());
  ASSERT_TRUE(again.ok()) << again.status.message();
  EXPECT_EQ(second.ExportLabelTabText(), exported);
  const DatasetSummary& a = first.summary();
  const DatasetSummary& b = again.value;
  EXPECT_EQ(a.parsed_rows, b.parsed_rows);
  EXPECT_EQ(a.train_reviews, b.train_reviews);
  EXPECT_EQ(a.test_reviews, b.test_reviews);
  EXPECT_EQ(a.train_positive, b.train_positive);
  EXPECT_EQ(a.vocab_size, b.vocab_size);
  EXPECT_EQ(a.train_tokens, b.train_tokens);
  EXPECT_EQ(first.CurrentMetrics().checksum, second.CurrentMetrics().checksum);
}

TEST(DatasetLoading, NothingToExportBeforeALoad) {
  Experiment experiment;
  EXPECT_EQ(experiment.ExportLabelTabText(), "");
}

TEST(DatasetSource, WithSourceNamesTheUserSourceOrSaysWhyTheSettingsCannot) {
  const Result<RunConfig> file = WithSource(RunConfig(), "file", "r.tsv", ParseOptions(), 0, 0);
  ASSERT_TRUE(file.ok()) << file.status.message();
  EXPECT_EQ(file.value.dataset, "file");
  EXPECT_EQ(file.value.source_name, "r.tsv");
  const Result<RunConfig> url =
      WithSource(RunConfig(), "url", "ftp://example.org/r.csv", ParseOptions(), 0, 0);
  EXPECT_FALSE(url.ok());
  EXPECT_NE(url.status.message().find("source_name"), std::string::npos);
  EXPECT_FALSE(WithSource(RunConfig(), "preset", "imdb", ParseOptions(), 1, 0).ok())
      << "a preset sample records the rows it drew";
}

}  // namespace
}  // namespace clslab
