"""The Politics Game told in sentences, for people: the one place where the terminal, the web page
and replays get the words for what happened, what is asked, the board and the end screen.

A :class:`PoliticsNarrator` reads the kernel state just *before* an event and the event as the viewer
saw it; it applies the event to a copy to report its public consequences (every coin and token that
changed hands, a government formed or failed, a role revealed).  Scores and awards are whatever the
kernel reports: nothing here recomputes them.  Reaction-window passes are not told (who was asked
is hidden, ``politics.md`` section 7.1); only a card played, or its coin effects, is -- and to the
seat that chose to pass, holding the card, its own pass.  A replay that lists every event may name
the passes with their windows (:meth:`PoliticsNarrator.event_for_replay`).
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import CHANCE, TERMINAL, Event
from intrigue.engine.narration import Narrator, cap, clip
from intrigue.engine.politics import names
from intrigue.engine.politics.game import WINDOW_CARD, reason_kind
from intrigue.ext.politics_core import Action, Phase
from intrigue.ext.game_api import KernelState

COINS = ("INF", "LEG", "UND", "HON", "BET")
TYPES = names.TYPES

PHASE_OF = {
    Phase.LEADER: 1, Phase.COUP: 1, Phase.INVITE: 1, Phase.ANSWER_INVITE: 1,
    Phase.PROPOSE: 2, Phase.LOOK: 2,
    Phase.OPP: 3, Phase.INSPECT: 3, Phase.WDISCARD: 3,
    Phase.LDISCARD: 4, Phase.REVEAL: 4,
    Phase.RESOLVE: 5, Phase.FAILDRAW: 5,
    Phase.VOTE: 6, Phase.VOTE_REVEAL: 6, Phase.ROLE_REVEAL: 6,
}

TEXT: Dict[str, Dict[str, str]] = {
    "en": {
        "seat": "seat {n}", "you": "you",
        "header": "══ Round {round}/{rounds} · Phase {phase}: {name} ══",
        "header_vote": "══ Lie-catch: vote {vote} ══",
        "phase1": "forming the government", "phase2": "secret proposals", "phase3": "the opposition acts",
        "phase4": "policies pass", "phase5": "wrap-up",
        "role_honest": "You are Honest.",
        "roles_dealt": "The roles are dealt: the Dark powers are {a} and {b}.",
        "role_of_honest": "{Who} is Honest.", "role_of_dark": "{Who} is a Dark power (partner: {partner}).",
        "role_dark": "You are a Dark power; your partner is {partner}.",
        "dealt": "You are dealt {card}.",
        "drew": "You draw {card}.",
        "backroom_got": "You receive a backroom card: {card}.",
        "dealt_other": "{Who} is dealt {card}.", "drew_other": "{Who} draws {card}.",
        "backroom_other": "{Who} receives a backroom card: {card}.",
        "look_other": "{Who}, as leader, sees the six cards: {cards}.",
        "discards": "{Who} discards {cards}.",
        "leader": "{Who} is drawn as leader.",
        "coup_played": "{Who} plays Coup to take the leadership.",
        "block_played": "{Who} plays Block: the {card} is cancelled.",
        "dealbreak_played": "{Who} plays Deal-break on the contract.",
        "media_played": "{Who} plays Media power on {card}: it now counts as {new}.",
        "invite": "{Who} invites {target}{offer}{join}.",
        "offer": ", offering {k} influence",
        "join": ", with a JOIN({k}) contract",
        "accepts": "{Who} accepts.", "declines": "{Who} declines.",
        "formed": "Government formed: leader {leader}, partners {p1} and {p2}.",
        "attempt_failed": "{Who} could not form a government and sits in opposition this round.",
        "hold": "{Who} offers {target} a HOLD({k}) contract: {k} influence at the end of the round if "
                "{target} {does_not} inspect.",
        "probe": "{Who} offers {target} a PROBE({k}) contract: {k} influence at the end of the round if "
                 "{target} {inspects}.",
        "c_accepts": "{Who} accepts the contract.", "c_declines": "{Who} declines the contract.",
        "proposed": "{Who} places two policy cards face down.",
        "proposed_you": "You place {cards} face down and keep {kept}.",
        "look": "As leader you see the six cards: {cards}.",
        "o_pass": "{Who} passes.",
        "o_inspect": "{Who} inspects a face-down policy (pays 1 influence).",
        "o_withdraw": "{Who} withdraws: draws 2 policy cards, will discard 2, gains 1 underground.",
        "o_deal": "{Who} makes a backroom deal (pays 2 influence for a backroom card).",
        "inspected": "The inspection turns up {card}.",
        "gov_fails": "Two corrupt policies found: the government fails ({fails}/5 failed governments).",
        "discard_you": "You discard {cards}.",
        "l_discarded": "{Who} discards one passed policy face down.",
        "l_none": "{Who} discards none.",
        "passed": "Policies passed: {cards} ({h} honest, {c} corrupt, {b} bags).",
        "keep": "{Who} keeps the contract with {target} (+1 honour).",
        "break": "{Who} breaks the contract with {target} (+1 betrayal).",
        "buy": "{Who} pays 1 influence for a backroom card.",
        "voted": "{Who} has voted.",
        "voted_you": "You vote for {target}.", "abstain_you": "You abstain.",
        "vote_shown": "{Who} voted for {target}.", "vote_abstained": "{Who} abstained.",
        "exposed_dark": "{Who} is exposed: a Dark power!",
        "exposed_honest": "{Who} is exposed: Honest.",
        "final_roles": "The Dark powers were {a} and {b}.",
        "changes": "{Who}: {items}.",
        "crisis": "Crisis of faith: five governments have failed.",
        "round_end": "End of round {round}: {summary}",
        "gov_summary_ok": "Summary: the government of {members} passed {cards}; its members now:",
        "gov_summary_failed": "Summary: the government of {members} failed; its members now:",
        "vote_summary": "Vote {vote} count: {tally}.",
        "vote_none": "no votes", "flipped_note": " (* = flipped by Media power)",
        "votes_n": "{who} — {n} vote{s}",
        "vote_tie": " A tie: no one is revealed.",
        "auto_window": "You have no {card} card to play here: you pass.",
        "w_kept": "You pass and keep your {card} card.",
        "w_pass": "{Who} passes ({card} window).",
        "p_wait": "{Who} is to decide.",
        "p_coup": "The leader is {leader}. Play your Coup card to take the leadership?",
        "p_block": "{player} played {card}. Play Block to cancel it?",
        "p_dealbreak": "{x} and {y} made a {tpl}({k}) contract. Play Deal-break to cancel it?",
        "p_media": "Play Media power to flip one of the passed policies (honest <-> corrupt)?",
        "p_media3": "Play Media power to flip {card}, just inspected (honest <-> corrupt)?",
        "l_media_rest": "Pass, and pass on Media power for the rest of this phase",
        "n_media_rest": "You pass on Media power (as you chose, for the rest of this phase).",
        "p_invite": "You lead: {n} of {max} invitations used, {acc} accepted (two form a government).",
        "p_answer_invite": "{leader} invites you into the government{offer}{join}. Accept?",
        "p_offer": "You may offer one contract (HOLD: paid if they do not inspect; PROBE: paid if they do).",
        "p_answer_contract": "{x} offers you a {tpl}({k}) contract: {k} influence at the end of the round if you {cond}. Accept?",
        "cond_hold": "do not inspect", "cond_probe": "inspect",
        "p_propose": "Choose the two policy cards to place face down (you keep the third).",
        "p_opp": "Your opposition action ({inf} influence):",
        "p_wdiscard": "Withdraw: discard two of these five cards.",
        "p_ldiscard": "The passed policies: {cards}. Discard one face down, or none?",
        "p_faildraw": "Your government failed. Pay 1 influence for a backroom card?",
        "p_resolve": "Contract {slot}: {y} met the condition. Keep it (pay {k} influence, +1 honour) or break it (+1 betrayal)?",
        "p_vote": "Lie-catch vote {vote}: vote for the player you believe is a Dark power, or abstain.",
        "q_invitee": "Whom do you invite?",
        "q_offer": "How much influence do you offer {target}?",
        "q_join": "Attach a JOIN contract (paid if {target} accepts and the government forms)?",
        "q_template": "Offer a contract?",
        "q_party": "To whom?",
        "q_amount": "For how much influence?",
        "g_seat": "{target}", "g_offer0": "nothing", "g_offer": "{k} influence",
        "g_join0": "no contract", "g_join": "JOIN({k})",
        "g_none": "No contract", "g_hold": "HOLD (paid if they do not inspect)", "g_probe": "PROBE (paid if they inspect)",
        "g_amount": "{k} influence",
        "l_pass": "Pass", "l_play": "Play {card}", "l_accept": "Accept", "l_decline": "Decline",
        "l_invite": "Invite {target}{offer}{join}", "l_no_contract": "No contract",
        "l_contract": "{tpl}({k}) to {target}", "l_propose": "Place {cards} (keep {kept})",
        "l_inspect": "Inspect (1 influence)", "l_withdraw": "Withdraw (+1 underground)",
        "l_deal": "Backroom deal (2 influence)", "l_discard": "Discard {cards}", "l_no_discard": "Discard none",
        "l_buy": "Pay 1 influence for a backroom card", "l_no_buy": "No",
        "l_keep": "Keep (pay {k} influence)", "l_break": "Break", "l_vote": "Vote for {target}",
        "l_abstain": "Abstain", "l_media": "Flip {card}",
        "why": "{text!r} is not a choice now. {prompt}",
        "w_no_move": "{text!r} is not a move of this game.",
        "w_other": "{text!r} does not answer this decision: '{verb}' belongs to {when}.",
        "w_args": "{text!r} is not written as this decision takes it, e.g. '{example}'.",
        "w_args_en": "{text!r} is not possible here: {reason}.",
        "d_phase": "Phase {n} ({name})", "d_vote": "the lie-catch vote",
        "d_window": "a window to play a backroom card",
        "w_cost": "{action} costs {cost} influence; you have {have}.",
        "w_no_backroom": "This game is played without backroom cards.",
        "w_hand_limit": "You already hold 2 backroom cards, the most allowed.",
        "w_pile_empty": "The backroom pile is empty.",
        "w_barred": "{target} failed to form a government this round and cannot be invited.",
        "w_invited": "{target} has already been invited in this attempt.",
        "w_offer": "The accepted offers may total at most 3 influence: you can offer at most {left} more.",
        "w_vote": "Vote for another player whose role is not revealed yet, or abstain.",
        # board
        "b_top": "Round {round}/{rounds} · failed governments {fails}/5 · policy pile {pile} · discards {disc}",
        "b_br": " · backroom pile {n}",
        "c_seat": "", "c_role": "role", "c_lead": "lead", "c_hand": "hand", "c_yes": "yes",
        "h_INF": "INF", "h_LEG": "LEG", "h_UND": "UND", "h_HON": "HON", "h_BET": "BET",
        "b_coins": "INF influence · LEG legitimacy · UND underground · HON honour · BET betrayal",
        "b_columns": "lead: holds a right to lead · hand: policy + backroom cards",
        "b_gov": "Government: leader {leader}, partners {p1} and {p2}",
        "b_forming": "Forming a government: leader {leader}",
        "b_table": "On the table: {down} face down{shown}",
        "b_yours": "Your cards: policy {policy} (H honest, C corrupt, digit = bags) · backroom {backroom}",
        "b_known": "You know the table holds: {cards}",
        "b_contract": "Contract {slot}: {tpl}({k}) from {x} to {y} [{status}]",
        "b_marks": "{right}{n} policy, {b} backr.",
        "b_right": "right ",
        "b_legend": "> decides · * leader · + partner · score: influence + legitimacy (Honest) or underground (Dark)",
        "unknown": "?",
        "end_title": "Final scores (as the engine counts them, awards included):",
        "total": "total",
        "winner": "Winner: {who}.", "winners": "Winners: {who}.",
        "reason": "({reason})",
        "reason_normal": "normal end: the highest total wins",
        "reason_shared": "normal end: the highest total wins; tied on the total and on influence, the "
                         "winners share",
        "reason_tiebreak": "normal end: the highest total wins; tie broken by influence",
        "reason_honest": "crisis of faith: the honest team exposed both dark players",
        "reason_dark": "crisis of faith: the dark team kept control",
        "and": " and ", "list": ", ", "none": "none",
        # the viewer as the subject ("{Who}" is "You"): the verbs agree, in parentheses too
        "role_of_honest:you": "You are Honest.",
        "role_of_dark:you": "You are a Dark power (partner: {partner}).",
        "dealt_other:you": "You are dealt {card}.", "drew_other:you": "You draw {card}.",
        "backroom_other:you": "You receive a backroom card: {card}.",
        "look_other:you": "As leader you see the six cards: {cards}.",
        "discards:you": "You discard {cards}.",
        "leader:you": "You are drawn as leader.",
        "coup_played:you": "You play Coup to take the leadership.",
        "block_played:you": "You play Block: the {card} is cancelled.",
        "dealbreak_played:you": "You play Deal-break on the contract.",
        "media_played:you": "You play Media power on {card}: it now counts as {new}.",
        "invite:you": "You invite {target}{offer}{join}.",
        "accepts:you": "You accept.", "declines:you": "You decline.",
        "attempt_failed:you": "You could not form a government and sit in opposition this round.",
        "hold:you": "You offer {target} a HOLD({k}) contract: {k} influence at the end of the round if "
                    "{target} {does_not} inspect.",
        "probe:you": "You offer {target} a PROBE({k}) contract: {k} influence at the end of the round if "
                     "{target} {inspects}.",
        "c_accepts:you": "You accept the contract.", "c_declines:you": "You decline the contract.",
        "proposed:you": "You place two policy cards face down.",
        "o_pass:you": "You pass.",
        "o_inspect:you": "You inspect a face-down policy (pay 1 influence).",
        "o_withdraw:you": "You withdraw: draw 2 policy cards, discard 2, gain 1 underground.",
        "o_deal:you": "You make a backroom deal (pay 2 influence for a backroom card).",
        "l_discarded:you": "You discard one passed policy face down.",
        "l_none:you": "You discard none.",
        "keep:you": "You keep the contract with {target} (+1 honour).",
        "break:you": "You break the contract with {target} (+1 betrayal).",
        "buy:you": "You pay 1 influence for a backroom card.",
        "voted:you": "You have voted.",
        "vote_shown:you": "You voted for {target}.", "vote_abstained:you": "You abstained.",
        "exposed_dark:you": "You are exposed: a Dark power!",
        "exposed_honest:you": "You are exposed: Honest.",
        "p_wait:you": "You are to decide.",
        "w_pass:you": "You pass ({card} window).",
        "rules_1": "Phase 1 — a leader is drawn (pays 1 influence) and invites players one by one with an offer "
                   "of up to 3 influence in total; two acceptances form the government (each member +1 "
                   "influence, the leader +3 and pays the offers). A leader who fails sits in opposition.",
        "rules_2": "Phase 2 — each member places 2 of their 3 policy cards face down; the leader alone sees "
                   "the six faces. Members may offer a HOLD or PROBE contract to an opposition player.",
        "rules_3": "Phase 3 — each opposition player acts once: Inspect (1 influence; turns up a card: honest "
                   "-> +1 legitimacy, corrupt -> +2 influence; two corrupt found fail the government), "
                   "Withdraw (+1 underground), Backroom deal (2 influence for a backroom card) or Pass.",
        "rules_4": "Phase 4 — the face-down cards pass (the leader may discard one of 4+); each member gains "
                   "legitimacy per honest card, 2 underground per corrupt card, and influence for the bags "
                   "(4/6/8/10 bags: +1/2/3/4).",
        "rules_5": "Phase 5 — a failed government costs each member 1 influence and 1 legitimacy; contracts "
                   "whose condition was met are kept (pay, +1 honour) or broken (+1 betrayal); hands refill.",
        "rules_6": "Lie-catch — two votes; the player with the most votes is revealed. A revealed Dark power "
                   "loses influence and each of their voters gains 2 legitimacy; voting out an Honest player "
                   "costs each voter 1 legitimacy. Then, at a normal end: everyone +2 legitimacy; the most "
                   "underground +2 influence; -1 influence per 5 coins of the other side (Honest: underground, "
                   "Dark: legitimacy); awards to the most (ties all get it): governments passed +3 legitimacy, "
                   "corrupt cards caught +3 legitimacy, governments failed +3 underground, partnerships +2 "
                   "influence, contracts +5 influence, honour +3 legitimacy, betrayal +4 underground.",
        "rules_goal": "Goal: the highest total (influence + legitimacy if Honest, + underground if Dark). "
                      "Five failed governments end the game in a crisis: the Honest win if both Dark "
                      "powers are exposed. Full guide: intrigue rules politics",
        "rules_backroom": "Backroom cards: Coup (take over as leader), Media power (flip a revealed policy), "
                          "Deal-break (cancel a contract), Block (cancel any of those).",
    },
    "th": {
        "seat": "ที่นั่ง {n}", "you": "คุณ",
        "header": "══ วัฏจักรอำนาจ {round}/{rounds} · เฟส {phase}: {name} ══",
        "header_vote": "══ เฟสจับโกหก: โหวตครั้งที่ {vote} ══",
        "phase1": "ตั้งรัฐบาล", "phase2": "เสนอนโยบาย (ลับ)", "phase3": "ฝ่ายค้านตรวจสอบ",
        "phase4": "ผ่านนโยบาย", "phase5": "สรุปจบรอบ",
        "role_honest": "คุณอยู่ฝ่ายสุจริต",
        "roles_dealt": "แจกบทบาทแล้ว: ฝ่ายอำนาจมืดคือ{a} และ{b}",
        "role_of_honest": "{Who} อยู่ฝ่ายสุจริต", "role_of_dark": "{Who} เป็นฝ่ายอำนาจมืด (คู่หู: {partner})",
        "role_dark": "คุณเป็นฝ่ายอำนาจมืด คู่หูของคุณคือ{partner}",
        "dealt": "คุณได้รับ {card}",
        "drew": "คุณจั่วได้ {card}",
        "backroom_got": "คุณได้การ์ดเกมหลังฉาก: {card}",
        "dealt_other": "{Who} ได้รับ {card}", "drew_other": "{Who} จั่วได้ {card}",
        "backroom_other": "{Who} ได้การ์ดเกมหลังฉาก: {card}",
        "look_other": "{Who} ในฐานะผู้นำเห็นการ์ดทั้งหก: {cards}",
        "discards": "{Who} ทิ้ง {cards}",
        "leader": "{Who} ถูกจับได้เป็นผู้นำจัดตั้งรัฐบาล",
        "coup_played": "{Who} เล่นการ์ดยึดอำนาจเพื่อเป็นผู้นำ",
        "block_played": "{Who} เล่นการ์ดขัดขวาง: {card}ถูกยกเลิก",
        "dealbreak_played": "{Who} เล่นการ์ดล้มดีลกับสัญญา",
        "media_played": "{Who} เล่นอำนาจสื่อกับ {card}: ตอนนี้นับเป็น{new}",
        "invite": "{Who} ชวน{target}{offer}{join}",
        "offer": " เสนอ {k} อิทธิพล",
        "join": " พร้อมสัญญา JOIN({k})",
        "accepts": "{Who} ตอบรับ", "declines": "{Who} ปฏิเสธ",
        "formed": "ตั้งรัฐบาลสำเร็จ: ผู้นำ{leader} แนวร่วม{p1} และ{p2}",
        "attempt_failed": "{Who} ตั้งรัฐบาลไม่สำเร็จ และเป็นฝ่ายค้านในรอบนี้",
        "hold": "{Who} เสนอสัญญา HOLD({k}) ให้{target}: ได้ {k} อิทธิพลเมื่อจบรอบถ้า{target} ไม่ตรวจสอบ",
        "probe": "{Who} เสนอสัญญา PROBE({k}) ให้{target}: ได้ {k} อิทธิพลเมื่อจบรอบถ้า{target} ตรวจสอบ",
        "c_accepts": "{Who} รับสัญญา", "c_declines": "{Who} ไม่รับสัญญา",
        "proposed": "{Who} วางนโยบาย 2 ใบคว่ำไว้",
        "proposed_you": "คุณวาง {cards} คว่ำไว้ และเก็บ {kept}",
        "look": "ในฐานะผู้นำ คุณเห็นการ์ดทั้งหก: {cards}",
        "o_pass": "{Who} ผ่าน",
        "o_inspect": "{Who} ตรวจสอบนโยบาย (จ่าย 1 อิทธิพล)",
        "o_withdraw": "{Who} ถอนตัวเชิงกลยุทธ์: จั่ว 2 ใบ ทิ้ง 2 ใบ ได้อำนาจใต้ดิน 1",
        "o_deal": "{Who} ทำดีลใต้โต๊ะ (จ่าย 2 อิทธิพลเพื่อการ์ดเกมหลังฉาก)",
        "inspected": "การตรวจสอบเปิดได้ {card}",
        "gov_fails": "พบนโยบายทุจริต 2 ใบ: รัฐบาลล้มเหลว (รัฐบาลล้มเหลว {fails}/5)",
        "discard_you": "คุณทิ้ง {cards}",
        "l_discarded": "{Who} ทิ้งนโยบายที่ผ่าน 1 ใบแบบคว่ำ",
        "l_none": "{Who} ไม่ทิ้ง",
        "passed": "นโยบายที่ผ่าน: {cards} (สุจริต {h} ทุจริต {c} ถุงเงิน {b})",
        "keep": "{Who} ทำตามสัญญากับ{target} (+1 ทำตามสัญญา)",
        "break": "{Who} บิดสัญญากับ{target} (+1 บิดสัญญา)",
        "buy": "{Who} จ่าย 1 อิทธิพลเพื่อการ์ดเกมหลังฉาก",
        "voted": "{Who} โหวตแล้ว",
        "voted_you": "คุณโหวต{target}", "abstain_you": "คุณงดออกเสียง",
        "vote_shown": "{Who} โหวต{target}", "vote_abstained": "{Who} งดออกเสียง",
        "exposed_dark": "{Who} ถูกเปิดโปง: ฝ่ายอำนาจมืด!",
        "exposed_honest": "{Who} ถูกเปิดโปง: ฝ่ายสุจริต",
        "final_roles": "ฝ่ายอำนาจมืดคือ{a} และ{b}",
        "changes": "{Who}: {items}",
        "crisis": "วิกฤตศรัทธา: รัฐบาลล้มเหลวครบห้าครั้ง",
        "round_end": "จบวัฏจักรอำนาจ {round}: {summary}",
        "gov_summary_ok": "สรุป: รัฐบาลของ{members} ผ่านนโยบาย {cards} ตอนนี้สมาชิกมี:",
        "gov_summary_failed": "สรุป: รัฐบาลของ{members} ล้มเหลว ตอนนี้สมาชิกมี:",
        "vote_summary": "โหวตครั้งที่ {vote}: {tally}",
        "vote_none": "ไม่มีใครได้เสียง", "flipped_note": " (* = พลิกด้วยอำนาจสื่อ)",
        "votes_n": "{who} — {n} เสียง",
        "vote_tie": " เสมอกัน: ไม่มีใครถูกเปิดฝ่าย",
        "auto_window": "คุณไม่มีการ์ด{card}ที่เล่นได้ตอนนี้: ผ่าน",
        "w_kept": "คุณผ่าน และเก็บการ์ด{card}ไว้",
        "w_pass": "{Who} ผ่าน (ช่วงเล่นการ์ด{card})",
        "p_wait": "ถึงตา{Who} ตัดสินใจ",
        "p_coup": "ผู้นำคือ{leader} จะเล่นการ์ดยึดอำนาจเพื่อเป็นผู้นำหรือไม่?",
        "p_block": "{player} เล่น{card} จะเล่นขัดขวางเพื่อยกเลิกหรือไม่?",
        "p_dealbreak": "{x} และ{y} ทำสัญญา {tpl}({k}) จะเล่นล้มดีลเพื่อยกเลิกหรือไม่?",
        "p_media": "จะเล่นอำนาจสื่อเพื่อพลิกนโยบายที่ผ่านแล้วใบหนึ่ง (สุจริต <-> ทุจริต) หรือไม่?",
        "p_media3": "จะเล่นอำนาจสื่อเพื่อพลิก {card} ที่เพิ่งถูกตรวจสอบ (สุจริต <-> ทุจริต) หรือไม่?",
        "l_media_rest": "ผ่าน และไม่ใช้อำนาจสื่อตลอดเฟสนี้",
        "n_media_rest": "คุณผ่านอำนาจสื่อ (ตามที่เลือกไว้สำหรับเฟสนี้)",
        "p_invite": "คุณเป็นผู้นำ: ชวนไปแล้ว {n} จาก {max} ตอบรับ {acc} (ตอบรับ 2 คนก็ตั้งรัฐบาลได้)",
        "p_answer_invite": "{leader} ชวนคุณเข้าร่วมรัฐบาล{offer}{join} จะตอบรับหรือไม่?",
        "p_offer": "คุณเสนอสัญญาได้ 1 ฉบับ (HOLD: ได้เงินถ้าเขาไม่ตรวจสอบ; PROBE: ได้เงินถ้าเขาตรวจสอบ)",
        "p_answer_contract": "{x} เสนอสัญญา {tpl}({k}) ให้คุณ: ได้ {k} อิทธิพลเมื่อจบรอบถ้าคุณ{cond} จะรับหรือไม่?",
        "cond_hold": "ไม่ตรวจสอบ", "cond_probe": "ตรวจสอบ",
        "p_propose": "เลือกนโยบาย 2 ใบที่จะวางคว่ำ (เก็บใบที่สามไว้)",
        "p_opp": "การกระทำของฝ่ายค้าน (คุณมี {inf} อิทธิพล):",
        "p_wdiscard": "ถอนตัว: ทิ้ง 2 ใบจาก 5 ใบนี้",
        "p_ldiscard": "นโยบายที่ผ่าน: {cards} จะทิ้ง 1 ใบแบบคว่ำ หรือไม่ทิ้ง?",
        "p_faildraw": "รัฐบาลของคุณล้มเหลว จะจ่าย 1 อิทธิพลเพื่อการ์ดเกมหลังฉากหรือไม่?",
        "p_resolve": "สัญญา {slot}: {y} ทำตามเงื่อนไขแล้ว จะทำตามสัญญา (จ่าย {k} อิทธิพล, +1 ทำตามสัญญา) หรือบิดสัญญา (+1 บิดสัญญา)?",
        "p_vote": "โหวตจับโกหกครั้งที่ {vote}: โหวตผู้ที่คุณคิดว่าเป็นฝ่ายอำนาจมืด หรืองดออกเสียง",
        "q_invitee": "จะชวนใคร?",
        "q_offer": "จะเสนออิทธิพลให้{target} เท่าไร?",
        "q_join": "แนบสัญญา JOIN หรือไม่ (จ่ายถ้า{target} ตอบรับและตั้งรัฐบาลได้)?",
        "q_template": "จะเสนอสัญญาหรือไม่?",
        "q_party": "ให้ใคร?",
        "q_amount": "กี่อิทธิพล?",
        "g_seat": "{target}", "g_offer0": "ไม่เสนอ", "g_offer": "{k} อิทธิพล",
        "g_join0": "ไม่มีสัญญา", "g_join": "JOIN({k})",
        "g_none": "ไม่เสนอสัญญา", "g_hold": "HOLD (จ่ายถ้าเขาไม่ตรวจสอบ)", "g_probe": "PROBE (จ่ายถ้าเขาตรวจสอบ)",
        "g_amount": "{k} อิทธิพล",
        "l_pass": "ผ่าน", "l_play": "เล่น{card}", "l_accept": "ตอบรับ", "l_decline": "ปฏิเสธ",
        "l_invite": "ชวน{target}{offer}{join}", "l_no_contract": "ไม่เสนอสัญญา",
        "l_contract": "{tpl}({k}) ให้{target}", "l_propose": "วาง {cards} (เก็บ {kept})",
        "l_inspect": "ตรวจสอบนโยบาย (1 อิทธิพล)", "l_withdraw": "ถอนตัวเชิงกลยุทธ์ (+1 อำนาจใต้ดิน)",
        "l_deal": "ดีลใต้โต๊ะ (2 อิทธิพล)", "l_discard": "ทิ้ง {cards}", "l_no_discard": "ไม่ทิ้ง",
        "l_buy": "จ่าย 1 อิทธิพลเพื่อการ์ดเกมหลังฉาก", "l_no_buy": "ไม่",
        "l_keep": "ทำตามสัญญา (จ่าย {k} อิทธิพล)", "l_break": "บิดสัญญา", "l_vote": "โหวต{target}",
        "l_abstain": "งดออกเสียง", "l_media": "พลิก {card}",
        "why": "ตอนนี้เลือก {text!r} ไม่ได้ {prompt}",
        "w_no_move": "{text!r} ไม่ใช่การเดินของเกมนี้",
        "w_other": "{text!r} ไม่ใช่คำตอบของการตัดสินใจนี้: '{verb}' ใช้ใน{when}",
        "w_args": "{text!r} เขียนไม่ตรงกับการตัดสินใจนี้ ตัวอย่าง '{example}'",
        "d_phase": "เฟส {n} ({name})", "d_vote": "เฟสจับโกหก", "d_window": "ช่วงเล่นการ์ดหลังฉาก",
        "w_cost": "{action}ต้องใช้ {cost} อิทธิพล คุณมี {have}",
        "w_no_backroom": "เกมนี้เล่นโดยไม่มีการ์ดเกมหลังฉาก",
        "w_hand_limit": "คุณถือการ์ดเกมหลังฉากครบ 2 ใบแล้ว",
        "w_pile_empty": "กองการ์ดเกมหลังฉากหมดแล้ว",
        "w_barred": "{target} ตั้งรัฐบาลไม่สำเร็จในรอบนี้ จึงชวนไม่ได้",
        "w_invited": "{target} ถูกชวนไปแล้วในครั้งนี้",
        "w_offer": "ข้อเสนอที่ตอบรับรวมกันได้ไม่เกิน 3 อิทธิพล: เสนอได้อีกไม่เกิน {left}",
        "w_vote": "โหวตผู้เล่นอื่นที่ยังไม่ถูกเปิดฝ่าย หรืองดออกเสียง",
        "b_top": "วัฏจักรอำนาจ {round}/{rounds} · รัฐบาลล้มเหลว {fails}/5 · กองนโยบาย {pile} · กองทิ้ง {disc}",
        "b_br": " · กองการ์ดหลังฉาก {n}",
        "c_seat": "", "c_role": "ฝ่าย", "c_lead": "สิทธิ์", "c_hand": "การ์ด", "c_yes": "มี",
        "k_INF": "อิทธิพล", "k_LEG": "ชอบธรรม", "k_UND": "ใต้ดิน", "k_HON": "ทำตาม", "k_BET": "บิด",
        "b_columns": "สิทธิ์: มีสิทธิ์เป็นผู้นำ · การ์ด: นโยบาย + หลังฉาก",
        "b_gov": "รัฐบาล: ผู้นำ{leader} แนวร่วม{p1} และ{p2}",
        "b_forming": "กำลังตั้งรัฐบาล: ผู้นำ{leader}",
        "b_table": "บนโต๊ะ: คว่ำ {down} ใบ{shown}",
        "b_yours": "การ์ดของคุณ: นโยบาย {policy} (H สุจริต, C ทุจริต, ตัวเลข = ถุงเงิน) · หลังฉาก {backroom}",
        "b_known": "คุณรู้ว่าบนโต๊ะมี: {cards}",
        "b_contract": "สัญญา {slot}: {tpl}({k}) จาก{x} ถึง{y} [{status}]",
        "b_marks": "{right}นโยบาย {n} หลังฉาก {b}",
        "b_right": "มีสิทธิ์  ",
        "b_legend": "> ถึงตา, * ผู้นำ, + แนวร่วม · คะแนน: อิทธิพลนับให้ทุกคน ความชอบธรรมนับให้ฝ่ายสุจริต อำนาจใต้ดินนับให้ฝ่ายอำนาจมืด",
        "unknown": "?",
        "end_title": "คะแนนสุดท้าย (ตามที่เอนจินนับ รวมรางวัลพิเศษแล้ว):",
        "total": "รวม",
        "winner": "ผู้ชนะ: {who}", "winners": "ผู้ชนะ: {who}",
        "reason": "({reason})",
        "reason_normal": "จบเกมแบบปกติ: คะแนนรวมสูงสุดชนะ",
        "reason_shared": "จบเกมแบบปกติ: คะแนนรวมสูงสุดชนะ คะแนนรวมและอิทธิพลเท่ากัน จึงชนะร่วมกัน",
        "reason_tiebreak": "จบเกมแบบปกติ: คะแนนรวมสูงสุดชนะ คะแนนรวมเท่ากัน ตัดสินด้วยอิทธิพล",
        "reason_honest": "วิกฤตศรัทธา: ฝ่ายสุจริตเปิดโปงอำนาจมืดได้ทั้งสองคน",
        "reason_dark": "วิกฤตศรัทธา: ฝ่ายอำนาจมืดยังคุมอำนาจไว้ได้",
        "and": " และ ", "list": ", ", "none": "ไม่มี",
        "rules_1": "เฟส 1 — สุ่มผู้นำ (จ่าย 1 อิทธิพล) ผู้นำชวนทีละคนพร้อมข้อเสนอรวมไม่เกิน 3 อิทธิพล ตอบรับ 2 คนก็ตั้งรัฐบาลได้ "
                   "(สมาชิก +1 อิทธิพล ผู้นำ +3 แล้วจ่ายตามข้อเสนอ) ผู้นำที่ตั้งไม่สำเร็จเป็นฝ่ายค้าน",
        "rules_2": "เฟส 2 — สมาชิกรัฐบาลวางนโยบาย 2 ใบจาก 3 ใบคว่ำไว้ ผู้นำคนเดียวเห็นหน้าการ์ดทั้งหก สมาชิกเสนอสัญญา HOLD หรือ PROBE ให้ฝ่ายค้านได้",
        "rules_3": "เฟส 3 — ฝ่ายค้านเล่นคนละครั้ง: ตรวจสอบ (1 อิทธิพล เปิด 1 ใบ: สุจริต +1 ความชอบธรรม, ทุจริต +2 อิทธิพล; "
                   "พบทุจริต 2 ใบรัฐบาลล้ม) ถอนตัว (+1 อำนาจใต้ดิน) ดีลใต้โต๊ะ (2 อิทธิพลแลกการ์ดหลังฉาก) หรือผ่าน",
        "rules_4": "เฟส 4 — การ์ดที่ยังคว่ำผ่านเป็นนโยบาย (ถ้า 4 ใบขึ้นไปผู้นำทิ้งได้ 1 ใบ) สมาชิกได้ความชอบธรรมตามจำนวนสุจริต "
                   "อำนาจใต้ดิน 2 ต่อทุจริต และอิทธิพลตามถุงเงิน (4/6/8/10 ถุง: +1/2/3/4)",
        "rules_5": "เฟส 5 — รัฐบาลล้มเหลว สมาชิกเสีย 1 อิทธิพลและ 1 ความชอบธรรม สัญญาที่ทำตามเงื่อนไขแล้ว ผู้สร้างเลือกทำตาม (จ่าย, +1 ทำตามสัญญา) "
                   "หรือบิด (+1 บิดสัญญา) แล้วทุกคนจั่วจนครบ 3 ใบ",
        "rules_6": "เฟสจับโกหก — โหวต 2 ครั้ง ผู้ได้เสียงมากที่สุดถูกเปิดฝ่าย ฝ่ายอำนาจมืดที่ถูกเปิดเสียอิทธิพล ผู้โหวตได้ความชอบธรรม 2 "
                   "ถ้าเปิดได้ฝ่ายสุจริต ผู้โหวตเสียความชอบธรรม 1 แล้วเมื่อจบแบบปกติ: ทุกคนความชอบธรรม +2 "
                   "ผู้มีอำนาจใต้ดินมากที่สุดอิทธิพล +2 เสียอิทธิพล 1 ต่อเหรียญฝ่ายตรงข้ามทุก 5 (สุจริต: อำนาจใต้ดิน "
                   "อำนาจมืด: ความชอบธรรม) รางวัลให้ผู้มีมากที่สุด (เสมอได้ทุกคน): รัฐบาลผ่าน ความชอบธรรม +3 "
                   "จับทุจริตได้ ความชอบธรรม +3 รัฐบาลล้ม อำนาจใต้ดิน +3 เป็นแนวร่วม อิทธิพล +2 "
                   "สัญญา อิทธิพล +5 ทำตามสัญญา ความชอบธรรม +3 บิดสัญญา อำนาจใต้ดิน +4",
        "rules_goal": "เป้าหมาย: คะแนนรวมสูงสุด (อิทธิพล + ความชอบธรรมถ้าสุจริต หรือ + อำนาจใต้ดินถ้าเป็นอำนาจมืด) "
                      "รัฐบาลล้มเหลว 5 ครั้งเกิดวิกฤตศรัทธา: ฝ่ายสุจริตชนะถ้าเปิดโปงอำนาจมืดได้ทั้งสองคน คู่มือเต็ม: intrigue rules politics --lang th",
        "rules_backroom": "การ์ดเกมหลังฉาก: ยึดอำนาจ (เป็นผู้นำแทน) อำนาจสื่อ (พลิกนโยบายที่เปิด) ล้มดีล (ยกเลิกสัญญา) ขัดขวาง (ยกเลิกการ์ดเหล่านั้น)",
    },
}

BOARD_WIDTH = 80
"""Every line of the board and of the end screen fits this many terminal columns."""


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal: Thai vowel and tone marks (combining) take none."""
    import unicodedata
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) == "Mn" else 1 for ch in text)


