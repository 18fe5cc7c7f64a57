// CheckJsonDepth: one pass that tracks strings and escapes, counting open brackets.
#include "json_limits.h"

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

}  // namespace clslab
