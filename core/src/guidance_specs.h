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
// What a file reads as (text_formats.cpp): its encoding, its labels, the rows dropped and
// why, and a preview's warnings. Said of the data, not of a run: no claim.
extern const MessageSpec kDataEncoding;
extern const MessageSpec kDataLabels;
extern const MessageSpec kDataDropped;
extern const MessageSpec kDataOneClass;
extern const SpecList kDataSpecs;

}  // namespace clslab
