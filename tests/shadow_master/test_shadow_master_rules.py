"""Shadow Master rules, one test (or a few) per rule of the spec, on hand-made positions."""
import pytest

from intrigue.engine.errors import OptionError, PlayerCountError
from intrigue.engine.registry import load_game
from intrigue.engine.shadow_master.game import ShadowMasterGame
from intrigue.ext import shadow_master_core as core_mod
from intrigue.ext.shadow_master_core import Cell

from support.shadow_master import (B, BLACKTOK, FAITH, G, KING, LAND, MILITARY, O, P, QUEEN, R, TAX, X, Y, act, board, cell,
                        cid, finish_turn, kind, moves, resolve_chance, set_hand, start)


# --- §2 options -------------------------------------------------------------------------------------
def test_options_one_by_one_and_refusals():
    g = ShadowMasterGame(options={"castles": "off", "alliance_spaces": 2, "max_rounds": 12})
    assert g.options["castles"] is False and g.options["alliance_spaces"] == 2 and g.options["max_rounds"] == 12
    with pytest.raises(OptionError, match="moneybags"):
        ShadowMasterGame(options={"moneybags": 1})
    with pytest.raises(OptionError, match="alliance_spaces"):
        ShadowMasterGame(options={"alliance_spaces": 3})
    with pytest.raises(OptionError, match="max_rounds"):
        ShadowMasterGame(options={"max_rounds": 9})
    with pytest.raises(PlayerCountError):
        ShadowMasterGame(players=2)
    core = ShadowMasterGame(ruleset="core")
    assert not any(core.options[k] for k in ("territory_combo", "power_combos", "persons", "castles"))
    assert type(load_game("shadow-master")) is ShadowMasterGame


def test_core_ruleset_offers_no_person_or_castle():
    g, c = start(4, ruleset="core")
    board(c, {"E2": (R, 1), "E3": (R, 1), "E4": (R, 1), "F3": (R, 1), "F4": (R, 1)})
    c.give_power(0, R, FAITH)
    act(g, c, "shadow")
    assert moves(g, c) == ["none"]


# --- §3, §4 components and board --------------------------------------------------------------------
@pytest.mark.parametrize("n, cells, interior, cards, tl0, black", [
    (3, 50, 24, 54, 5, 10), (4, 60, 30, 65, 5, 12), (5, 70, 36, 76, 4, 14), (6, 70, 36, 76, 4, 14)])
def test_board_masks_deck_and_setup(n, cells, interior, cards, tl0, black):
    b = 0 if n == 3 else (1 if n == 4 else 2)
    active = [h for h in range(70) if core_mod.is_active(b, h)]
    assert len(active) == cells
    assert sum(1 for h in active if not core_mod.is_edge(b, h)) == interior
    g, c = start(n)
    assert c.draw_size() + len(c.row()) + sum(c.hand_size(p) for p in range(n)) == cards
    assert all(c.hand_size(p) == tl0 for p in range(n)) and len(c.row()) == 3
    assert all(c.money(p)[0] == 10 for p in range(n)) and c.flags()["black_supply"] == black
    assert c.supply() == [30] * 6 and c.deck(R) == [2, 1, 1, 1, 2, 1]


def test_adjacency_and_distance_examples():
    nb = lambda h: sorted(core_mod.neighbours(2, cid(h)))  # noqa: E731
    assert nb("K1") == sorted(cid(x) for x in ("J1", "K2", "L1"))
    assert nb("L1") == sorted(cid(x) for x in ("K1", "K2", "L2", "M1", "M2"))
    assert nb("E3") == sorted(cid(x) for x in ("D2", "D3", "E2", "E4", "F2", "F3"))
    assert core_mod.distance(cid("E3"), cid("F3")) == 1 and core_mod.distance(cid("E3"), cid("G3")) == 2
    assert core_mod.distance(cid("E1"), cid("E4")) == 3
    assert nb("A1") == sorted(cid(x) for x in ("A2", "B1"))
    assert sorted(core_mod.neighbours(1, cid("B1"))) == sorted(cid(x) for x in ("B2", "C1", "C2"))
    assert not core_mod.is_active(0, cid("B3")) and core_mod.is_active(1, cid("B3"))


