// The dlt subcommand: builds the machine and strategy from flags, solves, simulates, reports.
#include "experiments/kinds/divisible/dlt_command.hpp"

#include <filesystem>
#include <iomanip>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/command_flags.hpp"
#include "experiments/config/exit_codes.hpp"
#include "experiments/kinds/divisible/divisible_report.hpp"
#include "experiments/kinds/divisible/divisible_setup.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/output_paths.hpp"
#include "experiments/output/timeline_files.hpp"
#include "topologies/registry.hpp"

namespace mpnsim {

int dlt_command(const DltCommandOptions& o, std::ostream& out) {
  return report_input_errors("dlt", [&] { return dlt_command_throwing(o, out); }, o.machine_file);
}

int dlt_command_throwing(const DltCommandOptions& o, std::ostream& out) {
  const YamlSource src("command line");
  // The body that report_input_errors runs for the command; here its exceptions go to the caller.
  const auto body = [&]() -> int {
    check_output_paths({{"gantt", o.gantt}, {"trace", o.trace}, {"timeline", o.timeline}});
    YAML::Node machine = o.machine ? YAML::Clone(*o.machine) : load_machine_file(o.machine_file);
    const YamlSource machine_src(o.machine_file.empty() ? "command line" : o.machine_file);
    const DivisibleStrategyEntry& strategy =
        find_strategy_or_fail(src, YAML::Node(), "--strategy", o.strategy);
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
    if (!machine["topology"]) throw ParamError("topology", "required: --topology KIND (or a machine file with topology:)");
    // Family parameters go to the topology, the rest to the strategy; "topology." and
    // "strategy." prefixes settle a name both declare.
    YAML::Node strategy_node(YAML::NodeType::Map);
    std::vector<std::string> seen;
    for (auto [name, value] : parse_flag_pairs(o.extras)) {
      const bool to_topology = name.rfind("topology.", 0) == 0;
      const bool to_strategy = name.rfind("strategy.", 0) == 0;
      if (to_topology) name = name.substr(9);
      if (to_strategy) name = name.substr(9);
      const bool in_family = family && declares_param(family->params, name);
      const bool in_strategy = declares_param(strategy.params, name);
      if (!to_strategy && in_family && in_strategy && !to_topology)
        throw ParamError(name, fmt::format("both the topology and the strategy take --{0}: write "
                                           "--topology.{0} or --strategy.{0}", name));
      if (!to_topology && !to_strategy && !in_family && !in_strategy) {
        // Nobody takes it: most likely a typo of a flag of either, or of the command's own.
        std::vector<std::string> candidates = o.own_flags;
        for (const auto* specs : {family ? &family->params : nullptr, &strategy.params})
          if (specs)
            for (const auto& p : *specs) candidates.push_back(p.name);
        fail_unknown_flag(name, candidates,
                          fmt::format("the topology takes {}, the strategy {}",
                                      family ? flag_list(family->params) : std::string("(give --topology first)"),
                                      flag_list(strategy.params)));
      }
      const bool topology_flag = to_topology || (!to_strategy && in_family);
      note_flag_once(seen, topology_flag ? "topology" : "strategy", name);
      if (topology_flag) machine["topology"][name] = value;
      else strategy_node[name] = value;
    }
    apply_machine_flags(machine, {o.w, o.z, o.S, o.Tcp, o.Tcm, o.coprocessor, o.send_ports, o.recv_ports});
    // Held only while the strategy solves: the play and the report need neither the topology
    // nor (with no timeline file asked for) the whole link list, so both are given back first.
    // Its memory estimated from the network's size before the network is built.
    if (machine.IsMap() && machine["topology"].IsMap() && find_topology(machine["topology"]["kind"].as<std::string>("")))
      check_divisible_memory(src, YAML::Node(), "--topology", strategy.name,
                             machine["topology"]["kind"].as<std::string>(""),
                             check_topology(machine_src, machine["topology"], "machine.topology"));
    std::vector<NonComputing> non_computing;
    std::optional<MachineConfig> m(
        read_machine(machine_src, strip_compute_flags(machine_src, machine, "machine", non_computing), "machine"));
    std::vector<std::string> allowed;
    for (const auto& p : strategy.params) allowed.push_back(p.name);
    src.check_keys(strategy_node, "strategy", allowed);
    const ParamSet params = src.params(strategy_node, "strategy", strategy.params, {});
    check_strategy_topology(src, YAML::Node(), "--topology", strategy, m->topology);
    const int source = o.source.value_or(0);
    if (source < 0 || source >= m->topology.size())
      throw ParamError("source", fmt::format("expected a processor 0..{}", m->topology.size() - 1));
    const double load = o.load.value_or(1.0);
    if (!(load > 0)) throw ParamError("load", "expected a positive number");
    check_divisible_numbers(machine_src, machine, "machine", m->spec, YAML::Node(), "--load", load);
    const bool computes = source_computes(machine_src, non_computing, strategy, source);
    std::string lp_param;
    if (const std::string problem = divisible_lp_problem(strategy, params, m->spec, source, lp_param); !problem.empty())
      throw ParamError(lp_param, problem);

    // The machine is given away: the strategy's plan machine may be it, not a copy of it.
    DivisibleResult r =
        solve_divisible(strategy, DltInput{m->topology, m->spec, load, source, params, &m->spec, computes, &m->topology});
    m.reset();
    check_divisible_solution(src, YAML::Node(), "--strategy", r.solution);
    const bool timeline_files = !o.gantt.empty() || !o.trace.empty() || !o.timeline.empty();
    r.check = timeline_files ? simulate(r.solution) : simulate_figures(r.solution);
    if (o.format == "json") {
      write_divisible_json(r, out);  // its arrays streamed: no document of every processor's numbers
      out << "\n";
    } else {
      out << divisible_table(r);
    }
    const DltSolution& s = r.solution;
    GanttOptions g;
    g.title = fmt::format("{} on {}: T = {:.6g}", s.strategy, r.network, s.T);
    g.marker = s.T;
    g.note = divisible_reduction(s, false);
    if (const std::string why = divisible_reduction(s); !why.empty()) spdlog::info("{}: {}", s.strategy, why);
    write_timeline_files(r.check.timeline, s.plan_machine, g, {o.gantt, o.trace, o.timeline});
    return kExitOk;
  };
  return body();
}

}  // namespace mpnsim
