"""The Coup, Politics and Shadow Master kernels as modules: their enums are the kernel's C constants (one
source of truth, and no string table beside them), the property checks and benchmark loops live in the
``<game>_check`` modules, and the long property runs work."""
from __future__ import annotations

import enum

import pytest

from intrigue.ext import kuhn_core, leduc_core, coup_check, coup_core, politics_check, politics_core, shadow_master_check, shadow_master_core

ENUMS = {
    coup_core: {"Phase": "PH_", "Chance": "C_", "Exchange": "EXCHANGE_", "ModelType": "MODEL_TYPE_", "Habit": "HABIT_"},
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


#: Coup's enums of the members of an anonymous ``cpdef enum`` (the kernel indexes its tables with
#: them): each member is the module constant of its C name
CONSTANT_ENUMS = {"Role": "", "Kind": "K_", "Action": "A_"}


@pytest.mark.parametrize("name", list(CONSTANT_ENUMS))
def test_coup_constant_enums_are_the_kernel_constants(name):
    prefix = CONSTANT_ENUMS[name]
    public = getattr(coup_core, name)
    assert issubclass(public, enum.IntEnum) and len(public) > 0
    for m in public:
        assert getattr(coup_core, prefix + m.name) == m.value
    # and no constant of that prefix is left out
    if prefix:
        names = {n[len(prefix):] for n in dir(coup_core) if n.startswith(prefix) and n[len(prefix):].isupper()}
        assert names == set(public.__members__)


def test_coup_enums_read_like_the_rules():
    assert coup_core.Phase.BLOCK == 4 and coup_core.Action.BLOCK + coup_core.Role.CONTESSA == 28
    assert coup_core.Kind.NONE == 255 and coup_core.Chance.TWO == 59 and coup_core.ModelType.RANDOM == 7
    assert coup_core.Phase(coup_core.CoupCore(4).phase) is coup_core.Phase.DEAL
    assert coup_core.NUM_ACTIONS == 74 and coup_core.REQUIRED_ACTIONS == (1 << coup_core.Kind.INCOME
                                                                          | 1 << coup_core.Kind.COUP)


def test_enums_read_like_the_rules():
    assert politics_core.Phase.VOTE == politics_core.Phase["VOTE"] == 23
    assert politics_core.Action.PASS == 0 and politics_core.Chance.CARD == 209
    assert shadow_master_core.UseAction.DECLINE == 213 and shadow_master_core.Cell.OFF == 8
    assert shadow_master_core.Phase(shadow_master_core.ShadowMasterCore(4).phase) is shadow_master_core.Phase.C_DEAL


def test_no_string_table_of_constants():
    """The enums and the named module constants are the only way Python reads the kernels' numbers."""
    for module in list(ENUMS) + [kuhn_core, leduc_core]:
        assert not hasattr(module, "CONST")
    assert shadow_master_core.AMOUNT_ALL == 240 and politics_core.BELIEF_TABLE_SIZE == 64


def test_the_poker_kernels_name_their_numbers():
    """Kuhn's and Leduc's actions and phases are IntEnums of the kernels' ids; the chance actions
    (a card dealt is ``DEAL + card`` / ``CARD + card``) follow the decisions."""
    assert [a.name for a in kuhn_core.Action] == ["PASS", "BET"] and kuhn_core.DEAL == len(kuhn_core.Action)
    assert [a.name for a in leduc_core.Action] == ["FOLD", "CALL", "RAISE"] and leduc_core.CARD == 3
    assert [p.name for p in leduc_core.Phase] == ["DEAL", "BET", "PUBLIC", "SHOW", "OVER"]
    assert leduc_core.RANKS * leduc_core.COPIES == 6 and leduc_core.MAX_RAISES == 2
    assert leduc_core.MAX_LOSS == leduc_core.ANTE + 2 * leduc_core.RAISE_ROUND1 + 2 * leduc_core.RAISE_ROUND2


@pytest.mark.parametrize("core, check, names", [
    (coup_core, coup_check, ["playouts", "clone_loop", "check_random_games"]),
    (politics_core, politics_check, ["playouts", "policy_playouts", "check_random_games", "determinize_loop",
                                     "clone_loop"]),
    (shadow_master_core, shadow_master_check, ["playouts", "policy_playouts", "balance_report",
                                               "check_random_games"]),
], ids=["coup", "politics", "shadow_master"])
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