# --- §5 tables ----------------------------------------------------------------------------------------
def test_income_and_damage_tables():
    assert [core_mod.income(r) for r in (0, 1, 3, 4, 6, 7, 12, 13, 14, 15, 16, 17, 29, 30, 31)] == \
        [0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 13, 13, 14]
    assert [core_mod.damage(n) for n in (1, 2, 3, 4, 6)] == [2, 5, 8, 12, 12]


def test_dice_odds():
    assert core_mod.dice_probability(1, 1) == pytest.approx(1 / 6)
    assert core_mod.dice_probability(2, 2) == pytest.approx(2 / 36)
    assert core_mod.dice_probability(1, 2) == pytest.approx(1 / 36)
    total = sum(core_mod.dice_probability(j, 3) * [1, 6, 15, 20, 15, 6, 1][j] for j in range(1, 4))
    assert total == pytest.approx(1.0)


# --- §8-9 Phase 1 and placing -------------------------------------------------------------------------
def test_roll_place_and_placement_rules():
    g, c = start(4)
    set_hand(c, 0, "E3", "F4", "G3", "H3")
    board(c, {"F4": (B, 1), "G3": (R, 3)})
    c.set_cell(cid("H3"), BLACKTOK)
    act(g, c, "roll")
    assert kind(g, c) == "dice"
    act(g, c, "dice R")
    ms = moves(g, c)
    assert "place E3" in ms                      # empty cell
    assert "place F4" not in ms                  # another colour
    assert "place G3" not in ms                  # already 3 tokens
    assert "place H3" not in ms                  # black
    assert "decline" in ms
    act(g, c, "place E3")
    assert cell(c, "E3") == (R, 1) and c.received()[cid("E3")]
    assert c.hand_cards(0) == sorted(cid(x) for x in ("F4", "G3", "H3"))
    assert cid("E3") in c.discard_pile()


def test_one_token_per_cell_per_round():
    g, c = start(4)
    set_hand(c, 0, "E3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    finish_turn(g, c)
    c.give_card(1, cid("E3"))
    act(g, c, "roll")
    act(g, c, "dice R")
    assert "place E3" not in moves(g, c)


def test_several_colours_on_dice_and_pick():
    g, c = start(4)
    c.give_power(0, G, FAITH)
    act(g, c, "roll")
    assert len(c.legal_actions()) == 6 + 15           # one or two colours shown by two dice
    act(g, c, "dice R B")
    assert moves(g, c) == ["pick R", "pick B"]
    act(g, c, "pick B")
    assert kind(g, c) == "use" and c.cur_col == B


def test_decline_fine_and_fine_capped_by_money():
    g, c = start(4)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "decline")
    assert c.total_money(0) == 5
    g, c = start(4)
    c.set_money(0, 3)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "decline")
    assert c.total_money(0) == 0 and c.alive(0)


def test_operating_cost_from_rank_15_and_master_of_coin():
    g, c = start(4)
    row3 = ["B3", "C3", "D3", "E3", "F3", "G3", "H3", "I3", "J3", "K3", "L3", "M3"]
    board(c, {h: (R, 1) for h in row3 + ["B4", "C4", "D4"]})          # rank 15
    assert c.ranks()[R] == 15
    set_hand(c, 0, "E4")
    c.set_money(0, 10, [0] * 6)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E4")                      # pays OC(15) = 6
    assert c.total_money(0) == 4
    g, c = start(4)
    board(c, {h: (R, 1) for h in row3 + ["B4", "C4", "D4"]})
    set_hand(c, 0, "E4")
    c.give_person(2, 0)                        # Master of Coin: 6 - 10 -> 0
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E4")
    assert c.total_money(0) == 10


def test_combo_places_two_and_spends_two_cards():
    g, c = start(4)
    set_hand(c, 0, "E3", "X")
    act(g, c, "roll")
    act(g, c, "dice R")
    assert "combo E3" in moves(g, c)
    act(g, c, "combo E3")
    assert cell(c, "E3") == (R, 2) and c.hand_size(0) == 0
    g2, c2 = start(4, ruleset="core")
    set_hand(c2, 0, "E3", "X")
    act(g2, c2, "roll")
    act(g2, c2, "dice R")
    assert "combo E3" not in moves(g2, c2)


