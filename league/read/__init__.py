"""From grids of cells to typed records: one reader per kind of input tab, each reporting what it cannot read."""
