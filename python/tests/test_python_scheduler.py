"""DAG schedulers written in Python: registered by name, checked and replayed like built-in ones."""

import math

import pytest

import mpnsim


@mpnsim.dag_scheduler("py-eft", description="each task, in topological order, where it finishes first")
def earliest_finish(problem, builder):
    for t in problem.topological_order():
        finish = {q: builder.insertion_start(t, q) + problem.exec_time(t, q) for q in problem.processors}
        p = min(finish, key=lambda q: (finish[q], q))
        builder.place(t, p, builder.insertion_start(t, p))


@mpnsim.dag_scheduler("py-one-processor")
def one_processor(problem, builder):
    """everything on processor 0, in topological order"""
    for t in problem.topological_order():
        builder.place(t, 0, builder.earliest_start(t, 0))


GRAPH = mpnsim.TaskGraph.generate(tasks=30, max_in=3, max_out=3, seed=11)
MACHINE = mpnsim.Machine("hypercube", dim=2, S=0.2)


def test_registered_and_listed():
    listing = dict(mpnsim.dag_schedulers())
    assert listing["py-eft"] == "each task, in topological order, where it finishes first"
    assert listing["py-one-processor"] == "everything on processor 0, in topological order"


def test_runs_by_name_and_by_function():
    by_name = mpnsim.schedule(GRAPH, MACHINE, "py-eft")
    by_function = mpnsim.schedule(GRAPH, MACHINE, earliest_finish)
    assert by_name.as_dict() == by_function.as_dict()
    assert by_name.scheduler == "py-eft"
    assert by_name.valid, by_name.violations
    assert by_name.makespan == by_name.tasks["finish"].max()


def test_one_processor_takes_t1():
    r = mpnsim.schedule(GRAPH, mpnsim.Machine("complete", n=3), "py-one-processor")
    assert r.valid
    assert r.makespan == pytest.approx(GRAPH.t1, rel=1e-9)
    assert r.messages == 0


def test_problem_view():
    seen = {}

    @mpnsim.dag_scheduler("py-inspect")
    def inspect(problem, builder):
        seen["tasks"] = len(problem.tasks)
        seen["processors"] = len(problem.processors)
        seen["comm"] = problem.comm
        t = problem.topological_order()[-1]
        seen["preds"] = problem.predecessors(t)
        e = problem.in_edges(t)[0]
        u, v, data = problem.edges[e]
        seen["edge"] = (u, v) == (problem.predecessors(t)[0], t)
        seen["comm_time"] = problem.comm_time(e, 0, 3) == problem.comm_time((u, v), 0, 3) > 0
        seen["local"] = problem.comm_time(e, 1, 1)
        seen["exec"] = problem.exec_time(t, 0) == problem.work(t)
        seen["succ"] = all(t in problem.successors(p) for p in problem.predecessors(t))
        one_processor(problem, builder)

    mpnsim.schedule(GRAPH, MACHINE, "py-inspect", comm="contention")
    assert seen["tasks"] == 30 and seen["processors"] == 4 and seen["comm"] == "contention"
    assert seen["preds"] and seen["edge"] and seen["comm_time"] and seen["local"] == 0
    assert seen["exec"] and seen["succ"]


def test_contention_is_honoured():
    r = mpnsim.schedule(GRAPH, mpnsim.Machine("chain", n=4, send_ports=1, recv_ports=1), "py-eft", comm="contention")
    assert r.valid, r.violations
    assert r.plan_error == 0  # the bookings replay exactly
    assert r.link_conflicts == 0


class Boom(Exception):
    pass


def test_exception_reaches_the_caller_unchanged():
    raised = Boom("from the scheduler")

    @mpnsim.dag_scheduler("py-boom")
    def boom(problem, builder):
        raise raised

    with pytest.raises(Boom) as e:
        mpnsim.schedule(GRAPH, MACHINE, "py-boom")
    assert e.value is raised


