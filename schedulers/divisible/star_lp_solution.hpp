// A star's installments and returned results as a divisible-load solution: return order, participants, plan.
#pragma once

#include <string>
#include <vector>

#include "schedulers/divisible/divisible_load.hpp"
#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/star_schedule.hpp"

namespace mpnsim {

// How the results come back: not at all, in the send order (FIFO), in the reverse
// order (LIFO), or in the order with the lowest T (best).
enum class ReturnRule { none, fifo, lifo, best };
ReturnRule return_rule(const std::string& name);

// Solves the star schedule (star_schedule.hpp) on `machine` for the workers in send
// order and returns it as a solution played by the engine.
//  - best: for up to 8 workers the best return order (to a relative 1e-9; the first found
//    wins ties, FIFO then LIFO first), by a branch and bound over the orders' prefixes whose
//    bounds are linear programs (star_schedule_bound), not by trying every order. Above 8
//    workers it is a heuristic: from the better of FIFO and LIFO, move one worker's return to
//    another place in the order while that lowers T by more than a relative 1e-9, first
//    improvement taken, at most one pass per worker (a local optimum of the insertion
//    neighbourhood; Beaumont, Marchal & Robert 2005 show the best order may be neither FIFO
//    nor LIFO, and leave its complexity open).
//  - Who takes part: with S = 0 everyone the program gives a load (one given nothing is
//    left out, which changes nothing). With startups every message costs S whatever it
//    carries, so fewer workers may finish sooner: the best prefix of the send order is kept
//    (chosen with FIFO returns for `best`), then workers the optimum gives nothing are
//    left out and the program solved again. This choice of participants is a heuristic
//    (the exact one is a mixed-integer program); the schedule is optimal for the workers
//    kept. Notes say who was left out and why.
//  - Chunks of an installment that come out empty are reported in a note: the
//    equal-finish conditions would make them negative.
//  - A centre that does not compute (`centre_computes` false) gets no share and no variable;
//    T1 (for the speedup) is then the fastest worker's time for the whole load.
DltSolution star_lp_solution(const MachineSpec& machine, int centre, std::vector<int> workers, int installments,
                             ReturnRule rule, double delta, double load, bool centre_computes = true);

// A one-installment star without results: the equal-finish solver (the best participants
// for the send order, `rule`), or, when its affine sums cannot carry the machine's time
// scales (it throws: shares that no longer add up to the load), the same schedule as the
// linear program (participants: the best prefix of the send order), with a note saying so.
// The tree is the centre and its children in send order.
DltSolution equal_finish_or_program(const SendTree& tree, const MachineSpec& machine, double load,
                                    ParticipationRule rule);

}  // namespace mpnsim
