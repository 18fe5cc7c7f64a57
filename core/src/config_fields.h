// The settings table's internals (core/src only): each SettingField bound to its RunConfig
// member, and the text form of a value in both directions. config.cpp and share_link.cpp
// build everything else on these.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "clslab/config.h"

namespace clslab {
namespace config_internal {

using Member = std::variant<double RunConfig::*, int32_t RunConfig::*, uint32_t RunConfig::*,
                            bool RunConfig::*, std::string RunConfig::*, Protocol RunConfig::*,
                            FlowStep RunConfig::*, OptimizerKind RunConfig::*>;

struct Binding {
  SettingField field;
  Member member;
};

// Version 2 (issue 18): the defaults open on the twins with Result 2's settings. A link or
// config of an older version is read against that version's defaults (DefaultsOfVersion).
// Version 3 (issue 37): version 2's defaults, and the flow on p computed relative to each
// review's leading token (model.cpp). The weights are those of version 2 until some review's
// softmax saturates (on the default twins about step 150) and differ after it: a version 1 or
// 2 link replays with this arithmetic and says so (OlderArithmeticNote), never silently.
constexpr int kConfigVersion = 3;

// The warning a link or config (`what`: "link", "config") of `version` < 3 carries: it
// replays with version 3's arithmetic, so its checksum can differ from the one it was made
// with. Empty from version 3 on.
std::string OlderArithmeticNote(int version, const char* what);

// The defaults a link or config of `version` (1 .. kConfigVersion) means for the settings it
// leaves out; any other version gets this build's (RunConfig()).
RunConfig DefaultsOfVersion(int version);

// Every setting, in table order (the form's, the JSON's and the link's order).
const std::vector<Binding>& Bindings();
const Binding* Find(std::string_view key);

// Shortest text that reads back as the same double ("0.1", "20000", "1e-05").
std::string ShortestText(double x);
// Text form of one setting: shortest round-tripping number, true/false, choice or text.
std::string TextOf(const Binding& binding, const RunConfig& config);
// Parses `text` into the setting, checking its kind, bounds and length; the config is
// unchanged on error. Numbers must be the whole text ("1e-3" yes, "1e-3x" or "nan" no).
Status SetFromText(const Binding& binding, RunConfig* config, std::string_view text);

}  // namespace config_internal
}  // namespace clslab
