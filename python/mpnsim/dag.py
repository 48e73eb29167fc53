"""Scheduling task DAGs: mpnsim.schedule, and DAG schedulers written in Python."""

from . import _mpnsim
from ._result import JsonResult
from ._text import text_params


class ScheduleResult(JsonResult):
    """What `mpnsim dag --format json` reports (makespan, replayed_makespan, valid, violations, t1,
    critical_path, lower_bound, gap_to_bound, slr, speedup, ...), as attributes, and `tasks`: the
    --schedule CSV as a DataFrame."""

    def __init__(self, text, columns):
        super().__init__(text)
        self._columns = columns
        self._tasks = None

    @property
    def tasks(self):
        """One row per task: task, processor, start, finish, replayed_finish (pandas DataFrame)."""
        if self._tasks is None:
            import pandas

            self._tasks = pandas.DataFrame(self._columns, columns=list(self._columns))
        return self._tasks

    def __repr__(self):
        return (f"<ScheduleResult {self.scheduler} on {self.network}: makespan {self.makespan:.6g}, "
                f"replayed {self.replayed_makespan}, valid {self.valid}>")


def _scheduler_name(scheduler):
    return getattr(scheduler, "mpnsim_scheduler", scheduler)


def schedule(graph, machine, scheduler, **params):
    """Schedules `graph` on `machine` with `scheduler` (a name, or a function registered with
    @dag_scheduler), checks the schedule and replays it on the engine, as `mpnsim dag` does.

    Keywords: the scheduler's parameters (comm="free" or "contention", route, radius, ...), and
    ec_ratio and timing as the command's --ec-ratio and --timing.
    """
    text, columns = _mpnsim.schedule(graph._handle, machine._handle, str(_scheduler_name(scheduler)),
                                     text_params(params))
    return ScheduleResult(text, columns)


def dag_scheduler(name, description=""):
    """Registers f(problem, builder) as the DAG scheduler `name`.

    It is then usable by schedule() and by name in experiment files run with run_experiment
    (compare: blocks included). The function places every task with builder.place(task,
    processor, start); the schedule is checked and replayed like a built-in one's. Registering
    the same name again replaces the function.
    """

    def register(function):
        text = description or (function.__doc__ or "").strip().split("\n")[0] or f"Python scheduler {name}"
        _mpnsim.register_dag_scheduler(str(name), text, function)
        function.mpnsim_scheduler = str(name)
        return function

    return register


def dag_schedulers():
    """(name, description) of every DAG scheduler: the built-in ones, then those registered."""
    return _mpnsim.dag_schedulers()
