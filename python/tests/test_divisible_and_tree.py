"""mpnsim.divisible and mpnsim.task_tree give the dlt and tree commands' figures, bit for bit."""

import pytest

import mpnsim
from conftest import cli_json, run_cli


def test_divisible_is_the_dlt_command():
    m = mpnsim.Machine("hypercube", dim=4, w=1, z=0.36, S=700)
    r = mpnsim.divisible("hypercube-nlf", m, load=1e6)
    assert r.as_dict() == cli_json("dlt", "--strategy", "hypercube-nlf", "--topology", "hypercube", "--dim", 4,
                                   "--w", 1, "--z", 0.36, "--S", 700, "--load", 1e6)
    assert r.T_analytic > 0 and r.T_simulated > 0
    assert sum(r.alpha) == pytest.approx(1, rel=1e-9)


def test_divisible_star_with_a_source():
    m = mpnsim.Machine("star", n=5)
    r = mpnsim.divisible("star-sequential", m, source=0)
    assert r.as_dict() == cli_json("dlt", "--strategy", "star-sequential", "--topology", "star", "--n", 5,
                                   "--source", 0)


def test_divisible_refuses_as_the_command_does():
    m = mpnsim.Machine("ring", n=4)
    with pytest.raises(ValueError) as e:
        mpnsim.divisible("hypercube-nlf", m)
    _, _, stderr = run_cli("dlt", "--strategy", "hypercube-nlf", "--topology", "ring", "--n", 4, check=False)
    assert str(e.value) in stderr
    with pytest.raises(ValueError, match="load"):
        mpnsim.divisible("star-sequential", mpnsim.Machine("star", n=3), load=-1)
    with pytest.raises(ValueError, match="did you mean"):
        mpnsim.divisible("star-sequentia", mpnsim.Machine("star", n=3))


def test_task_tree_is_the_tree_command():
    r = mpnsim.task_tree("mds", mpnsim.Machine("let", depth=2), "complete", arity=3, depth=5)
    assert r.as_dict() == cli_json("tree", "--topology", "let", "--depth", 2, "--scheduler", "mds", "--workload",
                                   "complete", "--arity", 3, "--depth", 5)


def test_task_tree_executed_with_a_seed():
    r = mpnsim.task_tree("rr", "hypercube", "random", seed=4, execute=True, S=0.5, **{"topology.dim": 3})
    assert r.as_dict() == cli_json("tree", "--topology", "hypercube", "--dim", 3, "--scheduler", "rr",
                                   "--workload", "random", "--seed", 4, "--execute", "--S", 0.5)


def test_task_tree_refuses_unknown_names():
    with pytest.raises(ValueError, match="scheduler"):
        mpnsim.task_tree("nosuch", "hypercube", "complete", **{"topology.dim": 2})
