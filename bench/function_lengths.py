"""The longest functions in the Cython kernels: a ``def``/``cdef``/``cpdef`` line span listing.

A function's span runs from its ``def`` line to its last non-blank line: the last line before the
next line that is indented no deeper than the ``def`` (blank lines and comments at any indentation
do not end it).  A ``cdef`` that declares no function (``cdef int x``, ``cdef struct``, ``cdef
class``) is not a function.  Used to keep every kernel function short enough to read at once::

    python bench/function_lengths.py                 # the 15 longest functions under ext/
    python bench/function_lengths.py --top 30 --over 100
    python bench/function_lengths.py --files         # line counts of the kernel files, longest first
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import sys
from typing import List, NamedTuple, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
EXT = os.path.join(os.path.dirname(HERE), "ext")
SOURCES = ("*.pyx", "*.pxi", "*.pxd")

# `def name(`, `cpdef type name(`, `cdef [inline] type* name(` -- a function, not a variable or a type
FUNCTION = re.compile(r"^(?P<indent>\s*)(?:async\s+)?(?:c?p?def)\s+(?!class\b|struct\b|enum\b|union\b|extern\b|packed\b)"
                      r"(?:[\w\[\]\*\s,\.]*?[\s\*])?(?P<name>\w+)\s*\(")


class Span(NamedTuple):
    lines: int      # lines from the def to the function's last non-blank line
    path: str       # the file, relative to the repository
    first: int      # 1-based line of the def
    name: str       # Class.method or function


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def spans(path: str) -> List[Span]:
    """Every function defined in ``path`` with its span."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rel = os.path.relpath(path, os.path.dirname(EXT))
    out: List[Span] = []
    classes: List[tuple] = []          # (indent, name) of the enclosing classes
    for i, line in enumerate(lines):
        if not _is_code(line):
            continue
        indent = _indent(line)
        while classes and classes[-1][0] >= indent:
            classes.pop()
        cls = re.match(r"^\s*(?:cdef\s+)?class\s+(\w+)", line)
        if cls:
            classes.append((indent, cls.group(1)))
            continue
        m = FUNCTION.match(line)
        if m is None or line.rstrip().endswith(")") and "nogil" not in line and ":" not in line:
            continue                   # a declaration without a body (a .pxd prototype)
        if not _has_body(lines, i):
            continue
        last = _last_line(lines, i, indent)
        name = ".".join([c for _, c in classes] + [m.group("name")])
        out.append(Span(last - i + 1, rel, i + 1, name))
    return out


def _has_body(lines: List[str], i: int) -> bool:
    """Whether the def at line ``i`` has a body (its signature ends with ``:``), not a prototype."""
    for j in range(i, min(i + 20, len(lines))):
        code = lines[j].split("#", 1)[0].rstrip()
        if code.endswith(":"):
            return True
        if j > i and _is_code(lines[j]) and _indent(lines[j]) <= _indent(lines[i]):
            return False
    return False


def _last_line(lines: List[str], i: int, indent: int) -> int:
    """The index of the last non-blank line of the function whose def is at line ``i``."""
    last = i
    signature_done = False
    for j in range(i, len(lines)):
        line = lines[j]
        if not signature_done:
            last = j
            if line.split("#", 1)[0].rstrip().endswith(":"):
                signature_done = True
            continue
        if not _is_code(line):
            continue
        if _indent(line) <= indent:
            break
        last = j
    return last


def all_spans(folder: str = EXT) -> List[Span]:
    files = sorted(p for pattern in SOURCES for p in glob.glob(os.path.join(folder, pattern)))
    return sorted((s for p in files for s in spans(p)), key=lambda s: (-s.lines, s.path, s.first))


def file_lengths(folder: str = EXT) -> List[tuple]:
    files = sorted(p for pattern in SOURCES for p in glob.glob(os.path.join(folder, pattern)))
    out = []
    for p in files:
        with open(p, encoding="utf-8") as f:
            out.append((sum(1 for _ in f), os.path.relpath(p, os.path.dirname(EXT))))
    return sorted(out, key=lambda t: (-t[0], t[1]))


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=15, help="how many functions to list (default 15)")
    ap.add_argument("--over", type=int, default=0, help="list only functions longer than this many lines")
    ap.add_argument("--files", action="store_true", help="list the kernel files' line counts instead")
    args = ap.parse_args(argv)
    if args.files:
        for n, path in file_lengths()[:args.top]:
            print(f"{n:6d}  {path}")
        return 0
    rows = [s for s in all_spans() if s.lines > args.over][:args.top]
    for s in rows:
        print(f"{s.lines:5d}  {s.path}:{s.first}  {s.name}")
    over = sum(1 for s in all_spans() if s.lines > 100)
    print(f"({over} function{'s' if over != 1 else ''} over 100 lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
