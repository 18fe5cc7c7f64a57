// JSON Lines: one JSON object per non-blank line. Values become cells (strings as is,
// numbers and booleans as their JSON spelling, null as empty) under a header made of every
// key in order of first appearance (sorted within a line, as nlohmann::json stores them); a key
// missing from a line is an empty cell.
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "json_limits.h"
#include "text_formats_internal.h"

namespace clslab {
namespace text_internal {

Result<Table> ParseJsonLines(std::string_view bytes, const std::string& source) {
  Table table;
  table.header_known = true;
  std::unordered_map<std::string, size_t> column_of;
  std::string error;
  ForEachLine(bytes, [&](std::string_view line, int64_t number) {
    if (!error.empty() || IsBlank(line)) return;
    const Status shallow = CheckJsonDepth(line, source + " line " + std::to_string(number));
    if (!shallow.ok()) {
      error = shallow.message();
      return;
    }
    // allow_exceptions = false: a syntax error is a discarded value, never a throw.
    nlohmann::json object = nlohmann::json::parse(line.begin(), line.end(), nullptr, false);
    if (object.is_discarded()) {
      error = source + " line " + std::to_string(number) + ": not valid JSON: " + Quote(line);
      return;
    }
    if (!object.is_object()) {
      error = source + " line " + std::to_string(number) +
              ": expected a JSON object such as {\"text\": ..., \"label\": ...}";
      return;
    }
    std::vector<std::string> row(table.header.size());
    try {
      for (auto it = object.begin(); it != object.end(); ++it) {
        auto found = column_of.find(it.key());
        if (found == column_of.end()) {
          found = column_of.emplace(it.key(), table.header.size()).first;
          table.header.push_back(it.key());
          row.emplace_back();
        }
        const nlohmann::json& value = it.value();
        if (value.is_string()) {
          row[found->second] = value.get<std::string>();
        } else if (!value.is_null()) {
          // Input was validated as UTF-8, so dump() cannot meet an invalid string.
          row[found->second] = value.dump();
        }
      }
    } catch (const nlohmann::json::exception& e) {
      // Not expected after parse succeeded; kept so no exception can leave the library.
      error = source + " line " + std::to_string(number) + ": " + e.what();
      return;
    }
    table.rows.push_back(std::move(row));
    table.lines.push_back(number);
  });
  if (!error.empty()) return Result<Table>::Failure(error);
  return Result<Table>::Success(std::move(table));
}

}  // namespace text_internal
}  // namespace clslab
