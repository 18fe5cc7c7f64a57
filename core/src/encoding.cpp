// Byte-level checks every parser runs first (size limit, NUL bytes, UTF-8 validity, BOM) and
// the Windows-1252 decoder offered when a file is not UTF-8. Small string helpers shared by
// the format parsers live here too. Nothing here knows about columns or labels.
#include <algorithm>
#include <climits>
#include <cstdio>

#include "text_formats_internal.h"

namespace clslab {
namespace text_internal {
namespace {

// Classic Mac OS ended lines with a lone CR: read as one line, a whole file was one review
// ("only one class present"). Where lone CRs (not part of CR LF) outnumber LFs, they are
// the file's line ends; a few stray CRs inside LF-ended text are not.
bool LoneCrEndsLines(std::string_view bytes) {
  size_t lone_cr = 0, lf = 0;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == '\n') ++lf;
    if (bytes[i] == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n')) ++lone_cr;
  }
  return lone_cr > lf;
}

// The line of `offset`, counting lines as the parser will read them (LoneCrEndsLines).
int64_t LineAt(std::string_view bytes, size_t offset) {
  const bool by_cr = LoneCrEndsLines(bytes);
  int64_t line = 1;
  for (size_t i = 0; i < offset; ++i) {
    line += by_cr ? bytes[i] == '\r' && bytes[i + 1] != '\n' : bytes[i] == '\n';
  }
  return line;
}

// Offset of the first byte that does not start or continue a valid UTF-8 sequence (no
// overlongs, no surrogates, nothing above U+10FFFF), or npos when the text is valid.
size_t FirstInvalidUtf8(std::string_view bytes) {
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t n = bytes.size();
  for (size_t i = 0; i < n;) {
    unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf) {
      length = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      length = 3;
      if (c == 0xe0) low = 0xa0;
      if (c == 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      length = 4;
      if (c == 0xf0) low = 0x90;
      if (c == 0xf4) high = 0x8f;
    } else {
      return i;
    }
    if (i + length > n || s[i + 1] < low || s[i + 1] > high) return i;
    for (size_t k = 2; k < length; ++k) {
      if ((s[i + k] & 0xc0) != 0x80) return i;
    }
    i += length;
  }
  return std::string_view::npos;
}

std::string Megabytes(int64_t bytes) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f MB", static_cast<double>(bytes) / (1 << 20));
  return buffer;
}

// UTF-16 without a BOM: in English text every other byte is NUL. Looks at the first 4 KB;
// returns 1 for little-endian, 2 for big-endian, 0 for neither.
int GuessUtf16(std::string_view bytes) {
  const size_t n = std::min<size_t>(bytes.size(), 4096) & ~size_t{1};
  if (n < 4) return 0;
  size_t even = 0, odd = 0;
  for (size_t i = 0; i < n; i += 2) {
    even += bytes[i] == '\0';
    odd += bytes[i + 1] == '\0';
  }
  const size_t units = n / 2;
  if (odd * 10 >= units * 4 && even * 10 < units) return 1;
  if (even * 10 >= units * 4 && odd * 10 < units) return 2;
  return 0;
}

// UTF-16 code units to UTF-8; false (with the offset in *bad) on an unpaired surrogate.
bool Utf16ToUtf8(std::string_view bytes, bool little_endian, std::string* out, size_t* bad) {
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  auto unit = [&](size_t i) -> uint32_t {
    return little_endian ? s[i] | s[i + 1] << 8 : s[i] << 8 | s[i + 1];
  };
  out->clear();
  out->reserve(bytes.size());
  for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
    uint32_t c = unit(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const uint32_t low = i + 3 < bytes.size() ? unit(i + 2) : 0;
      if (low < 0xdc00 || low > 0xdfff) return *bad = i, false;
      c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
      i += 2;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return *bad = i, false;
    }
    if (c < 0x80) {
      out->push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out->push_back(static_cast<char>(0xc0 | (c >> 6)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
      out->push_back(static_cast<char>(0xe0 | (c >> 12)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3f)));
    } else {
      out->push_back(static_cast<char>(0xf0 | (c >> 18)));
      out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3f)));
    }
  }
  return true;
}

Result<std::string_view> TooLarge(std::string_view bytes, const ParseOptions& options,
                                  const std::string& source) {
  return Result<std::string_view>::Failure(
      source + ": the input is " + Megabytes(static_cast<int64_t>(bytes.size())) +
      ", larger than the limit of " + Megabytes(options.max_bytes) + " (" +
      std::to_string(options.max_bytes) + " bytes)");
}

