// The result columns of kind `task_tree` for rows: levels and summary.
#include "experiments/kinds/task_tree/task_tree_experiment.hpp"

namespace mpnsim {

const std::vector<RowsMode>& TaskTreeExperiment::rows_modes() const {
  static const std::vector<RowsMode> modes = [] {
    using enum ColumnType;
    const std::vector<ResultColumn> labels{
        {"network", text, std::nullopt, "the network with its parameters", ""},
        {"scheduler", text, std::nullopt, "the scheduler's name", ""},
        {"model", text, std::nullopt, "the thesis's organisational model: scheduler on family-size (comma-free)", ""},
        {"workload", text, std::nullopt, "the tree class with its parameters", ""},
    };
    const std::string over_trees = " over the point's trees";
    auto ci = [&](const std::string& of) {
      return ResultColumn{of + "_ci95", numeric, std::nullopt,
                          "half-width of the 95 % interval of " + of + over_trees, "points of two trees or more"};
    };
    std::vector<ResultColumn> levels = labels;
    for (ResultColumn c : std::vector<ResultColumn>{
             {"level", numeric, std::nullopt, "the level of the tree, 0 being the root's", ""},
             {"trees", numeric, std::nullopt, "trees of the point deep enough to have the level", ""},
             {"tasks", numeric, std::nullopt, "tasks of the level, mean" + over_trees, ""},
             {"ideal", numeric, std::nullopt, "ideal load max(1, tasks / N), mean" + over_trees, ""},
             {"lif", numeric, Better::lower,
              "load imbalance factor of the level, (max - ideal) / ideal * 100, mean" + over_trees, ""},
             ci("lif"),
             {"lif_min", numeric, std::nullopt, "smallest LIF of the level" + over_trees, ""},
             {"lif_max", numeric, std::nullopt, "largest LIF of the level" + over_trees, ""},
             {"max_load", numeric, Better::lower, "tasks on the most loaded processor, mean" + over_trees, ""},
             {"min_load", numeric, std::nullopt, "tasks on the least loaded processor, mean" + over_trees, ""},
             {"moved", numeric, Better::lower, "tasks moved off their parent's processor, mean" + over_trees, ""},
             {"violations", numeric, Better::lower,
              "tasks placed against the minimum-distance property, summed" + over_trees, ""},
             {"loads", text, std::nullopt, "tasks per processor, space-separated", "one tree per point"}})
      levels.push_back(std::move(c));
    std::vector<ResultColumn> summary = labels;
    for (ResultColumn c : std::vector<ResultColumn>{
             {"processors", numeric, std::nullopt, "processors of the network", ""},
             {"trees", numeric, std::nullopt, "trees evaluated for the point", ""},
             {"tasks", numeric, std::nullopt, "tasks of a tree, mean" + over_trees, ""},
             {"levels", numeric, std::nullopt, "levels of a tree, mean" + over_trees, ""},
             {"peak_lif", numeric, Better::lower, "largest LIF of a tree's levels, mean" + over_trees, ""},
             ci("peak_lif"),
             {"mean_lif", numeric, Better::lower, "mean LIF of a tree's levels below the root, mean" + over_trees, ""},
             ci("mean_lif"),
             {"moved", numeric, Better::lower, "tasks moved in a tree, mean" + over_trees, ""},
             {"violations", numeric, Better::lower,
              "tasks placed against the minimum-distance property, summed" + over_trees, ""},
             {"lif_convention", text, std::nullopt, "how ideal and LIF are computed", ""},
             {"makespan", numeric, Better::lower, "time to play a tree out on the engine, mean" + over_trees,
              "with execution:"},
             {"makespan_ci95", numeric, std::nullopt, "half-width of the 95 % interval of makespan" + over_trees,
              "with execution: and two trees or more"},
             {"speedup", numeric, Better::higher, "one processor's time over the makespan, mean" + over_trees,
              "with execution:"},
             {"speedup_ci95", numeric, std::nullopt, "half-width of the 95 % interval of speedup" + over_trees,
              "with execution: and two trees or more"},
             {"utilization", numeric, Better::higher, "speedup over the processors, mean" + over_trees,
              "with execution:"},
             {"messages", numeric, Better::lower, "messages of a tree's execution, mean" + over_trees,
              "with execution:"},
             {"hops", numeric, Better::lower, "link traversals of those messages, mean" + over_trees,
              "with execution:"}})
      summary.push_back(std::move(c));
    return std::vector<RowsMode>{{"levels", "one row per level of the trees, averaged over the point's trees", levels},
                                 {"summary", "one row per run: the point's trees summed up", summary}};
  }();
  return modes;
}

std::vector<std::string> TaskTreeExperiment::point_outputs() const { return {"timeline", "gantt", "trace"}; }

}  // namespace mpnsim
