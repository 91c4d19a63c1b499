"""Leduc hold'em told in sentences, for people: the terminal, the web page and replays get their words
for what happened, what is asked and why a move is not possible here.

A :class:`LeducNarrator` reads the kernel state just *before* an event and the event itself, and says
it from one seat's point of view.  It reads only what that seat may see: its own card, the public
card, the chips, and a card shown at the showdown (which it takes from the ``show`` event itself, so
a seat's information state, whose other card is a stand-in, is told the same as the full game).

>>> from intrigue.engine import load_game
>>> n = LeducNarrator(load_game("leduc"))
>>> n.seat(1, 0), n.seat(0, 0)
('seat 1', 'you')
"""
from __future__ import annotations

from typing import Dict, List, Optional

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import CHANCE, TERMINAL, Event
from intrigue.engine.leduc import names
from intrigue.engine.narration import Narrator, cap
from intrigue.ext.leduc_core import CARD as CARD_ACTION, MAX_RAISES, Action, LeducCore, Phase

# Sentences per language.  English verbs agree with the subject through {s}/{is} ("Seat 1 calls",
# "You call"); Thai has no agreement; Hebrew names the subject as a seat ("מושב 1 (את/ה)"), so the
# third-person forms stay grammatical for "you" too (as the Coup narrator does).
TEXT: Dict[str, Dict[str, str]] = {
    "en": {
        "seat": "seat {n}", "you": "you",
        "chips1": "{n} chip", "chips": "{n} chips",
        "header1": "── Betting round 1 · bets and raises of {amount} ──",
        "header2": "── Betting round 2 · public card: {public} · bets and raises of {amount} ──",
        "dealt": "{Who} {is} dealt {card}.",
        "public": "The public card is turned up: {card}.",
        "pair_you": "You have {hand}.",
        "check": "{Who} check{s}.",
        "bet": "{Who} bet{s} {chips}. Pot: {pot}.",
        "call": "{Who} call{s} {chips}. Pot: {pot}.",
        "raise": "{Who} raise{s} by {amount}, putting in {paid}. Pot: {pot}.",
        "fold": "{Who} fold{s}. No card is shown.",
        "wins_fold": "{Who} win{s} {net} (the pot of {pot}).",
        "showdown": "Showdown: both cards are turned face up.",
        "show": "{Who} show{s} {hand}.",
        "wins_show": "{Who} win{s} {net} (the pot of {pot}): {hand} beats {other}.",
        "split": "The pot of {pot} is split: both hold {hand}, so nobody wins or loses.",
        "p_bet": "Your turn. You hold {card}{public}; the pot is {pot}. Check, or bet {amount}?",
        "p_call": "Your turn. You hold {card}{public}; the pot is {pot}. {to_call} to call: fold, call, "
                  "or raise by {amount}?",
        "p_call_capped": "Your turn. You hold {card}{public}; the pot is {pot}. {to_call} to call, and no "
                         "more raises this round: fold or call?",
        "p_public": ", the public card is {card}",
        "p_wait": "{Who} {is} to decide.",
        "l_fold": "Fold (give up the pot)", "l_check": "Check", "l_call": "Call {chips}",
        "l_bet": "Bet {chips}", "l_raise": "Raise by {amount} (put in {paid})",
        "w_not_yours": "It is not your decision: {who} {is} to decide.",
        "w_fold": "There is no bet to fold to: check, or bet.",
        "w_facing": "There is a bet of {chips} to call: fold, call or raise.",
        "w_cap": "No more raises this round: two have been made. Fold or call.",
        "w_bad": "Not understood: {text!r}. The moves are fold, check, call, bet and raise.",
        "w_not_now": "That is not a choice now. {prompt}",
        "end_win": "{Who} win{s} {net}.", "end_split": "Split pot: nobody wins or loses.",
        "placings": "Placings:",
        "b_head": "Round {round} of 2 · public card: {public} · pot {pot}",
        "b_no_public": "not turned up yet", "b_in": "{chips} in", "b_to_move": "<- to move",
        "b_folded": "folded", "b_won": "won {chips}", "b_lost": "lost {chips}", "b_even": "even",
        "rules": "Leduc hold'em: two players, a deck of six cards (Jack, Queen, King, two of each).\n"
                 "Each player antes 1 chip and is dealt one card face down.\n"
                 "Round 1: bets and raises of 2 chips. Then one card is turned up for both (the public "
                 "card). Round 2: bets and raises of 4 chips.\n"
                 "In each round seat 0 acts first, and at most two bets or raises are made. Check: pass without "
                 "a bet. Bet or raise: put in the round's amount more than the other player has in. "
                 "Call: match the other player's chips. Fold (only facing a bet): give up the pot.\n"
                 "If nobody folds, both cards are shown: a card that pairs the public card wins, else "
                 "the higher card (King > Queen > Jack); equal cards split the pot.\n"
                 "After a fold no card is shown.",
        "rules_now": "Now: {chips} to call; {left} raise(s) left this round.",
        "rules_now_level": "Now: no bet to call; {left} bet(s) or raise(s) left this round.",
        "rules_guide": "Full guide: intrigue rules leduc",
    },
    "th": {
        "seat": "ที่นั่ง {n}", "you": "คุณ",
        "chips1": "{n} ชิป", "chips": "{n} ชิป",
        "header1": "── รอบเดิมพันที่ 1 · ลงเดิมพันและเพิ่มเดิมพันครั้งละ {amount} ──",
        "header2": "── รอบเดิมพันที่ 2 · ไพ่กลาง: {public} · ลงเดิมพันและเพิ่มเดิมพันครั้งละ {amount} ──",
        "dealt": "{Who} ได้ไพ่{card}",
        "public": "เปิดไพ่กลาง: {card}",
        "pair_you": "คุณได้{hand}",
        "check": "{Who} เช็ค",
        "bet": "{Who} ลงเดิมพัน {chips} กองกลางมี {pot}",
        "call": "{Who} ตาม {chips} กองกลางมี {pot}",
        "raise": "{Who} เพิ่มเดิมพันอีก {amount} โดยใส่ {paid} กองกลางมี {pot}",
        "fold": "{Who} หมอบ ไม่มีการเปิดไพ่",
        "wins_fold": "{Who} ได้ {net} (กองกลาง {pot})",
        "showdown": "เปิดไพ่: ทั้งสองฝ่ายหงายไพ่ในมือ",
        "show": "{Who} เปิดไพ่: {hand}",
        "wins_show": "{Who} ได้ {net} (กองกลาง {pot}): {hand} ชนะ{other}",
        "split": "แบ่งกองกลาง {pot}: ทั้งสองฝ่ายถือ{hand} จึงไม่มีใครได้หรือเสีย",
        "p_bet": "ตาของคุณ คุณถือ{card}{public} กองกลางมี {pot} จะเช็ค หรือลงเดิมพัน {amount}?",
        "p_call": "ตาของคุณ คุณถือ{card}{public} กองกลางมี {pot} ต้องใส่ {to_call} เพื่อตาม จะหมอบ ตาม "
                  "หรือเพิ่มเดิมพันอีก {amount}?",
        "p_call_capped": "ตาของคุณ คุณถือ{card}{public} กองกลางมี {pot} ต้องใส่ {to_call} เพื่อตาม "
                         "และรอบนี้เพิ่มเดิมพันไม่ได้อีกแล้ว จะหมอบหรือตาม?",
        "p_public": " ไพ่กลางคือ{card}",
        "p_wait": "ถึงตา{Who} ตัดสินใจ",
        "l_fold": "หมอบ (ยอมเสียกองกลาง)", "l_check": "เช็ค", "l_call": "ตาม {chips}",
        "l_bet": "ลงเดิมพัน {chips}", "l_raise": "เพิ่มเดิมพันอีก {amount} (ใส่ {paid})",
        "w_not_yours": "ยังไม่ถึงตาคุณ: ถึงตา{who} ตัดสินใจ",
        "w_fold": "ยังไม่มีเดิมพันให้หมอบ: เช็ค หรือลงเดิมพัน",
        "w_facing": "มีเดิมพัน {chips} ที่ต้องตาม: หมอบ ตาม หรือเพิ่มเดิมพัน",
        "w_cap": "รอบนี้เพิ่มเดิมพันครบสองครั้งแล้ว: หมอบหรือตาม",
        "w_bad": "ไม่เข้าใจ: {text!r} ทางเลือกคือ fold, check, call, bet และ raise",
        "w_not_now": "ตอนนี้เลือกแบบนั้นไม่ได้ {prompt}",
        "end_win": "{Who} ได้ {net}", "end_split": "แบ่งกองกลาง: ไม่มีใครได้หรือเสีย",
        "placings": "อันดับ:",
        "b_head": "รอบที่ {round} จาก 2 · ไพ่กลาง: {public} · กองกลาง {pot}",
        "b_no_public": "ยังไม่เปิด", "b_in": "ใส่แล้ว {chips}", "b_to_move": "<- ถึงตา",
        "b_folded": "หมอบ", "b_won": "ได้ {chips}", "b_lost": "เสีย {chips}", "b_even": "เสมอตัว",
        "rules": "เลอดุก โฮลเด็ม: ผู้เล่นสองคน ไพ่หกใบ (แจ็ค ควีน คิง อย่างละสองใบ)\n"
                 "ผู้เล่นแต่ละคนลงค่าเข้า 1 ชิป และได้ไพ่คว่ำคนละหนึ่งใบ\n"
                 "รอบที่ 1: ลงเดิมพันและเพิ่มเดิมพันครั้งละ 2 ชิป จากนั้นเปิดไพ่กลางหนึ่งใบให้เห็นทั้งสองฝ่าย "
                 "รอบที่ 2: ลงเดิมพันและเพิ่มเดิมพันครั้งละ 4 ชิป\n"
                 "ทุกรอบที่นั่ง 0 เริ่มก่อน และเพิ่มเดิมพันได้ไม่เกินสองครั้ง เช็ค: ผ่านโดยไม่ลงเดิมพัน "
                 "ลงเดิมพันหรือเพิ่มเดิมพัน: ใส่ชิปมากกว่าอีกฝ่ายตามจำนวนของรอบ ตาม: ใส่ชิปให้เท่าอีกฝ่าย "
                 "หมอบ (เมื่อมีเดิมพันให้ตามเท่านั้น): ยอมเสียกองกลาง\n"
                 "ถ้าไม่มีใครหมอบ ทั้งสองฝ่ายเปิดไพ่: ไพ่ที่เป็นคู่กับไพ่กลางชนะ ถ้าไม่มีใครได้คู่ ไพ่สูงกว่าชนะ "
                 "(คิง > ควีน > แจ็ค) ถ้าไพ่เท่ากันแบ่งกองกลาง\n"
                 "ถ้ามีคนหมอบ จะไม่มีการเปิดไพ่",
        "rules_now": "ตอนนี้: ต้องใส่ {chips} เพื่อตาม รอบนี้เพิ่มเดิมพันได้อีก {left} ครั้ง",
        "rules_now_level": "ตอนนี้: ยังไม่มีเดิมพันให้ตาม รอบนี้ลงเดิมพันหรือเพิ่มเดิมพันได้อีก {left} ครั้ง",
        "rules_guide": "คู่มือเต็ม (ภาษาอังกฤษ): intrigue rules leduc",
    },
    "he": {
        "seat": "מושב {n}", "you": "{name} (את/ה)",
        "chips1": "אסימון אחד", "chips": "{n} אסימונים",
        "header1": "── סבב הימורים 1 · הימורים והעלאות של {amount} ──",
        "header2": "── סבב הימורים 2 · הקלף הפתוח: {public} · הימורים והעלאות של {amount} ──",
        "dealt": "{Who} מקבל {card}.",
        "public": "הקלף הפתוח נחשף: {card}.",
        "pair_you": "יש לך {hand}.",
        "check": "{Who} עושה צ'ק.",
        "bet": "{Who} מהמר {chips}. בקופה: {pot}.",
        "call": "{Who} משווה {chips}. בקופה: {pot}.",
        "raise": "{Who} מעלה ב-{amount} ומכניס {paid}. בקופה: {pot}.",
        "fold": "{Who} פורש. אף קלף לא נחשף.",
        "wins_fold": "{Who} מרוויח {net} (קופה של {pot}).",
        "showdown": "חשיפה: שני הקלפים נהפכים.",
        "show": "{Who} חושף {hand}.",
        "wins_show": "{Who} מרוויח {net} (קופה של {pot}): {hand} גובר על {other}.",
        "split": "הקופה של {pot} מתחלקת: לשניהם {hand}, ואף אחד לא מרוויח או מפסיד.",
        "p_bet": "תורך. בידך {card}{public}; בקופה {pot}. צ'ק, או הימור של {amount}?",
        "p_call": "תורך. בידך {card}{public}; בקופה {pot}. צריך {to_call} כדי להשוות: פרישה, השוואה, "
                  "או העלאה ב-{amount}?",
        "p_call_capped": "תורך. בידך {card}{public}; בקופה {pot}. צריך {to_call} כדי להשוות, ואין עוד "
                         "העלאות בסבב הזה: פרישה או השוואה?",
        "p_public": ", והקלף הפתוח הוא {card}",
        "p_wait": "{Who} מחליט.",
        "l_fold": "פרישה (מוותרים על הקופה)", "l_check": "צ'ק", "l_call": "השוואה: {chips}",
        "l_bet": "הימור: {chips}", "l_raise": "העלאה ב-{amount} (מכניסים {paid})",
        "w_not_yours": "זו לא ההחלטה שלך: {who} מחליט.",
        "w_fold": "אין הימור לפרוש ממנו: צ'ק או הימור.",
        "w_facing": "יש הימור של {chips} להשוות: פרישה, השוואה או העלאה.",
        "w_cap": "אין עוד העלאות בסבב הזה (כבר היו שתיים): פרישה או השוואה.",
        "w_bad": "לא מובן: {text!r}. המהלכים: fold, check, call, bet, raise.",
        "w_not_now": "זו לא אפשרות עכשיו. {prompt}",
        "end_win": "{Who} מרוויח {net}.", "end_split": "הקופה מתחלקת: אף אחד לא מרוויח או מפסיד.",
        "placings": "דירוג:",
        "b_head": "סבב {round} מתוך 2 · הקלף הפתוח: {public} · בקופה {pot}",
        "b_no_public": "עוד לא נחשף", "b_in": "הכניס {chips}", "b_to_move": "<- תורו",
        "b_folded": "פרש", "b_won": "הרוויח {chips}", "b_lost": "הפסיד {chips}", "b_even": "ללא שינוי",
        "rules": "לדוק הולדם: שני שחקנים, חפיסה של שישה קלפים (נסיך, מלכה, מלך, שניים מכל אחד).\n"
                 "כל שחקן מכניס אסימון אחד לקופה ומקבל קלף אחד סגור.\n"
                 "סבב 1: הימורים והעלאות של 2 אסימונים. אחר כך נחשף קלף אחד לשניהם (הקלף הפתוח). "
                 "סבב 2: הימורים והעלאות של 4 אסימונים.\n"
                 "בכל סבב מושב 0 פותח, ויש לכל היותר שתי העלאות. צ'ק: ממשיכים בלי להמר. הימור או העלאה: "
                 "מכניסים יותר מהיריב בסכום של הסבב. השוואה: מכניסים כמו היריב. פרישה (רק מול הימור): "
                 "מוותרים על הקופה.\n"
                 "אם אף אחד לא פורש, שני הקלפים נחשפים: קלף שיוצר זוג עם הקלף הפתוח מנצח, ואם לא, הקלף "
                 "הגבוה (מלך > מלכה > נסיך); קלפים שווים מחלקים את הקופה.\n"
                 "אחרי פרישה אף קלף לא נחשף.",
        "rules_now": "עכשיו: צריך {chips} כדי להשוות; נותרו {left} העלאות בסבב הזה.",
        "rules_now_level": "עכשיו: אין הימור להשוות; נותרו {left} הימורים או העלאות בסבב הזה.",
        "rules_guide": "המדריך המלא (באנגלית): intrigue rules leduc",
    },
}

