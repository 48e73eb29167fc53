// Side-by-side benchmark against SimGrid: the same divisible-load plans and DAG schedules played by both, as processes.
//
// For each case the driver (1) solves the strategy with mpnsim (hypercube-nlf
// on a d-cube, star-sequential on an n-processor star) and writes its plan,
// in bytes, to a plan file; (2) runs bench/play_plan (mpnsim) and
// bench/simgrid_scatter (SimGrid) on that file, each as its own process
// (fork/exec, wait4: wall time, CPU time, peak RSS); (3) runs the command users
// run, `mpnsim dlt ... --format json`, on the same machine, as a process of its
// own (it solves, builds and plays everything itself); (4) reads back every
// processor's finish time from all three and checks that they agree to a
// relative 1e-9 (and with the analytic T); (5) prints a Markdown table.
//
// DAG schedules likewise (bench/simgrid/dag_case.hpp): a generated graph scheduled
// by mpnsim (heft, lps, ...) on a d-cube, written with every message's route;
// bench/play_dag replays it as `mpnsim dag` does, bench/simgrid_dag in SimGrid,
// and every task's finish time is compared.
//
// Units: SimGrid counts messages in whole bytes, so the load unit becomes
// U = 2^K bytes with V*U near 2^52; compute amounts are alpha*U exactly (a
// power-of-two scaling), messages round(D*U) bytes, and both players play those
// same integers. Speeds are U/(w Tcp) bytes per time unit, bandwidths U/(z Tcm).
//
// The plans are built in a forked child, so that the driver stays small when
// it forks the players: Linux counts the forking process's resident pages in
// the child's ru_maxrss (they are the child's until exec), so a large driver
// would inflate both sides' peaks. The driver's size at fork is printed.
#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <queue>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bench/simgrid/dag_case.hpp"
#include "bench/simgrid/plan_file.hpp"
#include "schedulers/divisible/divisible_load.hpp"
#include "schedulers/registry.hpp"
#include "sim/machine_spec.hpp"
#include "sim/parameters.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/registry.hpp"

