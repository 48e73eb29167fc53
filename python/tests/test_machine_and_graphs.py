"""mpnsim.Machine and mpnsim.TaskGraph: made by the command line's readers, refused with its messages."""

import pytest

import mpnsim
from conftest import ROOT, cli_json, run_cli


def test_version_is_the_programs():
    assert run_cli("--version")[1].split()[1] == mpnsim.__version__


def test_machine_names_its_network():
    m = mpnsim.Machine("hypercube", dim=3, S=0.1, z=2, coprocessor=False, send_ports=1)
    assert m.topology == "hypercube"
    assert m.processors == 8
    assert m.network == cli_json("dag", "--generate", "--tasks", 5, "--topology", "hypercube", "--dim", 3,
                                 "--scheduler", "heft")["network"]
    assert "dim" in repr(m)


def test_bad_values_raise_value_error_with_the_command_lines_message():
    with pytest.raises(ValueError) as python:
        mpnsim.Machine("hypercube", dim=-1)
    code, _, stderr = run_cli("dlt", "--strategy", "hypercube-nlf", "--topology", "hypercube", "--dim", "-1",
                              check=False)
    assert code == 2
    assert str(python.value) in stderr
    assert isinstance(python.value, mpnsim.InputError)
    assert isinstance(python.value, mpnsim.Error)


def test_unknown_topology_is_named():
    with pytest.raises(ValueError, match="hypercub'|hypercub\\b") as e:
        mpnsim.Machine("hypercub", dim=3)
    assert "hypercube" in str(e.value)  # the valid names follow


def test_machine_parameters_are_checked():
    with pytest.raises(ValueError, match="w"):
        mpnsim.Machine("chain", n=3, w=-2)
    with pytest.raises(ValueError, match="dimm"):
        mpnsim.Machine("hypercube", dimm=3)
    with pytest.raises(TypeError):
        mpnsim.Machine("hypercube", dim=[3])


def test_generated_graph_is_the_commands():
    g = mpnsim.TaskGraph.generate(tasks=30, max_in=2, max_out=4, seed=7)
    j = cli_json("dag", "--generate", "--tasks", 30, "--max_in", 2, "--max_out", 4, "--seed", 7,
                 "--topology", "complete", "--n", 1, "--scheduler", "hlf")
    assert len(g) == j["tasks"] == 30
    assert len(g.edges) == j["edges"]
    assert g.graph_seed == j["graph_seed"]
    # On one processor with w = 1 and Tcp = 1, the run's t1 and critical path are the graph's own.
    assert g.t1 == j["t1"]
    assert g.critical_path == j["critical_path"]


def test_generator_parameters_are_checked():
    with pytest.raises(ValueError, match="tasks"):
        mpnsim.TaskGraph.generate(tasks=0)


FAMILIES = {
    "random-dag": dict(tasks=12), "daggen": dict(tasks=30, fat=0.4, density=0.3, regularity=0.8, jump=2),
    "topcuoglu": dict(tasks=30, shape=0.5, out_degree=2, beta=0.4), "gaussian-elimination": dict(m=5),
    "fft": dict(points=4), "laplace": dict(size=3), "lu": dict(blocks=3), "fork": dict(width=3),
    "join": dict(width=3), "fork-join": dict(width=3), "in-tree": dict(branching=2, depth=3, balanced=False),
    "out-tree": dict(branching=3, depth=2), "pipeline": dict(stages=3, width=2), "stencil": dict(width=4, steps=3),
    "series-parallel": dict(tasks=15, max_branching=3), "independent": dict(tasks=5),
}


def test_every_family_generates_the_commands_graph():
    for kind, params in FAMILIES.items():
        g = mpnsim.TaskGraph.generate(kind, seed=3, **params)
        flags = [x for k, v in params.items() for x in ("--" + k, str(v).lower() if isinstance(v, bool) else v)]
        j = cli_json("dag", "--generate", "--workload", kind, *flags, "--seed", 3,
                     "--topology", "complete", "--n", 1, "--scheduler", "hlf")
        assert len(g) == j["tasks"], kind
        assert len(g.edges) == j["edges"], kind
        assert g.graph_seed == j["graph_seed"], kind
    assert len(mpnsim.TaskGraph.generate("gaussian-elimination", m=5)) == 14
    assert len(mpnsim.TaskGraph.generate("fft", points=4)) == 15


def test_family_parameters_are_checked_and_costs_need_a_machine():
    with pytest.raises(ValueError, match="power of two"):
        mpnsim.TaskGraph.generate("fft", points=6)
    with pytest.raises(ValueError, match="fat"):
        mpnsim.TaskGraph.generate("daggen", fat=0)
    with pytest.raises(ValueError, match="daggen"):
        mpnsim.TaskGraph.generate("dagen")
    assert not mpnsim.TaskGraph.generate("topcuoglu", beta=0.5).has_costs
    m = mpnsim.Machine("complete", n=4, z=1)
    g = mpnsim.TaskGraph.generate("topcuoglu", beta=0.5, machine=m)
    assert g.has_costs
    r = mpnsim.schedule(g, m, "heft", ccr=2)
    assert r.valid


def test_read_dot_stg_and_wfcommons():
    dot = mpnsim.TaskGraph.read(ROOT / "tests/data/topcuoglu2002_fig2.dot")
    assert len(dot) == 10
    wf = mpnsim.TaskGraph.read(ROOT / "tests/data/wfcommons/helloworld-chain-5-chameleon.wfformat-1.5.json")
    assert len(wf) == 5
    stg = mpnsim.TaskGraph.read(ROOT / "docs/examples/diamond.stg", dummies="drop")
    assert len(stg) > 0
    assert stg.t1 > 0 and stg.critical_path <= stg.t1


def test_read_refuses_bad_files(tmp_path):
    with pytest.raises(ValueError, match="extension"):
        mpnsim.TaskGraph.read(tmp_path / "graph.txt")
    bad = tmp_path / "bad.dot"
    bad.write_text("digraph { a [size=1]; b [size=1]; a -> b [size=1]; b -> a [size=1]; }")
    with pytest.raises(ValueError, match="cycle"):
        mpnsim.TaskGraph.read(bad)


def test_from_edges():
    g = mpnsim.TaskGraph.from_edges([2, 3, 4, 1], [(0, 1, 1.5), (0, 2, 1), (1, 3, 2), (2, 3, 2)])
    assert g.tasks == ["T0", "T1", "T2", "T3"]
    assert g.t1 == 10
    assert g.critical_path == 7
    named = mpnsim.TaskGraph.from_edges({"a": 1, "b": 2}, [("a", "b", 3)], name="pair")
    assert named.edges == [(0, 1, 3.0)]
    assert "pair" in named.to_dot()


def test_from_edges_refuses_cycles_and_bad_numbers():
    with pytest.raises(ValueError, match="cycle"):
        mpnsim.TaskGraph.from_edges([1, 1], [(0, 1, 1), (1, 0, 1)])
    with pytest.raises(ValueError, match="tasks 0..1"):
        mpnsim.TaskGraph.from_edges([1, 1], [(0, 2, 1)])
    with pytest.raises(ValueError):
        mpnsim.TaskGraph.from_edges([1, -1], [])
    with pytest.raises(ValueError):
        mpnsim.TaskGraph.from_edges([1, float("nan")], [])
    with pytest.raises(ValueError, match="not a task"):
        mpnsim.TaskGraph.from_edges({"a": 1}, [("a", "z", 1)])
