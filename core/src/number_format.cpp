// Numbers as Intl.NumberFormat writes them (ECMA-402 with ICU's data) for the catalog's
// locales, and Intl.PluralRules' category: the catalog's NUMBER() and the arguments' types
// format through here in the CLI and through Intl on the page, and the two must agree to
// the character (tests/web/catalog.test.ts). Like ICU, a double is first read as its
// shortest round-trip decimal (1.005 is "1.005", not 1.00499...), then rounded half away
// from zero ("half-expand") to the digits the options allow.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "clslab/catalog.h"

namespace clslab {
namespace {

// value = 0.d1 d2 ... * 10^point: `digits` without leading or trailing zeros ("" is 0).
struct Decimal {
  std::string digits;
  int point = 0;
};

// The shortest decimal that reads back as `magnitude`: the first precision whose correctly
// rounded digits round-trip (std::to_chars for doubles is missing from Emscripten 3.1.6's
// libc++, docs/TOOLCHAIN.md).
Decimal FromDouble(double magnitude) {
  char buffer[64];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, magnitude);
    if (std::strtod(buffer, nullptr) == magnitude) break;
  }
  const std::string_view text(buffer);  // "1.005e+00", "2.4e-07", "1e+21"
  const size_t e = text.find('e');
  const std::string_view mantissa = text.substr(0, e);
  int exponent = e == std::string_view::npos ? 0 : std::stoi(std::string(text.substr(e + 1)));
  Decimal d;
  int integer_digits = 0;
  bool after_point = false;
  for (char c : mantissa) {
    if (c == '.') {
      after_point = true;
      continue;
    }
    if (!after_point) ++integer_digits;
    d.digits += c;
  }
  d.point = integer_digits + exponent;
  size_t first = d.digits.find_first_not_of('0');
  if (first == std::string::npos) return {};
  d.digits.erase(0, first);
  d.point -= static_cast<int>(first);
  d.digits.erase(d.digits.find_last_not_of('0') + 1);
  return d;
}

void StripTrailingZeros(Decimal* d) {
  const size_t last = d->digits.find_last_not_of('0');
  if (last == std::string::npos) {
    *d = {};
  } else {
    d->digits.erase(last + 1);
  }
}

// Keeps the first `keep` digits, rounding half away from zero (or toward zero: truncate).
void RoundToDigits(Decimal* d, int keep, bool truncate) {
  if (d->digits.empty() || keep >= static_cast<int>(d->digits.size())) return;
  if (keep < 0) {
    *d = {};
    return;
  }
  const bool up = !truncate && d->digits[keep] >= '5';
  d->digits.resize(keep);
  if (up) {
    int k = keep - 1;
    while (k >= 0 && d->digits[k] == '9') d->digits[k--] = '0';
    if (k >= 0) {
      ++d->digits[k];
    } else {
      d->digits.insert(d->digits.begin(), '1');
      d->point += 1;
    }
  }
  StripTrailingZeros(d);
}

struct Symbols {
  const char* decimal;
  const char* group;
  int minimum_grouping;  // an integer part of fewer digits than 3 + this is not grouped
  const char* percent;   // after the number
};

Symbols SymbolsOf(std::string_view locale) {
  if (locale == "es") return {",", ".", 2, "\u00a0%"};
  return {".", ",", 1, "%"};  // en, zh-CN
}

struct Rounded {
  Decimal value;
  int minimum_fraction = 0;  // zeros to pad the fraction with
};

// Intl's digit options resolved (ECMA-402 SetNumberFormatDigitOptions) and applied.
Rounded Round(Decimal d, const NumberOptions& o) {
  Rounded r;
  if (o.minimum_significant_digits >= 0 || o.maximum_significant_digits >= 0) {
    const int most = o.maximum_significant_digits >= 0 ? o.maximum_significant_digits : 21;
    const int least = o.minimum_significant_digits >= 0 ? o.minimum_significant_digits : 1;
    RoundToDigits(&d, most, o.truncate);
    // Pad to `least` significant digits.
    const int length = static_cast<int>(d.digits.size());
    const int shown = d.digits.empty() ? 1 : std::max(length, d.point);  // 1,500: 4 shown
    const int fraction_now = std::max(0, static_cast<int>(d.digits.size()) - d.point);
    r.minimum_fraction = fraction_now + std::max(0, least - shown);
    if (d.digits.empty()) r.minimum_fraction = std::max(0, least - 1);
    r.value = d;
    return r;
  }
  const int default_most = o.percent ? 0 : 3;
  const int least = o.minimum_fraction_digits >= 0 ? o.minimum_fraction_digits : 0;
  int most =
      o.maximum_fraction_digits >= 0 ? o.maximum_fraction_digits : std::max(least, default_most);
  most = std::max(most, least);
  RoundToDigits(&d, d.point + most, o.truncate);
  r.value = d;
  r.minimum_fraction = least;
  return r;
}

