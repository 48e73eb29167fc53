"""Workflow streams from Python: mpnsim.Stream and schedule_stream (the `kind: online` run), and online
policies written in Python (checked against the built-in ones they re-implement)."""

import math
import os

import pytest

import mpnsim

MACHINE = mpnsim.Machine("hypercube", dim=2, send_ports=1, recv_ports=1)
STREAM = mpnsim.Stream("random-dag", tasks=12, arrivals={"kind": "poisson", "rate": 0.2}, workflows=5, seed=7,
                       ec_ratio=0.5)

WORKFLOW_COLUMNS = ["workflow", "arrival", "start", "finish", "makespan", "makespan_alone", "slowdown", "ttr"]


@mpnsim.online_policy("py-fifo", description="FIFO in Python")
def py_fifo(d):
    for w in d.active:
        t = d.top_ready(w)
        if t is not None:
            p, _, _ = d.earliest_finish(t)
            d.place(t, p)
            return


@mpnsim.online_policy("py-fdws")
def py_fdws(d):
    """FDWS in Python, from ready() and rank() rather than top_ready()"""
    while d.free_processors:
        best = None
        for w in d.arrived:
            ready = d.ready(w)
            if not ready:
                continue
            t = min(ready, key=lambda t: (-d.rank(t), t))
            key = d.unplaced(w) * d.critical_path(w)
            if best is None or key < best[0]:
                best = (key, t)
        if best is None:
            return
        t = best[1]
        p, _, _ = d.earliest_finish(t, d.free_processors)
        d.place(t, p)


def test_a_stream_runs_with_every_builtin_policy():
    for name, _ in mpnsim.online_policies():
        if name.startswith("py-"):
            continue
        r = mpnsim.schedule_stream(STREAM, MACHINE, name, comm="contention")
        assert r.scheduler == name
        assert r.valid == "true", (name, r.violations)
        assert r.plan_error == pytest.approx(0, abs=1e-9)
        assert list(r.workflows["workflow"]) == [0, 1, 2, 3, 4]
        for column in WORKFLOW_COLUMNS:
            assert column in r.workflows.columns
        assert (r.workflows["makespan"] == r.workflows["finish"] - r.workflows["arrival"]).all()
        assert r.workflows["slowdown"].mean() == pytest.approx(r.mean_slowdown, rel=1e-12)
        assert 0 < r.utilisation <= 1 and 0 < r.link_utilisation <= 1
        assert len(r.tasks) == 60 and (r.tasks["start"] >= r.tasks["dispatched"]).all()


