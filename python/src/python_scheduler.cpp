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
#include "problem_view.hpp"

namespace py = pybind11;

namespace mpnsim::python {

namespace {

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
      remember_python_error(e);
      throw;
    }
  }
  return builder.take();
}

std::atomic<int> runs_in_progress{0};

}  // namespace

RunInProgress::RunInProgress() { ++runs_in_progress; }
RunInProgress::~RunInProgress() { --runs_in_progress; }
bool RunInProgress::any() { return runs_in_progress.load() > 0; }

void forget_python_error() { first_error() = py::none(); }

void remember_python_error(const py::error_already_set& e) {
  if (first_error().is_none()) first_error() = e.value();
}

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
