// ParseReviews and friends: every format, autodetection on samples shaped like the real
// files (GLUE SST-2, SST-2 sentences, UCI, rt-polarity, fastText), label mapping, and every
// failure the user can meet. Inputs are inline; the suite never reads /work/shared.
#include "clslab/text_formats.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace clslab {
namespace {

// Every format's name reads back as that format, and the list holds each once, auto first.
TEST(TextFormats, NamesRoundTripAndTheListHasEachOnce) {
  ASSERT_FALSE(TextFormats().empty());
  EXPECT_EQ(TextFormats().front(), TextFormat::kAuto);
  std::vector<std::string> names;
  for (TextFormat format : TextFormats()) {
    TextFormat read = TextFormat::kAuto;
    ASSERT_TRUE(TextFormatFromName(TextFormatName(format), &read)) << TextFormatName(format);
    EXPECT_EQ(read, format);
    names.push_back(TextFormatName(format));
  }
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  TextFormat untouched = TextFormat::kCsv;
  EXPECT_FALSE(TextFormatFromName("xml", &untouched));
  EXPECT_EQ(untouched, TextFormat::kCsv);
}

ParsedReviews MustParse(std::string_view bytes, ParseOptions options = {}) {
  Result<ParsedReviews> parsed = ParseReviews(bytes, options);
  EXPECT_TRUE(parsed.ok()) << parsed.status.message();
  return parsed.value;
}

std::string ErrorOf(std::string_view bytes, ParseOptions options = {}) {
  options.source_name = "movies.csv";
  Result<ParsedReviews> parsed = ParseReviews(bytes, options);
  EXPECT_FALSE(parsed.ok());
  return parsed.status.message();
}

std::vector<int> Labels(const ParsedReviews& parsed) {
  std::vector<int> labels;
  for (const LabeledText& row : parsed.rows) labels.push_back(row.label);
  return labels;
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(TextFormats, DetectsGlueTextTabLabelWithHeader) {
  ParsedReviews parsed =
      MustParse("sentence\tlabel\nhide new secretions \t0\nloves its characters \t1\n");
  EXPECT_EQ(parsed.format, "text-tab-label");
  EXPECT_EQ(parsed.text_column, "sentence");
  EXPECT_EQ(parsed.label_column, "label");
  ASSERT_EQ(parsed.rows.size(), 2u);
  EXPECT_EQ(parsed.rows[0].text, "hide new secretions ");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{-1, 1}));
}

TEST(TextFormats, TextTabLabelSplitsOnLastTabAndIgnoresStrayQuotes) {
  // UCI IMDB: a quote opens on one line and "closes" on the next; each line is still a row.
  ParsedReviews parsed =
      MustParse("A \"masterpiece.  \t1\n\" The structure is tight.\t1\nSlow, aimless.  \t0\n");
  EXPECT_EQ(parsed.format, "text-tab-label");
  ASSERT_EQ(parsed.rows.size(), 3u);
  EXPECT_EQ(parsed.rows[1].text, "\" The structure is tight.");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, 1, -1}));
}

TEST(TextFormats, DetectsLabelTabTextAndSplitsOnFirstTab) {
  ParsedReviews parsed = MustParse("label\ttext\n1\tthe rock\tis back\n0\tsimplistic , silly\n");
  EXPECT_EQ(parsed.format, "label-tab-text");
  EXPECT_EQ(parsed.rows[0].text, "the rock\tis back");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, DetectsSst2LabelSpaceText) {
  ParsedReviews parsed = MustParse("1 a gorgeous film\n0 one long string of cliches .\n");
  EXPECT_EQ(parsed.format, "label-space-text");
  EXPECT_EQ(parsed.rows[0].text, "a gorgeous film");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, DetectsFastTextWhereOneIsNegative) {
  ParsedReviews parsed = MustParse("__label__2 great stuff\n__label__1 awful\n");
  EXPECT_EQ(parsed.format, "fasttext");
  EXPECT_EQ(parsed.rows[0].text, "great stuff");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, DetectsJsonLinesWithNamedFields) {
  ParsedReviews parsed = MustParse(
      "{\"review\": \"Loved it\", \"sentiment\": \"positive\", \"id\": 7}\n\n"
      "{\"review\": \"Hated it\", \"sentiment\": \"NEGATIVE\"}\n");
  EXPECT_EQ(parsed.format, "jsonl");
  EXPECT_EQ(parsed.text_column, "review");
  EXPECT_EQ(parsed.label_column, "sentiment");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, JsonLinesNumericLabels) {
  ParsedReviews parsed = MustParse("{\"text\":\"a\",\"label\":1}\n{\"text\":\"b\",\"label\":0}\n");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, JsonLinesSyntaxErrorNamesTheLine) {
  std::string error = ErrorOf("{\"text\":\"a\",\"label\":1}\n{\"text\": oops}\n");
  EXPECT_TRUE(Contains(error, "movies.csv line 2")) << error;
  EXPECT_TRUE(Contains(error, "not valid JSON")) << error;
}

