// The class activity's words: every message the activity says (catalog/en.ftl), each a
// MessageSpec of the one registry (messages.h), and for the messages that state numbers of
// the run (a question's step and thresholds, a reveal, why a question is not scored, when it
// will be revealed) the claim the words make: a predicate over the numbers that settled it,
// written from what the words assert. SayActivity picks the messages for a report from its
// codes and numbers; tests/core/activity_claims_test.cpp plays runs and checks every claim
// on the run's numbers at the step it was said. The page and the CLI only render them.
#pragma once

#include <string>
#include <vector>

#include "clslab/activity.h"
#include "clslab/findings.h"
#include "clslab/messages.h"

namespace clslab {

// What an activity message's words claim about the run: true whenever it may be said of
// `run` (the settings, the metrics of the step it speaks of, and the word question's review
// at that step). `why` names what failed.
using ActivityClaim = bool (*)(const SettleInputs& run, const Finding& said, std::string* why);

struct ActivityMessage {
  const MessageSpec* spec;
  // nullptr: the words state nothing the run measures (the student's response, a grade, the
  // score, what to press next); those are checked by the grading tests (activity_test.cpp).
  ActivityClaim claim;
};

// Every message the activity says; the registry (messages.cpp) lists their specs.
const std::vector<ActivityMessage>& ActivityMessages();
const std::vector<const MessageSpec*>& ActivitySpecs();

// Whether `said` and each of its details keep their spec (KeepsSpec) and, for a message with
// a claim, whether the claim holds on `run`.
bool ActivityClaimHolds(const SettleInputs& run, const Finding& said, std::string* why);

// The report's words from its questions, settlements, responses and grades: `said`,
// `notes_said`, `status` and `prompt`. `refusal` is left as it is.
void SayActivity(ActivityReport* report);

// Why a commit was refused: "committed" (already), "missing" (a question without a
// response), "responses" (not a JSON object), or "choice" (`response` is no choice).
Finding RefuseCommit(const std::string& why, const std::string& response = "");

}  // namespace clslab
