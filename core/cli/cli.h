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

}  // namespace clslab_cli
