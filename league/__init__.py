"""The league domain: records, rulesets, validation, standings and output tables.

Pure Python and numpy only: no spreadsheet client, no CLI, no file or network I/O.
"""
