"""The game at the table that every screen shares: the session (the match, who sits where,
whose screen it is), its seats, its words, each game's words and levels, the hand's
order, the deal codes."""
