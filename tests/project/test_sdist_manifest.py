"""The sdist holds every tracked file: MANIFEST.in's rules, read as setuptools reads them when it builds
the sdist, select every file git tracks (the wheel is built from the sdist alone, and .ci/run checks
the same on a built sdist, minutes later)."""
import os
import subprocess

import pytest
import support

REPO = str(support.REPO)


def _tracked():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return {os.path.normpath(p) for p in out.stdout.decode().split("\0") if p}


def test_every_tracked_file_is_selected_by_the_manifest(monkeypatch):
    tracked = _tracked()
    if tracked is None:
        pytest.skip("not a git checkout (an unpacked sdist): nothing tracked to compare with")
    from setuptools.command.egg_info import FileList
    monkeypatch.chdir(REPO)                     # the manifest's patterns are relative to the root
    files = FileList()
    files.findall()
    with open("MANIFEST.in", encoding="utf-8") as manifest:
        for line in manifest:
            line = line.strip()
            if line and not line.startswith("#"):
                files.process_template_line(line)
    selected = {os.path.normpath(p) for p in files.files}
    assert "LICENSE" in selected and "package_init.py" in selected
    assert sorted(tracked - selected) == []
