# The search abstractions (section 22): in the search's worlds only (abstraction_on, set by the belief
# hook), some legal action lists are pruned to a few representatives -- transfer amounts, the order of
# BATTLE removals, Lord Theron's sources and castle cells.  Included by shadow_master_core.pyx.


# --- search abstractions (section 22; only in the search's worlds, see sm_belief_step) ----------------------
cdef int macro_amounts(const SMState* s, int p, int* out) noexcept nogil:
    """ABS_MONEY transfer amounts: 1, 5, 10, what fills the hand, half and all of the holding."""
    cdef int tot = holding_money(s, p, s.transfer_from), cand[6], n = 0, i, j, a, room, dup
    room = HAND_LIMIT - s.hand_money[p]
    cand[0] = 1
    cand[1] = 5
    cand[2] = 10
    cand[3] = 0
    if s.transfer_to == HOLDING_HAND:
        for a in range(1, tot + 1):
            if a - transfer_fee(a) <= room:
                cand[3] = a
    cand[4] = tot // 2
    cand[5] = tot
    for i in range(6):
        a = cand[i]
        if a > AMOUNT_ALL:
            if s.transfer_to != HOLDING_HAND and a == tot:
                a = AMOUNT_ALL + 1            # the id AMOUNT_ALL
            else:
                continue
        elif not amount_ok(s, p, a):
            continue
        dup = 0
        for j in range(n):
            if out[j] == a - 1:
                dup = 1
        if not dup:
            out[n] = a - 1
            n += 1
    sort_ids(out, n)                          # ascending ids
    return n

cdef inline void sort_ids(int* out, int n) noexcept nogil:
    """Sort a short action-id list in place, ascending (insertion sort: the lists hold a few ids)."""
    cdef int i, j, t
    for i in range(1, n):
        j = i
        while j > 0 and out[j - 1] > out[j]:
            t = out[j]
            out[j] = out[j - 1]
            out[j - 1] = t
            j -= 1

cdef int prune_theron(const SMState* s, int c, int* out, int n) noexcept nogil:
    """ABS_CELLS: Lord Theron moves from a stack (the cell stays) or from a cell with at most one
    neighbour of its colour (the group does not split); all sources if none is such."""
    cdef int i, k = 0, h, j, same
    for i in range(n):
        h = out[i]
        same = 0
        for j in range(N_NEIGHBOURS[s.board][h]):
            if s.colour[NEIGHBOUR[s.board][h][j]] == c:
                same += 1
        if s.tokens[h] >= 2 or same <= 1:
            out[k] = h
            k += 1
    return k if k > 0 else n

cdef int prune_castles(const SMState* s, int* out, int n) noexcept nogil:
    """ABS_CELLS: castles only on front cells (next to another colour's tokens); all if none is."""
    cdef int i, k = 0, h, j, d
    for i in range(n):
        h = out[i] - SH_CASTLE
        for j in range(N_NEIGHBOURS[s.board][h]):
            d = s.colour[NEIGHBOUR[s.board][h][j]]
            if d < NCOL and d != s.colour[h]:
                out[k] = out[i]
                k += 1
                break
    return k if k > 0 else n
