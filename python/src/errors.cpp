// The exception types of the module and the translation of C++ exceptions into them.
#include "errors.hpp"

#include <stdexcept>

#include <yaml-cpp/yaml.h>

#include "experiments/config/input_error.hpp"
#include "experiments/run/runner.hpp"
#include "interrupt_relay.hpp"
#include "sim/interruption.hpp"
#include "sim/parameters.hpp"

namespace py = pybind11;

namespace mpnsim::python {

namespace {

// Owned by the module for the interpreter's lifetime (a leaked reference: the types outlive
// every call that may raise them).
PyObject* error_type = nullptr;
PyObject* input_error_type = nullptr;

}  // namespace

std::string input_error_text(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const YAML::Exception& x) {
    return InputError("command line", x.mark, "", x.msg).what();
  } catch (const InputError& x) {
    return x.what();
  } catch (const ParamError& x) {
    return "--" + x.key() + ": " + x.problem();
  } catch (const std::invalid_argument& x) {
    return x.what();
  } catch (...) {
  }
  return {};
}

void raise_out_of_memory(const char* call) {
  PyErr_SetString(PyExc_MemoryError,
                  (std::string("out of memory while running ") + call +
                   ": the input asks for more memory than this process may use (see `ulimit -v` and the machine's "
                   "free memory); try a smaller network or workload")
                      .c_str());
  throw py::error_already_set();
}

void bind_errors(py::module_& m) {
  error_type = PyErr_NewExceptionWithDoc("mpnsim.Error", "Base of the errors mpnsim raises.", nullptr, nullptr);
  if (!error_type) throw py::error_already_set();
  // type(name, bases, namespace): an exception class with two bases.
  py::dict namespace_;
  namespace_["__module__"] = "mpnsim";
  namespace_["__doc__"] = "Bad input: the message is the command line's for the same input.";
  py::object input_error = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyType_Type))(
      "InputError", py::make_tuple(py::handle(error_type), py::handle(PyExc_ValueError)), namespace_);
  input_error_type = input_error.release().ptr();
  m.add_object("Error", py::handle(error_type));
  m.add_object("InputError", py::handle(input_error_type));
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    if (const std::string text = input_error_text(p); !text.empty()) {
      PyErr_SetString(input_error_type, text.c_str());
      return;
    }
    try {
      std::rethrow_exception(p);
    } catch (const py::error_already_set&) {
      throw;  // a Python exception (from a Python scheduler) goes on unchanged
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const Interrupted& x) {
      raise_for_interruption(x.what());
    } catch (const RunInterrupted& x) {
      raise_for_interruption(x.what());
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& x) {
      PyErr_SetString(error_type, x.what());
    }
  });
}

}  // namespace mpnsim::python
