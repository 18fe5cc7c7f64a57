// The nesting bound every JSON input meets before nlohmann::json parses it (internal):
// its parser recurses once per level, so a line of 100,000 '[' would exhaust the native
// stack (a crash) or the wasm stack (a RangeError with no file or line). Data that clslab
// reads (settings, run files, review objects) is never more than a few levels deep.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "clslab/status.h"

namespace clslab {

constexpr int kMaxJsonDepth = 64;

// Error "<where>: JSON nested deeper than 64 levels" when an array or object opens more
// than kMaxJsonDepth levels deep (brackets inside strings do not count). Linear, no
// allocation; the text need not be valid JSON (the parser reports that).
Status CheckJsonDepth(std::string_view text, const std::string& where);

// nlohmann::json::parse without exceptions (discarded when the text is not JSON) that also
// finds a key given twice in one object, which JSON allows and the parser resolves by
// keeping the last one silently: *repeated is the first such key, "" when there is none.
nlohmann::json ParseJsonKeysOnce(std::string_view text, std::string* repeated);

}  // namespace clslab
