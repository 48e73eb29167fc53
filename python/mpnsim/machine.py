"""mpnsim.Machine: a network and its parameters, checked as the command line checks its flags."""

from . import _mpnsim
from ._text import text_params


class Machine:
    """A topology family and its parameters, with the machine's own (the CLI and YAML names).

    Machine("hypercube", dim=3, w=1, z=1, S=0.1, Tcp=1, Tcm=1, coprocessor=True, send_ports=1,
    recv_ports="all"): w, coprocessor, send_ports and recv_ports apply to every processor, z and S
    to every link, Tcp and Tcm to the machine; any other keyword is the family's. Bad values raise
    mpnsim.InputError (a ValueError) with the command line's message.
    """

    def __init__(self, topology, **params):
        self._handle = _mpnsim.make_machine(str(topology), text_params(params))
        self._params = dict(params)

    @property
    def topology(self):
        """The topology family, e.g. "hypercube"."""
        return self._handle.topology

    @property
    def network(self):
        """The network's name with its parameters, as results name it, e.g. "hypercube(dim=3)"."""
        return self._handle.network

    @property
    def processors(self):
        """The number of processors."""
        return self._handle.processors

    @property
    def params(self):
        """The keyword arguments it was made with."""
        return dict(self._params)

    def yaml(self):
        """The machine as an experiment file's `machine:` mapping (flow style)."""
        return self._handle.yaml()

    def __repr__(self):
        args = "".join(f", {k}={v!r}" for k, v in self._params.items())
        return f"Machine({self.topology!r}{args})"
