"""What a DAG scheduler costs per placed task: built-in (C++) against Python ones, and schedule() against the command.

    PYTHONPATH=build/python /usr/bin/python3 docs/examples/python_scheduler_cost.py [--tasks 2000] [--dim 4]

The scheduler's own time is the thread CPU time `timing=True` reports (a Python scheduler's calls
included); the check and the replay come on top, for every scheduler alike.
"""

import argparse
import pathlib
import subprocess
import time

import mpnsim


@mpnsim.dag_scheduler("cost-best-processor", description="topological order, builder.best_processor")
def by_best_processor(problem, builder):
    for t in problem.topological_order():
        p, start, _ = builder.best_processor(t, by_finish=True, insertion=True)
        builder.place(t, p, start)


@mpnsim.dag_scheduler("cost-every-processor", description="topological order, a Python loop over the processors")
def by_every_processor(problem, builder):
    processors = problem.processors
    for t in problem.topological_order():
        best = None
        for p in processors:
            start = builder.insertion_start(t, p)
            finish = start + problem.exec_time(t, p)
            if best is None or finish < best[0]:
                best = (finish, p, start)
        builder.place(t, best[1], best[2])


def best_of(n, f):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        value = f()
        times.append(time.perf_counter() - t0)
    return min(times), value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=2000)
    ap.add_argument("--dim", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    graph = mpnsim.TaskGraph.generate(tasks=a.tasks, max_in=3, max_out=3, seed=1)
    machine = mpnsim.Machine("hypercube", dim=a.dim)
    print(f"{a.tasks} tasks, {len(graph.edges)} edges, {machine.processors} processors")
    for name in ["heft", "cost-best-processor", "cost-every-processor"]:
        cpu = min(mpnsim.schedule(graph, machine, name, timing=True).scheduler_cpu_seconds for _ in range(a.repeat))
        print(f"{name:22} {1e6 * cpu / a.tasks:8.2f} us per placed task (scheduler CPU)")
    build = pathlib.Path(mpnsim.__file__).resolve().parents[2]  # BUILD/python/mpnsim/__init__.py
    command = [str(build / "mpnsim"), "dag", "--generate", "--tasks", str(a.tasks), "--max_in", "3",
               "--max_out", "3", "--seed", "1", "--topology", "hypercube", "--dim", str(a.dim), "--scheduler",
               "heft", "--format", "json"]
    python, _ = best_of(a.repeat, lambda: mpnsim.schedule(mpnsim.TaskGraph.generate(tasks=a.tasks, max_in=3, max_out=3,
                                                                                     seed=1), machine, "heft"))
    cli, _ = best_of(a.repeat, lambda: subprocess.run(command, check=True, capture_output=True))
    print(f"heft, graph drawn, scheduled, checked, replayed: schedule() {1e3 * python:.1f} ms, "
          f"the command {1e3 * cli:.1f} ms")


if __name__ == "__main__":
    main()