def test_phase2_reveals_T_and_takes_S():
    g, c = start(4)
    set_hand(c, 0, "E3", "X")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "combo E3")                      # T = 2, S = 2
    assert kind(g, c) == "buy"
    act(g, c, "pass")
    row0 = len(c.row())
    assert kind(g, c) == "reveal"
    resolve_chance(c)
    assert len(c.row()) == row0 + 2
    assert c.flags()["takes_left"] == 2 and kind(g, c) == "take"


def test_take_pays_skip_silver_and_row_reset():
    g, c = start(4)
    set_hand(c, 0, "E3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    act(g, c, "pass")
    resolve_chance(c)                           # one reveal: 4 cards in the row
    first = c.row()[0][0]
    third = c.row()[2][0]
    act(g, c, "take 3")                         # 1 Silver on each of cards 1 and 2
    assert c.row()[0] == (first, 1) and c.row()[1][1] == 1
    assert third in c.hand_cards(0) and third in c.known_cards(0)
    assert c.total_money(0) == 8


def test_open_row_resets_at_ten_cards_and_its_silver_goes_to_the_bank():
    g, c = start(4)
    plan = [("E3", "R"), ("G3", "O"), ("J3", "Y"), ("C3", "G")]
    for turn, (where, colour) in enumerate(plan):
        seat = c.active
        set_hand(c, seat, "X", where)
        act(g, c, "roll")
        act(g, c, f"dice {colour}")
        act(g, c, f"combo {where}")
        act(g, c, "pass")
        if turn == 3:
            resolve_chance(c)                 # 9 -> 10 cards: reset
            assert c.row() == [] and c.bank_flow()[0] == bank_before + 2
            break
        resolve_chance(c)
        if turn == 0:
            act(g, c, "take 3")               # 1 Silver on each of cards 1 and 2
            bank_before = c.bank_flow()[0]
        while kind(g, c) == "take":
            act(g, c, "draw")
            resolve_chance(c)
        act(g, c, "end")
    assert len(c.discard_pile()) >= 10


def test_black_tokens_locked_until_all_six_then_reward():
    g, c = start(4)
    set_hand(c, 0, "H3")
    assert not any(m.startswith("black") for m in moves(g, c))
    board(c, {"B1": (R,), "D1": (O,), "F1": (Y,), "H1": (G,), "J1": (B,), "L1": (P,)})
    set_hand(c, 0, "H2") if False else None
    # the milestone is set by a state check: play a placement to trigger it
    set_hand(c, 0, "E3", "H3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    assert c.flags()["a6"]
    finish_turn(g, c)
    finish_turn(g, c)
    finish_turn(g, c)
    finish_turn(g, c)                           # settlement, round 2, seat 1 starts
    seat = c.active
    set_hand(c, seat, "H3")
    c.set_money(seat, 5)
    before = c.total_money(seat)
    assert "black H3" in moves(g, c)
    act(g, c, "black H3")
    assert cell(c, "H3") == (BLACKTOK, 0)
    assert c.total_money(seat) == before + 3 and c.flags()["black_supply"] == 11


# --- §10 attacks: the spec's example, case by case ----------------------------------------------------
def example(c, blue_h4=1):
    board(c, {"E2": (R, 2), "D2": (R, 2), "E4": (R, 1), "F3": (R, 1),
              "G3": (B, 1), "G4": (B, 2), "H3": (B, 2), "H4": (B, blue_h4), "D3": (G, 1)})
    set_hand(c, 0, "E3")


def test_attack_example_candidates_multi_front():
    g, c = start(4)
    example(c)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    assert kind(g, c) == "target"
    assert moves(g, c) == ["battle G3", "siege D3"]
    assert c.candidates()[0][2] == 4           # 7 > 6: FULL strength, 4 removals


def test_attack_example_full_battle_and_damage():
    g, c = start(4)
    example(c)
    c.give_power(1, B, FAITH)
    c.give_power(1, B, TAX)                    # 2 Blue cards: D(2) = 5 per lost cell
    c.give_power(2, B, KING)                   # 1 Blue card: D(1) = 2 per lost cell
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    act(g, c, "battle G3")
    assert kind(g, c) == "remove" and moves(g, c) == ["remove G3", "remove G4"]
    act(g, c, "remove G4")
    act(g, c, "remove G4")                     # G3 is the last front token: removed without asking
    assert cell(c, "G3") == (Cell.EMPTY, 0) and cell(c, "G4") == (Cell.EMPTY, 0)
    assert cell(c, "H3") == (B, 2) and cell(c, "H4") == (B, 1)   # the 4th removal is lost
    assert c.total_money(1) == 0                # 2 cells x 5
    assert c.total_money(2) == 6                # 2 cells x 2
    assert c.ranks()[B] == 2


@pytest.mark.parametrize("h4, removals", [(2, 2), (3, 1)])
def test_attack_tempo_and_first_strike(h4, removals):
    g, c = start(4)
    example(c, blue_h4=h4)                     # Blue strength 7 (= Red: TEMPO) or 8 (> Red: FIRST)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    assert c.candidates()[0][2] == removals
    act(g, c, "battle G3")
    removed = 0
    while kind(g, c) == "remove":
        act(g, c, moves(g, c)[0])
    front = cell(c, "G3")[1] + cell(c, "G4")[1]
    assert front == 3 - removals


def test_attack_siege_clears_and_collapses_with_queen_rescue():
    g, c = start(4)
    example(c)
    c.give_power(1, G, QUEEN)
    c.give_power(1, G, FAITH)
    c.give_power(1, R, TAX)                    # so that seat 1 has another deposit to save into
    c.set_money(1, 10, [0, 0, 0, 20, 0, 0])    # 20 on Green
    c.give_power(2, G, TAX)
    c.set_money(2, 10, [0, 0, 0, 7, 0, 0])     # 7 on Green, lost
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    act(g, c, "siege D3")
    assert cell(c, "D3") == (Cell.EMPTY, 0) and c.ranks()[G] == 0
    # damage first (1 cell: seat 1 holds 2 Green cards -> 5, seat 2 one -> 2), then the collapse
    assert kind(g, c) == "allocate" and c.asked == 1
    assert c.money(1)[2] == 20 and c.money(1)[0] == 5
    act(g, c, "put all R")
    assert c.money(1)[1][R] == 20 and c.money(1)[1][G] == 0
    assert c.total_money(2) == 8 and c.money(2)[1][G] == 0       # deposit lost, 10 - 2 paid
    assert c.power(1) == {(R, TAX): 1} and c.deck(G) == [2, 1, 1, 1, 2, 1]


def test_capture_castle_by_five_side_siege():
    g, c = start(4)
    # a Blue castle on F3; Red holds F2 E3 E4 F4 and places G4: 5 of F3's 6 neighbours
    board(c, {"F3": (B, 1), "G3": (B, 1), "F2": (R, 1), "E3": (R, 1), "E4": (R, 1), "F4": (R, 1)})
    c.set_castle(cid("F3"), 2)
    set_hand(c, 0, "G4")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place G4")                     # the only target: taken without asking
    assert cell(c, "F3") == (R, 1) and cell(c, "G3") == (B, 1)
    assert c.castles()[0] == (0, cid("F3"))   # the card passes to the placing player


def test_castle_cells_immune_to_battle():
    g, c = start(4)
    example(c)
    c.set_cell(cid("G3"), B, 1)
    c.set_castle(cid("G3"), 2)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    act(g, c, "battle G3")
    assert cell(c, "G3") == (B, 1)            # the castle cell keeps its token
    assert cell(c, "G4") == (Cell.EMPTY, 0)


def test_small_group_below_four_does_not_attack():
    g, c = start(4)
    board(c, {"E2": (R, 2), "G3": (B, 1)})
    set_hand(c, 0, "F3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place F3")
    assert kind(g, c) == "buy"                # no attack: Red group has 2 cells
    assert cell(c, "G3") == (B, 1)


# --- §11 milestones, limits -------------------------------------------------------------------------------
def test_power_limit_changes():
    g, c = start(3)
    assert c.power_limit(0) == 3
    c.give_power(0, R, KING)
    assert c.power_limit(0) == 4
    c.give_power(0, R, QUEEN)
    assert c.power_limit(0) == 5              # Queen + King combo
    c.give_power(0, O, LAND)
    c.give_power(0, O, LAND)
    assert c.power_limit(0) == 6 and c.territory_limit(0) == 7
    g2, c2 = start(3, power_combos=False)
    c2.give_power(0, R, KING)
    c2.give_power(0, R, QUEEN)
    assert c2.power_limit(0) == 4


def test_forced_sale_above_the_power_limit_at_value():
    g, c = start(4)
    board(c, {"E2": (B, 1), "E3": (B, 1)})
    for t in (FAITH, TAX, KING, QUEEN, LAND):
        c.give_power(1, B, t)
    c.give_power(1, B, LAND)                  # 6 cards; PL = 3 + King + Queen/King + Land/Land = 6
    assert c.power_limit(1) == 6
    set_hand(c, 0, "K4")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place K4")
    assert kind(g, c) == "buy"
    c.drop_card(1, c.hand_cards(1)[0])
    c.give_power(1, G, FAITH)                 # 7 cards > 6
    act(g, c, "pass")
    assert kind(g, c) == "forced_sell" and c.asked == 1
    money = c.total_money(1)
    act(g, c, "sell G faith")                 # Green rank 0: V = 0
    assert c.total_money(1) == money and len(c.power(1)) == 5


def test_rank15_milestone_raises_every_power_limit():
    g, c = start(3)
    cells15 = ["C1", "D1", "E1", "F1", "G1", "H1", "I1", "J1", "K1", "L1", "C2", "D2", "E2", "F2", "G2"]
    board(c, {h: (O, 1) for h in cells15})
    board(c, {"C4": (R, 1), "D4": (R, 1), "E4": (R, 1), "E5": (R, 1), "F4": (G, 1)})
    set_hand(c, 0, "F5")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place F5")                     # any placement runs the checks
    assert c.flags()["milestones"][0] == O
    assert c.power_limit(1) == 4


def test_hand_above_territory_limit_discards():
    g, c = start(4)
    set_hand(c, 1, "E3", "E4", "E5", "F3", "F4")
    c.give_power(1, R, LAND)
    c.give_card(1, cid("F5"))                  # 6 cards, TL 6
    assert c.territory_limit(1) == 6
    # a voluntary Land sale at settlement discards 1 card
    for _ in range(4):
        finish_turn(g, c) if c.active != 1 or True else None
        if kind(g, c) == "settle_sell":
            break
    while kind(g, c) == "settle_sell" and c.asked != 1:
        act(g, c, "keep")
    assert c.asked == 1
    act(g, c, "sell R land")
    assert kind(g, c) == "discard" and c.asked == 1
    act(g, c, "discard E3")
    assert c.hand_size(1) == 5


# --- §12 alliances ------------------------------------------------------------------------------------------
def test_alliance_join_leave_and_reset():
    g, c = start(4)
    board(c, {"B1": (R,), "D1": (O,), "F1": (Y,), "H1": (G,)})
    set_hand(c, 0, "X")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "ally")
    assert c.alliance()[R] == 1 and c.supply()[R] == 28
    # leave again
    g, c = start(4)
    board(c, {"B1": (R,)})
    c.set_alliance(R, 1)
    set_hand(c, 0, "X")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "ally")
    assert c.alliance()[R] == 0
    # the fourth colour resets the space
    g, c = start(4)
    board(c, {"B1": (R,), "D1": (O,), "F1": (Y,), "H1": (G,)})
    for col in (R, O, Y):
        c.set_alliance(col, 1)
    set_hand(c, 0, "X")
    act(g, c, "roll")
    act(g, c, "dice G")
    act(g, c, "ally")
    assert c.alliance() == [0] * 6 and c.supply()[:4] == [29, 29, 29, 29]


