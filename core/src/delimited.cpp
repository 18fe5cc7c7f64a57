// CSV and TSV records per RFC 4180: fields in double quotes may hold separators, newlines
// and doubled quotes; CRLF and LF both end a record. Lenient where real files are sloppy:
// a quote inside an unquoted field is a literal character, and text after a closing quote
// is appended. Which row is a header and which column is which is decided in columns.cpp.
#include "text_formats_internal.h"

namespace clslab {
namespace text_internal {

Result<Table> ParseDelimited(std::string_view bytes, char separator, const std::string& source) {
  Table table;
  std::vector<std::string> row;
  std::string field;
  bool row_has_content = false;  // false for a blank line, which is skipped
  int64_t line = 1;
  int64_t row_line = 1;
  auto end_field = [&]() {
    row.push_back(std::move(field));
    field.clear();
  };
  auto end_row = [&]() {
    end_field();
    if (row_has_content) {
      table.rows.push_back(std::move(row));
      table.lines.push_back(row_line);
    }
    row.clear();
    row_has_content = false;
  };

  size_t i = 0;
  const size_t n = bytes.size();
  while (i < n) {
    if (!row_has_content && row.empty() && field.empty()) row_line = line;
    char c = bytes[i];
    if (c == '"' && field.empty()) {
      // Quoted field: runs to the next quote not followed by another quote.
      const int64_t opened_at = line;
      row_has_content = true;
      ++i;
      bool closed = false;
      while (i < n) {
        char q = bytes[i];
        if (q == '"') {
          if (i + 1 < n && bytes[i + 1] == '"') {
            field.push_back('"');
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        if (q == '\n') ++line;
        field.push_back(q);
        ++i;
      }
      if (!closed) {
        return Result<Table>::Failure(source + " line " + std::to_string(opened_at) +
                                      ": unterminated quoted field (a \" opens a field that "
                                      "never closes; the file may not be " +
                                      (separator == ',' ? "CSV)" : "TSV)"));
      }
      continue;
    }
    if (c == separator) {
      row_has_content = true;
      end_field();
      ++i;
    } else if (c == '\n' || (c == '\r' && i + 1 < n && bytes[i + 1] == '\n')) {
      i += c == '\r' ? 2 : 1;
      end_row();
      ++line;
    } else {
      if (static_cast<unsigned char>(c) > ' ') row_has_content = true;
      field.push_back(c);
      ++i;
    }
  }
  if (!field.empty() || !row.empty()) end_row();
  return Result<Table>::Success(std::move(table));
}

}  // namespace text_internal
}  // namespace clslab
