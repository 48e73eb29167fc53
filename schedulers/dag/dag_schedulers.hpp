// The DAG schedulers (one .cpp each) and what register_dag_schedulers.cpp needs of them.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

struct DagSchedulerEntry {
  std::string name;         // e.g. "lps"
  std::string description;  // one line, citing the source
  // Its own parameters; the registry adds `comm` and `route` (comm_model.hpp) to every
  // scheduler, and run_dag passes them on in DagProblem::options.
  std::vector<ParamSpec> params;
  std::function<Schedule(const DagProblem&, const ParamSet&)> schedule;
  // Rules the scheduler promises beyond the common ones (LPS: the minimum-distance
  // property); empty when there are none.
  std::function<ValidityRules(const ParamSet&)> rules;
};

// Every DAG scheduler, in the order `mpnsim list` prints them (register_dag_schedulers.cpp).
const std::vector<DagSchedulerEntry>& dag_schedulers();
const DagSchedulerEntry* find_dag_scheduler(const std::string& name);
// Adds a scheduler that is not built in (a program embedding mpnsim, the test of
// docs/extending.md). Call it before any run starts; a name already taken is refused
// (std::invalid_argument). Built-in schedulers are listed in register_dag_schedulers.cpp.
void register_dag_scheduler(DagSchedulerEntry entry);

// Latest Precedence Scheduling, thesis §6.2-6.3. `radius`: the minimum-distance set holds
// the processors within this many hops of a predecessor's processor (the thesis: 1).
Schedule schedule_lps(const DagProblem& problem, int radius = 1);
// Highest Level First: list scheduling by static level (thesis §6.2.1, eq 6.1).
Schedule schedule_hlf(const DagProblem& problem);
// Dynamic Level Scheduling after Sih & Lee as thesis §6.2.2 describes it: (1) the ready
// task of highest static level on the processor maximising its dynamic level (6.2);
// (2) the ready task-processor pair of highest dynamic level.
Schedule schedule_dls(const DagProblem& problem);
Schedule schedule_dls_pairs(const DagProblem& problem);
// Heterogeneous Earliest Finish Time (Topcuoglu, Hariri & Wu 2002).
Schedule schedule_heft(const DagProblem& problem);
// Critical-Path-on-a-Processor (Topcuoglu, Hariri & Wu 2002).
Schedule schedule_cpop(const DagProblem& problem);
// Predict Earliest Finish Time (Arabnejad & Barbosa 2014), and its optimistic cost table
// OCT(t, p), row by row (task t's row holds processors 0..P-1).
Schedule schedule_peft(const DagProblem& problem);
std::vector<double> optimistic_cost_table(const DagProblem& problem);
// Earliest Task First (Hwang, Chow, Anger & Lee 1989).
Schedule schedule_etf(const DagProblem& problem);
// Min-Min and Max-Min (Braun et al. 2001) over the ready tasks.
Schedule schedule_min_min(const DagProblem& problem);
Schedule schedule_max_min(const DagProblem& problem);
// Bubble Scheduling and Allocation (Kwok & Ahmad 1995), on the network's links (bsa.cpp).
Schedule schedule_bsa(const DagProblem& problem);

DagSchedulerEntry lps_scheduler();
DagSchedulerEntry hlf_scheduler();
DagSchedulerEntry dls_scheduler();
DagSchedulerEntry dls_pairs_scheduler();
DagSchedulerEntry heft_scheduler();
DagSchedulerEntry cpop_scheduler();
DagSchedulerEntry peft_scheduler();
DagSchedulerEntry etf_scheduler();
DagSchedulerEntry min_min_scheduler();
DagSchedulerEntry max_min_scheduler();
DagSchedulerEntry bsa_scheduler();
// The exact scheduler (optimal/optimal_scheduler.cpp).
DagSchedulerEntry optimal_scheduler();

}  // namespace mpnsim