def test_the_same_figures_as_the_experiment_file(tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("""
name: s
kind: online
machine: {topology: {kind: hypercube, dim: 2}, processor: {send_ports: 1, recv_ports: 1}}
workload: {kind: random-dag, tasks: 12}
ec_ratio: 0.5
arrivals: {kind: poisson, rate: 0.2}
workflows: 5
seed: 7
repetitions: 2
scheduler: {name: fdws, comm: contention}
rows: workflows
""")
    rows = mpnsim.run_experiment(spec)
    for rep in (0, 1):
        stream = mpnsim.Stream("random-dag", tasks=12, arrivals={"kind": "poisson", "rate": 0.2}, workflows=5,
                               seed=7, repetition=rep, ec_ratio=0.5)
        r = mpnsim.schedule_stream(stream, MACHINE, "fdws", comm="contention")
        expected = rows[rows["repetition"] == rep].reset_index(drop=True)
        for column in WORKFLOW_COLUMNS:
            assert list(r.workflows[column]) == list(expected[column]), column


def test_the_summary_is_the_experiment_files(tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("""
name: s
kind: online
machine: {topology: {kind: hypercube, dim: 2}, processor: {send_ports: 1, recv_ports: 1}}
workload: {kind: random-dag, tasks: 12}
ec_ratio: 0.5
arrivals: {kind: poisson, rate: 0.2}
workflows: 5
seed: 7
scheduler: {name: owm, comm: contention}
""")
    row = mpnsim.run_experiment(spec).iloc[0]
    r = mpnsim.schedule_stream(STREAM, MACHINE, "owm", comm="contention")
    for key in ["makespan", "replayed_makespan", "mean_slowdown", "p95_slowdown", "unfairness", "mean_ttr",
                "utilisation", "link_utilisation", "throughput", "messages"]:
        assert getattr(r, key) == row[key], key


def test_python_policies_equal_the_builtin_ones_they_rewrite():
    for python, builtin in [("py-fifo", "fifo"), (py_fdws, "fdws")]:
        for comm in ["free", "contention"]:
            a = mpnsim.schedule_stream(STREAM, MACHINE, python, comm=comm)
            b = mpnsim.schedule_stream(STREAM, MACHINE, builtin, comm=comm)
            assert a.scheduler == (python if isinstance(python, str) else "py-fdws")
            assert a.valid == "true"
            assert a.tasks.equals(b.tasks), (python, comm)
            for column in WORKFLOW_COLUMNS:
                assert list(a.workflows[column]) == list(b.workflows[column]), (python, comm, column)


def test_a_long_stream_gives_the_figures_of_the_whole_one():
    # 200 workflows: the built-in fifo runs in windows of 128 workflows cut where an arrival
    # finds the machine empty (online_run.hpp), py-fifo runs the whole stream (a Python policy's
    # calls would not be the same in windows): the same tasks, rows and summary.
    stream = mpnsim.Stream("random-dag", tasks=8, arrivals={"kind": "poisson", "rate": 0.05}, workflows=200, seed=3,
                           ec_ratio=0.5)
    for comm in ["free", "contention"]:
        a = mpnsim.schedule_stream(stream, MACHINE, "py-fifo", comm=comm)
        b = mpnsim.schedule_stream(stream, MACHINE, "fifo", comm=comm)
        assert len(b.tasks) == 1600 and b.tasks["workflow"].iloc[-1] == 199
        assert a.tasks.equals(b.tasks), comm
        assert a.workflows.drop(columns="scheduler").equals(b.workflows.drop(columns="scheduler")), comm
        sa, sb = a.as_dict(), b.as_dict()
        del sa["scheduler"], sb["scheduler"]
        assert sa == sb, comm


def test_a_python_policy_in_an_experiment_file(tmp_path):
    spec = tmp_path / "p.yaml"
    spec.write_text("""
name: p
kind: online
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 10}
arrivals: {kind: fixed, interval: 5}
workflows: 4
scheduler: {name: fifo}
repetitions: 3
sweep: {scheduler.name: [fifo, py-fifo]}
compare: {by: scheduler.name, metrics: [mean_slowdown]}
""")
    results = mpnsim.run_experiment(spec)
    by = results.groupby("scheduler")["mean_slowdown"].apply(list)
    assert by["fifo"] == by["py-fifo"]


def test_what_a_policy_sees_at_an_instant():
    seen = []

    @mpnsim.online_policy("py-look")
    def look(d):
        for w in d.arrived:
            assert d.arrival(w) <= d.now
            assert list(d.tasks(w)) == list(range(w * 12, w * 12 + 12))
            for t in d.ready(w):
                assert d.workflow_of(t) == w
                assert d.rank(t) <= d.critical_path(w) + 1e-12
        for w in range(d.workflows):
            if w not in d.arrived:
                with pytest.raises(ValueError, match="has not arrived"):
                    d.ready(w)
        if d.workflows == 5:  # not the runs of each workflow alone (makespan_alone), which follow
            seen.append((d.now, tuple(d.arrived)))
        assert d.active == [w for w in d.arrived if d.unplaced(w) > 0]
        py_fifo(d)

    r = mpnsim.schedule_stream(STREAM, MACHINE, look)
    assert r.valid == "true"
    arrivals = list(r.workflows["arrival"])
    assert len(seen) > 5
    for now, arrived in seen:
        assert arrived == tuple(w for w, a in enumerate(arrivals) if a <= now)


def test_a_policy_used_wrongly_raises():
    state = {}

    @mpnsim.online_policy("py-wrong")
    def wrong(d):
        state["d"] = d
        w = d.arrived[0]
        not_ready = [t for t in d.tasks(w) if t not in d.ready(w)]
        if not_ready:
            with pytest.raises(ValueError, match="is not ready"):
                d.place(not_ready[0], 0)
        t = d.ready(w)[0]
        with pytest.raises(IndexError):
            d.place(t, 99)
        with pytest.raises(IndexError):
            d.rank(10**6)
        raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        mpnsim.schedule_stream(STREAM, MACHINE, wrong)
    with pytest.raises(RuntimeError, match="has returned"):
        state["d"].now


def test_a_policy_that_places_nothing_is_an_error():
    @mpnsim.online_policy("py-idle")
    def idle(d):
        pass

    with pytest.raises(mpnsim.Error, match="unplaced"):
        mpnsim.schedule_stream(STREAM, MACHINE, idle)


def test_builtin_names_are_refused_and_names_reregister():
    with pytest.raises(ValueError, match="already registered"):
        mpnsim.online_policy("fdws")(py_fifo)

    @mpnsim.online_policy("py-again")
    def first(d):
        py_fifo(d)

    @mpnsim.online_policy("py-again")
    def second(d):
        py_fdws(d)

    assert mpnsim.schedule_stream(STREAM, MACHINE, "py-again").tasks.equals(
        mpnsim.schedule_stream(STREAM, MACHINE, "fdws").tasks)


def test_fixed_and_trace_arrivals_and_a_graph_for_every_workflow(tmp_path):
    graph = mpnsim.TaskGraph.read("docs/examples/fork_join.dot")
    fixed = mpnsim.Stream(graph, arrivals={"kind": "fixed", "interval": 10}, workflows=3)
    r = mpnsim.schedule_stream(fixed, MACHINE, "online-heft")
    assert list(r.workflows["arrival"]) == [0, 10, 20]
    assert list(r.workflows["workflow_tasks"]) == [6, 6, 6]
    # The same graph by a trace: the same figures.
    (tmp_path / "g.dot").write_text(graph.to_dot())
    (tmp_path / "arrivals.csv").write_text("time,file\n0,g.dot\n10,g.dot\n20,g.dot\n")
    traced = mpnsim.Stream(arrivals={"kind": "trace", "file": tmp_path / "arrivals.csv"})
    t = mpnsim.schedule_stream(traced, MACHINE, "online-heft")
    assert list(t.workflows["makespan"]) == list(r.workflows["makespan"])
    assert t.workflows["graph"][0] == "g.dot"


def test_graphs_drawn_from_a_set_of_files_as_the_experiment_file_draws_them(tmp_path):
    graphs = ["docs/examples/graphs/random1.dot", "docs/examples/graphs/random2.dot", "docs/examples/fork_join.dot"]
    spec = tmp_path / "s.yaml"
    spec.write_text(f"""
name: s
kind: online
machine: {{topology: {{kind: hypercube, dim: 2}}, processor: {{send_ports: 1, recv_ports: 1}}}}
workload: {{files: [{", ".join(os.path.abspath(g) for g in graphs)}]}}
arrivals: {{kind: fixed, interval: 5}}
workflows: 9
seed: 3
scheduler: {{name: fdws, comm: contention}}
rows: workflows
""")
    rows = mpnsim.run_experiment(spec)
    stream = mpnsim.Stream(files=graphs, arrivals={"kind": "fixed", "interval": 5}, workflows=9, seed=3)
    r = mpnsim.schedule_stream(stream, MACHINE, "fdws", comm="contention")
    for column in WORKFLOW_COLUMNS + ["workflow_tasks"]:
        assert list(r.workflows[column]) == list(rows[column]), column
    assert set(r.workflows["graph"]) <= set(graphs) and len(set(r.workflows["graph"])) > 1
    pattern = mpnsim.Stream(files="docs/examples/graphs/random*.dot", arrivals={"kind": "fixed", "interval": 5},
                            workflows=4)
    assert mpnsim.schedule_stream(pattern, MACHINE, "fifo").valid == "true"
    with pytest.raises(mpnsim.InputError, match=r"workload\.files.*missing\.dot' does not exist"):
        mpnsim.schedule_stream(mpnsim.Stream(files=["missing.dot"], arrivals={"kind": "fixed", "interval": 1},
                                             workflows=2), MACHINE, "fifo")
    with pytest.raises(mpnsim.InputError, match="files: a set of graph files takes the place"):
        mpnsim.Stream("random-dag", files=graphs, arrivals={"kind": "fixed", "interval": 1})
    with pytest.raises(mpnsim.InputError, match="files: expected a list"):
        mpnsim.Stream(files=[], arrivals={"kind": "fixed", "interval": 1})


def test_bad_input_is_refused_at_its_key_or_line(tmp_path):
    with pytest.raises(mpnsim.InputError, match=r"arrivals\.rate"):
        mpnsim.schedule_stream(mpnsim.Stream(tasks=5, arrivals={"kind": "poisson", "rate": 0}, workflows=2),
                               MACHINE, "fifo")
    with pytest.raises(mpnsim.InputError, match="workflows"):
        mpnsim.schedule_stream(mpnsim.Stream(tasks=5, arrivals={"kind": "fixed", "interval": 1}, workflows=-1),
                               MACHINE, "fifo")
    with pytest.raises(mpnsim.InputError, match="unknown online policy 'fdsw'.*did you mean 'fdws'"):
        mpnsim.schedule_stream(mpnsim.Stream(tasks=5, arrivals={"kind": "fixed", "interval": 1}, workflows=2),
                               MACHINE, "fdsw")
    (tmp_path / "g.dot").write_text("digraph g { a [size=1]; }\n")
    (tmp_path / "arrivals.csv").write_text("time,file\n5,g.dot\n2,g.dot\n")
    with pytest.raises(mpnsim.InputError, match=r"arrivals\.csv:3: the trace is not sorted"):
        mpnsim.schedule_stream(mpnsim.Stream(arrivals={"kind": "trace", "file": tmp_path / "arrivals.csv"}),
                               MACHINE, "fifo")
    (tmp_path / "arrivals.csv").write_text("time,file\n-1,g.dot\n")
    with pytest.raises(mpnsim.InputError, match=r"arrivals\.csv:2: the arrival time -1 is negative"):
        mpnsim.schedule_stream(mpnsim.Stream(arrivals={"kind": "trace", "file": tmp_path / "arrivals.csv"}),
                               MACHINE, "fifo")
    (tmp_path / "arrivals.csv").write_text("time,file\n0,missing.dot\n")
    with pytest.raises(mpnsim.InputError, match=r"arrivals\.csv:2: the graph file .*missing\.dot' does not exist"):
        mpnsim.schedule_stream(mpnsim.Stream(arrivals={"kind": "trace", "file": tmp_path / "arrivals.csv"}),
                               MACHINE, "fifo")
    with pytest.raises(mpnsim.InputError, match="arrivals: expected a dict"):
        mpnsim.Stream(tasks=5, arrivals="poisson")
    with pytest.raises(mpnsim.InputError, match="seed"):
        mpnsim.Stream(tasks=5, arrivals={"kind": "fixed", "interval": 1}, workflows=2, seed=-1)


def test_same_stream_same_bytes():
    a = mpnsim.schedule_stream(STREAM, MACHINE, "rank-hybd", comm="contention")
    b = mpnsim.schedule_stream(STREAM, MACHINE, "rank-hybd", comm="contention")
    assert a.as_dict() == b.as_dict()
    assert a.tasks.equals(b.tasks) and a.workflows.equals(b.workflows)
    assert not math.isnan(a.mean_ttr)
