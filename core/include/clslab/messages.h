// The messages core says, each with its arguments' types and the claim its words make:
// the typed side of catalog/en.ftl. A rule says a message only through its spec
// (MessageSpec::Say), and each spec sits beside the rule that picks it, its claim written
// from what the words assert (never a copy of the rule's condition); tests check every
// claim on every finding of the runs they generate (tests/core/claims_test.cpp), and that
// the catalog's message reads exactly the spec's variables (tests/core/catalog_test.cpp).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clslab/findings.h"

namespace clslab {

struct GuidanceInputs;
struct RecipeFacts;

struct ArgSpec {
  std::string name;
  ArgType type;
  std::vector<std::string> choices = {};  // a kName's values (the catalog may select on them)
};

// What a finding's words claim about the run, as a predicate over the run's numbers and the
// finding's arguments: true whenever the finding may be said. `why` names what failed.
using Claim = bool (*)(const GuidanceInputs& run, const Finding& said, std::string* why);
// A recipe's words claim something about the data it was computed from (recipes.h): a
// predicate over the data profile, the limits and the recipe's settings.
using RecipeClaim = bool (*)(const RecipeFacts& data, const Finding& said, std::string* why);

// A message has one claim, over what it is said of: a run (claim), a recipe (recipe_claim),
// or a review's view (claim and recipe_claim null: ReviewClaimHolds), or a solve's progress
// (null: what it names is the solve's state, ProgressClaimHolds), or a file as it was read
// (null: data-*, the parse's own counts and keys, experiment_data.cpp).
struct MessageSpec {
  std::string code;
  std::vector<ArgSpec> args;
  Claim claim = nullptr;
  RecipeClaim recipe_claim = nullptr;

  // The finding saying this message on `panel`, as `kind`, with `args` (named as the spec).
  Finding Say(std::string panel, FindingKind kind, std::vector<FindingArg> values) const;
  // As a detail of a verdict (the panel and kind are its parent's).
  Finding Detail(std::vector<FindingArg> values) const;
};

// Every message core says, in no particular order.
const std::vector<const MessageSpec*>& MessageSpecs();
const MessageSpec* FindMessage(std::string_view code);

// Whether `said` itself keeps its spec: a known code and the spec's arguments by name and
// type (a kName's value one of its choices). `why` says what broke.
bool KeepsSpec(const Finding& said, std::string* why);

// Whether `said` (and each of its details) keeps its spec and its claim is true on `run`.
// `why` says what broke.
bool ClaimHolds(const GuidanceInputs& run, const Finding& said, std::string* why);

// Whether a recipe's finding (and each of its details) keeps its spec over the data it was
// computed from: a known code, the spec's arguments, and its recipe_claim true.
bool RecipeClaimHolds(const RecipeFacts& data, const Finding& said, std::string* why);

struct ReviewView;
// The claim of a review's disagreement (ReviewView::disagreement) over the view it is said
// of: the tokens and numbers are the view's, and the order the words state holds.
bool ReviewClaimHolds(const ReviewView& view, const Finding& said, std::string* why);

}  // namespace clslab