def test_alliance_needs_colour_on_board_and_no_buy_after():
    g, c = start(4)
    set_hand(c, 0, "X")
    act(g, c, "roll")
    act(g, c, "dice R")
    assert "ally" not in moves(g, c)
    board(c, {"B1": (R,)})
    assert "ally" in moves(g, c)
    act(g, c, "ally")
    assert kind(g, c) != "buy"


def test_allied_colours_fight_as_one_kingdom():
    g, c = start(4)
    board(c, {"E2": (R, 1), "D2": (B, 2), "E4": (B, 1), "F3": (R, 1),
              "G3": (Y, 1), "G4": (Y, 1), "H3": (Y, 1), "H4": (Y, 1)})
    c.set_alliance(R, 1)
    c.set_alliance(B, 1)
    set_hand(c, 0, "E3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")                     # Red+Blue group: 5 cells, strength 6 > Yellow 4
    assert kind(g, c) == "remove" and c.flags()["removals_left"] == 4   # 6 > 4: FULL
    while kind(g, c) == "remove":
        act(g, c, moves(g, c)[0])
    assert cell(c, "D2") == (B, 2)            # allies are never attacked
    assert cell(c, "G3")[1] + cell(c, "G4")[1] == 0


def test_two_alliance_spaces_choice():
    g, c = start(4, alliance_spaces=2)
    board(c, {"B1": (R,)})
    set_hand(c, 0, "X")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "ally")
    assert moves(g, c) == ["space 1", "space 2"]
    act(g, c, "space 2")
    assert c.alliance()[R] == 2


