// A star's installments and returned results as a divisible-load solution: return order, participants, plan.
#pragma once

#include <string>
#include <vector>

#include "schedulers/divisible/divisible_load.hpp"
#include "schedulers/divisible/star_schedule.hpp"

namespace mpnsim {

// How the results come back: not at all, in the send order (FIFO), in the reverse
// order (LIFO), or in the order with the lowest T (best).
enum class ReturnRule { none, fifo, lifo, best };
ReturnRule return_rule(const std::string& name);

// Solves the star schedule (star_schedule.hpp) on `machine` for the workers in send
// order and returns it as a solution played by the engine.
//  - best: every return order is tried for up to 8 workers (8! = 40320 programs), the
//    lowest T kept (FIFO, then LIFO, then the others in lexicographic order win ties).
//    Above 8 workers it is a heuristic: from the better of FIFO and LIFO, move one
//    worker's return to another place in the order while that lowers T by more than a
//    relative 1e-12, first improvement taken, until no move does (a local optimum of the
//    insertion neighbourhood; Beaumont, Marchal & Robert 2005 show the best order may be
//    neither FIFO nor LIFO, and leave its complexity open).
//  - Workers to which the optimum gives no load at all are left out (a note says which)
//    and the program solved again without them, so that they pay no startup; with
//    startups the program is then optimal for the workers that remain.
//  - Chunks of an installment that come out empty are reported in a note: the
//    equal-finish conditions would make them negative.
DltSolution star_lp_solution(const MachineSpec& machine, int centre, std::vector<int> workers, int installments,
                             ReturnRule rule, double delta, double load);

}  // namespace mpnsim
