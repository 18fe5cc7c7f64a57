// The registry of core's messages (messages.h): each rule file lists the specs it says
// (guidance_specs.h; the class activity's, activity_words.h), and ClaimHolds checks a
// finding against its spec.
#include "clslab/messages.h"

#include "clslab/activity_words.h"
#include "guidance_specs.h"

namespace clslab {

Finding MessageSpec::Say(std::string panel, FindingKind kind,
                         std::vector<FindingArg> values) const {
  Finding f;
  f.panel = std::move(panel);
  f.kind = kind;
  f.code = code;
  f.args = std::move(values);
  return f;
}

Finding MessageSpec::Detail(std::vector<FindingArg> values) const {
  return Say("", FindingKind::kFact, std::move(values));
}

const std::vector<const MessageSpec*>& MessageSpecs() {
  static const std::vector<const MessageSpec*> all = [] {
    std::vector<const MessageSpec*> list;
    for (const auto* part : GuidanceSpecLists())
      list.insert(list.end(), part->begin(), part->end());
    list.insert(list.end(), kReviewSpecs.begin(), kReviewSpecs.end());
    const auto& activity = ActivitySpecs();
    list.insert(list.end(), activity.begin(), activity.end());
    list.insert(list.end(), kRecipeSpecs.begin(), kRecipeSpecs.end());
    list.insert(list.end(), kDataSpecs.begin(), kDataSpecs.end());
    return list;
  }();
  return all;
}

const MessageSpec* FindMessage(std::string_view code) {
  for (const MessageSpec* spec : MessageSpecs()) {
    if (spec->code == code) return spec;
  }
  return nullptr;
}

bool KeepsSpec(const Finding& said, std::string* why) {
  const MessageSpec* spec = FindMessage(said.code);
  if (spec == nullptr) {
    *why = "no spec for " + said.code;
    return false;
  }
  if (said.args.size() != spec->args.size()) {
    *why = said.code + ": " + std::to_string(said.args.size()) + " arguments, the spec has " +
           std::to_string(spec->args.size());
    return false;
  }
  for (const ArgSpec& arg : spec->args) {
    const FindingArg* given = said.Arg(arg.name);
    if (given == nullptr || given->type != arg.type) {
      *why = said.code + ": argument " + arg.name + " missing or of another type";
      return false;
    }
    if (!arg.choices.empty()) {
      bool known = false;
      for (const std::string& choice : arg.choices) known = known || choice == given->text;
      if (!known) {
        *why = said.code + ": " + arg.name + " = " + given->text + " is not one of its choices";
        return false;
      }
    }
  }
  return true;
}

bool ClaimHolds(const GuidanceInputs& run, const Finding& said, std::string* why) {
  if (!KeepsSpec(said, why)) return false;
  const MessageSpec* spec = FindMessage(said.code);
  if (spec->claim != nullptr && !spec->claim(run, said, why)) {
    *why = said.code + ": " + *why;
    return false;
  }
  for (const Finding& detail : said.details) {
    if (!ClaimHolds(run, detail, why)) return false;
  }
  return true;
}

bool RecipeClaimHolds(const RecipeFacts& data, const Finding& said, std::string* why) {
  if (!KeepsSpec(said, why)) return false;
  const MessageSpec* spec = FindMessage(said.code);
  if (spec->recipe_claim == nullptr) {
    *why = said.code + ": not a message said of a recipe";
    return false;
  }
  if (!spec->recipe_claim(data, said, why)) {
    *why = said.code + ": " + *why;
    return false;
  }
  for (const Finding& detail : said.details) {
    if (!RecipeClaimHolds(data, detail, why)) return false;
  }
  return true;
}

}  // namespace clslab
