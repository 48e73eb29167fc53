// The module's runs: YAML and options built as the commands build them, then the commands' own code.
#include "runs.hpp"

#include <iomanip>
#include <sstream>

#include <pybind11/stl.h>

#include "experiments/kinds/dag/dag_report.hpp"
#include "experiments/kinds/dag/dag_work_estimate.hpp"
#include "experiments/kinds/divisible/dlt_command.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/kinds/task_tree/tree_command.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/run/runner.hpp"
#include "errors.hpp"
#include "interrupt_relay.hpp"
#include "python_scheduler.hpp"

namespace py = pybind11;

namespace mpnsim::python {

py::tuple schedule_dag(const GraphHandle& graph, const MachineHandle& machine, const std::string& scheduler,
                       const TextParams& params) try {
  YAML::Node config(YAML::NodeType::Map);
  config["machine"] = YAML::Clone(machine.node);
  YAML::Node s(YAML::NodeType::Map);
  s["name"] = scheduler;
  for (const auto& [name, value] : params) {
    if (name == "ec_ratio" || name == "ccr" || name == "timing") config[name] = value;
    else s[name] = value;
  }
  config["scheduler"] = s;
  const RunInProgress running;
  std::string json;
  std::vector<std::string> task;
  std::vector<int> processor;
  std::vector<double> start, finish, replayed;
  {
    // A Python scheduler takes the lock back while it runs (python_scheduler.cpp).
    const SigintRelay relay;
    py::gil_scoped_release release;
    const YamlSource src("command line");
    const DagSetup setup = read_dag_setup(src, config, graph.workload);
    check_costs_fit(*graph.graph, setup.machine.spec);
    if (const std::string problem = dag_work_problem(setup); !problem.empty()) throw ParamError("scheduler", problem);
    DagRun r = run_dag(setup, *graph.graph, false);  // no timeline: the result reports none
    r.graph_seed = graph.graph_seed;
    std::ostringstream out;
    out << std::setw(2) << dag_json(r, setup.timing);
    json = out.str();
    for (int t = 0; t < r.graph.size(); ++t) {
      const TaskPlacement& p = r.schedule.tasks[static_cast<std::size_t>(t)];
      task.emplace_back(r.graph.task(t).name);
      processor.push_back(p.processor);
      start.push_back(p.start);
      finish.push_back(p.finish);
      replayed.push_back(r.replay.finish[static_cast<std::size_t>(t)]);
    }
  }
  py::dict columns;
  columns["task"] = task;
  columns["processor"] = processor;
  columns["start"] = start;
  columns["finish"] = finish;
  columns["replayed_finish"] = replayed;
  return py::make_tuple(json, columns);
} catch (const std::bad_alloc&) {
  raise_out_of_memory("mpnsim.schedule");
}

std::string run_divisible(const std::string& strategy, const MachineHandle& machine, double load,
                          std::optional<int> source, const TextParams& params) try {
  DltCommandOptions o;
  o.strategy = strategy;
  o.machine = YAML::Clone(machine.node);
  o.load = load;
  o.source = source;
  o.format = "json";
  for (const auto& [name, value] : params) {
    o.extras.push_back("--strategy." + name);
    o.extras.push_back(value);
  }
  const SigintRelay relay;
  py::gil_scoped_release release;
  std::ostringstream out;
  dlt_command_throwing(o, out);
  return out.str();
} catch (const std::bad_alloc&) {
  raise_out_of_memory("mpnsim.divisible");
}

std::string run_task_tree(const std::vector<std::string>& args, std::optional<std::uint64_t> seed,
                          const TreeExecutionFlags& x) try {
  TreeCommandOptions o;
  o.format = "json";
  o.seed = seed;
  o.args = args;
  o.execute = x.execute;
  o.grain = x.grain;
  o.S = x.S;
  o.C = x.C;
  o.task_size = x.task_size;
  o.result_size = x.result_size;
  o.coprocessor = x.coprocessor;
  o.send_ports = x.send_ports;
  o.recv_ports = x.recv_ports;
  const SigintRelay relay;
  py::gil_scoped_release release;
  std::ostringstream out;
  tree_command_throwing(o, out);
  return out.str();
} catch (const std::bad_alloc&) {
  raise_out_of_memory("mpnsim.task_tree");
}

namespace {

using ExperimentResults = std::pair<std::vector<std::pair<std::string, std::string>>, std::vector<std::string>>;

ExperimentResults run_experiment_unlocked(const std::string& path, const std::string& output) {
  // Empty would mean the command's default, results/<name>/ in the current directory.
  if (output.empty()) throw std::invalid_argument("run_experiment: output: expected the path of a directory, got ''");
  const ExperimentFile f = load_experiment_file(path, {}, experiment_kind_keys);
  const std::vector<PreparedExperiment> prepared = prepare_experiments(f);
  RunOptions options;
  options.output_dir = output;
  options.progress = false;
  if (const std::string problem = replace_problem(output_dir_of(f, options)); !problem.empty())
    throw std::invalid_argument("output directory " + output + ": " + problem);
  std::vector<std::string> problems = run_experiments(f, prepared, options);
  std::vector<std::pair<std::string, std::string>> results;
  for (const auto& e : f.experiments) results.emplace_back(e.name, f.suite ? e.name + "/results.csv" : "results.csv");
  return {results, problems};
}

}  // namespace

ExperimentResults run_experiment_file(const std::string& path, const std::string& output) {
  const RunInProgress running;
  forget_python_error();
  try {
    const SigintRelay relay;
    py::gil_scoped_release release;
    return run_experiment_unlocked(path, output);
  } catch (const std::bad_alloc&) {
    raise_out_of_memory("mpnsim.run_experiment");
  } catch (const std::runtime_error& e) {
    // A Python scheduler's exception, which the runner reported with the point it stopped: the
    // exception itself, the runner's words as a note (Python 3.11's add_note).
    py::object raised = take_python_error();
    if (raised.is_none()) throw;
    if (py::hasattr(raised, "add_note")) raised.attr("add_note")(std::string("mpnsim: ") + e.what());
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(raised.ptr())), raised.ptr());
    throw py::error_already_set();
  }
}

}  // namespace mpnsim::python