namespace {

namespace fs = std::filesystem;
using mpnsim::bench::PlanFile;
using mpnsim::bench::PlayResult;

struct Family {
  std::string strategy;  // mpnsim strategy name
  std::string topology;  // topology family
  std::string key;       // its size parameter
  double w, z, S, load;
};

struct Case {
  const Family* family;
  int size;  // hypercube: dimension; star: processors in all
  std::string label() const {
    return family->topology == "hypercube" ? fmt::format("hypercube-nlf d={}", size)
                                           : fmt::format("star-sequential n={}", size);
  }
};

// ---------------------------------------------------------------------------
// The plan: mpnsim's own strategy, checked to be the shape both players play.

// Turns the strategy's plan into the plan file's tree, checking that it is one:
// every processor but the root receives one message, computes after it has
// arrived, and sends one message after the other (each send after the
// sender's previous send, or after its own arrival for the first).
PlanFile to_plan_file(const mpnsim::DltSolution& s, const Case& c) {
  const auto& acts = s.plan.actions;
  const int n = s.plan_machine.size();
  const auto uz = static_cast<std::size_t>(n);
  std::vector<int> recv(uz, -1), computes(uz, 0), last_send(uz, -1);
  for (std::size_t i = 0; i < acts.size(); ++i)
    if (acts[i].op == mpnsim::PlanAction::Op::send) {
      if (recv[static_cast<std::size_t>(acts[i].to)] >= 0)
        throw std::runtime_error(fmt::format("processor {} receives twice", acts[i].to));
      recv[static_cast<std::size_t>(acts[i].to)] = static_cast<int>(i);
    }
  const double load = c.family->load;
  const int K = 52 - static_cast<int>(std::ceil(std::log2(load)));
  const double unit = std::ldexp(1.0, K);
  PlanFile p;
  p.family = c.family->topology;
  p.family_size = c.size;
  p.nodes.resize(uz);
  for (std::size_t i = 0; i < acts.size(); ++i) {
    const auto& a = acts[i];
    const auto from = static_cast<std::size_t>(a.processor);
    for (int dep : a.after) {
      const bool ok = dep == recv[from] || (a.op == mpnsim::PlanAction::Op::send && dep == last_send[from]);
      if (!ok) throw std::runtime_error(fmt::format("plan action {} has a dependency the players cannot express", i));
    }
    const bool has_recv = std::find(a.after.begin(), a.after.end(), recv[from]) != a.after.end();
    if (a.op == mpnsim::PlanAction::Op::compute) {
      if (++computes[from] > 1 || (recv[from] >= 0 && !has_recv))
        throw std::runtime_error(fmt::format("processor {}: not one compute after its arrival", from));
      p.nodes[from].compute = a.amount * unit;
    } else {
      const bool after_previous =
          std::find(a.after.begin(), a.after.end(), last_send[from]) != a.after.end();
      const bool chained = last_send[from] < 0 ? (recv[from] < 0 || has_recv) : after_previous;
      if (!chained) throw std::runtime_error(fmt::format("processor {}: sends are not one at a time", from));
      last_send[from] = static_cast<int>(i);
      p.nodes[from].children.emplace_back(a.to, static_cast<std::uint64_t>(std::llround(a.amount * unit)));
    }
  }
  int root = -1;
  for (int v = 0; v < n; ++v)
    if (recv[static_cast<std::size_t>(v)] < 0 && computes[static_cast<std::size_t>(v)] == 1) root = v;
  std::queue<int> q;
  q.push(root);
  while (!q.empty()) {
    const int v = q.front();
    q.pop();
    p.order.push_back(v);
    for (const auto& [child, bytes] : p.nodes[static_cast<std::size_t>(v)].children) q.push(child);
  }
  if (static_cast<int>(p.order.size()) != n) throw std::runtime_error("the plan does not reach every processor");
  const auto& m = s.plan_machine;
  p.speed = unit / (m.processors[0].w * m.Tcp);
  p.bandwidth = unit / (m.links.front().z * m.Tcm);
  p.latency = m.links.front().startup;
  p.T_analytic = s.T;
  return p;
}

void write_case_plan(const Case& c, const std::string& path) {
  const Family& f = *c.family;
  const mpnsim::Topology t = mpnsim::make_topology(f.topology, {{f.key, std::to_string(c.size)}});
  mpnsim::ProcessorSpec proc;
  proc.w = f.w;
  proc.coprocessor = true;
  proc.send_ports = 1;
  proc.recv_ports = 1;
  const mpnsim::MachineSpec m = mpnsim::uniform_machine(t.size(), t.links(), false, proc, f.z, f.S);
  const auto* entry = mpnsim::find_divisible_strategy(f.strategy);
  const mpnsim::ParamSet params = mpnsim::resolve_params(entry->params, {});
  const mpnsim::DltSolution s = entry->solve(mpnsim::DltInput{t, m, f.load, 0, params});
  if (s.participating_count() != t.size())
    throw std::runtime_error(fmt::format("{}: only {} of {} processors take part; choose other w, z, S",
                                         c.label(), s.participating_count(), t.size()));
  mpnsim::bench::write_plan_file(to_plan_file(s, c), path);
}

// ---------------------------------------------------------------------------
// Processes.

struct ProcessRun {
  double wall = 0;      // seconds, fork to reaped
  double cpu = 0;       // user + system seconds
  long maxrss_kb = 0;   // peak resident set
};

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); }

long current_rss_kb() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// Runs argv with stdout and stderr into `log` (stderr into `err_log` when given);
// throws with the log's tail on failure.
ProcessRun run_process(const std::vector<std::string>& argv, const std::string& log, const std::string& err_log = "") {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::fflush(nullptr);  // or the child's freopen would write the driver's pending output again
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    if (std::freopen(log.c_str(), "w", stdout) == nullptr) _exit(127);
    if (err_log.empty() ? dup2(fileno(stdout), STDERR_FILENO) < 0
                        : std::freopen(err_log.c_str(), "w", stderr) == nullptr)
      _exit(127);
    execv(args[0], args.data());
    std::perror(args[0]);
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  if (wait4(pid, &status, 0, &ru) != pid) throw std::runtime_error(std::string("wait4: ") + std::strerror(errno));
  ProcessRun r;
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu = seconds(ru.ru_utime) + seconds(ru.ru_stime);
  r.maxrss_kb = ru.ru_maxrss;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream in(err_log.empty() ? log : err_log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.size() > 2000) text = "..." + text.substr(text.size() - 2000);
    throw std::runtime_error(fmt::format("{} failed ({}):\n{}", argv[0],
                                         WIFEXITED(status) ? fmt::format("exit {}", WEXITSTATUS(status))
                                                           : fmt::format("signal {}", WTERMSIG(status)),
                                         text));
  }
  return r;
}