TEST(TextFormats, DetectsCsvWithHeader) {
  ParsedReviews parsed = MustParse("id,text,label\n1,\"Good, really good\",pos\n2,Bad,neg\n");
  EXPECT_EQ(parsed.format, "csv");
  EXPECT_EQ(parsed.columns, (std::vector<std::string>{"id", "text", "label"}));
  EXPECT_EQ(parsed.rows[0].text, "Good, really good");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, CsvQuotedFieldsWithNewlinesDoubledQuotesCrlfAndBom) {
  ParsedReviews parsed = MustParse(
      "\xEF\xBB\xBFlabel,review\r\n1,\"She said \"\"wow\"\"\r\nthen left\"\r\n0,plain\r\n");
  ASSERT_EQ(parsed.rows.size(), 2u);
  EXPECT_EQ(parsed.label_column, "label");
  EXPECT_EQ(parsed.rows[0].text, "She said \"wow\"\r\nthen left");
  EXPECT_EQ(parsed.rows[1].text, "plain");
}

TEST(TextFormats, CsvWithoutHeaderFindsColumnsByContent) {
  ParsedReviews parsed = MustParse("1,a fine film\n0,a dull film\n", {TextFormat::kCsv});
  EXPECT_EQ(parsed.columns, (std::vector<std::string>{"column 1", "column 2"}));
  EXPECT_EQ(parsed.text_column, "column 2");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, ExplicitColumnsByNameOrIndex) {
  ParseOptions options;
  options.text_column = "title";
  options.label_column = "2";
  ParsedReviews parsed = MustParse("title,body,verdict\nNice,long text,1\nMeh,other,0\n", options);
  EXPECT_EQ(parsed.text_column, "title");
  EXPECT_EQ(parsed.label_column, "verdict");
  EXPECT_EQ(parsed.rows[0].text, "Nice");
}

TEST(TextFormats, TsvWithQuotes) {
  ParseOptions options;
  options.format = TextFormat::kTsv;
  ParsedReviews parsed = MustParse("text\tlabel\textra\n\"tab\there\"\t1\tx\nok\t0\ty\n", options);
  EXPECT_EQ(parsed.rows[0].text, "tab\there");
}

TEST(TextFormats, HasHeaderOptionOverridesDetection) {
  ParseOptions options;
  options.format = TextFormat::kCsv;
  options.has_header = 1;  // "1,first" would otherwise be data
  ParsedReviews parsed = MustParse("1,first\n1,good\n0,bad\n", options);
  EXPECT_EQ(parsed.columns, (std::vector<std::string>{"1", "first"}));
  EXPECT_EQ(parsed.rows.size(), 2u);
  options.has_header = 0;  // the header row becomes data and its "label" cell is not a label
  EXPECT_TRUE(Contains(ErrorOf("text,label\ngood,1\n", options), "no label column"));
}

