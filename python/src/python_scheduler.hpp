// DAG schedulers written in Python: a function f(problem, builder) registered by name like a built-in one.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace mpnsim::python {

// Registers `function` as the DAG scheduler `name` (with the `comm` and `route` parameters of
// every scheduler). Registering a Python scheduler's name again replaces its function; a
// built-in scheduler's name is refused.
void register_python_scheduler(const std::string& name, const std::string& description, pybind11::function function);

// Held by every run that may look schedulers up (schedule, run_experiment): a new scheduler
// is refused while one is in progress (in another Python thread), since registering moves the
// registry's entries that runs point to.
class RunInProgress {
 public:
  RunInProgress();
  ~RunInProgress();
  RunInProgress(const RunInProgress&) = delete;
  RunInProgress& operator=(const RunInProgress&) = delete;
  // Whether one is held (by any thread).
  static bool any();
};

// The first exception a Python scheduler raised since forget_python_error() (None if none):
// runs that report failures as C++ exceptions (the experiment runner) give it back to Python
// as it was raised. Both need the GIL.
void forget_python_error();
pybind11::object take_python_error();
// Records `e` as that exception unless one is recorded (an online policy's too).
void remember_python_error(const pybind11::error_already_set& e);

// The class Builder that the function is given (with Problem, problem_view.hpp).
void bind_python_scheduler(pybind11::module_& m);

}  // namespace mpnsim::python