// Plans and schedules are built in a child so that their memory never belongs to the driver.
void build_in_child(const std::string& what, const std::function<void()>& build) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    int code = 0;
    try {
      build();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "compare_simgrid: %s\n", e.what());
      code = 1;
    }
    std::fflush(nullptr);
    _exit(code);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("building " + what + " failed");
}

// ---------------------------------------------------------------------------
// One case, both sides.

struct Side {
  ProcessRun best;  // fastest of the repetitions (peak RSS: the largest)
  PlayResult result;
};

// Folds one run of a side into the side's best so far: the fastest wall time (with its CPU
// time), the largest peak, the latest result (every run of a side gives the same). The sides
// of a case run in interleaved rounds, one run each, so that a slow spell of the machine,
// which here lasts seconds to minutes, falls on all of them alike rather than on one side's
// whole series.
void keep_best(Side& best, Side run, bool first) {
  if (first || run.best.wall < best.best.wall) {
    best.best.wall = run.best.wall;
    best.best.cpu = run.best.cpu;
  }
  best.best.maxrss_kb = std::max(best.best.maxrss_kb, run.best.maxrss_kb);
  best.result = std::move(run.result);
}

// One run of a player.
Side run_side(const std::vector<std::string>& command, const std::string& plan, const std::string& out,
              long& driver_rss_kb) {
  std::vector<std::string> argv{command.front(), plan, out};
  argv.insert(argv.end(), command.begin() + 1, command.end());
  Side s;
  driver_rss_kb = std::max(driver_rss_kb, current_rss_kb());
  s.best = run_process(argv, out + ".log");
  s.result = mpnsim::bench::read_play_result(out);
  // The player's own peak when it reports one (ru_maxrss is at least the driver's size at fork).
  if (s.result.peak_rss_kb > 0) s.best.maxrss_kb = static_cast<long>(s.result.peak_rss_kb);
  return s;
}

// The `mpnsim dlt` command of a case: the same strategy, machine and load as
// the plan file, given as flags (co-processors and one port are the defaults).
std::vector<std::string> dlt_command(const std::string& mpnsim, const Case& c) {
  const Family& f = *c.family;
  const auto num = [](double x) { return fmt::format("{:.17g}", x); };
  return {mpnsim, "dlt", "--strategy", f.strategy, "--topology", f.topology, "--" + f.key, std::to_string(c.size),
          "--w", num(f.w), "--z", num(f.z), "--S", num(f.S), "--load", num(f.load), "--format", "json"};
}

// The "finish" array of the command's JSON report (one number per processor),
// read without a JSON library: the driver stays small for the next fork.
std::vector<double> read_json_finish(const std::string& path) {
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find("\"finish\": [");
  if (at == std::string::npos) throw std::runtime_error(path + ": no \"finish\" array");
  std::vector<double> out;
  const char* p = text.c_str() + at + 11;
  for (;;) {
    while (*p == ' ' || *p == '\n' || *p == ',') ++p;
    if (*p == ']') break;
    char* end = nullptr;
    out.push_back(std::strtod(p, &end));
    if (end == p) throw std::runtime_error(path + ": unreadable \"finish\" array");
    p = end;
  }
  return out;
}

// One run of the command, as users run it: the whole process, timed like the players; `read`
// takes the finish times from its report.
Side run_command(const std::vector<std::string>& argv, const std::string& out, long& driver_rss_kb,
                 const std::function<std::vector<double>(const std::string&)>& read = read_json_finish) {
  Side s;
  driver_rss_kb = std::max(driver_rss_kb, current_rss_kb());
  s.best = run_process(argv, out, out + ".log");
  s.result.finish = read(out);
  return s;
}

double rel(double a, double b) { return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300}); }

struct Row {
  std::string label;
  int processors = 0;
  Side mpnsim, simgrid;
  Side command;               // `mpnsim dlt` (when run)
  double diff_sides = 0;     // max over processors |mpnsim - SimGrid| / finish
  double diff_analytic = 0;  // max over processors and sides |finish - T| / T
  bool agree = false;
};

