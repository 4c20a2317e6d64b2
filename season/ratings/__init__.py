"""A club's ratings at each game: built, stored, checked; their pages."""