def pad(text: str, cols: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``cols`` display columns (cut if longer)."""
    text = str(text)
    while width(text) > cols:
        text = text[:-1]
    fill = " " * (cols - width(text))
    return fill + text if right else text + fill


SUBJECTS = ("Who", "who", "player", "target", "y")
"""Template fields that are the subject of the verb after them (Thai drops the space for "คุณ")."""


def _clip(text: str, cols: int) -> str:
    """``text`` cut to ``cols`` display columns, with "…" where it was cut (a long seat name)."""
    return clip(text, cols, width)


class PoliticsNarrator(Narrator):
    """Sentences, prompts, the board and the end screen of a Politics game, from one seat's view."""

    TEXT = TEXT

    # --- words ---------------------------------------------------------------------------------
    def _T(self, key: str, **kw) -> str:
        template = self.text.get(key, TEXT["en"][key])
        if self.lang == "th":
            template = self._close_up(template, kw)
        return template.format(**kw)

    def _close_up(self, template: str, kw) -> str:
        """Thai writes no space between a pronoun and its verb: "คุณตอบรับ", "ถ้าคุณตรวจสอบ".  The
        templates leave one after a seat that is the subject ("{Who} ตอบรับ"), which a seat's name
        needs ("ที่นั่ง 2 ตอบรับ"); it goes when that seat is the viewer ("คุณ").  Only these subject
        fields are closed up: elsewhere the space parts items ("ผู้นำคุณ แนวร่วม...")."""
        you = self.text["you"]
        for name in SUBJECTS:
            if kw.get(name) == you:
                template = re.sub(r"\{" + name + r"\} (?=[\u0E00-\u0E7F])", "{" + name + "}", template)
        return template

    def _S(self, key: str, who: Optional[int], viewer: Optional[int], **kw) -> str:
        """The sentence ``key`` with seat ``who`` as its subject; the viewer's own sentence is the
        second-person one (``key + ":you"``) where the language has it, so that every verb agrees
        ("You make a backroom deal (pay 2 influence ...)")."""
        if who is not None:
            name = self.seat(who, viewer)
            kw.setdefault("Who", cap(name))
            kw.setdefault("who", name)
            if viewer is not None and who == viewer and key + ":you" in self.text:
                key += ":you"
        return self._T(key, **kw)

    def card(self, t: int) -> str:
        """``C3 (corrupt, 3 bags)`` -- the notation with its meaning."""
        kind = names.name("H" if t < 3 else "C", self.lang)
        bags = int(TYPES[t][1])
        if self.lang == "th":
            return f"{TYPES[t]} ({kind} {bags} ถุง)"
        return f"{TYPES[t]} ({kind}, {bags} bag{'s' if bags != 1 else ''})"

    def cards(self, counts: Sequence[int]) -> str:
        items = [TYPES[t] for t in range(len(TYPES)) for _ in range(counts[t])]
        return " ".join(items) if items else self.text["none"]

    def coin(self, key: str) -> str:
        return names.name(key, self.lang)

    def backroom(self, b: int) -> str:
        return names.name(names.BACKROOM[b], self.lang)

    def _join(self, items: Sequence[str]) -> str:
        return self.join(items)

    # --- headers and events ------------------------------------------------------------------------
    def turn_header(self, core: KernelState, viewer: Optional[int]) -> Optional[str]:
        """A header at each new phase of each round (``None`` inside a phase)."""
        if core.current_player() == TERMINAL:
            return None
        phase = PHASE_OF.get(core.phase)
        if core.phase == Phase.OFFER and core.leader is not None:
            phase = 2 if core.asked in core.members else 3      # members offer in Phase 2, the opposition in 3
        if self._refilling(core):
            phase = 5             # hands refill in Phase 5 even when no contract is resolved or bought
        if phase is None:
            return None
        if phase == 6:
            return self._T("header_vote", vote=max(1, core.vote_no))
        return self._T("header", round=min(core.round + 1, core.nrounds), rounds=core.nrounds, phase=phase,
                       name=self.text[f"phase{phase}"])

    @staticmethod
    def _refilling(core: KernelState) -> bool:
        """Whether ``core`` is at a Phase 5 refill draw (§6.6): a draw to a hand of fewer than 3 cards
        (a Withdraw draws to a full hand, in Phase 3).  Hand sizes are public."""
        p = core.asked
        return (core.phase == Phase.DRAW and p is not None and 0 <= p < core.num_players
                and core.hand_size(p) < 3)

    def event(self, core: KernelState, event: Event, viewer: Optional[int]) -> List[str]:
        text = event.seen_by(viewer)
        if text is None:
            return []
        try:
            return self._event(core, event, text, viewer)
        except Exception:
            if self.strict:
                raise
            who = self.seat(event.seat, viewer) + ": " if event.seat >= 0 else ""
            return [who + self.game.describe_action(text, self.lang)]

    def _event(self, core: KernelState, event: Event, text: str, v: Optional[int]) -> List[str]:
        ph, p, a = core.phase, event.seat, event.action
        words = text.split()
        after = core.clone()                 # a viewer's core: make its hidden cards fit the action first
        if v is not None:
            after.make_consistent(v, a)
        after.apply(a)
        out: List[str] = []
        if p == CHANCE:
            who = core.asked
            if ph == Phase.ROLES:                  # seen only in a full view (a referee's replay)
                out.append(self._T("roles_dealt", a=self.seat(int(words[1]), v), b=self.seat(int(words[2]), v)))
            elif ph == Phase.TELL:
                if who != v:
                    key = "role_of_dark" if words[2] == "dark" else "role_of_honest"
                    out.append(self._S(key, who, v, partner=self.seat(int(words[3]), v) if len(words) > 3 else ""))
                elif words[2] == "dark":
                    out.append(self._T("role_dark", partner=self.seat(int(words[3]), v)))
                else:
                    out.append(self._T("role_honest"))
            elif ph in (Phase.DEAL, Phase.DRAW):
                key = "dealt" if ph == Phase.DEAL else "drew"
                card = self.card(TYPES.index(words[2]))
                out.append(self._T(key, card=card) if who == v else self._S(key + "_other", who, v, card=card))
            elif ph == Phase.BRDEAL:
                card = self.backroom(names.BACKROOM.index(words[2]))
                out.append(self._T("backroom_got", card=card) if who == v else self._S("backroom_other", who, v, card=card))
            elif ph == Phase.LEADER:
                out.append(self._S("leader", int(words[1]), v))
            elif ph == Phase.LOOK:
                cards = " ".join(words[1:])
                out.append(self._T("look", cards=cards) if who == v else self._S("look_other", who, v, cards=cards))
            elif ph == Phase.INSPECT:
                out.append(self._T("inspected", card=self.card(TYPES.index(words[1]))))
            elif ph == Phase.REVEAL:
                shown = [TYPES.index(w) for w in words[1:]]
                h = sum(1 for t in shown if t < 3)
                out.append(self._T("passed", cards=" ".join(words[1:]), h=h, c=len(shown) - h,
                                   b=sum(int(TYPES[t][1]) for t in shown)))
            elif ph == Phase.VOTE_REVEAL:
                target = words[2]
                if target == "abstain":
                    out.append(self._S("vote_abstained", int(words[1]), v))
                else:
                    out.append(self._S("vote_shown", int(words[1]), v, target=self.seat(int(target), v)))
            elif ph == Phase.ROLE_REVEAL:
                out.append(self._S("exposed_dark" if words[2] == "dark" else "exposed_honest", int(words[1]), v))
            elif ph == Phase.FINAL_ROLES:
                out.append(self._T("final_roles", a=self.seat(int(words[1]), v), b=self.seat(int(words[2]), v)))
        else:
            out.extend(self._decision(core, after, p, a, words, v))
        out.extend(self._consequences(core, after, v, words))
        return out

    def _decision(self, core, after, p: int, a: int, words: List[str], v: Optional[int]) -> List[str]:
        ph = core.phase
        head = words[0] if words else ""
        if ph in (Phase.COUP, Phase.BLOCK, Phase.DEALBREAK):
            if a != Action.PLAY:
                return self._own_pass(core, p, v)  # passes in a window are not told (who was asked is hidden)
            if ph == Phase.COUP:
                return [self._S("coup_played", p, v)]
            if ph == Phase.DEALBREAK:
                return [self._S("dealbreak_played", p, v)]
            w = core.window or {}
            answered = {Phase.MEDIA: "media", Phase.COUP: "coup", Phase.DEALBREAK: "dealbreak"}.get(
                w.get("answers"), "")
            card = names.name(answered, self.lang) if answered else names.name("backroom", self.lang)
            return [self._S("block_played", p, v, card=card)]
        if ph == Phase.MEDIA:
            if head != "media":
                return self._own_pass(core, p, v)
            t = TYPES.index(words[1])
            new = names.name("C" if t < 3 else "H", self.lang)
            return [self._S("media_played", p, v, card=self.card(t), new=new)]
        if ph == Phase.INVITE:
            target, offer, join = self._invite_parts(words)
            return [self._S("invite", p, v, target=self.seat(target, v),
                            offer=self._T("offer", k=offer) if offer else "",
                            join=self._T("join", k=join) if join else "")]
        if ph == Phase.ANSWER_INVITE:
            return [self._S("accepts" if head == "accept" else "declines", p, v)]
        if ph == Phase.OFFER:
            if head in ("hold", "probe"):
                target = int(words[1])          # English: "if you (do not) inspect", "if seat 2 inspects"
                return [self._S(head, p, v, target=self.seat(target, v), k=int(words[2]),
                                inspects="inspect" if target == v else "inspects",
                                does_not="do not" if target == v else "does not")]
            return []
        if ph == Phase.ANSWER_CONTRACT:
            return [self._S("c_accepts" if head == "accept" else "c_declines", p, v)]
        if ph == Phase.PROPOSE:
            if len(words) == 3 and p == v:
                hand = list(core.hand(p))
                for w in words[1:]:
                    hand[TYPES.index(w)] -= 1
                return [self._T("proposed_you", cards=" ".join(words[1:]), kept=self.cards(hand))]
            return [self._S("proposed", p, v)]
        if ph == Phase.OPP:
            return [self._S("o_" + ("pass" if head == "pass" else head), p, v)]
        if ph == Phase.WDISCARD:
            if len(words) == 1:
                return []
            return [self._T("discard_you", cards=" ".join(words[1:])) if p == v
                    else self._S("discards", p, v, cards=" ".join(words[1:]))]
        if ph == Phase.LDISCARD:
            if len(words) > 1:                     # the card is named: the leader's own view, or a full one
                return [self._T("discard_you", cards=" ".join(words[1:])) if p == v
                        else self._S("discards", p, v, cards=" ".join(words[1:]))]
            return [self._S("l_none" if a == Action.NO_DISCARD else "l_discarded", p, v)]
        if ph == Phase.FAILDRAW:
            return [self._S("buy", p, v)] if head == "buy" else []
        if ph == Phase.RESOLVE:
            slot = core.resolving
            ct = next((c for c in core.contracts if c["slot"] == "AB"[slot]), None) if slot is not None else None
            partner = self.seat(ct["counterparty"], v) if ct else "?"
            return [self._S("keep" if head == "keep" else "break", p, v, target=partner)]
        if ph == Phase.VOTE:
            if len(words) == 1 and head == "vote":
                return [self._S("voted", p, v)]
            if head == "abstain" or a == Action.ABSTAIN:
                return [self._T("abstain_you")] if p == v else [self._S("voted", p, v)]
            return [self._T("voted_you", target=self.seat(int(words[1]), v))] if p == v else [self._S("voted", p, v)]
        return [f"{self.seat(p, v)}: {self.game.describe_action(' '.join(words), self.lang)}"]

    def _own_pass(self, core, p: int, v: Optional[int]) -> List[str]:
        """A window pass is told to no one else (a seat without the card is passed for it, and a
        pass told only when chosen would say who holds cards); the seat itself, when it chose to
        pass (it had more than the pass to choose from), is told so: it knows its own cards."""
        if v is None or p != v or len(core.legal_actions()) < 2:
            return []
        return [self._T("w_kept", card=names.name(WINDOW_CARD[core.phase], self.lang))]

    def event_for_replay(self, core: KernelState, event: Event, viewer: Optional[int]) -> List[str]:
        """``event`` as a replay that lists every event it shows tells it: :meth:`event`'s lines, and
        for a reaction-window pass, which play leaves unsaid, a line naming the window first ("Seat 5
        passes (Coup window)."; every seat that may play a card in a window is asked, holder or not,
        so a pass says nothing about cards).  The lines after it are what the pass brought about (the
        last pass closes the window: its consequences), as in play."""
        lines = self.event(core, event, viewer)
        card = WINDOW_CARD.get(core.phase)
        if (card is None or event.seat < 0 or event.action != Action.PASS or event.seen_by(viewer) is None
                or self._own_pass(core, event.seat, viewer)):           # (the seat's own choice: told)
            return lines
        return [self._S("w_pass", event.seat, viewer, card=names.name(card, self.lang))] + lines

    @staticmethod
    def _invite_parts(words: List[str]) -> Tuple[int, int, int]:
        target, offer, join = int(words[1]), 0, 0
        for key, value in zip(words[2::2], words[3::2]):
            if key == "offer":
                offer = int(value)
            elif key == "join":
                join = int(value)
        return target, offer, join

    def _consequences(self, core, after, v: Optional[int], words: Sequence[str] = ()) -> List[str]:
        """Coins and tokens that changed, governments formed or failed, the round's end."""
        out: List[str] = []
        n = core.num_players
        if not core.members and after.members:
            m = after.members
            out.append(self._T("formed", leader=self.seat(m[0], v), p1=self.seat(m[1], v), p2=self.seat(m[2], v)))
        leader = core.leader
        if (leader is not None and core.phase in (Phase.ANSWER_INVITE, Phase.INVITE) and not after.members
                and not core.flags(leader)["barred"] and after.flags(leader)["barred"]):
            out.append(self._S("attempt_failed", leader, v))
        if not core.failed_gov and after.failed_gov:
            out.append(self._T("gov_fails", fails=after.fails))
        for p in range(n):
            before, now = core.coins(p), after.coins(p)
            items = []
            for key in COINS:
                d = now[key] - before[key]
                if d:
                    items.append(f"{'+' if d > 0 else ''}{d} {self.coin(key)} ({now[key]})")
            if items:
                out.append(self._S("changes", p, v, items=", ".join(items)))
        out.extend(self._summaries(core, after, v, words))
        if not core.crisis and after.crisis:
            out.append(self._T("crisis"))
        if after.round > core.round and after.current_player() != TERMINAL:
            summary = "; ".join(f"{self.seat(p, v)}: " + ", ".join(     # coins in words, not INF LEG ...
                f"{self.short_coin(key)} {after.coins(p)[key]}" for key in COINS) for p in range(n))
            out.append(self._T("round_end", round=core.round + 1, summary=summary))
        return out

    def _totals(self, core, seats, v: Optional[int]) -> List[str]:
        """One line per seat: its influence, legitimacy and underground, named."""
        return [f"  {self.seat(p, v)}: " + ", ".join(f"{self.coin(k)} {core.coins(p)[k]}" for k in ("INF", "LEG", "UND"))
                for p in seats]

    @staticmethod
    def _flip_pending(core) -> List[Tuple[int, bool, bool]]:
        """``core``'s turned-up cards with the flip of a Media power still waiting in an open Block
        window applied, as the kernel applies it when the window closes unblocked (the first card of
        the named type that was not inspected in Phase 4, the card just inspected in Phase 3).  The
        round's cards are gone from the position after that last pass, so the summary reads them here."""
        shown = list(core.revealed_cards)
        w = core.window or {}
        if core.phase != Phase.BLOCK or w.get("answers") != Phase.MEDIA or not shown:
            return shown
        if w.get("media_phase") == 3:
            t, ins, fl = shown[-1]
            shown[-1] = (t, ins, not fl)
            return shown
        for i, (t, ins, fl) in enumerate(shown):
            if not ins and t == w.get("target"):
                shown[i] = (t, ins, not fl)
                break
        return shown

    def _summaries(self, core, after, v: Optional[int], words: Sequence[str] = ()) -> List[str]:
        """A line when a government's outcome is settled (its gains or its failure are in) and when a
        lie-catch vote has been counted."""
        out: List[str] = []
        m = core.members
        settling = PHASE_OF.get(core.phase) in (3, 4) or core.phase in (Phase.MEDIA, Phase.BLOCK)
        moved_on = (after.current_player() == TERMINAL or PHASE_OF.get(after.phase) in (5, 1, 6)
                    or after.phase in (Phase.DRAW, Phase.RESOLVE) or not after.members)
        in_window = after.phase in (Phase.MEDIA, Phase.BLOCK, Phase.INSPECT, Phase.WDISCARD)
        if m and core.formed and settling and moved_on and not in_window:
            members = self._join([self.seat(p, v) for p in m])
            totals = self._totals(after, m, v)
            shown = after.revealed_cards or (self._flip_pending(core) if list(words[:1]) == ["pass"]
                                             else core.revealed_cards)   # flips are in once the window closed
            passed = [TYPES[t] + ("*" if fl else "") for t, ins, fl in shown if not ins]
            if after.failed_gov or core.failed_gov:
                out.append(self._T("gov_summary_failed", members=members))
                out.extend(totals)
            elif passed:
                cards = " ".join(passed) + (self.text["flipped_note"] if any("*" in c for c in passed) else "")
                out.append(self._T("gov_summary_ok", members=members, cards=cards))
                out.extend(totals)
        if core.phase == Phase.VOTE_REVEAL and after.phase != Phase.VOTE_REVEAL:
            tally: Dict[int, int] = {}
            for p in range(core.num_players):       # the votes shown so far, and the one shown now
                target = core.vote(p) if (core.voted(p) and p < core.asked) else None
                if p == core.asked and words and words[-1] != "abstain":
                    target = int(words[-1])
                if target is not None and 0 <= target < core.num_players:
                    tally[target] = tally.get(target, 0) + 1
            if tally:
                items = [self._T("votes_n", who=self.seat(q, v), n=k, s="" if k == 1 else "s")
                         for q, k in sorted(tally.items(), key=lambda kv: -kv[1])]
                text = self._T("vote_summary", vote=core.vote_no, tally=", ".join(items))
                top = sorted(tally.values(), reverse=True)
                if len(top) > 1 and top[0] == top[1]:
                    text += self.text["vote_tie"]
            else:
                text = self._T("vote_summary", vote=core.vote_no, tally=self.text["vote_none"])
            out.append(text)
        return out

    def auto_line(self, core: KernelState, action: int, viewer: Optional[int]) -> str:
        """The line said when a decision with one legal choice is played for the person."""
        card = {Phase.COUP: "coup", Phase.BLOCK: "block", Phase.DEALBREAK: "dealbreak",
                Phase.MEDIA: "media"}.get(core.phase)
        if card is not None and action in (Action.PASS,):
            return self._T("auto_window", card=names.name(card, self.lang))
        return super().auto_line(core, action, viewer)

    # --- decisions ---------------------------------------------------------------------------------
    def action_label(self, core: KernelState, action: int, viewer: Optional[int]) -> str:
        v, a = viewer, action
        words = self.game.action_to_string(core, a).split()
        head = words[0]
        T = self._T
        if head == "pass":
            return T("l_pass")
        if head == "play":
            return T("l_play", card=names.name(words[1], self.lang))
        if head == "media":
            return T("l_media", card=self.card(TYPES.index(words[1])))
        if head in ("accept", "decline"):
            return T("l_" + head)
        if head == "invite":
            target, offer, join = self._invite_parts(words)
            return T("l_invite", target=self.seat(target, v), offer=T("offer", k=offer) if offer else "",
                     join=T("join", k=join) if join else "")
        if head == "no_contract":
            return T("l_no_contract")
        if head in ("hold", "probe"):
            return T("l_contract", tpl=head.upper(), k=int(words[2]), target=self.seat(int(words[1]), v))
        if head == "propose":
            hand = list(core.hand(core.asked))
            for w in words[1:]:
                hand[TYPES.index(w)] -= 1
            return T("l_propose", cards=self._join([self.card(TYPES.index(w)) for w in words[1:]]),
                     kept=self.cards(hand))
        if head in ("inspect", "withdraw", "deal"):
            return T("l_" + head)
        if head == "discard":
            return T("l_discard", cards=self._join([self.card(TYPES.index(w)) for w in words[1:]]))
        if head == "no_discard":
            return T("l_no_discard")
        if head == "buy":
            return T("l_buy")
        if head in ("keep", "break"):
            slot = core.resolving
            ct = next((c for c in core.contracts if c["slot"] == "AB"[slot]), None) if slot is not None else None
            return T("l_keep", k=ct["k"] if ct else "?") if head == "keep" else T("l_break")
        if head == "vote":
            return T("l_vote", target=self.seat(int(words[1]), v))
        if head == "abstain":
            return T("l_abstain")
        return self.game.describe_action(" ".join(words), self.lang)

    def group(self, core: KernelState, actions: List[int], viewer: Optional[int], depth: int):
        """Long decisions asked in steps: ``(question, [(label, actions)])`` for step ``depth``, or
        ``None`` to list ``actions`` one by one.  The invitation goes invitee -> offer -> contract; a
        contract offer goes template -> counterparty -> amount."""
        ph, v = core.phase, viewer
        parsed = [(a, self.game.action_to_string(core, a).split()) for a in actions]
        if ph == Phase.INVITE:
            if depth == 0:
                keyf, q = (lambda w: self._invite_parts(w)[0]), self._T("q_invitee")
                label = lambda k: self.seat(k, v)  # noqa: E731
            elif depth == 1:
                tgt = self.seat(self._invite_parts(parsed[0][1])[0], v)
                keyf, q = (lambda w: self._invite_parts(w)[1]), self._T("q_offer", target=tgt)
                label = lambda k: self._T("g_offer", k=k) if k else self._T("g_offer0")  # noqa: E731
            elif depth == 2:
                tgt = self.seat(self._invite_parts(parsed[0][1])[0], v)
                keyf, q = (lambda w: self._invite_parts(w)[2]), self._T("q_join", target=tgt)
                label = lambda k: self._T("g_join", k=k) if k else self._T("g_join0")  # noqa: E731
            else:
                return None
        elif ph == Phase.OFFER:
            if depth == 0:
                keyf, q = (lambda w: w[0]), self._T("q_template")
                label = lambda k: self._T({"no_contract": "g_none", "hold": "g_hold", "probe": "g_probe"}[k])  # noqa: E731
            elif depth == 1:
                keyf, q = (lambda w: int(w[1])), self._T("q_party")
                label = lambda k: self.seat(k, v)  # noqa: E731
            elif depth == 2:
                keyf, q = (lambda w: int(w[2])), self._T("q_amount")
                label = lambda k: self._T("g_amount", k=k)  # noqa: E731
            else:
                return None
        else:
            return None
        groups: Dict[object, List[int]] = {}
        for a, w in parsed:
            groups.setdefault(keyf(w), []).append(a)
        return q, [(label(k), acts) for k, acts in groups.items()]

    def prompt(self, core: KernelState, viewer: Optional[int]) -> str:
        v, ph = viewer, core.phase
        p = core.current_player()
        if p < 0:
            return ""
        if v is not None and p != v:
            return self._S("p_wait", p, v)
        T = self._T
        if ph == Phase.COUP:
            return T("p_coup", leader=self.seat(core.drawn if core.drawn is not None else core.leader, v))
        if ph == Phase.BLOCK:
            w = core.window or {}
            answered = {Phase.MEDIA: "media", Phase.COUP: "coup", Phase.DEALBREAK: "dealbreak"}.get(
                w.get("answers"), "backroom")
            player = w.get("card_player")
            return T("p_block", player=cap(self.seat(player, v)) if player is not None else "?",
                     card=names.name(answered, self.lang))
        if ph == Phase.DEALBREAK:
            ct = core.contracts[-1] if core.contracts else None
            if ct:
                return T("p_dealbreak", x=cap(self.seat(ct["creator"], v)), y=self.seat(ct["counterparty"], v),
                         tpl=ct["template"].upper(), k=ct["k"])
        if ph == Phase.MEDIA:
            w = core.window or {}
            if w.get("media_phase") == 3 and core.revealed_cards:       # the card just inspected
                return T("p_media3", card=self.card(core.revealed_cards[-1][0]))
            return T("p_media")
        if ph == Phase.INVITE:
            acc, _ = core.accepted
            return T("p_invite", n=core.invitations_issued, max=core.rules.get("max_inv", self.game.options.get(
                "max_invitations", 4)), acc=acc)
        if ph == Phase.ANSWER_INVITE:
            who, offer, join = core.invitation
            return T("p_answer_invite", leader=cap(self.seat(core.leader, v)),
                     offer=T("offer", k=offer) if offer else "", join=T("join", k=join) if join else "")
        if ph == Phase.OFFER:
            return T("p_offer")
        if ph == Phase.ANSWER_CONTRACT:
            tpl, x, y, k = core.contract_offer
            return T("p_answer_contract", x=cap(self.seat(x, v)), tpl=str(tpl).upper(), k=k,
                     cond=T("cond_" + str(tpl).lower()))
        if ph == Phase.PROPOSE:
            return T("p_propose")
        if ph == Phase.OPP:
            return T("p_opp", inf=core.coins(p)["INF"])
        if ph == Phase.WDISCARD:
            return T("p_wdiscard")
        if ph == Phase.LDISCARD:
            return T("p_ldiscard", cards=self.cards(core.known_table(p)))
        if ph == Phase.FAILDRAW:
            return T("p_faildraw")
        if ph == Phase.RESOLVE:
            slot = core.resolving
            ct = next((c for c in core.contracts if c["slot"] == "AB"[slot]), None) if slot is not None else None
            if ct:
                return T("p_resolve", slot=ct["slot"], y=self.seat(ct["counterparty"], v), k=ct["k"])
        if ph == Phase.VOTE:
            return T("p_vote", vote=core.vote_no)
        return self.game.describe_decision(self.game.decision_kind(core), self.lang)

    #: the notation's first words and the decisions they answer (docs/politics.md, "Notation")
    VERBS = {
        "pass": ("coup_window", "dealbreak_window", "block_window", "media_window", "opposition_action",
                 "failed_leader_draw", "offer_contract", "leader_discard", "vote"),
        "play": ("coup_window", "dealbreak_window", "block_window"), "media": ("media_window",),
        "invite": ("invite",), "accept": ("answer_invite", "answer_contract"),
        "decline": ("answer_invite", "answer_contract"), "yes": ("answer_invite", "answer_contract"),
        "no": ("answer_invite", "answer_contract"), "no_contract": ("offer_contract",), "hold": ("offer_contract",),
        "probe": ("offer_contract",), "propose": ("propose",), "inspect": ("opposition_action",),
        "withdraw": ("opposition_action",), "deal": ("opposition_action",),
        "discard": ("withdraw_discard", "leader_discard"), "no_discard": ("leader_discard",),
        "buy": ("failed_leader_draw",), "keep": ("resolve_contract",), "break": ("resolve_contract",),
        "abstain": ("vote",), "vote": ("vote",),
    }
    DECISION_PHASE = {"coup_window": 1, "invite": 1, "answer_invite": 1, "offer_contract": 2, "answer_contract": 2,
                      "propose": 2, "opposition_action": 3, "withdraw_discard": 3, "leader_discard": 4,
                      "failed_leader_draw": 5, "resolve_contract": 5}

    def decision_name(self, kind: str) -> str:
        """The phase a decision belongs to, as the turn headers name it (a window: its own words)."""
        if kind == "vote":
            return self._T("d_vote")
        if kind.endswith("_window"):
            return self._T("d_window")
        n = self.DECISION_PHASE.get(kind)
        return self._T("d_phase", n=n, name=self.text[f"phase{n}"]) if n else kind.replace("_", " ")

    def why_illegal(self, core: KernelState, text: str, viewer: Optional[int]) -> str:
        p = core.current_player()
        if viewer is not None and p != viewer and p >= 0:
            return self._S("p_wait", p, viewer)
        try:
            a = self.game.string_to_action(core, text)
        except Exception as err:            # not a move now: of no decision, of another, or written wrongly
            return self.why_unread(core, text, viewer, err)
        if core.is_legal(a):
            return ""
        T, ph = self._T, core.phase
        inf = core.coins(p)["INF"] if p >= 0 else 0
        if ph == Phase.OPP and a == Action.INSPECT:
            return T("w_cost", action=self.text["l_inspect"].split(" (")[0], cost=1, have=inf)
        if ph == Phase.OPP and a == Action.DEAL:
            if not core.rules.get("backroom"):
                return T("w_no_backroom")
            if inf < 2:
                return T("w_cost", action=self.text["l_deal"].split(" (")[0], cost=2, have=inf)
            if core.backroom_count(p) >= 2:
                return T("w_hand_limit")
            return T("w_pile_empty")
        if ph == Phase.INVITE and text.strip().lower().startswith("invite"):
            words = text.split()
            try:
                target, offer, _ = self._invite_parts(words)
            except (ValueError, IndexError):
                return T("why", text=text, prompt=self.prompt(core, viewer))
            f = core.flags(target) if 0 <= target < core.num_players else {}
            if f.get("barred"):
                return T("w_barred", target=cap(self.seat(target, viewer)))
            if f.get("invited"):
                return T("w_invited", target=cap(self.seat(target, viewer)))
            left = 3 - core.accepted[1]
            if offer > left:
                return T("w_offer", left=left)
        if ph == Phase.VOTE and text.strip().lower().startswith("vote"):
            return T("w_vote")
        words = text.split()
        kinds = self.VERBS.get(words[0].lower() if words else "", ())
        if kinds and self.game.decision_kind(core) not in kinds:      # a move of another decision
            return T("w_other", text=text.strip(), verb=words[0].lower(), when=self.decision_name(kinds[0])) \
                + " " + self.prompt(core, viewer)
        return T("why", text=text, prompt=self.prompt(core, viewer))

    def standing_pass(self, core: KernelState, viewer: Optional[int]) -> Optional[dict]:
        """A Media window opens after each card the opposition inspects: the person may pass on all
        of this phase's at once instead of being asked after each card (the terminal's hook)."""
        if (core.phase != Phase.MEDIA or viewer is None or core.current_player() != viewer
                or (core.window or {}).get("media_phase") != 3):       # Phase 4 asks once anyway
            return None
        pass_action = next((a for a in core.legal_actions() if self.game.action_to_string(core, a) == "pass"), None)
        if pass_action is None:
            return None
        return {"key": ("media", core.round, self._phase(core)), "action": pass_action,
                "label": self.text.get("l_media_rest", TEXT["en"]["l_media_rest"]), "note": self._T("n_media_rest")}

    def wants_board(self, core: KernelState, viewer: Optional[int]) -> bool:
        """The board is shown before the decisions that need it (not before every window)."""
        if core.phase == Phase.INVITE:
            return core.invitations_issued == 0       # once per attempt, not before every invitation
        if core.phase == Phase.VOTE:
            return core.vote_no == 1
        return core.phase in (Phase.ANSWER_INVITE, Phase.OFFER, Phase.PROPOSE, Phase.OPP,
                              Phase.LDISCARD, Phase.RESOLVE)

    # --- the board and the end ---------------------------------------------------------------------
    def _role_of(self, core, p: int, viewer: Optional[int]) -> str:
        f = core.flags(p)
        if (viewer is None or viewer == p or core.roles_public or f["revealed"]
                or (viewer is not None and core.is_dark(viewer))):   # a Dark power knows both Dark seats
            return names.name("dark" if core.is_dark(p) else "honest", self.lang)
        return self.text["unknown"]

    @staticmethod
    def _table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> List[str]:
        """Rows of cells as text columns, each as wide as its widest cell (display columns) and two
        spaces apart (so a right-to-left display keeps them apart), counts right-aligned."""
        widths = [max(width(str(row[i])) for row in rows) for i in range(len(rows[0]))]
        return ["  ".join(pad(str(cell), w, right=r) for cell, w, r in zip(row, widths, right)).rstrip()
                for row in rows]

    def short_coin(self, key: str) -> str:
        return self.text.get("k_" + key) or self.coin(key)

    def head_coin(self, key: str) -> str:
        """A count's column heading: a short form (English: INF ... with a legend), else :meth:`short_coin`."""
        return self.text.get("h_" + key) or self.short_coin(key)

    @staticmethod
    def _fit(line: str, sep: str = " · ") -> List[str]:
        """``line`` broken at ``sep`` into lines of at most :data:`BOARD_WIDTH` columns (continuations
        indented)."""
        if width(line) <= BOARD_WIDTH or sep not in line:
            return [line]
        out, cur = [], ""
        for part in line.split(sep):
            cand = part if not cur else cur + sep + part
            if cur and width(cand) > BOARD_WIDTH:
                out.append(cur)
                cur = "  " + part
            else:
                cur = cand
        return out + [cur]

    def board(self, state, viewer: Optional[int]) -> str:
        """The position in at most 100 columns: one row per seat with every coin named."""
        core = state.core
        n = core.num_players
        T = self._T
        lines = [T("b_top", round=min(core.round + 1, core.nrounds), rounds=core.nrounds, fails=core.fails,
                   pile=sum(core.pile), disc=sum(core.discard))
                 + (T("b_br", n=sum(core.backroom_pile)) if core.rules["backroom"] else "")]
        m = core.members
        if m:
            lines.append(T("b_gov", leader=self.seat(m[0], viewer), p1=self.seat(m[1], viewer), p2=self.seat(m[2], viewer)))
        elif core.leader is not None:
            lines.append(T("b_forming", leader=self.seat(core.leader, viewer)))
        rows = [[self.text["c_seat"], self.text["c_role"]] + [self.head_coin(k) for k in COINS]
                + [self.text["c_lead"], self.text["c_hand"]]]
        for p in range(n):
            c = core.coins(p)
            f = core.flags(p)
            name = _clip(self.seat(p, viewer), 14)
            if p in m:
                name += "*" if p == m[0] else "+"
            if core.current_player() == p:
                name = "> " + name
            rows.append([name, self._role_of(core, p, viewer)] + [c[k] for k in COINS]
                        + [self.text["c_yes"] if f["right"] else "", f"{core.hand_size(p)}+{core.backroom_count(p)}"])
        lines.extend(self._table(rows, [False, False] + [True] * len(COINS) + [False, False]))
        if m or core.revealed_cards:
            shown = [TYPES[t] + ("*" if fl else "") for t, ins, fl in core.revealed_cards]
            lines.append(T("b_table", down=sum(core.table_down), shown=("; " + " ".join(shown)) if shown else ""))
            if viewer is not None and viewer in m and sum(core.known_table(viewer)):
                lines.append(T("b_known", cards=self.cards(core.known_table(viewer))))
        for ct in core.contracts:
            lines.append(T("b_contract", slot=ct["slot"], tpl=ct["template"].upper(), k=ct["k"],
                           x=self.seat(ct["creator"], viewer), y=self.seat(ct["counterparty"], viewer),
                           status=names.name("st_" + ct["status"], self.lang)))
        if viewer is not None:
            br = ", ".join(self.backroom(b) for b in range(4) for _ in range(core.backroom(viewer)[b]))
            lines.append(T("b_yours", policy=self.cards(core.hand(viewer)),
                           backroom=br or self.text["none"]))
        if self.text.get("b_coins"):                    # the short headings' legend
            lines.append(T("b_coins"))
        lines.append(T("b_columns"))
        lines.append(T("b_legend"))
        return "\n".join(part for line in lines for part in self._fit(line))

    def end_screen(self, core: KernelState, viewer: Optional[int], *, board: bool = True,
                   placings: bool = True) -> str:
        """Every seat's coins, role and total as the kernel scored them, and the winner named (no
        drawing of the table to leave out; the score table says more than the placings: it stays)."""
        res = self.game.result(core)
        n = core.num_players
        T = self._T
        rows = [[self.text["c_seat"], self.text["c_role"]] + [self.head_coin(k) for k in COINS] + [self.text["total"]]]
        order = sorted(range(n), key=lambda p: (res.placings[p], p))
        for p in order:
            c = core.coins(p)
            mark = "★ " if p in res.winners else "  "
            total = int(res.scores[p]) if res.scores else core.score(p)
            rows.append([mark + _clip(self.seat(p, viewer), 14),
                         names.name("dark" if core.is_dark(p) else "honest", self.lang)] + [c[k] for k in COINS] + [total])
        lines = [T("end_title")] + self._table(rows, [False, False] + [True] * (len(COINS) + 1))
        if self.text.get("b_coins"):                    # the short headings' legend
            lines.append(T("b_coins"))
        who = self._join([self.seat(p, viewer) for p in res.winners])
        lines.append(T("winners" if len(res.winners) > 1 else "winner", who=cap(who)) + " "
                     + T("reason", reason=self._reason(res.reason)))
        return "\n".join(part for line in lines for part in self._fit(line))

    def _reason(self, reason: str) -> str:
        """The engine's reason for the result worded for people in the display language (the
        engine's own is English and names coins in the notation: "tie broken by INF")."""
        kind = reason_kind(reason)
        return self._T("reason_" + kind) if kind is not None else reason

    @staticmethod
    def _phase(core: KernelState) -> int:
        """The phase of the round a decision belongs to (6: the lie-catch), also for the decisions
        that can come in several phases: contract offers and answers, and the reaction windows."""
        ph = core.phase
        if ph == Phase.OFFER:
            return 2 if core.asked in core.members else 3          # members offer in Phase 2
        if ph == Phase.ANSWER_CONTRACT:
            offer = core.contract_offer
            return 2 if offer and offer[1] in core.members else 3
        w = core.window or {}
        kind = w.get("answers") if ph == Phase.BLOCK else ph     # a Block window answers another card
        if kind == Phase.MEDIA:
            return 3 if w.get("media_phase") == 3 else 4
        if kind == Phase.DEALBREAK:
            ct = core.contracts[-1] if core.contracts else None
            if not core.members or ct is None or ct["template"].upper() == "JOIN":
                return 1
            return 2 if ct["creator"] in core.members else 3
        return PHASE_OF.get(kind if kind is not None else ph, 1)

    def rules(self, core: KernelState, viewer: Optional[int]) -> str:
        """The part of the rules that matters now: the current phase, the goal, the backroom cards."""
        phase = self._phase(core)
        parts = [self.text[f"rules_{phase}"]]
        if core.rules.get("backroom"):
            parts.append(self.text["rules_backroom"])
        parts.append(self.text["rules_goal"])
        return "\n".join(parts)
