// The fastest star schedule for a fixed send sequence, installments and return order, as a linear program.
//
// Model (mpnsim's machine, SPEC §2): the centre c holds the load V and computes its own share
// a_0 from time 0 (it needs a co-processor). Installment k = 1..m sends one message to every
// worker, in the given worker order, so the messages go out in the sequence
// (1,1) .. (1,n), (2,1) .. (m,n) (Bharadwaj, Ghose & Mani, "Multi-installment load
// distribution in tree networks with delays", IEEE TAES 31(2), 1995). A message of a units
// to worker i takes S_i + z_i Tcm a; the centre sends it when a send port is free (k ports:
// message q after message q-k) and after its previous message to the same worker (the link
// carries one message at a time). Worker i computes chunk k (w_i Tcp a) once it has arrived
// and chunk k-1 is done. With result collection, worker i then returns delta * (its whole
// load) in one message S_i + z_i Tcm delta A_i, over the centre's receive ports in the
// return order (k receive ports: return j after return j-k); T is the last arrival.
// Without it, T is the last end of computing.
//
// The optimum for that sequence: every event time is the latest of what it waits for,
// which the program relaxes to "at least each of them" (exact at the optimum, since waiting
// longer never helps):
//   minimise T  subject to  w_0 Tcp a_0 <= T,  sum of a = V,  a >= 0,
//     start(q) >= end(q-k), start(q) >= end(previous message to the same worker),
//     compute_end(k,i) >= arrival(k,i) + w_i Tcp a_(k,i),
//     compute_end(k,i) >= compute_end(k-1,i) + w_i Tcp a_(k,i),
//     return_start(i) >= compute_end(m,i), return_start(pi_j) >= return_end(pi_{j-k}),
//     T >= every return's end (or every compute end without returns).
// Event times that wait for one thing only are affine expressions in the loads, not
// variables, so a one-port single installment without returns is a program in the loads
// alone. The equal-finish conditions of Bharadwaj et al. (no worker idle between its
// chunks, every worker finishing at T) are a vertex of this program when their solution has
// no negative chunk; where it has one, the program's optimum gives that chunk 0 (the
// fall-back the hypercube strategies take by dropping a dimension), and a note says so.
#pragma once

#include <string>
#include <vector>

#include "sim/machine_spec.hpp"
#include "sim/plan.hpp"

namespace mpnsim {

struct StarScheduleInput {
  const MachineSpec& machine;       // centre's send and receive ports, w, z, S, Tcp, Tcm
  int centre = 0;
  std::vector<int> workers;         // in send order; each linked to the centre
  int installments = 1;             // m >= 1
  bool results = false;             // collect delta * load from each worker
  double delta = 0;                 // result units per load unit
  std::vector<int> return_order;    // with results: a permutation of `workers`
  double load = 1.0;
  bool centre_computes = true;      // false: the program has no share (no variable) for the centre
};

struct StarSchedule {
  double T = 0;                           // T_events below: the finish of the loads played event by event
  double T_program = 0;                   // the program's optimum (T to a relative 1e-10 when not exact)
  double alpha_centre = 0;
  std::vector<std::vector<double>> chunk;  // chunk[k][j]: installment k to workers[j]
  // The same schedule's times, event by event from the loads (what the engine should play).
  std::vector<double> compute_end;         // per worker (index j), end of its last chunk
  std::vector<double> return_end;          // per worker, with results
  double T_events = 0;                     // the latest of them
  bool exact = false;                      // solved in exact rational arithmetic (floating point was in doubt)
};

// Throws std::invalid_argument when the machine does not fit the model (a centre without a
// co-processor, a worker without one under several installments, a worker not linked).
// The program is solved by GLPK (linear_program.hpp) in floating point; when a load comes out
// negative or the loads played event by event miss the program's T by more than a relative
// 1e-10, it is solved again in exact rational arithmetic, and `exact` says so.
// With `exact`, a program small enough (exact_affordable) is solved exactly whatever the doubt.
StarSchedule solve_star_schedule(const StarScheduleInput& in, bool exact = false);

// True when the program is small enough for GLPK's exact simplex (at most 100 messages,
// workers x installments: its time grows as about the cube of the size).
bool exact_affordable(const StarScheduleInput& in);

// A lower bound on T over every return order that starts with `in.return_order` (a prefix:
// distinct workers, not necessarily all): the program with the other workers' returns each
// after their last chunk and, together, after the fixed ones on the centre's receive ports.
// With every worker in the prefix it is the optimum of that order. For a branch and bound.
double star_schedule_bound(const StarScheduleInput& in);

// The plan of a schedule: every message, chunk and return, with the orders as "after" lists.
Plan star_schedule_plan(const StarScheduleInput& in, const StarSchedule& s);

}  // namespace mpnsim
