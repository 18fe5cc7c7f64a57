// CheckJsonDepth: one pass that tracks strings and escapes, counting open brackets.
// ParseJsonKeysOnce: the parser's callback keeps the keys of each object being parsed.
#include "json_limits.h"

#include <set>
#include <vector>

namespace clslab {

Status CheckJsonDepth(std::string_view text, const std::string& where) {
  int depth = 0;
  bool in_string = false;
  for (size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (in_string) {
      if (c == '\\')
        ++k;  // the escaped character cannot end the string
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        return Status::Error(where + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return Status::Ok();
}

nlohmann::json ParseJsonKeysOnce(std::string_view text, std::string* repeated) {
  repeated->clear();
  std::vector<std::set<std::string>> keys;  // the keys of each object being parsed
  const nlohmann::json::parser_callback_t callback =
      [&](int /*depth*/, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using E = nlohmann::json::parse_event_t;
        if (event == E::object_start) keys.emplace_back();
        if (event == E::object_end && !keys.empty()) keys.pop_back();
        if (event == E::key && !keys.empty() &&
            !keys.back().insert(parsed.get<std::string>()).second && repeated->empty())
          *repeated = parsed.get<std::string>();
        return true;
      };
  return nlohmann::json::parse(text, callback, /*allow_exceptions=*/false);
}

}  // namespace clslab