# --- §14 Power cards -----------------------------------------------------------------------------------------
def test_buy_price_rank_and_land_bonus_draw():
    g, c = start(4)
    board(c, {"E2": (R, 1), "E4": (R, 1)})
    set_hand(c, 0, "E3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    assert kind(g, c) == "buy"
    act(g, c, "buy")
    assert c.total_money(0) == 7               # rank 3
    assert kind(g, c) == "power_draw"
    act(g, c, "power R land")
    assert c.power(0) == {(R, LAND): 1}
    assert kind(g, c) == "deal" and c.draw_for == 0    # the Land bonus draw
    resolve_chance(c)
    assert c.hand_size(0) == 1


def test_military_use_without_roll_and_combo_roll():
    g, c = start(4)
    board(c, {"E2": (R, 1)})
    c.give_power(0, R, MILITARY)
    c.give_power(0, R, FAITH)
    set_hand(c, 0, "E3", "K4")
    assert "military R" in moves(g, c)
    act(g, c, "military R")
    assert "decline" not in moves(g, c)
    act(g, c, "place E3")
    act(g, c, "pass")
    assert kind(g, c) == "combo_roll"
    act(g, c, "roll")
    assert kind(g, c) == "dice"
    act(g, c, "dice B R")                     # 2 dice: Faith adds one
    act(g, c, "pick B")
    act(g, c, "place K4")
    act(g, c, "pass")
    assert kind(g, c) == "reveal"


# --- §15 persons and castles -----------------------------------------------------------------------------------
def test_shadow_option_buys_person_and_skips_phase2():
    g, c = start(4)
    act(g, c, "shadow")
    assert moves(g, c) == ["none", "buy coin", "buy envoy"]   # Theron 15 and Turncloak 20 > 10 Silver
    act(g, c, "buy coin")
    assert c.persons()[2] == 0 and c.total_money(0) == 0
    assert kind(g, c) == "exchange"


def test_theron_moves_tokens_without_damage():
    g, c = start(4)
    board(c, {"E2": (R, 2)})
    c.give_person(0, 0)
    set_hand(c, 0, "H3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "theron")
    assert moves(g, c) == ["from E2"]
    act(g, c, "from E2")
    assert moves(g, c) == ["to H3 1", "to H3 2"]
    act(g, c, "to H3 2")
    assert cell(c, "E2") == (Cell.EMPTY, 0) and cell(c, "H3") == (R, 2)


def test_turncloak_converts_and_counts_a_lost_cell():
    g, c = start(4)
    board(c, {"H3": (B, 2), "J3": (B, 1)})
    c.give_person(1, 0)
    c.give_power(2, B, FAITH)
    set_hand(c, 0, "H3")
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "turncloak H3")
    assert cell(c, "H3") == (R, 2)
    assert c.total_money(2) == 8              # 1 lost cell x D(1)


def test_envoy_toggles_alliance_without_card():
    g, c = start(4)
    board(c, {"B1": (R,)})
    c.give_person(3, 0)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "envoy")
    assert c.alliance()[R] == 1


