// Small text helpers every core file that writes a message or a preview shares (internal,
// not installed): one rule for quoting a user's value in a message, one for cutting text
// at a UTF-8 boundary, one ASCII lower-casing, and how numbers read in sentences.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace clslab {

// At most max_bytes of text, cut back to a UTF-8 boundary, with `mark` appended when cut.
std::string CutAtUtf8(std::string_view text, size_t max_bytes, std::string_view mark);

// A user's value inside a message: a JSON string literal (quotes, control characters and
// invalid UTF-8 escaped, so hostile text cannot break the sentence or the page) of at most
// 40 bytes of the value, "..." marking a cut.
std::string QuoteForMessage(std::string_view value);

// ASCII letters folded to lower case; other bytes (UTF-8 included) unchanged.
std::string AsciiLowercase(std::string_view text);

// Numbers in sentences (recipes, guidance): `digits` significant digits ("0.00437",
// "1.5e+03"), and a share as a percentage with one decimal ("2.8%").
std::string Significant(double x, int digits = 3);
std::string AsPercent(double share);

// Every one of `count` things, as a sentence's subject with its verb: "all 1,200 reviews
// are" or "the one review is" (`verb` "are"/"were", made singular). "all 1 reviews" reads
// as a bug.
std::string AllOf(int64_t count, const std::string& noun, const std::string& verb);

}  // namespace clslab
