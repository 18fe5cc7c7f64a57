// The share link: the settings as a URL hash body, "v=3&width=32&source_name=a%20b.tsv".
// Only non-default values are written; text values are percent-encoded (RFC 3986
// unreserved characters stay as they are). A link is read against the defaults of its
// version (v=1: the version 1 defaults), so changing the defaults changes no link's run. A
// link older than version 3 replays with version 3's arithmetic of the flow and says so in
// its last warning (OlderArithmeticNote).
// Decoding is lenient: the page opens on any link, and each part it drops is named in one
// warning.
#include <set>

#include "clslab/config.h"
#include "config_fields.h"
#include "text_util.h"

namespace clslab {

using config_internal::Binding;
using config_internal::Bindings;
using config_internal::DefaultsOfVersion;
using config_internal::Find;
using config_internal::kConfigVersion;
using config_internal::SetFromText;
using config_internal::TextOf;

namespace {

constexpr size_t kMaxShareLinkBytes = 8192;  // a hash longer than this is not ours

bool IsUnreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

std::string PercentEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (IsUnreserved(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// False on a '%' not followed by two hex digits. '+' is a plus (a hash is not a form).
bool PercentDecode(std::string_view text, std::string* out) {
  out->clear();
  for (size_t k = 0; k < text.size(); ++k) {
    if (text[k] != '%') {
      *out += text[k];
      continue;
    }
    if (k + 2 >= text.size()) return false;
    const int high = HexValue(text[k + 1]), low = HexValue(text[k + 2]);
    if (high < 0 || low < 0) return false;
    *out += static_cast<char>(high * 16 + low);
    k += 2;
  }
  return true;
}

// Resets the dataset's identity to `defaults`' (a link whose source cannot be used).
void DropSource(RunConfig* config, const RunConfig& defaults) {
  for (const Binding& b : Bindings()) {
    if (b.field.group == "source" || b.field.key == "dataset") {
      SetFromText(b, config, TextOf(b, defaults));
    }
  }
}

}  // namespace

std::string EncodeShareLink(const RunConfig& config) {
  std::string out = "v=" + std::to_string(kConfigVersion);
  for (const Binding& b : Bindings()) {
    const std::string text = TextOf(b, config);
    if (text != b.field.default_text) out += "&" + b.field.key + "=" + PercentEncode(text);
  }
  return out;
}

Result<std::string> EncodeShareLinkJson(std::string_view json) {
  const Result<RunConfig> config = ConfigFromJson(json);
  if (!config.ok()) return Result<std::string>::Failure(config.status.message());
  return Result<std::string>::Success(EncodeShareLink(config.value));
}

DecodedShareLink DecodeShareLink(std::string_view hash) {
  DecodedShareLink decoded;
  std::vector<std::string>& warnings = decoded.warnings;
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  if (hash.empty()) return decoded;
  if (hash.size() > kMaxShareLinkBytes) {
    warnings.push_back("the link is too long to be a clslab link; defaults used");
    return decoded;
  }
  // The version first, wherever it stands: the values are read over its defaults. A link
  // without one is this build's.
  int version = kConfigVersion;
  for (size_t start = 0; start <= hash.size();) {
    const size_t end = std::min(hash.find('&', start), hash.size());
    const std::string_view part = hash.substr(start, end - start);
    start = end + 1;
    if (part == "v=1") version = 1;
    if (part == "v=2") version = 2;
  }
  const RunConfig defaults = DefaultsOfVersion(version);
  decoded.config = defaults;
  std::set<std::string> seen;
  size_t start = 0;
  while (start <= hash.size()) {
    const size_t end = std::min(hash.find('&', start), hash.size());
    const std::string_view part = hash.substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;
    const size_t equals = part.find('=');
    std::string key, value;
    if (!PercentDecode(part.substr(0, equals), &key) ||
        (equals != std::string_view::npos && !PercentDecode(part.substr(equals + 1), &value))) {
      warnings.push_back("the part " + QuoteForMessage(part) +
                         " has a malformed %-escape; ignored");
      continue;
    }
    if (key == "v") {
      if (value != "1" && value != "2" && value != std::to_string(kConfigVersion)) {
        warnings.push_back("link version " + QuoteForMessage(value) + " is not 1, 2 or " +
                           std::to_string(kConfigVersion) + "; values read as version " +
                           std::to_string(kConfigVersion));
      }
      continue;
    }
    const Binding* binding = Find(key);
    if (!binding) {
      warnings.push_back("unknown setting " + QuoteForMessage(key) + " ignored");
      continue;
    }
    if (!seen.insert(key).second) {
      warnings.push_back(key + " is given twice; the first value is used");
      continue;
    }
    const Status status = SetFromText(*binding, &decoded.config, value);
    if (!status.ok()) warnings.push_back(status.message() + "; default used");
  }
  // User data is reproducible only when the link can check it: it must carry a hash.
  const SourceKind kind = SourceKindOf(decoded.config);
  const bool user_data =
      kind == SourceKind::kFile || kind == SourceKind::kUrl || kind == SourceKind::kPreset;
  if (user_data && decoded.config.source_hash.empty()) {
    warnings.push_back("the link names " + decoded.config.dataset +
                       " data without its content hash, so the data cannot be checked; the "
                       "default dataset is used");
    DropSource(&decoded.config, defaults);
  }
  // A source that does not hold together drops the source alone; anything else, all values.
  Status whole = ValidateConfig(decoded.config);
  RunConfig without_source = decoded.config;
  DropSource(&without_source, defaults);
  if (!whole.ok() && ValidateConfig(without_source).ok()) {
    warnings.push_back(whole.message() + "; the default dataset is used");
    decoded.config = without_source;
    whole = Status::Ok();
  }
  if (!whole.ok()) {
    warnings.push_back(whole.message() + "; all defaults used");
    decoded.config = defaults;
  }
  // Last, so that the warnings about the link's own parts keep their order.
  const std::string note = config_internal::OlderArithmeticNote(version, "link");
  if (!note.empty()) warnings.push_back(note);
  return decoded;
}

DecodedShareLink WithDefaultDataSettings(const RunConfig& config, const std::string& refusal) {
  DecodedShareLink fallback;
  fallback.config = config;
  const RunConfig defaults;
  std::string reset;
  for (const Binding& b : Bindings()) {
    // How reviews become the split and vocabulary (not the dataset itself, nor the seed).
    const bool data_setting = b.field.group == "data" || b.field.group == "synthetic";
    if (!data_setting || b.field.effect != SettingEffect::kPipeline) continue;
    const std::string value = TextOf(b, config);
    if (value == b.field.default_text) continue;
    SetFromText(b, &fallback.config, TextOf(b, defaults));
    reset += (reset.empty() ? "" : ", ") + b.field.key + " " + value;
  }
  if (!reset.empty()) {
    fallback.warnings.push_back(refusal + "; the link's data settings went back to their " +
                                "defaults (it had " + reset + ")");
  }
  return fallback;
}

}  // namespace clslab
