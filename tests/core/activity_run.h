// The small run the class activity's tests play (activity_test.cpp, activity_claims_test.cpp):
// 200 separable synthetic reviews at d = 128 with every word kept, so that every question
// of the activity settles within a few dozen steps of the paper protocol.
#pragma once

#include <cstdint>

#include "clslab/config.h"

namespace clslab {

inline RunConfig ActivityRun(int64_t steps) {
  RunConfig config;
  config.dataset = "synthetic";
  config.synthetic_reviews = 200;
  config.synthetic_feasible = true;
  config.test_fraction = 0.2;
  config.min_count = 1;
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.width = 128;
  config.steps = steps;
  return config;
}

}  // namespace clslab
