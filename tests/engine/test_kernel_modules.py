"""The Politics and Shadow Master kernels as modules: their enums are the kernel's C constants (one
source of truth, and no string table beside them), the property checks and benchmark loops live in the
``<game>_check`` modules, and the long property runs work."""
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
    """Each public IntEnum holds exactly the members of the kernel's C enum (Cython's ``_Phase`` ...,
    made from the ``cpdef enum`` of the ``.pxd``), by value, with the prefix dropped."""
    for name, prefix in ENUMS[module].items():
        public, c_enum = getattr(module, name), getattr(module, "_" + name)
        assert issubclass(public, enum.IntEnum) and len(public) > 0
        assert {prefix + m.name: m.value for m in public} == {m.name: m.value for m in c_enum}


def test_enums_read_like_the_rules():
    assert politics_core.Phase.VOTE == politics_core.Phase["VOTE"] == 23
    assert politics_core.Action.PASS == 0 and politics_core.Chance.CARD == 209
    assert shadow_master_core.UseAction.DECLINE == 213 and shadow_master_core.Cell.OFF == 8
    assert shadow_master_core.Phase(shadow_master_core.ShadowMasterCore(4).phase) is shadow_master_core.Phase.C_DEAL


def test_no_string_table_of_constants():
    """The enums and the named module constants are the only way Python reads the kernels' numbers."""
    for module in ENUMS:
        assert not hasattr(module, "CONST")
    assert shadow_master_core.AMOUNT_ALL == 240 and politics_core.BELIEF_TABLE_SIZE == 64


@pytest.mark.parametrize("core, check, names", [
    (politics_core, politics_check, ["playouts", "policy_playouts", "check_random_games", "determinize_loop",
                                     "clone_loop"]),
    (shadow_master_core, shadow_master_check, ["playouts", "policy_playouts", "balance_report",
                                               "check_random_games"]),
], ids=["politics", "shadow_master"])
def test_checks_and_bench_loops_live_in_the_check_module(core, check, names):
    for name in names:
        assert callable(getattr(check, name))
        assert not hasattr(core, name)


def test_politics_long_property_run(capsys):
    from intrigue.engine.politics.check import main
    assert main(["--games", "12", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "total: 12 games" in out and "0 configurations with a violation" in out


def test_shadow_master_long_property_run(capsys):
    from intrigue.engine.shadow_master.check import main
    assert main(["--games", "8", "--max-rounds", "10", "--deep-every", "5"]) == 0
    assert "total: 8 games" in capsys.readouterr().out
