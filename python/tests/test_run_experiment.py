"""mpnsim.run_experiment: experiment files in this process, results.csv as DataFrames, Python schedulers by name."""

import os
import pathlib

import pandas
import pytest

import mpnsim
from conftest import ROOT, run_cli

DATA = pathlib.Path(__file__).parent / "data"


@mpnsim.dag_scheduler("py-eft", description="each task, in topological order, where it finishes first")
def earliest_finish(problem, builder):
    for t in problem.topological_order():
        p, start, _ = builder.best_processor(t, by_finish=True, insertion=True)
        builder.place(t, p, start)


def read(path):
    return pandas.read_csv(path, float_precision="round_trip")


def test_a_suite_is_the_run_commands(tmp_path):
    ours = mpnsim.run_experiment(DATA / "built_in_suite.yaml")
    assert set(ours) == {"dags", "loads"}
    run_cli("run", DATA / "built_in_suite.yaml", "-o", tmp_path / "cli")
    for name, frame in ours.items():
        pandas.testing.assert_frame_equal(frame, read(tmp_path / "cli" / name / "results.csv"), check_exact=True)


def test_nothing_is_written_without_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = set(os.listdir(DATA))
    frame = mpnsim.run_experiment(DATA / "compare_python.yaml")
    assert os.listdir(tmp_path) == []
    assert set(os.listdir(DATA)) == before
    assert len(frame) == 18
    assert sorted(frame["scheduler"].unique()) == ["heft", "lps", "py-eft"]
    assert frame["valid"].all()


def test_python_scheduler_in_a_compare_block(tmp_path):
    out = tmp_path / "out"
    frame = mpnsim.run_experiment(DATA / "compare_python.yaml", output=out)
    pandas.testing.assert_frame_equal(frame, read(out / "results.csv"), check_exact=True)
    assert "py-eft" in (out / "comparison.csv").read_text()
    assert (out / "pairwise.csv").exists()
    # The same graphs as a single schedule() call draws (the experiment's seed and repetition).
    heft = frame[frame["scheduler"] == "heft"]
    assert heft["graph_seed"].nunique() == 6


def test_output_is_not_replaced_when_the_command_would_not(tmp_path):
    out = tmp_path / "taken"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    with pytest.raises(ValueError, match="did not write"):
        mpnsim.run_experiment(DATA / "compare_python.yaml", output=out)
    assert (out / "mine.txt").read_text() == "keep me"


def test_python_exception_in_a_run_reaches_the_caller(tmp_path):
    class Stop(Exception):
        pass

    @mpnsim.dag_scheduler("py-eft")
    def failing(problem, builder):
        raise Stop("stopped")

    try:
        with pytest.raises(Stop, match="stopped") as e:
            mpnsim.run_experiment(DATA / "compare_python.yaml")
        assert any("compare-python" in note for note in getattr(e.value, "__notes__", []))
    finally:
        mpnsim.dag_scheduler("py-eft")(earliest_finish)


def test_bad_file_is_an_input_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nkind: dag\nmachine: {topology: {kind: ring, n: 3}}\nworkload: {kind: random-dag}\n"
                   "scheduler: {name: nosuch}\n")
    with pytest.raises(mpnsim.InputError, match="nosuch"):
        mpnsim.run_experiment(bad)


def test_results_carry_the_lower_bound():
    frame = mpnsim.run_experiment(DATA / "compare_python.yaml")
    assert (frame["lower_bound"] > 0).all()
    assert (frame["lower_bound"] <= frame["makespan"] * (1 + 1e-9)).all()
    assert ((frame["makespan"] / frame["lower_bound"] - 1 - frame["gap_to_bound"]).abs() < 1e-9).all()
    assert (frame["slr"] >= 1 - 1e-12).all()
    assert not frame["optimal"].any() and not frame["time_limited"].any()
    assert (frame["states"] == 0).all()
