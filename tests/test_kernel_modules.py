"""The Politics and Shadow Master kernels as modules: their enums are the kernel's C constants (one
source of truth), the property checks and benchmark loops live in the ``<game>_check`` modules and are
still found where code written before looks for them, and the long property runs work."""
from __future__ import annotations

import enum

import pytest

from intrigue.ext import politics_check, politics_core, shadow_master_check, shadow_master_core

ENUMS = {
    politics_core: {"Phase": "PH_", "Action": "A_", "Chance": "C_", "Backroom": "BR_"},
    shadow_master_core: {"Phase": "PH_", "P1Action": "A_", "UseAction": "U_", "ShadowAction": "SH_",
                         "ExchangeAction": "EX_", "Target": "CAND_", "Abstraction": "ABS_", "Cell": ""},
}


@pytest.mark.parametrize("module", list(ENUMS), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_public_enums_are_the_kernel_constants(module):
    """Each public IntEnum holds exactly the kernel constants of its prefix, by value (CONST is the
    C names' table the kernel builds from the same C enums)."""
    covered = set()
    for name, prefix in ENUMS[module].items():
        cls = getattr(module, name)
        assert issubclass(cls, enum.IntEnum)
        assert len(cls) > 0
        for member in cls:
            c_name = prefix + member.name
            assert module.CONST[c_name] == member.value, c_name
            covered.add(c_name)
    prefixed = {k for k in module.CONST if any(k.startswith(p) for p in ENUMS[module].values() if p)}
    assert prefixed <= covered


def test_enums_read_like_the_rules():
    assert politics_core.Phase.VOTE == politics_core.CONST["PH_VOTE"] == 23
    assert politics_core.Action.PASS == 0 and politics_core.Chance.CARD == 209
    assert shadow_master_core.UseAction.DECLINE == 213 and shadow_master_core.Cell.OFF == 8
    assert shadow_master_core.Phase(shadow_master_core.ShadowMasterCore(4).phase) is shadow_master_core.Phase.C_DEAL


@pytest.mark.parametrize("core, check, names", [
    (politics_core, politics_check, ["playouts", "policy_playouts", "check_random_games", "determinize_loop",
                                     "clone_loop"]),
    (shadow_master_core, shadow_master_check, ["playouts", "policy_playouts", "balance_report",
                                               "check_random_games"]),
], ids=["politics", "shadow_master"])
def test_checks_and_bench_loops_live_in_the_check_module(core, check, names):
    for name in names:
        assert getattr(core, name) is getattr(check, name)
    with pytest.raises(AttributeError):
        core.no_such_function


def test_politics_long_property_run(capsys):
    from intrigue.engine.politics.check import main
    assert main(["--games", "12", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "total: 12 games" in out and "0 configurations with a violation" in out


def test_shadow_master_long_property_run(capsys):
    from intrigue.engine.shadow_master.check import main
    assert main(["--games", "8", "--max-rounds", "10", "--deep-every", "5"]) == 0
    assert "total: 8 games" in capsys.readouterr().out
