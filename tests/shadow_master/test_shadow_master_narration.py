"""What a tester of ``intrigue play shadow_master`` found in the narrator's words, each pinned by a
test: the money message of an open-row take, the Phase 3 prompt and a transfer that is not possible,
the net payment of a take, the end screen, why a Military card cannot be used, and the rules text of
option B."""
from __future__ import annotations

import random

from intrigue.engine import load_game
from intrigue.engine.shadow_master import names
from intrigue.engine.shadow_master.narrate import ShadowMasterNarrator
from intrigue.ext.shadow_master_core import ExchangeAction, P1Action, Phase, policy_choice

from support.shadow_master import FAITH, MILITARY, R, act, played_events, resolve_chance, set_hand, start


def _narrators(g):
    out = {}
    for lang in ("en", "th"):
        n = ShadowMasterNarrator(g, lang)
        n.strict = True
        out[lang] = n
    return out


def _to_exchange(g, c):
    """Seat 0 takes the Shadow option, buys nothing and stands at Phase 3."""
    act(g, c, "shadow")
    act(g, c, "none")
    assert c.phase == Phase.EXCHANGE and c.current_player() == 0


# --- 1. too little money for an open-row take ---------------------------------------------------------

def test_too_little_money_for_an_open_row_take_is_worded_as_the_take_not_in_notation():
    # seed 12, --lang th: "take 7 ต้องใช้ 6 Silver คุณมี 4" (and in English "take 7 costs 6 Silver;
    # you have 4."): the notation stood where the action's words belong
    checked = 0
    for seed in range(10):
        for g, core, event in played_events(seed, rounds=10):
            if core.phase != Phase.TAKE or len(core.row()) < 3 or core.current_player() < 0:
                continue
            p = core.current_player()
            if core.hand_size(p) >= core.territory_limit(p):
                continue
            n = _narrators(g)
            pos = len(core.row())
            poor = core.clone()
            poor.set_money(p, 1)
            en = n["en"].why_illegal(poor, f"take {pos}", p)
            assert en == (f"Taking the card at open-row position {pos} costs {pos - 1} Silver "
                          f"(1 on each card skipped); you have 1."), en
            th = n["th"].why_illegal(poor, f"take {pos}", p)
            assert th.startswith(f"การหยิบการ์ดตำแหน่ง {pos} ในกองเปิดต้องใช้ {pos - 1} Silver"), th
            assert "take" not in th, th
            # a position past the end of the row is not "too little money"
            beyond = n["en"].why_illegal(poor, f"take {pos + 1}", p)
            assert beyond == f"The open row holds only {pos} cards: there is no position {pos + 1}.", beyond
            assert "take" not in n["th"].why_illegal(poor, f"take {pos + 1}", p)
            checked += 1
            break
        if checked >= 3:
            break
    assert checked >= 3


# --- 2. the Phase 3 prompt and a transfer that is not possible --------------------------------------

def test_the_phase_3_prompt_offers_a_transfer_only_when_one_is_possible_and_says_why_not():
    # seed 12, "2", "1": "Phase 3 (adjust deeds): exchange a card (...), transfer money, or end your
    # turn." with no transfer listed, and "transfer" answered "'transfer' is not a choice now."
    g, c = start(4)
    n = _narrators(g)
    _to_exchange(g, c)
    assert ExchangeAction.TRANSFER not in c.legal_actions()          # hand 10, no Power card: nowhere to go
    assert n["en"].prompt(c, 0) == "Phase 3 (adjust deeds): exchange a card (2 left, 1 Silver each) or end your turn."
    assert "ย้ายเงิน" not in n["th"].prompt(c, 0)
    assert n["en"].why_illegal(c, "transfer", 0) == (
        "There is nowhere to move money: your hand is full (10 Silver) and you hold no Power card to put a "
        "deposit on.")
    assert n["th"].why_illegal(c, "transfer", 0).startswith("ย้ายเงินไปไหนไม่ได้")
    # the same at Phase 1 with less than a full hand
    g, c = start(4)
    c.set_money(0, 6)
    assert n["en"].why_illegal(c, "transfer", 0) == (
        "There is nowhere to move money: you hold no Power card, so you have no deposit, and your money is "
        "all in hand.")


def test_a_transfer_already_made_this_round_is_named_as_the_reason():
    g, c = start(4)
    n = _narrators(g)
    c.give_power(0, R, FAITH)
    c.set_money(0, 5, [3, 0, 0, 0, 0, 0])
    act(g, c, "transfer")
    act(g, c, "from hand")
    act(g, c, "to R")
    act(g, c, "amount 2")
    assert c.phase == Phase.P1
    _to_exchange(g, c)
    assert n["en"].prompt(c, 0) == "Phase 3 (adjust deeds): exchange a card (2 left, 1 Silver each) or end your turn."
    assert n["en"].why_illegal(c, "transfer", 0) == "You have already made your transfer this round (one a round)."
    assert n["th"].why_illegal(c, "transfer", 0) == "คุณย้ายเงินไปแล้วในรอบนี้ (รอบละครั้ง)"


