// Task-tree generators: complete k-ary trees and the thesis's random trees (§4.5.1, SPEC §4).
#pragma once

#include <cstdint>

#include "workloads/tree/task_tree.hpp"

namespace mpnsim {

// Every task above `depth` has `arity` children: levels 0..depth, arity^k tasks at level k.
// Throws ParamError (key "arity" or "depth") when out of range or above kMaxTreeTasks.
TaskTree complete_tree(int arity, int depth);
// Its number of tasks, with the same checks and errors, without building it.
std::int64_t complete_tree_size(int arity, int depth);

// Thesis §4.5.1, built breadth first: a task at level `depth` is a leaf; any other task is a
// leaf with probability 1 - spawn (Spawn = 0), else it has Fanout children, uniform on
// {1..fanout}. std::mt19937_64 seeded with `seed`, our own uniform mappings (the same bytes
// with every standard library). Throws ParamError on bad parameters, and std::runtime_error
// when this tree grows past kMaxTreeTasks.
TaskTree random_tree(double spawn, int fanout, int depth, std::uint64_t seed);

// Expected number of tasks of random_tree(spawn, fanout, depth, ·), for checks before running.
double expected_random_tree_size(double spawn, int fanout, int depth);

}  // namespace mpnsim