def test_castle_placement_rules_and_restoration():
    group = ["E2", "E3", "E4", "F3", "F4", "E5"]
    g, c = start(4)
    board(c, {h: (R, 1) for h in group})
    c.set_money(0, 10, [20, 0, 0, 0, 0, 0])
    act(g, c, "shadow")
    assert not any(m.startswith("castle") for m in moves(g, c))     # no Red Power card
    g, c = start(4)
    board(c, {h: (R, 1) for h in group})
    board(c, {"H3": (B, 1), "G3": (BLACKTOK,)})
    c.set_castle(cid("H3"), 1)
    c.give_power(0, R, FAITH)
    c.set_money(0, 10, [20, 0, 0, 0, 0, 0])
    act(g, c, "shadow")
    castles = [m for m in moves(g, c) if m.startswith("castle")]
    # E5 is an edge cell; F3 and F4 are within 2 of the castle on H3; the Blue cell has no Red card
    assert castles == ["castle E2", "castle E3", "castle E4"]
    act(g, c, "castle E3")
    assert c.castles()[1] == (0, cid("E3"))
    assert cell(c, "G3") == (Cell.EMPTY, 0)   # the black token within 2 cells is restored
    assert c.total_money(0) == 30 - 20        # 15 + 5 restoration


def test_castle_upkeep_and_abandon():
    g, c = start(4)
    board(c, {h: (R, 1) for h in ["E2", "E3", "E4", "F3", "F4"]})
    board(c, {h: (B, 1) for h in ["I2", "I3", "I4", "J3", "J4"]})
    c.set_castle(cid("F3"), 0)
    c.set_castle(cid("J3"), 1)
    c.set_money(1, 0)
    for _ in range(4):
        finish_turn(g, c)
    while kind(g, c) == "settle_sell":
        act(g, c, "keep")
    resolve_chance(c)
    assert c.round == 2
    assert c.total_money(0) == 8               # 2 upkeep paid
    assert c.castles()[1] == (None, None) and c.cells()[cid("J3")][2] == -1   # unpaid: abandoned
    assert c.alive(1)                          # upkeep never bankrupts


