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
constexpr int kConfigVersion = 2;

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