TEST(TextFormats, LabelSpellings) {
  auto labels_of = [](const std::string& column) {
    std::string csv = "text,label\n";
    for (size_t i = 0, j; i < column.size(); i = j + 1) {
      j = column.find(' ', i);
      if (j == std::string::npos) j = column.size();
      csv += "t," + column.substr(i, j - i) + "\n";
    }
    return Labels(MustParse(csv));
  };
  EXPECT_EQ(labels_of("0 1"), (std::vector<int>{-1, 1}));
  EXPECT_EQ(labels_of("-1 1"), (std::vector<int>{-1, 1}));
  EXPECT_EQ(labels_of("1 2"), (std::vector<int>{-1, 1}));
  EXPECT_EQ(labels_of("Pos NEG positive Negative"), (std::vector<int>{1, -1, 1, -1}));
  EXPECT_EQ(labels_of("__label__pos __label__neg"), (std::vector<int>{1, -1}));
  EXPECT_EQ(labels_of("1.0 0.0"), (std::vector<int>{1, -1}));
}

TEST(TextFormats, NeutralMiddleValuesAreDropped) {
  ParsedReviews parsed = MustParse("text,label\na,-1\nb,0\nc,1\n");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{-1, 1}));
  EXPECT_EQ(parsed.dropped, 1);
  parsed = MustParse("text,label\na,0\nb,1\nc,2\n");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{-1, 1}));
}

TEST(TextFormats, StarRatingsUseThresholdAndCountDrops) {
  ParsedReviews parsed = MustParse("text,stars\na,1\nb,2\nc,3\nd,4\ne,5\nf,4.5\n");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{-1, -1, 1, 1, 1}));
  EXPECT_EQ(parsed.dropped, 1);
  ASSERT_EQ(parsed.drop_reasons.size(), 1u);
  EXPECT_EQ(parsed.drop_reasons[0], (std::pair<std::string, int64_t>{"neutral-label", 1}));
  ParseOptions options;
  options.star_threshold = 4;
  EXPECT_EQ(Labels(MustParse("text,stars\na,1\nb,3\nc,4\nd,5\n", options)),
            (std::vector<int>{-1, -1, 1}));
}

TEST(TextFormats, TenPointStarsScaleTheThreshold) {
  // Default threshold 3 on 1-5 is 5.5 on 1-10: nothing is neutral for integer ratings.
  ParsedReviews parsed = MustParse("text,rating\na,1\nb,5\nc,6\nd,10\n");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{-1, -1, 1, 1}));
  EXPECT_EQ(parsed.dropped, 0);
}

TEST(TextFormats, EmptyTextAndMissingLabelAreDroppedWithReasons) {
  ParsedReviews parsed = MustParse("text,label\ngood,1\n  ,0\nbad,\nfine,0\n");
  EXPECT_EQ(parsed.rows.size(), 2u);
  EXPECT_EQ(parsed.dropped, 2);
  EXPECT_EQ(parsed.drop_reasons, (std::vector<std::pair<std::string, int64_t>>{
                                     {"empty-text", 1}, {"missing-label", 1}}));
}

TEST(TextFormats, RejectsBooleanAndOtherUnparseableLabels) {
  std::string error = ErrorOf("text,label\ngood,true\nbad,false\n");
  EXPECT_TRUE(Contains(error, "movies.csv line 2: unparseable label \"true\"")) << error;
  error = ErrorOf("text,label\ngood,1\nbad," + std::string(100, 'x') + "\n");
  EXPECT_TRUE(Contains(error, "line 3")) << error;
  EXPECT_TRUE(Contains(error, "...\"")) << error;  // long values are truncated
}

TEST(TextFormats, AHeaderlessColumnOfShortUnknownLabelsIsNamedWithItsFirstUnreadableValue) {
  // Issue 20: "yes"/"no" and "4 stars" said "no label column found", as if there were none.
  std::string error = ErrorOf("I liked this film a lot,yes\nA dull and long film,no\n");
  EXPECT_TRUE(Contains(error, "movies.csv line 1: unparseable label \"yes\"")) << error;
  EXPECT_TRUE(Contains(error, "expected 0/1, -1/1, 1/2, pos/neg or a star rating")) << error;
  EXPECT_TRUE(Contains(error, "\"column 2\", the only column of short values")) << error;
  error = ErrorOf("Great sound for the price,4 stars\nBroke after a week,1 star\n");
  EXPECT_TRUE(Contains(error, "line 1: unparseable label \"4 stars\"")) << error;
  // Two long columns: nothing looks like a label, and the message says what was looked for.
  error = ErrorOf("a long text that is no label at all,another long text that is none either\n");
  EXPECT_TRUE(Contains(error, "no label column found")) << error;
}

