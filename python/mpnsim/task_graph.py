"""mpnsim.TaskGraph: a task DAG, generated, read from a file or built from lists."""

import collections.abc
import numbers
import os

from . import _mpnsim
from ._text import seed_value, text_params


class TaskGraph:
    """A task DAG: tasks with work, edges with data sizes. Make one with generate, read or from_edges."""

    def __init__(self, handle):
        self._handle = handle

    @classmethod
    def generate(cls, kind="random-dag", seed=1, machine=None, **params):
        """A generated graph, as `mpnsim dag --generate --workload KIND --PARAM VALUE ... --seed SEED` draws it.

        `kind` is a generated family (`mpnsim list`): random-dag (the default: tasks, max_in, max_out),
        daggen (tasks, fat, density, regularity, jump), topcuoglu (tasks, shape, out_degree, beta),
        gaussian-elimination (m), fft (points), laplace (size), lu (blocks), fork, join, fork-join
        (width), in-tree, out-tree (branching, depth, balanced), pipeline (stages, width), stencil
        (width, steps), series-parallel (tasks, max_branching) or independent (tasks). Every family
        also takes exec_min, exec_max, data_min, data_max and integer. `seed` is the command's --seed
        (an experiment's seed, from which the graph's own seed is derived). `machine`: a Machine, for
        topcuoglu with beta > 0, whose cost table has a column per processor (without one the graph
        has no table).
        """
        processors = 0 if machine is None else machine.processors
        return cls(_mpnsim.generate_graph(kind, text_params(params), seed_value(seed), processors))

    @classmethod
    def read(cls, path, format=None, **params):
        """A DOT, STG or WfCommons JSON file (format from the extension, or dot, stg, wfcommons).

        Keywords as the command's flags: costs (a cost table CSV), dummies (STG: keep or drop),
        default_edge_size (DOT).
        """
        return cls(_mpnsim.read_graph(os.fspath(path), format or "", text_params(params)))

    @classmethod
    def from_edges(cls, work, edges, name="graph"):
        """A graph from task works and (from, to, data) edges.

        `work` is a list (tasks named "T0", "T1", ... and numbered by position) or a dict of
        name -> work (numbered in the dict's order); an edge's ends are task numbers, or names
        with a dict. Works and data are numbers (not text), and each (from, to) is given once.
        """
        def number(v, where):
            # bool is an int to Python, and float("3") parses text: neither is a work.
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                hint = (" (a list of (name, work) pairs? give a dict name -> work)"
                        if isinstance(v, (tuple, list)) and len(v) == 2 else "")
                raise _mpnsim.InputError(f"from_edges: {where}: expected a number, got {v!r}{hint}")
            return float(v)

        if isinstance(work, dict):
            names = [str(k) for k in work]
            works = [number(v, f"work[{k!r}]") for k, v in work.items()]
        elif isinstance(work, (str, bytes)) or not isinstance(work, collections.abc.Iterable):
            raise _mpnsim.InputError(
                f"from_edges: work: expected a list of works or a dict name -> work, got {type(work).__name__}")
        else:
            works = [number(v, f"work[{i}]") for i, v in enumerate(work)]
            names = [f"T{i}" for i in range(len(works))]
        index = {n: i for i, n in enumerate(names)}

        def end(x):
            if isinstance(x, str):
                if x not in index:
                    hint = ("; with a list of works the tasks are T0, T1, ...: give a dict name -> work to name them"
                            if not isinstance(work, dict) else "")
                    raise _mpnsim.InputError(f"edge end '{x}' is not a task{hint}")
                return index[x]
            if isinstance(x, bool) or not isinstance(x, numbers.Integral):
                raise _mpnsim.InputError(f"edge end {x!r} is not a task number or name")
            return int(x)

        triples = []
        for e in edges:
            if len(e) != 3:
                raise _mpnsim.InputError(f"an edge is (from, to, data), got {e!r}")
            triples.append((end(e[0]), end(e[1]), number(e[2], f"the data of edge {e!r}")))
        return cls(_mpnsim.graph_from_edges(names, works, triples, str(name)))

    @property
    def name(self):
        return self._handle.name

    def __len__(self):
        return self._handle.size

    @property
    def tasks(self):
        """The task names, by task number."""
        return self._handle.names

    @property
    def work(self):
        """The tasks' work, by task number."""
        return self._handle.work

    @property
    def edges(self):
        """(from, to, data) of every edge, by edge number."""
        return self._handle.edges

    @property
    def graph_seed(self):
        """The seed a generated graph was drawn with (None for other graphs)."""
        return self._handle.graph_seed

    @property
    def has_costs(self):
        """True when the graph carries a cost table (read with costs=, or drawn by topcuoglu with beta > 0)."""
        return self._handle.has_costs

    @property
    def t1(self):
        """The whole graph on one processor with w = 1 and Tcp = 1 (a cost table: its best column)."""
        return self._handle.t1

    @property
    def critical_path(self):
        """The longest path of work (a cost table: of the rows' means), without communication."""
        return self._handle.critical_path

    def to_dot(self):
        """The graph as DOT text, as `mpnsim dag --write-dot` writes it."""
        return self._handle.dot()

    def __repr__(self):
        return f"<TaskGraph {self.name!r}: {len(self)} tasks, {len(self.edges)} edges>"