def test_the_phase_3_prompt_names_each_possibility_there_is():
    g, c = start(4)
    n = _narrators(g)
    c.give_power(0, R, FAITH)
    c.set_money(0, 5, [3, 0, 0, 0, 0, 0])
    _to_exchange(g, c)
    assert n["en"].prompt(c, 0) == ("Phase 3 (adjust deeds): exchange a card (2 left, 1 Silver each), transfer "
                                    "money, or end your turn.")
    assert n["th"].prompt(c, 0) == ("เฟส 3 (ปรับเปลี่ยนโฉนด): แลกการ์ด (เหลือ 2 ครั้ง ครั้งละ 1 Silver) ย้ายเงิน "
                                    "หรือจบเทิร์น")
    broke = c.clone()
    broke.set_money(0, 0)
    assert n["en"].prompt(broke, 0) == ("Phase 3 (adjust deeds): end your turn (no exchange or transfer is "
                                        "possible now).")
    assert n["en"].why_illegal(broke, "transfer", 0) == "You have no money to move."
    for _ in range(2):                                         # both exchanges spent: a transfer is left
        act(g, c, "discard " + names.card_name(c.hand_cards(0)[0]))
        resolve_chance(c)
        act(g, c, "draw")
        resolve_chance(c)
    assert c.phase == Phase.EXCHANGE and c.flags()["exchanges_left"] == 0
    assert n["en"].prompt(c, 0) == "Phase 3 (adjust deeds): transfer money or end your turn."
    assert n["th"].prompt(c, 0) == "เฟส 3 (ปรับเปลี่ยนโฉนด): ย้ายเงิน หรือจบเทิร์น"


# --- 4. the net payment of a take that skips cards and collects Silver -------------------------------

def test_a_take_that_skips_cards_and_collects_silver_gives_the_reason_of_its_net_payment():
    # seed 12: "Seat 3 takes H5 from open-row position 3 (skipping 2: 2 Silver) and collects its 1
    # Silver." then "Seat 3 pays 1 Silver: money 92 → 91." -- the only payment with no reason
    import re
    seen = set()
    for seed in range(300):
        for g, core, event in played_events(seed, rounds=10):
            a = event.action
            if core.phase != Phase.TAKE or event.seat < 0 or a < 2 or not core.row()[a - 1][1]:
                continue
            silver = core.row()[a - 1][1]
            if silver == a - 1:
                continue                                     # no net payment: nothing to explain
            n = _narrators(g)
            for lang, viewer in (("en", None), ("en", event.seat), ("th", None)):
                lines = n[lang].event(core, event, viewer)
                money = [x for x in lines if re.search(r"money \d+ → \d+|เงิน \d+ → \d+", x)]
                assert len(money) == 1, lines
                if lang == "en":
                    key = "pays" if silver < a - 1 else "receives"
                    want = (f" {abs(silver - (a - 1))} Silver ({a - 1} left on the skipped cards, {silver} "
                            f"collected from the card taken): money ")
                    assert want in money[0] and (key in money[0] or key[:-1] in money[0]), lines
                else:
                    assert f"(วางบนการ์ดที่ข้าม {a - 1} ได้จากการ์ดที่หยิบ {silver})" in money[0], lines
            seen.add(silver < a - 1)
        if seen == {True, False}:
            break
    assert seen == {True, False}, seen


# --- 5. the end screen ----------------------------------------------------------------------------

def test_the_end_screen_does_not_announce_a_final_round_still_to_come():
    # seed 12: after "Game over." the board still read "The end is triggered: round 31 is the final
    # round."
    g = load_game("shadow_master", "standard", 4, {"max_rounds": 10})
    s = g.new_state(3)
    rnd = random.Random(3)
    n = _narrators(g)
    told_before = False
    while not s.is_terminal():
        if s.core.flags()["end_round"] and s.current_player() >= 0:
            told_before = told_before or "The end is triggered: round" in n["en"].board(s, None)
        s.apply_action(policy_choice(s.core, rnd.getrandbits(32)))
    assert told_before                                        # shown while the final round is to come
    assert s.core.flags()["end_round"]
    end = n["en"].end_screen(s.core, 0)
    assert "The end is triggered" not in end, end
    assert "Round" in end and "Final scores" in end
    assert "เงื่อนไขจบเกมเกิดแล้ว" not in n["th"].end_screen(s.core, 0)


# --- 6. why a Military card cannot be used --------------------------------------------------------

def test_military_without_the_card_says_the_card_is_not_held():
    # "military R" without a Military card: only "'military R' is not a choice now", though
    # docs/shadow_master.md promises the reason ("a card not held")
    g, c = start(4)
    n = _narrators(g)
    assert n["en"].why_illegal(c, "military R", 0) == "You do not hold a Red Military card."
    assert n["th"].why_illegal(c, "military R", 0) == "คุณไม่มีการ์ดการทหารสีแดง"
    # held, but with no cell card and no X card it has no use
    c.give_power(0, R, MILITARY)
    set_hand(c, 0)
    assert P1Action.MIL + R not in c.legal_actions()
    assert n["en"].why_illegal(c, "military R", 0) == (
        "Your Red Military card has no use now: none of your Territory cards can take a Red token, and no X "
        "card can move Red in the alliance.")
    assert n["th"].why_illegal(c, "military R", 0).startswith("การ์ดการทหารสีแดงของคุณใช้ไม่ได้ตอนนี้")
    set_hand(c, 0, "E2")
    assert P1Action.MIL + R in c.legal_actions()
    assert n["en"].why_illegal(c, "military R", 0) == ""


# --- 7. option B in the rules text ------------------------------------------------------------------

def test_the_rules_text_says_a_black_token_earns_3_silver():
    # "B) place a black token (once unlocked) for 3 Silver" read as a price; the rules (section 8.2)
    # pay the player 3 Silver
    g, c = start(4)
    n = _narrators(g)
    en = " ".join(n["en"].rules(c, 0).split())
    assert "for 3 Silver" not in en
    assert ("B) place a black token (once unlocked) on an empty cell whose card you hold, and receive 3 "
            "Silver.") in en
    th = " ".join(n["th"].rules(c, 0).split())
    assert "B) วางโทเคนสีดำ (เมื่อปลดล็อก) ในช่องว่างที่มีการ์ด แล้วรับ 3 Silver" in th
