"""mpnsim from Python: the simulator's C++ core (the same code as the mpnsim command) behind a small API.

    import mpnsim
    m = mpnsim.Machine("hypercube", dim=3, S=0.1)
    g = mpnsim.TaskGraph.generate(tasks=50, max_in=3, max_out=3, seed=1)
    r = mpnsim.schedule(g, m, "heft")
    r.makespan, r.replayed_makespan, r.valid, r.tasks   # r.tasks: a pandas DataFrame

See docs/python.md.
"""

from ._mpnsim import Error, InputError, __version__
from .machine import Machine
from .task_graph import TaskGraph
from .dag import ScheduleResult, dag_scheduler, dag_schedulers, schedule
from .runs import DivisibleResult, TreeResult, divisible, task_tree
from .experiment import run_experiment
from .online import Stream, StreamResult, online_policies, online_policy, schedule_stream

__all__ = [
    "__version__", "Error", "InputError", "Machine", "TaskGraph", "schedule", "ScheduleResult",
    "dag_scheduler", "dag_schedulers", "divisible", "DivisibleResult", "task_tree", "TreeResult",
    "run_experiment", "Stream", "StreamResult", "schedule_stream", "online_policy", "online_policies",
]
