"""The worked example of politics.md section 14, move by move, with its numbers checked."""
from support.politics import coins, dealt, pass_windows, play


def test_worked_example_round_1():
    s = dealt(6, roles=(1, 4),
              hands=["H0 H0 H1", "H1 H1 C1", "H0 H1 C2", "H2 C1 C1", "H2 C2 C3", "C1 C3 C3"],
              backroom=["block", "media", "coup", "dealbreak", "block", "media"])
    core = s.core
    assert sum(core.pile) == 30 and all(core.coins(p)["INF"] == 2 for p in range(6))
    # 1. Phase 1: P2 drawn, pays the fee; nobody else holds COUP; P2 tries; its right is used
    #    when its government forms (D7, revision 2).
    play(s, "leader 2")
    assert coins(s, 2)["INF"] == 1
    asked = []
    while s.decision().kind == "coup_window":
        asked.append(s.current_player())
        assert s.legal_moves() == ["pass"]
        play(s, "pass")
    assert asked == [3, 4, 5, 0, 1]          # clockwise from P2's left; P2 itself is not asked
    assert core.flags(2)["right"] and core.flags(2)["tried"]
    play(s, "invite 3 offer 1", "accept", "invite 5 offer 2", "decline")
    assert "invite 4 offer 1" in s.legal_moves() and "invite 4 offer 3" not in s.legal_moves()
    play(s, "invite 4 offer 1", "accept")
    assert core.members == [2, 3, 4]
    assert not core.flags(2)["right"]
    assert [coins(s, p)["INF"] for p in (2, 3, 4)] == [3, 4, 4]
    assert [core.stats(p)["joined"] for p in range(6)] == [0, 0, 0, 1, 1, 0]
    # 2. Phase 2
    play(s, "no_contract", "propose H0 H1", "no_contract", "propose H2 C1", "hold 0 1", "accept")
    assert core.contracts[0]["template"] == "hold" and core.contracts[0]["slot"] == "A"
    dealbreak_asked = []
    while s.decision().kind == "dealbreak_window":
        dealbreak_asked.append((s.current_player(), s.legal_moves()))
        play(s, "pass")
    # every other holder of a backroom card is asked; only P3 could play
    assert dealbreak_asked == [(5, ["pass"]), (1, ["pass"]), (2, ["pass"]), (3, ["pass", "play dealbreak"])]
    play(s, "propose C2 C3")
    assert s.decision().kind == "look" and s.legal_moves() == ["table H0 H1 H2 C1 C2 C3"]
    play(s, "table H0 H1 H2 C1 C2 C3")
    # 3. Phase 3: P5, P0, P1
    assert s.current_player() == 5
    play(s, "no_contract", "inspect")
    assert coins(s, 5)["INF"] == 1
    play(s, "reveal C3")
    pass_windows(s)
    assert coins(s, 5)["INF"] == 3 and core.stats(5)["caught"] == 1
    assert not core.failed_gov
    play(s, "no_contract", "withdraw", "draw 0 H2", "draw 0 C1", "discard H0 C1")
    assert coins(s, 0)["UND"] == 1
    assert s.decision().kind == "opposition_action" and s.current_player() == 1   # no one left to contract with
    play(s, "deal", "backroom 1 coup")
    assert coins(s, 1)["INF"] == 0 and core.backroom_count(1) == 2
    # 4. Phase 4: 5 passed (> 3): P2 discards C2
    assert s.decision().kind == "leader_discard"
    play(s, "discard C2", "policies H0 H1 H2 C1")
    pass_windows(s, {1: "media H2"})
    assert s.decision().kind == "block_window"
    pass_windows(s, {0: "play block"})
    # 5. Phase 5: slot A met (P0 did not inspect); P4 breaks it
    assert s.decision().kind == "resolve_contract" and s.current_player() == 4
    play(s, "break")
    assert sum(core.discard) == 8
    play(s, "draw 2 H0", "draw 2 H0", "draw 3 H1", "draw 3 H1", "draw 4 H2", "draw 4 C3")
    assert sum(core.pile) == 22 and core.round == 1 and s.decision().kind == "leader_draw"
    table = {p: (coins(s, p)["INF"], coins(s, p)["LEG"], coins(s, p)["UND"], coins(s, p)["HON"],
                 coins(s, p)["BET"], core.backroom_count(p)) for p in range(6)}
    assert table == {0: (2, 0, 2, 0, 0, 0), 1: (0, 0, 0, 0, 0, 1), 2: (4, 3, 2, 0, 0, 1),
                     3: (5, 3, 2, 0, 0, 1), 4: (5, 3, 2, 0, 1, 1), 5: (3, 0, 0, 0, 0, 1)}
    assert [core.stats(p)["gov_ok"] for p in range(6)] == [0, 0, 1, 1, 1, 0]
    assert [core.flags(p)["right"] for p in range(6)] == [True, True, False, True, True, True]


def test_worked_example_second_c_fails_the_government():
    """The example's last paragraph: a second C turned up fails the government at once."""
    s = dealt(6, roles=(1, 4),
              hands=["H0 H0 H1", "H1 H1 C1", "H0 H1 C2", "H2 C1 C1", "H2 C2 C3", "C1 C3 C3"],
              backroom=["block", "media", "coup", "dealbreak", "block", "media"])
    play(s, "leader 2")
    pass_windows(s)
    play(s, "invite 3 offer 1", "accept", "invite 4 offer 1", "accept")
    play(s, "no_contract", "propose H0 H1", "no_contract", "propose H2 C1", "no_contract", "propose C2 C3",
         "table H0 H1 H2 C1 C2 C3")
    play(s, "no_contract", "inspect", "reveal C3")
    pass_windows(s)
    play(s, "no_contract", "inspect", "reveal C1")
    pass_windows(s)
    core = s.core
    assert core.failed_gov and core.fails == 1
    # P1 never acts; each member lost INF 1 and LEG 1 (not below 0); P2 may buy a backroom card
    assert not core.flags(1)["acted"]
    assert [coins(s, p)["INF"] for p in (2, 3, 4)] == [2, 3, 3]
    assert s.decision().kind == "failed_leader_draw" and s.current_player() == 2
    assert s.legal_moves() == ["pass", "buy"]
    play(s, "buy")
    assert coins(s, 2)["INF"] == 1 and s.decision().kind == "backroom_draw"
