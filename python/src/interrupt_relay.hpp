// Ctrl-C during a call into the C++ core: SIGINT sets mpnsim's interruption flag, and Python's handler runs on return.
#pragma once

namespace mpnsim::python {

// Held (with the GIL) around a long call that releases the GIL. While any is held, SIGINT
// sets mpnsim's interruption flag (sim/interruption.hpp), which the schedulers, the engine and
// the runner poll, and then calls the handler that was there before (Python's, which notes the
// signal for the interpreter). The work stops with mpnsim::Interrupted, which errors.cpp turns
// into whatever Python's handler does (KeyboardInterrupt by default). When the last relay is
// released, the earlier handler is put back and the flag cleared, so that the next call runs.
// A process that ignores SIGINT (SIG_IGN) keeps ignoring it.
class SigintRelay {
 public:
  SigintRelay();
  ~SigintRelay();
  SigintRelay(const SigintRelay&) = delete;
  SigintRelay& operator=(const SigintRelay&) = delete;
};

// Called for an mpnsim::Interrupted that reaches Python (GIL held): runs the pending Python
// signal handlers, whose exception (KeyboardInterrupt) is kept; when none raised, sets
// KeyboardInterrupt with `message`.
void raise_for_interruption(const char* message);

}  // namespace mpnsim::python
