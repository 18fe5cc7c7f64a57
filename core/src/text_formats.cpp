// Format detection and dispatch for ParseReviews. Detection reads only the first lines of the
// input and looks for the shapes real review files have; parsing itself lives in one file per
// format family (delimited.cpp, jsonl.cpp, line_formats.cpp) and columns.cpp.
#include <algorithm>

#include "text_formats_internal.h"

namespace clslab {
namespace {

using text_internal::ColumnHints;
using text_internal::Table;

constexpr size_t kDetectLines = 50;         // non-blank lines looked at by DetectFormat
constexpr size_t kDetectBytes = 256 << 10;  // and never more than this many bytes

struct Sample {
  std::vector<std::string_view> lines;  // non-blank lines, without line ends
};

Sample TakeSample(std::string_view bytes) {
  Sample sample;
  std::string_view head = bytes.substr(0, kDetectBytes);
  size_t last_newline = head.rfind('\n');
  // A cut in the middle of a line would look like a malformed line; drop the partial tail.
  if (head.size() < bytes.size() && last_newline != std::string_view::npos) {
    head = head.substr(0, last_newline);
  }
  text_internal::ForEachLine(head, [&](std::string_view line, int64_t) {
    if (sample.lines.size() < kDetectLines && !text_internal::IsBlank(line)) {
      sample.lines.push_back(line);
    }
  });
  return sample;
}

// Fraction of lines (from index `from`) satisfying pred; 0 when there are none.
template <typename Pred>
double Fraction(const std::vector<std::string_view>& lines, size_t from, Pred pred) {
  if (lines.size() <= from) return 0;
  size_t count = 0;
  for (size_t i = from; i < lines.size(); ++i) count += pred(lines[i]) ? 1 : 0;
  return static_cast<double>(count) / static_cast<double>(lines.size() - from);
}

std::string_view FirstWord(std::string_view line) {
  line = text_internal::Trim(line);
  return line.substr(0, line.find_first_of(" \t"));
}

size_t Tabs(std::string_view line) { return std::count(line.begin(), line.end(), '\t'); }

TextFormat DetectTabFormat(const std::vector<std::string_view>& lines) {
  // The first line may be a header ("sentence\tlabel"); judge the shape on the rest.
  size_t from = lines.size() > 1 ? 1 : 0;
  auto first = [](std::string_view line) { return line.substr(0, line.find('\t')); };
  auto last = [](std::string_view line) { return line.substr(line.rfind('\t') + 1); };
  double label_first =
      Fraction(lines, from, [&](auto line) { return text_internal::LooksLikeLabel(first(line)); });
  double label_last =
      Fraction(lines, from, [&](auto line) { return text_internal::LooksLikeLabel(last(line)); });
  // A header that names the label column settles which end holds it.
  if (text_internal::IsLabelColumnName(first(lines[0]))) return TextFormat::kLabelTabText;
  if (text_internal::IsLabelColumnName(last(lines[0]))) return TextFormat::kTextTabLabel;
  bool one_tab = std::all_of(lines.begin(), lines.end(), [](auto line) { return Tabs(line) == 1; });
  if (!one_tab) {
    // Extra tabs inside the text are fine for the label-first shape, but a header with three
    // or more names is a real TSV table.
    bool two_names = Tabs(lines[0]) == 1 || text_internal::LooksLikeLabel(first(lines[0]));
    return two_names && label_first == 1 ? TextFormat::kLabelTabText : TextFormat::kTsv;
  }
  if (label_first == 1 && label_last == 1) {
    // Both ends look like labels ("1\t2"); the text is the longer side.
    size_t first_length = 0, last_length = 0;
    for (auto line : lines) first_length += first(line).size(), last_length += last(line).size();
    return first_length < last_length ? TextFormat::kLabelTabText : TextFormat::kTextTabLabel;
  }
  if (label_last == 1) return TextFormat::kTextTabLabel;
  if (label_first == 1) return TextFormat::kLabelTabText;
  return TextFormat::kTsv;
}

Result<TextFormat> DetectFormat(std::string_view bytes, const std::string& source) {
  Sample sample = TakeSample(bytes);
  const auto& lines = sample.lines;
  if (lines.empty()) return Result<TextFormat>::Failure(source + ": no rows at all (empty input)");
  std::string_view first = text_internal::Trim(lines[0]);
  if (first.front() == '{') return Result<TextFormat>::Success(TextFormat::kJsonLines);
  if (Fraction(lines, 0, [](auto line) {
        return text_internal::Trim(line).substr(0, 9) == "__label__";
      }) >= 0.8) {
    return Result<TextFormat>::Success(TextFormat::kFastText);
  }
  if (first.find('\t') != std::string_view::npos &&
      Fraction(lines, 0, [](auto line) { return line.find('\t') != line.npos; }) >= 0.8) {
    return Result<TextFormat>::Success(DetectTabFormat(lines));
  }
  if (Fraction(lines, 0, [](auto line) {
        std::string_view word = FirstWord(line);
        return word.size() < text_internal::Trim(line).size() &&
               text_internal::LooksLikeLabel(word);
      }) >= 0.9) {
    return Result<TextFormat>::Success(TextFormat::kLabelSpaceText);
  }
  if (first.find(',') != std::string_view::npos || first.front() == '"') {
    return Result<TextFormat>::Success(TextFormat::kCsv);
  }
  return Result<TextFormat>::Failure(
      source +
      ": could not detect the format; expected CSV with a header, TSV, JSON Lines, "
      "fastText (__label__2 text), label<TAB>text, text<TAB>label or `<label> <text>` "
      "lines; choose the format explicitly");
}

}  // namespace

const std::vector<TextFormat>& TextFormats() {
  static const std::vector<TextFormat> formats = {
      TextFormat::kAuto,           TextFormat::kCsv,          TextFormat::kTsv,
      TextFormat::kJsonLines,      TextFormat::kFastText,     TextFormat::kLabelTabText,
      TextFormat::kLabelSpaceText, TextFormat::kTextTabLabel,
  };
  return formats;
}

bool TextFormatFromName(std::string_view name, TextFormat* format) {
  for (TextFormat candidate : TextFormats()) {
    if (name == TextFormatName(candidate)) {
      *format = candidate;
      return true;
    }
  }
  return false;
}

const char* TextFormatName(TextFormat format) {
  switch (format) {
    case TextFormat::kAuto:
      return "auto";
    case TextFormat::kCsv:
      return "csv";
    case TextFormat::kTsv:
      return "tsv";
    case TextFormat::kJsonLines:
      return "jsonl";
    case TextFormat::kFastText:
      return "fasttext";
    case TextFormat::kLabelTabText:
      return "label-tab-text";
    case TextFormat::kLabelSpaceText:
      return "label-space-text";
    case TextFormat::kTextTabLabel:
      return "text-tab-label";
  }
  return "unknown";
}

Result<ParsedReviews> ParseReviews(std::string_view raw_bytes, const ParseOptions& options) {
  const std::string& source = options.source_name;
  std::string decoded, encoding;
  Result<std::string_view> checked =
      text_internal::DecodeInput(raw_bytes, options, source, &decoded, &encoding);
  if (!checked.ok()) return Result<ParsedReviews>::Failure(checked.status.message());
  std::string_view bytes = checked.value;
  if (text_internal::IsBlank(bytes)) {
    return Result<ParsedReviews>::Failure(source + ": no rows at all (empty input)");
  }
  TextFormat format = options.format;
  if (format == TextFormat::kAuto) {
    Result<TextFormat> detected = DetectFormat(bytes, source);
    if (!detected.ok()) return Result<ParsedReviews>::Failure(detected.status.message());
    format = detected.value;
  }
  Result<Table> table;
  ColumnHints hints;
  switch (format) {
    case TextFormat::kCsv:
    case TextFormat::kTsv:
      table = text_internal::ParseDelimited(bytes, format == TextFormat::kCsv ? ',' : '\t', source);
      break;
    case TextFormat::kJsonLines:
      table = text_internal::ParseJsonLines(bytes, source);
      break;
    case TextFormat::kFastText:
      table.value = text_internal::ParseFastText(bytes);
      hints = {0, 1};
      break;
    case TextFormat::kLabelSpaceText:
      table.value = text_internal::ParseLabelSpace(bytes);
      hints = {0, 1};
      break;
    case TextFormat::kLabelTabText:
    case TextFormat::kTextTabLabel: {
      bool label_first = format == TextFormat::kLabelTabText;
      table.value = text_internal::ParseTabLines(bytes, label_first);
      hints = label_first ? ColumnHints{0, 1} : ColumnHints{1, 0};
      break;
    }
    case TextFormat::kAuto:
      break;
  }
  if (!table.ok()) return Result<ParsedReviews>::Failure(table.status.message());
  Result<ParsedReviews> parsed =
      text_internal::TableToReviews(std::move(table.value), hints, options, TextFormatName(format));
  parsed.value.encoding = encoding;
  return parsed;
}

}  // namespace clslab
