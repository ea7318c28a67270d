"""Typed records of a league: events, competitors, matches, penalties, and the League that holds them."""
