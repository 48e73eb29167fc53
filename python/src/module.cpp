// The _mpnsim extension: the C++ core behind the mpnsim package (mpnsim/__init__.py gives it its Python shape).
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "errors.hpp"
#include "handles.hpp"
#include "problem_view.hpp"
#include "python_policy.hpp"
#include "python_scheduler.hpp"
#include "runs.hpp"
#include "stream_run.hpp"
#include "schedulers/online/online_policies.hpp"
#include "schedulers/registry.hpp"
#include "workloads/dag/dot_format.hpp"

namespace py = pybind11;
using namespace mpnsim;
using namespace mpnsim::python;

PYBIND11_MODULE(_mpnsim, m) {
  m.doc() = "mpnsim's C++ core; use it through the mpnsim package";
  m.attr("__version__") = MPNSIM_VERSION;
  bind_errors(m);
  bind_problem_view(m);
  bind_python_scheduler(m);
  bind_python_policy(m);

  py::class_<MachineHandle>(m, "MachineHandle")
      .def_readonly("topology", &MachineHandle::topology)
      .def_readonly("network", &MachineHandle::network)
      .def_readonly("processors", &MachineHandle::processors)
      .def("yaml", [](const MachineHandle& h) {
        YAML::Emitter out;
        out << YAML::Flow << h.node;
        return std::string(out.c_str());
      });
  m.def("make_machine", &make_machine);

  py::class_<GraphHandle>(m, "GraphHandle")
      .def_property_readonly("name", [](const GraphHandle& g) { return g.graph->name(); })
      .def_property_readonly("size", [](const GraphHandle& g) { return g.graph->size(); })
      .def_property_readonly("edge_count", [](const GraphHandle& g) { return g.graph->edge_count(); })
      .def_property_readonly("graph_seed", [](const GraphHandle& g) { return g.graph_seed; })
      .def_property_readonly("names", [](const GraphHandle& g) {
        std::vector<std::string> out;
        for (int t = 0; t < g.graph->size(); ++t) out.emplace_back(g.graph->task(t).name);
        return out;
      })
      .def_property_readonly("work", [](const GraphHandle& g) {
        std::vector<double> out;
        for (int t = 0; t < g.graph->size(); ++t) out.push_back(g.graph->task(t).work);
        return out;
      })
      .def_property_readonly("edges", [](const GraphHandle& g) {
        std::vector<std::tuple<int, int, double>> out;
        for (const auto& e : g.graph->edges()) out.emplace_back(e.from, e.to, e.data);
        return out;
      })
      .def_property_readonly("has_costs", [](const GraphHandle& g) { return g.graph->costs() != nullptr; })
      .def_property_readonly("t1", [](const GraphHandle& g) { return graph_t1(*g.graph); })
      .def_property_readonly("critical_path", [](const GraphHandle& g) { return graph_critical_path(*g.graph); })
      .def("dot", [](const GraphHandle& g) { return write_dot(*g.graph); });
  m.def("generate_graph", &generate_graph, py::call_guard<py::gil_scoped_release>());
  m.def("read_graph", &read_graph, py::call_guard<py::gil_scoped_release>());
  m.def("graph_from_edges", &graph_from_edges, py::call_guard<py::gil_scoped_release>());

  m.def("schedule", &schedule_dag);
  m.def("divisible", &run_divisible);
  m.def("task_tree",
        [](const std::vector<std::string>& args, std::optional<std::uint64_t> seed, bool execute,
           std::optional<double> grain, std::optional<double> S, std::optional<double> C,
           std::optional<double> task_size, std::optional<double> result_size, std::optional<bool> coprocessor,
           const std::string& send_ports, const std::string& recv_ports) {
          return run_task_tree(args, seed,
                               {execute, grain, S, C, task_size, result_size, coprocessor, send_ports, recv_ports});
        },
        py::arg("args"), py::arg("seed"), py::arg("execute"), py::arg("grain"), py::arg("S"), py::arg("C"),
        py::arg("task_size"), py::arg("result_size"), py::arg("coprocessor"), py::arg("send_ports"),
        py::arg("recv_ports"));
  m.def("run_experiment", &run_experiment_file);
  m.def("register_dag_scheduler", &register_python_scheduler);
  m.def("schedule_stream",
        [](const std::string& workload_kind, const TextParams& workload_params, std::optional<GraphHandle> graph,
           const TextParams& arrivals, std::optional<int> workflows, std::uint64_t seed, int repetition,
           const TextParams& scaling, const MachineHandle& machine, const std::string& policy,
           const TextParams& params) {
          return schedule_stream({workload_kind, workload_params, std::move(graph), arrivals, workflows, seed,
                                  repetition, scaling},
                                 machine, policy, params);
        });
  m.def("register_online_policy", &register_python_policy);
  m.def("online_policies", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& e : online_policies()) out.emplace_back(e.name, e.description);
    return out;
  });
  m.def("dag_schedulers", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& e : dag_scheduler_listing()) out.emplace_back(e.name, e.description);
    return out;
  });
}
