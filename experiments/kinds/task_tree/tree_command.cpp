// The tree subcommand: flags grouped after --topology, --scheduler and --workload become YAML, then the kind's readers.
#include "experiments/kinds/task_tree/tree_command.hpp"

#include <array>
#include <iomanip>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/command_flags.hpp"
#include "experiments/config/exit_codes.hpp"
#include "experiments/config/machine_config.hpp"
#include "experiments/config/work_limits.hpp"
#include "experiments/kinds/task_tree/task_tree_report.hpp"
#include "experiments/kinds/task_tree/task_tree_setup.hpp"
#include "experiments/kinds/task_tree/tree_work_estimate.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/output_paths.hpp"
#include "experiments/output/timeline_files.hpp"
#include "topologies/registry.hpp"

namespace mpnsim {

namespace {

enum Group { kTopology = 0, kScheduler = 1, kWorkload = 2, kNone = 3 };
constexpr std::array<const char*, 3> kGroupNames{"topology", "scheduler", "workload"};

struct Flag {
  std::string name, value;
  int group = kNone;     // the group it was written after, or its prefix's
  bool prefixed = false;
};

// The flags in order, each with the group it was written after (or its prefix's).
std::vector<Flag> read_flags(const std::vector<std::string>& args) {
  std::vector<Flag> out;
  int current = kNone;
  for (auto& [flag_name, flag_value] : parse_flag_pairs(args)) {
    Flag f;
    f.name = flag_name;
    f.value = flag_value;
    for (int g = 0; g < 3; ++g) {
      const std::string name = kGroupNames[static_cast<std::size_t>(g)];
      if (f.name == name) current = g;
      if (f.name.rfind(name + ".", 0) == 0) {
        f.name = f.name.substr(name.size() + 1);
        f.group = g;
        f.prefixed = true;
      }
    }
    if (!f.prefixed) f.group = current;
    out.push_back(f);
  }
  return out;
}

const std::vector<ParamSpec>* declared(int group, const std::string& choice) {
  if (group == kTopology)
    if (const TopologyEntry* e = find_topology(choice)) return &e->params;
  if (group == kScheduler)
    if (const TreeSchedulerEntry* e = find_tree_scheduler(choice)) return &e->params;
  if (group == kWorkload)
    if (const TreeWorkloadEntry* e = find_tree_workload(choice)) return &e->params;
  return nullptr;
}

bool declares(const std::vector<ParamSpec>* specs, const std::string& name) {
  if (!specs) return false;
  for (const auto& s : *specs)
    if (s.name == name) return true;
  return false;
}

}  // namespace

int tree_command(const TreeCommandOptions& o, std::ostream& out) {
  return report_input_errors("tree", [&] { return tree_command_throwing(o, out); });
}

int tree_command_throwing(const TreeCommandOptions& o, std::ostream& out) {
  const YamlSource src("command line");
  // The body that report_input_errors runs for the command; here its exceptions go to the caller.
  const auto body = [&]() -> int {
    check_output_paths({{"gantt", o.gantt}, {"trace", o.trace}, {"timeline", o.timeline}});
    const std::vector<Flag> flags = read_flags(o.args);
    std::array<std::string, 3> choice;
    std::vector<std::string> seen;
    for (const auto& f : flags)
      if (!f.prefixed && f.group != kNone && f.name == kGroupNames[static_cast<std::size_t>(f.group)]) {
        note_flag_once(seen, "", f.name);
        choice[static_cast<std::size_t>(f.group)] = f.value;
      }
    if (choice[kTopology].empty()) throw ParamError("topology", "required: --topology KIND, then its --PARAM VALUE flags");
    if (choice[kScheduler].empty()) throw ParamError("scheduler", "required: --scheduler NAME (mds, rr, ml, dem, ...)");
    if (choice[kWorkload].empty())
      throw ParamError("workload", "required: --workload complete | random | tree-file, then its --PARAM VALUE flags");
    std::array<YAML::Node, 3> node{YAML::Node(YAML::NodeType::Map), YAML::Node(YAML::NodeType::Map),
                                   YAML::Node(YAML::NodeType::Map)};
    node[kTopology]["kind"] = choice[kTopology];
    node[kScheduler]["name"] = choice[kScheduler];
    node[kWorkload]["kind"] = choice[kWorkload];
    // An unknown name first (with its did-you-mean), before its flags are found to belong nowhere.
    if (!declared(kTopology, choice[kTopology])) (void)read_topology(src, node[kTopology], "topology");
    if (!declared(kScheduler, choice[kScheduler])) (void)read_tree_scheduler(src, node[kScheduler], "scheduler");
    if (!declared(kWorkload, choice[kWorkload])) (void)read_tree_workload(src, node[kWorkload], "workload");
    for (const auto& f : flags) {
      if (!f.prefixed && f.group != kNone && f.name == kGroupNames[static_cast<std::size_t>(f.group)]) continue;
      int g = f.group;
      // Not declared where it was written: the one group that declares it, if only one does.
      if (!f.prefixed && !declares(declared(g, g == kNone ? "" : choice[static_cast<std::size_t>(g)]), f.name)) {
        std::vector<int> owners;
        for (int k = 0; k < 3; ++k)
          if (declares(declared(k, choice[static_cast<std::size_t>(k)]), f.name)) owners.push_back(k);
        if (owners.size() == 1) g = owners.front();
        else if (owners.size() > 1)
          throw ParamError(f.name, fmt::format("more than one of --topology, --scheduler, --workload takes --{0}: put "
                                               "it after the one it belongs to, or write --topology.{0}, "
                                               "--scheduler.{0} or --workload.{0}", f.name));
        else {
          // Nobody takes it: suggest among every group's parameters and the command's own flags.
          std::vector<std::string> all = o.own_flags;
          std::vector<std::string> takers;
          for (int k = 0; k < 3; ++k)
            if (const auto* specs = declared(k, choice[static_cast<std::size_t>(k)])) {
              for (const auto& s : *specs) all.push_back(s.name);
              takers.push_back(fmt::format("the {} takes {}", kGroupNames[static_cast<std::size_t>(k)],
                                           flag_list(*specs)));
            }
          fail_unknown_flag(f.name, all, fmt::format("{}", fmt::join(takers, ", ")));
        }
      }
      note_flag_once(seen, kGroupNames[static_cast<std::size_t>(g)], f.name);
      node[static_cast<std::size_t>(g)][f.name] = f.value;
    }
    const TopologySize network_size = check_topology(src, node[kTopology], "topology");
    const TreeSchedulerChoice scheduler = read_tree_scheduler(src, node[kScheduler], "scheduler");
    const TreeWorkloadChoice workload = read_tree_workload(src, node[kWorkload], "workload");
    std::optional<TreeExecutionParams> execution;
    YAML::Node e(YAML::NodeType::Map);
    auto set = [&](const char* key, const std::string& value) { e[key] = value; };
    if (o.grain) set("grain", fmt::format("{}", *o.grain));
    if (o.S) set("S", fmt::format("{}", *o.S));
    if (o.C) set("C", fmt::format("{}", *o.C));
    if (o.task_size) set("task_size", fmt::format("{}", *o.task_size));
    if (o.result_size) set("result_size", fmt::format("{}", *o.result_size));
    if (o.coprocessor) set("coprocessor", *o.coprocessor ? "true" : "false");
    if (!o.send_ports.empty()) set("send_ports", o.send_ports);
    if (!o.recv_ports.empty()) set("recv_ports", o.recv_ports);
    if (o.execute || e.size() > 0 || !o.gantt.empty() || !o.trace.empty() || !o.timeline.empty())
      execution = read_tree_execution(src, e, "execution");
    // Refused before the network is built when the run or its report would not fit.
    const TreeWork work = estimate_tree_work(scheduler, workload, network_size, execution.has_value());
    if (const std::string problem = tree_work_problem(work, 1); !problem.empty()) throw ParamError("workload", problem);
    if (const double report = tree_report_bytes(work, o.format); report > kMaxOutputBytes)
      throw ParamError("format", fmt::format("the per-level report ({:.0f} levels x {:.0f} processors' loads) would be "
                                             "about {} of {}; at most {} is printed: a shallower tree or a smaller "
                                             "network",
                                             work.levels, work.processors, bytes_text(report), o.format,
                                             bytes_text(kMaxOutputBytes)));
    const Topology topology = read_topology(src, node[kTopology], "topology");

    const auto tree = workload_tree(workload, tree_seed(o.seed.value_or(1), workload.label, 0, 0));
    const TreeNetwork network(topology);
    const TreeRun run = run_tree(*tree, network, *scheduler.entry, scheduler.params, execution);
    const TreeRunLabels labels = tree_run_labels(topology, scheduler.entry->name, workload.label);
    if (o.format == "json") out << std::setw(2) << tree_json(labels, run) << "\n";  // streamed: no copy of the text
    else out << tree_table(labels, run);
    if (run.execution) {
      const TreeExecution& x = *run.execution;
      GanttOptions g;
      g.title = fmt::format("{} of {} on {}: makespan {:.6g}", labels.scheduler, labels.workload, labels.network,
                            x.makespan);
      write_timeline_files(x.timeline, x.machine, g, {o.gantt, o.trace, o.timeline});
    }
    return kExitOk;
  };
  return body();
}

}  // namespace mpnsim
