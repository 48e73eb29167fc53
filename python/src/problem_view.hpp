// The view of a DAG problem that Python schedulers and online policies are given, and its lifetime guard.
#pragma once

#include <memory>

#include <fmt/format.h>
#include <pybind11/pybind11.h>

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim::python {

namespace py = pybind11;

// Both views point into the C++ run, which ends when the function returns: a view kept
// beyond it refuses to be used instead of reading freed memory.
struct Lifetime {
  std::shared_ptr<bool> alive = std::make_shared<bool>(true);
  void check() const {
    if (*alive) return;
    PyErr_SetString(PyExc_RuntimeError, "this problem or builder belongs to a scheduler or policy call that has returned");
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

// range(n) of Python's builtins.
inline pybind11::object py_range(int n) { return pybind11::module_::import("builtins").attr("range")(n); }

// The class Problem (the view above) of the module, for DAG schedulers and online policies alike.
void bind_problem_view(pybind11::module_& m);

}  // namespace mpnsim::python
