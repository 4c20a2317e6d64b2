"""The club season's stored copies: derived from the nights' facts, never the truth.

Ratings are a long chain (every table of every night, in order), so they are kept: one
set per club and game, stamped with a fingerprint of the facts it came from. A page
whose fingerprint differs rebuilds the set first (season.ratings.build); `manage.py
rebuild_ratings --check` re-derives every set and reports any difference.
"""

from django.db import models

from club.models import GAME_CHOICES, Club, Player


class RatingSet(models.Model):
    """A club's ratings at one game: what they were derived from, and what was left out."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_sets")
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    fingerprint = models.CharField(
        max_length=64, help_text="The facts the ratings were derived from (season.ratings.build)."
    )
    rated = models.PositiveIntegerField(default=0, help_text="Tables rated.")
    unlinked = models.PositiveIntegerField(
        default=0, help_text="Finished tables left out: a player not yet linked to the register."
    )
    clashes = models.PositiveIntegerField(
        default=0, help_text="Finished tables left out: one register entry on two sides."
    )
    digest = models.CharField(
        max_length=64,
        blank=True,
        help_text="The tables rated, in order, with their sides and places (season.ratings.build).",
    )
    built = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "game"], name="one_rating_set_per_club_game")
        ]


class PlayerRating(models.Model):
    """One player's rating at one game now, and after each table rated, in order."""

    ratings = models.ForeignKey(RatingSet, on_delete=models.CASCADE, related_name="players")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    shown = models.FloatField(help_text="The displayed rating: mu - 3 sigma.")
    tables = models.PositiveIntegerField()
    # Compact JSON, one array per table rated: [table id, side, place, mu, sigma after,
    # every side's players, every side's place].
    history = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ratings", "player"], name="one_rating_per_player")
        ]
        indexes = [models.Index(fields=["ratings", "-shown"], name="rating_order")]
