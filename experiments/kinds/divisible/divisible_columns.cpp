// The result columns of kind `divisible` for rows: summary, layers and processors.
#include "experiments/kinds/divisible/divisible_experiment.hpp"

namespace mpnsim {

namespace {

constexpr const char* kHypercube = "hypercube-allport, hypercube-nlf and hypercube-llf";

}  // namespace

const std::vector<RowsMode>& DivisibleExperiment::rows_modes() const {
  static const std::vector<RowsMode> modes = [] {
  using enum ColumnType;
  const ResultColumn strategy{"strategy", text, std::nullopt, "the strategy's name", ""};
  const ResultColumn network{"network", text, std::nullopt, "the machine's network with its parameters", ""};
  const ResultColumn T{"T_analytic", numeric, Better::lower, "finish time T of the analytic solution", ""};
  const ResultColumn speedup{"speedup", numeric, Better::higher,
                             "time of the originator alone over T (V w Tcp / T)", ""};
  return std::vector<RowsMode>{
      {"summary",
       "one row per run",
       {strategy,
        network,
        {"processors", numeric, std::nullopt,
         "processors of the machine the plan is played on (mesh-layered: its chain of layers)", ""},
        {"participating", numeric, std::nullopt,
         "processors given a share of the load; fewer than `processors` when the strategy leaves some out", ""},
        T,
        {"T_simulated", numeric, Better::lower, "finish time of the engine's simulated timeline", ""},
        {"max_rel_diff", numeric, Better::lower,
         "largest |simulated finish - T| / T over the participating processors", ""},
        speedup,
        {"utilization", numeric, Better::higher, "speedup over the participating processors", ""},
        {"alpha_source", numeric, Better::lower,
         "the share of processor 0 of the plan's machine (the originator when the source is 0), a fraction of V",
         ""},
        {"best_dim", numeric, std::nullopt, "dimension of the sub-cube used: the one with the best speedup",
         kHypercube},
        {"max_feasible_dim", numeric, std::nullopt, "largest dimension at which every share is positive",
         kHypercube},
        {"requested_dim", numeric, std::nullopt, "dimension of the network's hypercube", kHypercube},
        {"speedup_requested_dim", numeric, Better::higher,
         "the closed form's speedup at the requested dimension, also past the feasible range", kHypercube},
        {"min_alpha_requested_dim", numeric, std::nullopt,
         "smallest share at the requested dimension, a fraction of V (negative past the feasible range)",
         kHypercube},
        {"speedup_over_nlf", numeric, Better::higher, "speedup over hypercube-nlf's on the same machine",
         "hypercube-llf"},
        {"alpha_hat_inf", numeric, std::nullopt, "seed 004 eq (6): the limit of alpha_hat as layers grow",
         "mesh-layered"},
        {"alpha_hat_<i>", numeric, std::nullopt,
         "seed 004 eq (1): the part of what layer i receives that it keeps", "mesh-layered"},
        {"mesh_processors", numeric, std::nullopt, "processors of the layered model's mesh: 1 + 2N(N+1)",
         "mesh-layered"},
        {"mesh_utilization", numeric, Better::higher, "seed 004's U: speedup over the model's processors",
         "mesh-layered"},
        {"load_on_input", numeric, std::nullopt,
         "load the input mesh's processors hold (less than V when the mesh is smaller than the model)",
         "mesh-layered"},
        {"origin", numeric, std::nullopt, "the originator chosen on the mesh", "mesh"},
        {"layers", numeric, std::nullopt, "layers of the breadth-first send tree that took part", "mesh"},
        {"bound_T", numeric, Better::lower, "T of the layered bound (mesh-layered) with as many layers",
         "mesh, when the bound applies to the machine"},
        {"bound_gap", numeric, Better::lower, "(T - bound_T) / bound_T", "mesh, when the bound applies to the machine"},
        {"L1", numeric, std::nullopt, "load root P1 holds at time 0 (seed 003)", "two-root"},
        {"L2", numeric, std::nullopt, "load root P2 holds at time 0 (seed 003)", "two-root"},
        {"children", numeric, std::nullopt, "children that take part", "two-root"},
        {"child_share", numeric, std::nullopt, "mean load of a child", "two-root"},
        {"messages", numeric, Better::lower, "messages of the plan", ""},
        {"hops", numeric, Better::lower, "link traversals of those messages", ""}}},
      {"layers",
       "one row per layer of a layered solution (a strategy without layers writes its summary row)",
       {strategy,
        network,
        T,
        speedup,
        {"layer", numeric, std::nullopt, "the layer, 0 being the originator's", ""},
        {"alpha_layer", numeric, std::nullopt, "share of one processor of the layer, a fraction of V", ""},
        {"amount_layer", numeric, std::nullopt, "load of one processor of the layer in load units: alpha_layer V",
         ""},
        {"layer_size", numeric, std::nullopt, "processors in the layer", "hypercube strategies and mesh-layered"},
        {"alpha_layer_total", numeric, std::nullopt, "share of the whole layer: layer_size * alpha_layer",
         "hypercube strategies and mesh-layered"},
        {"alpha_hat", numeric, std::nullopt, "seed 004 eq (1): the part of what the layer receives that it keeps",
         "mesh-layered"}}},
      {"processors",
       "one row per processor of the plan's machine",
       {strategy,
        network,
        T,
        speedup,
        {"processor", numeric, std::nullopt, "the processor", ""},
        {"participating", text, std::nullopt, "true when the processor gets a share", ""},
        {"alpha", numeric, std::nullopt, "the processor's share of the load, a fraction of V", ""},
        {"amount", numeric, std::nullopt, "the processor's load in load units: alpha V", ""},
        {"finish", numeric, std::nullopt, "when the processor stops computing in the simulated timeline", ""}}},
  };
  }();
  return modes;
}

std::vector<std::string> DivisibleExperiment::point_outputs() const { return {"timeline", "gantt", "trace"}; }

}  // namespace mpnsim
