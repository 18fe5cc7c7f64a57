// The CLI's pieces shared by its commands (main.cpp: train, evaluate, settings;
// reproduce.cpp: the protocol report). Not a library header.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clslab/catalog.h"
#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/findings.h"
#include "clslab/guidance.h"
#include "output.h"

namespace clslab_cli {

struct Arguments {
  std::string command, data, negative, config_path, out, run, every, recipe, samples, lang;
  std::vector<std::string> sets;  // key=value, in order (--protocol and --steps append)
};

// What --data and --negative take, as a folder's refusal says it.
inline const std::string kReviewsFile = "one file of reviews (CSV, TSV, JSON Lines, ...)";

int Fail(const std::string& message);
// Closes `output`: 0 when every byte was written, else Fail with the path and the reason.
int Finish(Output* output);
// Reads `path` whole into *bytes, refusing (in words) a folder (saying `expected` is what to
// pass), an unreadable path, or an input longer than `max_bytes`, which it stops reading one
// byte past the limit; "" when read.
std::string ReadInput(const std::string& path, std::string* bytes, int64_t max_bytes,
                      const std::string& expected = kReviewsFile);
// A settings JSON is a few kilobytes.
constexpr int64_t kMaxConfigBytes = 1 << 20;
// Settings from --config and --set, then the data from --data (and --negative): returns
// an error message or "" with *config holding the loaded run's settings.
std::string LoadData(const Arguments& args, clslab::Experiment* experiment,
                     clslab::RunConfig* config);
// The --set values of args applied to *config (after a recipe, so that they win).
std::string ApplySets(const Arguments& args, clslab::RunConfig* config);
int Reproduce(const Arguments& args);
// Every message core says, rendered from sampled arguments, and numbers in each locale
// (messages.cpp): what tests/web/catalog.test.ts compares with the page's rendering.
int Messages(const Arguments& args);
// The run's loop (Experiment::Work) with no budget up to `step` and that step's own work (the
// p_mm solve after the step on E, a run end's p_local, ...): CurrentMetrics() then holds the
// metrics the page's worker shows at that step. On a refused step it stops at the step
// reached, with its metrics, and says so (steps.refused).
clslab::WorkReport RunTo(clslab::Experiment* experiment, int64_t step);
// The catalog of the language the CLI writes (--lang; catalog/en.ftl by default), parsed
// once. SetLanguage is false for a locale the CLI has no catalog of.
bool SetLanguage(const std::string& locale);
const clslab::Catalog& CliCatalog();
// A finding as JSON with its rendered text (--lang): `text` the sentence and its details, one
// space apart; `sentence` the finding's own sentence (what a page shows open); each detail
// the same. Guidance likewise: {panels, diagnostics, coverage, prompt}.
nlohmann::ordered_json FindingJson(const clslab::Finding& finding);
nlohmann::ordered_json GuidanceJson(const clslab::Guidance& guidance);
// A recipe as JSON: its title and plan as FindingJson writes findings (text, sentence).
nlohmann::ordered_json RecipeJson(const clslab::Recipe& recipe);
// Every finding of `guidance` (details included) checked against its claim over `run`, the
// inputs it was said of: {checked: findings, broken: [what broke, per finding]}.
nlohmann::ordered_json ClaimsJson(const clslab::GuidanceInputs& run,
                                  const clslab::Guidance& guidance);

}  // namespace clslab_cli
