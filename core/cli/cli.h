// The CLI's pieces shared by its commands (main.cpp: train, evaluate, settings;
// reproduce.cpp: the protocol report). Not a library header.
#pragma once

#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/experiment.h"

namespace clslab_cli {

struct Arguments {
  std::string command, data, negative, config_path, out, run, every, recipe;
  std::vector<std::string> sets;  // key=value, in order (--protocol and --steps append)
};

int Fail(const std::string& message);
bool ReadFile(const std::string& path, std::string* bytes);
// Settings from --config and --set, then the data from --data (and --negative): returns
// an error message or "" with *config holding the loaded run's settings.
std::string LoadData(const Arguments& args, clslab::Experiment* experiment,
                     clslab::RunConfig* config);
// The --set values of args applied to *config (after a recipe, so that they win).
std::string ApplySets(const Arguments& args, clslab::RunConfig* config);
int Reproduce(const Arguments& args);
// One move along the run's plan (run_plan.h), as the page's worker makes it: at most `most`
// steps and no more than the plan's chunk allows, then the work the plan says is due (the
// p_mm solve right after the step on E). Metrics read after it are the page's at that step.
clslab::StepReport Move(clslab::Experiment* experiment, int64_t most);

}  // namespace clslab_cli