TEST(TextFormats, RejectsInvalidUtf8SuggestingLatin1) {
  std::string error = ErrorOf("text,label\ngood,1\ncaf\xE9,0\n");
  EXPECT_TRUE(Contains(error, "movies.csv line 3: not valid UTF-8")) << error;
  EXPECT_TRUE(Contains(error, "Latin-1")) << error;
}

TEST(TextFormats, RejectsBinaryData) {
  std::string error = ErrorOf(std::string("text,label\nab\0c,1\n", 17));
  EXPECT_TRUE(Contains(error, "movies.csv line 2: binary data")) << error;
}

// Issue 43, item 5: a file of classic Mac OS line ends (a lone CR) read as one review, and
// loading said "only one class present: the one review is negative".
TEST(TextFormats, ClassicMacLineEndsAreReadAsLineEndsAndSaidSo) {
  ParsedReviews parsed = MustParse("text,label\rgood film,1\rbad film,0\r\"two\rlines\",1\r");
  EXPECT_EQ(parsed.format, "csv");
  EXPECT_EQ(parsed.encoding, "utf-8+cr");  // the preview's data-encoding says so
  ASSERT_EQ(parsed.rows.size(), 3u);
  EXPECT_EQ(parsed.rows[1].text, "bad film");
  EXPECT_EQ(parsed.rows[2].text, "two\nlines");  // a line end inside quotes stays one
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1, 1}));
  // Label-first lines and the rt-polarity pair too; a line number counts CR-ended lines.
  EXPECT_EQ(MustParse("1\tgood film\r0\tbad film\r").rows.size(), 2u);
  ParseOptions options;
  options.source_name = "rt-polarity";
  Result<ParsedReviews> pair = ParsePairedLines("good\rfine\r", "bad\r", options);
  ASSERT_TRUE(pair.ok()) << pair.status.message();
  EXPECT_EQ(Labels(pair.value), (std::vector<int>{1, 1, -1}));
  EXPECT_TRUE(Contains(ErrorOf("text,label\rgood,1\rcaf\xE9,0\r"), "movies.csv line 3: not valid"));
  // CR LF and LF files, and a stray CR inside LF-ended text, are read as before.
  EXPECT_EQ(MustParse("text,label\r\ngood,1\r\nbad,0\r\n").encoding, "utf-8");
  ParsedReviews stray = MustParse("text,label\ngood\rfilm,1\nbad film,0\nfine,1\n");
  EXPECT_EQ(stray.encoding, "utf-8");
  EXPECT_EQ(stray.rows.size(), 3u);
}

// Issue 43, item 8: a gzip file was refused as "binary data (a NUL byte ...)". Compressed
// files and archives are named, with what to do; a text that only starts like one is text.
TEST(TextFormats, CompressedFilesAndArchivesAreNamed) {
  const std::string gzip("\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03\xCB\x48", 12);
  EXPECT_EQ(ErrorOf(gzip),
            "movies.csv is gzip-compressed: decompress it first (gunzip -k movies.csv), then "
            "load the file of reviews");
  EXPECT_TRUE(Contains(ErrorOf(std::string("PK\x03\x04\x14\x00\x00\x00", 8)),
                       "movies.csv is a zip archive: extract the file of reviews from it first"));
  EXPECT_TRUE(Contains(ErrorOf("BZh91AY&SY\x8F\x00\x01"), "movies.csv is bzip2-compressed"));
  EXPECT_TRUE(Contains(ErrorOf(std::string("\xFD"
                                           "7zXZ\x00\x00\x04",
                                           9)),
                       "xz-compressed"));
  EXPECT_TRUE(Contains(ErrorOf("\x28\xB5\x2F\xFD\x24\x05"), "zstd-compressed"));
  // Latin-1 decoding does not hide it.
  ParseOptions latin1;
  latin1.latin1 = true;
  EXPECT_TRUE(Contains(ErrorOf(gzip, latin1), "gzip-compressed"));
  // Text that begins with "BZh" is text.
  EXPECT_EQ(MustParse("BZh text,label\ngood,1\nbad,0\n").rows.size(), 2u);
}

