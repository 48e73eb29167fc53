// The result columns of kind `plan`: one row per run of the plan.
#include "experiments/kinds/plan/plan_experiment.hpp"

namespace mpnsim {

const std::vector<RowsMode>& PlanExperiment::rows_modes() const {
  using enum ColumnType;
  static const std::vector<RowsMode> modes{
      {"summary", "one row per run of the plan",
       {{"network", text, std::nullopt, "the machine's network with its parameters", ""},
        {"processors", numeric, std::nullopt, "processors of the machine", ""},
        {"makespan", numeric, Better::lower, "time at which the last action ends", ""},
        {"utilization", numeric, Better::higher, "mean over processors of computing time over the makespan", ""},
        {"messages", numeric, Better::lower, "messages sent", ""},
        {"hops", numeric, Better::lower, "link traversals of those messages", ""},
        {"transferred", numeric, std::nullopt, "load units carried over links, counted once per hop", ""},
        {"events", numeric, std::nullopt, "events the engine ran", ""}}},
  };
  return modes;
}

std::vector<std::string> PlanExperiment::point_outputs() const { return {"timeline"}; }

}  // namespace mpnsim
