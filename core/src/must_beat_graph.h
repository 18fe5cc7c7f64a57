// The "must beat" graph of the attention-SVM (an edge a -> b for each constraint
// p.(E_a - E_b) >= 1) and the graph algorithms the cycle report and the hard-margin check
// share. Internal to max_margin.cpp and must_beat_graph.cpp. No recursion anywhere: graphs
// reach 100k+ nodes and wasm stacks are small.
// Legend: V vocabulary size, K constraints.
#pragma once

#include <cstdint>
#include <vector>

#include "clslab/max_margin.h"

namespace clslab {

// Adjacency of the "must beat" graph in CSR form: edges of node u are
// targets[offsets[u] .. offsets[u+1]).
struct Graph {
  std::vector<int32_t> offsets;  // V + 1
  std::vector<int32_t> targets;  // K' (edges with both ends in [0, V))
};

Graph BuildGraph(const MarginConstraints& constraints, int32_t vocab_size);

// Iterative Tarjan. Returns component[u] (V) and the number of components.
std::vector<int32_t> StronglyConnectedComponents(const Graph& graph, int32_t* count);

// Shortest cycle through `root` using only nodes of root's component (BFS), as root -> ...
// -> u, with the closing edge u -> root implied. Empty when none (root alone in its SCC).
std::vector<int32_t> ShortestCycleThrough(const Graph& graph, const std::vector<int32_t>& component,
                                          int32_t root,
                                          std::vector<int32_t>* parent /* V, scratch */);

}  // namespace clslab
