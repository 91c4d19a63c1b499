"""Shared fixtures and helpers for the test suite."""
from __future__ import annotations

import os
import re
import signal
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))          # tests import their helpers (coup_reference, ...)


def pytest_configure(config):
    """Ctrl-C as at a terminal.  A shell without job control starts a background command (``pytest &``,
    ``nohup pytest``) with SIGINT ignored; the games the tests run under pexpect would inherit that
    and ignore their Ctrl-C, and ``_thread.interrupt_main`` does nothing while SIGINT is ignored.
    Python's own handler here is reset to the default in every child the tests start."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    _require_opt_in_extras(config.getoption("markexpr") or "")


def _require_opt_in_extras(expression: str) -> None:
    """An opt-in group named by ``-m`` runs or fails: a missing extra stops the run with the command
    that installs it, instead of leaving the group to skip quietly."""
    import importlib.util
    for marker, (module, extra) in OPT_IN_NEEDS.items():
        named = re.search(rf"(?<!not )\b{marker}\b", expression)
        if named and importlib.util.find_spec(module) is None:
            raise pytest.UsageError(f"-m {marker} needs {module}: pip install -e '.[{extra}]'")


#: Groups that need more than the test extras or run long on purpose: deselected unless ``-m`` names them
#: (``pytest -m browser``, ``pytest -m "load or cluster"``), so that any other ``-m``, such as the fast
#: lane's ``pytest -m "not slow"``, still leaves them out.
OPT_IN_MARKERS = ("browser", "cluster", "load")
#: What each opt-in group needs beyond the test extra: a module, and the extra that installs it.
OPT_IN_NEEDS = {"browser": ("playwright", "test,web,browser"), "cluster": ("ray", "test,ray"), "load": ("websockets", "test")}


def pytest_collection_modifyitems(config, items):
    """Deselect the tests of every :data:`OPT_IN_MARKERS` group that the ``-m`` expression does not name."""
    expression = config.getoption("markexpr") or ""
    left_out = {m for m in OPT_IN_MARKERS if not re.search(rf"\b{m}\b", expression)}
    if not left_out:
        return
    kept, dropped = [], []
    for item in items:
        (dropped if left_out.intersection(m.name for m in item.iter_markers()) else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture
def rng():
    import random
    return random.Random(12345)
