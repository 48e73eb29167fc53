// The views a Python scheduler works through, and its entry in the C++ registry of DAG schedulers.
#include "python_scheduler.hpp"

#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"

namespace py = pybind11;

namespace mpnsim::python {

namespace {

// Both views point into the C++ run, which ends when the function returns: a view kept
// beyond it refuses to be used instead of reading freed memory.
struct Lifetime {
  std::shared_ptr<bool> alive = std::make_shared<bool>(true);
  void check() const {
    if (*alive) return;
    PyErr_SetString(PyExc_RuntimeError, "this problem or builder belongs to a scheduler call that has returned");
    throw py::error_already_set();
  }
};

struct ProblemView {
  const DagProblem* problem;
  Lifetime life;

  const DagProblem& get() const {
    life.check();
    return *problem;
  }
  int task(int t) const {
    if (t < 0 || t >= get().graph.size())
      throw py::index_error(fmt::format("task {} is not one of the {} tasks", t, get().graph.size()));
    return t;
  }
  int processor(int p) const {
    if (p < 0 || p >= get().processors())
      throw py::index_error(fmt::format("processor {} is not one of the {} processors", p, get().processors()));
    return p;
  }
  int edge(const py::handle& e) const {
    const TaskGraph& g = get().graph;
    if (py::isinstance<py::int_>(e)) {
      const int i = e.cast<int>();
      if (i < 0 || i >= g.edge_count())
        throw py::index_error(fmt::format("edge {} is not one of the {} edges", i, g.edge_count()));
      return i;
    }
    const auto [from, to] = e.cast<std::pair<int, int>>();
    for (int i : g.out_edges(task(from)))
      if (g.edge(i).to == to) return i;
    throw py::value_error(fmt::format("no edge from task {} to task {}", from, to));
  }
};

struct BuilderView {
  ScheduleBuilder* builder;
  Lifetime life;

