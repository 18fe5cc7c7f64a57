// What the run's loop (core/src/run/scheduler.cpp) charges for the work that is not a
// coordinate update, in the units of work.h: one update reads two rows of E, 8d bytes, so
// a pass over E's V rows costs V / 2 units and a pass over n items of a few bytes (tokens,
// constraints) about n / d. Estimates of cost, checked against the native timings of twins
// and movies at d 1,024 and 4,096 (a flow step 3.4-6 V units, a joint step 8-10 V, the
// metrics 4-8 V): a driver's budget in units then lasts about as long whatever the work is.
// Only pacing reads them: what is computed never depends on where a budget ends.
// Legend: V vocabulary, N train tokens, K constraints, d width.
#pragma once

#include <algorithm>
#include <cstdint>

namespace clslab {

// The sizes the costs depend on (Experiment::State::Sizes).
struct WorkSizes {
  int64_t rows = 0;    // V
  int64_t tokens = 0;  // N
  int64_t width = 1;   // d
  bool joint = false;  // joint training (its steps move every row)
};

// n items of a list (tokens, constraints) read once.
inline int64_t ListUnits(const WorkSizes& s, int64_t n) {
  return n / std::max<int64_t>(s.width, 1);
}

// One pass over E and over the train tokens: a part of the metrics, the flow's selection,
// a stage of a solve between its sweeps.
inline int64_t PassUnits(const WorkSizes& s) {
  return std::max<int64_t>(1, s.rows / 2 + ListUnits(s, s.tokens));
}

// One training step: the paper protocol's steps read E and the tokens about eight times
// (forward, backward, the step), joint training twice that (every row moves, with the
// optimizer's moments).
inline int64_t StepUnits(const WorkSizes& s) { return (s.joint ? 16 : 8) * PassUnits(s); }

}  // namespace clslab
