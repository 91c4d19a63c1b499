"""C-speed kernels, written in Cython.

* :mod:`intrigue.ext.game_api` -- the C-level game ABI (:c:type:`GameVT`) every kernel exports, the
  thin Python base class :class:`KernelState` and the random generator :class:`Rng`;
* :mod:`intrigue.ext.coup_core` -- Coup's 64-byte state, move generation, apply, playouts;
* :mod:`intrigue.ext.ismcts` -- the game-agnostic ISMCTS loop (when built).
"""
