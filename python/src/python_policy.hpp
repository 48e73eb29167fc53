// Online policies written in Python: a function f(dispatch) registered by name like a built-in policy.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace mpnsim::python {

// Registers `function` as the online policy `name` (with the `comm` and `route` parameters of
// every policy). At each scheduling instant the function is called with a Dispatch view
// (schedulers/online/online_dispatch.hpp) and places zero or more ready tasks; it is called again
// at the same instant while it places some and a processor is free. Registering a Python
// policy's name again replaces its function; a built-in policy's name is refused.
void register_python_policy(const std::string& name, const std::string& description, pybind11::function function);

// The class Dispatch that the function is given.
void bind_python_policy(pybind11::module_& m);

}  // namespace mpnsim::python
