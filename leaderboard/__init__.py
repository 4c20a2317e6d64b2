"""The standings as the pages read them (the pure ranking is the `standings` package):
the board, the playoff bracket, the standings table and its pages."""
