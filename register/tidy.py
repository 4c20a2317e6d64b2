"""Keeping the club's register tidy: renaming an
entry and merging two entries that are one player. The ladder, ratings and statistics
read the links, so they follow a merge at once."""

from __future__ import annotations

from django.db import transaction

from club.models import Player
from tournament.linking import LinkError, add_alias
from tournament.models import Entrant, Tournament


def rename(player: Player, name: str) -> None:
    """A new name for an entry (its form checks it is free); the old one becomes an
    alias, so the entrants who typed it still link to it exactly."""
    with transaction.atomic():
        old = Player.objects.values_list("name", flat=True).get(pk=player.pk)
        player.name = name.strip()
        player.aliases = [a for a in player.aliases if a != player.name]
        player.save(update_fields=["name", "aliases"])
        add_alias(player, old)


def shared_nights(kept: Player, merged: Player) -> list[Tournament]:
    """The nights both entries played: then they are two people, not one."""

    def nights(player):
        return set(
            Entrant.objects.filter(member1=player).values_list("tournament_id", flat=True)
        ) | set(Entrant.objects.filter(member2=player).values_list("tournament_id", flat=True))

    both = nights(kept) & nights(merged)
    return list(Tournament.objects.filter(pk__in=both).order_by("date", "name"))


def merge(kept: Player, merged: Player) -> int:
    """Merge `merged` into `kept`: its entrants follow, its names become aliases of the
    kept one, it is removed. Returns how many player links moved."""
    if kept.pk == merged.pk or kept.club_id != merged.club_id:
        raise LinkError("Choose two different players of this club's register.")
    both = shared_nights(kept, merged)
    if both:
        raise LinkError(
            f"{kept.name} and {merged.name} both played on {both[0].name} "
            f"({both[0].date:%d %b %Y}): they are two people."
        )
    with transaction.atomic():
        moved = Entrant.objects.filter(member1=merged).update(member1=kept)
        moved += Entrant.objects.filter(member2=merged).update(member2=kept)
        names = [merged.name, *merged.aliases]
        kept.merged = [*kept.merged, merged.pk, *merged.merged]
        kept.save(update_fields=["merged"])
        merged.delete()
        for name in names:
            add_alias(kept, name)
    return moved
