"""Coup told in sentences, for people: the one place where the terminal, the web page and replays
get the words for what happened, what is asked and why a move is not possible.

A :class:`CoupNarrator` reads the kernel state just *before* an event and the event itself; it
applies the event to a copy to see its public consequences (coins, face-up cards, eliminations, how a
challenge or block resolved) and says them from one seat's point of view.  It never reads a card the
viewer cannot see: the viewer's own cards, face-up cards and the event text as the viewer saw it
(:meth:`Event.seen_by`) are all it uses.

>>> from intrigue.engine import load_game
>>> g = load_game("coup", None, 3)
>>> n = CoupNarrator(g)
>>> n.seat(1, 0), n.seat(0, 0)
('seat 1', 'you')
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import CHANCE, TERMINAL, Event
from intrigue.engine.narration import Narrator, cap, display_width, pad_to
from intrigue.engine.coup import names

if TYPE_CHECKING:
    from intrigue.engine.coup.game import CoupGame
from intrigue.engine.coup.claims import BLOCKERS_OF_KIND, CLAIM_OF_KIND, KIND_WORDS, kind_of_action
from intrigue.engine.coup.game import hand_as_seen
from intrigue.ext.coup_core import MAX_COPIES, NROLES, Action, Chance, Exchange, Kind, Phase, pair_roles
from intrigue.ext.game_api import KernelState


# Sentences per language.  English verbs agree with the subject through {s}/{es}/{is}/{has}/{does}
# ("Seat 1 takes", "You take"); Thai has no agreement; Hebrew names the subject as a seat ("מושב 2"),
# so third-person forms stay grammatical for "you" too.
TEXT: Dict[str, Dict[str, str]] = {
    "en": {
        "seat": "seat {n}", "you": "you",
        "coins1": "{n} coin", "coins": "{n} coins", "unit1": "coin", "unit": "coins",
        "header": "── Turn {turn} · {who} to act · coins: {coins} ──",
        # action declarations
        "do_income": "{Who} take{s} Income: +{inc} {inc_u} ({now}).",
        "do_foreign_aid": "{Who} ask{s} for Foreign Aid (+2 coins); anyone may block it by claiming Duke.",
        "do_tax": "{Who} claim{s} Duke to take Tax (+{tax} {tax_u}).",
        "do_exchange": "{Who} claim{s} Ambassador to Exchange cards with the Court deck.",
        "do_coup": "{Who} pay{s} {coup} {coup_u} to launch a Coup against {target}.",
        "do_assassinate": "{Who} claim{s} Assassin and pay{s} {ass} {ass_u} to assassinate {target}.",
        "do_steal": "{Who} claim{s} Captain to steal from {target}.",
        # windows
        "challenge": "{Who} challenge{s} {actor_p} claim to {role}.",
        "no_challenge": "{Who} do{es} not challenge.",
        "nobody_challenged": "No one challenges the {role}.",
        "block": "{Who} block{s} the {action}, claiming {role}.",
        "no_block": "{Who} do{es} not block.",
        "nobody_blocked": "No one blocks.",
        "challenge_block": "{Who} challenge{s} {blocker_p} {role}.",
        "no_challenge_block": "{Who} do{es} not challenge the block.",
        "block_stands": "The block stands: the {action} is cancelled.",
        # challenges resolved
        "proved": "{Who} show{s} {a_role}: the claim holds, so {challenger} lose{s2} an influence.\n"
                  "{Who} shuffle{s} the {role} back into the deck and will draw a new card.",
        "block_proved": "{Who} show{s} {a_role}: the block holds, so {challenger} lose{s2} an influence.\n"
                        "{Who} shuffle{s} the {role} back into the deck and will draw a new card.",
        "failed_claim": "{Who} cannot show {a_role}: {who} turn{s} up {lost} and lose{s} an influence.\n"
                        "The {action} is cancelled.",
        "refund": "{Who} get{s} the {ass} {ass_u} back ({now}).",
        "failed_block": "{Who} cannot show {a_role}: {who} turn{s} up {lost} and lose{s} an influence.\n"
                        "The block fails.",
        "lose": "{Who} lose{s} an influence: {who} turn{s} up {lost}.",
        "out": "{Who} {is} out of the game (no influence left).",
        "out_you": "You are out of the game; the others play on.",
        "out_you_end": "You are out of the game.",
        "wins": "{Who} win{s} the game!",
        "draw_game": "The turn limit is reached: the game is a draw between {who}.",
        # action effects
        "gets_tax": "{Who} take{s} {tax} {tax_u} of Tax ({now}).",
        "gets_aid": "{Who} take{s} 2 coins of Foreign Aid ({now}).",
        "steals": "{Who} steal{s} {amount} from {target} ({who} {now}; {target} {left}).",
        "must_lose": "{Target} must lose an influence.",
        "target_gone": "{Target} is already out: the {action} has no effect.",
        "exchanging": "{Who} draw{s} two cards from the Court deck to exchange.",
        "exchanged": "{Who} exchange{s}: {who} keep{s} {n} and return{s} the rest to the deck.",
        "exchanged_you": "You keep {kept} and return {returned} to the deck.",
        # chance events (seen only by the seat they name)
        "dealt": "{Who} {is} dealt {a} and {b}.",
        "dealt_one": "{Who} {is} dealt {a}.",
        "drew_replacement": "{Who} draw{s} {role} to replace the card shown.",
        "drew_two": "{Who} draw{s} {a} and {b} for the Exchange.",
        # the player's own decisions
        "auto": "(only one choice: {label})",
        # prompts
        "p_action": "Your turn: choose an action (you have {coins}).",
        "p_forced": "You have {coins}: you must Coup.",
        "p_challenge": "{Actor} claim{s} {role} to {action_inf}. Challenge?",
        "p_defend": "{Challenger} challenges your {role} ({action}). Reveal {role} to prove it, "
                    "or turn up another card and lose it.",
        "p_block_aid": "{Actor} ask{s} for Foreign Aid. Block it by claiming Duke?",
        "p_block_steal": "{Actor} claim{s} Captain to steal from you. Block, claiming Captain or Ambassador?",
        "p_block_assassinate": "{Actor} claim{s} Assassin to assassinate you. Block, claiming Contessa?",
        "p_challenge_block": "{Blocker} claim{s2} {role} to block {actor_p} {action}. Challenge the block?",
        "p_defend_block": "{Challenger} challenges your block with {role}. Reveal {role} to prove it, "
                          "or turn up another card and lose it.",
        "p_lose": "You lose an influence: choose the card to turn face up.",
        "p_exchange": "Exchange: you hold {hand} and drew {drawn}. Choose the {n} to keep.",
        "p_wait": "{Who} {is} to decide.",
        # action labels
        "l_income": "Income (+{inc} {inc_u})",
        "l_foreign_aid": "Foreign Aid (+2 coins; Duke can block)",
        "l_tax": "Tax (claims Duke; +{tax} {tax_u})",
        "l_exchange": "Exchange (claims Ambassador)",
        "l_coup": "Coup against {target} ({coup} {coup_u})",
        "l_assassinate": "Assassinate {target} (claims Assassin; {ass} {ass_u})",
        "l_steal": "Steal from {target} (claims Captain)",
        "l_challenge": "Challenge {actor_p} {role}",
        "l_pass_challenge": "Pass (do not challenge)",
        "l_pass_block": "Pass (do not block)",
        "l_block": "Block, claiming {role}",
        "l_reveal_proof": "Reveal {role} (proves the claim)",
        "l_reveal_concede": "Reveal {role} (concede: lose it)",
        "l_turn_up": "Turn up {role}",
        "l_keep": "Keep {roles}",
        # why a move is not possible
        "w_cost": "{action} costs {cost} coins; you have {coins}.",
        "w_forced": "You have {coins}: you must Coup.",
        "w_self": "You cannot target yourself.",
        "w_out": "{Target} is out of the game.",
        "w_no_target": "{action} needs a target seat, e.g. '{word} 1'.",
        "w_not_now": "That is not a choice now. {prompt}",
        "w_other": "{text!r} does not answer this decision: '{verb}' belongs to another one ({when}). {prompt}",
        "w_not_yours": "It is not your decision: {who} {is} to decide.",
        "w_role_block": "{action} can only be blocked by claiming {roles}.",
        "w_reveal": "You can only reveal a face-down card you hold: {roles}.",
        "w_keep": "Keep {n} of {roles}.",
        "w_bad": "Not understood: {text!r}.",
        "w_no_seat": "There is no seat {n}: the seats are 0 to {last}.",
        "w_not_in_rules": "{action} is not part of this ruleset.",
        "w_limit": "You have made your {limit} Assassination{s} (the most this ruleset allows).",
        "and": " and ", "or": " or ", "list": ", ",
        "nothing": "nothing",
        "end_winner": "Winner: {who}", "end_draw": "Draw between {who} (turn limit)", "placings": "Placings:",
    },
    "th": {
        "seat": "ที่นั่ง {n}", "you": "คุณ",
        "coins1": "{n} ทอง", "coins": "{n} ทอง", "unit1": "ทอง", "unit": "ทอง",
        "header": "── เทิร์น {turn} · ตาของ{who} · ทอง: {coins} ──",
        "do_income": "{Who} เก็บทอง: +{inc} {inc_u} (มี {now})",
        "do_foreign_aid": "{Who} ขอเงินหนุน (+2 ทอง) ใครก็ขัดขวางได้โดยอ้างเจ้าพระยา",
        "do_tax": "{Who} อ้างเจ้าพระยาเพื่อเก็บอากร (+{tax} {tax_u})",
        "do_exchange": "{Who} อ้างราชทูตเพื่อสับเปลี่ยนการ์ดกับกองการ์ด",
        "do_coup": "{Who} จ่าย {coup} {coup_u}เพื่อโค่นอำนาจ{target}",
        "do_assassinate": "{Who} อ้างมือสังหารและจ่าย {ass} {ass_u}เพื่อสังหาร{target}",
        "do_steal": "{Who} อ้างขุนโจรเพื่อปล้น{target}",
        "challenge": "{Who} ตรวจสอบการอ้าง{role}ของ{actor}",
        "no_challenge": "{Who} ไม่ตรวจสอบ",
        "nobody_challenged": "ไม่มีใครตรวจสอบ{role}",
        "block": "{Who} ขัดขวาง{action} โดยอ้าง{role}",
        "no_block": "{Who} ไม่ขัดขวาง",
        "nobody_blocked": "ไม่มีใครขัดขวาง",
        "challenge_block": "{Who} ตรวจสอบ{role}ของ{blocker}",
        "no_challenge_block": "{Who} ไม่ตรวจสอบการขัดขวาง",
        "block_stands": "การขัดขวางสำเร็จ: {action}ถูกยกเลิก",
        "proved": "{Who} เปิด{role}: การอ้างเป็นจริง {challenger} จึงเสียอิทธิพล 1\n"
                  "{Who} สับ{role}คืนกองแล้วจะจั่วใบใหม่",
        "block_proved": "{Who} เปิด{role}: การขัดขวางเป็นจริง {challenger} จึงเสียอิทธิพล 1\n"
                        "{Who} สับ{role}คืนกองแล้วจะจั่วใบใหม่",
        "failed_claim": "{Who} ไม่มี{role}: เปิด{lost}และเสียอิทธิพล 1\n{action}ถูกยกเลิก",
        "refund": "{Who} ได้ {ass} {ass_u}คืน (มี {now})",
        "failed_block": "{Who} ไม่มี{role}: เปิด{lost}และเสียอิทธิพล 1\nการขัดขวางล้มเหลว",
        "lose": "{Who} เสียอิทธิพล: เปิด{lost}",
        "out": "{Who} ออกจากเกม (ไม่มีอิทธิพลเหลือ)",
        "out_you": "คุณออกจากเกมแล้ว ผู้เล่นที่เหลือเล่นต่อ",
        "out_you_end": "คุณออกจากเกมแล้ว",
        "wins": "{Who} ชนะเกม!",
        "draw_game": "ครบจำนวนเทิร์นสูงสุด: เสมอกันระหว่าง{who}",
        "gets_tax": "{Who} เก็บอากร {tax} {tax_u} (มี {now})",
        "gets_aid": "{Who} ได้เงินหนุน 2 ทอง (มี {now})",
        "steals": "{Who} ปล้น {amount} จาก{target} ({who} มี {now}; {target} เหลือ {left})",
        "must_lose": "{Target} ต้องเสียอิทธิพล 1",
        "target_gone": "{Target} ออกจากเกมแล้ว: {action}ไม่มีผล",
        "exchanging": "{Who} จั่วการ์ด 2 ใบจากกองเพื่อสับเปลี่ยน",
        "exchanged": "{Who} สับเปลี่ยนการ์ด: เก็บ {n} ใบ ที่เหลือคืนกอง",
        "exchanged_you": "คุณเก็บ{kept} และคืน{returned}เข้ากอง",
        "dealt": "{Who} ได้รับ{a}และ{b}",
        "dealt_one": "{Who} ได้รับ{a}",
        "drew_replacement": "{Who} จั่วได้{role}แทนใบที่เปิด",
        "drew_two": "{Who} จั่วได้{a}และ{b}เพื่อสับเปลี่ยน",
        "auto": "(มีทางเลือกเดียว: {label})",
        "p_action": "ตาของคุณ: เลือกการกระทำ (คุณมี {coins})",
        "p_forced": "คุณมี {coins}: ต้องโค่นอำนาจ",
        "p_challenge": "{Actor} อ้าง{role}เพื่อ{action_inf} จะตรวจสอบหรือไม่?",
        "p_defend": "{Challenger} ตรวจสอบ{role}ของคุณ ({action}) เปิด{role}เพื่อพิสูจน์ หรือเปิดใบอื่นแล้วเสียใบนั้น",
        "p_block_aid": "{Actor} ขอเงินหนุน จะขัดขวางโดยอ้างเจ้าพระยาหรือไม่?",
        "p_block_steal": "{Actor} อ้างขุนโจรเพื่อปล้นคุณ จะขัดขวางโดยอ้างขุนโจรหรือราชทูตหรือไม่?",
        "p_block_assassinate": "{Actor} อ้างมือสังหารเพื่อสังหารคุณ จะขัดขวางโดยอ้างรัชทายาทหรือไม่?",
        "p_challenge_block": "{Blocker} อ้าง{role}เพื่อขัดขวาง{action}ของ{actor} จะตรวจสอบการขัดขวางหรือไม่?",
        "p_defend_block": "{Challenger} ตรวจสอบการขัดขวางด้วย{role}ของคุณ เปิด{role}เพื่อพิสูจน์ หรือเปิดใบอื่นแล้วเสียใบนั้น",
        "p_lose": "คุณเสียอิทธิพล: เลือกการ์ดที่จะเปิดหงาย",
        "p_exchange": "สับเปลี่ยน: คุณถือ{hand} และจั่วได้{drawn} เลือก {n} ใบที่จะเก็บ",
        "p_wait": "ถึงตา{Who} ตัดสินใจ",
        "l_income": "เก็บทอง (+{inc} {inc_u})",
        "l_foreign_aid": "ขอเงินหนุน (+2 ทอง; เจ้าพระยาขัดขวางได้)",
        "l_tax": "เก็บอากร (อ้างเจ้าพระยา; +{tax} {tax_u})",
        "l_exchange": "สับเปลี่ยนการ์ด (อ้างราชทูต)",
        "l_coup": "โค่นอำนาจ{target} ({coup} {coup_u})",
        "l_assassinate": "สังหาร{target} (อ้างมือสังหาร; {ass} {ass_u})",
        "l_steal": "ปล้น{target} (อ้างขุนโจร)",
        "l_challenge": "ตรวจสอบ{role}ของ{actor}",
        "l_pass_challenge": "ผ่าน (ไม่ตรวจสอบ)",
        "l_pass_block": "ผ่าน (ไม่ขัดขวาง)",
        "l_block": "ขัดขวาง โดยอ้าง{role}",
        "l_reveal_proof": "เปิด{role} (พิสูจน์การอ้าง)",
        "l_reveal_concede": "เปิด{role} (ยอมรับ: เสียใบนี้)",
        "l_turn_up": "เปิด{role}",
        "l_keep": "เก็บ{roles}",
        "w_cost": "{action}ต้องใช้ {cost} ทอง คุณมี {coins} ทอง",
        "w_forced": "คุณมี {coins}: ต้องโค่นอำนาจ",
        "w_self": "เลือกตัวเองเป็นเป้าหมายไม่ได้",
        "w_out": "{Target} ออกจากเกมแล้ว",
        "w_no_target": "{action}ต้องระบุที่นั่งเป้าหมาย เช่น '{word} 1'",
        "w_not_now": "ตอนนี้เลือกสิ่งนั้นไม่ได้ {prompt}",
        "w_other": "{text!r} ไม่ใช่คำตอบของการตัดสินใจนี้: '{verb}' ใช้กับการตัดสินใจอื่น ({when}) {prompt}",
        "w_not_yours": "ไม่ใช่ตาของคุณ: ถึงตา{who}",
        "w_role_block": "ขัดขวาง{action}ได้โดยอ้าง{roles}เท่านั้น",
        "w_reveal": "เปิดได้เฉพาะการ์ดคว่ำที่คุณถือ: {roles}",
        "w_keep": "เก็บ {n} ใบจาก{roles}",
        "w_bad": "ไม่เข้าใจ: {text!r}",
        "w_no_seat": "ไม่มีที่นั่ง {n}: ที่นั่งมี 0 ถึง {last}",
        "w_not_in_rules": "{action}ไม่มีในกติกานี้",
        "w_limit": "คุณสังหารครบ {limit} ครั้งแล้ว (มากที่สุดที่กติกานี้อนุญาต)",
        "and": "และ", "or": "หรือ", "list": ", ",
        "nothing": "ไม่มี",
        "end_winner": "ผู้ชนะ: {who}", "end_draw": "เสมอกันระหว่าง{who} (ครบจำนวนเทิร์น)", "placings": "อันดับ:",
    },
    "he": {
        "seat": "מושב {n}", "you": "{name} (את/ה)",
        "coins1": "מטבע {n}", "coins": "{n} מטבעות", "unit1": "מטבע", "unit": "מטבעות",
        "header": "── תור {turn} · {who} פועל · מטבעות: {coins} ──",
        "do_income": "{Who} לוקח הכנסה: +{inc} {inc_u} ({now}).",
        "do_foreign_aid": "{Who} מבקש מימון חוץ (+2 מטבעות); כל אחד יכול לבטל בטענת דוכס.",
        "do_tax": "{Who} טוען לדוכס כדי לקחת מס (+{tax} {tax_u}).",
        "do_exchange": "{Who} טוען לשגריר כדי להחליף קלפים עם הערימה.",
        "do_coup": "{Who} משלם {coup} {coup_u} להפיכה נגד {target}.",
        "do_assassinate": "{Who} טוען למתנקש ומשלם {ass} {ass_u} כדי להתנקש ב{target}.",
        "do_steal": "{Who} טוען לקפטן כדי לגנוב מ{target}.",
        "challenge": "{Who} מערער על הטענה של {actor} ל{role}.",
        "no_challenge": "{Who} לא מערער.",
        "nobody_challenged": "אף אחד לא מערער על ה{role}.",
        "block": "{Who} מבטל את ה{action} בטענת {role}.",
        "no_block": "{Who} לא מבטל.",
        "nobody_blocked": "אף אחד לא מבטל.",
        "challenge_block": "{Who} מערער על ה{role} של {blocker}.",
        "no_challenge_block": "{Who} לא מערער על הביטול.",
        "block_stands": "הביטול עומד: הפעולה ({action}) מבוטלת.",
        "proved": "{Who} חושף {role}: הטענה נכונה, ולכן {challenger} מאבד השפעה.\n"
                  "{Who} מערבב את ה{role} בחזרה לערימה וימשוך קלף חדש.",
        "block_proved": "{Who} חושף {role}: הביטול נכון, ולכן {challenger} מאבד השפעה.\n"
                        "{Who} מערבב את ה{role} בחזרה לערימה וימשוך קלף חדש.",
        "failed_claim": "{Who} לא חושף {role}: הופך את ה{lost} ומאבד השפעה.\nהפעולה ({action}) מבוטלת.",
        "refund": "{Who} מקבל בחזרה {ass} {ass_u} ({now}).",
        "failed_block": "{Who} לא חושף {role}: הופך את ה{lost} ומאבד השפעה.\nהביטול נכשל.",
        "lose": "{Who} מאבד השפעה: הופך את ה{lost}.",
        "out": "{Who} יצא מהמשחק (לא נותרה השפעה).",
        "out_you": "יצאת מהמשחק; האחרים ממשיכים לשחק.",
        "out_you_end": "יצאת מהמשחק.",
        "wins": "{Who} ניצח במשחק!",
        "draw_game": "הגענו למגבלת התורות: תיקו בין {who}.",
        "gets_tax": "{Who} לוקח {tax} {tax_u} מס ({now}).",
        "gets_aid": "{Who} לוקח 2 מטבעות מימון חוץ ({now}).",
        "steals": "{Who} גונב {amount} מ{target} ({who}: {now}; {target}: {left}).",
        "must_lose": "{Target} חייב לאבד השפעה.",
        "target_gone": "{Target} כבר בחוץ: לפעולה ({action}) אין השפעה.",
        "exchanging": "{Who} מושך שני קלפים מהערימה להחלפה.",
        "exchanged": "{Who} מחליף: שומר {n} ומחזיר את השאר לערימה.",
        "exchanged_you": "שמרת {kept} והחזרת {returned} לערימה.",
        "dealt": "{Who} מקבל {a} ו{b}.",
        "dealt_one": "{Who} מקבל {a}.",
        "drew_replacement": "{Who} מושך {role} במקום הקלף שנחשף.",
        "drew_two": "{Who} מושך {a} ו{b} להחלפה.",
        "auto": "(אפשרות אחת בלבד: {label})",
        "p_action": "התור שלך: בחר/י פעולה (יש לך {coins}).",
        "p_forced": "יש לך {coins}: חובה לבצע הפיכה.",
        "p_challenge": "{Actor} טוען ל{role} כדי {action_inf}. לערער?",
        "p_defend": "{Challenger} מערער על ה{role} שלך ({action}). חשוף/י {role} כדי להוכיח, "
                    "או הפוך/י קלף אחר ואבד/י אותו.",
        "p_block_aid": "{Actor} לוקח מימון חוץ. לבטל בטענת דוכס?",
        "p_block_steal": "{Actor} טוען לקפטן כדי לגנוב ממך. לבטל בטענת קפטן או שגריר?",
        "p_block_assassinate": "{Actor} טוען למתנקש כדי להתנקש בך. לבטל בטענת רוזנת?",
        "p_challenge_block": "{Blocker} טוען ל{role} כדי לבטל את ה{action} של {actor}. לערער על הביטול?",
        "p_defend_block": "{Challenger} מערער על הביטול שלך ב{role}. חשוף/י {role} כדי להוכיח, "
                          "או הפוך/י קלף אחר ואבד/י אותו.",
        "p_lose": "את/ה מאבד/ת השפעה: בחר/י קלף להפוך.",
        "p_exchange": "החלפה: בידך {hand} ומשכת {drawn}. בחר/י {n} לשמור.",
        "p_wait": "{Who} מחליט.",
        "l_income": "הכנסה (+{inc} {inc_u})",
        "l_foreign_aid": "מימון חוץ (+2 מטבעות; דוכס יכול לבטל)",
        "l_tax": "מס (טענת דוכס; +{tax} {tax_u})",
        "l_exchange": "החלפה (טענת שגריר)",
        "l_coup": "הפיכה נגד {target} ({coup} {coup_u})",
        "l_assassinate": "התנקשות ב{target} (טענת מתנקש; {ass} {ass_u})",
        "l_steal": "גניבה מ{target} (טענת קפטן)",
        "l_challenge": "ערעור על ה{role} של {actor}",
        "l_pass_challenge": "ויתור (בלי ערעור)",
        "l_pass_block": "ויתור (בלי ביטול)",
        "l_block": "ביטול בטענת {role}",
        "l_reveal_proof": "חשיפת {role} (מוכיח את הטענה)",
        "l_reveal_concede": "חשיפת {role} (ויתור: מאבד אותו)",
        "l_turn_up": "הפיכת {role}",
        "l_keep": "שמירת {roles}",
        "w_cost": "{action} עולה {cost} מטבעות; יש לך {coins}.",
        "w_forced": "יש לך {coins}: חובה לבצע הפיכה.",
        "w_self": "אי אפשר לבחור בעצמך כמטרה.",
        "w_out": "{Target} יצא מהמשחק.",
        "w_no_target": "{action} צריך מושב מטרה, למשל '{word} 1'.",
        "w_not_now": "זו לא אפשרות עכשיו. {prompt}",
        "w_other": "{text!r} אינו תשובה להחלטה הזו: '{verb}' שייך להחלטה אחרת ({when}). {prompt}",
        "w_not_yours": "זו לא ההחלטה שלך: {who} מחליט.",
        "w_role_block": "את ה{action} אפשר לבטל רק בטענת {roles}.",
        "w_reveal": "אפשר לחשוף רק קלף סגור שבידך: {roles}.",
        "w_keep": "שמור/י {n} מתוך {roles}.",
        "w_bad": "לא הובן: {text!r}.",
        "w_no_seat": "אין מושב {n}: המושבים הם 0 עד {last}.",
        "w_not_in_rules": "אין {action} במערכת חוקים זו.",
        "w_limit": "כבר ביצעת {limit} התנקשויות (המספר המרבי במערכת חוקים זו).",
        "and": " ו", "or": " או ", "list": ", ",
        "nothing": "כלום",
        "end_winner": "מנצח: {who}", "end_draw": "תיקו בין {who} (מגבלת תורות)", "placings": "דירוג:",
    },
}

RULES: Dict[str, Dict[str, str]] = {
    "en": {
        "actions": "Actions (one per turn; with {forced} or more coins you must Coup):\n"
                   "  Income         {income_gain:<41}no claim, cannot be blocked\n"
                   "  Foreign Aid    +2 coins                                 no claim; any Duke blocks it\n"
                   "  Coup           pay {coup}: the target loses an influence     cannot be blocked\n"
                   "  Tax            {tax_gain:<41}claims Duke\n"
                   "  Assassinate    pay {ass}: the target loses an influence     claims Assassin; Contessa blocks\n"
                   "  Steal          take {steal} coins from the target             claims Captain; Captain or Ambassador blocks\n"
                   "  Exchange       {exchange:<40} claims Ambassador",
        "published": "draw 2, keep as many as you hold, return",
        "swap_one": "draw 2, swap at most one of your cards",
        "challenge": "A claim needs no card: anyone may challenge it. The challenged player who shows the "
                     "card wins (the challenger loses an influence; the card is shuffled back and replaced); "
                     "otherwise they lose an influence and the action or block is cancelled.",
        "block": "A block is a claim too: it can be challenged the same way. A block that stands cancels "
                 "the action (an Assassinate's {ass} {ass_u} stay paid).",
        "deck": "This ruleset: {deck}; {hand}.",
        "hand1": "each player holds one card (one influence)", "hand2": "each player holds two cards",
        "blank": "The {blank} has no ability here: it claims nothing and blocks nothing; it is only an "
                 "influence to lose.",
        "limit": "Each player may Assassinate at most {times} a game.",
        "times": "once|twice|{n} times",
        "lose": "Losing an influence: turn one of your face-down cards face up; with none left you are out.",
        "goal": "Last player with influence wins. Full guide: intrigue rules coup --lang {lang}",
    },
    "th": {
        "actions": "การกระทำ (ตาละครั้ง; มีทอง {forced} ขึ้นไปต้องโค่นอำนาจ):\n"
                   "  เก็บทอง       {income_gain:<26}ไม่อ้างการ์ด ขัดขวางไม่ได้\n"
                   "  ขอเงินหนุน     +2 ทอง                    ไม่อ้างการ์ด เจ้าพระยาขัดขวางได้\n"
                   "  โค่นอำนาจ      จ่าย {coup}: เป้าหมายเสียอิทธิพล   ขัดขวางไม่ได้\n"
                   "  เก็บอากร       {tax_gain:<26}อ้างเจ้าพระยา\n"
                   "  สังหาร         จ่าย {ass}: เป้าหมายเสียอิทธิพล   อ้างมือสังหาร; รัชทายาทขัดขวาง\n"
                   "  ปล้น           เอา {steal} ทองจากเป้าหมาย      อ้างขุนโจร; ขุนโจรหรือราชทูตขัดขวาง\n"
                   "  สับเปลี่ยนการ์ด  {exchange}   อ้างราชทูต",
        "published": "จั่ว 2 เก็บเท่าที่มี คืนที่เหลือ",
        "swap_one": "จั่ว 2 สลับได้ไม่เกิน 1 ใบ",
        "challenge": "การอ้างไม่ต้องมีการ์ดจริง ใครก็ตรวจสอบได้ ถ้าผู้ถูกตรวจสอบเปิดการ์ดนั้นได้ ผู้ตรวจสอบเสียอิทธิพล "
                     "(การ์ดที่เปิดสับคืนกองแล้วจั่วใหม่) ถ้าเปิดไม่ได้ ผู้ถูกตรวจสอบเสียอิทธิพลและการกระทำหรือการขัดขวางถูกยกเลิก",
        "block": "การขัดขวางก็เป็นการอ้าง ตรวจสอบได้เหมือนกัน การขัดขวางที่สำเร็จยกเลิกการกระทำ (ทอง {ass} ของการสังหารไม่คืน)",
        "deck": "กติกานี้: {deck}; {hand}",
        "hand1": "ผู้เล่นแต่ละคนถือการ์ด 1 ใบ (อิทธิพล 1)", "hand2": "ผู้เล่นแต่ละคนถือการ์ด 2 ใบ",
        "blank": "{blank}ไม่มีความสามารถในกติกานี้: อ้างอะไรไม่ได้และขัดขวางอะไรไม่ได้ เป็นเพียงอิทธิพลที่เสียได้",
        "limit": "ผู้เล่นแต่ละคนสังหารได้ไม่เกิน {times}ต่อเกม",
        "times": "1 ครั้ง|2 ครั้ง|{n} ครั้ง",
        "lose": "เสียอิทธิพล: หงายการ์ดคว่ำของคุณ 1 ใบ ถ้าไม่เหลือการ์ดคว่ำก็ออกจากเกม",
        "goal": "ผู้ที่เหลืออิทธิพลคนสุดท้ายชนะ คู่มือเต็ม: intrigue rules coup --lang {lang}",
    },
    "he": {
        "actions": "פעולות (אחת בתור; עם {forced} מטבעות או יותר חובה הפיכה):\n"
                   "  הכנסה        {income_gain:<30}בלי טענה, אי אפשר לבטל\n"
                   "  מימון חוץ    +2 מטבעות                     בלי טענה; דוכס מבטל\n"
                   "  הפיכה        משלמים {coup}: המטרה מאבדת השפעה   אי אפשר לבטל\n"
                   "  מס           {tax_gain:<30}טענת דוכס\n"
                   "  התנקשות      משלמים {ass}: המטרה מאבדת השפעה   טענת מתנקש; רוזנת מבטלת\n"
                   "  גניבה        לוקחים {steal} מטבעות מהמטרה         טענת קפטן; קפטן או שגריר מבטלים\n"
                   "  החלפה        {exchange}   טענת שגריר",
        "published": "מושכים 2, שומרים כמספר הקלפים, מחזירים",
        "swap_one": "מושכים 2, מחליפים לכל היותר קלף אחד",
        "challenge": "טענה לא דורשת קלף: כל אחד יכול לערער. מי שמראה את הקלף צודק (המערער מאבד השפעה; הקלף "
                     "חוזר לערימה ומוחלף); אחרת הוא מאבד השפעה והפעולה או הביטול מבוטלים.",
        "block": "ביטול הוא גם טענה, ואפשר לערער עליו באותה דרך. ביטול שעומד מבטל את הפעולה ({ass} ה{ass_u} של "
                 "התנקשות לא חוזרים).",
        "deck": "במערכת חוקים זו: {deck}; {hand}.",
        "hand1": "כל שחקן מחזיק קלף אחד (השפעה אחת)", "hand2": "כל שחקן מחזיק שני קלפים",
        "blank": "ל{blank} אין כאן יכולת: הוא לא טוען לדבר ולא מבטל דבר; הוא רק השפעה שאפשר לאבד.",
        "limit": "כל שחקן רשאי להתנקש לכל היותר {times} במשחק.",
        "times": "פעם אחת|פעמיים|{n} פעמים",
        "lose": "איבוד השפעה: הופכים קלף סגור אחד; מי שלא נשאר לו קלף סגור יוצא מהמשחק.",
        "goal": "האחרון שנשארה לו השפעה מנצח. המדריך המלא: intrigue rules coup --lang {lang}",
    },
}

# the infinitive of each claimed action, for "claims Duke to take Tax"
INFINITIVE = {
    "en": {"tax": "take Tax", "exchange": "Exchange cards", "assassinate": "assassinate {target}",
           "steal": "steal from {target}"},
    "th": {"tax": "เก็บอากร", "exchange": "สับเปลี่ยนการ์ด", "assassinate": "สังหาร{target}",
           "steal": "ปล้น{target}"},
    "he": {"tax": "לקחת מס", "exchange": "להחליף קלפים", "assassinate": "להתנקש ב{target}",
           "steal": "לגנוב מ{target}"},
}


#: the notation's first words and the decisions they answer (docs/coup.md, the notation)
COUP_VERBS = {
    **{w: ("action",) for w in ("income", "foreign_aid", "tax", "exchange", "coup", "assassinate", "steal")},
    "pass": ("challenge", "block", "challenge_block"), "challenge": ("challenge", "challenge_block"),
    "block": ("block",), "reveal": ("defend", "defend_block", "lose_influence"), "keep": ("exchange",),
}

class CoupNarrator(Narrator):
    """Sentences for people about a Coup game, in ``lang``, from one seat's point of view.

    ``names`` optionally gives each seat a name ("Alice", ...); the viewer is always "you"."""

    TEXT = TEXT
    game: "CoupGame"

    # --- words ---------------------------------------------------------------------------------
    def seat(self, seat: int, viewer: Optional[int]) -> str:
        """``"you"`` for the viewer, the seat's given name, or ``"seat 2"``."""
        named = self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else None
        if viewer is not None and seat == viewer:
            return self.text["you"].format(n=seat, name=named or self.text["seat"].format(n=seat))
        return named or self.text["seat"].format(n=seat)

    def end_screen(self, core: KernelState, viewer: Optional[int], *, board: bool = True,
                   placings: bool = True) -> str:
        """Every card face up, the winner named, and every seat's placing (``board=False``: without
        the table; ``placings=False``: without the list of placings)."""
        from intrigue.engine.game import State
        state = State(self.game, core)
        res = self.game.result(core)
        T = self.text
        lines = [self.board(state, viewer)] if board else []    # what the viewer saw: the winner's cards stay hidden
        who = self._join([cap(self.seat(w, viewer)) for w in res.winners])
        lines.append(T["end_draw" if res.draw else "end_winner"].format(who=who))
        if placings:
            lines.append(T["placings"])
            for p in sorted(range(core.num_players), key=lambda q: (res.placings[q], q)):
                lines.append(f"  {res.placings[p]}. {cap(self.seat(p, viewer))}")
        return "\n".join(lines)

    def board(self, state, viewer: Optional[int]) -> str:
        """The table as ``viewer`` sees it: coins and cards per seat (others' face-down cards as
        ``??``), with the seats' names when they have them."""
        core = state.core
        lang = self.lang
        u = lambda key: names.ui(key, lang)  # noqa: E731
        lines = [f"{u('turn')} {core.turn + 1}   {u('treasury')}: {core.treasury}   {u('deck')}: {sum(core.deck)}"]
        labels = []
        for p in range(core.num_players):
            label = f"{u('seat')} {p}"
            if 0 <= p < len(self.names) and self.names[p]:
                label += f" {self.names[p]}"
            if viewer == p:
                label += f" ({u('you')})"
            labels.append(label)
        width = max(display_width(x) for x in labels) + 1
        coin_width = max(display_width(f"{c:>2} {u('coins')}") for c in core.coins)
        for p in range(core.num_players):
            cards = []
            for r, up, shown in hand_as_seen(core, p, viewer):
                if r is None:
                    cards.append("--")
                elif up:
                    cards.append(f"[{self.role(r)}]")
                elif shown or viewer is None or viewer == p:
                    cards.append(self.role(r))
                else:
                    cards.append(u("hidden"))
            c = core.coins[p]
            coins = f"{c:>2} {u('coin') if c == 1 else u('coins')}"
            status = "" if core.alive(p) else f"  ({u('out')})"
            mark = "  <- " + u("to_move") if core.current_player() == p else ""
            # columns two spaces apart at least (a right-to-left display keeps them apart by that)
            lines.append(f"  {pad_to(labels[p] + ':', width)}  {pad_to(coins, coin_width)}  "
                         f"{' '.join(cards)}{status}{mark}")
        lines.append("  " + u("legend"))
        return "\n".join(lines)

    def possessive(self, seat: int, viewer: Optional[int]) -> str:
        """``"your"`` / ``"seat 2's"`` in English; the plain name where the language puts the owner
        after the thing ("ของที่นั่ง 2", "של מושב 2")."""
        if self.lang != "en":
            return self.seat(seat, viewer)
        if viewer is not None and seat == viewer:
            return "your"
        return self.seat(seat, viewer) + "'s"

    def role(self, role: int) -> str:
        """The role's name; a role with no use in the ruleset is called a blank card."""
        return self.game.role_name(role, self.lang)

    def _a_role(self, role: int) -> str:
        name = self.role(role)
        if self.lang == "en":
            return ("an " if name[0] in "AEIOU" else "a ") + name
        return name

    def action_name(self, kind: int) -> str:
        """The action as a noun ("the Assassination is cancelled")."""
        if self.lang == "en" and kind == Kind.ASSASSINATE:
            return "Assassination"
        return names.action_name(KIND_WORDS[kind], self.lang)

    def coins(self, n: int) -> str:
        return self.text["coins1" if n == 1 else "coins"].format(n=n)

    def _join(self, items: Sequence[str], word: str = "and") -> str:
        return self.join(items, word, empty=self.text["nothing"])

    def _say(self, key: str, who: Optional[int] = None, viewer: Optional[int] = None,
             poss: Optional[Dict[str, int]] = None, **kw) -> str:
        """Format sentence ``key`` with ``who`` as its subject (verb agreement in English)."""
        you = who is not None and viewer is not None and who == viewer
        args = dict(self._amounts())
        args.update(s="" if you else "s", es="" if you else "es", **kw)
        if who is not None:
            name = self.seat(who, viewer)
            args.update(who=name, Who=cap(name))
        args["is"] = "are" if you else "is"
        args["has"] = "have" if you else "has"
        # a second subject (challenger, blocker) agrees through {s2}
        for k in ("target", "actor", "challenger", "blocker"):
            value = args.get(k)
            if isinstance(value, str):
                args.setdefault(cap(k), cap(value))
        for k, seat in (poss or {}).items():
            args[k + "_p"] = self.possessive(seat, viewer)
        args.setdefault("s2", "s")
        return self.text[key].format(**args)

    # --- the interface -------------------------------------------------------------------------
    def turn_header(self, core: KernelState, viewer: Optional[int]) -> Optional[str]:
        """A header at the start of each turn (``None`` in the middle of a turn or at the end)."""
        if core.current_player() == TERMINAL or core.phase != Phase.ACTION:
            return None
        coins = ", ".join(f"{self.seat(p, viewer)} {core.coins[p]}" for p in range(core.num_players)
                          if core.alive(p))
        return self.text["header"].format(turn=core.turn + 1, who=self.seat(core.actor, viewer), coins=coins)

    def event(self, core: KernelState, event: Event, viewer: Optional[int]) -> List[str]:
        """What ``viewer`` reads about ``event`` applied to ``core`` (``[]`` if it is not seen)."""
        text = event.seen_by(viewer)
        if text is None:
            return []
        try:                                 # one sentence per line (a long resolution takes two)
            return [part for line in self._event(core, event, text, viewer) for part in line.split("\n")]
        except Exception:                    # never let a wording problem stop a game
            if self.strict:
                raise
            return [f"{self.seat(event.seat, viewer) if event.seat >= 0 else '·'}: "
                    f"{self.game.describe_action(text, self.lang)}"]

    def _after(self, core: KernelState, action: int, viewer: Optional[int]) -> Optional[KernelState]:
        """``core`` with ``action`` applied, on a copy.  ``core`` may be a viewer's information state
        (other hands in a canonical arrangement): the copy's hidden cards are first made consistent
        with the action, as the engine does when it rebuilds a view, so that the public consequences
        come out the same as in the full game."""
        after = core.clone()
        try:
            if viewer is not None:
                after.make_consistent(viewer, action)
            after.apply(action)
        except Exception:
            return None
        return after

    def _event(self, core: KernelState, event: Event, text: str, viewer: Optional[int]) -> List[str]:
        ph = core.phase
        p = event.seat
        a = event.action
        v = viewer
        out: List[str] = []
        if p == CHANCE:
            who = core.asked
            if ph == Phase.DEAL:
                if a < Chance.TWO:                  # one influence: one card
                    return [self._say("dealt_one", who, v, a=self._a_role(a - Chance.ONE))]
                x, y = pair_roles(a - Chance.TWO)
                return [self._say("dealt", who, v, a=self._a_role(x), b=self._a_role(y))]
            if ph == Phase.REPLACE:
                return [self._say("drew_replacement", who, v, role=self._a_role(a - Chance.ONE))]
            if ph == Phase.EXDRAW:
                x, y = pair_roles(a - Chance.TWO)
                return [self._say("drew_two", who, v, a=self._a_role(x), b=self._a_role(y))]
            return []
        after = self._after(core, a, v)
        if ph == Phase.ACTION:
            kind, target = self._declared(a)
            word = KIND_WORDS[kind]
            tgt = self.seat(target, v) if target is not None else ""
            if kind == Kind.INCOME:
                now = after.coins[p] if after is not None else core.coins[p] + self.game.options["income_amount"]
                out.append(self._say("do_income", p, v, now=self.coins(now)))
            else:
                out.append(self._say("do_" + word, p, v, target=tgt))
        elif ph == Phase.CHALLENGE:
            role = self.role(CLAIM_OF_KIND[core.kind])
            if a == Action.CHALLENGE:
                out.append(self._say("challenge", p, v, actor=self.seat(core.actor, v), role=role,
                                     poss={"actor": core.actor}))
            else:
                out.append(self._say("no_challenge", p, v))
                if after is not None and after.phase != Phase.CHALLENGE:
                    out.append(self._say("nobody_challenged", None, v, role=role))
        elif ph in (Phase.DEFEND, Phase.BDEFEND):
            r = a - Action.REVEAL
            claimed = CLAIM_OF_KIND[core.kind] if ph == Phase.DEFEND else core.block_role
            if r == claimed:
                key = "proved" if ph == Phase.DEFEND else "block_proved"
                who_loses = core.challenger
                said = self._say(key, p, v, a_role=self._a_role(r), role=self.role(r),
                                 challenger=self.seat(who_loses, v), s2="" if who_loses == v else "s")
                if self._last_loss(core, who_loses):
                    said = said.split("\n")[0]     # the game ends: the shown card is not replaced
                out.append(said)
            else:
                key = "failed_claim" if ph == Phase.DEFEND else "failed_block"
                out.append(self._say(key, p, v, a_role=self._a_role(claimed), role=self.role(claimed), lost=self.role(r),
                                     action=self.action_name(core.kind)))
                if (ph == Phase.DEFEND and after is not None and core.kind == Kind.ASSASSINATE
                        and after.coins[p] > core.coins[p]):
                    out.append(self._say("refund", p, v, now=self.coins(after.coins[p])))
        elif ph == Phase.BLOCK:
            if a == Action.PASS:
                out.append(self._say("no_block", p, v))
                if core.kind == Kind.FOREIGN_AID and after is not None and after.phase != Phase.BLOCK:
                    out.append(self._say("nobody_blocked", None, v))
            else:
                out.append(self._say("block", p, v, action=self.action_name(core.kind),
                                     role=self.role(a - Action.BLOCK)))
        elif ph == Phase.BCHALLENGE:
            role = self.role(core.block_role)
            if a == Action.CHALLENGE:
                out.append(self._say("challenge_block", p, v, blocker=self.seat(core.blocker, v), role=role,
                                     poss={"blocker": core.blocker}))
            else:
                out.append(self._say("no_challenge_block", p, v))
                if after is not None and after.phase != Phase.BCHALLENGE:
                    out.append(self._say("block_stands", None, v, action=self.action_name(core.kind)))
        elif ph == Phase.LOSE:
            out.append(self._say("lose", p, v, lost=self.role(a - Action.REVEAL)))
        elif ph == Phase.EXCHANGE:
            if text.strip() == "keep" or v != p:
                n = sum(1 for r, up, _ in core.hand(p) if not up)
                out.append(self._say("exchanged", p, v, n=n))
            else:
                kept = self._kept(a)
                pool = sorted([r for r, up, _ in core.hand(p) if not up and r is not None] + list(core.drawn))
                for r in kept:
                    pool.remove(r)
                out.append(self.text["exchanged_you"].format(
                    kept=self._join([self._a_role(r) for r in kept]),
                    returned=self._join([self._a_role(r) for r in pool])))
        if after is not None:
            out.extend(self._consequences(core, after, a, v, ph))
        return out

    @staticmethod
    def _last_loss(core: KernelState, seat: int) -> bool:
        """Whether ``seat`` losing an influence now ends the game (its last card, one opponent left)."""
        alive = sum(1 for q in range(core.num_players) if core.alive(q))
        return alive == 2 and core.influence(seat) == 1

    @staticmethod
    def _declared(a: int):
        kind = kind_of_action(a)
        first = {Kind.COUP: Action.COUP, Kind.ASSASSINATE: Action.ASSASSINATE, Kind.STEAL: Action.STEAL}
        return kind, (a - first[kind] if kind in first else None)

    @staticmethod
    def _kept(a: int) -> List[int]:
        if a < Action.KEEP2:
            return [a - Action.KEEP1]
        return list(pair_roles(a - Action.KEEP2))

    def _settled(self, after: KernelState) -> KernelState:
        """Past a replacement draw (whose public effect does not depend on the card drawn), so that
        the continuation -- the proved action resolving -- is told at the event that caused it."""
        if after.current_player() == CHANCE and after.phase == Phase.REPLACE:
            after = after.clone()
            after.apply(after.legal_actions()[0])
        return after

    def _consequences(self, core: KernelState, after: KernelState, a: int, v: Optional[int], ph: int) -> List[str]:
        """Eliminations, the end, and how the pending action resolved because of this event."""
        out: List[str] = []
        n = core.num_players
        for q in range(n):
            if core.alive(q) and not after.alive(q):
                # "the others play on" only if they do: not when this was the game's last elimination
                you = "out_you_end" if after.current_player() == TERMINAL else "out_you"
                out.append(self.text[you] if q == v else self._say("out", q, v))
        if after.current_player() == TERMINAL:
            winners = [q for q in range(n) if after.places[q] == 1]
            if len(winners) == 1:
                out.append(self._say("wins", winners[0], v))
            else:
                out.append(self.text["draw_game"].format(who=self._join([self.seat(q, v) for q in winners])))
            return out
        if ph == Phase.ACTION:
            return out                      # the declaration says what comes next
        kind, actor, target = core.kind, core.actor, core.target
        settled = self._settled(after)
        survives = resolves = False
        if ph == Phase.CHALLENGE and after.phase not in (Phase.CHALLENGE, Phase.DEFEND):
            survives = True                 # no one challenged
        elif ph == Phase.LOSE and core.asked == core.challenger:
            if core.blocker is None:
                survives = True             # the claim was proved; the challenger paid for it
            else:
                out.append(self._say("block_stands", None, v, action=self.action_name(kind)))
        elif ph == Phase.BLOCK and after.phase != Phase.BLOCK and after.phase != Phase.BCHALLENGE:
            resolves = True                 # no block
        elif ph == Phase.BDEFEND and a - Action.REVEAL != core.block_role:
            resolves = True                 # the block failed: the action takes effect
        if survives and kind in (Kind.STEAL, Kind.ASSASSINATE):
            if settled.phase == Phase.BLOCK:
                return out                  # on to the target's block window
            if target is not None and not settled.alive(target):
                out.append(self._say("target_gone", None, v, target=self.seat(target, v),
                                     action=self.action_name(kind)))
                return out
        if survives or resolves:
            out.extend(self._resolution(core, settled, kind, actor, target, v))
        return out

    def _resolution(self, core: KernelState, settled: KernelState, kind: int, actor: int,
                    target: Optional[int], v: Optional[int]) -> List[str]:
        """The pending action taking effect."""
        if kind == Kind.TAX:
            return [self._say("gets_tax", actor, v, now=self.coins(settled.coins[actor]))]
        if kind == Kind.FOREIGN_AID:
            return [self._say("gets_aid", actor, v, now=self.coins(settled.coins[actor]))]
        if kind == Kind.EXCHANGE:
            return [self._say("exchanging", actor, v)]
        if kind == Kind.STEAL:
            assert target is not None                 # a Steal always has its target
            amount = settled.coins[actor] - core.coins[actor]
            return [self._say("steals", actor, v, amount=self.coins(amount), target=self.seat(target, v),
                              now=self.coins(settled.coins[actor]), left=self.coins(settled.coins[target]))]
        if kind == Kind.ASSASSINATE:
            assert target is not None                 # so does an Assassination
            if settled.alive(target):
                return [self._say("must_lose", None, v, target=self.seat(target, v))]
            return [self._say("target_gone", None, v, target=self.seat(target, v), action=self.action_name(kind))]
        return []

    # --- the player's decisions ------------------------------------------------------------------
    def action_label(self, core: KernelState, action: int, viewer: Optional[int]) -> str:
        """A legal action in words for the deciding seat: ``"Tax (claims Duke; +3 coins)"``."""
        a, v, ph = action, viewer, core.phase
        T = self.text
        if ph == Phase.ACTION:
            kind, target = self._declared(a)
            key = "l_" + KIND_WORDS[kind]
            return T[key].format(target=self.seat(target, v) if target is not None else "", **self._amounts())
        if a == Action.CHALLENGE:
            if ph == Phase.BCHALLENGE:
                return T["l_challenge"].format(actor=self.seat(core.blocker, v), actor_p=self.possessive(core.blocker, v),
                                               role=self.role(core.block_role))
            return T["l_challenge"].format(actor=self.seat(core.actor, v), actor_p=self.possessive(core.actor, v),
                                           role=self.role(CLAIM_OF_KIND[core.kind]))
        if a == Action.PASS:
            return T["l_pass_block" if ph == Phase.BLOCK else "l_pass_challenge"]
        if Action.BLOCK <= a < Action.REVEAL:
            return T["l_block"].format(role=self.role(a - Action.BLOCK))
        if Action.REVEAL <= a < Action.KEEP1:
            r = a - Action.REVEAL
            if ph in (Phase.DEFEND, Phase.BDEFEND):
                claimed = CLAIM_OF_KIND[core.kind] if ph == Phase.DEFEND else core.block_role
                return T["l_reveal_proof" if r == claimed else "l_reveal_concede"].format(role=self.role(r))
            return T["l_turn_up"].format(role=self.role(r))
        if Action.KEEP1 <= a < Chance.ONE:
            return T["l_keep"].format(roles=self._join([self.role(r) for r in self._kept(a)]))
        return self.game.describe_action(self.game.action_to_string(core, a), self.lang)

    def prompt(self, core: KernelState, viewer: Optional[int]) -> str:
        """What the decision due in ``core`` asks, as the deciding seat reads it."""
        v, ph = viewer, core.phase
        p = core.current_player()
        if p < 0:
            return ""
        if v is not None and p != v:
            return self._say("p_wait", p, v)
        actor = self.seat(core.actor, v)
        if ph == Phase.ACTION:
            c = core.coins[p]
            if c >= core.rules["forced_coup_at"]:
                return self.text["p_forced"].format(coins=self.coins(c))
            return self.text["p_action"].format(coins=self.coins(c))
        kind = core.kind
        target = self.seat(core.target, v) if core.target is not None else ""
        if ph == Phase.CHALLENGE:
            inf = INFINITIVE[self.lang][KIND_WORDS[kind]].format(target=target)
            return self._say("p_challenge", core.actor, v, Actor=cap(actor), role=self.role(CLAIM_OF_KIND[kind]),
                             action_inf=inf)
        if ph == Phase.DEFEND:
            return self.text["p_defend"].format(Challenger=cap(self.seat(core.challenger, v)),
                                                role=self.role(CLAIM_OF_KIND[kind]), action=self.action_name(kind))
        if ph == Phase.BLOCK:
            key = {Kind.FOREIGN_AID: "p_block_aid", Kind.STEAL: "p_block_steal",
                   Kind.ASSASSINATE: "p_block_assassinate"}[kind]
            return self._say(key, core.actor, v, Actor=cap(actor))
        if ph == Phase.BCHALLENGE:
            b = core.blocker
            return self.text["p_challenge_block"].format(
                Blocker=cap(self.seat(b, v)), s2="" if b == v else "s", role=self.role(core.block_role),
                actor=actor, actor_p=self.possessive(core.actor, v), action=self.action_name(kind))
        if ph == Phase.BDEFEND:
            return self.text["p_defend_block"].format(Challenger=cap(self.seat(core.challenger, v)),
                                                      role=self.role(core.block_role))
        if ph == Phase.LOSE:
            return self.text["p_lose"]
        if ph == Phase.EXCHANGE:
            hand = [r for r, up, _ in core.hand(p) if not up and r is not None]
            return self.text["p_exchange"].format(hand=self._join([self.role(r) for r in hand]),
                                                  drawn=self._join([self.role(r) for r in core.drawn]),
                                                  n=len(hand))
        return self.game.describe_decision(self.game.decision_kind(core), self.lang)

    def rules(self, core: KernelState, viewer: Optional[int]) -> str:
        """The part of the rules that matters now: the actions and their cards, and what the
        current window means."""
        R = RULES[self.lang]
        rules = core.rules
        amounts = self._amounts()
        exchange = "swap_one" if rules["exchange_mode"] == Exchange.SWAP_ONE else "published"
        table = R["actions"].format(forced=rules["forced_coup_at"], steal=rules["steal_amount"], exchange=R[exchange],
                                    income_gain=f"+{amounts['inc']} {amounts['inc_u']}",
                                    tax_gain=f"+{amounts['tax']} {amounts['tax_u']}", **amounts).split("\n")
        # the header, then one line per action in the order K_INCOME, foreign aid, coup, tax, ...
        order = [Kind.INCOME, Kind.FOREIGN_AID, Kind.COUP, Kind.TAX, Kind.ASSASSINATE, Kind.STEAL,
                 Kind.EXCHANGE]
        parts = ["\n".join([table[0]] + [line for kind, line in zip(order, table[1:]) if self._declarable(core, kind)])]
        parts.extend(self._variant_rules(core, R))
        ph = core.phase
        if ph in (Phase.CHALLENGE, Phase.DEFEND):
            parts.append(R["challenge"])
        elif ph in (Phase.BLOCK, Phase.BCHALLENGE, Phase.BDEFEND):
            parts.append(R["block"].format(**amounts))
            parts.append(R["challenge"])
        elif ph == Phase.LOSE:
            parts.append(R["lose"])
        parts.append(R["goal"].format(lang=self.lang))
        return "\n".join(parts)

    @staticmethod
    def _declarable(core: KernelState, kind: int) -> bool:
        """Whether action ``kind`` can be declared in this ruleset: in play, and its claimed role in
        the deck (the kernel offers no claim of a role the deck does not have)."""
        if not core.in_play(kind):
            return False
        return kind not in CLAIM_OF_KIND or core.copies[CLAIM_OF_KIND[kind]] > 0

    def _variant_rules(self, core: KernelState, R: Dict[str, str]) -> List[str]:
        """What a ruleset other than the published deal changes, for the rules box: the deck and hand
        size, a blank card, the limit of Assassinations (nothing for the published deal)."""
        out: List[str] = []
        copies = core.copies
        influence = core.rules["influence"]
        if list(copies) != [MAX_COPIES] * NROLES or influence != 2:
            deck = self._join([f"{c} × {self.role(r)}" for r, c in enumerate(copies) if c])
            out.append(R["deck"].format(deck=deck, hand=R["hand1" if influence == 1 else "hand2"]))
        for r in self.game.blank_roles:
            out.append(R["blank"].format(blank=self.role(r)))
        limit = core.rules["assassin_limit"]
        if limit and self._declarable(core, Kind.ASSASSINATE):
            times = R["times"].split("|")
            out.append(R["limit"].format(times=times[min(limit, 3) - 1].format(n=limit)))
        return out

    def _amounts(self) -> Dict[str, object]:
        """The ruleset's amounts for the sentences: ``inc``/``tax`` (coins taken), ``coup``/``ass``
        (coins paid), each with its unit (``inc_u``: "coin" or "coins", in the language)."""
        o = self.game.options
        out: Dict[str, object] = {}
        for key, n in (("inc", o["income_amount"]), ("tax", o["tax_amount"]), ("coup", o["coup_cost"]),
                       ("ass", o["assassinate_cost"])):
            out[key] = n
            out[key + "_u"] = self.text["unit1" if n == 1 else "unit"]
        return out

    def why_illegal(self, core: KernelState, text: str, viewer: Optional[int]) -> str:
        """Why ``text`` is not a legal move for ``viewer`` now, in one sentence."""
        T, v, ph = self.text, viewer, core.phase
        p = core.current_player()
        if v is not None and p != v and p >= 0:
            return self._say("w_not_yours", p, v)
        try:
            a = self.game.string_to_action(core, text)
        except IntrigueError as err:
            words = text.strip().lower().split()
            if words and words[0] in ("coup", "assassinate", "steal") and len(words) == 1:
                return T["w_no_target"].format(action=names.action_name(words[0], self.lang), word=words[0])
            if words and words[0] in ("coup", "assassinate", "steal") and len(words) == 2 and words[1].isdecimal():
                return T["w_no_seat"].format(n=words[1], last=core.num_players - 1)   # in every language
            # the engine's reason is English: said in English only, and not when it only repeats the text
            said = err.message if self.lang == "en" and not err.message.startswith("unknown action") else ""
            return (T["w_bad"].format(text=text) + " " + said).strip()
        if core.is_legal(a):
            return ""
        prompt = self.prompt(core, v)
        if ph == Phase.ACTION and a < Action.PASS:
            kind, target = self._declared(a)
            c = core.coins[p]
            if not self._declarable(core, kind):
                return T["w_not_in_rules"].format(action=names.action_name(KIND_WORDS[kind], self.lang))
            if c >= core.rules["forced_coup_at"] and kind != Kind.COUP:
                return T["w_forced"].format(coins=self.coins(c))
            limit = core.rules["assassin_limit"]
            if kind == Kind.ASSASSINATE and limit and core.assassinations(p) >= limit:
                return T["w_limit"].format(limit=limit, s="" if limit == 1 else "s")
            o = self.game.options
            cost = {Kind.COUP: o["coup_cost"], Kind.ASSASSINATE: o["assassinate_cost"]}.get(kind, 0)
            if c < cost:
                return T["w_cost"].format(action=names.action_name(KIND_WORDS[kind], self.lang), cost=cost, coins=c)
            if target is not None and target == p:
                return T["w_self"]
            if target is not None and not core.alive(target):
                return T["w_out"].format(Target=cap(self.seat(target, v)))
        if ph == Phase.BLOCK and Action.BLOCK <= a < Action.REVEAL:
            allowed = [r for r in BLOCKERS_OF_KIND[core.kind] if core.copies[r]]        # roles the deck has
            return T["w_role_block"].format(action=self.action_name(core.kind),
                                            roles=self._join([self.role(r) for r in allowed], "or"))
        if ph in (Phase.DEFEND, Phase.BDEFEND, Phase.LOSE) and Action.REVEAL <= a < Action.KEEP1:
            hand = sorted(set(core.face_down(p)))
            return T["w_reveal"].format(roles=self._join([self.role(r) for r in hand], "or"))
        if ph == Phase.EXCHANGE and Action.KEEP1 <= a < Chance.ONE:
            hand = [r for r, up, _ in core.hand(p) if not up and r is not None]
            return T["w_keep"].format(n=len(hand), roles=self._join(
                [self.role(r) for r in sorted(hand + list(core.drawn))]))
        kinds = COUP_VERBS.get(text.strip().split()[0].lower(), ())
        if kinds and self.game.decision_kind(core) not in kinds:       # a move of another decision
            when = self.game.describe_decision(kinds[0], lang=self.lang).rstrip("?")
            return T["w_other"].format(text=text.strip(), verb=text.strip().split()[0].lower(), when=when, prompt=prompt)
        return T["w_not_now"].format(prompt=prompt)
