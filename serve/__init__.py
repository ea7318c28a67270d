"""The live pages of event day: standings, pairings and a TV screen, served while `league watch` syncs."""
