// The view a Python online policy decides through, and its entry in the C++ registry of online policies.
#include "python_policy.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "problem_view.hpp"
#include "python_scheduler.hpp"
#include "schedulers/online/online_dispatch.hpp"
#include "schedulers/online/online_policies.hpp"

namespace py = pybind11;

namespace mpnsim::python {

namespace {

// What a policy sees at one instant: the C++ OnlineDispatch, read through checks that turn a
// wrong index or a task that is not ready into IndexError or ValueError.
struct DispatchView {
  OnlineDispatch* dispatch;
  Lifetime life;
  int* placed;  // tasks placed during this call

  OnlineDispatch& get() const {
    life.check();
    return *dispatch;
  }
  int task(int t) const { return ProblemView{&get().problem(), life}.task(t); }
  int processor(int p) const { return ProblemView{&get().problem(), life}.processor(p); }
  int workflow(int w) const {
    const OnlineDispatch& d = get();
    const auto arrived = d.arrived();
    if (w < 0 || w >= d.stream().workflows())
      throw py::index_error(fmt::format("workflow {} is not one of the {} workflows", w, d.stream().workflows()));
    if (std::find(arrived.begin(), arrived.end(), w) == arrived.end())
      throw py::value_error(fmt::format("workflow {} has not arrived at {} (it arrives at {})", w, d.now(),
                                        d.stream().arrival[static_cast<std::size_t>(w)]));
    return w;
  }
  // The dispatch's own times need a ready task: every predecessor finished by now.
  int ready_task(int t) const {
    const OnlineDispatch& d = get();
    const int w = d.stream().workflow_of(task(t));
    const auto arrived = d.arrived();
    const bool ready = std::find(arrived.begin(), arrived.end(), w) != arrived.end() &&
                       std::ranges::find(d.ready(w), t) != d.ready(w).end();
    if (!ready)
      throw py::value_error(fmt::format("task {} ({}) is not ready at {}: placed already, its workflow not arrived, "
                                        "or a predecessor not finished",
                                        t, d.stream().graph.task(t).name, d.now()));
    return t;
  }
  std::vector<int> processors(const std::optional<std::vector<int>>& ps) const {
    if (!ps) {
      const auto f = get().free_processors();
      return {f.begin(), f.end()};
    }
    if (ps->empty()) throw py::value_error("processors: expected at least one processor");
    for (int p : *ps) processor(p);
    return *ps;
  }
};

// Python policies by name: the registry's entry calls through this map, so that a name
// registered again (a notebook cell run twice) takes the new function.
std::map<std::string, py::object*>& functions() {
  static std::map<std::string, py::object*> f;
  return f;
}

OnlineSchedule run_python_policy(const std::string& name, const DagProblem& problem, const WorkflowStream& stream) {
  OnlineDispatch dispatch(problem, stream, name);
  return dispatch.run([&name](OnlineDispatch& d) {
    py::gil_scoped_acquire gil;
    const Lifetime life;
    struct Expire {
      const Lifetime& life;
      ~Expire() { *life.alive = false; }
    } expire{life};
    int placed = 0;
    try {
      (*functions().at(name))(DispatchView{&d, life, &placed});
    } catch (py::error_already_set& e) {
      remember_python_error(e);
      throw;
    }
    return placed > 0;
  });
}

}  // namespace

void register_python_policy(const std::string& name, const std::string& description, py::function function) {
  if (name.empty()) throw std::invalid_argument("a policy needs a name");
  auto& f = functions();
  if (auto it = f.find(name); it != f.end()) {
    *it->second = std::move(function);
    return;
  }
  if (RunInProgress::any())
    throw std::runtime_error("a new online policy cannot be registered while a run is in progress in another thread");
  OnlinePolicyEntry entry;
  entry.name = name;
  entry.description = description;
  entry.schedule = [name](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
    return run_python_policy(name, problem, stream);
  };
  register_online_policy(std::move(entry));  // refuses a built-in name
  // Kept for the life of the process, like the registry's entry (never destroyed without the GIL).
  f[name] = new py::object(std::move(function));
}

void bind_python_policy(py::module_& m) {
  py::class_<DispatchView>(m, "Dispatch",
                           "One scheduling instant of an online policy: what has arrived, what is ready, which "
                           "processors are free; and placing a ready task")
      .def_property_readonly("now", [](const DispatchView& v) { return v.get().now(); }, "the instant")
      .def_property_readonly("problem", [](const DispatchView& v) { return ProblemView{&v.get().problem(), v.life}; },
                             "the whole stream as one graph (a Problem); look only at workflows arrived")
      .def_property_readonly("workflows", [](const DispatchView& v) { return v.get().stream().workflows(); },
                             "how many workflows the stream has (arrived or not)")
      .def_property_readonly("arrived", [](const DispatchView& v) {
        const auto a = v.get().arrived();
        return std::vector<int>(a.begin(), a.end());
      }, "the workflows arrived by now, in arrival order")
      .def_property_readonly("active", [](const DispatchView& v) {
        const auto a = v.get().active();
        return std::vector<int>(a.begin(), a.end());
      }, "the workflows arrived by now with tasks not yet placed, in arrival order (the only ones with ready tasks)")
      .def_property_readonly("free_processors", [](const DispatchView& v) {
        const auto f = v.get().free_processors();
        return std::vector<int>(f.begin(), f.end());
      }, "the processors whose last task has finished by now")
      .def("arrival", [](const DispatchView& v, int w) { return v.get().stream().arrival[static_cast<std::size_t>(v.workflow(w))]; },
           py::arg("workflow"))
      .def("tasks", [](const DispatchView& v, int w) {
        const WorkflowStream& s = v.get().stream();
        const auto k = static_cast<std::size_t>(v.workflow(w));
        return py::module_::import("builtins").attr("range")(s.first_task[k], s.first_task[k + 1]);
      }, py::arg("workflow"), "the range of the workflow's task indices")
      .def("workflow_of", [](const DispatchView& v, int t) { return v.get().stream().workflow_of(v.task(t)); },
           py::arg("task"))
      .def("ready", [](const DispatchView& v, int w) { return v.get().ready(v.workflow(w)); }, py::arg("workflow"),
           "the workflow's ready tasks (every predecessor finished by now), in the order they became ready")
      .def("unplaced", [](const DispatchView& v, int w) { return v.get().unplaced(v.workflow(w)); },
           py::arg("workflow"), "how many of the workflow's tasks are not placed yet")
      .def("rank", [](const DispatchView& v, int t) { return v.get().rank(v.task(t)); }, py::arg("task"),
           "upward rank rank_u (mean costs) over the task's workflow")
      .def("critical_path", [](const DispatchView& v, int w) { return v.get().critical_path(v.workflow(w)); },
           py::arg("workflow"), "the workflow's largest upward rank")
      .def("top_ready", [](const DispatchView& v, int w) -> py::object {
        const int t = v.get().top_ready(v.workflow(w));
        if (t < 0) return py::none();
        return py::int_(t);
      }, py::arg("workflow"), "the ready task of highest rank (ties to the lower index), or None")
      .def("earliest_finish", [](const DispatchView& v, int t, std::optional<std::vector<int>> ps) {
        const auto c = v.get().earliest_finish(v.ready_task(t), v.processors(ps));
        return std::make_tuple(c.processor, c.start, c.finish);
      }, py::arg("task"), py::arg("processors") = py::none(),
           "(processor, start, finish): of the processors (the free ones by default), where the task finishes "
           "first starting no sooner than now, after each one's last task")
      .def("place", [](const DispatchView& v, int t, int p) {
        OnlineDispatch& d = v.get();
        v.ready_task(t);
        v.processor(p);
        const std::vector<int> one{p};
        d.place(t, d.earliest_finish(t, one));
        ++*v.placed;
        const TaskPlacement& at = d.placement(t);
        return std::make_tuple(at.start, at.finish);
      }, py::arg("task"), py::arg("processor"),
           "places a ready task on the processor, after its last task and no sooner than now: (start, finish)");
}

}  // namespace mpnsim::python
