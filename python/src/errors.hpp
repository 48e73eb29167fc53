// mpnsim's errors as Python exceptions: bad input is mpnsim.InputError (a ValueError), in the command line's words.
#pragma once

#include <exception>
#include <string>
#include <utility>

#include <pybind11/pybind11.h>

namespace mpnsim::python {

// Creates mpnsim.Error (the base) and mpnsim.InputError (Error and ValueError) in `m`, and
// translates the C++ exceptions that escape a binding: bad input (InputError, ParamError,
// std::invalid_argument, yaml-cpp's errors) to InputError, other mpnsim failures to Error.
void bind_errors(pybind11::module_& m);

// Raises MemoryError in the command line's words for a std::bad_alloc out of `call` (e.g.
// "mpnsim.schedule"): which run ran out, and what to try. Needs the GIL.
[[noreturn]] void raise_out_of_memory(const char* call);

// The text the command line prints after "COMMAND: " for the exception in flight, when it is
// bad input; empty otherwise.
std::string input_error_text(const std::exception_ptr& e);

}  // namespace mpnsim::python
