"""Shadow Master: the board game of seed 003 (see docs/shadow_master.md)."""
