// The generic equal-finish solver: optimal fractions for any tree of sends on any machine (SPEC §3).
#pragma once

#include <vector>

#include "schedulers/divisible/divisible_load.hpp"
#include "sim/hop_distances.hpp"

namespace mpnsim {

// Who sends to whom: each processor except the root receives its whole
// subtree's load in one message from its parent, then sends to its children in
// the listed order.
struct SendTree {
  int root = 0;
  std::vector<int> parent;                 // -1 for the root and for processors outside the tree
  std::vector<std::vector<int>> children;  // in send order
};

// Breadth-first tree from `root` over `adjacency`: each processor's parent is
// its lowest-numbered neighbour one hop closer to the root; children are sent
// to in increasing index order. Processors farther than `max_depth` hops (if
// >= 0) are left out.
SendTree breadth_first_send_tree(const Adjacency& adjacency, int root, int max_depth = -1);

// Solves "every processor of the tree stops computing at the same T, the loads
// sum to V" for the tree on the machine. Sends follow the machine's ports:
// one-port senders send one child after the other; k-port senders chain child
// j after child j-k; all-port senders send to every child at once. A processor
// with a co-processor computes from the moment its data has arrived; without
// one, its CPU first does its sends, one after another, then computes. Every
// message of D units over link (u,v) takes S + z*Tcm*D.
//
// Who takes part: with `optimal` (the default), the fastest participating set for the
// tree and its orders (best_participation, participation.hpp) is chosen first. With
// `negative_only`, the reading before issue #25 (and of the fixed-sequence closed forms,
// which use every processor of the sequence), every processor of the tree takes part
// unless its load comes out negative. In both, when the solution gives a processor or a
// subtree a negative load, the offending subtree is left out (the last-sent child of a processor whose own
// share is negative) and the system solved again; the notes say who was left out.
// The plan has a send per tree edge and a compute per participating processor,
// with "after" dependencies that encode the port order, so the engine plays it
// exactly as solved.
enum class ParticipationRule { optimal, negative_only };
DltSolution solve_equal_finish(const SendTree& tree, const MachineSpec& machine, double load,
                               ParticipationRule rule = ParticipationRule::optimal);

}  // namespace mpnsim
