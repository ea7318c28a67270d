"""Rulesets: a league format as data (TOML), checked once into frozen records."""
