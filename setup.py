"""Build script: maps the repository's folders onto the ``intrigue`` package and compiles ``ext/``.

The repository keeps the design card's flat layout (``engine/``, ``search/``, ``ext/``, ``cli/``),
but everything installs under the single import name ``intrigue`` (``intrigue.engine``, ...), so no
generic top-level module lands in site-packages.

Cython resolves ``cimport`` and a module's own ``.pxd`` by the module's dotted name, which needs an
``intrigue/ext/`` directory on disk.  The sources are therefore staged (copied when changed) into
``build/cython/intrigue/ext/`` and compiled from there.
"""
import os
import re
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(HERE)

STAGE = os.path.join("build", "cython")
PACKAGES = {
    "intrigue": ".",
    "intrigue.engine": "engine",
    "intrigue.engine.coup": "engine/coup",
    "intrigue.engine.politics": "engine/politics",
    "intrigue.search": "search",
    "intrigue.ext": "ext",
    "intrigue.cli": "cli",
    "intrigue.protocol": "protocol",
    "intrigue.web": "web",
    "intrigue.engine.coup.web": "engine/coup/web",
    "intrigue.engine.politics.web": "engine/politics/web",
}
# Cython kernels: module name under intrigue.ext -> source file in ext/
KERNELS = ["game_api", "coup_core", "coup_check", "politics_core", "ismcts"]


def read_version():
    with open("__init__.py", encoding="utf-8") as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


def stage_cython_sources():
    dst = os.path.join(STAGE, "intrigue", "ext")
    os.makedirs(dst, exist_ok=True)
    for d in (os.path.join(STAGE, "intrigue"), dst):
        open(os.path.join(d, "__init__.py"), "a").close()
    for name in os.listdir("ext"):
        if not name.endswith((".pyx", ".pxd", ".pxi", ".h")):
            continue
        src, out = os.path.join("ext", name), os.path.join(dst, name)
        with open(src, "rb") as f:
            data = f.read()
        if os.path.exists(out):
            with open(out, "rb") as f:
                if f.read() == data:
                    continue
        with open(out, "wb") as f:
            f.write(data)
    return dst


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
        for name in KERNELS
        if os.path.exists(os.path.join("ext", f"{name}.pyx"))
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


class BuildPy(build_py):
    """Install only the package's own modules: the root folder also holds setup.py."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if not (package == "intrigue" and m[1] == "setup")]


setup(
    version=read_version(),
    packages=[p for p, d in PACKAGES.items() if os.path.exists(os.path.join(d, "__init__.py"))],
    package_dir=PACKAGES,
    package_data={"intrigue.ext": ["*.pxd"], "intrigue.web": ["static/*"],
                  "intrigue.engine.coup.web": ["*.js", "*.css", "*.svg"],
                  "intrigue.engine.politics.web": ["*.js", "*.css", "*.svg"]},
    cmdclass={"build_py": BuildPy},
    ext_modules=extensions(),
    zip_safe=False,
)
