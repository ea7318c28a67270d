"""Components: each rule concept a ruleset may use (a catalog with bans, rosters, hero health) owns its TOML table,
its checks and what it adds to the input and output tabs, declared by the hooks of `base.Component`. A ruleset
combines the ones whose tables it has; `registry.py` lists them all, one line each."""
