"""Divisible loads and task trees: mpnsim.divisible and mpnsim.task_tree, the dlt and tree commands."""

from . import _mpnsim
from ._result import JsonResult
from ._text import seed_value, text, text_params
from .machine import Machine


class DivisibleResult(JsonResult):
    """What `mpnsim dlt --format json` reports: T_analytic, T_simulated, alpha (fractions of the
    load per processor), amount, speedup, ..."""

    def __repr__(self):
        return f"<DivisibleResult {self.strategy} on {self.network}: T_analytic {self.T_analytic:.6g}>"


class TreeResult(JsonResult):
    """What `mpnsim tree --format json` reports."""

    def __repr__(self):
        return f"<TreeResult {sorted(self._json)}>"


def divisible(strategy, machine, load=1.0, source=None, **params):
    """A divisible-load strategy on `machine`, solved and simulated, as `mpnsim dlt` does.

    `params` are the strategy's own (as --strategy.PARAM VALUE); `source` the processor holding
    the load (default 0).
    """
    return DivisibleResult(_mpnsim.divisible(str(strategy), machine._handle, float(load),
                                             None if source is None else int(source), text_params(params)))


_EXECUTION = ("execute", "grain", "S", "C", "task_size", "result_size", "coprocessor", "send_ports", "recv_ports")


def task_tree(scheduler, topology, workload, seed=None, **params):
    """A task tree placed by a tree scheduler, as `mpnsim tree --topology ... --scheduler ... --workload ...`.

    `topology` is a family name or a Machine (its topology and the family's parameters). Keywords
    go where the command's flags go: the topology's, the scheduler's and the workload's parameters
    (write "topology.X", "scheduler.X" or "workload.X" for a name more than one takes, with
    **{...}), and execute, grain, S, C, task_size, result_size, coprocessor, send_ports,
    recv_ports for execution on the engine. `seed` as the command's --seed.
    """
    args = []
    if isinstance(topology, Machine):
        args += ["--topology", topology.topology]
        for name, value in text_params(topology.params):
            args += [f"--topology.{name}", value]
    else:
        args += ["--topology", str(topology)]
    args += ["--scheduler", str(scheduler), "--workload", str(workload)]
    execution = {name: params.pop(name) for name in _EXECUTION if name in params}
    for name, value in text_params(params):
        args += [f"--{name}", value]

    def opt(name, kind):
        return None if execution.get(name) is None else kind(execution[name])

    return TreeResult(_mpnsim.task_tree(
        args, None if seed is None else seed_value(seed), bool(execution.get("execute", False)), opt("grain", float),
        opt("S", float), opt("C", float), opt("task_size", float), opt("result_size", float),
        opt("coprocessor", bool), text(execution.get("send_ports", "")), text(execution.get("recv_ports", ""))))
