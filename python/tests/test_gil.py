"""The GIL is released while the C++ core works, so other Python threads run meanwhile.

Speed itself is measured, not asserted: docs/examples/python_scheduler_cost.py prints schedule()
beside the command and the cost per placed task of Python schedulers."""

import time

import mpnsim


def test_the_gil_is_released_while_cpp_works():
    import threading

    graph = mpnsim.TaskGraph.generate(tasks=10000, seed=2)
    machine = mpnsim.Machine("hypercube", dim=4)
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.005)
    before = len(ticks)
    t0 = time.perf_counter()
    mpnsim.schedule(graph, machine, "heft")
    elapsed = time.perf_counter() - t0
    during = len(ticks) - before
    done.set()
    counter.join()
    # Had the call kept the GIL, the other thread could not have run at all while it worked.
    assert elapsed > 0.02
    assert during >= 3, (during, elapsed)
