"""mpnsim.run_experiment: an experiment file run in this process, its results as DataFrames."""

import os
import tempfile
import warnings

from . import _mpnsim


def run_experiment(path, output=None):
    """Runs the experiment YAML file as `mpnsim run PATH -o OUTPUT` does, in this process (so
    schedulers registered with @dag_scheduler can be named in it, compare: blocks included).

    Returns results.csv as a pandas DataFrame; for a suite, a dict of them by experiment name.
    The output directory (results.csv, summary.json, comparison files, plots) is written only
    when `output` is given.
    """
    import pandas

    def run(directory):
        results, problems = _mpnsim.run_experiment(os.fspath(path), directory)
        for p in problems:
            warnings.warn(p, stacklevel=3)
        # round_trip: the numbers exactly as written (pandas' fast parser may be off by an ulp).
        frames = {name: pandas.read_csv(os.path.join(directory, csv), float_precision="round_trip")
                  for name, csv in results}
        # A suite writes each experiment's results.csv in a folder of its name.
        suite = any(csv != "results.csv" for _, csv in results)
        return frames if suite else next(iter(frames.values()))

    if output is not None:
        directory = os.fspath(output)
        if not isinstance(directory, str) or not directory:
            # "" would be `mpnsim run` without -o: results/<name>/ under the current directory.
            raise _mpnsim.InputError(
                f"run_experiment: output: expected the path of a directory to write, got {output!r} "
                "(leave output out, or None, to write no files)")
        return run(directory)
    with tempfile.TemporaryDirectory(prefix="mpnsim-") as scratch:
        return run(os.path.join(scratch, "output"))
