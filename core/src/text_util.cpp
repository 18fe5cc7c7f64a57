// Text helpers shared by the parsers, the settings codec and the previews (text_util.h).
#include "text_util.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "clslab/limits.h"

namespace clslab {

std::string CutAtUtf8(std::string_view text, size_t max_bytes, std::string_view mark) {
  if (text.size() <= max_bytes) return std::string(text);
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + std::string(mark);
}

std::string QuoteForMessage(std::string_view value) {
  constexpr size_t kMaxShown = 40;
  return nlohmann::json(CutAtUtf8(value, kMaxShown, "..."))
      .dump(-1, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace);
}

std::string AsciiLowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string AllOf(int64_t count, const std::string& noun, const std::string& verb) {
  if (count == 1) return "the one " + noun + (verb == "were" ? " was" : " is");
  return "all " + WithThousands(count) + " " + noun + "s " + verb;
}

std::string Significant(double x, int digits) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*g", digits, x);
  return text;
}

std::string AsPercent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100 * share);
  return text;
}

}  // namespace clslab
