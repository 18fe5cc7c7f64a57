// clslab messages: every message core says in every locale, rendered natively from sampled
// arguments of its spec's types, and numbers of every argument type in each locale.
// The page renders the same findings with @fluent/bundle and the same numbers with Intl;
// tests/web/catalog.test.ts requires every text to be equal (the CLI's English is the
// page's). Samples come from a seeded generator, so the file is the same on every run.
#include "clslab/messages.h"

#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>

#include "catalog_text.h"
#include "cli.h"
#include "clslab/json_report.h"
#include "clslab/rng.h"
#include "output.h"

namespace clslab_cli {

using clslab::ArgType;
using Json = nlohmann::ordered_json;

namespace {

// Numbers of every size a run gives: counts to millions, shares at the edges of a
// percentage's rounding, ratios and values from 1e-9 to 1e9, both signs, exact halves.
double SampleNumber(ArgType type, clslab::Rng& rng) {
  static const double edges[] = {0,      1,     0.5,   0.9995, 0.99949, 1e-9, 2.5,
                                 0.0005, 0.125, 1.005, 999.95, 1e6,     -0.4, 123456.5};
  if (rng.Below(4) == 0) return edges[rng.Below(sizeof edges / sizeof edges[0])];
  switch (type) {
    case ArgType::kCount:
      return static_cast<double>(rng.Below(rng.Below(2) ? 100 : 10000000));
    case ArgType::kShare:
      return rng.Below(3) == 0 ? std::round(rng.Uniform() * 20000) / 20000 : rng.Uniform();
    default: {
      const double size = std::pow(10.0, -9 + 18 * rng.Uniform());
      return (rng.Below(4) == 0 ? -1 : 1) * (rng.Below(2) ? size : rng.Uniform());
    }
  }
}

std::string SampleToken(clslab::Rng& rng) {
  static const char* tokens[] = {"great",  "bad",        ".",    "?",       "n't", "<unk>",
                                 "film's", "\"quoted\"", "café", "{brace}", "a b", "日本"};
  return tokens[rng.Below(sizeof tokens / sizeof tokens[0])];
}

clslab::FindingArg SampleArg(const clslab::ArgSpec& spec, clslab::Rng& rng) {
  clslab::FindingArg arg;
  arg.name = spec.name;
  arg.type = spec.type;
  switch (spec.type) {
    case ArgType::kToken:
      arg.text = SampleToken(rng);
      break;
    case ArgType::kTokens:
      for (uint64_t k = 0, n = 1 + rng.Below(5); k < n; ++k) arg.items.push_back(SampleToken(rng));
      break;
    case ArgType::kName:
      arg.text = spec.choices.empty() ? "name" : spec.choices[rng.Below(spec.choices.size())];
      break;
    default:
      arg.number = SampleNumber(spec.type, rng);
  }
  return arg;
}

// The locale --lang chose.
std::string language = "en";

}  // namespace

bool SetLanguage(const std::string& locale) {
  if (CatalogText(locale).empty()) return false;
  language = locale;
  return true;
}

const clslab::Catalog& CliCatalog() {
  static std::map<std::string, clslab::Catalog> parsed;
  auto it = parsed.find(language);
  if (it == parsed.end()) {
    // catalog_test parses the same bytes: a catalog that does not parse never ships.
    it = parsed.emplace(language, clslab::Catalog::Parse(CatalogText(language), language).value)
             .first;
  }
  return it->second;
}

Json FindingJson(const clslab::Finding& finding) {
  Json json = clslab::ToJson(finding);
  const clslab::Result<std::string> text = clslab::RenderFinding(finding, CliCatalog());
  const clslab::Result<std::string> all = clslab::RenderFinding(finding, CliCatalog(), true);
  json["text"] = all.ok() ? all.value : "(" + all.status.message() + ")";
  json["sentence"] = text.ok() ? text.value : "(" + text.status.message() + ")";
  Json details = Json::array();
  for (const clslab::Finding& detail : finding.details) details.push_back(FindingJson(detail));
  json["details"] = details;
  return json;
}

Json GuidanceJson(const clslab::Guidance& guidance) {
  Json panels = Json::array(), diagnostics = Json::array();
  for (const clslab::Finding& f : guidance.panels) panels.push_back(FindingJson(f));
  for (const clslab::Finding& f : guidance.diagnostics) diagnostics.push_back(FindingJson(f));
  return {{"panels", panels},
          {"diagnostics", diagnostics},
          {"coverage", FindingJson(guidance.coverage)},
          {"rate", FindingJson(guidance.rate)},
          {"prompt", FindingJson(guidance.prompt)}};
}

Json RecipeJson(const clslab::Recipe& recipe) {
  Json json = clslab::ToJson(recipe);
  json["title"] = FindingJson(recipe.title);
  json["plan"] = FindingJson(recipe.plan);
  return json;
}

Json ClaimsJson(const clslab::GuidanceInputs& run, const clslab::Guidance& guidance) {
  std::vector<const clslab::Finding*> all = {&guidance.coverage, &guidance.rate, &guidance.prompt};
  for (const clslab::Finding& f : guidance.panels) all.push_back(&f);
  for (const clslab::Finding& f : guidance.diagnostics) all.push_back(&f);
  int64_t checked = 0;
  Json broken = Json::array();
  const std::function<void(const clslab::Finding&)> count = [&](const clslab::Finding& f) {
    ++checked;
    for (const clslab::Finding& detail : f.details) count(detail);
  };
  for (const clslab::Finding* f : all) {
    count(*f);
    std::string why;
    if (!clslab::ClaimHolds(run, *f, &why)) broken.push_back(why);
  }
  return {{"checked", checked}, {"broken", broken}};
}

int Messages(const Arguments& args) {
  const long samples = args.samples.empty() ? 8 : std::strtol(args.samples.c_str(), nullptr, 10);
  Json messages = Json::array();
  for (std::string_view name : kCatalogLocales) {
    const std::string locale(name);
    clslab::Result<clslab::Catalog> catalog = clslab::Catalog::Parse(CatalogText(locale), locale);
    if (!catalog.ok()) return Fail("catalog/" + locale + ".ftl: " + catalog.status.message());
    clslab::Rng rng(38);  // the same samples in every locale
    for (const clslab::MessageSpec* spec : clslab::MessageSpecs()) {
      for (long k = 0; k < samples; ++k) {
        clslab::Finding finding;
        finding.code = spec->code;
        for (const clslab::ArgSpec& arg : spec->args) finding.args.push_back(SampleArg(arg, rng));
        const clslab::Result<std::string> text = clslab::RenderFinding(finding, catalog.value);
        if (!text.ok()) return Fail(locale + ": " + text.status.message());
        Json entry = clslab::ToJson(finding);
        entry["locale"] = locale;
        entry["text"] = text.value;
        messages.push_back(entry);
      }
    }
  }
  clslab::Rng rng(38);
  // Every numeric type in every locale, as the arguments' table formats it.
  Json numbers = Json::array();
  for (std::string_view name : kCatalogLocales) {
    const std::string locale(name);
    clslab::Result<clslab::Catalog> local = clslab::Catalog::Parse(CatalogText(locale), locale);
    for (ArgType type : {ArgType::kCount, ArgType::kShare, ArgType::kRatio, ArgType::kValue}) {
      for (int k = 0; k < 200; ++k) {
        clslab::FindingArg arg;
        arg.name = "x";
        arg.type = type;
        arg.number = SampleNumber(type, rng);
        clslab::Finding finding;
        finding.args = {arg};
        const auto fluent = clslab::FluentArgsOf(finding.args, local.value);
        const clslab::FluentValue& value = fluent.value.at("x");
        numbers.push_back(
            {{"locale", locale},
             {"type", clslab::EnumKey(type)},
             {"number", arg.number},
             {"text", clslab::FormatNumber(value.number, value.options, locale)},
             {"plural", clslab::PluralCategory(value.number, value.options, locale)}});
      }
    }
  }
  const Json out = {{"messages", messages}, {"numbers", numbers}};
  Output output = args.out.empty() ? Output() : Output(args.out);
  output.Write(out.dump(1) + "\n");
  return Finish(&output);
}

}  // namespace clslab_cli
