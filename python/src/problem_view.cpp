// The class Problem of the module: a read-only view of a DAG problem (graph, machine, costs).
#include "problem_view.hpp"

#include <tuple>
#include <vector>

#include <pybind11/stl.h>


namespace mpnsim::python {

void bind_problem_view(py::module_& m) {
  py::class_<ProblemView>(m, "Problem", "What a Python DAG scheduler or online policy schedules: the graph, the machine, their costs.")
      .def_property_readonly("tasks", [](const ProblemView& v) { return py_range(v.get().graph.size()); },
                             "range of the task indices")
      .def_property_readonly("processors", [](const ProblemView& v) { return py_range(v.get().processors()); },
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
}

}  // namespace mpnsim::python
