"""The standings as the pages read them (the pure ranking is `ranking`): the board, the
playoff bracket, the standings table and its pages."""
