// The online set-up reader, and the stream of one run drawn from it.
#include "experiments/kinds/online/online_setup.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "experiments/config/seeding.hpp"
#include "experiments/config/work_limits.hpp"
#include "experiments/kinds/dag/dag_ec_ratio.hpp"
#include "experiments/kinds/dag/dag_work_estimate.hpp"
#include "schedulers/dag/comm_model.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

// The largest stream a run accepts: far above the 1000 workflows.
constexpr long long kMaxWorkflows = 1'000'000;

ArrivalSpec read_arrivals(const YamlSource& src, const YAML::Node& node, const std::string& base_dir) {
  src.require_map(node, "arrivals");
  if (!node["kind"]) src.fail(node, "arrivals.kind", "required: poisson (with rate), fixed (with interval) or trace (with file)");
  ArrivalSpec a;
  a.kind = src.scalar(node["kind"], "arrivals.kind");
  if (a.kind == "poisson") {
    const std::vector<std::string> keys{"kind", "rate"};
    src.check_keys(node, "arrivals", keys);
    if (!node["rate"]) src.fail(node, "arrivals.rate", "required: workflows per time unit, > 0");
    a.rate = src.number(node["rate"], "arrivals.rate", 0, 1e300);
    if (!(a.rate > 0)) src.fail(node["rate"], "arrivals.rate", "must be > 0 (workflows per time unit)");
  } else if (a.kind == "fixed") {
    const std::vector<std::string> keys{"kind", "interval"};
    src.check_keys(node, "arrivals", keys);
    if (!node["interval"]) src.fail(node, "arrivals.interval", "required: time between two arrivals, >= 0");
    a.interval = src.number(node["interval"], "arrivals.interval", 0, 1e300);
  } else if (a.kind == "trace") {
    const std::vector<std::string> keys{"kind", "file"};
    src.check_keys(node, "arrivals", keys);
    if (!node["file"]) src.fail(node, "arrivals.file", "required: a CSV of 'time,file' lines");
    std::filesystem::path file = src.scalar(node["file"], "arrivals.file");
    if (file.is_relative() && !base_dir.empty()) file = std::filesystem::path(base_dir) / file;
    try {
      a.trace = read_arrival_trace(file.string());
      for (const TraceArrival& t : a.trace) {
        std::filesystem::path g = t.file;
        if (g.is_relative()) g = file.parent_path() / g;
        try {
          a.trace_graphs.push_back(read_graph_file(g.string()));
        } catch (const WorkloadInputError& e) {
          throw WorkloadInputError(file.string(), t.line, e.what());
        }
      }
    } catch (const WorkloadInputError& e) {
      src.fail(node["file"], "arrivals.file", e.what());
    } catch (const ParamError& e) {
      src.fail(node["file"], "arrivals.file", e.what());
    }
  } else {
    src.fail(node["kind"], "arrivals.kind", fmt::format("unknown arrival process '{}': expected poisson, fixed or trace", a.kind));
  }
  return a;
}

const OnlinePolicyEntry& read_policy(const YamlSource& src, const YAML::Node& node, ParamSet& params) {
  std::vector<std::string> names;
  for (const auto& e : online_policies()) names.push_back(e.name);
  const bool map = node.IsMap();
  const YAML::Node name_node = map ? node["name"] : node;
  const std::string key = map ? "scheduler.name" : "scheduler";
  if (map && !name_node) src.fail(node, key, fmt::format("required: the online policy, one of {}", fmt::join(names, ", ")));
  const std::string name = src.scalar(name_node, key);
  const OnlinePolicyEntry* entry = find_online_policy(name);
  if (!entry) {
    const std::string near = nearest_name(name, names);
    src.fail(name_node, key,
             fmt::format("unknown online policy '{}'{}; expected one of: {}", name,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near), fmt::join(names, ", ")));
  }
  const std::vector<std::string> skip{"name"};
  params = map ? src.params(node, "scheduler", entry->params, skip) : resolve_params(entry->params, {});
  return *entry;
}

}  // namespace

const std::vector<std::string>& online_keys() {
  static const std::vector<std::string> keys{"machine", "workload", "arrivals", "workflows", "scheduler",
                                             "ec_ratio", "ccr", "rows"};
  return keys;
}

OnlineSetup read_online_setup(const YamlSource& src, const YAML::Node& config, const std::string& base_dir) {
  return read_online_setup(src, config, base_dir, std::nullopt);
}

