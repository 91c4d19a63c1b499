"""The layers import downwards only (cli -> protocol -> search -> engine -> ext), with no cycle, and
only the registry and the games' own packages name a game.  Read from the source with ``ast``: every
import counts, at module level or inside a function, except those under ``if TYPE_CHECKING:``."""
from __future__ import annotations

import ast
import importlib.util
import os
import re
from typing import Dict, Set

import pytest

import intrigue.engine

LAYERS = {"ext": 0, "engine": 1, "search": 2, "protocol": 3, "web": 3, "cli": 4}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(intrigue.engine.__file__)))


def _modules() -> Dict[str, str]:
    out = {}
    for top in LAYERS:
        base = os.path.join(ROOT, top)
        for d, _, files in os.walk(base):
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(d, f), ROOT)[:-3].replace(os.sep, ".")
                    out["intrigue." + re.sub(r"\.__init__$", "", rel)] = os.path.join(d, f)
    return out


def _imports(path: str) -> Set[str]:
    tree = ast.parse(open(path, encoding="utf-8").read())
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
            skip.update(id(n) for n in ast.walk(node))
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # "from pkg import module" imports that module; "from module import name", the module
            subs = {f"{node.module}.{a.name}" for a in node.names} & set(_MODULE_NAMES)
            out.update(subs or {node.module})
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {n for n in out if n.startswith("intrigue.")}


MODULES = _modules()
_MODULE_NAMES = list(MODULES)
GRAPH = {m: {i for i in _imports(p) if i in MODULES or i.rsplit(".", 1)[0] in MODULES} for m, p in MODULES.items()}


def _layer(module: str) -> int:
    return LAYERS[module.split(".")[1]]


def test_the_source_tree_is_found():
    assert "intrigue.engine.game" in MODULES and "intrigue.search.ismcts" in MODULES


def test_imports_point_down_the_layers():
    upward = sorted(f"{m} imports {i}" for m, deps in GRAPH.items() for i in deps
                    if i.split(".")[1] in LAYERS and _layer(i) > _layer(m))
    assert upward == []


def test_no_import_cycles():
    graph = {m: {d if d in MODULES else d.rsplit(".", 1)[0] for d in deps} for m, deps in GRAPH.items()}
    graph = {m: {d for d in deps if d in MODULES and d != m} for m, deps in graph.items()}
    cycles = []
    state: Dict[str, int] = {}
    stack = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in graph.get(m, ()):
            if state.get(d) == 1:
                cycles.append(" -> ".join(stack[stack.index(d):] + [d]))
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert cycles == []


@pytest.mark.parametrize("layer", ["search", "protocol", "cli"])
def test_generic_layers_import_no_game(layer):
    from intrigue.engine import game_names
    games = game_names()
    named = sorted(f"{m} imports {i}" for m, deps in GRAPH.items() if m.split(".")[1] == layer
                   for i in deps if any(i.startswith(f"intrigue.engine.{g}") or i.startswith(f"intrigue.ext.{g}_")
                                        for g in games))
    assert named == []


@pytest.mark.parametrize("layer", ["search", "protocol", "cli", "web"])
def test_generic_layers_name_no_game_in_code(layer):
    # not even as a default value (the protocol client's new_game(game="coup") did): the registry
    # says which game is the default; docstrings may name games as examples
    from intrigue.engine import game_names
    games = set(game_names())
    named = []
    for m, path in MODULES.items():
        if m.split(".")[1] != layer:
            continue
        tree = ast.parse(open(path, encoding="utf-8").read())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        named += [f"{m}:{n.lineno} {n.value!r}" for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in games
                  and id(n) not in docs]
    assert named == []
