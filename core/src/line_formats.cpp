// One-review-per-line formats: label<TAB>text, text<TAB>label, fastText `__label__2 text`,
// SST-2 `<label> <text>`, and paired positive/negative files; plus the label<TAB>text
// writer. No quoting: real files of this shape carry stray quotes (UCI IMDB), so a line is
// split on its first tab (label first) or its last tab (label last) and never re-joined.
#include <algorithm>

#include "guidance_specs.h"  // kDataLabels
#include "text_formats_internal.h"

namespace clslab {
namespace text_internal {
namespace {

constexpr std::string_view kFastTextPrefix = "__label__";

size_t SkipSpaces(std::string_view line, size_t i) {
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}
size_t SkipWord(std::string_view line, size_t i) {
  while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
  return i;
}

}  // namespace

Table ParseTabLines(std::string_view bytes, bool label_first) {
  Table table;
  ForEachLine(bytes, [&](std::string_view line, int64_t number) {
    if (IsBlank(line)) return;
    size_t tab = label_first ? line.find('\t') : line.rfind('\t');
    std::string label, text(line);  // a line without a tab has no label and is dropped later
    if (tab != std::string_view::npos) {
      label = std::string(line.substr(label_first ? 0 : tab + 1, label_first ? tab : line.npos));
      text = std::string(label_first ? line.substr(tab + 1) : line.substr(0, tab));
    }
    if (label_first) {
      table.rows.push_back({std::move(label), std::move(text)});
    } else {
      table.rows.push_back({std::move(text), std::move(label)});
    }
    table.lines.push_back(number);
  });
  return table;
}

Table ParseFastText(std::string_view bytes) {
  Table table;
  table.header = {"label", "text"};
  table.header_known = true;
  ForEachLine(bytes, [&](std::string_view line, int64_t number) {
    if (IsBlank(line)) return;
    // The first __label__ token is the label; further labels (multi-label lines) are skipped.
    std::string label;
    size_t i = SkipSpaces(line, 0);
    while (line.substr(i, kFastTextPrefix.size()) == kFastTextPrefix) {
      size_t end = SkipWord(line, i);
      if (label.empty()) label = std::string(line.substr(i, end - i));
      i = SkipSpaces(line, end);
    }
    table.rows.push_back({std::move(label), std::string(line.substr(i))});
    table.lines.push_back(number);
  });
  return table;
}

Table ParseLabelSpace(std::string_view bytes) {
  Table table;
  table.header = {"label", "text"};
  table.header_known = true;
  ForEachLine(bytes, [&](std::string_view line, int64_t number) {
    if (IsBlank(line)) return;
    size_t begin = SkipSpaces(line, 0);
    size_t end = SkipWord(line, begin);
    table.rows.push_back({std::string(line.substr(begin, end - begin)),
                          std::string(line.substr(SkipSpaces(line, end)))});
    table.lines.push_back(number);
  });
  return table;
}

}  // namespace text_internal

Result<ParsedReviews> ParsePairedLines(std::string_view positive_bytes,
                                       std::string_view negative_bytes,
                                       const ParseOptions& options) {
  ParsedReviews parsed;
  parsed.format = "paired-lines";
  parsed.label_mapping = kDataLabels.Detail({Name("scheme", "paired-files"), Name("words", "no"),
                                             Name("scale", "1-5"), Value("threshold", 0)});
  const std::pair<std::string_view, int8_t> files[] = {{positive_bytes, 1}, {negative_bytes, -1}};
  for (const auto& file : files) {
    const int8_t label = file.second;  // a named copy: lambdas cannot capture bindings in C++17
    const std::string_view bytes = file.first;
    std::string source = options.source_name + (label > 0 ? " (positive)" : " (negative)");
    std::string decoded;
    Result<std::string_view> checked =
        text_internal::DecodeInput(bytes, options, source, &decoded, &parsed.encoding);
    if (!checked.ok()) return Result<ParsedReviews>::Failure(checked.status.message());
    text_internal::ForEachLine(checked.value, [&](std::string_view line, int64_t) {
      if (!text_internal::IsBlank(line)) parsed.rows.push_back({std::string(line), label});
    });
  }
  if (parsed.rows.empty()) {
    return Result<ParsedReviews>::Failure(options.source_name +
                                          ": no rows at all (both files are empty)");
  }
  return Result<ParsedReviews>::Success(std::move(parsed));
}

Result<ParsedReviews> ParseLabeledTexts(std::vector<LabeledText> rows,
                                        const ParseOptions& options) {
  ParsedReviews parsed;
  parsed.format = "labeled texts";
  parsed.label_mapping = kDataLabels.Detail({Name("scheme", "folders"), Name("words", "no"),
                                             Name("scale", "1-5"), Value("threshold", 0)});
  int64_t total = 0;
  for (const LabeledText& row : rows) total += static_cast<int64_t>(row.text.size());
  if (total > options.max_bytes) {
    return Result<ParsedReviews>::Failure(
        options.source_name + ": the texts add up to " + std::to_string(total) +
        " bytes, more than the limit of " + std::to_string(options.max_bytes) + " bytes");
  }
  // The total passed the limit; a text is checked against its own (possibly decoded) size.
  ParseOptions each = options;
  int64_t blank = 0;
  parsed.rows.reserve(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    LabeledText& row = rows[i];
    const std::string source = options.source_name + " review " + std::to_string(i + 1);
    if (row.label != 1 && row.label != -1) {
      return Result<ParsedReviews>::Failure(source + ": label " + std::to_string(row.label) +
                                            " is neither +1 (positive) nor -1 (negative)");
    }
    std::string decoded;
    each.max_bytes = std::max<int64_t>(total, static_cast<int64_t>(row.text.size()));
    Result<std::string_view> checked =
        text_internal::DecodeInput(row.text, each, source, &decoded, &parsed.encoding);
    if (!checked.ok()) return Result<ParsedReviews>::Failure(checked.status.message());
    if (text_internal::IsBlank(checked.value)) {
      ++blank;
      continue;
    }
    parsed.rows.push_back({std::string(checked.value), row.label});
  }
  if (blank > 0) {
    parsed.dropped = blank;
    parsed.drop_reasons.push_back({"empty-text", blank});
  }
  if (parsed.rows.empty()) {
    return Result<ParsedReviews>::Failure(options.source_name + ": no reviews with text");
  }
  return Result<ParsedReviews>::Success(std::move(parsed));
}

std::string WriteLabelTabText(const std::vector<LabeledText>& rows) {
  std::string out = "label\ttext\n";
  for (const LabeledText& row : rows) {
    out += row.label > 0 ? "1\t" : "0\t";
    for (char c : row.text) out.push_back(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
    out.push_back('\n');
  }
  return out;
}

}  // namespace clslab
