"""Keyword values as the command line's flag values: mpnsim's own readers then check them."""

import numbers
import os


def text(value):
    """The flag text of a Python value: true/false, whole numbers, floats that read back exactly, str and paths."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    if isinstance(value, str):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    raise TypeError(f"expected a number, a bool, a str or a path, got {type(value).__name__}: {value!r}")


def text_params(params):
    """(name, text) pairs of keyword arguments, in the order given."""
    return [(name, text(value)) for name, value in params.items()]


def seed_value(seed):
    """A seed as the command line's --seed reads it: a whole number in [0, 2^64); else InputError."""
    from . import _mpnsim

    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= int(seed) < 2**64:
        raise _mpnsim.InputError(f"seed: expected a whole number from 0 to 2^64 - 1, got {seed!r}")
    return int(seed)
