"""Workflows arriving over time: mpnsim.Stream, mpnsim.schedule_stream, and online policies written in Python."""

import numbers
import os

from . import _mpnsim
from ._text import seed_value, text, text_params
from .task_graph import TaskGraph


class Stream:
    """A stream of workflows, as a `kind: online` experiment describes it (docs/online.md).

    Stream(workload=None, arrivals={"kind": "poisson", "rate": 0.05}, workflows=10, seed=1,
    repetition=0, ec_ratio=None, ccr=None, files=None, **params)

    - `workload`: each workflow's graph. A generated family's name (random-dag, daggen, fft, ...;
      its parameters as keywords, as for TaskGraph.generate), a file kind with `file=` (dot, stg,
      wfcommons), or a TaskGraph that every workflow is. None: random-dag, or with a trace of
      arrivals none (the trace names each workflow's graph).
    - `files`: instead of a workload, a set of graph files each workflow draws its graph from (the
      YAML's `workload: {files: ...}`): a list of paths, or a pattern "DIR/*.json" (relative to
      the current directory).
    - `arrivals`: a dict as the YAML's `arrivals:`: {"kind": "poisson", "rate": R},
      {"kind": "fixed", "interval": I} or {"kind": "trace", "file": F} (a CSV `time,file`; then
      no workload, and `workflows` may take the first N lines).
    - `workflows`: how many; `seed` and `repetition`: the experiment's seed and the repetition,
      so that a Stream is the stream repetition r of an experiment file with that seed.
    - `ec_ratio` or `ccr`: applied to each workflow's graph, on the machine it runs on.

    Nothing is drawn until schedule_stream: the graphs and their costs depend on the machine.
    """

    def __init__(self, workload=None, *, arrivals, workflows=None, seed=1, repetition=0, ec_ratio=None,
                 ccr=None, files=None, **params):
        if not isinstance(arrivals, dict):
            raise _mpnsim.InputError(
                f"arrivals: expected a dict such as {{'kind': 'poisson', 'rate': 0.05}}, got {arrivals!r}")
        if files is not None:
            if workload is not None or params:
                raise _mpnsim.InputError("files: a set of graph files takes the place of a workload and its parameters")
            if not isinstance(files, str) and not (
                    isinstance(files, (list, tuple)) and files and all(isinstance(f, (str, os.PathLike)) for f in files)):
                raise _mpnsim.InputError(f"files: expected a list of graph files or a pattern 'DIR/*.dot', got {files!r}")
            if not isinstance(files, str):
                files = list(files)
        self.files = files
        if workload is None:
            workload = "" if (arrivals.get("kind") == "trace" and not params) or files is not None else "random-dag"
        if isinstance(workload, TaskGraph):
            if params:
                raise _mpnsim.InputError(f"a TaskGraph workload takes no parameters, got {sorted(params)}")
        elif not isinstance(workload, str):
            raise _mpnsim.InputError(f"workload: expected a family or file kind, or a TaskGraph, got {workload!r}")
        if workflows is not None and (isinstance(workflows, bool) or not isinstance(workflows, numbers.Integral)):
            raise _mpnsim.InputError(f"workflows: expected a whole number, got {workflows!r}")
        if isinstance(repetition, bool) or not isinstance(repetition, numbers.Integral) or repetition < 0:
            raise _mpnsim.InputError(f"repetition: expected a whole number >= 0, got {repetition!r}")
        self.workload = workload
        self.arrivals = dict(arrivals)
        self.workflows = None if workflows is None else int(workflows)
        self.seed = seed_value(seed)
        self.repetition = int(repetition)
        self.scaling = {k: v for k, v in (("ec_ratio", ec_ratio), ("ccr", ccr)) if v is not None}
        self.params = dict(params)

    def __repr__(self):
        kind = (self.workload or ("drawn" if self.files is not None else "traced")) if isinstance(self.workload, str) \
            else repr(self.workload)
        return f"<Stream of {self.workflows} {kind} workflows, arrivals {self.arrivals}>"


