"""mpnsim.schedule gives the `mpnsim dag` command's figures, bit for bit."""

import pandas
import pytest

import mpnsim
from conftest import ROOT, cli_json

WF = ROOT / "tests/data/wfcommons/blast-chameleon-small-001.wfformat-1.5.json"


def same_as_cli(result, *args):
    assert result.as_dict() == cli_json("dag", *args)


@pytest.mark.parametrize("scheduler", ["lps", "hlf", "heft", "cpop", "peft", "dls", "etf", "bsa"])
def test_generated_graph_on_a_hypercube(scheduler):
    g = mpnsim.TaskGraph.generate(tasks=40, max_in=3, max_out=3, seed=5)
    m = mpnsim.Machine("hypercube", dim=3, S=0.5)
    r = mpnsim.schedule(g, m, scheduler, ec_ratio=1)
    same_as_cli(r, "--generate", "--tasks", 40, "--max_in", 3, "--max_out", 3, "--seed", 5, "--topology",
                "hypercube", "--dim", 3, "--S", 0.5, "--scheduler", scheduler, "--ec-ratio", 1)
    assert r.valid and r.violations == []
    assert r.makespan > 0 and r.replayed_makespan >= r.makespan * (1 - 1e-9)


def test_contention_aware_with_routes():
    g = mpnsim.TaskGraph.generate(tasks=25, seed=2)
    m = mpnsim.Machine("mesh", rows=3, cols=3, send_ports=1, recv_ports=1)
    r = mpnsim.schedule(g, m, "heft", comm="contention", route="earliest")
    same_as_cli(r, "--generate", "--tasks", 25, "--seed", 2, "--topology", "mesh", "--rows", 3, "--cols", 3,
                "--send-ports", 1, "--recv-ports", 1, "--scheduler", "heft", "--comm", "contention", "--route",
                "earliest")
    assert r.plan_error == 0


def test_cost_table_graph():
    g = mpnsim.TaskGraph.read(ROOT / "tests/data/topcuoglu2002_fig2.dot",
                              costs=ROOT / "tests/data/topcuoglu2002_fig2_costs.csv")
    m = mpnsim.Machine("complete", n=3, z=1, S=0)
    r = mpnsim.schedule(g, m, "heft")
    same_as_cli(r, "--graph", "tests/data/topcuoglu2002_fig2.dot", "--costs",
                "tests/data/topcuoglu2002_fig2_costs.csv", "--topology", "complete", "--n", 3, "--z", 1, "--S", 0,
                "--scheduler", "heft")
    assert r.makespan == 80  # the paper's HEFT schedule


def test_wfcommons_graph():
    g = mpnsim.TaskGraph.read(WF)
    m = mpnsim.Machine("hypercube", dim=2, z=1e-9)
    r = mpnsim.schedule(g, m, "peft")
    same_as_cli(r, "--graph", WF, "--topology", "hypercube", "--dim", 2, "--z", 1e-9, "--scheduler", "peft")


def test_tasks_frame_is_the_schedule_csv(tmp_path):
    g = mpnsim.TaskGraph.generate(tasks=30, seed=3)
    r = mpnsim.schedule(g, mpnsim.Machine("ring", n=5), "lps")
    csv = tmp_path / "schedule.csv"
    cli_json("dag", "--generate", "--tasks", 30, "--seed", 3, "--topology", "ring", "--n", 5, "--scheduler", "lps",
             "--schedule", csv)
    expected = pandas.read_csv(csv, float_precision="round_trip")
    assert list(r.tasks.columns) == ["task", "processor", "start", "finish", "replayed_finish"]
    pandas.testing.assert_frame_equal(r.tasks, expected, check_exact=True, check_dtype=False)


def test_scheduler_parameters_and_errors():
    g = mpnsim.TaskGraph.generate(tasks=10)
    m = mpnsim.Machine("hypercube", dim=2)
    assert mpnsim.schedule(g, m, "lps", radius=2).valid
    with pytest.raises(ValueError, match="did you mean 'heft'"):
        mpnsim.schedule(g, m, "hefd")
    with pytest.raises(ValueError, match="radius"):
        mpnsim.schedule(g, m, "lps", radius=-3)
    with pytest.raises(ValueError, match="comm"):
        mpnsim.schedule(g, m, "heft", comm="sometimes")