std::string human_time(double s) {
  if (s < 1) return fmt::format("{:.1f} ms", 1e3 * s);
  return fmt::format("{:.2f} s", s);
}

std::string human_mem(long kb) {
  if (kb < 10 * 1024) return fmt::format("{:.1f} MB", static_cast<double>(kb) / 1024);
  if (kb < 1024 * 1024) return fmt::format("{:.0f} MB", static_cast<double>(kb) / 1024);
  return fmt::format("{:.2f} GB", static_cast<double>(kb) / (1024 * 1024));
}

void print_header() {
  fmt::print("| plan | processors | events mpnsim / SimGrid | SimGrid steps | wall mpnsim | wall SimGrid | wall × | "
             "CPU × | peak RSS mpnsim | peak RSS SimGrid | RSS × | max rel diff | vs analytic T |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
}

// Ratios are SimGrid over mpnsim: how many times faster / smaller mpnsim is.
void print_row(const Row& r, const Side& side, const std::string& label) {
  const auto& m = side.best;
  const auto& g = r.simgrid.best;
  // The command does not report its events.
  const std::string events = side.result.events > 0 ? std::to_string(side.result.events) : "-";
  if (g.wall == 0) {  // SimGrid not run (--mpnsim-only)
    fmt::print("| {} | {} | {} / - | - | {} | - | - | - | {} | - | - | - | {:.1e} |\n", label, r.processors,
               events, human_time(m.wall), human_mem(m.maxrss_kb), r.diff_analytic);
    std::fflush(stdout);
    return;
  }
  fmt::print("| {} | {} | {} / {} | {} | {} | {} | {:.1f} | {:.1f} | {} | {} | {:.1f} | {:.1e} | {:.1e} |\n", label,
             r.processors, events, r.simgrid.result.events, r.simgrid.result.steps,
             human_time(m.wall), human_time(g.wall), g.wall / m.wall, g.cpu / m.cpu, human_mem(m.maxrss_kb),
             human_mem(g.maxrss_kb), static_cast<double>(g.maxrss_kb) / static_cast<double>(m.maxrss_kb),
             r.diff_sides, r.diff_analytic);
  std::fflush(stdout);
}

Row run_case(const Case& c, const std::string& dir, const std::vector<std::string>& play,
             const std::vector<std::string>& simgrid, const std::string& mpnsim, int repeat, long& driver_rss_kb) {
  const std::string base = fmt::format("{}/{}-{}", dir, c.family->topology, c.size);
  const std::string plan_path = base + ".plan";
  build_in_child("the plan of " + c.label(), [&] { write_case_plan(c, plan_path); });
  double T = 0;
  {
    std::ifstream in(plan_path);
    for (std::string key; in >> key;)
      if (key == "T_analytic") {
        in >> T;
        break;
      }
  }
  Row r;
  r.label = c.label();
  for (int round = 0; round < repeat; ++round) {
    const bool first = round == 0;
    keep_best(r.mpnsim, run_side(play, plan_path, base + ".mpnsim.out", driver_rss_kb), first);
    if (!simgrid.empty())
      keep_best(r.simgrid, run_side(simgrid, plan_path, base + ".simgrid.out", driver_rss_kb), first);
    if (!mpnsim.empty())
      keep_best(r.command, run_command(dlt_command(mpnsim, c), base + ".dlt.json", driver_rss_kb), first);
  }
  // Without SimGrid (--mpnsim-only) the mpnsim side is checked against the analytic T alone.
  if (simgrid.empty()) r.simgrid.result = r.mpnsim.result;
  const auto& a = r.mpnsim.result.finish;
  const auto& b = r.simgrid.result.finish;
  r.processors = static_cast<int>(a.size());
  if (a.size() != b.size()) throw std::runtime_error(r.label + ": the two sides report different processor counts");
  for (std::size_t i = 0; i < a.size(); ++i) {
    r.diff_sides = std::max(r.diff_sides, rel(a[i], b[i]));
    r.diff_analytic = std::max({r.diff_analytic, std::abs(a[i] - T) / T, std::abs(b[i] - T) / T});
  }
  // The command's finish times against SimGrid's (or, without SimGrid, the player's) and T.
  if (!mpnsim.empty()) {
    const auto& f = r.command.result.finish;
    if (f.size() != b.size()) throw std::runtime_error(r.label + ": `mpnsim dlt` reports a different processor count");
    for (std::size_t i = 0; i < f.size(); ++i) {
      r.diff_sides = std::max(r.diff_sides, rel(f[i], b[i]));
      r.diff_analytic = std::max(r.diff_analytic, std::abs(f[i] - T) / T);
    }
  }
  r.agree = r.diff_sides <= mpnsim::kTimeRelTol && (!simgrid.empty() || r.diff_analytic <= mpnsim::kTimeRelTol);
  return r;
}

// ---------------------------------------------------------------------------
// DAG schedules: one schedule file replayed by both players, task by task.

struct DagRow {
  mpnsim::bench::DagCase spec;
  Side mpnsim, simgrid;  // simgrid: not run with --mpnsim-only
  Side command;          // `mpnsim dag` (when run): result.finish holds its replayed makespan alone
  double diff = 0;       // max over tasks |mpnsim - SimGrid| / finish
  double command_diff = 0;  // |command's replayed makespan - the player's| / makespan
  bool agree = false;
};

// `mpnsim dag` on the case's graph as users run it: generated, scheduled, checked and
// replayed by the command itself, the JSON report written. Its graph is the case's but for
// the data, which the schedule file rounds to whole bytes of its unit (relative 2^-48).
std::vector<std::string> dag_command(const std::string& mpnsim, const mpnsim::bench::DagCase& c) {
  const auto num = [](double x) { return fmt::format("{:.17g}", x); };
  return {mpnsim, "dag", "--generate", "--tasks", std::to_string(c.tasks), "--integer", "false",
          "--workload.seed", std::to_string(c.seed), "--topology", "hypercube", "--dim", std::to_string(c.dim),
          "--z", num(c.z), "--S", num(c.latency), "--scheduler", c.scheduler, "--format", "json"};
}

// A number of the command's JSON report by key, read without a JSON library.
double read_json_number(const std::string& path, const std::string& key) {
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find("\"" + key + "\": ");
  if (at == std::string::npos) throw std::runtime_error(path + ": no \"" + key + "\"");
  const char* p = text.c_str() + at + key.size() + 4;
  char* end = nullptr;
  const double x = std::strtod(p, &end);
  if (end == p) throw std::runtime_error(path + ": unreadable \"" + key + "\"");
  return x;
}


DagRow run_dag_case(const mpnsim::bench::DagCase& c, const std::string& dir, const std::string& play,
                    const std::string& simgrid, const std::string& mpnsim, int repeat, long& driver_rss_kb) {
  const std::string base = fmt::format("{}/dag-{}-d{}-{}", dir, c.scheduler, c.dim, c.tasks);
  const std::string file = base + ".schedule";
  build_in_child("the schedule of " + c.label(), [&] { mpnsim::bench::write_dag_case(c, file); });
  DagRow r;
  r.spec = c;
  const auto makespan = [](const std::string& out) {
    return std::vector<double>{read_json_number(out, "replayed_makespan")};
  };
  for (int round = 0; round < repeat; ++round) {
    const bool first = round == 0;
    keep_best(r.mpnsim, run_side({play}, file, base + ".mpnsim.out", driver_rss_kb), first);
    if (!mpnsim.empty())
      keep_best(r.command, run_command(dag_command(mpnsim, c), base + ".dag.json", driver_rss_kb, makespan), first);
    if (!simgrid.empty()) keep_best(r.simgrid, run_side({simgrid}, file, base + ".simgrid.out", driver_rss_kb), first);
  }
  // The command's replayed makespan against the player's: the same graph but for the data's
  // rounding, so equal to well within 1e-9 unless a near-tie turned the other way.
  bool command_agrees = true;
  if (!mpnsim.empty()) {
    const auto& f = r.mpnsim.result.finish;
    const double player = f.empty() ? 0 : *std::max_element(f.begin(), f.end());
    r.command_diff = rel(r.command.result.finish.front(), player);
    command_agrees = r.command_diff <= mpnsim::kTimeRelTol;
  }
  if (simgrid.empty()) {
    r.agree = command_agrees;  // nothing else to compare with
    return r;
  }
  const auto& a = r.mpnsim.result.finish;
  const auto& b = r.simgrid.result.finish;
  if (a.size() != b.size()) throw std::runtime_error(c.label() + ": the two sides report different task counts");
  for (std::size_t i = 0; i < a.size(); ++i) r.diff = std::max(r.diff, rel(a[i], b[i]));
  // Both count every task and every hop once.
  r.agree = command_agrees && r.diff <= mpnsim::kTimeRelTol && r.mpnsim.result.events == r.simgrid.result.events;
  return r;
}

void print_dag_header() {
  fmt::print("| schedule | tasks | delayed by contention | replayed / estimated makespan | activities mpnsim / SimGrid | SimGrid steps | wall mpnsim | wall SimGrid | wall × | "
             "CPU × | peak RSS mpnsim | peak RSS SimGrid | RSS × | max rel diff | bytes per task | ns per activity |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
}

void print_dag_row(const DagRow& r, const Side& side, const std::string& label) {
  const auto& m = side.best;
  const auto& g = r.simgrid.best;
  const std::size_t tasks = r.mpnsim.result.finish.size();
  const auto& f = r.mpnsim.result.finish;
  const double makespan = f.empty() ? 0 : *std::max_element(f.begin(), f.end());
  const std::string contention = fmt::format("{} | {:.3f}", r.mpnsim.result.delayed, makespan / r.mpnsim.result.estimate);
  const bool command = &side == &r.command;
  // The command does not report its activities; its difference is its makespan's from the player's.
  const std::string events = command ? "-" : std::to_string(side.result.events);
  const double diff = command ? r.command_diff : r.diff;
  // The whole process's peak over the tasks, and its wall time over the activities played
  // (tasks and hops, the player's count: the command plays the same ones).
  const std::string per = fmt::format(
      "{:.0f} | {:.0f}", 1024.0 * static_cast<double>(m.maxrss_kb) / static_cast<double>(tasks),
      1e9 * m.wall / static_cast<double>(r.mpnsim.result.events));
  if (g.wall == 0) {  // --mpnsim-only
    fmt::print("| {} | {} | {} | {} / - | - | {} | - | - | - | {} | - | - | {} | {} |\n", label, tasks, contention,
               events, human_time(m.wall), human_mem(m.maxrss_kb), command ? fmt::format("{:.1e}", diff) : "-", per);
  } else {
    fmt::print("| {} | {} | {} | {} / {} | {} | {} | {} | {:.1f} | {:.1f} | {} | {} | {:.1f} | {:.1e} | {} |\n", label,
               tasks, contention, events, r.simgrid.result.events, r.simgrid.result.steps, human_time(m.wall),
               human_time(g.wall), g.wall / m.wall, g.cpu / m.cpu, human_mem(m.maxrss_kb), human_mem(g.maxrss_kb),
               static_cast<double>(g.maxrss_kb) / static_cast<double>(m.maxrss_kb), diff, per);
  }
  std::fflush(stdout);
}

std::vector<std::string> parse_words(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty() || text == "none") return out;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t comma = text.find(',', pos);
    out.push_back(text.substr(pos, comma - pos));
    if (comma == std::string::npos) return out;
    pos = comma + 1;
  }
}

