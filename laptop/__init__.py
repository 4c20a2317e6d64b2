"""The night on one laptop: the address phones reach it at, its server, and the copies of
its database that let the night survive the laptop."""