# --- §17 money ---------------------------------------------------------------------------------------------------
def test_transfer_fee_and_hand_cap():
    g, c = start(4)
    c.give_power(0, R, FAITH)
    c.give_power(0, B, FAITH)
    c.set_money(0, 10, [30, 0, 0, 0, 0, 0])
    act(g, c, "transfer")
    assert moves(g, c) == ["from hand", "from R"]
    act(g, c, "from R")
    assert moves(g, c) == ["to B"]             # the hand is full
    act(g, c, "to B")
    act(g, c, "amount 25")                     # fee 2
    assert c.money(0)[1][R] == 5 and c.money(0)[1][B] == 23
    assert kind(g, c) == "phase1" and "transfer" not in moves(g, c)   # once per round


def test_allocation_of_receipts_with_hand_cap():
    g, c = start(4)
    c.give_power(0, R, FAITH)
    board(c, {"B1": (R,), "D1": (O,), "F1": (Y,), "H1": (G,), "J1": (B,), "L1": (P,)})
    c.set_flags(a6=True)
    c.set_money(0, 8)
    set_hand(c, 0, "H3")
    act(g, c, "black H3")                      # +3 Silver: hand room 2
    assert kind(g, c) == "allocate"
    assert moves(g, c) == ["put 1 hand", "put 1 R", "put 5 hand", "put 5 R"]   # chunks capped by room
    act(g, c, "put 5 hand")
    # the rest (1) has one place left, the Red deposit: placed without asking
    assert c.money(0)[0] == 10 and c.money(0)[1][R] == 1 and c.money(0)[2] == 0
    assert kind(g, c) == "reveal"