# a card and a hand in words: "a King", "a pair of Kings"
CARD = {"en": "a {rank}", "th": "{rank}", "he": "{rank}"}
PAIR = {"en": ("a pair of Jacks", "a pair of Queens", "a pair of Kings"),
        "th": ("คู่แจ็ค", "คู่ควีน", "คู่คิง"),
        "he": ("זוג נסיכים", "זוג מלכות", "זוג מלכים")}


class LeducNarrator(Narrator):
    """Sentences for people about a Leduc hold'em hand, in ``lang``, from one seat's point of view.

    ``names`` optionally gives each seat a name; the viewer is always "you"."""

    TEXT = TEXT

    # --- words ---------------------------------------------------------------------------------
    def seat(self, seat: int, viewer: Optional[int]) -> str:
        """``"you"`` for the viewer, the seat's given name, or ``"seat 1"``."""
        named = self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else None
        if viewer is not None and seat == viewer:
            return self.text["you"].format(n=seat, name=named or self.text["seat"].format(n=seat))
        return named or self.text["seat"].format(n=seat)

    def chips(self, n: int) -> str:
        return self.text["chips1" if n == 1 else "chips"].format(n=n)

    def card(self, rank: int) -> str:
        """A single card: ``"a King"``."""
        return CARD[self.lang].format(rank=names.rank_name(rank, self.lang))

    def hand(self, rank: int, public: Optional[int]) -> str:
        """A card as a showdown hand: ``"a pair of Kings"`` when it pairs the public card."""
        return PAIR[self.lang][rank] if rank == public else self.card(rank)

    def _say(self, key: str, who: Optional[int] = None, viewer: Optional[int] = None, **kw) -> str:
        """Sentence ``key`` with ``who`` as its subject (verb agreement in English)."""
        you = who is not None and viewer is not None and who == viewer
        args = dict(s="" if you else "s", **kw)
        args["is"] = "are" if you else "is"
        if who is not None:
            name = self.seat(who, viewer)
            args.update(who=name, Who=cap(name))
        return self.text[key].format(**args)

    @staticmethod
    def _own_card(core: LeducCore, viewer: Optional[int]) -> Optional[int]:
        return core.card(viewer) if viewer is not None else None

    # --- the interface -------------------------------------------------------------------------
    def turn_header(self, core: LeducCore, viewer: Optional[int]) -> Optional[str]:
        """A header at the start of each betting round (``None`` at chance events and the end)."""
        if core.current_player() < 0:
            return None
        amount = self.chips(core.raise_amount)
        if core.round == 1:
            return self.text["header1"].format(amount=amount)
        return self.text["header2"].format(amount=amount, public=self.card(core.public_card))

    def event(self, core: LeducCore, event: Event, viewer: Optional[int]) -> List[str]:
        """What ``viewer`` reads about ``event`` applied to ``core`` (``[]`` if it is not seen)."""
        text = event.seen_by(viewer)
        if text is None:
            return []
        try:
            return self._event(core, event, viewer)
        except Exception:                    # never let a wording problem stop a game
            if self.strict:
                raise
            who = self.seat(event.seat, viewer) if event.seat >= 0 else "·"
            return [f"{who}: {self.game.describe_action(text, self.lang)}"]

    def _after(self, core: LeducCore, action: int, viewer: Optional[int]) -> LeducCore:
        """``core`` with ``action`` applied, on a copy; in a viewer's information state (the other
        card a stand-in) a card shown is first made the one the event shows."""
        after = core.clone()
        if viewer is not None:
            after.make_consistent(viewer, action)
        after.apply(action)
        return after

    def _event(self, core: LeducCore, event: Event, v: Optional[int]) -> List[str]:
        a, p = event.action, event.seat
        after = self._after(core, a, v)
        if p == CHANCE:
            return self._chance(core, after, a, v)
        to_call = core.to_call
        if a == Action.FOLD:
            w = after.winner
            return [self._say("fold", p, v),
                    self._say("wins_fold", w, v, net=self.chips(after.chips(w)), pot=self.chips(after.pot))]
        pot = self.chips(after.pot)
        if a == Action.CALL:
            out = [self._say("call", p, v, chips=self.chips(to_call), pot=pot) if to_call
                   else self._say("check", p, v)]
            if after.phase == Phase.SHOW:
                out.append(self.text["showdown"])
            return out
        amount = self.chips(core.raise_amount)
        if to_call == 0:
            return [self._say("bet", p, v, chips=amount, pot=pot)]
        return [self._say("raise", p, v, amount=amount, paid=self.chips(to_call + core.raise_amount), pot=pot)]

    def _chance(self, core: LeducCore, after: LeducCore, a: int, v: Optional[int]) -> List[str]:
        rank = a - CARD_ACTION
        phase = core.phase
        if phase == Phase.DEAL:
            return [self._say("dealt", core.to_deal, v, card=self.card(rank))]
        if phase == Phase.PUBLIC:
            out = [self.text["public"].format(card=self.card(rank))]
            own = self._own_card(core, v)
            if own is not None and own == rank:
                out.append(self.text["pair_you"].format(hand=self.hand(own, rank)))
            return out
        seat = core.showing
        out = [self._say("show", seat, v, hand=self.hand(rank, core.public_card))]
        if after.over:
            out.append(self._outcome(after, v))
        return out

    def _outcome(self, core: LeducCore, v: Optional[int]) -> str:
        """The showdown's result, once both cards are shown."""
        pub = core.public_card
        w = core.winner
        if w is None:
            return self.text["split"].format(pot=self.chips(core.pot), hand=self.hand(core.card(0), pub))
        return self._say("wins_show", w, v, net=self.chips(core.chips(w)), pot=self.chips(core.pot),
                         hand=self.hand(core.card(w), pub), other=self.hand(core.card(1 - w), pub))

    # --- the player's decisions ------------------------------------------------------------------
    def action_label(self, core: LeducCore, action: int, viewer: Optional[int]) -> str:
        """A legal decision in words for the deciding seat: ``"Raise by 2 chips (put in 4 chips)"``."""
        T = self.text
        if core.phase != Phase.BET:
            return self.game.describe_action(self.game.action_to_string(core, action), self.lang)
        to_call, amount = core.to_call, core.raise_amount
        if action == Action.FOLD:
            return T["l_fold"]
        if action == Action.CALL:
            return T["l_call"].format(chips=self.chips(to_call)) if to_call else T["l_check"]
        if to_call == 0:
            return T["l_bet"].format(chips=self.chips(amount))
        return T["l_raise"].format(amount=self.chips(amount), paid=self.chips(to_call + amount))

    def prompt(self, core: LeducCore, viewer: Optional[int]) -> str:
        """What the decision due in ``core`` asks, as the deciding seat reads it."""
        p = core.current_player()
        if p < 0:
            return ""
        if viewer is not None and p != viewer:
            return self._say("p_wait", p, viewer)
        T = self.text
        own = core.card(p)
        public = T["p_public"].format(card=self.card(core.public_card)) if core.public_card is not None else ""
        args = dict(card=self.card(own), public=public, pot=self.chips(core.pot),
                    amount=self.chips(core.raise_amount), to_call=cap(self.chips(core.to_call)))
        if core.to_call == 0:
            return T["p_bet"].format(**args)
        return T["p_call" if core.raises < MAX_RAISES else "p_call_capped"].format(**args)

    def wants_board(self, core: LeducCore, viewer: Optional[int]) -> bool:
        """The table is a few lines: shown before each of the person's decisions (when it changed)."""
        return True

    def rules(self, core: LeducCore, viewer: Optional[int]) -> str:
        """The rules in a few lines, what the current decision allows, and where the guide is."""
        T = self.text
        parts = [T["rules"]]
        if core.phase == Phase.BET:
            left = MAX_RAISES - core.raises
            parts.append(T["rules_now"].format(chips=self.chips(core.to_call), left=left) if core.to_call
                         else T["rules_now_level"].format(left=left))
        parts.append(T["rules_guide"])
        return "\n".join(parts)

    def why_illegal(self, core: LeducCore, text: str, viewer: Optional[int]) -> str:
        """Why ``text`` is not a legal move for ``viewer`` now, in one sentence."""
        T = self.text
        p = core.current_player()
        if viewer is not None and p != viewer and p >= 0:
            return self._say("w_not_yours", p, viewer)
        word = " ".join(str(text).lower().split())
        if core.phase == Phase.BET:
            if word == "fold" and core.to_call == 0:
                return T["w_fold"]
            if word in ("check", "bet") and core.to_call > 0:
                return T["w_facing"].format(chips=self.chips(core.to_call))
            if word in ("raise", "bet") and core.raises >= MAX_RAISES:
                return T["w_cap"]
        try:
            a = self.game.string_to_action(core, text)
        except IntrigueError:
            return T["w_bad"].format(text=text)
        if core.is_legal(a):
            return ""
        return T["w_not_now"].format(prompt=self.prompt(core, viewer))

    # --- the table and the end -------------------------------------------------------------------
    def board(self, state, viewer: Optional[int]) -> str:
        """The table as ``viewer`` sees it: the round, the public card, the pot, and per seat its
        card (the other's as ``??`` unless shown at the showdown) and the chips it has put in."""
        core = state.core
        T = self.text
        public = core.public_card
        lines = [T["b_head"].format(round=core.round, pot=self.chips(core.pot),
                                    public=T["b_no_public"] if public is None else self.card(public))]
        labels = [cap(self.seat(p, viewer)) for p in range(2)]
        width = max(len(x) for x in labels)
        cards = [self._seen_card(core, p, viewer) for p in range(2)]
        cwidth = max(len(c) for c in cards)
        for p in range(2):
            marks = [T["b_in"].format(chips=self.chips(core.stake(p)))]
            if core.folded == p:
                marks.append(T["b_folded"])
            if core.over:
                marks.append(self._net(core.chips(p)))
            if core.current_player() == p:
                marks.append(T["b_to_move"])
            lines.append(f"  {labels[p] + ':':<{width + 1}} {cards[p]:<{cwidth}}  " + "  ".join(marks))
        return "\n".join(lines)

    def _seen_card(self, core: LeducCore, p: int, viewer: Optional[int]) -> str:
        rank = core.card(p)
        if rank is None:
            return "--"
        if viewer is None or viewer == p or core.shown(p):
            return names.rank_name(rank, self.lang)
        return "??"

    def _net(self, chips: int) -> str:
        T = self.text
        if chips > 0:
            return T["b_won"].format(chips=self.chips(chips))
        if chips < 0:
            return T["b_lost"].format(chips=self.chips(-chips))
        return T["b_even"]

    def end_screen(self, core: LeducCore, viewer: Optional[int], *, board: bool = True,
                   placings: bool = True) -> str:
        """The table (the other card only if it was shown), who won how much, and the placings
        (``board=False``: without the table; ``placings=False``: without the placings)."""
        from intrigue.engine.game import State
        T = self.text
        lines = [self.board(State(self.game, core), viewer)] if board else []
        w = core.winner
        if w is None:
            lines.append(T["end_split"])
        else:
            lines.append(self._say("end_win", w, viewer, net=self.chips(core.chips(w))))
        if placings:
            res = self.game.result(core)
            lines.append(T["placings"])
            for p in sorted(range(2), key=lambda q: (res.placings[q], q)):
                lines.append(f"  {res.placings[p]}. {cap(self.seat(p, viewer))}")
        return "\n".join(lines)
