"""Helpers shared by the test suite: reference implementations written plainly in Python, position
builders for each game, a pseudo-terminal driver, protocol and web clients.  Tests import them as
``support.<module>`` (tests/conftest.py puts tests/ on the import path)."""
from __future__ import annotations

from pathlib import Path

#: The tests folder, the repository, the stored fixtures and the documentation.
TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
DATA = TESTS / "data"
DOCS = REPO / "docs"
