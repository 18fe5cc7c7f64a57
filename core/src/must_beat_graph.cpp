// The "must beat" graph: CSR construction, iterative Tarjan SCC, shortest cycle by BFS.
// Legend: V vocabulary size, K constraints.
#include "must_beat_graph.h"

#include <algorithm>

namespace clslab {

Graph BuildGraph(const MarginConstraints& constraints, int32_t vocab_size) {
  Graph graph;
  graph.offsets.assign(vocab_size + 1, 0);
  auto valid = [&](int64_t k) {
    return constraints.winner[k] >= 0 && constraints.winner[k] < vocab_size &&
           constraints.loser[k] >= 0 && constraints.loser[k] < vocab_size;
  };
  for (int64_t k = 0; k < constraints.size(); ++k) {
    if (valid(k)) ++graph.offsets[constraints.winner[k] + 1];
  }
  for (int32_t u = 0; u < vocab_size; ++u) graph.offsets[u + 1] += graph.offsets[u];
  graph.targets.resize(graph.offsets[vocab_size]);
  std::vector<int32_t> fill(graph.offsets.begin(), graph.offsets.end() - 1);  // V
  for (int64_t k = 0; k < constraints.size(); ++k) {
    if (valid(k)) graph.targets[fill[constraints.winner[k]]++] = constraints.loser[k];
  }
  return graph;
}

std::vector<int32_t> StronglyConnectedComponents(const Graph& graph, int32_t* count) {
  const int32_t vocab_size = static_cast<int32_t>(graph.offsets.size()) - 1;
  std::vector<int32_t> index(vocab_size, -1), low(vocab_size, 0);  // V each
  std::vector<int32_t> next_edge(vocab_size, 0);                   // V, DFS cursor per node
  std::vector<int32_t> component(vocab_size, -1);                  // V
  std::vector<uint8_t> on_stack(vocab_size, 0);                    // V
  std::vector<int32_t> stack, call;  // Tarjan's node stack; the explicit DFS call stack
  int32_t next_index = 0;
  *count = 0;
  for (int32_t root = 0; root < vocab_size; ++root) {
    if (index[root] != -1) continue;
    auto visit = [&](int32_t u) {
      index[u] = low[u] = next_index++;
      next_edge[u] = graph.offsets[u];
      stack.push_back(u);
      on_stack[u] = 1;
      call.push_back(u);
    };
    visit(root);
    while (!call.empty()) {
      const int32_t u = call.back();
      if (next_edge[u] < graph.offsets[u + 1]) {
        const int32_t w = graph.targets[next_edge[u]++];
        if (index[w] == -1) {
          visit(w);
        } else if (on_stack[w]) {
          low[u] = std::min(low[u], index[w]);
        }
        continue;
      }
      call.pop_back();
      if (!call.empty()) low[call.back()] = std::min(low[call.back()], low[u]);
      if (low[u] != index[u]) continue;
      int32_t w;
      do {  // u is the root of an SCC: everything above it on the stack belongs to it
        w = stack.back();
        stack.pop_back();
        on_stack[w] = 0;
        component[w] = *count;
      } while (w != u);
      ++*count;
    }
  }
  return component;
}

std::vector<int32_t> ShortestCycleThrough(const Graph& graph, const std::vector<int32_t>& component,
                                          int32_t root,
                                          std::vector<int32_t>* parent /* V, scratch */) {
  std::fill(parent->begin(), parent->end(), -1);
  std::vector<int32_t> frontier{root};
  (*parent)[root] = root;
  for (size_t head = 0; head < frontier.size(); ++head) {
    const int32_t u = frontier[head];
    for (int32_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const int32_t w = graph.targets[e];
      if (component[w] != component[root]) continue;
      if (w == root) {  // BFS order: the first edge back to root closes a shortest cycle
        std::vector<int32_t> cycle;
        for (int32_t x = u; x != root; x = (*parent)[x]) cycle.push_back(x);
        cycle.push_back(root);
        std::reverse(cycle.begin(), cycle.end());
        return cycle;
      }
      if ((*parent)[w] != -1) continue;
      (*parent)[w] = u;
      frontier.push_back(w);
    }
  }
  return {};
}

}  // namespace clslab
