// Findings: what core says about a run, as data. A finding names a message of the catalog
// (catalog/en.ftl) by its code and carries the message's arguments as typed values; core
// writes no sentence. Every driver renders findings through the one catalog: the page with
// @fluent/bundle (web/src/messages.ts), the CLI natively (catalog.h, RenderFinding), so the
// CLI's English is the page's English and a translation is one more catalog file.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "clslab/catalog.h"
#include "clslab/enums.h"  // EnumName, EnumKey

namespace clslab {

// What a finding says about its panel. The verdict kinds: kExpect (what to look for next),
// kShown (the result holds on this run, over all training reviews), kOff (it does not,
// the details say the measured reason), kInstead (the theorem's hypothesis fails on these
// reviews; what the flow does instead, beside baselines), kNotApplicable (no prediction
// under this protocol). kFact: a measured number behind a verdict; kNote: a stage or a
// note that is no verdict (coverage, progress, a review's disagreement).
enum class FindingKind { kExpect, kShown, kOff, kInstead, kNotApplicable, kFact, kNote };

inline const std::array<EnumName<FindingKind>, 7>& EnumNames(FindingKind) {
  static constexpr std::array<EnumName<FindingKind>, 7> names{{{FindingKind::kExpect, "expect"},
                                                               {FindingKind::kShown, "shown"},
                                                               {FindingKind::kOff, "off"},
                                                               {FindingKind::kInstead, "instead"},
                                                               {FindingKind::kNotApplicable, "n/a"},
                                                               {FindingKind::kFact, "fact"},
                                                               {FindingKind::kNote, "note"}}};
  return names;
}

// How an argument is formatted (both renderers read the type; the catalog may refine a
// number with NUMBER()): kCount a whole number ("20,000": counts, steps); kShare a share in
// [0, 1] as a percentage with one decimal, truncated ("67.0%"; 0.9996 is "99.9%"); kRatio 3
// significant digits (cosines, scores, accuracies); kValue 4 significant digits, in scientific
// notation below 1e-4 or from 1e6 ("2.4E-7"); kToken a vocabulary token; kTokens a list of them
// (joined by the catalog's token-list-item and token-list-separator); kName an identifier a message
// may select on (a recipe, a dataset, a protocol, a setting key).
enum class ArgType { kCount, kShare, kRatio, kValue, kToken, kTokens, kName };

inline const std::array<EnumName<ArgType>, 7>& EnumNames(ArgType) {
  static constexpr std::array<EnumName<ArgType>, 7> names{{{ArgType::kCount, "count"},
                                                           {ArgType::kShare, "share"},
                                                           {ArgType::kRatio, "ratio"},
                                                           {ArgType::kValue, "value"},
                                                           {ArgType::kToken, "token"},
                                                           {ArgType::kTokens, "tokens"},
                                                           {ArgType::kName, "name"}}};
  return names;
}

struct FindingArg {
  std::string name;  // the message's $variable
  ArgType type = ArgType::kCount;
  double number = 0;               // kCount, kShare, kRatio, kValue
  std::string text;                // kToken, kName
  std::vector<std::string> items;  // kTokens
};

template <typename Visitor>
void Describe(const FindingArg& a, Visitor& v) {
  v("name", a.name);
  v("type", std::string(EnumKey(a.type)));
  v("number", a.number);
  v("text", a.text);
  v("items", a.items);
}

struct Finding {
  std::string panel;  // "result1", "figure1", "result2", "loss", "why", "coverage", ...
  FindingKind kind = FindingKind::kFact;
  std::string code;  // the catalog's message id
  std::vector<FindingArg> args;
  std::string recipe;   // a recipe that helps ("result1", "figure1", "result2") or ""
  std::string dataset;  // a built-in dataset the finding offers to open next, or ""
  // The reasons and numbers behind the finding, each a finding of its own (its claim
  // checked like the finding's): a page folds them under the finding's sentence.
  std::vector<Finding> details;

  const FindingArg* Arg(const std::string& name) const;
  double Number(const std::string& name) const;  // 0 when absent
};

template <typename Visitor>
void Describe(const Finding& f, Visitor& v) {
  v("panel", f.panel);
  v("kind", std::string(EnumKey(f.kind)));
  v("code", f.code);
  v("args", f.args);
  v("recipe", f.recipe);
  v("dataset", f.dataset);
  v("details", f.details);
}

// Building arguments: Count("reviews", 20000), Share("selection", 0.67), ...
FindingArg Count(std::string name, double value);
FindingArg Share(std::string name, double value);
FindingArg Ratio(std::string name, double value);
FindingArg Value(std::string name, double value);
FindingArg Token(std::string name, std::string token);
FindingArg Tokens(std::string name, std::vector<std::string> tokens);
FindingArg Name(std::string name, std::string value);

// The arguments as the catalog reads them (a token list joined through the catalog's
// token-list-item and token-list-separator messages).
Result<FluentArgs> FluentArgsOf(const std::vector<FindingArg>& args, const Catalog& catalog);
// The message's text; with `details`, each detail's text after it, joined by the catalog's
// sentence-separator (a space in English, nothing in Chinese).
Result<std::string> RenderFinding(const Finding& finding, const Catalog& catalog,
                                  bool with_details = false);

}  // namespace clslab
