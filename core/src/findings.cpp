// Findings' arguments and their rendering through a catalog: the one table of how each
// argument type is formatted natively (web/src/messages.ts holds the page's, and
// tests/web/catalog.test.ts requires the two to write every type alike).
#include "clslab/findings.h"

#include <cmath>

namespace clslab {

const FindingArg* Finding::Arg(const std::string& name) const {
  for (const FindingArg& arg : args) {
    if (arg.name == name) return &arg;
  }
  return nullptr;
}

double Finding::Number(const std::string& name) const {
  const FindingArg* arg = Arg(name);
  return arg == nullptr ? 0 : arg->number;
}

namespace {
FindingArg Numeric(std::string name, ArgType type, double value) {
  FindingArg arg;
  arg.name = std::move(name);
  arg.type = type;
  arg.number = std::isfinite(value) ? value : 0;  // core's numbers are finite (reports.h)
  return arg;
}
}  // namespace

FindingArg Count(std::string name, double value) {
  return Numeric(std::move(name), ArgType::kCount, value);
}
FindingArg Share(std::string name, double value) {
  return Numeric(std::move(name), ArgType::kShare, value);
}
FindingArg Ratio(std::string name, double value) {
  return Numeric(std::move(name), ArgType::kRatio, value);
}
FindingArg Value(std::string name, double value) {
  return Numeric(std::move(name), ArgType::kValue, value);
}
FindingArg Token(std::string name, std::string token) {
  FindingArg arg;
  arg.name = std::move(name);
  arg.type = ArgType::kToken;
  arg.text = std::move(token);
  return arg;
}
FindingArg Tokens(std::string name, std::vector<std::string> tokens) {
  FindingArg arg;
  arg.name = std::move(name);
  arg.type = ArgType::kTokens;
  arg.items = std::move(tokens);
  return arg;
}
FindingArg Name(std::string name, std::string value) {
  FindingArg arg;
  arg.name = std::move(name);
  arg.type = ArgType::kName;
  arg.text = std::move(value);
  return arg;
}

Result<FluentArgs> FluentArgsOf(const std::vector<FindingArg>& args, const Catalog& catalog) {
  FluentArgs out;
  for (const FindingArg& arg : args) {
    NumberOptions o;
    switch (arg.type) {
      case ArgType::kCount:
        o.maximum_fraction_digits = 0;
        out[arg.name] = FluentValue::Number(arg.number, o);
        break;
      case ArgType::kShare:
        // Truncated: a share never reads larger than it is ("99.9%" for 19,992 of 20,000,
        // never "100.0%"), so "all" and "none" are said only when exact.
        o.truncate = true;
        o.percent = true;
        o.minimum_fraction_digits = 1;
        o.maximum_fraction_digits = 1;
        out[arg.name] = FluentValue::Number(arg.number, o);
        break;
      case ArgType::kRatio:
        o.maximum_significant_digits = 3;
        // Never "1" for a value below 1 (cos(p, p_mm) 0.99997 reads 0.999): the limit is
        // said only when it is reached, as a share never reads 100.0% short of all.
        o.truncate = std::abs(arg.number) < 1 && std::abs(arg.number) >= 0.9995;
        out[arg.name] = FluentValue::Number(arg.number, o);
        break;
      case ArgType::kValue: {
        const double size = std::abs(arg.number);
        o.maximum_significant_digits = 4;
        o.scientific = size != 0 && (size < 1e-4 || size >= 1e6);
        out[arg.name] = FluentValue::Number(arg.number, o);
        break;
      }
      case ArgType::kToken:
      case ArgType::kName:
        out[arg.name] = FluentValue::Text(arg.text);
        break;
      case ArgType::kTokens: {
        Result<std::string> separator = catalog.Format("token-list-separator", {});
        if (!separator.ok()) return Result<FluentArgs>::Failure(separator.status.message());
        std::string joined;
        for (size_t k = 0; k < arg.items.size(); ++k) {
          Result<std::string> item =
              catalog.Format("token-list-item", {{"item", FluentValue::Text(arg.items[k])}});
          if (!item.ok()) return Result<FluentArgs>::Failure(item.status.message());
          joined += (k ? separator.value : "") + item.value;
        }
        out[arg.name] = FluentValue::Text(joined);
        break;
      }
    }
  }
  return Result<FluentArgs>::Success(std::move(out));
}

Result<std::string> RenderFinding(const Finding& finding, const Catalog& catalog,
                                  bool with_details) {
  Result<FluentArgs> args = FluentArgsOf(finding.args, catalog);
  if (!args.ok()) return Result<std::string>::Failure(args.status.message());
  Result<std::string> text = catalog.Format(finding.code, args.value);
  if (!text.ok() || !with_details || finding.details.empty()) return text;
  // Sentences follow one another as the locale writes them (a space in English, none
  // between Chinese sentences): the catalog's sentence-separator.
  Result<std::string> separator = catalog.Format("sentence-separator", {});
  if (!separator.ok()) return separator;
  for (const Finding& detail : finding.details) {
    Result<std::string> more = RenderFinding(detail, catalog, true);
    if (!more.ok()) return more;
    text.value += separator.value + more.value;
  }
  return text;
}

}  // namespace clslab
