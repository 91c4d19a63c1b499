"""Shadow Master told in sentences, for people: the one place where the terminal, the web page and
replays get the words for what happened, what is asked, the board, the rules and the end screen.

A :class:`ShadowMasterNarrator` reads the kernel state just *before* an event and the event as the
viewer saw it; it applies the event to a copy and reports the public consequences by comparing the
two positions: tokens put down and removed, the attack and its result, collapses, the alliance space,
castles and black tokens, money paid and received by every seat, Power cards gained and lost,
bankruptcies, the round's settlement and the end trigger.  Nothing here changes the rules: what an
attack was (full strength, tempo, first strike, siege, capture) is read back from the two positions
with the same group test the rules use, and every amount is the kernel's.

Only blind Territory draws are hidden, and only the drawer (or a full view) is ever told which card
was drawn; the board shows the viewer's own hand and, for the others, only the cards everyone saw
them take from the open row.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from intrigue.engine.game import CHANCE, TERMINAL, Event
from intrigue.engine.narration import Narrator, cap, clip
from intrigue.engine.shadow_master import names
from intrigue.ext.game_api import KernelState
from intrigue.ext.shadow_master_core import (AMOUNT_ALL, NCELLS, XCARD, Cell, ExchangeAction, P1Action, Phase,
                                             ShadowAction, Target, UseAction, income as income_of, neighbours)

COLOURS = names.COLOURS
TYPES = names.TYPES
PERSON_PRICES = (15, 20, 10, 10)
CASTLE_PRICE = 15
ANSI = ("\033[31m", "\033[38;5;208m", "\033[33m", "\033[32m", "\033[34m", "\033[35m")
RESET = "\033[0m"
CELL_NAMES = frozenset(names.cell_name(h) for h in range(70))
"""The names a cell may have, A1 to N5."""

WIDTH = 80
"""Every line of the board and of the end screen fits this many terminal columns."""

#: Why a seat's money changed (told after the amount): a phrase key ("" for none), or a key with the
#: values its phrase is filled with.
Why = Union[str, Tuple[str, Dict[str, Any]]]


TEXT: Dict[str, Dict[str, str]] = {
    "en": {
        "seat": "seat {n}", "you": "you", "your": "your", "their": "their", "seats": "{who}'s",
        "and": " and ", "list": ", ", "none": "none", "nothing": "nothing", "empty": "empty", "alone": "alone for now",
        "header": "── Round {round}{final} · {who} to play · money: {money} ──",
        "header_settle": "── Round {round}{final} · settlement ──",
        "final": " (final round)",
        # chance
        "dealt": "You are dealt {card}.", "dealt_seat": "{Who} is dealt {card}.",
        "drew": "You draw {card}.", "drew_seat": "{Who} draws {card}.",
        "reveal": "{card} is turned up into the open row (position {pos}).",
        "row_reset": "The open row reached 10 cards: all of them go to the discard pile.",
        "shown": "{Whose} Territory card {card} goes face up to the discard pile.",
        "first": "{Who} {is} the First Player.",
        "dice": "{Who} roll{s} {n} {dice}: {shown}.", "die": "die", "dice_pl": "dice",
        "dice_one": "{Who} roll{s} {n} {dice}: {shown}, so {colour} it is.",
        "power_drawn": "{Who} draw{s} {card} from {colour}'s deck and keep{s} it face up.",
        # phase 1
        "mil": "{Who} use{s} {poss} {colour} Military card: {colour}, without dice.",
        "shadow": "{Who} take{s} the Shadow option (no Phase 2 this turn).",
        "transfer_start": "{Who} start{s} a transfer.",
        "black": "{Who} place{s} a black token on {cell} and discard{s} its card.",
        "pick": "{Who} pick{s} {colour}.",
        # uses
        "place": "{Who} put{s} a {colour} token on {cell} ({cell}: {now}; {colour} rank {rank}).",
        "combo": "{Who} put{s} two {colour} tokens on {cell} with the {cell} and X cards "
                 "({cell}: {now}; {colour} rank {rank}).",
        "ally_join": "{Who} spend{s} an X card: {colour} joins the alliance{space} ({members}).",
        "ally_leave": "{Who} spend{s} an X card: {colour} leaves the alliance.",
        "envoy_join": "{Who} send{s} the Shadow Envoy: {colour} joins the alliance{space} ({members}).",
        "envoy_leave": "{Who} send{s} the Shadow Envoy: {colour} leaves the alliance.",
        "space_join": "{Who} put{s} {colour} into alliance space X{n} ({members}).",
        "alliance_reset": "The alliance space X{n} holds four colours and is reset: {members} are no longer allied.",
        "ally_pending": "{Who} spend{s} an X card to bring {colour} into an alliance.",
        "envoy_pending": "{Who} send{s} the Shadow Envoy to bring {colour} into an alliance.",
        "theron": "{Who} call{s} on Lord Theron to move {colour} tokens.",
        "theron_src": "{Who} lift{s} {colour} tokens from {cell}.",
        "theron_dst": "Lord Theron moves {n} {colour} {tokens} from {src} to {cell} ({src}: {src_now}; "
                      "{cell}: {now}; {colour} rank {rank}).",
        "turncloak": "{Who} use{s} the Turncloak: the {n} {old} {tokens} on {cell} turn {colour} "
                     "({colour} rank {rank}).",
        "decline": "{Who} decline{s} to use {colour} and pay{s} the fine.",
        "token": "token", "tokens": "tokens",
        # attacks
        "no_attack": "",
        "multi": "{Colour} ({g} tokens, {size} cells) touches several enemies: {who} choose{s} the target.",
        "battle": "{Colour} ({g} tokens, {size} cells) attacks {enemy} at {cell} ({t} tokens, {tsize} cells).\n"
                  "{How}: {m} {removals} from its front.",
        "how4": "full strength", "how2": "equal strength (tempo)", "how1": "weaker (first strike)",
        "removal": "removal", "removals": "removals",
        "siege": "{Colour} besieges the small {enemy} group at {cell}: its cells touched on 3 sides are cleared.",
        "capture": "{Colour} surrounds the castle on {cell} and captures it: its tokens turn {colour} "
                   "and the castle card passes to {who}.",
        "removed": "Removed: {cells}.",
        "removed_cell": "{cell} {was} → {now}",
        "remove": "{Who} remove{s} a {enemy} token from {cell} ({cell}: {now}).",
        "removals_left": "{n} more {removals} to make.",
        "removals_lost": "The front is empty: the remaining {n} {removals} {are} lost.",
        "collapse": "{Colour} collapses: no {colour} token is left on the board.\nIts Power cards go back "
                    "to its deck; deposits on {colour} are lost{queen}.",
        "queen": " (the Queen's holder may save theirs)",
        "cells_changed": "On the board: {cells}.",
        "black_gone": "Black tokens leave {cells} (restored by the castle).",
        "castle_gone": "The castle on {cell} leaves the board.",
        # purchases and cards
        "buy": "{Who} buy{s} a {colour} Power card for {price} Silver.",
        "buy_pass": "{Who} buy{s} no Power card.",
        "combo_roll": "{Who} roll{s} again for a second use (Military + Faith).",
        "shadow_none": "{Who} buy{s} nothing.",
        "person": "{Who} buy{s} {person} for {price} Silver.",
        "castle": "{Who} build{s} a castle on {cell} ({colour} group) for {price} Silver.",
        "draw": "{Who} draw{s} a Territory card from the pile, unseen.",
        "land_draw": "The Land card lets {who} draw a Territory card at once, unseen.",
        "take": "{Who} take{s} {card} from open-row position {pos}{skip}{silver}.",
        "take_skip": " (skipping {n}: {n} Silver)", "take_skip1": " (skipping 1: 1 Silver)",
        "take_silver": " and collect{s} its {n} Silver",
        "card": "card", "cards": "cards",
        "end": "{Who} end{s} the turn.",
        "exchange": "{Who} discard{s} {card} to exchange it (1 Silver).",
        "transfer": "{Who} move{s} {amount} Silver from {src} to {dst}{fee}.",
        "fee": " (fee {fee}: {net} arrive)",
        "allocate": "{Who} put{s} {amount} Silver {where}.",
        "in_hand": "in hand", "on_dep": "on the {colour} deposit",
        "keep": "{Who} keep{s} every Power card.",
        "sell": "{Who} sell{s} {card} for {price} Silver.",
        "forced": "{Who} must sell: {card} goes back for {price} Silver.",
        "discard": "{Who} discard{s} {card}.",
        # consequences
        "pays": "{Who} pay{s} {n} Silver{why}: money {a} → {b}.",
        "gets": "{Who} receive{s} {n} Silver{why}: money {a} → {b}.",
        "returned": "{Who} return{s} {n} Silver to the bank (a hand holds 10 and no Power card is left to put a "
                    "deposit on): money {a} → {b}.",
        "waiting": " ({n} waiting to be placed)",
        "why_fine": " (the fine)", "why_reward": " (black-token reward)", "why_cost": " (operating cost)",
        "why_price": " (the price)", "why_fee": " (fee)", "why_skip": " (Silver left on skipped cards)",
        "why_row": " (from the open row)", "why_damage": " (power damage)", "why_sale": " (sale)",
        "why_take_net": " ({paid} left on the skipped cards, {got} collected from the card taken)",
        "why_settle": " (income, tax and upkeep)", "why_lost": " (deposits lost)",
        "why_restore": "",
        "cards_back": "{Whose} {cards} {go} back to {colour}'s deck.",
        "person_back": "{Whose} {person} goes back to the display.",
        "bankrupt": "{Who} {is} bankrupt and out of the game.",
        "owes": "{Who} still owe{s} {n} Silver{why} and must sell Power cards to pay.",
        "a6": "All six colours are on the board: black tokens are unlocked and every Power Limit rises by 1.",
        "b5": "Five black tokens are on the board: every Power Limit rises by 1.",
        "milestone": "{Colour} reaches rank 15 and claims a Power Limit milestone (+1 for everyone).",
        "milestone_lost": "The Power Limit milestone of {colour} is released.",
        "end_trigger": "The end is triggered ({why}): round {round} is the final round.",
        "trig_empty_cells": "at most 3 empty cells", "trig_rank_30": "a kingdom of rank 30",
        "trig_two_supplies": "two colours out of tokens", "trig_round_cap": "the round cap",
        "settle": "Settlement of round {round}: income is paid, then tax and castle upkeep.",
        "round_over": "Round {round} is over.",
        # prompts
        "p_wait": "{Who} {is} to decide.",
        "p_phase1": "Your turn, Phase 1 (fate decides): you have {money} Silver. What do you do?",
        "p_pick": "The dice show {shown}: which colour do you use?",
        "p_use": "You use {colour} (rank {rank}): where does it go?{cost}",
        "p_cost": " Each token costs {n} Silver here (rank 15 or more).",
        "p_space": "Which alliance space does {colour} join?",
        "p_theron_from": "Lord Theron: from which cell do you lift {colour} tokens?",
        "p_theron_to": "Lord Theron: to which cell, and how many tokens?",
        "p_target": "Your {colour} group touches several enemies: which one do you attack?",
        "p_remove": "Remove a token from which front cell? ({n} {removals} left)",
        "p_buy": "Buy a {colour} Power card for {price} Silver (a random card of its deck; you hold {held} "
                 "of {pl})?",
        "p_combo_roll": "Military + Faith: roll the dice for a second use?",
        "p_shadow": "Shadow option: buy a person or a castle, or nothing. Money {money}.",
        "p_take": "Take a Territory card ({n} to take): draw one unseen, or take one from the open row.",
        "p_exchange": "Phase 3 (adjust deeds): exchange a card ({n} left, 1 Silver each), transfer money, "
                      "or end your turn.",
        "p_exchange_x": "Phase 3 (adjust deeds): exchange a card ({n} left, 1 Silver each) or end your turn.",
        "p_exchange_t": "Phase 3 (adjust deeds): transfer money or end your turn.",
        "p_exchange_end": "Phase 3 (adjust deeds): end your turn (no exchange or transfer is possible now).",
        "p_tr_from": "Transfer (once a round; 1 Silver fee per full 10): from which holding?",
        "p_tr_to": "Transfer from {src}: to which holding?",
        "p_tr_amount": "Transfer from {src} to {dst}: how much ({have} there)?",
        "p_allocate": "You have {n} Silver to place: in hand (room for {room}) or on a deposit?",
        "p_settle": "Settlement: sell one Power card at its rank + 3, or keep them all?",
        "p_forced_debt": "You owe {debt} Silver and cannot pay: sell a Power card at its rank value.",
        "p_forced_pl": "You hold {held} Power cards, above your Power Limit of {pl}: sell one at its rank value.",
        "p_discard": "Discard a Territory card (you hold {n}, your limit is {tl}).",
        "q_amount": "How much do you move?", "g_amount": "{lo}-{hi} Silver", "g_amount1": "{lo} Silver",
        # labels
        "l_roll": "Roll the dice ({n} {dice})", "l_mil": "Use {colour} with your Military card (no dice)",
        "l_shadow": "Shadow option: buy a person or a castle (no Phase 2)",
        "l_transfer": "Transfer money first", "l_black": "Place a black token on {cell} (+3 Silver)",
        "l_pick": "{colour} (rank {rank})",
        "l_place": "Put a {colour} token on {cell} ({was} → {now})",
        "l_combo": "Put two {colour} tokens on {cell} with the X card ({was} → {now})",
        "l_ally_join": "{colour} joins the alliance (spends an X card)",
        "l_ally_leave": "{colour} leaves the alliance (spends an X card)",
        "l_theron": "Lord Theron: move up to 2 {colour} tokens",
        "l_turncloak": "Turncloak: turn the {n} {old} {tokens} on {cell} {colour}",
        "l_envoy_join": "Shadow Envoy: {colour} joins the alliance", "l_envoy_leave": "Shadow Envoy: {colour} leaves the alliance",
        "l_decline": "Decline {colour} and pay the 5 Silver fine",
        "l_space": "Alliance space X{n} ({members})",
        "l_from": "From {cell} ({now})", "l_to": "Move {n} {tokens} to {cell} ({was} → {now})",
        "l_battle": "Attack the {enemy} group at {cell}: {how} ({m} {removals})",
        "l_siege": "Besiege the {enemy} group at {cell}", "l_capture": "Capture the castle on {cell}",
        "l_remove": "Remove a {enemy} token from {cell} ({now})",
        "l_buy": "Buy a {colour} Power card ({price} Silver)", "l_no_buy": "Buy nothing",
        "l_combo_roll": "Roll again", "l_stop": "Stop",
        "l_none": "Buy nothing", "l_person": "Buy {person} ({price} Silver): {what}",
        "l_castle": "Build a castle on {cell} ({colour}; {price} Silver)",
        "l_draw": "Draw a card unseen from the pile ({n} left)",
        "l_take": "Take {card} (position {pos}{cost}{silver})",
        "l_take_cost": "; skip {n}: {n} Silver", "l_take_silver": "; +{n} Silver on it",
        "l_end": "End your turn", "l_exchange": "Exchange {card} (discard it, 1 Silver, take a card)",
        "l_hold_from": "From {holding} ({n} Silver)", "l_hold_to": "To {holding} ({n} Silver)",
        "l_amount": "Move {n} Silver{fee}", "l_fee": " (fee {fee}: {net} arrive)",
        "l_put": "Put {n} Silver {where}", "l_keep": "Keep every card",
        "l_sell": "Sell {card} for {price} Silver", "l_discard": "Discard {card}",
        "hand": "hand", "dep": "the {colour} deposit",
        "what0": "move up to 2 tokens of a rolled colour", "what1": "turn a cell to the rolled colour",
        "what2": "10 Silver less operating cost per token", "what3": "toggle the alliance without a card",
        # why not
        "why": "{text!r} is not a choice now. {prompt}",
        "w_no_move": "{text!r} is not a Shadow Master move.",
        "w_other": "{text!r} does not answer this decision: '{verb}' belongs to another one ({when}).",
        "w_args": "{text!r} is not written as this decision takes it, e.g. '{example}'.",
        "w_args_en": "{text!r} is not possible here: {reason}.",
        "w_no_cell": "{cell} is no cell of the board: the columns are A to N, the rows 1 to 5.",
        "w_card": "You do not hold the {cell} card.",
        "w_x": "A combo also needs an X card, and you have none.",
        "w_black_cell": "{cell} holds a black token: nothing can go there.",
        "w_colour": "{cell} holds {other}: a cell holds one colour.",
        "w_full": "{cell} is full (at most 3 tokens, 2 with a castle).",
        "w_received": "{cell} already received a token this round.",
        "w_locked": "Black tokens are locked until all six colours have been on the board at once.",
        "w_black_empty": "A black token needs an empty cell that received nothing this round and has no castle "
                         "within 2 cells.",
        "w_money": "{what} costs {cost} Silver; you have {have}.",
        "w_take_money": "Taking the card at open-row position {pos} costs {cost} Silver (1 on each card skipped); "
                        "you have {have}.",
        "w_take_row": "The open row holds only {n} {cards}: there is no position {pos}.",
        "w_take_row0": "The open row is empty: draw a card unseen instead.",
        "w_buy_money": "A {colour} Power card costs {cost} Silver; you have {have}.",
        "w_take_tl": "Your hand is at its limit of {tl} cards.",
        "w_mil_card": "You do not hold a {colour} Military card.",
        "w_mil_use": "Your {colour} Military card has no use now: none of your Territory cards can take a {colour} "
                     "token, and no X card can move {colour} in the alliance.",
        "w_black_supply": "No black token is left in the supply.",
        "w_tr_used": "You have already made your transfer this round (one a round).",
        "w_tr_nowhere": "There is nowhere to move money: you hold no Power card, so you have no deposit, and your "
                        "money is all in hand.",
        "w_tr_full": "There is nowhere to move money: your hand is full (10 Silver) and you hold no Power card "
                     "to put a deposit on.",
        "w_tr_broke": "You have no money to move.",
        "w_tr_none": "No money can move between your holdings now.",
        # board
        "b_top": "Round {round}{final} · First Player {first} · black tokens {black} in supply{locked}",
        "b_locked": " (locked)", "b_unlocked": " (unlocked)",
        "b_legend": "R2 = 2 Red tokens · ## black token · . empty · ^ castle · * received a token this round",
        "b_colour": "colour", "b_rank": "rank", "b_income": "income/card", "b_supply": "tokens left",
        "b_deck": "Power deck", "b_alliance": "Alliance: {spaces}", "b_alliance_empty": "Alliance space X: empty",
        "b_row": "Open row: {cards}   draw pile {draw} · discard pile {disc}",
        "b_player": "{mark}{who}: money {money} (hand {hand}{deps}) · score {score} · income {income} "
                    "· Power {held}/{pl} · deeds {cards}/{tl}",
        "b_power": "    Power cards: {cards}", "b_extra": "    {items}",
        "b_yours": "    Your Territory cards: {cards}", "b_hand": "    Territory cards: {cards}", "b_known": "    Known Territory cards: {cards}",
        "b_out": "    (bankrupt: out of the game)",
        "b_flags": "Power Limit bonuses: {items}", "f_a6": "six colours +1", "f_b5": "five black tokens +1",
        "f_ms": "rank-15 milestone ({colour}) +1",
        "b_end": "The end is triggered: round {round} is the final round.",
        "persons": "Persons", "castles": "Castles", "castle_on": "Castle on {cell}",
        # end
        "end_title": "Final scores (money + Power at rank + 5 per Territory + persons, castles):",
        "end_cols": "money  Power  deeds  persons  castles  total",
        "winner": "{Who} win{s} with {score} points.", "winners": "{who} share the win with {score} points.",
        "end_reason": "The game ended: {reason}.", "out": "bankrupt",
        # rules
        "rules_goal": "Goal: be the richest at the end. Score = money (hand + deposits) + each Power card at its "
                      "kingdom's rank + 5 per Territory card + persons and castles at their price.",
        "rules_guide": "Full guide: intrigue rules shadow_master",
        "rules_phase1": "Phase 1 — choose one: A) roll 1 die (+1 per Faith card) or use a Military card to fix a "
                        "colour, then use it: put a token on a cell whose card you hold (the card is spent), "
                        "two with the X card (combo), toggle the colour in the alliance with an X card, a person's "
                        "power, or decline for a 5 Silver fine; after a placement you may buy one Power card of that "
                        "colour at its rank. B) place a black token (once unlocked) on an empty cell whose card "
                        "you hold, and receive 3 Silver. C) buy a person or a castle, and skip Phase 2.",
        "rules_attack": "Attacks — after every placement, if the colour's group (allies included) has 4+ cells it "
                        "attacks a touching enemy group: more tokens = full strength (4 removals from the front), "
                        "equal = tempo (2), fewer = first strike (1); a group of under 4 cells with a cell touched "
                        "on 3 sides is besieged (those cells cleared); a castle with 5 sides surrounded is captured. "
                        "Several targets: you choose one. Holders of the loser's cards pay power damage per lost cell "
                        "(2/5/8/12 Silver for 1/2/3/4+ cards). A colour with no token left collapses: its cards go "
                        "back and deposits on it are lost.",
        "rules_phase2": "Phase 2 — after A or B: turn up as many cards into the open row as tokens you put down, "
                        "then take as many cards as you spent: draw unseen, or take from the row leaving 1 Silver on "
                        "each card you skip.",
        "rules_phase3": "Phase 3 — up to 2 exchanges (+1 per Land card): discard a card, pay 1 Silver, take a card. "
                        "Once a round you may transfer money between hand (at most 10) and deposits (1 Silver fee "
                        "per full 10).",
        "rules_settle": "Settlement — each player may sell one Power card at rank + 3; then each card earns its "
                        "kingdom's income (rank 1-3: 1, 4-6: 2, ... 13-14: 5, 15+: 6 and up); Tax holders of "
                        "rank-6+ kingdoms collect 1 Silver per card of that colour from the others; castles cost 2.",
        "rules_end": "End — at most 3 empty cells, a rank of 30, two colours out of tokens or the round cap "
                     "trigger it: that round and one more are played.",
    },
    "th": {
        "seat": "ที่นั่ง {n}", "you": "คุณ", "your": "ของคุณ", "their": "", "seats": "ของ{who}",
        "and": " และ ", "list": ", ", "none": "ไม่มี", "nothing": "ไม่มีอะไร", "empty": "ว่าง", "alone": "ยังอยู่สีเดียว",
        "header": "── รอบ {round}{final} · ตาของ{who} · เงิน: {money} ──",
        "header_settle": "── รอบ {round}{final} · จบรอบ รับรายได้ ──",
        "final": " (รอบสุดท้าย)",
        "dealt": "คุณได้รับการ์ด {card}", "dealt_seat": "{Who} ได้รับการ์ด {card}",
        "drew": "คุณจั่วได้ {card}", "drew_seat": "{Who} จั่วได้ {card}",
        "reveal": "เปิดการ์ด {card} ลงกองเปิด (ตำแหน่ง {pos})",
        "shown": "การ์ด Territory {card} {Whose} ถูกเปิดหงายลงกองทิ้ง",
        "row_reset": "กองเปิดครบ 10 ใบ: ทั้งหมดไปกองทิ้ง",
        "first": "{Who} เป็นผู้เล่นคนแรก",
        "dice": "{Who} ทอยลูกเต๋า {n} ลูก: ออก{shown}", "die": "", "dice_pl": "",
        "dice_one": "{Who} ทอยลูกเต๋า {n} ลูก: ออก{shown} จึงได้สี{colour}",
        "power_drawn": "{Who} จั่วได้ {card} จากกองของสี{colour} และวางหงายไว้",
        "mil": "{Who} ใช้การ์ดการทหารสี{colour}: ได้สี{colour} โดยไม่ทอย",
        "shadow": "{Who} เลือกตัวเลือกเงา (ข้ามเฟส 2)",
        "transfer_start": "{Who} เริ่มย้ายเงิน",
        "black": "{Who} วางโทเคนสีดำที่ {cell} และทิ้งการ์ดช่องนั้น",
        "pick": "{Who} เลือกสี{colour}",
        "place": "{Who} วางโทเคนสี{colour}ที่ {cell} ({cell}: {now}; อันดับสี{colour} {rank})",
        "combo": "{Who} วางโทเคนสี{colour}สองอันที่ {cell} ด้วยการ์ด {cell} และ X ({cell}: {now}; อันดับสี{colour} {rank})",
        "ally_join": "{Who} ใช้การ์ด X: สี{colour}เข้าร่วมพันธมิตร{space} ({members})",
        "ally_leave": "{Who} ใช้การ์ด X: สี{colour}ออกจากพันธมิตร",
        "envoy_join": "{Who} ส่งทูตเงา: สี{colour}เข้าร่วมพันธมิตร{space} ({members})",
        "envoy_leave": "{Who} ส่งทูตเงา: สี{colour}ออกจากพันธมิตร",
        "space_join": "{Who} วางสี{colour}ในช่องพันธมิตร X{n} ({members})",
        "alliance_reset": "ช่องพันธมิตร X{n} มีครบสี่สีจึงรีเซ็ต: {members} ไม่เป็นพันธมิตรกันอีก",
        "ally_pending": "{Who} ใช้การ์ด X เพื่อนำสี{colour}เข้าพันธมิตร",
        "envoy_pending": "{Who} ส่งทูตเงาเพื่อนำสี{colour}เข้าพันธมิตร",
        "theron": "{Who} ใช้ลอร์ดเธรอนย้ายโทเคนสี{colour}",
        "theron_src": "{Who} ยกโทเคนสี{colour}จาก {cell}",
        "theron_dst": "ลอร์ดเธรอนย้ายโทเคนสี{colour} {n} อันจาก {src} ไป {cell} ({src}: {src_now}; {cell}: {now}; อันดับสี{colour} {rank})",
        "turncloak": "{Who} ใช้เทิร์นโคลก: โทเคนสี{old} {n} อันที่ {cell} กลายเป็นสี{colour} (อันดับสี{colour} {rank})",
        "decline": "{Who} ไม่ใช้สี{colour} และจ่ายค่าปรับ",
        "token": "อัน", "tokens": "อัน",
        "no_attack": "",
        "multi": "กลุ่มสี{colour} ({size} ช่อง {g} โทเคน) ติดศัตรูหลายกลุ่ม: {who} เลือกเป้าหมาย",
        "battle": "กลุ่มสี{colour} ({size} ช่อง {g} โทเคน) โจมตีกลุ่มสี{enemy}ที่ {cell} ({tsize} ช่อง {t} โทเคน)\n"
                  "แบบ{how}: เอาออกได้ถึง {m} โทเคนจากแนวหน้า",
        "how4": "โจมตีเต็มกำลัง", "how2": "ชิงจังหวะ (กำลังเท่ากัน)", "how1": "บุกก่อนได้เปรียบ (กำลังน้อยกว่า)",
        "removal": "ครั้ง", "removals": "ครั้ง",
        "siege": "กลุ่มสี{colour}ล้อมโจมตีกลุ่มเล็กสี{enemy}ที่ {cell}: ช่องที่ถูกล้อมสามด้านถูกเคลียร์",
        "capture": "สี{colour}ล้อมปราสาทที่ {cell} และยึดได้: โทเคนกลายเป็นสี{colour} และการ์ดปราสาทเป็นของ{who}",
        "removed": "ถูกเอาออก: {cells}",
        "removed_cell": "{cell} {was} → {now}",
        "remove": "{Who} เอาโทเคนสี{enemy}ออกจาก {cell} ({cell}: {now})",
        "removals_left": "เหลือให้เอาออกอีก {n} ครั้ง",
        "removals_lost": "แนวหน้าว่างแล้ว: อีก {n} ครั้งที่เหลือสูญไป",
        "collapse": "สี{colour}ล่มสลาย: ไม่เหลือโทเคนบนกระดาน\nการ์ดอำนาจกลับกอง และเงินฝากในสีนี้สูญ{queen}",
        "queen": " (ผู้ถือราชินีช่วยเงินฝากของตนได้)",
        "cells_changed": "บนกระดาน: {cells}",
        "black_gone": "โทเคนสีดำถูกเอาออกจาก {cells} (ปราสาทฟื้นฟู)",
        "castle_gone": "ปราสาทที่ {cell} ออกจากกระดาน",
        "buy": "{Who} ซื้อการ์ดอำนาจสี{colour} ราคา {price} Silver",
        "buy_pass": "{Who} ไม่ซื้อการ์ดอำนาจ",
        "combo_roll": "{Who} ทอยอีกครั้ง (การทหาร + ศรัทธา)",
        "shadow_none": "{Who} ไม่ซื้ออะไร",
        "person": "{Who} ซื้อ{person} ราคา {price} Silver",
        "castle": "{Who} สร้างปราสาทที่ {cell} (กลุ่มสี{colour}) ราคา {price} Silver",
        "draw": "{Who} จั่วการ์ด Territory จากกองจั่ว (คว่ำ)",
        "land_draw": "การ์ดที่ดินให้{who} จั่วการ์ด Territory ทันที (คว่ำ)",
        "take": "{Who} หยิบ {card} จากกองเปิดตำแหน่ง {pos}{skip}{silver}",
        "take_skip": " วาง 1 Silver บนการ์ด {n} ใบที่ข้าม",
        "take_silver": " และได้ {n} Silver ที่อยู่บนการ์ด",
        "card": "ใบ", "cards": "ใบ",
        "end": "{Who} จบเทิร์น",
        "exchange": "{Who} ทิ้ง {card} เพื่อแลก (1 Silver)",
        "transfer": "{Who} ย้าย {amount} Silver จาก{src} ไป{dst}{fee}",
        "fee": " (ค่าธรรมเนียม {fee}: ถึง {net})",
        "allocate": "{Who} วาง {amount} Silver {where}",
        "in_hand": "ในมือ", "on_dep": "ฝากกับสี{colour}",
        "keep": "{Who} ไม่ขายการ์ด",
        "sell": "{Who} ขาย {card} ได้ {price} Silver",
        "forced": "{Who} ถูกบังคับขาย {card} ได้ {price} Silver",
        "discard": "{Who} ทิ้ง {card}",
        "pays": "{Who} จ่าย {n} Silver{why}: เงิน {a} → {b}",
        "gets": "{Who} ได้รับ {n} Silver{why}: เงิน {a} → {b}",
        "returned": "{Who} คืน {n} Silver ให้ธนาคาร (มือถือได้ 10 และไม่เหลือการ์ดอำนาจให้ฝากเงิน): เงิน {a} → {b}",
        "waiting": " (รอวาง {n})",
        "why_fine": " (ค่าปรับ)", "why_reward": " (รางวัลโทเคนสีดำ)", "why_cost": " (ค่าดำเนินการ)",
        "why_price": " (ราคา)", "why_fee": " (ค่าธรรมเนียม)", "why_skip": " (วางบนการ์ดที่ข้าม)",
        "why_row": " (จากกองเปิด)", "why_damage": " (ค่าเสียหายจากอำนาจ)", "why_sale": " (ขาย)",
        "why_take_net": " (วางบนการ์ดที่ข้าม {paid} ได้จากการ์ดที่หยิบ {got})",
        "why_settle": " (รายได้ ภาษี และค่าดูแลปราสาท)", "why_lost": " (เงินฝากสูญ)", "why_restore": "",
        "cards_back": "การ์ด {cards} {Whose} กลับกองของสี{colour}", "go": "",
        "person_back": "{person} {Whose} กลับไปวางให้ซื้อ",
        "bankrupt": "{Who} ล้มละลายและออกจากเกม",
        "owes": "{Who} ยังค้างจ่าย {n} Silver{why} ต้องขายการ์ดอำนาจ",
        "a6": "ครบทั้งหกสีบนกระดาน: ปลดล็อกโทเคนสีดำ และ Power Limit ของทุกคน +1",
        "b5": "มีโทเคนสีดำห้าอันบนกระดาน: Power Limit ของทุกคน +1",
        "milestone": "สี{colour}ถึงอันดับ 15 และได้โบนัส Power Limit (+1 ทุกคน)",
        "milestone_lost": "โบนัส Power Limit ของสี{colour}หายไป",
        "end_trigger": "เงื่อนไขจบเกมเกิดขึ้น ({why}): รอบ {round} เป็นรอบสุดท้าย",
        "trig_empty_cells": "ช่องว่างเหลือไม่เกิน 3", "trig_rank_30": "อาณาจักรอันดับ 30",
        "trig_two_supplies": "โทเคนหมดสองสี", "trig_round_cap": "ครบจำนวนรอบ",
        "settle": "จบรอบ {round}: รับรายได้ แล้วจ่ายภาษีและค่าดูแลปราสาท",
        "round_over": "รอบ {round} จบแล้ว",
        "p_wait": "ถึงตา{Who}",
        "p_phase1": "ตาของคุณ เฟส 1 (ชะตากำหนด): คุณมี {money} Silver จะทำอะไร?",
        "p_pick": "ลูกเต๋าออก{shown}: จะใช้สีไหน?",
        "p_use": "คุณใช้สี{colour} (อันดับ {rank}): จะวางที่ไหน?{cost}",
        "p_cost": " ค่าดำเนินการ {n} Silver ต่อโทเคน (อันดับ 15 ขึ้นไป)",
        "p_space": "สี{colour}จะเข้าช่องพันธมิตรไหน?",
        "p_theron_from": "ลอร์ดเธรอน: ยกโทเคนสี{colour}จากช่องไหน?",
        "p_theron_to": "ลอร์ดเธรอน: ไปช่องไหน กี่โทเคน?",
        "p_target": "กลุ่มสี{colour}ของคุณติดศัตรูหลายกลุ่ม (สามแนวดุเดือด): จะโจมตีกลุ่มไหน?",
        "p_remove": "เอาโทเคนออกจากช่องแนวหน้าไหน? (เหลือ {n} ครั้ง)",
        "p_buy": "ซื้อการ์ดอำนาจสี{colour} ราคา {price} Silver (สุ่มจากกอง; คุณถือ {held} จาก {pl})?",
        "p_combo_roll": "การทหาร + ศรัทธา: ทอยอีกครั้งเพื่อใช้ครั้งที่สอง?",
        "p_shadow": "ตัวเลือกเงา: ซื้อบุคคลหรือปราสาท หรือไม่ซื้อ เงิน {money}",
        "p_take": "หยิบการ์ด Territory (อีก {n} ใบ): จั่วคว่ำ หรือหยิบจากกองเปิด (วาง 1 Silver บนแต่ละใบที่ข้าม)",
        "p_exchange": "เฟส 3 (ปรับเปลี่ยนโฉนด): แลกการ์ด (เหลือ {n} ครั้ง ครั้งละ 1 Silver) ย้ายเงิน หรือจบเทิร์น",
        "p_exchange_x": "เฟส 3 (ปรับเปลี่ยนโฉนด): แลกการ์ด (เหลือ {n} ครั้ง ครั้งละ 1 Silver) หรือจบเทิร์น",
        "p_exchange_t": "เฟส 3 (ปรับเปลี่ยนโฉนด): ย้ายเงิน หรือจบเทิร์น",
        "p_exchange_end": "เฟส 3 (ปรับเปลี่ยนโฉนด): จบเทิร์น (ตอนนี้แลกการ์ดหรือย้ายเงินไม่ได้)",
        "p_tr_from": "ย้ายเงิน (รอบละครั้ง ค่าธรรมเนียม 1 ต่อทุก 10): จากไหน?",
        "p_tr_to": "ย้ายเงินจาก{src}: ไปไหน?",
        "p_tr_amount": "ย้ายจาก{src} ไป{dst}: เท่าไร (มี {have})?",
        "p_allocate": "คุณมี {n} Silver ต้องวาง: ในมือ (วางได้อีก {room}) หรือฝากกับอาณาจักร?",
        "p_settle": "จบรอบ: ขายการ์ดอำนาจหนึ่งใบที่ราคาอันดับ + 3 หรือไม่ขาย?",
        "p_forced_debt": "คุณค้างจ่าย {debt} Silver: ต้องขายการ์ดอำนาจที่ราคาอันดับ",
        "p_forced_pl": "คุณถือการ์ดอำนาจ {held} ใบ เกิน Power Limit {pl}: ต้องขายหนึ่งใบ",
        "p_discard": "ทิ้งการ์ด Territory (ถือ {n} ใบ ลิมิต {tl})",
        "q_amount": "ย้ายเท่าไร?", "g_amount": "{lo}-{hi} Silver", "g_amount1": "{lo} Silver",
        "l_roll": "ทอยลูกเต๋า ({n} ลูก)", "l_mil": "ใช้สี{colour} ด้วยการ์ดการทหาร (ไม่ทอย)",
        "l_shadow": "ตัวเลือกเงา: ซื้อบุคคลหรือปราสาท (ข้ามเฟส 2)",
        "l_transfer": "ย้ายเงินก่อน", "l_black": "วางโทเคนสีดำที่ {cell} (+3 Silver)",
        "l_pick": "สี{colour} (อันดับ {rank})",
        "l_place": "วางโทเคนสี{colour}ที่ {cell} ({was} → {now})",
        "l_combo": "วางสี{colour}สองโทเคนที่ {cell} ด้วยการ์ด X ({was} → {now})",
        "l_ally_join": "สี{colour}เข้าพันธมิตร (ใช้การ์ด X)", "l_ally_leave": "สี{colour}ออกจากพันธมิตร (ใช้การ์ด X)",
        "l_theron": "ลอร์ดเธรอน: ย้ายโทเคนสี{colour}ได้ถึง 2 อัน",
        "l_turncloak": "เทิร์นโคลก: เปลี่ยนโทเคนสี{old} {n} อันที่ {cell} เป็นสี{colour}",
        "l_envoy_join": "ทูตเงา: สี{colour}เข้าพันธมิตร", "l_envoy_leave": "ทูตเงา: สี{colour}ออกจากพันธมิตร",
        "l_decline": "ไม่ใช้สี{colour} และจ่ายค่าปรับ 5 Silver",
        "l_space": "ช่องพันธมิตร X{n} ({members})",
        "l_from": "จาก {cell} ({now})", "l_to": "ย้าย {n} โทเคนไป {cell} ({was} → {now})",
        "l_battle": "โจมตีกลุ่มสี{enemy}ที่ {cell} แบบ{how} ({m} ครั้ง)",
        "l_siege": "ล้อมโจมตีกลุ่มสี{enemy}ที่ {cell}", "l_capture": "ยึดปราสาทที่ {cell}",
        "l_remove": "เอาโทเคนสี{enemy}ออกจาก {cell} ({now})",
        "l_buy": "ซื้อการ์ดอำนาจสี{colour} ({price} Silver)", "l_no_buy": "ไม่ซื้อ",
        "l_combo_roll": "ทอยอีกครั้ง", "l_stop": "หยุด",
        "l_none": "ไม่ซื้ออะไร", "l_person": "ซื้อ{person} ({price} Silver): {what}",
        "l_castle": "สร้างปราสาทที่ {cell} (สี{colour}; {price} Silver)",
        "l_draw": "จั่วคว่ำจากกองจั่ว (เหลือ {n} ใบ)",
        "l_take": "หยิบ {card} (ตำแหน่ง {pos}{cost}{silver})",
        "l_take_cost": "; ข้าม {n}: {n} Silver", "l_take_silver": "; ได้ +{n} Silver",
        "l_end": "จบเทิร์น", "l_exchange": "แลก {card} (ทิ้ง จ่าย 1 Silver แล้วหยิบใบใหม่)",
        "l_hold_from": "จาก{holding} ({n} Silver)", "l_hold_to": "ไป{holding} ({n} Silver)",
        "l_amount": "ย้าย {n} Silver{fee}", "l_fee": " (ค่าธรรมเนียม {fee}: ถึง {net})",
        "l_put": "วาง {n} Silver {where}", "l_keep": "ไม่ขาย",
        "l_sell": "ขาย {card} ได้ {price} Silver", "l_discard": "ทิ้ง {card}",
        "hand": "ในมือ", "dep": "เงินฝากสี{colour}",
        "what0": "ย้ายโทเคนของสีที่ทอยได้ถึง 2 อัน", "what1": "เปลี่ยนช่องเป็นสีที่ทอยได้",
        "what2": "ลดค่าดำเนินการ 10 ต่อโทเคน", "what3": "สลับพันธมิตรโดยไม่ใช้การ์ด",
        "why": "{text!r} เลือกไม่ได้ตอนนี้ {prompt}",
        "w_no_move": "{text!r} ไม่ใช่การเดินของ Shadow Master",
        "w_other": "{text!r} ไม่ใช่คำตอบของการตัดสินใจนี้: '{verb}' ใช้กับ{when}",
        "w_args": "{text!r} เขียนไม่ตรงกับการตัดสินใจนี้ ตัวอย่าง '{example}'",
        "w_no_cell": "{cell} ไม่ใช่ช่องบนกระดาน: คอลัมน์ A ถึง N แถว 1 ถึง 5",
        "w_card": "คุณไม่มีการ์ด {cell}",
        "w_x": "คอมโบต้องใช้การ์ด X ด้วย แต่คุณไม่มี",
        "w_black_cell": "{cell} มีโทเคนสีดำ: วางอะไรไม่ได้",
        "w_colour": "{cell} เป็นสี{other}: หนึ่งช่องมีได้สีเดียว",
        "w_full": "{cell} เต็มแล้ว (ไม่เกิน 3 โทเคน หรือ 2 ถ้ามีปราสาท)",
        "w_received": "{cell} ได้รับโทเคนไปแล้วในรอบนี้",
        "w_locked": "โทเคนสีดำยังล็อกอยู่ จนกว่าจะมีครบหกสีบนกระดานพร้อมกัน",
        "w_black_empty": "โทเคนสีดำต้องวางในช่องว่างที่ยังไม่ได้รับโทเคนในรอบนี้ และไม่มีปราสาทในระยะ 2 ช่อง",
        "w_money": "{what} ต้องใช้ {cost} Silver คุณมี {have}",
        "w_take_money": "การหยิบการ์ดตำแหน่ง {pos} ในกองเปิดต้องใช้ {cost} Silver (วาง 1 บนแต่ละใบที่ข้าม) คุณมี {have}",
        "w_take_row": "กองเปิดมีเพียง {n} ใบ: ไม่มีตำแหน่ง {pos}",
        "w_take_row0": "กองเปิดว่าง: จั่วคว่ำแทน",
        "w_buy_money": "การ์ดอำนาจสี{colour} ราคา {cost} Silver คุณมี {have}",
        "w_take_tl": "การ์ดในมือคุณเต็มลิมิต {tl} ใบแล้ว",
        "w_mil_card": "คุณไม่มีการ์ดการทหารสี{colour}",
        "w_mil_use": "การ์ดการทหารสี{colour}ของคุณใช้ไม่ได้ตอนนี้: ไม่มีการ์ด Territory ใบไหนวางโทเคนสี{colour}ได้ "
                     "และไม่มีการ์ด X ที่สลับสี{colour}ในพันธมิตรได้",
        "w_black_supply": "โทเคนสีดำหมดแล้ว",
        "w_tr_used": "คุณย้ายเงินไปแล้วในรอบนี้ (รอบละครั้ง)",
        "w_tr_nowhere": "ย้ายเงินไปไหนไม่ได้: คุณไม่มีการ์ดอำนาจจึงไม่มีเงินฝาก และเงินทั้งหมดอยู่ในมือ",
        "w_tr_full": "ย้ายเงินไปไหนไม่ได้: เงินในมือเต็ม (10 Silver) และคุณไม่มีการ์ดอำนาจให้ฝากเงิน",
        "w_tr_broke": "คุณไม่มีเงินให้ย้าย",
        "w_tr_none": "ตอนนี้ย้ายเงินระหว่างที่เก็บเงินของคุณไม่ได้",
        "b_top": "รอบ {round}{final} · ผู้เล่นคนแรก {first} · โทเคนสีดำเหลือ {black}{locked}",
        "b_locked": " (ล็อก)", "b_unlocked": " (ปลดล็อกแล้ว)",
        "b_legend": "R2 = แดง 2 โทเคน · ## โทเคนสีดำ · . ว่าง · ^ ปราสาท · * ได้รับโทเคนในรอบนี้",
        "b_colour": "สี", "b_rank": "อันดับ", "b_income": "รายได้/ใบ", "b_supply": "โทเคนเหลือ",
        "b_deck": "กองการ์ดอำนาจ", "b_alliance": "พันธมิตร: {spaces}", "b_alliance_empty": "ช่องพันธมิตร X: ว่าง",
        "b_row": "กองเปิด: {cards}   กองจั่ว {draw} · กองทิ้ง {disc}",
        "b_player": "{mark}{who}: เงิน {money} (ในมือ {hand}{deps}) · คะแนน {score} · รายได้ {income}/รอบ "
                    "· อำนาจ {held}/{pl} · โฉนด {cards}/{tl}",
        "b_power": "    การ์ดอำนาจ: {cards}", "b_extra": "    {items}",
        "b_yours": "    การ์ด Territory ของคุณ: {cards}", "b_hand": "    การ์ด Territory: {cards}", "b_known": "    การ์ดที่ทุกคนรู้: {cards}",
        "b_out": "    (ล้มละลาย ออกจากเกมแล้ว)",
        "b_flags": "โบนัส Power Limit: {items}", "f_a6": "ครบหกสี +1", "f_b5": "โทเคนสีดำห้าอัน +1",
        "f_ms": "อันดับ 15 ({colour}) +1",
        "b_end": "เงื่อนไขจบเกมเกิดแล้ว: รอบ {round} เป็นรอบสุดท้าย",
        "persons": "บุคคล", "castles": "ปราสาท", "castle_on": "ปราสาท {cell}",
        "end_title": "คะแนนสุดท้าย (เงิน + การ์ดอำนาจตามอันดับ + 5 ต่อการ์ด Territory + บุคคลและปราสาท):",
        "end_cols": "เงิน  อำนาจ  โฉนด  บุคคล  ปราสาท  รวม",
        "winner": "{Who} ชนะด้วย {score} คะแนน", "winners": "{who} ชนะร่วมกันด้วย {score} คะแนน",
        "end_reason": "เกมจบเพราะ: {reason}", "out": "ล้มละลาย",
        "reason_final": "เล่นรอบสุดท้ายครบแล้ว (เงื่อนไขจบเกมเกิดในรอบ {round}: {why})",
        "reason_last": "เหลือผู้เล่นที่ไม่ล้มละลายเพียงคนเดียว",
        "rules_goal": "เป้าหมาย: รวยที่สุดเมื่อจบเกม คะแนน = เงิน (ในมือ + เงินฝาก) + การ์ดอำนาจตามอันดับของสี "
                      "+ 5 ต่อการ์ด Territory + บุคคลและปราสาทตามราคา",
        "rules_guide": "คู่มือเต็ม: intrigue rules shadow_master --lang th",
        "rules_phase1": "เฟส 1 — เลือกหนึ่งอย่าง: A) ทอยลูกเต๋า 1 ลูก (+1 ต่อการ์ดศรัทธา) หรือใช้การ์ดการทหารเพื่อได้สี "
                        "แล้วใช้สีนั้น: วางโทเคนในช่องที่มีการ์ด (ใช้การ์ดไป) วางสองอันด้วยการ์ด X (คอมโบ) "
                        "สลับพันธมิตรด้วยการ์ด X ใช้ความสามารถบุคคล หรือไม่ใช้และจ่ายค่าปรับ 5 หลังวางโทเคน "
                        "ซื้อการ์ดอำนาจของสีนั้นได้หนึ่งใบตามอันดับ B) วางโทเคนสีดำ (เมื่อปลดล็อก) ในช่องว่างที่มีการ์ด แล้วรับ 3 Silver "
                        "C) ซื้อบุคคลหรือปราสาท แล้วข้ามเฟส 2",
        "rules_attack": "การโจมตี — หลังวางทุกครั้ง ถ้ากลุ่มของสีนั้น (รวมพันธมิตร) มี 4 ช่องขึ้นไป จะโจมตีกลุ่มศัตรูที่ติดกัน: "
                        "โทเคนมากกว่า = เต็มกำลัง (เอาออก 4 จากแนวหน้า) เท่ากัน = ชิงจังหวะ (2) น้อยกว่า = บุกก่อน (1) "
                        "กลุ่มเล็กกว่า 4 ช่องที่ถูกล้อมสามด้านจะถูกเคลียร์ ปราสาทที่ถูกล้อม 5 ด้านถูกยึด "
                        "ผู้ถือการ์ดของฝ่ายแพ้จ่ายค่าเสียหายต่อช่องที่เสีย (2/5/8/12 สำหรับ 1/2/3/4+ ใบ) "
                        "สีที่ไม่เหลือโทเคนจะล่มสลาย: การ์ดกลับกอง เงินฝากสูญ",
        "rules_phase2": "เฟส 2 — หลัง A หรือ B: เปิดการ์ดลงกองเปิดเท่าจำนวนโทเคนที่วาง แล้วหยิบการ์ดเท่าจำนวนที่ใช้ไป: "
                        "จั่วคว่ำ หรือหยิบจากกองเปิดโดยวาง 1 Silver บนทุกใบที่ข้าม",
        "rules_phase3": "เฟส 3 — แลกการ์ดได้ 2 ครั้ง (+1 ต่อการ์ดที่ดิน): ทิ้ง จ่าย 1 Silver แล้วหยิบใหม่ "
                        "รอบละครั้งย้ายเงินระหว่างมือ (ไม่เกิน 10) กับเงินฝากได้ (ค่าธรรมเนียม 1 ต่อทุก 10)",
        "rules_settle": "จบรอบ — ขายการ์ดอำนาจได้หนึ่งใบที่อันดับ + 3 แล้วการ์ดแต่ละใบได้รายได้ตามอันดับ "
                        "(1-3: 1, 4-6: 2, ... 15+: 6 ขึ้นไป) ผู้ถือภาษีของสีอันดับ 6+ เก็บ 1 ต่อใบของสีนั้นจากคนอื่น "
                        "ปราสาทค่าดูแล 2",
        "rules_end": "จบเกม — ช่องว่างไม่เกิน 3 อันดับถึง 30 โทเคนหมดสองสี หรือครบจำนวนรอบ: เล่นรอบนั้นและอีกหนึ่งรอบ",
    },
}


def width(text: str) -> int:
    """Terminal columns of ``text``: combining marks (Thai vowels and tones) and ANSI colour codes
    take none."""
    n, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\033":
            j = text.find("m", i)
            i = j + 1 if j >= 0 else len(text)
            continue
        if not (unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")):
            n += 1
        i += 1
    return n


def pad(text: str, cols: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``cols`` display columns."""
    fill = " " * max(0, cols - width(text))
    return fill + text if right else text + fill


