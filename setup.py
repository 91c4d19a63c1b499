"""Build script: maps the repository's folders onto the ``intrigue`` package and compiles ``ext/``.

The repository keeps the design card's flat layout (``engine/``, ``search/``, ``ext/``, ``cli/``, ...),
but everything installs under the single import name ``intrigue`` (``intrigue.engine``, ...), so no
generic top-level module lands in site-packages.  Nothing here names a game or a module:

* every top-level folder with an ``__init__.py`` (but the tests, benchmarks and docs) is a subpackage,
  and so is every folder with an ``__init__.py`` below it (``engine/coup/`` -> ``intrigue.engine.coup``);
* a folder below a package that holds no Python file (``web/static/``) is a data package: all its files
  are installed, and setuptools is told of it as a package (it warns of data folders it is not told of);
* every ``ext/<name>.pyx`` is compiled as the extension ``intrigue.ext.<name>``;
* the top-level module is ``package_init.py``, installed as ``intrigue/__init__.py``.  The root holds
  no ``__init__.py``, so that a clone's folder (often named ``intrigue``) is never imported in place of
  the installed package, by pytest or from the folder above.

Cython resolves ``cimport`` and a module's own ``.pxd`` by the module's dotted name, which needs an
``intrigue/ext/`` directory on disk.  The sources are therefore staged (copied when changed) into
``build/cython/intrigue/ext/`` and compiled from there; the top-level module is staged beside them.
"""
import os
import re
import sys

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(HERE)

STAGE = os.path.join("build", "cython")
NOT_PACKAGES = {"tests", "bench", "docs", "build", "dist"}
# files other than Python modules that packages carry: Cython declarations, web assets
PACKAGE_DATA = ["*.pxd", "*.html", "*.js", "*.css", "*.svg", "*.png", "*.json", "*.txt"]


def discover_packages():
    """``{"intrigue": <staged top-level>, "intrigue.engine": "engine", ...}`` from the folders."""
    packages = {"intrigue": os.path.join(STAGE, "intrigue")}
    for top in sorted(os.listdir(".")):
        if top in NOT_PACKAGES or top.startswith(".") or not os.path.isfile(os.path.join(top, "__init__.py")):
            continue
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            # a package, or a data-only folder inside one (web assets: no Python file in it)
            if "__init__.py" in files or (files and not any(f.endswith(".py") for f in files)):
                packages["intrigue." + root.replace(os.sep, ".")] = root
            if "__init__.py" not in files:
                dirs[:] = []                   # a folder without __init__.py ends the package tree
    return packages


def is_data_package(folder):
    """A package folder without ``__init__.py`` holds only data: all its files are installed."""
    return not os.path.isfile(os.path.join(folder, "__init__.py"))


def kernels():
    """The Cython modules: every ``ext/*.pyx``."""
    return sorted(name[:-4] for name in os.listdir("ext") if name.endswith(".pyx"))


def read_version():
    with open("package_init.py", encoding="utf-8") as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


def stage_cython_sources():
    dst = os.path.join(STAGE, "intrigue", "ext")
    os.makedirs(dst, exist_ok=True)
    open(os.path.join(dst, "__init__.py"), "a").close()
    _copy_if_changed("package_init.py", os.path.join(STAGE, "intrigue", "__init__.py"))
    for name in os.listdir("ext"):
        if not name.endswith((".pyx", ".pxd", ".pxi", ".h")):
            continue
        _copy_if_changed(os.path.join("ext", name), os.path.join(dst, name))
    return dst


def _copy_if_changed(src, out):
    with open(src, "rb") as f:
        data = f.read()
    if os.path.exists(out):
        with open(out, "rb") as f:
            if f.read() == data:
                return
    with open(out, "wb") as f:
        f.write(data)


def extensions():
    from Cython.Build import cythonize

    src_dir = stage_cython_sources()
    if sys.platform == "win32":
        args = ["/O2"]
    else:
        args = ["-O3", "-Wno-unused-function", "-Wno-unreachable-code"]
    exts = [
        Extension(f"intrigue.ext.{name}", [os.path.join(src_dir, f"{name}.pyx")],
                  extra_compile_args=args)
        for name in kernels()
    ]
    return cythonize(
        exts,
        include_path=[STAGE],
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "embedsignature": True,
        },
        quiet=True,
    )


PACKAGES = discover_packages()
EXTENSIONS = extensions()        # stages the sources (and the top-level module) first

setup(
    version=read_version(),
    packages=list(PACKAGES),
    package_dir=PACKAGES,
    package_data={name: ["*"] if is_data_package(folder) else PACKAGE_DATA
                  for name, folder in PACKAGES.items()},
    ext_modules=EXTENSIONS,
    zip_safe=False,
)