OnlineSetup read_online_setup(const YamlSource& src, const YAML::Node& config, const std::string& base_dir,
                              std::optional<DagWorkload> workload) {
  if (!config["machine"]) src.fail(config, "machine", "required: the network and its parameters");
  if (!config["arrivals"])
    src.fail(config, "arrivals", "required: {kind: poisson, rate: R}, {kind: fixed, interval: I} or {kind: trace, file: F}");
  if (!config["scheduler"]) src.fail(config, "scheduler", "required: {name: POLICY, comm: free | contention}");
  DagMachine m = read_dag_machine(src, config["machine"], "machine");
  OnlineSetup s{DagSetup{std::move(m.config), std::move(m.comm)}, {}, {}, 0, nullptr, {}};
  s.arrivals = read_arrivals(src, config["arrivals"], base_dir);
  const bool trace = s.arrivals.kind == "trace";
  if (!trace && !config["workload"] && !workload)
    src.fail(config, "workload", "required: each workflow's graph, as kind: dag reads it ({kind: random-dag, tasks: N}, ...)");
  if (trace && config["workload"])
    src.fail(config["workload"], "workload", "a trace names each workflow's graph: give no workload with it");
  if (trace && workload)
    src.fail(config["arrivals"], "arrivals", "a trace names each workflow's graph: give no graph with it");
  if (!trace && workload) {
    s.dag.workload = std::move(*workload);
    if (s.dag.workload.graph) check_costs_fit(*s.dag.workload.graph, s.dag.machine.spec);
  } else if (!trace && is_graph_file_set(config["workload"])) {
    s.graph_files = read_graph_file_set(src, config["workload"], "workload", base_dir, s.dag.machine.spec);
  } else if (!trace) {
    s.dag.workload = read_dag_workload(src, config["workload"], "workload", base_dir);
    check_dag_workload_fits(src, config["workload"], "workload", s.dag.workload, s.dag.machine.spec);
  }
  if (config["workflows"]) {
    s.workflows = static_cast<int>(src.integer(config["workflows"], "workflows", 1, kMaxWorkflows));
    if (trace && s.workflows > static_cast<int>(s.arrivals.trace.size()))
      src.fail(config["workflows"], "workflows",
               fmt::format("the trace has {} workflows: at most that many", s.arrivals.trace.size()));
  } else if (trace) {
    s.workflows = static_cast<int>(s.arrivals.trace.size());
  } else {
    src.fail(config, "workflows", "required: how many workflows the stream has (>= 1)");
  }
  s.policy = &read_policy(src, config["scheduler"], s.policy_params);
  s.dag.scheduler_params = s.policy_params;
  // The stream is one graph of every workflow: refused past what one DAG may hold, and past the
  // work the DAG schedulers may be estimated to take on it (a policy places each task once on
  // the best of the processors, as HEFT does, and under contention books its messages as HEFT's
  // builder does), before anything is generated.
  double tasks = 0, edges = 0;
  if (trace) {
    for (int k = 0; k < s.workflows; ++k) {
      tasks += s.arrivals.trace_graphs[static_cast<std::size_t>(k)]->size();
      edges += s.arrivals.trace_graphs[static_cast<std::size_t>(k)]->edge_count();
    }
  } else if (!s.graph_files.empty()) {
    // Counted as if every workflow drew the largest graph of the set: the draw depends on the
    // run's seed, and no draw may take the stream past the limits.
    double most_tasks = 0, most_edges = 0;
    for (const auto& g : s.graph_files.graphs) {
      most_tasks = std::max(most_tasks, static_cast<double>(g->size()));
      most_edges = std::max(most_edges, static_cast<double>(g->edge_count()));
    }
    tasks = s.workflows * most_tasks;
    edges = s.workflows * most_edges;
  } else {
    tasks = s.workflows * dag_task_count(s.dag.workload);
    edges = s.workflows * dag_edge_count(s.dag.workload);
  }
  const YAML::Node count_node = config["workflows"] ? config["workflows"] : config["arrivals"];
  const char* count_key = config["workflows"] ? "workflows" : "arrivals";
  if (tasks > static_cast<double>(kMaxDagTasks) || edges > static_cast<double>(kMaxDagEdges))
    src.fail(count_node, count_key,
             fmt::format("the stream holds about {:.3g} tasks and {:.3g} edges in all: at most {} tasks and {} edges "
                         "(one graph's limits); fewer or smaller workflows",
                         tasks, edges, kMaxDagTasks, kMaxDagEdges));
  const double processors = s.dag.machine.topology.size();
  double steps = dag_schedule_steps("heft", tasks, edges, processors);
  if (comm_options(s.policy_params).model == CommModel::contention) {
    bool port_limited = false;
    for (const ProcessorSpec& x : s.dag.machine.spec.processors)
      if (x.send_ports != kAllPorts || x.recv_ports != kAllPorts) port_limited = true;
    steps = std::max(steps, dag_contention_steps("heft", tasks, processors, port_limited,
                                                 comm_options(s.policy_params).route == RouteChoice::earliest));
  }
  if (steps > kMaxEstimatedSteps)
    src.fail(count_node, count_key,
             fmt::format("the stream's {:.3g} tasks on {:.0f} processors would take about {:.2g} steps, about {:.0f} s; "
                         "at most {:.0e} are allowed: fewer or smaller workflows, or fewer processors",
                         tasks, processors, steps, steps * 1e-8, kMaxEstimatedSteps));
  if (config["ec_ratio"] && config["ccr"]) src.fail(config["ccr"], "ccr", "give ec_ratio or ccr, not both");
  if (config["ec_ratio"]) s.dag.ec_ratio = src.number(config["ec_ratio"], "ec_ratio", kMinEcRatio, kMaxEcRatio);
  if (config["ccr"]) s.dag.ec_ratio = 1.0 / src.number(config["ccr"], "ccr", 1 / kMaxEcRatio, 1 / kMinEcRatio);
  if (s.dag.ec_ratio && !trace) {
    const char* ratio_key = config["ccr"] ? "ccr" : "ec_ratio";
    if (s.graph_files.empty()) {
      if (const auto problem = ec_ratio_problem(s.dag)) src.fail(config[ratio_key], ratio_key, *problem);
    } else {
      // Every file of the set may be drawn: each must reach the ratio.
      for (std::size_t i = 0; i < s.graph_files.graphs.size(); ++i) {
        s.dag.workload.graph = s.graph_files.graphs[i];
        const auto problem = ec_ratio_problem(s.dag);
        s.dag.workload.graph.reset();
        if (problem) src.fail(config[ratio_key], ratio_key, fmt::format("{}: {}", s.graph_files.files[i], *problem));
      }
    }
  }
  return s;
}