def _clip(text: str, cols: int) -> str:
    """``text`` cut to ``cols`` display columns, with "…" where it was cut (a long seat name)."""
    return clip(text, cols, width)


class ShadowMasterNarrator(Narrator):
    """Sentences, prompts, the board, the rules and the end screen of a Shadow Master game, from one
    seat's point of view (``viewer``; ``None`` is the full view of a referee's replay)."""

    TEXT = TEXT

    # --- words -----------------------------------------------------------------------------------------
    def _T(self, key: str, **kw) -> str:
        text = self.text.get(key)
        if text is None:
            text = TEXT["en"][key]
        text = text.format(**kw)
        if self.lang == "en" and "a O" in text:          # "an Orange token"
            text = text.replace(" a Orange", " an Orange").replace("A Orange", "An Orange")
        return text

    def _S(self, key: str, who: Optional[int], v: Optional[int], **kw) -> str:
        """Sentence ``key`` with seat ``who`` as its subject (English verbs agree with "you")."""
        you = who is not None and v is not None and who == v
        args = dict(s="" if you else "s", es="" if you else "es", **kw)
        args["is"] = "are" if you else "is"
        if who is not None:
            name = self.seat(who, v)
            args.setdefault("who", name)
            args.setdefault("Who", cap(name))
            args.setdefault("poss", self.text["your"] if you else self.text["their"])
        if self.lang != "en":
            args["s"] = args["es"] = ""
        return self._T(key, **args)

    def colour(self, c: int) -> str:
        return names.colour_name(c, self.lang)

    def cell(self, h: int) -> str:
        return names.cell_name(h)

    def card(self, t: int) -> str:
        return names.card_name(t)

    def power_card(self, c: int, t: int) -> str:
        if self.lang == "th":
            return f"{names.type_name(t, self.lang)}สี{self.colour(c)}"
        return f"{self.colour(c)} {names.type_name(t, self.lang)}"

    def _join(self, items: Sequence[str]) -> str:
        return self.join([i for i in items if i], empty=self.text["none"])

    def _plural(self, n: int, one: str, many: str) -> str:
        return self.text[one] if n == 1 else self.text[many]

    def stack(self, col: int, cnt: int, castle: int = -1) -> str:
        """A cell's content as on the board: ``R2``, ``##``, ``.`` (``^`` for a castle)."""
        if col < 6:
            t = f"{COLOURS[col]}{cnt}"
        elif col == Cell.BLACK:
            t = "##"
        else:
            t = "."
        return t + ("^" if castle >= 0 else "")

    def content(self, col: int, cnt: int, castle: int = -1) -> str:
        """A cell's content in a sentence: like :meth:`stack`, but "empty" for an empty cell."""
        return self.text["empty"] if col == Cell.EMPTY else self.stack(col, cnt, castle)

    def holding(self, h: int) -> str:
        return self.text["hand"] if h == 0 else self._T("dep", colour=self.colour(h - 1))

    # --- the position, as plain data ---------------------------------------------------------------------
    @staticmethod
    def _kingdom(core, c: int) -> int:
        """Bit mask of the colours fighting with c (c and the colours sharing its alliance space)."""
        spaces = core.alliance()
        mask = 1 << c
        if spaces[c]:
            for d in range(6):
                if spaces[d] == spaces[c]:
                    mask |= 1 << d
        return mask

    @staticmethod
    def _group(board: int, cells, start: int, mask: int) -> List[int]:
        """The connected cells from ``start`` whose colour is in ``mask``."""
        seen = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for nb in neighbours(board, h):
                if nb not in seen and cells[nb][0] < 6 and mask >> cells[nb][0] & 1:
                    seen.add(nb)
                    todo.append(nb)
        return sorted(seen)

    @staticmethod
    def _money(core, p: int) -> Tuple[int, int]:
        """(total money, receipts waiting to be placed)."""
        return core.total_money(p), core.money(p)[2]

    # --- headers and events ------------------------------------------------------------------------
    def turn_header(self, core: KernelState, viewer: Optional[int]) -> Optional[str]:
        """A header when a seat starts its turn and when a round's settlement begins."""
        p = core.current_player()
        if p == TERMINAL:
            return None
        f = core.flags()
        final = self.text["final"] if f["end_round"] and core.round > f["end_round"] else ""
        if core.phase == Phase.SETTLE_SELL:
            return self._T("header_settle", round=core.round, final=final)
        if core.phase != Phase.P1 or p != core.active:
            return None
        money = ", ".join(f"{self.seat(q, viewer)} {core.total_money(q)}" for q in range(core.num_players)
                          if core.alive(q))
        return self._T("header", round=core.round, final=final, who=self.seat(p, viewer), money=money)

    def event(self, core: KernelState, event: Event, viewer: Optional[int]) -> List[str]:
        """What ``viewer`` reads about ``event`` applied to ``core`` (``[]`` if it is not seen)."""
        text = event.seen_by(viewer)
        if text is None:
            return []
        try:
            return [part for line in self._event(core, event, text, viewer) if line for part in line.split("\n")]
        except Exception:
            if self.strict:
                raise
            who = self.seat(event.seat, viewer) + ": " if event.seat >= 0 else ""
            return [who + self.game.describe_action(text, self.lang)]

    def _after(self, core, action: int, viewer: Optional[int]):
        after = core.clone()
        if viewer is not None:
            after.make_consistent(viewer, action)
        try:
            after.apply(action)
        except ValueError:          # a view whose hidden cards could not be fitted: tell the decision only
            return core.clone()
        return after

    def _event(self, core, event: Event, text: str, v: Optional[int]) -> List[str]:
        ph, p, a = core.phase, event.seat, event.action
        words = text.split()
        after = self._after(core, a, v)
        out: List[str] = []
        reason: Dict[int, Why] = {}
        if p == CHANCE:
            out.extend(self._chance(core, after, ph, a, words, v))
        else:
            out.extend(self._decision(core, after, p, a, words, v, reason))
        out.extend(self._consequences(core, after, v, reason, event))
        return out

    def _chance(self, core, after, ph: int, a: int, words: List[str], v: Optional[int]) -> List[str]:
        if ph == Phase.C_DEAL:
            who = core.draw_for
            setup = not core.row() and not core.discard_pile() and core.round == 1 and all(
                col >= 6 for col, _, _ in core.cells())
            card = self.card(a)
            if who == v:
                return [self._T("dealt" if setup else "drew", card=card)]
            return [self._S("dealt_seat" if setup else "drew_seat", who, v, card=card)]
        if ph == Phase.C_REVEAL:
            out = [self._T("reveal", card=self.card(a), pos=len(core.row()) + 1)]
            if len(after.row()) < len(core.row()) + 1:        # the tenth card: the row is cleared
                out.append(self._T("row_reset"))
            return out
        if ph == Phase.C_SHOW:
            return [self._T("shown", Whose=cap(self._whose(core.asked, v)), card=self.card(a))]
        if ph == Phase.C_FIRST:
            return [self._S("first", a, v)]
        if ph == Phase.C_DICE:
            shown = [c for c in range(6) if a >> c & 1]
            n = 1 + sum(k for (c, t), k in core.power(core.active).items() if t == 0)
            dice = self._plural(n, "die", "dice_pl")
            names_ = self._join([self.colour(c) for c in shown])
            if len(shown) == 1:
                return [self._S("dice_one", core.active, v, n=n, dice=dice, shown=names_, colour=self.colour(shown[0]))]
            return [self._S("dice", core.active, v, n=n, dice=dice, shown=names_)]
        if ph == Phase.C_POWER:
            c = core.cur_col
            out = [self._S("power_drawn", core.active, v, card=self.power_card(c, a % 6), colour=self.colour(c))]
            if names.TYPES[a % 6] == "land" and after.phase == Phase.C_DEAL and after.draw_for == core.active:
                out.append(self._S("land_draw", core.active, v))   # the draw itself is seen by the drawer only
            return out
        return [self.game.describe_action(" ".join(words), self.lang)]

    # decisions ------------------------------------------------------------------------------------------
    def _decision(self, core, after, p: int, a: int, words: List[str], v: Optional[int],
                  reason: Dict[int, Why]) -> List[str]:
        ph = core.phase
        S = lambda key, **kw: self._S(key, p, v, **kw)  # noqa: E731
        c = core.cur_col
        if ph == Phase.P1:
            if a == P1Action.ROLL:
                return []                                  # the dice say it
            if P1Action.MIL <= a < P1Action.SHADOW:
                return [S("mil", colour=self.colour(a - P1Action.MIL))]
            if a == P1Action.SHADOW:
                return [S("shadow")]
            if a == P1Action.TRANSFER_P1:
                return [S("transfer_start")]
            reason[p] = "why_reward"
            return [S("black", cell=self.cell(a - P1Action.BLACK))]
        if ph == Phase.PICK_DIE:
            return [S("pick", colour=self.colour(a % 6))]
        if ph == Phase.USE:
            colour = self.colour(c)
            if a < UseAction.COMBO or UseAction.COMBO <= a < UseAction.ALLY:
                h = a % 70
                reason[p] = "why_cost"
                key = "place" if a < UseAction.COMBO else "combo"
                col, cnt, castle = after.cells()[h]
                out = [S(key, colour=colour, cell=self.cell(h), now=self.content(col, cnt, castle),
                         rank=after.ranks()[c])]
                out.extend(self._attack(core, after, p, c, h, v))
                return out
            if a in (UseAction.ALLY, UseAction.ENVOY):
                base = "ally" if a == UseAction.ALLY else "envoy"
                if after.phase == Phase.ALLY_SPACE:
                    return [S(base + "_pending", colour=colour)]
                now = after.alliance()[c]
                if now:
                    return [S(base + "_join", colour=colour, space="" if self._spaces(core) == 1 else f" X{now}",
                              members=self._members(after, now))]
                if core.alliance()[c]:
                    return [S(base + "_leave", colour=colour)]
                return [S(base + "_join", colour=colour, space="", members=colour)]   # joined and reset at once
            if a == UseAction.THERON:
                return [S("theron", colour=colour)]
            if UseAction.TURN <= a < UseAction.ENVOY:
                h = a - UseAction.TURN
                old_col, n, _ = core.cells()[h]
                out = [S("turncloak", n=n, old=self.colour(old_col), tokens=self._plural(n, "token", "tokens"),
                         cell=self.cell(h), colour=colour, rank=after.ranks()[c])]
                out.extend(self._attack(core, after, p, c, h, v, skip=(h,)))
                return out
            if a == UseAction.DECLINE:
                reason[p] = "why_fine"
                return [S("decline", colour=colour)]
            return [S("transfer_start")]
        if ph == Phase.ALLY_SPACE:
            now = after.alliance()[c]
            return [S("space_join", colour=self.colour(c), n=a + 1, members=self._members(after, now) if now
                      else self.colour(c))]
        if ph == Phase.THERON_SRC:
            return [S("theron_src", colour=self.colour(c), cell=self.cell(a % NCELLS))]
        if ph == Phase.THERON_DST:
            h, n, src = a % NCELLS, a // NCELLS + 1, core.theron_src
            cells = after.cells()
            out = [self._T("theron_dst", n=n, colour=self.colour(c), tokens=self._plural(n, "token", "tokens"),
                           src=self.cell(src), cell=self.cell(h), src_now=self.content(*cells[src]),
                           now=self.content(*cells[h]), rank=after.ranks()[c])]
            out.extend(self._attack(core, after, p, c, h, v, skip=(src,)))
            return out
        if ph == Phase.TARGET:
            kind, where, m = core.candidates()[a]
            return self._target_line(core, after, p, core.attack_cell(), kind, where, m, v)
        if ph == Phase.REMOVE:
            h = a % NCELLS
            col, cnt, _ = core.cells()[h]
            out = [S("remove", enemy=self.colour(col), cell=self.cell(h), now=self.content(*after.cells()[h]))]
            out.extend(self._removal_tail(core, after, skip=(h,)))
            return out
        if ph == Phase.BUY:
            if a:
                reason[p] = "why_price"
                return [S("buy", colour=self.colour(c), price=core.ranks()[c])]
            return [S("buy_pass")]
        if ph == Phase.COMBO_ROLL:
            return [S("combo_roll")] if a else []
        if ph == Phase.SHADOW:
            reason[p] = "why_price"
            if a == ShadowAction.NONE:
                return [S("shadow_none")]
            if a < ShadowAction.CASTLE:
                i = (a - ShadowAction.PERSON) % 4
                return [S("person", person=names.person_name(i, self.lang), price=PERSON_PRICES[i])]
            h = a - ShadowAction.CASTLE
            paid = core.total_money(p) - after.total_money(p)
            return [S("castle", cell=self.cell(h), colour=self.colour(core.cells()[h][0]), price=paid)]
        if ph == Phase.TAKE:
            if a == 0:
                return [S("draw")]
            row = core.row()
            card, silver = row[a - 1]
            skip = self._S("take_skip" if a > 2 or self.lang != "en" else "take_skip1", p, v, n=a - 1, cards=self._plural(a - 1, "card", "cards")) if a > 1 else ""
            got = self._S("take_silver", p, v, n=silver) if silver else ""
            if a > 1 and silver:                           # one net payment or receipt: say both parts
                reason[p] = ("why_take_net", {"paid": a - 1, "got": silver})
            else:
                reason[p] = "why_skip" if a > 1 else ("why_row" if silver else "")
            return [S("take", card=self.card(card), pos=a, skip=skip, silver=got)]
        if ph == Phase.EXCHANGE:
            if a == ExchangeAction.END:
                return [S("end")]
            if a == ExchangeAction.TRANSFER:
                return [S("transfer_start")]
            reason[p] = "why_fee"
            return [S("exchange", card=self.card(a - ExchangeAction.DISCARD))]
        if ph in (Phase.TR_FROM, Phase.TR_TO):
            return []                                      # told whole at the amount
        if ph == Phase.TR_AMOUNT:
            src, dst = core.tr_from, core.tr_to
            have = self._holding_money(core, p, src)
            amount = have if a == AMOUNT_ALL else a + 1
            fee = amount // 10
            reason[p] = "why_fee"
            return [S("transfer", amount=amount, src=self.holding(src), dst=self.holding(dst),
                      fee=self._T("fee", fee=fee, net=amount - fee) if fee else "")]
        if ph == Phase.ALLOCATE:
            hb, db, _, _ = core.money(p)
            ha, da, _, _ = after.money(p)
            out = []
            if ha > hb:
                out.append(S("allocate", amount=ha - hb, where=self.text["in_hand"]))
            for d in range(6):
                if da[d] > db[d]:
                    out.append(S("allocate", amount=da[d] - db[d], where=self._T("on_dep", colour=self.colour(d))))
            return out
        if ph in (Phase.SETTLE_SELL, Phase.FORCED_SELL):
            if ph == Phase.SETTLE_SELL and a == 0:
                return [S("keep")]
            card = a - 1 if ph == Phase.SETTLE_SELL else a
            col, t = card // 6, card % 6
            price = core.ranks()[col] + (3 if ph == Phase.SETTLE_SELL else 0)
            reason[p] = "why_sale"
            return [S("sell" if ph == Phase.SETTLE_SELL else "forced", card=self.power_card(col, t), price=price)]
        if ph == Phase.DISCARD:
            return [S("discard", card=self.card(a))]
        return [f"{self.seat(p, v)}: {self.game.describe_action(' '.join(words), self.lang)}"]

    @staticmethod
    def _spaces(core) -> int:
        return 2 if any(s == 2 for s in core.alliance()) else 1

    def _members(self, core, space: int) -> str:
        members = [self.colour(d) for d, s in enumerate(core.alliance()) if s == space]
        return self._join(members) if len(members) > 1 else self.text["alone"]

    @staticmethod
    def _holding_money(core, p: int, h: int) -> int:
        hand, deps, _, _ = core.money(p)
        return hand if h == 0 else deps[h - 1]

    # attacks ----------------------------------------------------------------------------------------------
    def _attack(self, core, after, p: int, c: int, h: int, v, skip: Tuple[int, ...] = ()) -> List[str]:
        """What the placement of c on h started: a choice of targets, a battle waiting for removals,
        or an attack already resolved (read back from the two positions)."""
        before = core.cells()
        now = after.cells()
        mid = list(before)
        for x in (h,) + tuple(skip):
            mid[x] = now[x]
        mask = self._kingdom(core, c)
        if now[h][0] != c:
            return []
        G = self._group(core.board, mid, h, mask)
        if len(G) < 4:
            return []
        g = sum(mid[x][1] for x in G)
        if after.phase == Phase.TARGET and after.current_player() == p:
            return [self._S("multi", p, v, Colour=cap(self.colour(c)), colour=self.colour(c), size=len(G), g=g)]
        if after.phase == Phase.REMOVE:
            kind, where, m = after.candidates()[0] if after.candidates() else (Target.BATTLE, h, 0)
            return self._target_line(core, after, p, h, kind, where, m, v, mid=mid, G=G)
        hit = [x for x in range(NCELLS) if x not in (h,) + tuple(skip) and before[x][0] < 6
               and not mask >> before[x][0] & 1 and (now[x][0] != before[x][0] or now[x][1] < before[x][1])]
        if not hit:
            return []
        e = hit[0]
        ecol = before[e][0]
        T = self._group(core.board, mid, e, self._kingdom(core, ecol))
        t = sum(mid[x][1] for x in T)
        if before[e][2] >= 0 and now[e][0] == c:
            kind, m = Target.CAPTURE, 0
        elif len(T) >= 4:
            kind, m = Target.BATTLE, 4 if g > t else (2 if g == t else 1)
        else:
            kind, m = Target.SIEGE, 0
        return self._target_line(core, after, p, h, kind, min(T) if kind != Target.CAPTURE else e, m, v,
                                 mid=mid, G=G)

    def _target_line(self, core, after, p: int, h: int, kind: int, where: int, m: int, v, mid=None,
                     G=None) -> List[str]:
        mid = mid if mid is not None else core.cells()
        c = mid[h][0] if mid[h][0] < 6 else core.cur_col
        G = G if G is not None else self._group(core.board, mid, h, self._kingdom(core, c))
        g = sum(mid[x][1] for x in G)
        ecol = mid[where][0]
        # (a chosen target: the placement already said who chooses it; the attack line says which)
        out: List[str] = []
        if kind == Target.CAPTURE:
            owner = after.castles()
            who = next((o for o, cell in owner if cell == where), p)
            out.append(self._T("capture", Colour=cap(self.colour(c)), colour=self.colour(c), cell=self.cell(where),
                               who=self.seat(who if who is not None else p, v)))
        elif kind == Target.BATTLE:
            T = self._group(core.board, mid, where, self._kingdom(core, ecol)) if ecol < 6 else [where]
            t = sum(mid[x][1] for x in T)
            out.append(self._T("battle", Colour=cap(self.colour(c)), colour=self.colour(c), size=len(G), g=g,
                               enemy=self.colour(ecol) if ecol < 6 else "?", cell=self.cell(where), tsize=len(T),
                               t=t, how=self.text.get(f"how{m}", ""), How=cap(self.text.get(f"how{m}", "")), m=m,
                               removals=self._plural(m, "removal", "removals")))
        else:
            out.append(self._T("siege", Colour=cap(self.colour(c)), colour=self.colour(c), enemy=self.colour(ecol) if ecol < 6 else "?",
                               cell=self.cell(where)))
        out.extend(self._removal_tail(core, after, skip=(h,)))
        return out

    def _removal_tail(self, core, after, skip=()) -> List[str]:
        """The tokens an attack removed (other than at ``skip``), and removals still owed or lost."""
        before, now = core.cells(), after.cells()
        changed = []
        for x in range(NCELLS):
            if x in skip or before[x][0] >= 6 or before[x] == now[x]:
                continue
            if now[x][0] == before[x][0] and now[x][1] < before[x][1] or now[x][0] == Cell.EMPTY:
                changed.append(self._T("removed_cell", cell=self.cell(x), was=self.content(*before[x]),
                                       now=self.content(*now[x])))
        out = [self._T("removed", cells=self._join(changed))] if changed else []
        left = after.flags()["removals_left"]
        if after.phase == Phase.REMOVE and left:
            out.append(self._T("removals_left", n=left, removals=self._plural(left, "removal", "removals")))
        elif core.phase == Phase.REMOVE:
            lost = core.flags()["removals_left"] - 1 - sum(
                before[x][1] - now[x][1] for x in range(NCELLS) if x not in skip and before[x][0] < 6
                and now[x][0] in (before[x][0], Cell.EMPTY) and now[x][1] < before[x][1])
            if lost > 0:
                out.append(self._T("removals_lost", n=lost, removals=self._plural(lost, "removal", "removals"),
                                   are="is" if lost == 1 else "are"))
        return out

    # consequences --------------------------------------------------------------------------------------
    def _consequences(self, core, after, v, reason: Dict[int, Why], event: Event) -> List[str]:
        out: List[str] = []
        n = core.num_players
        before_cells, now_cells = core.cells(), after.cells()
        # black tokens restored by a castle, castles leaving the board
        gone = [self.cell(h) for h in range(NCELLS) if before_cells[h][0] == Cell.BLACK and now_cells[h][0] != Cell.BLACK]
        if gone:
            out.append(self._T("black_gone", cells=self._join(gone)))
        for h in range(NCELLS):
            if before_cells[h][2] >= 0 and now_cells[h][2] < 0:
                out.append(self._T("castle_gone", cell=self.cell(h)))
        # the alliance reset
        bs, as_ = core.alliance(), after.alliance()
        for space in (1, 2):
            was = [d for d in range(6) if bs[d] == space]
            if len(was) >= 3 and not any(s == space for s in as_) and all(after.ranks()[d] for d in was):
                members = was + [d for d in range(6) if not bs[d] and core.phase in (Phase.USE, Phase.ALLY_SPACE)
                                 and d == core.cur_col]
                out.append(self._T("alliance_reset", n=space, members=self._join([self.colour(d) for d in members])))
        # collapses
        rb, ra = core.ranks(), after.ranks()
        collapsed = [d for d in range(6) if rb[d] > 0 and ra[d] == 0]
        for d in collapsed:
            queen = any((d, 3) in core.power(q) for q in range(n))
            out.append(self._T("collapse", Colour=cap(self.colour(d)), colour=self.colour(d),
                               queen=self.text["queen"] if queen else ""))
        lost_colours = {d for d in range(6) if any(
            before_cells[h][0] == d and now_cells[h][0] != d for h in range(NCELLS))}
        # Power cards given back, persons returned
        p_dec = event.seat
        for q in range(n):
            pb, pa = core.power(q), after.power(q)
            for d in range(6):
                lost = [t for t in range(6) for _ in range(max(0, pb.get((d, t), 0) - pa.get((d, t), 0)))]
                if lost and not (q == p_dec and core.phase in (Phase.SETTLE_SELL, Phase.FORCED_SELL)):
                    out.append(self._T("cards_back", Whose=cap(self._whose(q, v)),
                                       cards=self._join([self.power_card(d, t) for t in lost]),
                                       go="go" if len(lost) > 1 or self.lang != "en" else "goes", colour=self.colour(d)))
        for i, (ob, oa) in enumerate(zip(core.persons(), after.persons())):
            if ob is not None and oa is None:
                out.append(self._T("person_back", Whose=cap(self._whose(ob, v)), person=names.person_name(i, self.lang)))
        # money
        others_paid = any(self._money(core, q)[0] != self._money(after, q)[0] for q in range(n) if q != p_dec)
        settling = (core.phase == Phase.SETTLE_SELL or after.round != core.round
                    or (core.phase == Phase.EXCHANGE and event.action == ExchangeAction.END and others_paid))
        told_settle = False
        sold_by: Optional[int] = None                    # the seat whose sale came first, at this price
        price = 0
        if core.phase == Phase.SETTLE_SELL and event.action:
            # the sale first; the settlement (after the last sale) comes in the same step, and money
            # with no place to go once the last Power card is sold goes back to the bank
            sold_by, price = p_dec, core.ranks()[(event.action - 1) // 6] + 3
            tb = self._money(core, p_dec)[0]
            out.append(self._S("gets", p_dec, v, n=price, why=self.text["why_sale"], a=tb, b=tb + price))
        for q in range(n):
            tb, _ = self._money(core, q)
            ta, wait = self._money(after, q)
            if ta == tb:
                continue
            why = reason.get(q, "") if q == p_dec else ""
            if q == sold_by:
                tb += price
                if ta == tb:
                    continue
                if ta < tb and not after.power(q):
                    out.append(self._S("returned", q, v, n=tb - ta, a=tb, b=ta))
                    continue
                why = "why_settle"
            elif settling and (not why or others_paid):
                why = "why_settle"
            elif not why and any(core.power(q).get((d, t)) for d in lost_colours for t in range(6)):
                why = "why_damage" if not set(collapsed) >= lost_colours else "why_lost"
            if core.phase == Phase.TAKE and q == p_dec and ta > tb and not isinstance(why, tuple):
                why = "why_row"
            if why == "why_settle" and not told_settle:
                out.append(self._T("settle", round=core.round))
                told_settle = True
            key = "gets" if ta > tb else "pays"
            line = self._S(key, q, v, n=abs(ta - tb), why=self._why(why), a=tb, b=ta)
            if wait and ta > tb and q == v:
                line = line[:-1] + self._T("waiting", n=wait) + "." if line.endswith(".") else line + self._T("waiting", n=wait)
            out.append(line)
        for q in range(n):
            owed_before, owed = core.money(q)[3], after.money(q)[3]
            if owed > owed_before and after.alive(q):
                why = "why_damage" if any(core.power(q).get((d, t)) for d in lost_colours for t in range(6)) else ""
                out.append(self._S("owes", q, v, n=owed, why=self.text.get(why, "") if why else ""))
        for q in range(n):
            if core.alive(q) and not after.alive(q):
                out.append(self._S("bankrupt", q, v))
        # flags
        fb, fa = core.flags(), after.flags()
        if fa["a6"] and not fb["a6"]:
            out.append(self._T("a6"))
        if fa["b5"] and not fb["b5"]:
            out.append(self._T("b5"))
        for mb, ma in zip(fb["milestones"], fa["milestones"]):
            if ma is not None and mb != ma:
                out.append(self._T("milestone", Colour=cap(self.colour(ma)), colour=self.colour(ma)))
            elif mb is not None and ma is None:
                out.append(self._T("milestone_lost", colour=self.colour(mb)))
        if fa["end_round"] and not fb["end_round"]:
            out.append(self._T("end_trigger", why=self.text.get("trig_" + str(fa["end_trigger"]), "?"),
                               round=fa["end_round"] + 1))
        if core.phase != Phase.C_REVEAL and len(after.row()) < len(core.row()) and core.phase != Phase.TAKE:
            out.append(self._T("row_reset"))
        return out

    def _why(self, why: Why) -> str:
        """The reason of a payment: a phrase key, or (key, its values)."""
        if not why:
            return ""
        if isinstance(why, tuple):
            return self._T(why[0], **why[1])
        return self.text.get(why, "")

    def _whose(self, q: int, v) -> str:
        if self.lang == "en":
            return self.text["your"] if q == v else self.text["seats"].format(who=self.seat(q, v))
        return self.text["seats"].format(who=self.seat(q, v))

    # --- what is asked ---------------------------------------------------------------------------------
    def prompt(self, core: KernelState, viewer: Optional[int]) -> str:
        p = core.current_player()
        if p < 0:
            return ""
        if viewer is not None and p != viewer:
            return self._S("p_wait", p, viewer)
        T, ph, c = self._T, core.phase, core.cur_col
        if ph == Phase.P1:
            return T("p_phase1", money=core.total_money(p))
        if ph == Phase.PICK_DIE:
            mask = core.flags()["dice"]
            return T("p_pick", shown=self._join([self.colour(d) for d in range(6) if mask >> d & 1]))
        if ph == Phase.USE:
            r = core.ranks()[c]
            oc = income_of(r) if r >= 15 else 0
            if oc and any(i == 2 and o == p for i, o in enumerate(core.persons())):
                oc = max(0, oc - 10)
            return T("p_use", colour=self.colour(c), rank=r, cost=T("p_cost", n=oc) if oc else "")
        if ph == Phase.ALLY_SPACE:
            return T("p_space", colour=self.colour(c))
        if ph == Phase.THERON_SRC:
            return T("p_theron_from", colour=self.colour(c))
        if ph == Phase.THERON_DST:
            return T("p_theron_to")
        if ph == Phase.TARGET:
            return T("p_target", colour=self.colour(c))
        if ph == Phase.REMOVE:
            n = core.flags()["removals_left"]
            return T("p_remove", n=n, removals=self._plural(n, "removal", "removals"))
        if ph == Phase.BUY:
            held = sum(core.power(p).values())
            return T("p_buy", colour=self.colour(c), price=core.ranks()[c], held=held, pl=core.power_limit(p))
        if ph == Phase.COMBO_ROLL:
            return T("p_combo_roll")
        if ph == Phase.SHADOW:
            return T("p_shadow", money=core.total_money(p))
        if ph == Phase.TAKE:
            return T("p_take", n=max(1, core.flags()["takes_left"]))
        if ph == Phase.EXCHANGE:
            legal = core.legal_actions()
            can_x = any(a >= ExchangeAction.DISCARD for a in legal)
            can_t = ExchangeAction.TRANSFER in legal
            key = ("p_exchange" if can_x and can_t else "p_exchange_x" if can_x
                   else "p_exchange_t" if can_t else "p_exchange_end")
            return T(key, n=core.flags()["exchanges_left"])
        if ph == Phase.TR_FROM:
            return T("p_tr_from")
        if ph == Phase.TR_TO:
            return T("p_tr_to", src=self.holding(core.tr_from))
        if ph == Phase.TR_AMOUNT:
            return T("p_tr_amount", src=self.holding(core.tr_from), dst=self.holding(core.tr_to),
                     have=self._holding_money(core, p, core.tr_from))
        if ph == Phase.ALLOCATE:
            hand, _, pend, _ = core.money(p)
            return T("p_allocate", n=pend, room=max(0, 10 - hand))
        if ph == Phase.SETTLE_SELL:
            return T("p_settle")
        if ph == Phase.FORCED_SELL:
            debt = core.money(p)[3]
            if debt:
                return T("p_forced_debt", debt=debt)
            return T("p_forced_pl", held=sum(core.power(p).values()), pl=core.power_limit(p))
        if ph == Phase.DISCARD:
            return T("p_discard", n=core.hand_size(p), tl=core.territory_limit(p))
        return self.game.describe_decision(self.game.decision_kind(core), self.lang)

    def action_label(self, core: KernelState, action: int, viewer: Optional[int]) -> str:
        try:
            return self._label(core, action, viewer)
        except Exception:
            if self.strict:
                raise
            return self.game.describe_action(self.game.action_to_string(core, action), self.lang)

    def _label(self, core, a: int, v) -> str:
        T, ph, c = self._T, core.phase, core.cur_col
        p = core.current_player()
        cells = core.cells()
        if ph == Phase.P1:
            if a == P1Action.ROLL:
                n = 1 + sum(k for (d, t), k in core.power(p).items() if t == 0)
                return T("l_roll", n=n, dice=self._plural(n, "die", "dice_pl"))
            if P1Action.MIL <= a < P1Action.SHADOW:
                return T("l_mil", colour=self.colour(a - P1Action.MIL))
            if a == P1Action.SHADOW:
                return T("l_shadow")
            if a == P1Action.TRANSFER_P1:
                return T("l_transfer")
            return T("l_black", cell=self.cell(a - P1Action.BLACK))
        if ph == Phase.PICK_DIE:
            return T("l_pick", colour=self.colour(a % 6), rank=core.ranks()[a % 6])
        if ph == Phase.USE:
            colour = self.colour(c)
            if a < UseAction.ALLY:
                h, k = a % 70, 1 if a < UseAction.COMBO else 2
                col, cnt, castle = cells[h]
                was = self.content(col, cnt, castle)
                now = self.content(c, (cnt if col == c else 0) + k, castle)
                return T("l_place" if k == 1 else "l_combo", colour=colour, cell=self.cell(h), was=was, now=now)
            if a in (UseAction.ALLY, UseAction.ENVOY):
                base = "l_ally" if a == UseAction.ALLY else "l_envoy"
                return T(base + ("_leave" if core.alliance()[c] else "_join"), colour=colour)
            if a == UseAction.THERON:
                return T("l_theron", colour=colour)
            if UseAction.TURN <= a < UseAction.ENVOY:
                h = a - UseAction.TURN
                col, cnt, _ = cells[h]
                return T("l_turncloak", n=cnt, old=self.colour(col), tokens=self._plural(cnt, "token", "tokens"),
                         cell=self.cell(h), colour=colour)
            if a == UseAction.DECLINE:
                return T("l_decline", colour=colour)
            return T("l_transfer")
        if ph == Phase.ALLY_SPACE:
            members = [self.colour(d) for d, s in enumerate(core.alliance()) if s == a + 1]
            return T("l_space", n=a + 1, members=self._join(members) if members else self.text["none"])
        if ph == Phase.THERON_SRC:
            h = a % NCELLS
            return T("l_from", cell=self.cell(h), now=self.content(*cells[h]))
        if ph == Phase.THERON_DST:
            h, n = a % NCELLS, a // NCELLS + 1
            col, cnt, castle = cells[h]
            return T("l_to", n=n, tokens=self._plural(n, "token", "tokens"), cell=self.cell(h),
                     was=self.content(col, cnt, castle), now=self.content(c, (cnt if col == c else 0) + n, castle))
        if ph == Phase.TARGET:
            kind, where, m = core.candidates()[a]
            ecol = cells[where][0]
            enemy = self.colour(ecol) if ecol < 6 else "?"
            if kind == Target.CAPTURE:
                return T("l_capture", cell=self.cell(where))
            if kind == Target.BATTLE:
                return T("l_battle", enemy=enemy, cell=self.cell(where), how=self.text.get(f"how{m}", ""), m=m,
                         removals=self._plural(m, "removal", "removals"))
            return T("l_siege", enemy=enemy, cell=self.cell(where))
        if ph == Phase.REMOVE:
            h = a % NCELLS
            col, cnt, castle = cells[h]
            return T("l_remove", enemy=self.colour(col) if col < 6 else "?", cell=self.cell(h),
                     now=self.content(col, cnt, castle))
        if ph == Phase.BUY:
            return T("l_buy", colour=self.colour(c), price=core.ranks()[c]) if a else T("l_no_buy")
        if ph == Phase.COMBO_ROLL:
            return T("l_combo_roll") if a else T("l_stop")
        if ph == Phase.SHADOW:
            if a == ShadowAction.NONE:
                return T("l_none")
            if a < ShadowAction.CASTLE:
                i = (a - ShadowAction.PERSON) % 4
                return T("l_person", person=names.person_name(i, self.lang), price=PERSON_PRICES[i],
                         what=self.text[f"what{i}"])
            h = a - ShadowAction.CASTLE
            from intrigue.ext.shadow_master_core import distance
            blacks = sum(1 for x in range(NCELLS) if cells[x][0] == Cell.BLACK and distance(x, h) <= 2)
            return T("l_castle", cell=self.cell(h), colour=self.colour(cells[h][0]), price=CASTLE_PRICE + 5 * blacks)
        if ph == Phase.TAKE:
            if a == 0:
                return T("l_draw", n=core.draw_size() or len(core.discard_pile()))
            card, silver = core.row()[a - 1]
            return T("l_take", card=self.card(card), pos=a, cost=T("l_take_cost", n=a - 1) if a > 1 else "",
                     silver=T("l_take_silver", n=silver) if silver else "")
        if ph == Phase.EXCHANGE:
            if a == ExchangeAction.END:
                return T("l_end")
            if a == ExchangeAction.TRANSFER:
                return T("l_transfer")
            return T("l_exchange", card=self.card(a - ExchangeAction.DISCARD))
        if ph in (Phase.TR_FROM, Phase.TR_TO):
            h = a % 7
            key = "l_hold_from" if ph == Phase.TR_FROM else "l_hold_to"
            return T(key, holding=self.holding(h), n=self._holding_money(core, p, h))
        if ph == Phase.TR_AMOUNT:
            amount = self._holding_money(core, p, core.tr_from) if a == AMOUNT_ALL else a + 1
            fee = amount // 10
            return T("l_amount", n=amount, fee=T("l_fee", fee=fee, net=amount - fee) if fee else "")
        if ph == Phase.ALLOCATE:
            chunk, h = (a // 7) % 4, a % 7
            hand, _, pend, _ = core.money(p)
            n = min((1, 5, 10, pend)[chunk], pend)
            if h == 0:
                n = min(n, 10 - hand)
            where = self.text["in_hand"] if h == 0 else self._T("on_dep", colour=self.colour(h - 1))
            return T("l_put", n=n, where=where)
        if ph == Phase.SETTLE_SELL:
            if a == 0:
                return T("l_keep")
            col, t = (a - 1) // 6, (a - 1) % 6
            return T("l_sell", card=self.power_card(col, t), price=core.ranks()[col] + 3)
        if ph == Phase.FORCED_SELL:
            col, t = a // 6, a % 6
            return T("l_sell", card=self.power_card(col, t), price=core.ranks()[col])
        if ph == Phase.DISCARD:
            return T("l_discard", card=self.card(a))
        return self.game.describe_action(self.game.action_to_string(core, a), self.lang)

    def group(self, core: KernelState, actions: List[int], viewer: Optional[int], depth: int):
        """A transfer amount is asked in two steps when there are many: a range of ten, then the sum."""
        if core.phase != Phase.TR_AMOUNT or depth != 0 or len(actions) <= 12:
            return None
        p = core.current_player()
        have = self._holding_money(core, p, core.tr_from)
        groups: Dict[int, List[int]] = {}
        for a in actions:
            amount = have if a == AMOUNT_ALL else a + 1
            groups.setdefault(amount // 10, []).append(a)
        options = []
        for k, acts in sorted(groups.items()):
            amounts = sorted(have if a == AMOUNT_ALL else a + 1 for a in acts)
            lo, hi = amounts[0], amounts[-1]
            options.append((self._T("g_amount", lo=lo, hi=hi) if hi > lo else self._T("g_amount1", lo=lo), acts))
        return self._T("q_amount"), options

    def wants_board(self, core: KernelState, viewer: Optional[int]) -> bool:
        """The board at the start of each of the viewer's turns and before a choice of attack target
        (``board`` shows it at any time)."""
        return core.phase in (Phase.P1, Phase.TARGET)

    # --- why a move is not possible ------------------------------------------------------------------
    #: the notation's first words and the decisions they answer (docs/shadow_master.md, "Notation")
    VERBS = {
        "roll": ("phase1", "combo_roll"), "military": ("phase1",), "black": ("phase1",), "shadow": ("phase1",),
        "transfer": ("phase1", "use", "exchange"), "pick": ("pick_die",), "place": ("use",), "combo": ("use",),
        "ally": ("use",), "theron": ("use",), "turncloak": ("use",), "envoy": ("use",), "decline": ("use",),
        "space": ("alliance_space",), "from": ("theron_from", "transfer_from"), "to": ("theron_to", "transfer_to"),
        "battle": ("target",), "siege": ("target",), "capture": ("target",), "remove": ("remove",),
        "buy": ("buy", "shadow"), "pass": ("buy",), "stop": ("combo_roll",), "none": ("shadow",),
        "castle": ("shadow",), "draw": ("take",), "take": ("take",), "end": ("exchange",),
        "discard": ("exchange", "discard"), "amount": ("transfer_amount",), "put": ("allocate",),
        "keep": ("settle_sell",), "sell": ("settle_sell", "forced_sell"),
    }

    def why_illegal(self, core: KernelState, text: str, viewer: Optional[int]) -> str:
        p = core.current_player()
        if viewer is not None and p != viewer and p >= 0:
            return self._S("p_wait", p, viewer)
        try:
            a = self.game.string_to_action(core, text)
        except Exception as err:
            for word in text.split()[1:]:             # a cell that is not on the board ("place Z9")
                if re.fullmatch(r"[A-Za-z]\d+", word) and word.upper() not in CELL_NAMES:
                    return self._T("w_no_cell", cell=word.upper()) + " " + self.prompt(core, viewer)
            return self.why_unread(core, text, viewer, err)
        if core.is_legal(a):
            return ""
        T, ph, c = self._T, core.phase, core.cur_col
        cells = core.cells()
        hand = core.hand_cards(p) if p >= 0 else []
        money = core.total_money(p) if p >= 0 else 0
        if ph == Phase.USE and a < UseAction.ALLY:
            h = a % 70
            if h not in hand:
                return T("w_card", cell=self.cell(h))
            if a >= UseAction.COMBO and XCARD not in hand:
                return T("w_x")
            col, cnt, castle = cells[h]
            if col == Cell.BLACK:
                return T("w_black_cell", cell=self.cell(h))
            if col < 6 and col != c:
                return T("w_colour", cell=self.cell(h), other=self.colour(col))
            if core.received()[h]:
                return T("w_received", cell=self.cell(h))
            if col < 6:
                return T("w_full", cell=self.cell(h))
        if ph == Phase.P1 and P1Action.MIL <= a < P1Action.SHADOW:
            d = a - P1Action.MIL
            if not core.power(p).get((d, TYPES.index("military"))):
                return T("w_mil_card", colour=self.colour(d))
            return T("w_mil_use", colour=self.colour(d))
        if (ph, a) in ((Phase.P1, P1Action.TRANSFER_P1), (Phase.USE, UseAction.TRANSFER),
                       (Phase.EXCHANGE, ExchangeAction.TRANSFER)):
            return self._why_no_transfer(core, p)
        if ph == Phase.P1 and a >= P1Action.BLACK:
            h = a - P1Action.BLACK
            if not core.flags()["a6"]:
                return T("w_locked")
            if h not in hand:
                return T("w_card", cell=self.cell(h))
            if not core.flags()["black_supply"]:
                return T("w_black_supply")
            return T("w_black_empty")
        if ph == Phase.SHADOW and ShadowAction.PERSON <= a < ShadowAction.CASTLE:
            i = (a - ShadowAction.PERSON) % 4
            if money < PERSON_PRICES[i]:
                return T("w_money", what=names.person_name(i, self.lang), cost=PERSON_PRICES[i], have=money)
        if ph == Phase.TAKE and a > 0:
            if core.hand_size(p) >= core.territory_limit(p):
                return T("w_take_tl", tl=core.territory_limit(p))
            n = len(core.row())
            if a > n:
                return T("w_take_row", n=n, cards=self._plural(n, "card", "cards"), pos=a) if n else T("w_take_row0")
            if a - 1 > money:
                return T("w_take_money", pos=a, cost=a - 1, have=money)
        if ph == Phase.BUY and a and money < core.ranks()[c]:
            return T("w_buy_money", colour=self.colour(c), cost=core.ranks()[c], have=money)
        return T("why", text=text, prompt=self.prompt(core, viewer))

    def _why_no_transfer(self, core: KernelState, p: int) -> str:
        """Why seat p cannot transfer now (the kernel's test: once a round, from a holding with money
        to another that can take it: the hand below 10, or a deposit on a colour p holds cards of)."""
        if core.flags()["transfer_used"][p]:
            return self._T("w_tr_used")
        hand, deps, _, _ = core.money(p)
        if not hand and not any(deps):
            return self._T("w_tr_broke")
        if not core.power(p) and not any(deps):
            return self._T("w_tr_full" if hand >= 10 else "w_tr_nowhere")
        return self._T("w_tr_none")

    # --- the board ------------------------------------------------------------------------------------
    def _paint(self, text: str, c: int) -> str:
        return f"{ANSI[c]}{text}{RESET}" if self.color and 0 <= c < 6 else text

    def board(self, state, viewer: Optional[int]) -> str:
        """The position as ``viewer`` sees it, in at most 100 columns."""
        core = state.core
        T = self._T
        f = core.flags()
        final = self.text["final"] if f["end_round"] and core.round > f["end_round"] else ""
        out = self._split(T("b_top", round=core.round, final=final, first=self.seat(core.first_player, viewer),
                            black=f["black_supply"], locked=self.text["b_unlocked" if f["a6"] else "b_locked"]))
        out.extend(self._board_grid(core))
        out.extend(self._split("  " + T("b_legend")))
        # the kingdoms
        ranks, supply = core.ranks(), core.supply()
        w = max(10, max(width(self.colour(c)) for c in range(6)) + 1)
        head = max(width(self.text[k]) for k in ("b_rank", "b_income", "b_supply", "b_deck")) + 1
        out.append(pad(self.text["b_colour"], head) + "".join(
            pad(self._paint(self.colour(c), c), w, right=True) for c in range(6)))
        for key, values in (("b_rank", ranks), ("b_income", [income_of(r) for r in ranks]),
                            ("b_supply", supply), ("b_deck", [sum(core.deck(c)) for c in range(6)])):
            out.append(pad(self.text[key], head) + "".join(pad(str(x), w, right=True) for x in values))
        spaces = core.alliance()
        used = sorted({s for s in spaces if s})
        if used:
            out.append(T("b_alliance", spaces="   ".join(
                f"X{s}: " + " ".join(self._paint(COLOURS[d], d) for d in range(6) if spaces[d] == s) for s in used)))
        else:
            out.append(T("b_alliance_empty"))
        bonuses = []
        if f["a6"]:
            bonuses.append(self.text["f_a6"])
        if f["b5"]:
            bonuses.append(self.text["f_b5"])
        bonuses += [T("f_ms", colour=self.colour(m)) for m in f["milestones"] if m is not None]
        if bonuses:
            out.append(T("b_flags", items=", ".join(bonuses)))
        row = core.row()
        cards = "  ".join(f"{i + 1}:{self.card(t)}" + (f"(+{s})" if s else "") for i, (t, s) in enumerate(row))
        out.extend(self._split(T("b_row", cards=cards or self.text["none"], draw=core.draw_size(),
                                 disc=len(core.discard_pile())), sep="   "))
        # the players
        cp = core.current_player()
        persons, castles = core.persons(), core.castles()
        for p in range(core.num_players):
            hand, deps, pend, _ = core.money(p)
            dep = "".join(f", {self._paint(COLOURS[c], c)} {deps[c]}" for c in range(6) if deps[c])
            if pend:
                dep += self._T("waiting", n=pend).replace(" (", ", ").rstrip(")")
            mark = "> " if cp == p else "  "
            who = cap(self.seat(p, viewer))
            out.extend(self._split(T("b_player", mark=mark, who=who, money=core.total_money(p), hand=hand, deps=dep,
                                     score=core.score(p), income=core.income(p), held=sum(core.power(p).values()),
                                     pl=core.power_limit(p), cards=core.hand_size(p), tl=core.territory_limit(p))))
            if not core.alive(p):
                out.append(T("b_out"))
                continue
            power = core.power(p)
            if power:
                items = [self._paint(self.power_card(c, t), c) + (f" x{k}" if k > 1 else "")
                         for (c, t), k in sorted(power.items())]
                out.extend(self._wrap(T("b_power", cards=", ".join(items)), "    "))
            extra = [names.person_name(i, self.lang) for i, o in enumerate(persons) if o == p]
            extra += [T("castle_on", cell=self.cell(cell)) for o, cell in castles if o == p and cell is not None]
            if extra:
                out.append(T("b_extra", items=", ".join(extra)))
            if viewer is None or viewer == p:
                mine = " ".join(self.card(t) for t in core.hand_cards(p)) or self.text["none"]
                out.append(T("b_yours" if viewer == p else "b_hand", cards=mine))
            else:
                known = core.known_cards(p)
                if known:
                    out.append(T("b_known", cards=" ".join(self.card(t) for t in known)))
        if f["end_round"] and not core.is_terminal():
            out.append(T("b_end", round=f["end_round"] + 1))
        return "\n".join(out)

    def _board_grid(self, core) -> List[str]:
        """The hex board, two text lines per row: the even columns (A, C, E ...) on the first line and
        the odd columns (B, D, F ...), half a cell lower, on the second.  Every cell is written with
        its name and contents (``K1:R2``), so a cell is found by its name."""
        cells = core.cells()
        recv = core.received()
        cols = [q for q in range(14) if cells[q][0] != Cell.OFF]
        slot = 5                                   # columns per board column: 4 + 13 * 5 + 7 = 76 at most
        lines = ["    " + "".join(pad(names.COLUMNS[q], slot) for q in cols).rstrip()]
        for r in range(5):
            for parity in (0, 1):
                line = f"{r + 1:>2}  " if parity == 0 else "    "
                for i, q in enumerate(cols):
                    if q % 2 != parity:
                        continue
                    h = 14 * r + q
                    col, cnt, castle = cells[h]
                    body = self._paint(self.stack(col, cnt, castle), col)
                    if recv[h]:
                        body += "*"
                    text = f"{names.COLUMNS[q]}{r + 1} {body}"
                    start = 4 + i * slot
                    line = pad(line, start) + text
                lines.append(line.rstrip())
        return lines

    @staticmethod
    def _split(line: str, sep: str = " · ") -> List[str]:
        """``line``, or its head and tail on two lines (the tail indented) when it is too wide, cut at
        the last ``sep`` that lets the head fit."""
        if width(line) <= WIDTH or sep not in line:
            return [line]
        cut = line.rfind(sep)
        while cut > 0 and width(line[:cut]) > WIDTH:
            cut = line.rfind(sep, 0, cut)
        if cut <= 0:
            return [line]
        return [line[:cut], "      " + line[cut + len(sep):]]

    @staticmethod
    def _wrap(line: str, indent: str) -> List[str]:
        """``line`` broken at ", " to fit the width, continuation lines indented."""
        if width(line) <= WIDTH:
            return [line]
        out, cur = [], ""
        for part in line.split(", "):
            cand = part if not cur else cur + ", " + part
            if width(cand) > WIDTH and cur:
                out.append(cur + ",")
                cur = indent + "  " + part
            else:
                cur = cand
        out.append(cur)
        return out

    # --- the end and the rules -----------------------------------------------------------------------
    def end_screen(self, core: KernelState, viewer: Optional[int], *, board: bool = True,
                   placings: bool = True) -> str:
        """Every seat's score broken down as the rules count it, the winner named and the reason
        (``board=False``: without the board; the score table says more than the placings: it stays)."""
        from intrigue.engine.game import State
        res = self.game.result(core)
        T = self._T
        ranks = core.ranks()
        n = core.num_players
        lines = ([self.board(State(self.game, core), viewer), ""] if board else []) + [T("end_title")]
        names_ = [_clip(cap(self.seat(p, viewer)), 14) for p in range(n)]
        w = max(12, max(width(x) for x in names_) + 3)
        cols = self.text["end_cols"].split("  ")
        lines.append(pad("", w) + "".join(pad(c, 9, right=True) for c in cols))
        for p in sorted(range(n), key=lambda q: (res.placings[q], q)):
            money = core.total_money(p)
            power = sum(ranks[c] * k for (c, t), k in core.power(p).items())
            deeds = 5 * core.hand_size(p)
            persons = sum(PERSON_PRICES[i] for i, o in enumerate(core.persons()) if o == p)
            castles = CASTLE_PRICE * sum(1 for o, cell in core.castles() if o == p)
            total = core.score(p)
            mark = "★ " if p in res.winners else "  "
            row = pad(f"{res.placings[p]}. {mark}{names_[p]}", w) + "".join(
                pad(str(x), 9, right=True) for x in (money, power, deeds, persons, castles, total))
            if not core.alive(p):
                row += f"  ({self.text['out']})"
            lines.append(row)
        best = int(res.scores[res.winners[0]]) if res.scores and res.winners else 0
        if len(res.winners) == 1:
            lines.append(self._S("winner", res.winners[0], viewer, score=best))
        else:
            lines.append(T("winners", who=cap(self._join([self.seat(w_, viewer) for w_ in res.winners])), score=best))
        import textwrap
        lines.extend(textwrap.wrap(T("end_reason", reason=self._reason(res.reason)), WIDTH, subsequent_indent="  ",
                                   break_on_hyphens=False))
        return "\n".join(lines)

    def _reason(self, reason: str) -> str:
        """The engine's reason for the end, in the display language where it is a known one."""
        if self.lang == "en":
            return reason
        import re
        m = re.fullmatch(r"final round played \(end triggered in round (\d+) by (.+)\)", reason)
        if m:
            words = {"at most 3 empty cells": "trig_empty_cells", "a kingdom of rank 30": "trig_rank_30",
                     "two colours out of tokens": "trig_two_supplies", "the round cap": "trig_round_cap"}
            why = self.text.get(words.get(m.group(2), ""), m.group(2))
            return self._T("reason_final", round=m.group(1), why=why)
        if reason == "the last player not bankrupt":
            return self.text["reason_last"]
        return reason

    def rules(self, core: KernelState, viewer: Optional[int]) -> str:
        """The part of the rules that matters now, then the goal."""
        ph = core.phase
        parts = []
        if ph in (Phase.P1, Phase.PICK_DIE, Phase.USE, Phase.ALLY_SPACE, Phase.THERON_SRC,
                  Phase.THERON_DST, Phase.BUY, Phase.COMBO_ROLL, Phase.SHADOW):
            parts += [self.text["rules_phase1"], self.text["rules_attack"]]
        elif ph in (Phase.TARGET, Phase.REMOVE):
            parts += [self.text["rules_attack"]]
        elif ph == Phase.TAKE:
            parts += [self.text["rules_phase2"]]
        elif ph in (Phase.EXCHANGE, Phase.TR_FROM, Phase.TR_TO, Phase.TR_AMOUNT):
            parts += [self.text["rules_phase3"]]
        else:
            parts += [self.text["rules_settle"]]
        parts += [self.text["rules_end"], self.text["rules_goal"], self.text["rules_guide"]]
        import textwrap
        return "\n".join(textwrap.fill(part, WIDTH, subsequent_indent="  ", break_on_hyphens=False)
                         for part in parts)
