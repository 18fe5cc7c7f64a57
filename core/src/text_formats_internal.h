// Shared pieces of the text-format parsers (core/src only, not public API). Every format
// first becomes a Table of string cells; columns.cpp then picks the text and label columns
// and maps labels, so header, column and label rules are written once for all formats.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/status.h"
#include "clslab/text_formats.h"
#include "text_util.h"

namespace clslab {
namespace text_internal {

struct Table {
  std::vector<std::vector<std::string>> rows;  // cells as read; rows may differ in width
  std::vector<int64_t> lines;                  // 1-based line where each row starts
  std::vector<std::string> header;             // set when the format itself names fields
  bool header_known = false;  // true: header is authoritative (JSONL) or known absent
};

// Where the format already fixes the columns (-1 = detect).
struct ColumnHints {
  int label_index = -1;
  int text_index = -1;
};

// --- encoding.cpp
// The input as UTF-8: refuses oversize input unread, converts UTF-16 (a BOM, or NULs in
// every other byte) and, with options.latin1, Windows-1252, into *storage; then
// CheckEncoding. *encoding names what the input was by its key (ParsedReviews::encoding).
Result<std::string_view> DecodeInput(std::string_view raw, const ParseOptions& options,
                                     const std::string& source, std::string* storage,
                                     std::string* encoding);
// Refuses oversize, binary and non-UTF-8 input; returns bytes without a UTF-8 BOM.
Result<std::string_view> CheckEncoding(std::string_view bytes, const ParseOptions& options,
                                       const std::string& source);
// Calls fn(line, line_number) for every physical line, without its "\n" or "\r\n".
template <typename Fn>
void ForEachLine(std::string_view bytes, Fn fn) {
  int64_t number = 1;
  size_t begin = 0;
  while (begin < bytes.size()) {
    size_t end = bytes.find('\n', begin);
    size_t next = end == std::string_view::npos ? bytes.size() : end + 1;
    std::string_view line =
        bytes.substr(begin, (end == std::string_view::npos ? bytes.size() : end) - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    fn(line, number++);
    begin = next;
  }
}
bool IsBlank(std::string_view text);
std::string_view Trim(std::string_view text);
// Messages quote values with QuoteForMessage (text_util.h).
inline std::string Quote(std::string_view value) { return QuoteForMessage(value); }

// --- labels.cpp
// True for pos/neg words and numbers in [-1, 10]: what a label cell can look like.
bool LooksLikeLabel(std::string_view value);

class LabelMapper {
 public:
  // Decides the mapping from every non-empty label value in the column (see text_formats.h).
  static Result<LabelMapper> Decide(const std::vector<std::string_view>& values,
                                    const std::vector<int64_t>& lines, double star_threshold,
                                    const std::string& source);
  // +1, -1, or 0 for a neutral value (dropped). Only values seen by Decide are valid input.
  int8_t Map(std::string_view value) const;
  // The mapping in the catalog's words (data-labels).
  const Finding& description() const { return description_; }

 private:
  enum class Kind { kZeroOne, kMinusOneOne, kOneTwo, kMinusOneZeroOne, kZeroOneTwo, kStars };
  Kind kind_ = Kind::kZeroOne;
  double threshold_ = 3;  // kStars only, on the column's own scale
  Finding description_;
};

// --- delimited.cpp: RFC 4180 records (quotes, doubled quotes, embedded newlines).
Result<Table> ParseDelimited(std::string_view bytes, char separator, const std::string& source);
// --- jsonl.cpp: one JSON object per line; header = keys in order of first appearance.
Result<Table> ParseJsonLines(std::string_view bytes, const std::string& source);
// --- line_formats.cpp: one row per non-blank line, columns {label, text} or {text, label}.
Table ParseTabLines(std::string_view bytes, bool label_first);
Table ParseFastText(std::string_view bytes);
Table ParseLabelSpace(std::string_view bytes);

// --- columns.cpp: header decision, column choice, label mapping, drop counting.
// True for a header name that means "the label column" (label, sentiment, stars, ...).
bool IsLabelColumnName(std::string_view name);
Result<ParsedReviews> TableToReviews(Table table, ColumnHints hints, const ParseOptions& options,
                                     const std::string& format_name);

}  // namespace text_internal
}  // namespace clslab