std::vector<int> parse_sizes(const std::string& text) {
  std::vector<int> out;
  if (text.empty() || text == "none") return out;
  if (const auto colon = text.find(':'); colon != std::string::npos) {
    const int a = std::stoi(text.substr(0, colon)), b = std::stoi(text.substr(colon + 1));
    for (int v = a; v <= b; ++v) out.push_back(v);
    return out;
  }
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t comma = text.find(',', pos);
    out.push_back(static_cast<int>(std::stod(text.substr(pos, comma - pos))));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

}  // namespace

int main(int argc, char** argv) {
  // A fixed mmap threshold: the result vectors read back after each case go
  // back to the system when freed, so the driver stays small for the next fork.
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  const fs::path here = fs::canonical("/proc/self/exe").parent_path();
  Family cube{"hypercube-nlf", "hypercube", "dim", 1.0, 1e-7, 1e-8, 1.0};
  Family star{"star-sequential", "star", "n", 1.0, 1e-8, 1e-12, 1.0};
  std::string dims = "10:18", stars = "1000,10000,100000";
  std::string play = (here / "play_plan").string(), simgrid = (here / "simgrid_scatter").string();
  std::string play_dag = (here / "play_dag").string(), simgrid_dag = (here / "simgrid_dag").string();
  std::string dag_tasks = "10000,100000", dag_dims = "6,8", dag_schedulers = "heft,lps";
  mpnsim::bench::DagCase dag_defaults;
  std::string mpnsim = (here.parent_path() / "mpnsim").string();
  bool no_command = false;
  std::string workdir;
  int repeat = 1;
  bool keep = false, tree_links = false, mpnsim_only = false;

  CLI::App app{"Plays mpnsim's divisible-load plans in mpnsim and in SimGrid, each as its own process, checks\n"
               "that every finish time agrees to a relative 1e-9 and prints a Markdown table."};
  app.add_option("--dims", dims, "hypercube-nlf dimensions: A:B or a list (none: skip)")->capture_default_str();
  app.add_option("--star", stars, "star-sequential sizes, processors in all (none: skip)")->capture_default_str();
  app.add_option("--cube-w", cube.w, "hypercube: w (Tcp = 1)")->capture_default_str();
  app.add_option("--cube-z", cube.z, "hypercube: z (Tcm = 1)")->capture_default_str();
  app.add_option("--cube-S", cube.S, "hypercube: startup per message")->capture_default_str();
  app.add_option("--star-w", star.w, "star: w")->capture_default_str();
  app.add_option("--star-z", star.z, "star: z")->capture_default_str();
  app.add_option("--star-S", star.S, "star: startup per message")->capture_default_str();
  app.add_option("--dag-tasks", dag_tasks, "DAG replay: task counts of the generated graphs (none: skip)")
      ->capture_default_str();
  app.add_option("--dag-dims", dag_dims, "DAG replay: hypercube dimensions")->capture_default_str();
  app.add_option("--dag-schedulers", dag_schedulers, "DAG replay: the schedulers whose schedules are replayed")
      ->capture_default_str();
  app.add_option("--dag-z", dag_defaults.z, "DAG replay: z of every link (Tcm = 1; work is 1..10)")->capture_default_str();
  app.add_option("--dag-S", dag_defaults.latency, "DAG replay: startup per hop")->capture_default_str();
  app.add_option("--dag-seed", dag_defaults.seed, "DAG replay: the generator's seed")->capture_default_str();
  app.add_option("--repeat", repeat,
                 "rounds, each running every side of a case once (interleaved, so that a slow spell of the machine "
                 "falls on all sides); each side's fastest wall time is kept")->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--play-plan", play, "the mpnsim player")->capture_default_str();
  app.add_option("--simgrid", simgrid, "the SimGrid player")->capture_default_str();
  app.add_option("--play-dag", play_dag, "the mpnsim DAG schedule player")->capture_default_str();
  app.add_option("--simgrid-dag", simgrid_dag, "the SimGrid DAG schedule player")->capture_default_str();
  app.add_option("--mpnsim", mpnsim, "the mpnsim command line, run as `mpnsim dlt ... --format json` beside the "
                 "players")->capture_default_str();
  app.add_flag("--no-command", no_command, "players only: leave out the `mpnsim dlt` and `mpnsim dag` rows");
  app.add_option("--workdir", workdir, "where plan and result files go (default: a fresh directory in /tmp)");
  app.add_flag("--keep", keep, "keep the plan and result files (and each side's log: phase times)");
  app.add_flag("--mpnsim-tree-links", tree_links,
               "mpnsim: only the links the plan uses, like the SimGrid platform (default: the whole network)");
  app.add_flag("--mpnsim-only", mpnsim_only,
               "run only the mpnsim side, checked against the analytic T (for sizes SimGrid would take minutes on)");
  CLI11_PARSE(app, argc, argv);
  if (mpnsim_only) {
    simgrid.clear();
    simgrid_dag.clear();
  }
  if (no_command) mpnsim.clear();

  const bool own_dir = workdir.empty();
  if (own_dir) {
    // A fresh directory of our own (mkdtemp): never a path someone else made or linked.
    std::string pattern = (fs::temp_directory_path() / "mpnsim-compare-simgrid-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      fmt::print(stderr, "compare_simgrid: cannot make a directory {}: {}\n", pattern, std::strerror(errno));
      return 1;
    }
    workdir = pattern;
  }
  try {
    std::vector<Case> cases;
    for (int d : parse_sizes(dims)) cases.push_back({&cube, d});
    for (int n : parse_sizes(stars)) cases.push_back({&star, n});
    std::vector<mpnsim::bench::DagCase> dag_cases;
    for (int tasks : parse_sizes(dag_tasks))
      for (int d : parse_sizes(dag_dims))
        for (const std::string& scheduler : parse_words(dag_schedulers)) {
          mpnsim::bench::DagCase c = dag_defaults;
          c.scheduler = scheduler;
          c.dim = d;
          c.tasks = tasks;
          dag_cases.push_back(c);
        }
    fs::create_directories(workdir);

    fmt::print("mpnsim vs SimGrid, same plans, one process per side ({}; repeat {})\n", cpu_model(), repeat);
    fmt::print("hypercube-nlf: w={} z={} S={} V={}; star-sequential: w={} z={} S={} V={}\n", cube.w, cube.z, cube.S,
               cube.load, star.w, star.z, star.S, star.load);
    fmt::print("mpnsim player's network: {}; SimGrid platform: the plan's links (star zone, one link into each "
               "processor)\n",
               tree_links ? "the plan's links only (--mpnsim-tree-links)" : "the whole hypercube / star");
    if (!mpnsim.empty())
      fmt::print("`mpnsim dlt` rows: {} dlt --strategy S --topology T ... --format json, the whole process "
                 "(peak RSS: wait4's ru_maxrss)\n", mpnsim);
    fmt::print("\n");
    if (!cases.empty()) print_header();
    long driver_rss_kb = 0;
    bool all_agree = true;
    for (const Case& c : cases) {
      std::vector<std::string> play_command{play};
      if (tree_links) play_command.emplace_back("--tree-links");
      const Row r = run_case(c, workdir, play_command, simgrid.empty() ? std::vector<std::string>{}
                                                                        : std::vector<std::string>{simgrid},
                             mpnsim, repeat, driver_rss_kb);
      print_row(r, r.mpnsim, r.label + (tree_links ? ", player (plan's links)" : ", player (whole network)"));
      if (!mpnsim.empty()) print_row(r, r.command, r.label + ", `mpnsim dlt` (whole process)");
      all_agree = all_agree && r.agree;
    }
    if (!dag_cases.empty()) {
      fmt::print("\nDAG schedules replayed (random DAGs, degrees <= 3, work and data real on 1..10; z={} S={}; w=1, "
                 "co-processors, a port per link, store-and-forward on mpnsim's routes; mpnsim: bench/play_dag, the "
                 "whole hypercube and mpnsim::replay; SimGrid: bench/simgrid_dag, a mutex per link direction)\n\n",
                 dag_defaults.z, dag_defaults.latency);
      if (!mpnsim.empty())
        fmt::print("`mpnsim dag` rows: {} dag --generate --tasks N --integer false --workload.seed SEED --topology "
                   "hypercube --dim d --z Z --S S --scheduler X --format json, the whole process (generate, schedule, "
                   "check, replay, report); its max rel diff is its replayed makespan's from the player's\n\n",
                   mpnsim);
      print_dag_header();
      for (const auto& c : dag_cases) {
        const DagRow r = run_dag_case(c, workdir, play_dag, simgrid_dag, mpnsim, repeat, driver_rss_kb);
        print_dag_row(r, r.mpnsim, r.spec.label() + ", player");
        if (!mpnsim.empty()) print_dag_row(r, r.command, r.spec.label() + ", `mpnsim dag` (whole process)");
        all_agree = all_agree && r.agree;
      }
    }
    fmt::print("\nFinish times {} within relative {:g} on every processor of every plan and every task of every "
               "schedule{}.\n",
               all_agree ? "agree" : "DO NOT agree", mpnsim::kTimeRelTol,
               mpnsim_only ? " (mpnsim against the analytic T; SimGrid not run)" : "");
    fmt::print("Peak RSS is each player's own high-water mark (VmHWM at its end); wait4's ru_maxrss would be at least\n"
               "the driver's {} resident at fork, which Linux charges to the child until exec.\n",
               human_mem(driver_rss_kb));
    if (own_dir && !keep) fs::remove_all(workdir);
    else fmt::print("Files kept in {}\n", workdir);
    return all_agree ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "compare_simgrid: %s\n", e.what());
    std::error_code ignored;
    if (own_dir && !keep) fs::remove_all(workdir, ignored);
    return 1;
  }
}
