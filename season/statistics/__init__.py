"""Each player's and partnership's statistics: loaded and their pages."""
