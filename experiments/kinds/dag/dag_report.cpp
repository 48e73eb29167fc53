// Running a DAG scheduler on a problem, checking and replaying the schedule, reporting the figures.
#include "experiments/kinds/dag/dag_report.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/kinds/dag/dag_ec_ratio.hpp"
#include "experiments/output/chrome_trace.hpp"
#include "experiments/output/timeline_files.hpp"
#include "schedulers/dag/message_ends.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/csv_writer.hpp"
#include "sim/router.hpp"
#include "workloads/dag/dag_input_limits.hpp"

namespace mpnsim {

namespace {

// CPU time of the calling thread: the scheduler's own cost, whatever else runs in parallel.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The replay of the schedule. A schedule of an outside scheduler (one written in Python) can
// be invalid in ways the engine cannot play: a task left unplaced, or an order on one processor
// against the precedence, which makes the plan a cycle. It is then reported by its violations
// alone, its replayed times NaN.
DagReplay replay_if_possible(const TaskGraph& graph, const Schedule& schedule, const ValidityReport& validity,
                             const MachineSpec& machine, bool keep_timeline, const ProcessorOrder& order) {
  auto unplayable = [&] {
    DagReplay none;
    none.makespan = std::numeric_limits<double>::quiet_NaN();
    none.finish.assign(static_cast<std::size_t>(graph.size()), none.makespan);
    return none;
  };
  if (validity.has(ViolationKind::unplaced)) return unplayable();
  try {
    return replay(graph, schedule, machine, keep_timeline, &order);
  } catch (const std::invalid_argument&) {
    if (validity.valid()) throw;
    return unplayable();
  }
}

}  // namespace

DagRun run_dag(const DagSetup& setup, TaskGraph graph, bool keep_timeline) {
  DagRun r;
  r.network = setup.machine.topology.name();
  r.graph = std::move(graph);
  if (setup.ec_ratio) apply_ec_ratio(r.graph, setup, *setup.ec_ratio);
  const DagProblem problem{r.graph, setup.machine.spec, *setup.comm, comm_options(setup.scheduler_params)};
  const double t0 = thread_cpu_seconds();
  r.schedule = setup.scheduler->schedule(problem, setup.scheduler_params);
  r.scheduler_cpu_seconds = thread_cpu_seconds() - t0;
  r.schedule.scheduler = setup.scheduler->name;
  const ValidityRules rules = setup.scheduler->rules ? setup.scheduler->rules(setup.scheduler_params) : ValidityRules{};
  {
    // Each processor's tasks in order, sorted once for the check and the replay. (Replaying
    // before the conflict estimate, so as to let the order go sooner, showed no gain: HEFT's
    // command at 10^6 tasks measured 12-15 % slower, the same peak, though against a build with
    // faster gap searches, so not proven either way; kept in this order.)
    const ProcessorOrder order = r.schedule.processor_order();
    r.validity = check_schedule(problem, r.schedule, rules, &order);
    r.metrics = schedule_metrics(problem, r.schedule);
    r.link_conflicts = estimated_link_conflicts(problem, r.schedule);
    r.replay = replay_if_possible(r.graph, r.schedule, r.validity, setup.machine.spec, keep_timeline, order);
  }
  r.ec_ratio = ec_ratio_of(problem);
  r.degree_ratio = setup.workload.degree_ratio();
  r.bound = dag_lower_bound(problem);
  r.lower_bound = r.bound.value;
  if (r.schedule.search) r.lower_bound = std::max(r.lower_bound, r.schedule.search->lower_bound);
  if (r.lower_bound > 0) r.gap_to_bound = r.metrics.makespan / r.lower_bound - 1;
  if (r.bound.critical_path > 0) r.slr = r.metrics.makespan / r.bound.critical_path;
  return r;
}

nlohmann::ordered_json dag_json(const DagRun& r, bool timing) {
  using json = nlohmann::ordered_json;
  json j;
  j["scheduler"] = r.schedule.scheduler;
  j["network"] = r.network;
  j["graph"] = r.graph.name();
  j["processors"] = r.schedule.processors;
  j["tasks"] = r.graph.size();
  j["edges"] = r.graph.edge_count();
  j["makespan"] = r.metrics.makespan;
  j["replayed_makespan"] = r.replay.makespan;
  j["plan_error"] = plan_error(r);
  j["speedup"] = r.metrics.speedup;
  j["replayed_speedup"] = r.replay.makespan > 0 ? r.metrics.t1 / r.replay.makespan : 0.0;
  j["efficiency"] = r.metrics.efficiency;
  j["lif"] = r.metrics.lif;
  j["valid"] = r.validity.valid();
  json violations = json::array();
  for (const auto& v : r.validity.violations) violations.push_back(fmt::format("{}: {}", to_string(v.kind), v.text));
  j["violations"] = violations;
  j["t1"] = r.metrics.t1;
  j["critical_path"] = r.metrics.critical_path;
  j["lower_bound"] = r.lower_bound;
  j["gap_to_bound"] = r.gap_to_bound ? json(*r.gap_to_bound) : json(nullptr);
  j["slr"] = r.slr ? json(*r.slr) : json(nullptr);
  j["optimal"] = r.schedule.search && r.schedule.search->optimal;
  j["states"] = r.schedule.search ? r.schedule.search->states : std::uint64_t{0};
  j["time_limited"] = r.schedule.search && r.schedule.search->time_limited;
  j["ec_ratio"] = std::isfinite(r.ec_ratio) ? json(r.ec_ratio) : json(nullptr);
  j["degree_ratio"] = r.degree_ratio ? json(*r.degree_ratio) : json(nullptr);
  j["graph_seed"] = r.graph_seed ? json(*r.graph_seed) : json(nullptr);
  j["messages"] = r.schedule.messages.size();
  j["hops"] = r.replay.hops;
  j["link_conflicts"] = r.link_conflicts;
  j["busy"] = r.metrics.busy;
  if (timing) j["scheduler_cpu_seconds"] = r.scheduler_cpu_seconds;
  return j;
}

std::string dag_table(const DagRun& r, bool timing) {
  std::string out;
  out += fmt::format("scheduler          {}\nnetwork            {} ({} processors)\n", r.schedule.scheduler, r.network,
                     r.schedule.processors);
  out += fmt::format("graph              {} ({} tasks, {} edges)\n", r.graph.name(), r.graph.size(), r.graph.edge_count());
  out += fmt::format("makespan           {:.9g} (scheduler's estimate)\n", r.metrics.makespan);
  out += fmt::format("replayed makespan  {:.9g} (engine, with link contention; {} estimated link conflicts)\n",
                     r.replay.makespan, r.link_conflicts);
  out += fmt::format("plan error         {:.6g} ((replayed - estimate) / replayed; comm: {})\n", plan_error(r),
                     r.schedule.contention_aware ? "contention" : "free");
  out += fmt::format("speedup            {:.6g} (t1 = {:.9g})\nefficiency         {:.6g}\nLIF                {:.4g} %\n",
                     r.metrics.speedup, r.metrics.t1, r.metrics.efficiency, r.metrics.lif);
  out += fmt::format("critical path      {:.9g}\n", r.metrics.critical_path);
  out += fmt::format("lower bound        {:.9g} (no schedule of the graph on this machine is shorter)\n", r.lower_bound);
  if (r.gap_to_bound) out += fmt::format("gap to bound       {:.4g} % (makespan / lower bound - 1)\n", 100 * *r.gap_to_bound);
  if (r.slr) out += fmt::format("SLR                {:.6g} (makespan / critical path of least execution times)\n", *r.slr);
  if (const auto& s = r.schedule.search)
    out += fmt::format("optimal            {} ({} states searched{})\n", s->optimal ? "yes, proved" : "not proved",
                       s->states, s->time_limited ? "; stopped by its time limit: not deterministic" : "");
  else
    out += "optimal            not proved (a heuristic: 0 states searched)\n";
  if (std::isfinite(r.ec_ratio)) out += fmt::format("E/C ratio          {:.6g}\n", r.ec_ratio);
  out += fmt::format("messages           {} ({} hops)\n", r.schedule.messages.size(), r.replay.hops);
  out += fmt::format("valid              {}\n", r.validity.valid() ? "yes" : "NO");
  for (const auto& v : r.validity.violations) out += fmt::format("  {}: {}\n", to_string(v.kind), v.text);
  if (timing) out += fmt::format("scheduler CPU      {:.6f} s\n", r.scheduler_cpu_seconds);
  out += "\nprocessor  busy        tasks\n";
  std::vector<int> count(static_cast<std::size_t>(r.schedule.processors), 0);
  for (const auto& t : r.schedule.tasks)
    if (t.processor >= 0) ++count[static_cast<std::size_t>(t.processor)];
  for (int p = 0; p < r.schedule.processors; ++p)
    out += fmt::format("{:>9}  {:<10.6g}  {}\n", p, r.metrics.busy[static_cast<std::size_t>(p)],
                       count[static_cast<std::size_t>(p)]);
  return out;
}

MetricRow dag_metrics_row(const DagRun& r, bool timing) {
  MetricRow m;
  auto add = [&](const std::string& k, ParamValue v) { m.emplace_back(k, std::move(v)); };
  add("scheduler", r.schedule.scheduler);
  add("network", r.network);
  // The same without commas: gnuplot's CSV reading splits quoted fields at commas, so plot
  // legends use this column (debruijn(order=3 base=2 directed=false)).
  std::string label = r.network;
  std::replace(label.begin(), label.end(), ',', ' ');
  add("network_label", label);
  add("processors", std::int64_t{r.schedule.processors});
  add("tasks", std::int64_t{r.graph.size()});
  add("edges", std::int64_t{r.graph.edge_count()});
  if (r.degree_ratio) add("degree_ratio", *r.degree_ratio);
  if (r.graph_seed) add("graph_seed", static_cast<std::int64_t>(*r.graph_seed));
  if (std::isfinite(r.ec_ratio)) add("ec_ratio", r.ec_ratio);
  add("work", r.graph.total_work());
  add("critical_path", r.metrics.critical_path);
  add("lower_bound", r.lower_bound);
  add("makespan", r.metrics.makespan);
  add("replayed_makespan", r.replay.makespan);
  add("plan_error", plan_error(r));
  if (r.gap_to_bound) add("gap_to_bound", *r.gap_to_bound);
  if (r.slr) add("slr", *r.slr);
  add("speedup", r.metrics.speedup);
  add("replayed_speedup", r.replay.makespan > 0 ? r.metrics.t1 / r.replay.makespan : 0.0);
  add("efficiency", r.metrics.efficiency);
  add("lif", r.metrics.lif);
  add("valid", r.validity.valid());
  add("violations", static_cast<std::int64_t>(r.validity.violations.size()));
  add("messages", static_cast<std::int64_t>(r.schedule.messages.size()));
  add("link_conflicts", static_cast<std::int64_t>(r.link_conflicts));
  add("optimal", r.schedule.search && r.schedule.search->optimal);
  add("states", static_cast<std::int64_t>(r.schedule.search ? r.schedule.search->states : 0));
  add("time_limited", r.schedule.search && r.schedule.search->time_limited);
  if (timing) add("scheduler_cpu_seconds", r.scheduler_cpu_seconds);
  return m;
}

std::vector<MetricRow> dag_processor_rows(const DagRun& r) {
  std::vector<int> count(static_cast<std::size_t>(r.schedule.processors), 0);
  for (const auto& t : r.schedule.tasks)
    if (t.processor >= 0) ++count[static_cast<std::size_t>(t.processor)];
  std::vector<MetricRow> rows;
  for (int p = 0; p < r.schedule.processors; ++p)
    rows.push_back({{"scheduler", r.schedule.scheduler},
                    {"network", r.network},
                    {"processor", std::int64_t{p}},
                    {"busy", r.metrics.busy[static_cast<std::size_t>(p)]},
                    {"tasks_run", std::int64_t{count[static_cast<std::size_t>(p)]}}});
  return rows;
}

std::vector<MetricRow> dag_task_rows(const DagRun& r) {
  std::vector<MetricRow> rows;
  for (int t = 0; t < r.graph.size(); ++t) {
    const auto& p = r.schedule.tasks[static_cast<std::size_t>(t)];
    rows.push_back({{"scheduler", r.schedule.scheduler},
                    {"network", r.network},
                    {"task", std::string(r.graph.task(t).name)},
                    {"processor", std::int64_t{p.processor}},
                    {"start", p.start},
                    {"finish", p.finish},
                    {"replayed_finish", r.replay.finish[static_cast<std::size_t>(t)]}});
  }
  return rows;
}

double plan_error(const DagRun& r) {
  return r.replay.makespan > 0 ? (r.replay.makespan - r.metrics.makespan) / r.replay.makespan : 0.0;
}

std::string dag_messages_csv(const DagRun& r, const MachineSpec& machine) {
  std::ostringstream out;
  CsvWriter csv(out);
  csv.row({"edge", "hop", "link", "from", "to", "start", "finish"});
  auto edge_label = [&](int edge) {
    const DagEdge& e = r.graph.edge(edge);
    return std::string(r.graph.task(e.from).name) + "->" + std::string(r.graph.task(e.to).name);
  };
  auto row = [&](int edge, int hop, int channel, int from, int to, double start, double finish) {
    csv.row({edge_label(edge), std::to_string(hop), std::to_string(channel >> 1), std::to_string(from),
             std::to_string(to), format_number(start), format_number(finish)});
  };
  if (r.schedule.contention_aware) {
    for (std::size_t mi = 0; mi < r.schedule.messages.size(); ++mi) {
      const ScheduledMessage& m = r.schedule.messages[mi];
      for (int k = 0; k < r.schedule.hop_end(mi) - m.first_hop; ++k) {
        const ScheduledHop& h = r.schedule.hops[static_cast<std::size_t>(m.first_hop + k)];
        row(m.edge, k, h.channel, h.from, h.to, h.start, h.finish);
      }
    }
    return out.str();
  }
  Router router(machine);
  for (const ScheduledMessage& m : r.schedule.messages) {
    const double data = r.graph.edge(m.edge).data;
    const auto [from, to] = message_ends(r.graph, r.schedule, m);
    double at = m.depart;
    int hop = 0;
    for (int u = from; u != to; ++hop) {
      const Arc& a = router.next_arc(u, to);
      const LinkSpec& l = machine.links[static_cast<std::size_t>(a.link())];
      const double finish = at + (l.startup + data * l.z * machine.Tcm);
      row(m.edge, hop, a.channel, u, a.to, at, finish);
      at = finish;
      u = a.to;
    }
  }
  return out.str();
}

std::string dag_schedule_csv(const DagRun& r) {
  std::ostringstream out;
  CsvWriter csv(out);
  csv.row({"task", "processor", "start", "finish", "replayed_finish"});
  for (int t = 0; t < r.graph.size(); ++t) {
    const auto& p = r.schedule.tasks[static_cast<std::size_t>(t)];
    csv.row({std::string(r.graph.task(t).name), std::to_string(p.processor), format_number(p.start), format_number(p.finish),
             format_number(r.replay.finish[static_cast<std::size_t>(t)])});
  }
  return out.str();
}

void append_timeline_artifacts(std::vector<Artifact>& artifacts, const OutputSpec& outputs, const std::string& stem,
                               const Timeline& timeline, const MachineSpec& machine, int processors,
                               const GanttOptions& gantt) {
  if (outputs.gantt)
    artifacts.push_back({fmt::format("gantt/{}.svg", stem), point_gantt_svg(timeline, processors, gantt)});
  if (outputs.trace) artifacts.push_back({fmt::format("traces/{}.json", stem), chrome_trace_json(timeline, machine, gantt.groups.get())});
  if (outputs.timeline) {
    std::ostringstream tl;
    write_timeline_csv(timeline, tl);
    artifacts.push_back({fmt::format("timelines/{}.csv", stem), tl.str()});
  }
}

}  // namespace mpnsim