def test_builder_refuses_misuse_with_python_errors():
    def attempt(action):
        @mpnsim.dag_scheduler("py-misuse")
        def misuse(problem, builder):
            action(problem, builder)

        return mpnsim.schedule(GRAPH, MACHINE, "py-misuse")

    def place_twice(problem, builder):
        t = problem.topological_order()[0]
        builder.place(t, 0, 0)
        builder.place(t, 1, 0)

    with pytest.raises(ValueError, match="already placed"):
        attempt(place_twice)

    def unplaced_predecessor(problem, builder):
        builder.data_ready(problem.topological_order()[-1], 0)

    with pytest.raises(ValueError, match="not placed yet"):
        attempt(unplaced_predecessor)
    with pytest.raises(IndexError, match="processor 9"):
        attempt(lambda problem, builder: builder.processor_ready(9))
    with pytest.raises(IndexError, match="task 99"):
        attempt(lambda problem, builder: problem.exec_time(99, 0))
    with pytest.raises(ValueError, match="not a time"):
        attempt(lambda problem, builder: builder.place(problem.topological_order()[0], 0, math.nan))
    with pytest.raises(ValueError, match="no edge"):
        attempt(lambda problem, builder: problem.comm_time((0, 0), 0, 1))


def test_views_do_not_outlive_the_call():
    kept = []

    @mpnsim.dag_scheduler("py-keep")
    def keep(problem, builder):
        kept.extend([problem, builder])
        one_processor(problem, builder)

    mpnsim.schedule(GRAPH, MACHINE, "py-keep")
    with pytest.raises(RuntimeError, match="returned"):
        kept[0].topological_order()
    with pytest.raises(RuntimeError, match="returned"):
        kept[1].processor_ready(0)


def test_precedence_broken_is_reported_invalid():
    @mpnsim.dag_scheduler("py-too-early")
    def too_early(problem, builder):
        # Round robin, every task at time 0: starts before its data arrives.
        for i, t in enumerate(problem.topological_order()):
            builder.place(t, i % len(problem.processors), 0)

    r = mpnsim.schedule(GRAPH, MACHINE, "py-too-early")
    assert not r.valid
    assert r.violations and any("early_start" in v or "overlap" in v for v in r.violations)


def test_order_against_precedence_on_one_processor_is_reported_not_crashed():
    g = mpnsim.TaskGraph.from_edges([1, 1], [(0, 1, 1)])

    @mpnsim.dag_scheduler("py-backwards")
    def backwards(problem, builder):
        builder.place(0, 0, 5)
        builder.place(1, 0, 0)  # the successor first on the same processor

    r = mpnsim.schedule(g, MACHINE, "py-backwards")
    assert not r.valid
    assert any("precedence" in v for v in r.violations)
    assert r.replayed_makespan is None  # the engine cannot play it
    assert r.tasks["replayed_finish"].isna().all()


def test_unplaced_tasks_are_reported():
    @mpnsim.dag_scheduler("py-lazy")
    def lazy(problem, builder):
        builder.place(problem.topological_order()[0], 0, 0)

    r = mpnsim.schedule(GRAPH, MACHINE, "py-lazy")
    assert not r.valid
    assert any(v.startswith("unplaced") for v in r.violations)
    assert r.replayed_makespan is None
    assert (r.tasks["processor"] == -1).sum() == 29


def test_registering_again_replaces_but_built_in_names_are_refused():
    @mpnsim.dag_scheduler("py-again")
    def first(problem, builder):
        one_processor(problem, builder)

    @mpnsim.dag_scheduler("py-again")
    def second(problem, builder):
        earliest_finish(problem, builder)

    assert mpnsim.schedule(GRAPH, MACHINE, "py-again").as_dict()["makespan"] == \
        mpnsim.schedule(GRAPH, MACHINE, "py-eft").makespan
    with pytest.raises(ValueError, match="already registered"):
        mpnsim.dag_scheduler("heft")(first)


def test_no_new_scheduler_while_a_run_is_in_progress():
    @mpnsim.dag_scheduler("py-registers")
    def registers(problem, builder):
        mpnsim.dag_scheduler("py-registered-inside")(one_processor)

    with pytest.raises(mpnsim.Error, match="in progress"):
        mpnsim.schedule(GRAPH, MACHINE, "py-registers")
    assert "py-registered-inside" not in dict(mpnsim.dag_schedulers())
