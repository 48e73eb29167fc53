// The result columns of kind `dag` for rows: summary, processors and tasks.
#include "experiments/kinds/dag/dag_experiment.hpp"

namespace mpnsim {

const std::vector<RowsMode>& DagExperiment::rows_modes() const {
  static const std::vector<RowsMode> modes = [] {
    using enum ColumnType;
    const ResultColumn scheduler{"scheduler", text, std::nullopt, "the scheduler's name", ""};
    const ResultColumn network{"network", text, std::nullopt, "the machine's network with its parameters", ""};
    return std::vector<RowsMode>{
        {"summary",
         "one row per run: one graph scheduled, checked and replayed",
         {scheduler,
          network,
          {"network_label", text, std::nullopt, "the network without commas, for plot legends", ""},
          {"processors", numeric, std::nullopt, "processors of the network", ""},
          {"tasks", numeric, std::nullopt, "tasks of the graph", ""},
          {"edges", numeric, std::nullopt, "edges of the graph", ""},
          {"degree_ratio", numeric, std::nullopt, "max_in / max_out of the generator", "generated graphs"},
          {"graph_seed", numeric, std::nullopt, "the seed the graph was generated from", "generated graphs"},
          {"ec_ratio", numeric, std::nullopt,
           "mean execution time over mean one-hop message time: 1 / CCR, the inverse of the communication-to-"
           "computation ratio most DAG papers use (ec_ratio 0.1 is CCR 10)",
           "graphs with communication"},
          {"work", numeric, std::nullopt, "total work of the tasks", ""},
          {"critical_path", numeric, std::nullopt, "longest path of execution times (no communication)", ""},
          {"lower_bound", numeric, std::nullopt,
           "no schedule of the graph on the machine is shorter: the largest of the critical path of least "
           "execution times, the same with the communication no schedule avoids, work over processors and load "
           "density (docs/dag.md), or an exact search's proven bound when higher", ""},
          {"makespan", numeric, Better::lower, "schedule length as the scheduler estimated it", ""},
          {"replayed_makespan", numeric, Better::lower,
           "schedule length replayed on the engine with link contention", ""},
          {"plan_error", numeric, std::nullopt,
           "(replayed_makespan - makespan) / replayed_makespan: how far the plan was from its replay "
           "(0 up to rounding with comm: contention)", ""},
          {"gap_to_bound", numeric, Better::lower, "makespan / lower_bound - 1: at most this far above the optimum",
           "a positive lower bound"},
          {"slr", numeric, Better::lower,
           "schedule length ratio: makespan over the critical path of least execution times (Topcuoglu et al. 2002)",
           "a positive critical path"},
          {"speedup", numeric, Better::higher, "t1 (all work on the fastest processor) over makespan", ""},
          {"replayed_speedup", numeric, Better::higher, "t1 over replayed_makespan", ""},
          {"efficiency", numeric, Better::higher, "speedup over the processors of the network", ""},
          {"lif", numeric, Better::lower, "load imbalance factor of the processors' busy times, %", ""},
          {"valid", text, std::nullopt, "true when the schedule passes the scheduler's validity rules", ""},
          {"violations", numeric, Better::lower, "validity rules the schedule breaks", ""},
          {"messages", numeric, Better::lower, "messages of the schedule", ""},
          {"link_conflicts", numeric, Better::lower,
           "estimated times two messages of the schedule want one link at once", ""},
          {"optimal", text, std::nullopt, "true when an exact search proved the schedule optimal (false for heuristics)",
           ""},
          {"states", numeric, std::nullopt, "states an exact search expanded (0 for heuristics)", ""},
          {"time_limited", text, std::nullopt,
           "true when an exact search stopped at its wall-clock time limit: the run is then not deterministic", ""},
          {"scheduler_cpu_seconds", numeric, Better::lower,
           "CPU time of the scheduler alone (not deterministic)", "timing: true"}}},
        {"processors",
         "one row per processor of the network",
         {scheduler,
          network,
          {"processor", numeric, std::nullopt, "the processor", ""},
          {"busy", numeric, std::nullopt, "time the processor computes", ""},
          {"tasks_run", numeric, std::nullopt, "tasks placed on the processor", ""}}},
        {"tasks",
         "one row per task of the graph",
         {scheduler,
          network,
          {"task", text, std::nullopt, "the task's name", ""},
          {"processor", numeric, std::nullopt, "the processor it is placed on", ""},
          {"start", numeric, std::nullopt, "start time in the schedule", ""},
          {"finish", numeric, std::nullopt, "finish time in the schedule", ""},
          {"replayed_finish", numeric, std::nullopt, "finish time in the engine's replay", ""}}},
    };
  }();
  return modes;
}

std::vector<std::string> DagExperiment::point_outputs() const { return {"timeline", "gantt", "trace"}; }

}  // namespace mpnsim
