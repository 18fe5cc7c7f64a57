// The message catalog (catalog/LOCALE.ftl, Fluent syntax) rendered natively, for the CLI:
// the subset of Fluent the lab's catalog uses, parsed as @fluent/bundle's runtime parser
// parses it, and numbers and plural categories as Intl.NumberFormat / Intl.PluralRules give
// them for the catalog's locale (en, es, zh-CN), so the CLI's text is the page's text
// (tests/web/catalog.test.ts compares the two on every message). Not a second set of
// strings: it holds no words of its own. No files: the caller hands it the catalog's text.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/status.h"

namespace clslab {

// Intl.NumberFormat's options that the catalog and the arguments' types use; a negative
// digit count is "not set" (Intl's default for the style applies).
struct NumberOptions {
  bool percent = false;     // style: "percent"
  bool scientific = false;  // notation: "scientific"
  bool grouping = true;     // useGrouping
  bool truncate = false;    // roundingMode: "trunc" (toward zero; else half away from zero)
  int minimum_fraction_digits = -1, maximum_fraction_digits = -1;
  int minimum_significant_digits = -1, maximum_significant_digits = -1;
};

// A value a message is rendered with: a string, or a number with its formatting options
// (Fluent's FluentNumber).
struct FluentValue {
  bool is_number = false;
  double number = 0;
  NumberOptions options;
  std::string text;

  static FluentValue Text(std::string text);
  static FluentValue Number(double number, NumberOptions options = {});
};

using FluentArgs = std::map<std::string, FluentValue>;

// `value` as Intl.NumberFormat(locale, options).format(value) writes it (finite values).
std::string FormatNumber(double value, const NumberOptions& options, std::string_view locale);
// Intl.PluralRules(locale, options).select(value): "one", "many" or "other".
std::string PluralCategory(double value, const NumberOptions& options, std::string_view locale);

class Catalog {
 public:
  Catalog();
  ~Catalog();
  Catalog(Catalog&&) noexcept;
  Catalog& operator=(Catalog&&) noexcept;

  // The catalog's messages and terms; an entry the runtime parser would skip is an error
  // here (naming it), so a catalog that loads natively loads whole on the page.
  static Result<Catalog> Parse(std::string_view ftl, std::string locale);

  const std::string& locale() const;
  bool Has(std::string_view id) const;
  std::vector<std::string> Ids() const;  // messages only (terms start with "-"), sorted
  // The variables ($name) message `id` reads, itself and through the messages it refers
  // to, sorted: a message's arguments are exactly these.
  std::vector<std::string> Variables(std::string_view id) const;
  // Message `id` with `args`. An unknown message, a variable missing from `args`, an
  // unknown function or term are errors (the page's bundle reports the same).
  Result<std::string> Format(std::string_view id, const FluentArgs& args) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace clslab
