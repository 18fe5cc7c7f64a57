// Internal: the lists of message specs each guidance rule file says (messages.cpp gathers
// them into the registry). A new rule file adds its list here.
#pragma once

#include <vector>

#include "clslab/messages.h"

namespace clslab {

using SpecList = std::vector<const MessageSpec*>;

std::vector<const SpecList*> GuidanceSpecLists();
// A review's disagreement (experiment_analysis.cpp).
extern const SpecList kReviewSpecs;
// What the recipes say (recipes.cpp).
extern const SpecList kRecipeSpecs;

}  // namespace clslab
