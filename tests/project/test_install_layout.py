"""The package layout works wherever the repository is cloned: the root holds no ``__init__.py``, so
``import intrigue`` from the folder above a clone (often named ``intrigue``) finds the installed
package, compiled kernels included, and so do spawned worker processes."""
import os
import subprocess
import sys

import intrigue
import support

REPO = str(support.REPO)


def test_the_repository_root_is_not_a_package():
    assert not os.path.exists(os.path.join(REPO, "__init__.py"))
    assert os.path.exists(os.path.join(REPO, "package_init.py"))


def test_import_from_the_parent_folder_gets_the_installed_package():
    code = ("import intrigue, intrigue.ext.coup_core, intrigue.engine; "
            "print(intrigue.__version__); print(intrigue.engine.new_game('coup', players=2, seed=1).legal_moves()[0])")
    out = subprocess.run([sys.executable, "-c", code], cwd=os.path.dirname(REPO), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [intrigue.__version__, "income"]


def test_a_folder_named_intrigue_beside_does_not_hide_the_installed_package(tmp_path):
    """Wherever this clone is and whatever its name: a folder called ``intrigue`` in the working
    directory (the clone itself, seen from the folder above) is a namespace package to Python; the
    installed package must be found first, editable install or not."""
    (tmp_path / "intrigue").mkdir()
    (tmp_path / "intrigue" / "README.md").write_text("a clone\n")
    code = "import intrigue, intrigue.ext.coup_core; print(intrigue.__version__)"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [intrigue.__version__]


def test_worker_processes_import_the_installed_package_from_the_parent_folder():
    code = ("from intrigue.engine import new_game\n"
            "from intrigue.search.bot import make_bot, Limits\n"
            "info = new_game('coup', players=3, seed=2).information_state(0)\n"
            "bot = make_bot('ismcts:workers=2,iterations=400', seed=1)\n"
            "try:\n    print(bot.choose(info).move)\nfinally:\n    bot.close()\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=os.path.dirname(REPO), capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()