std::vector<double> stream_arrivals(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition) {
  const int n = setup.workflows;
  const std::uint64_t base = point_seed(experiment_seed, "online-stream", repetition);
  std::vector<double> arrival;
  if (setup.arrivals.kind == "poisson")
    arrival = poisson_arrivals(n, setup.arrivals.rate, point_seed(base, "arrivals", 0));
  else if (setup.arrivals.kind == "fixed")
    arrival = fixed_arrivals(n, setup.arrivals.interval);
  else
    for (int k = 0; k < n; ++k) arrival.push_back(setup.arrivals.trace[static_cast<std::size_t>(k)].time);
  return arrival;
}

WorkflowStream make_stream_range(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition, int first,
                                 int last, std::span<const double> arrivals) {
  const int procs = setup.dag.machine.topology.size();
  std::vector<TaskGraph> graphs;
  std::vector<std::string> names;
  graphs.reserve(static_cast<std::size_t>(last - first));
  // One base seed per repetition; workflow k is the workload's "repetition" k under it.
  const std::uint64_t base = point_seed(experiment_seed, "online-stream", repetition);
  for (int k = first; k < last; ++k) {
    if (setup.arrivals.kind == "trace") {
      graphs.push_back(*setup.arrivals.trace_graphs[static_cast<std::size_t>(k)]);
      names.push_back(setup.arrivals.trace[static_cast<std::size_t>(k)].file);
    } else if (!setup.graph_files.empty()) {
      const std::size_t i = setup.graph_files.draw(base, k);
      graphs.push_back(*setup.graph_files.graphs[i]);
      names.push_back(setup.graph_files.files[i]);
    } else {
      graphs.push_back(setup.dag.workload.make(base, k, procs));
      names.push_back(setup.dag.workload.graph ? setup.dag.workload.graph->name() : setup.dag.workload.entry->name);
    }
    if (setup.dag.ec_ratio) apply_ec_ratio(graphs.back(), setup.dag, *setup.dag.ec_ratio);
  }
  return merge_workflows(graphs, std::vector<double>(arrivals.begin() + first, arrivals.begin() + last), std::move(names));
}

WorkflowStream make_stream(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition) {
  return make_stream_range(setup, experiment_seed, repetition, 0, setup.workflows,
                           stream_arrivals(setup, experiment_seed, repetition));
}

}  // namespace mpnsim
