// The best participating set of a tree of sends with a fixed send order (issue #25's optimality fix).
#pragma once

#include <string>
#include <vector>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "sim/machine_spec.hpp"

namespace mpnsim {

// Which processors of `tree` (all of them in `active`, parents before children) take part in
// the fastest schedule that keeps the tree and every sender's order, on the model of
// solve_equal_finish. A processor left out receives no message and pays no startup; its
// subtree goes with it. Returns the new `active` flags and one note per processor left out.
//
// Why a search at all: dropping only children whose equal-finish share is negative is not
// optimal. On a one-port sender every later sibling waits for an earlier child's message, so
// a child with a slow link early in the order delays the rest by more than its own share is
// worth (w = 1, z = 10 then z = 0.1: T = 0.852 with the slow child, 0.524 without).
//
// How (exact, no rounding beyond double arithmetic): for a subtree, let F(u) be the most load
// it can finish when its root has received its data u time units before the common finish T,
// over every choice of participants. F is piecewise linear, increasing, F(0) = 0:
//  - a leaf or a co-processor node computes for all of u: F = u / (w Tcp) + the children's part;
//  - a child c over a link (S, z) that is sent d = F_c(t) units and then has t to finish is
//    reached, for the sender, at u = S + z Tcm F_c(t) + t: a curve parametrised by t;
//  - on a one-port sender the children after c get exactly that t too (their sends start when
//    c's ends), so with H_j(u) the best of children j.. in time u,
//    H_j(u) = max( H_{j+1}(u), F_c(t) + H_{j+1}(t) at u = S + z Tcm F_c(t) + t ),
//    the second term only for u >= S; a node without a co-processor computes after its sends:
//    H_{n+1}(u) = u / (w Tcp);
//  - on an all-port sender every child has its own port: F = own + sum of the children's.
// The maxima are taken point by point over every breakpoint and crossing, so F is exact.
// With every participant of an optimal schedule finishing together (any that stopped early
// could take load from one that stops at T), the best T for the order solves F_root(T) = V,
// and walking down from the root with the same maxima names the participants. Every
// function is a single line when S = 0, where the rule reads: child c joins iff
// z_c Tcm * (the load per time unit the children after it can take) < 1.
//
// With startups a function can bend once per processor below it; past 500 000 bends in all
// (a star of about 1000 children with S > 0, or larger) the search stops, says so in a
// note, and the negative-share rule applies. k-port senders (1 < k < all) are not searched: `active` comes back unchanged for a tree
// that has one, and solve_equal_finish's negative-share rule applies as before.
struct Participation {
  std::vector<bool> active;
  std::vector<std::string> notes;
};
Participation best_participation(const SendTree& tree, const MachineSpec& machine, double load,
                                 const std::vector<bool>& active);

}  // namespace mpnsim
