"""Shared fixtures and helpers for the test suite."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))          # tests import their helpers (coup_reference, ...)


@pytest.fixture
def rng():
    import random
    return random.Random(12345)