TEST(TextFormats, RejectsMissingTextColumn) {
  ParseOptions options;
  options.text_column = "body";
  std::string error = ErrorOf("text,label\na,1\n", options);
  EXPECT_TRUE(Contains(error, "no text column \"body\"")) << error;
  EXPECT_TRUE(Contains(ErrorOf("label\n1\n0\n", {TextFormat::kCsv}), "no text column"));
}

TEST(TextFormats, RejectsMissingLabelColumn) {
  EXPECT_TRUE(Contains(ErrorOf("index\tsentence\n0\tfoo\n11\tbar\n", {TextFormat::kTsv}),
                       "no label column"));
}

TEST(TextFormats, RejectsUnterminatedQuote) {
  std::string error = ErrorOf("text,label\ngood,1\n\"never closed,0\nmore,1\n");
  EXPECT_TRUE(Contains(error, "movies.csv line 3: unterminated quoted field")) << error;
}

TEST(TextFormats, RejectsInputOverTheLimitAndStatesIt) {
  ParseOptions options;
  options.max_bytes = 10;
  std::string error = ErrorOf("text,label\ngood,1\n", options);
  EXPECT_TRUE(Contains(error, "limit")) << error;
  EXPECT_TRUE(Contains(error, "10 bytes")) << error;
}

TEST(TextFormats, RejectsEmptyInput) {
  EXPECT_TRUE(Contains(ErrorOf(""), "no rows at all"));
  EXPECT_TRUE(Contains(ErrorOf("\xEF\xBB\xBF \n\n"), "no rows at all"));
  EXPECT_TRUE(Contains(ErrorOf("text,label\n"), "no rows at all"));
}

TEST(TextFormats, RoundTripThroughLabelTabText) {
  std::vector<LabeledText> rows = {{"\"Quoted\" start, with commas", 1},
                                   {"it's 5, \"not\" 4", -1},
                                   {"1", 1},
                                   {"ends with a quote\"", -1},
                                   {"café <br /> &amp;", 1}};
  ParsedReviews parsed = MustParse(WriteLabelTabText(rows));
  ASSERT_EQ(parsed.rows.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(parsed.rows[i].text, rows[i].text);
    EXPECT_EQ(parsed.rows[i].label, rows[i].label);
  }
}

TEST(TextFormats, RoundTripKeepsTextsThatLookLikeLabels) {
  std::vector<LabeledText> rows = {{"1", 1}, {"0", -1}};
  ParsedReviews parsed = MustParse(WriteLabelTabText(rows));
  EXPECT_EQ(parsed.format, "label-tab-text");
  EXPECT_EQ(parsed.rows[0].text, "1");
  EXPECT_EQ(Labels(parsed), (std::vector<int>{1, -1}));
}

TEST(TextFormats, WriterReplacesTabsAndNewlinesWithSpaces) {
  EXPECT_EQ(WriteLabelTabText({{"a\tb\r\nc", -1}}), "label\ttext\n0\ta b  c\n");
}

TEST(TextFormats, PairedLinesLabelByFile) {
  ParseOptions options;
  options.source_name = "rt-polarity";
  Result<ParsedReviews> parsed = ParsePairedLines("good one\n\nfine\n", "bad one\r\n", options);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(Labels(parsed.value), (std::vector<int>{1, 1, -1}));
  Result<ParsedReviews> latin = ParsePairedLines("ok\n", "caf\xE9\n", options);
  ASSERT_FALSE(latin.ok());
  EXPECT_TRUE(Contains(latin.status.message(), "rt-polarity (negative) line 1"))
      << latin.status.message();
  EXPECT_FALSE(ParsePairedLines("", "\n", options).ok());
}

TEST(TextFormats, Latin1ToUtf8DecodesWindows1252) {
  EXPECT_EQ(Latin1ToUtf8("caf\xE9 \x93hi\x94 \x80"),
            "café \xE2\x80\x9Chi\xE2\x80\x9D \xE2\x82\xAC");
  ParsedReviews parsed = MustParse(Latin1ToUtf8("text,label\ncaf\xE9,1\nna\xEFve,0\n"));
  EXPECT_EQ(parsed.rows[0].text, "café");
}

}  // namespace
}  // namespace clslab
