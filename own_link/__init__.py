"""A player's own link for the night (`/p/<token>/`): where to sit, the table, the news."""
