"""Issue #40 from Python: Ctrl-C in long calls, times a schedule cannot carry, clear errors for bad arguments."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

import mpnsim

from conftest import BUILD

MACHINE = mpnsim.Machine("hypercube", dim=2)
GRAPH = mpnsim.TaskGraph.generate(tasks=20, seed=3)


def run_until_marker_then_sigint(tmp_path, code):
    """Runs `code` in a fresh interpreter with MPNSIM_TEST_MARKER set, waits for the marker (the
    C++ core now answers SIGINT), sends SIGINT and returns (exit code, stdout, stderr). No clock:
    the flag the signal sets stays set, so the first poll of the work sees it."""
    marker = tmp_path / "marker"
    env = dict(os.environ, MPNSIM_TEST_MARKER=str(marker), PYTHONPATH=str(BUILD / "python"))
    p = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        while not marker.exists() and p.poll() is None:
            try:
                p.wait(timeout=0.01)
            except subprocess.TimeoutExpired:
                pass
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=300)  # only a bound if the call never stops
    finally:
        if p.poll() is None:
            p.kill()
    return p.returncode, out, err


# ETF re-evaluates every ready task on every processor after each placement: about 30 s here.
LONG_SCHEDULE = """
    import mpnsim
    g = mpnsim.TaskGraph.generate(tasks=20000, seed=1)
    m = mpnsim.Machine("hypercube", dim=3)
    try:
        mpnsim.schedule(g, m, "etf")
        print("finished")
    except KeyboardInterrupt as e:
        print("KeyboardInterrupt:", e)
    print("next call:", mpnsim.schedule(mpnsim.TaskGraph.generate(tasks=5, seed=1), m, "heft").valid)
"""


def test_ctrl_c_stops_a_long_schedule_and_the_next_call_runs(tmp_path):
    code, out, err = run_until_marker_then_sigint(tmp_path, LONG_SCHEDULE)
    assert code == 0, err
    assert "KeyboardInterrupt: interrupted" in out, out + err
    assert "finished" not in out
    # The flag is cleared once the call has raised: the next call runs to its end.
    assert "next call: True" in out


def test_ctrl_c_keeps_a_handler_of_the_users(tmp_path):
    code, out, err = run_until_marker_then_sigint(tmp_path, """
        import signal
        import mpnsim
        class Stop(Exception):
            pass
        def handler(signum, frame):
            raise Stop("handled")
        signal.signal(signal.SIGINT, handler)
        g = mpnsim.TaskGraph.generate(tasks=20000, seed=1)
        try:
            mpnsim.schedule(g, mpnsim.Machine("hypercube", dim=3), "etf")
            print("finished")
        except Stop as e:
            print("Stop:", e)
    """)
    assert code == 0, err
    assert "Stop: handled" in out, out + err


def test_ctrl_c_stops_run_experiment(tmp_path):
    spec = tmp_path / "long.yaml"
    spec.write_text("name: long\nkind: dag\nmachine: {topology: {kind: hypercube, dim: 3}}\n"
                    "workload: {kind: random-dag, tasks: 20000}\nscheduler: {name: etf}\n")
    code, out, err = run_until_marker_then_sigint(tmp_path, f"""
        import mpnsim
        try:
            mpnsim.run_experiment({str(spec)!r}, output={str(tmp_path / 'out')!r})
            print("finished")
        except KeyboardInterrupt as e:
            print("KeyboardInterrupt:", e)
    """)
    assert code == 0, err
    assert "KeyboardInterrupt: interrupted" in out, out + err
    assert not (tmp_path / "out").exists()


def place_everything_at(start):
    """A scheduler that places every task on processor 0 at `start`, registered by name."""
    name = f"py-all-at-{start:g}"

    @mpnsim.dag_scheduler(name)
    def scheduler(problem, builder):
        for t in problem.topological_order():
            builder.place(t, 0, start)
    return name


@pytest.mark.parametrize("start", [1e308, 1e17])
def test_a_start_the_model_cannot_carry_is_refused_at_placement(start):
    # 1e308 + 4 == 1e308: every task would take no time, and the overlaps pass every check. At
    # 1e17 the replay met a "cycle". Both are refused where the first task is placed.
    with pytest.raises(mpnsim.InputError, match=r"start 1e\+(308|17) is past .* one after another"):
        mpnsim.schedule(GRAPH, MACHINE, place_everything_at(start))


def test_a_start_within_the_horizon_is_placed_and_an_overlap_found():
    # All on processor 0 at start 0: within the horizon, so placed, and the checks see the overlaps.
    r = mpnsim.schedule(GRAPH, MACHINE, place_everything_at(0.0))
    assert not r.valid
    assert any("overlap" in v for v in r.violations), r.violations


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "3", True])
def test_a_seed_that_is_not_one_is_refused_in_mpnsims_words(seed):
    with pytest.raises(mpnsim.InputError, match="seed: expected a whole number from 0 to 2\\^64 - 1"):
        mpnsim.TaskGraph.generate(tasks=10, seed=seed)


def test_from_edges_refuses_a_repeated_edge():
    with pytest.raises(mpnsim.InputError, match=r"edge 1 \(a -> b\) repeats edge 0"):
        mpnsim.TaskGraph.from_edges({"a": 1, "b": 2}, [("a", "b", 1), ("a", "b", 2)])


@pytest.mark.parametrize("work, match", [
    ([("a", 1), ("b", 2)], r"work\[0\]: expected a number, got \('a', 1\) \(a list of \(name, work\) pairs\? "
                           r"give a dict name -> work\)"),
    (["1", "2"], r"work\[0\]: expected a number, got '1'"),
    ({"a": "1", "b": 2}, r"work\['a'\]: expected a number, got '1'"),
    ("ab", r"work: expected a list of works or a dict name -> work, got str"),
])
def test_from_edges_refuses_works_that_are_not_numbers(work, match):
    with pytest.raises(mpnsim.InputError, match=match):
        mpnsim.TaskGraph.from_edges(work, [])


def test_from_edges_says_why_a_name_is_no_task_with_a_list_of_works():
    with pytest.raises(mpnsim.InputError, match="give a dict name -> work to name them"):
        mpnsim.TaskGraph.from_edges([1, 2], [("a", "b", 1)])


def test_run_experiment_refuses_an_empty_output_and_writes_nothing(tmp_path, monkeypatch):
    spec = tmp_path / "e.yaml"
    spec.write_text("name: e\nkind: dag\nmachine: {topology: {kind: hypercube, dim: 1}}\n"
                    "workload: {kind: random-dag, tasks: 5}\nscheduler: {name: heft}\n")
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    with pytest.raises(mpnsim.InputError, match="output: expected the path of a directory"):
        mpnsim.run_experiment(spec, output="")
    assert list(work.iterdir()) == []


def test_out_of_memory_names_the_call(tmp_path):
    # Under an address-space cap a little above what the interpreter holds, HEFT on 200 000
    # tasks cannot allocate its schedule: MemoryError in the command line's words.
    p = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import resource
        import mpnsim
        g = mpnsim.TaskGraph.generate(tasks=200000, seed=1)
        m = mpnsim.Machine("hypercube", dim=4)
        with open("/proc/self/statm") as f:
            used = int(f.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + 16 * 2**20, resource.RLIM_INFINITY))
        try:
            mpnsim.schedule(g, m, "heft")
            print("finished")
        except MemoryError as e:
            print("MemoryError:", e)
    """)], env=dict(os.environ, PYTHONPATH=str(BUILD / "python")), capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "MemoryError: out of memory while running mpnsim.schedule: the input asks for more memory" in p.stdout, \
        p.stdout + p.stderr
