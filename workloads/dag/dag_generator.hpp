// The thesis's random task-graph generator (thesis §6.4), seeded and reproducible.
#pragma once

#include <cstdint>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct RandomDagParams {
  int tasks = 50;         // N, the number of nodes
  int max_in = 3;         // maximum in-degree of a node
  int max_out = 3;        // maximum out-degree of a node
  double exec_min = 1;    // execution-time range (work of a task)
  double exec_max = 10;
  double data_min = 1;    // edge-weight range (data on an edge)
  double data_max = 10;
  bool integer = true;    // draw whole numbers from the ranges (as the thesis's C program did)
  std::uint64_t seed = 1;
};

// Throws std::invalid_argument with a readable reason for impossible parameters
// (empty ranges, negative values, no whole number in a range when `integer`), and for
// graphs past the size limits of dag_input_limits.hpp, with the memory they would take.
void check_random_dag_params(const RandomDagParams& p);

// The number of edges generate_random_dag gives on average, from above (for the size check).
double expected_random_dag_edges(const RandomDagParams& p);

// Thesis §6.4, read literally. For each node i in order: its execution time is drawn
// from the range; its out-degree from 1..max_out when it has no parent yet, 0..max_out
// otherwise, cut down to the number of later nodes whose in-degree is not full; then
// children are drawn uniformly from i+1..N-1 until that many distinct ones with room
// for a parent are found, each edge getting a weight from the range. Edges only go
// from lower to higher numbers, so the graph is acyclic; tasks are named T0..T(N-1).
TaskGraph generate_random_dag(const RandomDagParams& p);

}  // namespace mpnsim