  ScheduleBuilder& get() const {
    life.check();
    return *builder;
  }
  int task(int t) const { return ProblemView{&get().problem(), life}.task(t); }
  int processor(int p) const { return ProblemView{&get().problem(), life}.processor(p); }
  // The builder's times need every predecessor placed (its C++ callers guarantee it).
  int ready_task(int t) const {
    const TaskGraph& g = get().problem().graph;
    for (int e : g.in_edges(task(t)))
      if (!get().placed(g.edge(e).from))
        throw py::value_error(fmt::format("task {} ({}): its predecessor {} ({}) is not placed yet", t,
                                          g.task(t).name, g.edge(e).from, g.task(g.edge(e).from).name));
    return t;
  }
};

// Python schedulers by name. The registry's entry calls through this map, so that a name
// registered again (a notebook cell run twice) takes the new function.
std::map<std::string, py::object*>& functions() {
  static std::map<std::string, py::object*> f;
  return f;
}

// The first exception a Python scheduler raised since forget_python_error (guarded by the GIL).
py::object& first_error() {
  static py::object* e = new py::object(py::none());  // never destroyed without the GIL
  return *e;
}

Schedule run_python_scheduler(const std::string& name, const DagProblem& problem) {
  ScheduleBuilder builder(problem, name);
  {
    py::gil_scoped_acquire gil;
    const Lifetime life;
    struct Expire {
      const Lifetime& life;
      ~Expire() { *life.alive = false; }
    } expire{life};
    py::object function = *functions().at(name);
    try {
      function(ProblemView{&problem, life}, BuilderView{&builder, life});
    } catch (py::error_already_set& e) {
      if (first_error().is_none()) first_error() = e.value();
      throw;
    }
  }
  return builder.take();
}

std::atomic<int> runs_in_progress{0};

py::object range(int n) { return py::module_::import("builtins").attr("range")(n); }

}  // namespace

RunInProgress::RunInProgress() { ++runs_in_progress; }
RunInProgress::~RunInProgress() { --runs_in_progress; }

void forget_python_error() { first_error() = py::none(); }

py::object take_python_error() {
  py::object e = first_error();
  forget_python_error();
  return e;
}

void register_python_scheduler(const std::string& name, const std::string& description, py::function function) {
  if (name.empty()) throw std::invalid_argument("a scheduler needs a name");
  auto& f = functions();
  if (auto it = f.find(name); it != f.end()) {
    *it->second = std::move(function);
    return;
  }
  if (runs_in_progress.load() > 0)
    throw std::runtime_error("a new DAG scheduler cannot be registered while a run is in progress in another thread");
  DagSchedulerEntry entry;
  entry.name = name;
  entry.description = description;
  entry.schedule = [name](const DagProblem& problem, const ParamSet&) { return run_python_scheduler(name, problem); };
  register_dag_scheduler(std::move(entry));  // refuses a built-in name
  // Kept for the life of the process, like the registry's entry (never destroyed without the GIL).
  f[name] = new py::object(std::move(function));
}

void bind_python_scheduler(py::module_& m) {
  py::class_<ProblemView>(m, "Problem", "What a Python DAG scheduler schedules: the graph, the machine, their costs.")
      .def_property_readonly("tasks", [](const ProblemView& v) { return range(v.get().graph.size()); },
                             "range of the task indices")
      .def_property_readonly("processors", [](const ProblemView& v) { return range(v.get().processors()); },
                             "range of the processor indices")
      .def_property_readonly("edges", [](const ProblemView& v) {
        std::vector<std::tuple<int, int, double>> out;
        for (const DagEdge& e : v.get().graph.edges()) out.emplace_back(e.from, e.to, e.data);
        return out;
      }, "(from, to, data) of every edge, by edge index")
      .def_property_readonly("comm", [](const ProblemView& v) {
        return v.get().options.model == CommModel::contention ? "contention" : "free";
      }, "free or contention: how the builder books messages")
      .def("name", [](const ProblemView& v, int t) { return v.get().graph.task(v.task(t)).name; }, py::arg("task"))
      .def("work", [](const ProblemView& v, int t) { return v.get().graph.task(v.task(t)).work; }, py::arg("task"))
      .def("predecessors", [](const ProblemView& v, int t) {
        std::vector<int> out;
        for (int e : v.get().graph.in_edges(v.task(t))) out.push_back(v.get().graph.edge(e).from);
        return out;
      }, py::arg("task"))
      .def("successors", [](const ProblemView& v, int t) {
        std::vector<int> out;
        for (int e : v.get().graph.out_edges(v.task(t))) out.push_back(v.get().graph.edge(e).to);
        return out;
      }, py::arg("task"))
      .def("in_edges", [](const ProblemView& v, int t) {
        const auto s = v.get().graph.in_edges(v.task(t));
        return std::vector<int>(s.begin(), s.end());
      }, py::arg("task"), "indices of the edges into the task")
      .def("out_edges", [](const ProblemView& v, int t) {
        const auto s = v.get().graph.out_edges(v.task(t));
        return std::vector<int>(s.begin(), s.end());
      }, py::arg("task"), "indices of the edges out of the task")
      .def("exec_time", [](const ProblemView& v, int t, int p) { return v.get().exec_time(v.task(t), v.processor(p)); },
           py::arg("task"), py::arg("processor"))
      .def("mean_exec_time", [](const ProblemView& v, int t) { return v.get().mean_exec_time(v.task(t)); },
           py::arg("task"))
      .def("comm_time", [](const ProblemView& v, const py::handle& e, int p, int q) {
        return v.get().edge_delay(v.edge(e), v.processor(p), v.processor(q));
      }, py::arg("edge"), py::arg("p"), py::arg("q"),
           "contention-free time of the edge's data from p to q (0 when p == q); the edge by index or (from, to)")
      .def("topological_order", [](const ProblemView& v) { return topological_order(v.get().graph); });

  py::class_<BuilderView>(m, "Builder", "The list schedulers' ScheduleBuilder: times from placements, and placing.")
      .def("data_ready", [](const BuilderView& b, int t, int p) {
        return b.get().data_ready(b.ready_task(t), b.processor(p));
      }, py::arg("task"), py::arg("processor"), "when the data of every predecessor is at the processor")
      .def("processor_ready", [](const BuilderView& b, int p) { return b.get().processor_ready(b.processor(p)); },
           py::arg("processor"), "when the processor finishes its last task")
      .def("earliest_start", [](const BuilderView& b, int t, int p) {
        return b.get().earliest_start(b.ready_task(t), b.processor(p));
      }, py::arg("task"), py::arg("processor"), "max(data_ready, processor_ready): appending to the processor")
      .def("insertion_start", [](const BuilderView& b, int t, int p) {
        return b.get().insertion_start(b.ready_task(t), b.processor(p));
      }, py::arg("task"), py::arg("processor"), "the earliest idle gap from data_ready that holds the task (HEFT)")
      .def("best_processor", [](const BuilderView& b, int t, bool by_finish, bool insertion) {
        const auto c = b.get().best_processor(b.ready_task(t), by_finish, insertion);
        return std::make_tuple(c.processor, c.start, c.finish);
      }, py::arg("task"), py::arg("by_finish") = true, py::arg("insertion") = true,
           "(processor, start, finish) where the task finishes (or starts) first")
      .def("place", [](const BuilderView& b, int t, int p, double start) {
        ScheduleBuilder& s = b.get();
        if (s.placed(b.task(t))) throw py::value_error(fmt::format("task {} is already placed", t));
        b.ready_task(t);
        b.processor(p);
        if (!std::isfinite(start) || start < 0)
          throw py::value_error(fmt::format("task {}: start {} is not a time (finite, at least 0)", t, start));
        s.place(t, p, start);
      }, py::arg("task"), py::arg("processor"), py::arg("start"))
      .def("placed", [](const BuilderView& b, int t) { return b.get().placed(b.task(t)); }, py::arg("task"))
      .def("placement", [](const BuilderView& b, int t) -> py::object {
        if (!b.get().placed(b.task(t))) return py::none();
        const TaskPlacement& p = b.get().placement(t);
        return py::make_tuple(p.processor, p.start, p.finish);
      }, py::arg("task"), "(processor, start, finish), or None before the task is placed");
}

}  // namespace mpnsim::python