def test_cost_table_must_fit_the_machine():
    g = mpnsim.TaskGraph.read(ROOT / "tests/data/topcuoglu2002_fig2.dot",
                              costs=ROOT / "tests/data/topcuoglu2002_fig2_costs.csv")
    with pytest.raises(ValueError, match="processor"):
        mpnsim.schedule(g, mpnsim.Machine("complete", n=4), "heft")


def test_timing_is_reported_on_request():
    g = mpnsim.TaskGraph.generate(tasks=10)
    r = mpnsim.schedule(g, mpnsim.Machine("chain", n=2), "hlf", timing=True)
    assert r.scheduler_cpu_seconds >= 0
    assert "scheduler_cpu_seconds" not in mpnsim.schedule(g, mpnsim.Machine("chain", n=2), "hlf").as_dict()


def test_schedulers_are_listed():
    names = [n for n, _ in mpnsim.dag_schedulers()]
    assert {"lps", "heft", "bsa"} <= set(names)


def test_lower_bound_gap_and_slr():
    # a (2) and b (3) feed c (1) with 10 units each; on two processors any message costs 10, so
    # the optimum runs all three on one processor: 6. Every schedule reports the bound of 6, its
    # gap to it and its length over the critical path of least costs (3 + 1 = 4).
    g = mpnsim.TaskGraph.from_edges({"a": 2, "b": 3, "c": 1}, [("a", "c", 10), ("b", "c", 10)])
    m = mpnsim.Machine("complete", n=2, z=1, S=0)
    for scheduler in ["heft", "lps", "etf"]:
        r = mpnsim.schedule(g, m, scheduler)
        assert r.lower_bound == 6
        assert r.gap_to_bound == pytest.approx(r.makespan / 6 - 1, rel=1e-12)
        assert r.slr == pytest.approx(r.makespan / 4, rel=1e-12)
        assert r.optimal is False and r.states == 0 and r.time_limited is False


def test_lower_bound_never_above_any_schedule():
    g = mpnsim.TaskGraph.generate(tasks=40, max_in=3, max_out=3, seed=7)
    m = mpnsim.Machine("hypercube", dim=2, send_ports=1, recv_ports=1, S=0.3)
    for name, _ in mpnsim.dag_schedulers():
        for comm in ["free", "contention"]:
            r = mpnsim.schedule(g, m, name, comm=comm, ec_ratio=0.5)
            assert 0 < r.lower_bound <= r.makespan * (1 + 1e-9), (name, comm)
            assert r.lower_bound <= r.replayed_makespan * (1 + 1e-9), (name, comm)
            assert r.slr >= 1 - 1e-12


def test_optimal_proves_its_schedule_and_beats_every_heuristic():
    g = mpnsim.TaskGraph.generate(tasks=8, seed=5)
    m = mpnsim.Machine("hypercube", dim=2, send_ports=1, recv_ports=1)
    for comm in ("free", "contention"):
        best = mpnsim.schedule(g, m, "optimal", comm=comm).as_dict()
        assert best["optimal"] is True and best["valid"] is True
        assert best["lower_bound"] == best["makespan"]
        for name in ("heft", "lps", "etf"):
            other = mpnsim.schedule(g, m, name, comm=comm).as_dict()
            assert best["makespan"] <= other["makespan"] * (1 + 1e-9)
    # A budget of 3 states: the best schedule so far, and a bound no higher than the optimum.
    free = mpnsim.schedule(g, m, "optimal").as_dict()
    cut = mpnsim.schedule(g, m, "optimal", max_states=3).as_dict()
    assert cut["states"] <= 3
    assert cut["lower_bound"] <= free["makespan"] * (1 + 1e-9) <= cut["makespan"] * (1 + 2e-9)
