// Review files to labelled texts: CSV/TSV (RFC 4180), JSON Lines, fastText, label<TAB>text,
// text<TAB>label, `<label> <text>` and paired one-review-per-line files, with format and
// column detection and per-file label mapping. Input is bytes the caller already read: the
// library never opens files. Tokenizing and splitting happen later (dataset.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clslab/findings.h"
#include "clslab/status.h"

namespace clslab {

enum class TextFormat {
  kAuto,
  kCsv,
  kTsv,  // RFC 4180 quoting with tab as the separator
  kJsonLines,
  kFastText,        // `__label__2 text`; __label__1 = negative, __label__2 = positive
  kLabelTabText,    // `label<TAB>text`, split on the first tab, no quoting
  kLabelSpaceText,  // `<label> <text>` (SST-2 sentences: `1 a gorgeous film`)
  kTextTabLabel,    // `text<TAB>label`, split on the last tab, no quoting (UCI, GLUE SST-2)
};

// Every format, kAuto first: the one list the settings' choices, the bindings and the
// page's format menu read.
const std::vector<TextFormat>& TextFormats();

// Name used in previews, messages, settings and links: "auto", "csv", "tsv", "jsonl",
// "fasttext", "label-tab-text", "label-space-text", "text-tab-label".
const char* TextFormatName(TextFormat format);

// The format named `name` (TextFormatName's inverse); false for a name that is none.
bool TextFormatFromName(std::string_view name, TextFormat* format);

struct LabeledText {
  std::string text;
  int8_t label;  // +1 positive, -1 negative
};

struct ParseOptions {
  TextFormat format = TextFormat::kAuto;
  std::string source_name = "input";  // used in every error message: "movies.csv line 12: ..."
  // CSV/TSV/JSONL: column/field name or 0-based index as text; empty = detect by name (text,
  // review, sentence, content, body, ...) or, without a header, the longest non-label column.
  std::string text_column;
  std::string label_column;  // empty = detect (label, sentiment, polarity, stars, rating, ...)
  int has_header = -1;       // -1 detect, 0 no, 1 yes (delimited and tab-line formats)
  // Star ratings: > threshold positive, < threshold negative, == threshold dropped. The
  // threshold is on the 1-5 scale; a 1-10 column uses the same point of the range
  // (1 + (threshold - 1) * 9 / 4, so 3 -> 5.5).
  double star_threshold = 3;
  int64_t max_bytes = 256 << 20;  // larger input is refused with a message that states the limit
  // Decode the input as Windows-1252 (Latin1ToUtf8) before parsing: the user's answer to a
  // "not valid UTF-8" error. UTF-8 input decoded this way turns into mojibake, so it is
  // never guessed. The size limit applies to the input as given.
  bool latin1 = false;
};

struct ParsedReviews {
  std::vector<LabeledText> rows;
  std::string format;  // detected/used format name, for the preview
  // The encoding by its key: "utf-8", "utf-16-le", "utf-16-be" or "windows-1252" (the last
  // three converted to UTF-8), with "+cr" when lone CRs ended the lines (classic Mac OS).
  std::string encoding;
  std::vector<std::string> columns;       // header names (or "column 1".. ) when tabular
  std::string text_column, label_column;  // what was used
  Finding label_mapping;                  // data-labels: how labels became classes
  int64_t dropped = 0;                    // rows dropped (neutral labels, empty text/label)
  // reason -> count, the reason by its key: "missing-label", "empty-text", "neutral-label"
  // (the catalog's data-dropped words it).
  std::vector<std::pair<std::string, int64_t>> drop_reasons;
};

// Labels are mapped per file from the set of distinct values in the label column
// (case-insensitive, a "__label__" prefix ignored):
//   pos/positive, neg/negative      -> +1 / -1 (words may mix with any numeric mapping)
//   {0,1} 0 = neg | {-1,1} -1 = neg | {1,2} 1 = neg (fastText, Amazon/Yelp polarity)
//   {-1,0,1} and {0,1,2}: 0 resp. 1 is neutral and dropped
//   anything else numeric within [0, 10]: star ratings, compared with star_threshold
//   anything else (including true/false): an error quoting the value and its line.
Result<ParsedReviews> ParseReviews(std::string_view bytes, const ParseOptions& options);

// One-review-per-line files paired as positive and negative (rt-polarity style). Blank lines
// are skipped; errors name "<source_name> (positive)" or "(negative)".
Result<ParsedReviews> ParsePairedLines(std::string_view positive_bytes,
                                       std::string_view negative_bytes,
                                       const ParseOptions& options);

// Texts already split into reviews (one file per review, labels from the folder name, as in
// aclImdb's pos/ and neg/). Labels must be +1 or -1; each text gets the byte checks of a file
// (UTF-8, NUL, the latin1 option; max_bytes on the total); blank texts are dropped with a
// reason. Errors name "<source_name> review <1-based index>".
Result<ParsedReviews> ParseLabeledTexts(std::vector<LabeledText> rows, const ParseOptions& options);

// True when `bytes` is valid UTF-8 (no overlongs, surrogates or values above U+10FFFF).
bool IsUtf8(std::string_view bytes);

// Decode Windows-1252 bytes (a superset of Latin-1's printable range) to UTF-8; offered when
// input is not UTF-8. The five bytes cp1252 leaves undefined map to U+0081.. like Latin-1.
std::string Latin1ToUtf8(std::string_view bytes);

// Serialize rows as a `label\ttext` header plus `1\t...`/`0\t...` lines. ParseReviews on the
// result gives identical rows; tabs, CR and LF inside a text become spaces (the tokenizer
// treats them as spaces anyway), the only change the round trip makes.
std::string WriteLabelTabText(const std::vector<LabeledText>& rows);

}  // namespace clslab
