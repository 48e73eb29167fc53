// SigintRelay: the SIGINT handler swapped in while the C++ core runs without the GIL.
#include "interrupt_relay.hpp"

#include <signal.h>

#include <mutex>

#include <Python.h>

#include "sim/interruption.hpp"
#include "sim/test_marker.hpp"

namespace mpnsim::python {

namespace {

std::mutex relay_mutex;
int relays = 0;                           // relays held, in every thread
struct sigaction before_relay {};         // the handler to call on and to put back
volatile sig_atomic_t chained = 0;        // whether before_relay is a function to call

void on_sigint(int signal) {
  interruption_requested().store(true);
  if (chained) before_relay.sa_handler(signal);  // Python's: notes the signal, async-signal-safe
}

}  // namespace

SigintRelay::SigintRelay() {
  const std::lock_guard lock(relay_mutex);
  if (relays++ > 0) return;
  struct sigaction now {};
  sigaction(SIGINT, nullptr, &now);
  if (now.sa_handler == SIG_IGN || (now.sa_flags & SA_SIGINFO)) {
    before_relay = {};  // not ours to change: ignored, or a handler of another form
    before_relay.sa_handler = SIG_ERR;
    return;
  }
  before_relay = now;
  chained = now.sa_handler != SIG_DFL;
  struct sigaction relay {};
  relay.sa_handler = on_sigint;
  sigemptyset(&relay.sa_mask);
  relay.sa_flags = 0;  // no SA_RESTART: a blocking call returns EINTR, as under Python's own handler
  sigaction(SIGINT, &relay, nullptr);
  write_test_marker();
}

SigintRelay::~SigintRelay() {
  const std::lock_guard lock(relay_mutex);
  if (--relays > 0) return;
  if (before_relay.sa_handler != SIG_ERR) sigaction(SIGINT, &before_relay, nullptr);
  chained = 0;
  interruption_requested().store(false);
}

void raise_for_interruption(const char* message) {
  // Python's handler runs now, once: its exception (KeyboardInterrupt by default) is the one
  // raised, with mpnsim's words when it is a KeyboardInterrupt; a handler that raised something
  // else keeps its exception. Outside the main thread the handler runs later, in the main thread.
  if (PyErr_CheckSignals() != 0 && !PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) return;
  PyErr_Clear();
  PyErr_SetString(PyExc_KeyboardInterrupt, message);
}

}  // namespace mpnsim::python
