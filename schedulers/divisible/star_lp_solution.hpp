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
//  - Who takes part: with S = 0 everyone the program gives a load (one given nothing is
//    left out, which changes nothing). With startups every message costs S whatever it
//    carries, so fewer workers may finish sooner: the best prefix of the send order is kept
//    (chosen with FIFO returns for `best`), then workers the optimum gives nothing are
//    left out and the program solved again. This choice of participants is a heuristic
//    (the exact one is a mixed-integer program); the schedule is optimal for the workers
//    kept. Notes say who was left out and why.
//  - Chunks of an installment that come out empty are reported in a note: the
//    equal-finish conditions would make them negative.
DltSolution star_lp_solution(const MachineSpec& machine, int centre, std::vector<int> workers, int installments,
                             ReturnRule rule, double delta, double load);

}  // namespace mpnsim
