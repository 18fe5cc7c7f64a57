// From a Table of cells to labelled reviews: decide whether the first row is a header, pick
// the text and label columns (by option, by the format, by name, then by content), map the
// labels for this file and count what is dropped. Shared by every tabular and line format.
#include <algorithm>
#include <map>
#include <set>

#include "text_formats_internal.h"

namespace clslab {
namespace text_internal {
namespace {

constexpr size_t kSampleRows = 50;  // rows inspected when guessing a header or a column

const std::vector<std::string> kTextNames = {
    "text", "review",  "reviews",  "review_text", "reviewtext", "sentence",  "content",
    "body", "comment", "document", "tweet",       "phrase",     "utterance", "message"};
const std::vector<std::string> kLabelNames = {"label", "labels", "sentiment", "polarity",
                                              "stars", "star",   "rating",    "score",
                                              "y",     "class",  "target",    "overall"};

int FindName(const std::vector<std::string>& columns, const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    for (size_t j = 0; j < columns.size(); ++j) {
      if (AsciiLowercase(Trim(columns[j])) == name) return static_cast<int>(j);
    }
  }
  return -1;
}

std::string_view Cell(const std::vector<std::string>& row, int column) {
  if (column < 0 || static_cast<size_t>(column) >= row.size()) return {};
  return row[static_cast<size_t>(column)];
}

bool IsHeader(const Table& table) {
  if (table.rows.size() < 1) return false;
  const std::vector<std::string>& first = table.rows[0];
  if (FindName(first, kTextNames) >= 0 || FindName(first, kLabelNames) >= 0) return true;
  // A column whose following cells all look like labels while the first cell does not.
  size_t end = std::min(table.rows.size(), kSampleRows + 1);
  if (end < 2) return false;
  for (size_t j = 0; j < first.size(); ++j) {
    if (IsBlank(first[j]) || LooksLikeLabel(first[j])) continue;
    bool all = true;
    for (size_t i = 1; i < end && all; ++i) all = LooksLikeLabel(Cell(table.rows[i], j));
    if (all) return true;
  }
  return false;
}

// A column given as a name (case-insensitive) or a 0-based index; -2 when not found.
int ResolveColumn(const std::string& wanted, const std::vector<std::string>& columns) {
  std::string lower = AsciiLowercase(Trim(wanted));
  for (size_t j = 0; j < columns.size(); ++j) {
    if (AsciiLowercase(Trim(columns[j])) == lower) return static_cast<int>(j);
  }
  bool digits =
      !lower.empty() && lower.size() < 6 &&
      std::all_of(lower.begin(), lower.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (digits && std::stoi(lower) < static_cast<int>(columns.size())) return std::stoi(lower);
  return -2;
}

// The one column whose sampled cells are all short (a word or two) with few distinct values,
// as a label column is; -1 when no column or more than one is so.
int FindShortValueColumn(const Table& table, size_t first_data, size_t sample_end, size_t width) {
  constexpr size_t kShortCell = 24, kFewValues = 12;
  int found = -1;
  for (size_t j = 0; j < width; ++j) {
    std::set<std::string> distinct;
    bool short_cells = true;
    for (size_t i = first_data; i < sample_end && short_cells; ++i) {
      std::string_view cell = Trim(Cell(table.rows[i], static_cast<int>(j)));
      if (cell.empty()) continue;
      short_cells = cell.size() <= kShortCell && std::count(cell.begin(), cell.end(), ' ') <= 2;
      distinct.emplace(AsciiLowercase(cell));
    }
    if (!short_cells || distinct.empty() || distinct.size() > kFewValues) continue;
    if (found >= 0) return -1;
    found = static_cast<int>(j);
  }
  return found;
}

std::string ColumnList(const std::vector<std::string>& columns) {
  std::string list;
  for (const std::string& column : columns) list += (list.empty() ? "" : ", ") + Quote(column);
  return list;
}

}  // namespace

bool IsLabelColumnName(std::string_view name) {
  std::string lower = AsciiLowercase(Trim(name));
  return std::find(kLabelNames.begin(), kLabelNames.end(), lower) != kLabelNames.end();
}

Result<ParsedReviews> TableToReviews(Table table, ColumnHints hints, const ParseOptions& options,
                                     const std::string& format_name) {
  using Failure = Result<ParsedReviews>;
  const std::string& source = options.source_name;
  ParsedReviews parsed;
  parsed.format = format_name;
  size_t first_data = 0;
  if (!table.header_known) {
    bool header = options.has_header == 1 || (options.has_header == -1 && IsHeader(table));
    if (header && !table.rows.empty()) table.header = table.rows[0];
    first_data = header ? 1 : 0;
  }
  size_t width = table.header.size();
  for (size_t i = first_data; i < table.rows.size(); ++i)
    width = std::max(width, table.rows[i].size());
  parsed.columns = table.header;
  parsed.columns.resize(width);
  for (size_t j = 0; j < width; ++j) {
    if (Trim(parsed.columns[j]).empty()) parsed.columns[j] = "column " + std::to_string(j + 1);
  }
  if (first_data >= table.rows.size()) return Failure::Failure(source + ": no rows at all");

  int label = hints.label_index, text = hints.text_index;
  if (!options.label_column.empty()) {
    label = ResolveColumn(options.label_column, parsed.columns);
    if (label < 0) {
      return Failure::Failure(source + ": no label column " + Quote(options.label_column) +
                              "; columns are " + ColumnList(parsed.columns));
    }
  }
  if (!options.text_column.empty()) {
    text = ResolveColumn(options.text_column, parsed.columns);
    if (text < 0) {
      return Failure::Failure(source + ": no text column " + Quote(options.text_column) +
                              "; columns are " + ColumnList(parsed.columns));
    }
  }
  const size_t sample_end = std::min(table.rows.size(), first_data + kSampleRows);
  if (label < 0) label = FindName(parsed.columns, kLabelNames);
  for (size_t j = 0; label < 0 && j < width; ++j) {
    if (static_cast<int>(j) == text) continue;
    bool all = true;
    for (size_t i = first_data; i < sample_end && all; ++i) {
      all = LooksLikeLabel(Cell(table.rows[i], static_cast<int>(j)));
    }
    if (all) label = static_cast<int>(j);
  }
  if (label < 0) {
    // A column of a few short values ("yes"/"no", "4 stars") is a label column whose
    // spelling is not one of ours: say which value cannot be read, as for a named column.
    int short_column = FindShortValueColumn(table, first_data, sample_end, width);
    if (short_column >= 0) {
      std::vector<std::string_view> values;
      std::vector<int64_t> lines;
      for (size_t i = first_data; i < table.rows.size(); ++i) {
        std::string_view value = Cell(table.rows[i], short_column);
        if (!IsBlank(value)) values.push_back(value), lines.push_back(table.lines[i]);
      }
      Result<LabelMapper> mapper =
          LabelMapper::Decide(values, lines, options.star_threshold, source);
      if (!mapper.ok()) {
        return Failure::Failure(mapper.status.message() + " (in " +
                                Quote(parsed.columns[short_column]) +
                                ", the only column of short values)");
      }
    }
    return Failure::Failure(
        source +
        ": no label column found (looked for label, sentiment, "
        "polarity, stars, rating, ... or a column of 0/1 values); columns are " +
        ColumnList(parsed.columns));
  }
  if (text < 0) text = FindName(parsed.columns, kTextNames);
  if (text == label) text = -1;
  double best_length = 0;
  for (size_t j = 0; text < 0 && j < width; ++j) {
    // Without a name, the text is the non-label column with the longest cells on average.
    if (static_cast<int>(j) == label) continue;
    double total = 0;
    for (size_t i = first_data; i < sample_end; ++i) total += Cell(table.rows[i], j).size();
    if (total > best_length) best_length = total, text = static_cast<int>(j);
  }
  for (size_t j = 0; text < 0 && j < width; ++j) {
    if (static_cast<int>(j) != label) text = static_cast<int>(j);
  }
  if (text < 0) {
    return Failure::Failure(source + ": no text column found; columns are " +
                            ColumnList(parsed.columns));
  }
  parsed.text_column = parsed.columns[text];
  parsed.label_column = parsed.columns[label];

  std::vector<std::string_view> values;
  std::vector<int64_t> lines;
  for (size_t i = first_data; i < table.rows.size(); ++i) {
    std::string_view value = Cell(table.rows[i], label);
    if (!IsBlank(value)) values.push_back(value), lines.push_back(table.lines[i]);
  }
  Result<LabelMapper> mapper = LabelMapper::Decide(values, lines, options.star_threshold, source);
  if (!mapper.ok()) return Failure::Failure(mapper.status.message());
  parsed.label_mapping = mapper.value.description();

  std::map<std::string, int64_t> drops;
  for (size_t i = first_data; i < table.rows.size(); ++i) {
    std::vector<std::string>& row = table.rows[i];
    if (IsBlank(Cell(row, label))) {
      ++drops["missing-label"];
    } else if (IsBlank(Cell(row, text))) {
      ++drops["empty-text"];
    } else if (int8_t y = mapper.value.Map(Cell(row, label)); y == 0) {
      ++drops["neutral-label"];
    } else {
      parsed.rows.push_back({std::move(row[text]), y});
    }
  }
  for (const auto& [reason, count] : drops) {
    parsed.drop_reasons.emplace_back(reason, count);
    parsed.dropped += count;
  }
  if (parsed.rows.empty()) {
    return Failure::Failure(source + ": no usable rows: " + AllOf(parsed.dropped, "row", "were") +
                            " dropped (missing label, empty text or neutral label)");
  }
  return Result<ParsedReviews>::Success(std::move(parsed));
}

}  // namespace text_internal
}  // namespace clslab
