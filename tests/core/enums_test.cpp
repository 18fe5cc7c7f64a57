// The enums that cross a boundary have one name table each (enums.h): every value has a
// name, no two share one, and a name reads back as its value. And the report structs
// (reports.h, work.h) come without the trainer and the settings schema: this file
// includes them alone and declares names of trainer.h and config.h of its own, which would
// not compile if either header came with them.
#include "clslab/enums.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <type_traits>

#include "clslab/reports.h"
#include "clslab/work.h"

namespace clslab {
// trainer.h and config.h declare these as classes: an alias of the same name would not
// compile beside them (and, being no class, defines nothing the library also defines).
using TrainerOptions = void;
using SettingField = void;

namespace {

template <typename E>
void ExpectOneNameEach(size_t count) {
  const auto& names = EnumNames(E{});
  EXPECT_EQ(names.size(), count);
  std::set<std::string> seen;
  for (size_t i = 0; i < names.size(); ++i) {
    const auto& entry = names[i];
    EXPECT_EQ(static_cast<size_t>(entry.value), i) << "declaration order: " << entry.name;
    EXPECT_FALSE(std::string(entry.name).empty());
    EXPECT_TRUE(seen.insert(entry.name).second) << "a second " << entry.name;
    EXPECT_STREQ(EnumKey(entry.value), entry.name);
    E read{};
    if (i == 0) read = names[names.size() - 1].value;  // so that reading it changes it
    EXPECT_TRUE(EnumFromName(entry.name, &read));
    EXPECT_EQ(read, entry.value);
  }
  E unchanged = names[0].value;
  EXPECT_FALSE(EnumFromName("no such name", &unchanged));
  EXPECT_EQ(unchanged, names[0].value);
}

TEST(Enums, EachValueHasOneNameThatReadsBack) {
  ExpectOneNameEach<Protocol>(2);
  ExpectOneNameEach<Phase>(4);
  ExpectOneNameEach<SourceKind>(5);
  ExpectOneNameEach<DueSolve>(2);
  ExpectOneNameEach<RunItem>(7);
  ExpectOneNameEach<StepKind>(3);
  ExpectOneNameEach<WorkStop>(7);
  ExpectOneNameEach<FindingKind>(7);
  ExpectOneNameEach<ArgType>(7);
}

TEST(Enums, TheReportHeadersComeWithoutTheTrainerOrTheSettings) {
  static_assert(std::is_void_v<TrainerOptions> && std::is_void_v<SettingField>);
  // A plan still names its enums (enums.h), which is all a report needs of them.
  RunPlan plan;
  EXPECT_STREQ(EnumKey(plan.phase), "initialized");
  EXPECT_STREQ(EnumKey(plan.data.kind), "builtin");
}

}  // namespace
}  // namespace clslab
