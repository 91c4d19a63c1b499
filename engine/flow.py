"""Who is to move besides the seats: the two special values of ``current_player()`` (the same in the C
kernels' ABI, ``ext/game_api.pxd``).  A module of its own so that every engine module can use them
without importing the game interface."""

CHANCE = -1
"""``current_player()`` while a chance event (a deal, a draw) is due."""
TERMINAL = -2
"""``current_player()`` once the game is over."""