def test_bankruptcy_forced_sale_and_elimination():
    g, c = start(4)
    example(c)
    c.give_power(1, B, FAITH)
    c.give_power(1, B, TAX)
    c.give_power(1, B, KING)                   # 3 cards: D(3) = 8 per cell, 2 cells = 16
    c.set_money(1, 2)
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, "place E3")
    act(g, c, "battle G3")
    act(g, c, "remove G4")
    act(g, c, "remove G4")
    assert kind(g, c) == "forced_sell" and c.asked == 1
    act(g, c, "sell B king")                   # V(rank 2) = 2 each
    act(g, c, "sell B tax")
    act(g, c, "sell B faith")
    assert not c.alive(1)                      # 2 + 6 < 16: bankrupt with no card left
    assert c.elimination_order()[1] == 1
    held = sorted(c.hand_cards(1))
    discard = list(c.discard_pile())
    for k in range(len(held)):                 # the Territory cards go face up, one public event each
        assert kind(g, c) == "show" and c.current_player() == -1 and c.hand_size(1) == len(held) - k
        t = c.legal_actions()[0]
        act(g, c, g.action_to_string(c, t))
    assert c.hand_size(1) == 0 and kind(g, c) != "show"
    assert sorted(c.discard_pile()) == sorted(discard + held)


def test_income_and_tax_at_settlement():
    g, c = start(4)
    board(c, {h: (R, 1) for h in ["B1", "C1", "D1", "E1", "F1", "G1"]})    # rank 6: I = 2
    c.give_power(0, R, TAX)
    c.give_power(1, R, FAITH)
    c.give_power(1, R, LAND)
    c.set_money(0, 0)
    c.set_money(1, 0)
    for _ in range(4):
        finish_turn(g, c)
    while kind(g, c) == "settle_sell":
        act(g, c, "keep")
    # seat 0: income 2 + tax 2 (seat 1 holds 2 Red cards); seat 1: income 4 - tax 2
    while kind(g, c) == "allocate":
        act(g, c, "put all hand" if "put all hand" in moves(g, c) else moves(g, c)[-1])
    assert c.total_money(0) == 4 and c.total_money(1) == 2


# --- §19 the end -------------------------------------------------------------------------------------------------
def test_end_trigger_empty_cells_then_final_round():
    g, c = start(3)
    active = [h for h in range(70) if core_mod.is_active(0, h)]
    for i, h in enumerate(active[:-4]):
        c.set_cell(h, i % 6, 1)
    free = [h for h in active if c.cells()[h][0] == Cell.EMPTY]
    from intrigue.engine.shadow_master.names import cell_name
    set_hand(c, 0, cell_name(free[0]))
    act(g, c, "roll")
    act(g, c, "dice R")
    act(g, c, f"place {cell_name(free[0])}")
    while kind(g, c) in ("target", "remove"):
        act(g, c, moves(g, c)[0])
    assert c.flags()["end_round"] == 1 and c.flags()["end_trigger"] == "empty_cells"
    for _ in range(30):
        if c.is_terminal():
            break
        if kind(g, c) in ("settle_sell",):
            act(g, c, "keep")
        elif c.current_player() < 0:
            resolve_chance(c)
        else:
            finish_turn(g, c)
    assert c.is_terminal() and c.round == 2


def test_round_cap_and_scoring():
    g, c = start(3, max_rounds=10)
    c.set_flags(round=10)
    c.give_person(2, 1)
    c.give_power(1, R, FAITH)
    board(c, {"E2": (R, 1), "E3": (R, 1)})
    for _ in range(200):
        if c.is_terminal():
            break
        if c.current_player() < 0:
            resolve_chance(c)
        elif kind(g, c) == "settle_sell":
            act(g, c, "keep")
        elif kind(g, c) == "allocate":
            act(g, c, moves(g, c)[-1])
        else:
            finish_turn(g, c)
    assert c.is_terminal() and c.round == 11 and c.flags()["end_trigger"] == "round_cap"
    hand, deps, pend, _ = c.money(1)
    assert c.score(1) == hand + sum(deps) + pend + c.ranks()[R] + 5 * c.hand_size(1) + 10
    res = g.result(c)
    assert res.placings[res.winners[0]] == 1
