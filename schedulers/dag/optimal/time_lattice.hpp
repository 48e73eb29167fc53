// The grid every time of a contention-free schedule lies on, when the instance's times are whole multiples of one step.
#pragma once

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

// In a schedule built by appending tasks at their earliest time, every start and finish is a
// sum of execution times and message delays. When all of those are whole multiples of one step
// q (integer works and data on unit links, as in the literature's graph sets), so is every
// makespan: a bound b then rounds up to the next multiple of q, and a schedule shorter than the
// best one found is shorter by at least q. This is what proves the optimum of instances whose
// load bound falls between two multiples (a partition of whole works over two processors).
//
// The step is the largest q = g / k (k a small power of 2 or 10, g a whole number) that divides
// every execution time and every edge's delay between every pair of processors (under
// comm: contention, every hop's time on every link), to within 1e-9 of a step; 0 when there is
// none (real-valued times): nothing is rounded then.
double time_step(const DagProblem& problem);

// b rounded up to the next multiple of `step` (a value within 1e-9 of a step of a multiple is
// taken as that multiple); b itself when step is 0.
double round_up_to_step(double b, double step);

}  // namespace mpnsim
