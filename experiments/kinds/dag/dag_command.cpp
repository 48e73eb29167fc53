// The dag subcommand: flags become the same YAML nodes `kind: dag` reads, then one run is reported.
#include "experiments/kinds/dag/dag_command.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/command_flags.hpp"
#include "experiments/config/exit_codes.hpp"
#include "experiments/kinds/dag/dag_report.hpp"
#include "experiments/kinds/dag/dag_work_estimate.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/output_paths.hpp"
#include "experiments/output/timeline_files.hpp"
#include "sim/interruption.hpp"
#include "topologies/registry.hpp"
#include "workloads/dag/cost_table_format.hpp"
#include "workloads/dag/dot_format.hpp"

namespace mpnsim {

namespace {

std::string workload_kind(const DagCommandOptions& o) {
  if (!o.workload.empty()) return o.workload;
  if (o.generate) return "random-dag";
  if (!o.graph_format.empty()) return o.graph_format;
  return dag_file_format(o.graph);
}

}  // namespace

int dag_command(const DagCommandOptions& o, std::ostream& out) {
  const YamlSource src("command line");
  return report_input_errors("dag", [&]() -> int {
    const bool generate = o.generate || !o.workload.empty();
    if (generate == !o.graph.empty())
      throw ParamError("graph", "give either --graph FILE (DOT, STG or WfCommons JSON) or --generate [--workload "
                                "FAMILY] with the generator's flags");
    if (!o.workload.empty()) {
      const DagWorkloadEntry* family = find_dag_workload(o.workload);
      std::vector<std::string> names;
      for (const auto& e : dag_workloads())
        if (e.family) names.push_back(e.name);
      if (!family || !family->family) {
        const std::string near = nearest_name(o.workload, names);
        throw ParamError("workload", fmt::format("{} '{}'{}; expected a generated family: {}",
                                                 family ? "a graph file's format, not a generated family:" : "unknown",
                                                 o.workload,
                                                 near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                                                 fmt::join(names, ", ")));
      }
    }
    check_output_paths({{"gantt", o.gantt}, {"trace", o.trace}, {"timeline", o.timeline}, {"schedule", o.schedule_csv},
                        {"messages", o.messages_csv}, {"write-dot", o.write_dot}, {"write-costs", o.write_costs}});
    if (o.ec_ratio && o.ccr)
      throw ParamError("ccr", "give --ec-ratio or --ccr, not both: ccr (communication over computation) is 1 / ec_ratio");
    if (generate && !o.costs.empty())
      throw ParamError("costs", "a cost table names the tasks of a graph file: give it with --graph FILE, not --generate");
    YAML::Node machine = load_machine_file(o.machine_file);
    const YamlSource machine_src(o.machine_file.empty() ? "command line" : o.machine_file);
    const TopologyEntry* family = nullptr;
    if (!o.topology.empty()) {
      family = find_topology(o.topology);
      if (!family) make_topology(o.topology, {});  // throws with the valid names
      YAML::Node t(YAML::NodeType::Map);
      t["kind"] = o.topology;
      machine["topology"] = t;
    } else if (machine["topology"].IsMap() && machine["topology"]["kind"]) {
      family = find_topology(machine["topology"]["kind"].Scalar());
    }
    if (!machine["topology"])
      throw ParamError("topology", "required: --topology KIND (or a machine file with topology:)");
    const std::string kind = workload_kind(o);
    const DagWorkloadEntry* workload = find_dag_workload(kind);
    if (!workload) throw ParamError("graph-format", fmt::format("expected dot, stg or wfcommons, got '{}'", kind));
    const DagSchedulerEntry* scheduler = find_dag_scheduler(o.scheduler);
    if (!scheduler) {
      ParamSet unused;
      read_dag_scheduler(src, YAML::Node(o.scheduler), "--scheduler", unused);  // throws, suggesting a name
    }

    YAML::Node workload_node(YAML::NodeType::Map);
    workload_node["kind"] = kind;
    if (!generate) workload_node["file"] = o.graph;
    if (!o.costs.empty()) workload_node["costs"] = o.costs;
    YAML::Node scheduler_node(YAML::NodeType::Map);
    scheduler_node["name"] = o.scheduler;
    // Each flag goes to whichever of topology, workload and scheduler declares it; a prefix
    // settles a name more than one declares. my-flag is accepted for my_flag.
    std::vector<std::string> seen;
    for (auto [name, value] : parse_flag_pairs(o.extras)) {
      std::string target;
      for (const char* prefix : {"topology.", "workload.", "scheduler."}) {
        const std::string p(prefix);
        if (name.rfind(p, 0) == 0) {
          target = p.substr(0, p.size() - 1);
          name = name.substr(p.size());
        }
      }
      auto takers = [&](const std::string& n) {
        std::vector<std::string> t;
        if (family && declares_param(family->params, n)) t.push_back("topology");
        if (declares_param(workload->params, n)) t.push_back("workload");
        if (scheduler && declares_param(scheduler->params, n)) t.push_back("scheduler");
        return t;
      };
      std::vector<std::string> t = takers(name);
      if (t.empty() && name.find('-') != std::string::npos) {
        std::string underscored = name;
        std::replace(underscored.begin(), underscored.end(), '-', '_');
        if (!takers(underscored).empty()) {
          name = underscored;
          t = takers(name);
        }
      }
      if (target.empty()) {
        if (t.size() > 1)
          throw ParamError(name, fmt::format("both the {0} and the {1} take --{2}: write --{0}.{2} or --{1}.{2}", t[0],
                                             t[1], name));
        if (t.empty()) {
          std::vector<std::string> candidates = o.own_flags;
          for (const auto* specs : {family ? &family->params : nullptr, &workload->params,
                                    scheduler ? &scheduler->params : nullptr})
            if (specs)
              for (const auto& p : *specs) candidates.push_back(p.name);
          fail_unknown_flag(name, candidates,
                            fmt::format("the topology takes {}, the workload {}, the scheduler {}",
                                        family ? flag_list(family->params) : std::string("(see mpnsim list)"),
                                        flag_list(workload->params),
                                        scheduler ? flag_list(scheduler->params) : std::string("(none)")));
        }
        target = t[0];
      }
      note_flag_once(seen, target, name);
      if (target == "topology") machine["topology"][name] = value;
      else if (target == "workload") workload_node[name] = value;
      else scheduler_node[name] = value;
    }
    apply_machine_flags(machine, {o.w, o.z, o.S, o.Tcp, o.Tcm, o.coprocessor, o.send_ports, o.recv_ports});

    DagMachine m = read_dag_machine(machine_src, machine, "machine");
    DagSetup setup{std::move(m.config), std::move(m.comm)};
    setup.workload = read_dag_workload(src, workload_node, "workload", "");
    check_dag_workload_fits(src, workload_node, "workload", setup.workload, setup.machine.spec);
    setup.scheduler = &read_dag_scheduler(src, scheduler_node, "scheduler", setup.scheduler_params);
    if (o.ec_ratio) {
      if (!(*o.ec_ratio >= kMinEcRatio && *o.ec_ratio <= kMaxEcRatio))
        throw ParamError("ec-ratio", fmt::format("expected a number in [{:g}, {:g}], got {:g}", kMinEcRatio,
                                                 kMaxEcRatio, *o.ec_ratio));
      setup.ec_ratio = *o.ec_ratio;
    }
    if (o.ccr) {
      if (!(*o.ccr >= 1 / kMaxEcRatio && *o.ccr <= 1 / kMinEcRatio))
        throw ParamError("ccr", fmt::format("expected a number in [{:g}, {:g}] (communication over computation), got {:g}",
                                            1 / kMaxEcRatio, 1 / kMinEcRatio, *o.ccr));
      setup.ec_ratio = 1.0 / *o.ccr;
    }
    setup.timing = o.timing;
    if (const std::string problem = dag_work_problem(setup); !problem.empty()) throw ParamError("scheduler", problem);

    TaskGraph graph = setup.workload.make(o.seed.value_or(1), 0, setup.machine.topology.size());
    if (!o.write_costs.empty() && !graph.costs())
      throw ParamError("write-costs", "this graph has no cost table to write (a generated one comes from topcuoglu "
                                      "with beta > 0; a graph file's from --costs)");
    DagRun r = run_dag(setup, std::move(graph), !o.gantt.empty() || !o.trace.empty() || !o.timeline.empty());
    r.graph_seed = setup.workload.graph_seed(o.seed.value_or(1), 0);
    poll_interruption();  // a signal during the last steps: still nothing printed or written
    if (o.format == "json") out << std::setw(2) << dag_json(r, o.timing) << "\n";  // streamed: no copy of the text
    else out << dag_table(r, o.timing);
    GanttOptions g;
    g.title = fmt::format("{} on {}: estimate {:.6g}, replayed {:.6g}", r.schedule.scheduler, r.network,
                          r.metrics.makespan, r.replay.makespan);
    g.marker = r.metrics.makespan;
    g.marker_label = "estimate";
    write_timeline_files(r.replay.timeline, setup.machine.spec, g, {o.gantt, o.trace, o.timeline});
    if (!o.schedule_csv.empty()) write_file_atomically(o.schedule_csv, dag_schedule_csv(r));
    if (!o.messages_csv.empty()) write_file_atomically(o.messages_csv, dag_messages_csv(r, setup.machine.spec));
    if (!o.write_dot.empty()) write_file_atomically(o.write_dot, write_dot(r.graph));
    if (!o.write_costs.empty()) write_file_atomically(o.write_costs, write_cost_table(r.graph));
    if (!r.validity.valid()) {
      spdlog::error("dag: the {} schedule is not valid ({} violations)", r.schedule.scheduler,
                    r.validity.violations.size());
      return kExitFailure;
    }
    return kExitOk;
  }, o.machine_file);
}

}  // namespace mpnsim
