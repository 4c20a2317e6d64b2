"""The register's one rule of its own: no two entries answer to names that cannot be told
apart (the same league.names key), so every page and every exact match is unambiguous."""

from league.names import name_key

from .models import Club, Player


def same_name(club: Club, name: str, exclude: int | None = None) -> Player | None:
    """The entry (but `exclude`) whose name or an alias has the same key as `name`."""
    key = name_key(name)
    for player in club.players.exclude(pk=exclude).only("name", "aliases"):
        if any(name_key(n) == key for n in [player.name, *player.aliases]):
            return player
    return None