class StreamResult:
    """One stream scheduled, checked and replayed: the summary row of `rows: summary` as
    attributes, but for its `workflows` count (as_dict()["workflows"]): makespan, replayed_makespan, mean_slowdown, p95_slowdown, unfairness, mean_ttr,
    utilisation, link_utilisation, throughput, valid, violations, messages, ...; `workflows` (the
    rows of `rows: workflows`) and `tasks` (one row per task) as DataFrames."""

    def __init__(self, summary, workflows, tasks):
        self._summary = summary
        self._columns = {"workflows": workflows, "tasks": tasks}
        self._frames = {}

    def __getattr__(self, name):
        try:
            return self.__dict__["_summary"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._summary))

    def _frame(self, name):
        if name not in self._frames:
            import pandas

            columns = self._columns[name]
            self._frames[name] = pandas.DataFrame(columns, columns=list(columns))
        return self._frames[name]

    @property
    def workflows(self):
        """One row per workflow: workflow, graph, workflow_tasks, arrival, start, finish, makespan,
        makespan_alone, slowdown, ttr (with scheduler and network), from the replay."""
        return self._frame("workflows")

    @property
    def tasks(self):
        """One row per task: task (named w<k>/<name>), workflow, processor, dispatched (when the
        policy decided it), start, finish (the plan's), replayed_finish."""
        return self._frame("tasks")

    def as_dict(self):
        """The summary row as a dict (a copy)."""
        return dict(self._summary)

    def __repr__(self):
        return (f"<StreamResult {self.scheduler} on {self.network}: {self._summary['workflows']} workflows, "
                f"mean slowdown {self.mean_slowdown:.6g}, valid {self.valid}>")


def _policy_name(policy):
    return getattr(policy, "mpnsim_policy", policy)


def schedule_stream(stream, machine, policy, **params):
    """Schedules `stream` (a Stream) on `machine` with the online policy `policy` (a name, or a
    function registered with @online_policy), checks the schedule, replays the whole stream on the
    engine and schedules each workflow alone on the empty machine (makespan_alone), as a
    `kind: online` experiment's run does: the same figures, bit for bit.

    Keywords: the policy's parameters, comm="free" or "contention" and route.
    """
    if not isinstance(stream, Stream):
        raise _mpnsim.InputError(f"expected a Stream, got {type(stream).__name__}")
    graph = stream.workload._handle if isinstance(stream.workload, TaskGraph) else None
    kind = "" if graph is not None else stream.workload
    workload_params = text_params(stream.params)
    if stream.files is not None:  # the set as ("pattern", P) or one ("file", F) per file
        kind = "files"
        workload_params = ([("pattern", stream.files)] if isinstance(stream.files, str)
                           else [("file", text(f)) for f in stream.files])
    summary, workflows, tasks = _mpnsim.schedule_stream(
        kind, workload_params, graph, text_params(stream.arrivals), stream.workflows, stream.seed,
        stream.repetition, text_params(stream.scaling), machine._handle, text(_policy_name(policy)),
        text_params(params))
    return StreamResult(summary, workflows, tasks)


def online_policy(name, description=""):
    """Registers f(dispatch) as the online policy `name`.

    At each scheduling instant (an arrival, a task's finish) f is called with a Dispatch: `now`,
    `arrived`, `active`, `ready(w)`, `free_processors`, `rank(t)`, `critical_path(w)`, `top_ready(w)`,
    `unplaced(w)`, `earliest_finish(t, processors=None)` and `place(t, p)`. It places zero or more
    ready tasks; it is called again at the same instant while it places some and a processor is
    free. The policy is then usable by schedule_stream and by name in experiment files run with
    run_experiment. Registering the same name again replaces the function.
    """

    def register(function):
        words = description or (function.__doc__ or "").strip().split("\n")[0] or f"Python online policy {name}"
        _mpnsim.register_online_policy(str(name), words, function)
        function.mpnsim_policy = str(name)
        return function

    return register


def online_policies():
    """(name, description) of every online policy: the built-in ones, then those registered."""
    return _mpnsim.online_policies()
