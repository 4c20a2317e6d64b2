"""The club's register pages: its players, renaming and merging entries; a new club."""