// Compressed files and archives by their first bytes: each is binary to the parser, and
// naming the format says what to do (issue 43: a gzip file was refused as "binary data (a
// NUL byte ...)"). Only input that is no text (a NUL, or not UTF-8) is named so: a review file
// may begin with "BZh". "" when it is none of them; else why `source` is refused.
std::string CompressedInput(std::string_view bytes, const std::string& source) {
  struct Signature {
    std::string_view magic, what, action;
  };
  static constexpr Signature kSignatures[] = {
      {"\x1F\x8B", "gzip-compressed", "decompress it first (gunzip -k "},
      {"BZh", "bzip2-compressed", "decompress it first (bunzip2 -k "},
      {"\xFD"
       "7zXZ",
       "xz-compressed", "decompress it first (unxz -k "},
      {"\x28\xB5\x2F\xFD", "zstd-compressed", "decompress it first (unzstd "},
      {"PK\x03\x04", "a zip archive", "extract the file of reviews from it first"},
      {"7z\xBC\xAF\x27\x1C", "a 7-Zip archive", "extract the file of reviews from it first"},
  };
  for (const Signature& signature : kSignatures) {
    if (bytes.substr(0, signature.magic.size()) != signature.magic) continue;
    if (bytes.find('\0') == std::string_view::npos &&
        FirstInvalidUtf8(bytes) == std::string_view::npos) {
      return "";
    }
    const bool command = signature.action.back() == ' ';  // a command that takes the name
    return source + " is " + std::string(signature.what) + ": " + std::string(signature.action) +
           (command ? source + ")" : "") + ", then load the file of reviews";
  }
  return "";
}

// The checked text with every lone CR read as a line end, in *storage, when those are the
// file's line ends (LoneCrEndsLines); `encoding` then says so.
Result<std::string_view> WithLineEnds(Result<std::string_view> checked, std::string* storage,
                                      std::string* encoding) {
  if (!checked.ok() || !LoneCrEndsLines(checked.value)) return checked;
  std::string text(checked.value);  // may be a view of *storage: copied before it changes
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
  }
  *storage = std::move(text);
  *encoding += "+cr";
  return Result<std::string_view>::Success(*storage);
}

}  // namespace

Result<std::string_view> DecodeInput(std::string_view raw, const ParseOptions& options,
                                     const std::string& source, std::string* storage,
                                     std::string* encoding) {
  // Decoded only when the input is within the limit, so an oversize file is refused unread.
  if (static_cast<int64_t>(raw.size()) > options.max_bytes) return TooLarge(raw, options, source);
  const std::string compressed = CompressedInput(raw, source);
  if (!compressed.empty()) return Result<std::string_view>::Failure(compressed);
  ParseOptions decoded_limit = options;  // the input passed the limit; decoding may grow it
  decoded_limit.max_bytes = INT64_MAX;
  int utf16 = 0;
  if (raw.substr(0, 2) == "\xFF\xFE")
    utf16 = 1, raw.remove_prefix(2);
  else if (raw.substr(0, 2) == "\xFE\xFF")
    utf16 = 2, raw.remove_prefix(2);
  else
    utf16 = GuessUtf16(raw);
  if (utf16 != 0) {
    size_t bad = 0;
    if (!Utf16ToUtf8(raw, utf16 == 1, storage, &bad)) {
      return Result<std::string_view>::Failure(
          source + ": looks like UTF-16 but has an unpaired surrogate at byte " +
          std::to_string(bad) + "; save the file as UTF-8 and retry");
    }
    *encoding = utf16 == 1 ? "utf-16-le" : "utf-16-be";
    return WithLineEnds(CheckEncoding(*storage, decoded_limit, source), storage, encoding);
  }
  if (options.latin1) {
    *storage = Latin1ToUtf8(raw);
    *encoding = "windows-1252";
    return WithLineEnds(CheckEncoding(*storage, decoded_limit, source), storage, encoding);
  }
  *encoding = "utf-8";
  return WithLineEnds(CheckEncoding(raw, options, source), storage, encoding);
}

Result<std::string_view> CheckEncoding(std::string_view bytes, const ParseOptions& options,
                                       const std::string& source) {
  if (static_cast<int64_t>(bytes.size()) > options.max_bytes) {
    return TooLarge(bytes, options, source);
  }
  size_t nul = bytes.find('\0');
  if (nul != std::string_view::npos) {
    return Result<std::string_view>::Failure(
        source + " line " + std::to_string(LineAt(bytes, nul)) +
        ": binary data (a NUL byte, and not UTF-16 text); expected a text file such as CSV, "
        "TSV or JSON Lines");
  }
  size_t bad = FirstInvalidUtf8(bytes);
  if (bad != std::string_view::npos) {
    char hex[8];
    std::snprintf(hex, sizeof(hex), "0x%02X", static_cast<unsigned char>(bytes[bad]));
    return Result<std::string_view>::Failure(
        source + " line " + std::to_string(LineAt(bytes, bad)) + ": not valid UTF-8 (byte " + hex +
        "); the file is probably Latin-1 / Windows-1252: decode it as Latin-1 and retry");
  }
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  return Result<std::string_view>::Success(bytes);
}

bool IsBlank(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) > ' ') return false;
  }
  return true;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

}  // namespace text_internal

bool IsUtf8(std::string_view bytes) {
  return text_internal::FirstInvalidUtf8(bytes) == std::string_view::npos;
}

std::string Latin1ToUtf8(std::string_view bytes) {
  // Windows-1252 0x80..0x9F; 0 marks the five undefined bytes, which decode as Latin-1 C1.
  static constexpr uint16_t kCp1252[32] = {
      0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  for (char byte : bytes) {
    uint32_t c = static_cast<unsigned char>(byte);
    if (c >= 0x80 && c < 0xa0 && kCp1252[c - 0x80] != 0) c = kCp1252[c - 0x80];
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xc0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3f)));
    } else {
      out.push_back(static_cast<char>(0xe0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3f)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3f)));
    }
  }
  return out;
}

}  // namespace clslab
