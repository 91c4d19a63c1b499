"""Build script: installs the repository's folders as the one package ``intrigue`` and compiles ``ext/``.

The repository keeps a flat layout (``engine/``, ``search/``, ``ext/``, ``cli/``, ...), but everything
installs under the single import name ``intrigue`` (``intrigue.engine``, ...), so no generic top-level
module lands in site-packages.  Nothing here names a game or a module:

* every top-level folder with an ``__init__.py`` (but the tests, benchmarks and docs) is a subpackage,
  and so is every folder with an ``__init__.py`` below it (``engine/coup/`` -> ``intrigue.engine.coup``);
* a folder below a package that holds no Python file (``web/static/``) is a data package: all its files
  are installed;
* the players' rules guides (``docs/rules/``) are the data package ``intrigue.rules``
  (``intrigue rules GAME`` shows them);
* every ``ext/<name>.pyx`` is compiled as the extension ``intrigue.ext.<name>``;
* the top-level module is ``package_init.py``, installed as ``intrigue/__init__.py``.  The root holds
  no ``__init__.py``, so that a clone's folder (often named ``intrigue``) is never imported as the
  package in place of the installed one.

How: the package is assembled as a tree of links, ``build/src/intrigue/`` -- its ``__init__.py`` a
link to ``package_init.py``, each subpackage a link to its folder -- and setuptools is given that one
source root (``package_dir = {"": "build/src"}``).  This serves three ends at once:

* Cython resolves ``cimport intrigue.ext.game_api`` and a module's own ``.pxd`` by the dotted name,
  which needs an ``intrigue/ext/`` directory on disk;
* an editable install (``pip install -e .``) becomes a plain ``.pth`` entry for ``build/src``: a
  regular package on ``sys.path``, which Python always prefers to a namespace package -- so
  ``import intrigue`` from the folder above a clone named ``intrigue`` (where that folder would be
  found first, as an empty namespace package) still gets the installed package; and since the
  subpackages are linked folders, a file added to the source is importable at once;
* a wheel built from the tree (directly, or from the sdist) holds the same files as the source.

Where the file system cannot link (some Windows set-ups) the tree is a copy instead: wheels are the
same, an editable install then needs re-running after an edit.  The Cython sources are compiled
when ``build_ext`` runs (not when this file is read), so ``python -m build --sdist`` stays quick.
"""
import os
import re
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(HERE)

SRC = os.path.join("build", "src")             # the source root setuptools is given
TREE = os.path.join(SRC, "intrigue")           # the package as a tree of links
NOT_PACKAGES = {"tests", "bench", "docs", "build", "dist"}
DATA_FOLDERS = {"rules": os.path.join("docs", "rules")}    # installed as data packages (name -> folder)
# files other than Python modules that packages carry: Cython declarations, web assets
PACKAGE_DATA = ["*.pxd", "*.html", "*.js", "*.css", "*.svg", "*.png", "*.json", "*.txt"]
COMPILE_ARGS = ["/O2"] if sys.platform == "win32" else ["-O3", "-Wno-unused-function", "-Wno-unreachable-code"]
CYTHON_DIRECTIVES = {
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "embedsignature": True,
}


def top_packages():
    """``{"engine": "engine", ..., "rules": "docs/rules"}``: the subpackages' names and folders."""
    tops = {top: top for top in sorted(os.listdir("."))
            if top not in NOT_PACKAGES and not top.startswith(".") and os.path.isfile(os.path.join(top, "__init__.py"))}
    tops.update((name, folder) for name, folder in DATA_FOLDERS.items() if os.path.isdir(folder))
    return tops


def discover_packages(tops):
    """The dotted package names, and those that are data only (no ``__init__.py``: every file installed)."""
    packages, data = ["intrigue"], set()
    for name, folder in tops.items():
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            if "__init__.py" in files or (files and not any(f.endswith(".py") for f in files)):
                rel = os.path.relpath(root, folder)
                dotted = f"intrigue.{name}" + ("" if rel == os.curdir else "." + rel.replace(os.sep, "."))
                packages.append(dotted)
                if "__init__.py" not in files:
                    data.add(dotted)
            if "__init__.py" not in files:
                dirs[:] = []                   # a folder without __init__.py ends the package tree
    return packages, data