std::string Plain(const Rounded& r, const Symbols& s, bool grouping) {
  const Decimal& d = r.value;
  std::string integer, fraction;
  if (d.point <= 0) {
    integer = "0";
    fraction = std::string(-d.point, '0') + d.digits;
  } else if (d.point >= static_cast<int>(d.digits.size())) {
    integer = d.digits + std::string(d.point - d.digits.size(), '0');
  } else {
    integer = d.digits.substr(0, d.point);
    fraction = d.digits.substr(d.point);
  }
  if (d.digits.empty()) {
    integer = "0";
    fraction.clear();
  }
  if (static_cast<int>(fraction.size()) < r.minimum_fraction) {
    fraction += std::string(r.minimum_fraction - fraction.size(), '0');
  }
  if (grouping && static_cast<int>(integer.size()) >= 3 + s.minimum_grouping) {
    std::string grouped;
    const int n = static_cast<int>(integer.size());
    for (int k = 0; k < n; ++k) {
      if (k > 0 && (n - k) % 3 == 0) grouped += s.group;
      grouped += integer[k];
    }
    integer = grouped;
  }
  return fraction.empty() ? integer : integer + s.decimal + fraction;
}

}  // namespace

std::string FormatNumber(double value, const NumberOptions& options, std::string_view locale) {
  const Symbols symbols = SymbolsOf(locale);
  Decimal d = FromDouble(std::abs(value));
  if (options.percent && !d.digits.empty()) d.point += 2;
  std::string body;
  bool zero = false;
  if (options.scientific) {
    int exponent = d.digits.empty() ? 0 : d.point - 1;
    d.point = d.digits.empty() ? 0 : 1;
    Rounded r = Round(d, options);
    if (r.value.point == 2) {  // 9.99 rounded to 10: one more power of ten
      r.value.point = 1;
      ++exponent;
    }
    if (r.value.digits.empty()) exponent = 0;
    zero = r.value.digits.empty();
    body = Plain(r, symbols, false) + "E" + std::to_string(exponent);
  } else {
    const Rounded r = Round(d, options);
    zero = r.value.digits.empty();
    body = Plain(r, symbols, options.grouping);
  }
  if (options.percent) body += symbols.percent;
  // signDisplay "negative": a value that rounds to zero has no sign (never "-0").
  return value < 0 && !zero ? "-" + body : body;
}

std::string PluralCategory(double value, const NumberOptions& options, std::string_view locale) {
  if (locale == "zh-CN") return "other";
  // Intl.PluralRules reads the number as formatted (its digit options, no percent scaling):
  // i the integer digits, v how many fraction digits show.
  NumberOptions plain = options;
  plain.percent = false;
  plain.scientific = false;
  plain.truncate = false;  // Intl.PluralRules rounds half away from zero whatever the mode
  const Rounded r = Round(FromDouble(std::abs(value)), plain);
  const Decimal& d = r.value;
  const int fraction =
      std::max(r.minimum_fraction, std::max(0, static_cast<int>(d.digits.size()) - d.point));
  std::string integer = d.point <= 0 || d.digits.empty() ? "0" : d.digits.substr(0, d.point);
  if (d.point > static_cast<int>(d.digits.size()))
    integer += std::string(d.point - d.digits.size(), '0');
  const bool whole = fraction == 0;
  const bool fraction_zero =
      d.point >= static_cast<int>(d.digits.size());  // every shown fraction digit is 0
  if (locale == "es") {
    if (integer == "1" && fraction_zero) return "one";  // n = 1
    const bool millions =
        integer.size() > 6 && integer.compare(integer.size() - 6, 6, "000000") == 0;
    if (whole && millions) return "many";
    return "other";
  }
  return integer == "1" && whole ? "one" : "other";  // en: i = 1 and v = 0
}

}  // namespace clslab
