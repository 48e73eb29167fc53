"""The GIL is released while the C++ core works, so other Python threads run meanwhile.

Shown without a clock: the C++ core is made to wait for this very process. The experiment file is
a named pipe, which the run, in C++, opens and reads until another Python thread has written the
file into it. Had the run kept the GIL, that thread could never run, and the run would never end.
Speed itself is measured, not asserted: docs/examples/python_scheduler_cost.py prints schedule()
beside the command and the cost per placed task of Python schedulers."""

import os
import threading

import mpnsim

EXPERIMENT = """name: gil
kind: divisible
machine:
  topology: {kind: hypercube, dim: 2}
  link: {z: 0.5, S: 0}
strategy: {name: hypercube-nlf}
load: 1000
"""


def test_the_gil_is_released_while_cpp_works(tmp_path):
    pipe = tmp_path / "experiment.yaml"
    os.mkfifo(pipe)
    outcome = {}

    def run():
        try:
            outcome["results"] = mpnsim.run_experiment(pipe)
        except BaseException as e:  # reported by the main thread
            outcome["error"] = e

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    # Blocks until the run has the pipe open, then needs the GIL to write: only possible while
    # the run, in C++, waits for the data without holding the lock.
    with open(pipe, "w") as f:
        f.write(EXPERIMENT)
    runner.join(timeout=300)  # a guard against a deadlock, not a measure of speed
    assert not runner.is_alive(), "the run kept the GIL while it waited for its file"
    assert "error" not in outcome, outcome.get("error")
    assert len(outcome["results"]) == 1