def _link(target, link):
    """Make ``link`` point to ``target`` (relative, so the tree survives moving the clone); a copy
    where the file system cannot link.  An existing link or copy is replaced only when it differs."""
    rel = os.path.relpath(target, os.path.dirname(link))
    if os.path.islink(link) and os.readlink(link) == rel:
        return
    if os.path.islink(link) or os.path.isfile(link):
        os.remove(link)
    elif os.path.isdir(link):
        shutil.rmtree(link)
    try:
        os.symlink(rel, link, target_is_directory=os.path.isdir(target))
    except (OSError, NotImplementedError):
        if os.path.isdir(target):
            shutil.copytree(target, link, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
        else:
            shutil.copyfile(target, link)


def assemble_tree(tops):
    """``build/src/intrigue/``: ``__init__.py`` and one entry per subpackage, linked to the source."""
    os.makedirs(TREE, exist_ok=True)
    _link("package_init.py", os.path.join(TREE, "__init__.py"))
    for name, folder in tops.items():
        _link(folder, os.path.join(TREE, name))
    for entry in os.listdir(TREE):          # a package since removed (or renamed) leaves no stale link
        if entry != "__init__.py" and entry not in tops:
            path = os.path.join(TREE, entry)
            os.remove(path) if os.path.islink(path) or os.path.isfile(path) else shutil.rmtree(path)


def kernels():
    """The Cython modules: every ``ext/*.pyx``."""
    return sorted(name[:-4] for name in os.listdir("ext") if name.endswith(".pyx"))


def read_version():
    with open("package_init.py", encoding="utf-8") as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


class build_cython_ext(build_ext):
    """``build_ext`` that first translates the ``.pyx`` sources to C (Cython), with the package tree
    as the include path so ``cimport intrigue.ext....`` resolves.

    An editable install builds in a fresh temporary folder every time (and Cython, freshly installed
    in pip's build environment, looks newer than every C file), so each ``pip install -e`` would
    compile every kernel again.  A kernel whose compiled module in ``ext/`` is newer than every
    Cython source of ``ext/`` (and than this file) is reused instead."""

    def run(self):
        from Cython.Build import cythonize

        reused = [ext for ext in self.extensions if self._reuse(ext)] if getattr(self, "editable_mode", False) else []
        todo = [ext for ext in self.extensions if ext not in reused]
        if todo:
            translated = cythonize(todo, include_path=[SRC], language_level=3,
                                   compiler_directives=CYTHON_DIRECTIVES, quiet=True)
            sources = {ext.name: ext.sources for ext in translated}
            for ext in todo:                  # the finalized extensions, their sources now the C files
                ext.sources = sources[ext.name]
        for ext in reused:
            ext.sources = []                  # nothing to compile: _reuse put the module in place
        super().run()

    def build_extension(self, ext):
        if ext.sources:
            super().build_extension(ext)

    def _reuse(self, ext) -> bool:
        """Copy the compiled module of ``ext`` from ``ext/`` to where this build puts it, if it is
        newer than every ``ext/*.pyx``, ``.pxd``, ``.pxi``, ``.h`` and this file; False if not."""
        name = ext.name.rpartition(".")[2]
        built = os.path.join(TREE, "ext", os.path.basename(self.get_ext_filename(ext.name)))
        if not os.path.isfile(built):
            return False
        sources = [os.path.join("ext", f) for f in os.listdir("ext") if f.endswith((".pyx", ".pxd", ".pxi", ".h"))]
        newest = max(os.path.getmtime(f) for f in sources + [os.path.abspath(__file__)])
        if os.path.getmtime(built) <= newest or not os.path.isfile(os.path.join("ext", name + ".pyx")):
            return False
        inplace, self.inplace = self.inplace, 0        # where the build puts it (then copied in place)
        try:
            out = self.get_ext_fullpath(ext.name)
        finally:
            self.inplace = inplace
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if os.path.abspath(out) != os.path.abspath(built):
            shutil.copy2(built, out)
        return True


TOPS = top_packages()
assemble_tree(TOPS)
PACKAGES, DATA_PACKAGES = discover_packages(TOPS)

setup(
    version=read_version(),
    packages=PACKAGES,
    package_dir={"": SRC},
    package_data={name: ["*"] if name in DATA_PACKAGES else PACKAGE_DATA for name in PACKAGES},
    ext_modules=[Extension(f"intrigue.ext.{name}", [os.path.join(TREE, "ext", f"{name}.pyx")],
                           extra_compile_args=COMPILE_ARGS)
                 for name in kernels()],
    cmdclass={"build_ext": build_cython_ext},
    zip_safe=False,
)
