"""A club, its register of players and its seasons: who plays, across nights.

A tournament night belongs to a club; each entrant's players are linked to the club's
register, so the same person is the same player every week whatever the partnership.
The season's ladder, the ratings and the statistics are derived from the nights'
stored facts (the `season` app); nothing here holds a score.
"""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from rules import RULESETS

GAME_CHOICES = [(slug, ruleset.name) for slug, ruleset in RULESETS.items()]


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    # Who keeps the club's register and seasons (a superuser keeps every club's).
    staff = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="clubs")
    ladder_points = models.CharField(
        "ladder points by place",
        max_length=200,
        default="10,8,6,5,4,3,2,1",
        help_text="Season points for finishing 1st, 2nd, 3rd… on a night, separated by commas.",
    )
    ladder_played = models.PositiveSmallIntegerField(
        "points for playing",
        default=1,
        help_text="Season points for a night played, finishing below the places listed.",
    )
    ladder_best = models.PositiveSmallIntegerField(
        "nights that count",
        null=True,
        blank=True,
        help_text="Only each player's best this many nights of a season count. Empty: every night.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])


def default_club() -> int:
    """The club a tournament made without naming one belongs to: the first club, made
    if there is none yet (a club running the software alone never has to make one)."""
    pk = Club.objects.order_by("pk").values_list("pk", flat=True).first()
    return pk or Club.objects.create(name="The club", slug="club").pk


class Player(models.Model):
    """A person in the club's register. `aliases` keeps the names of entries merged into
    this one, so next week's registration under such a name links here at once."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100)
    aliases = models.JSONField(default=list, blank=True)
    # The ids of entries merged into this one: their pages' addresses lead here.
    merged = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="unique_player_name_per_club")
        ]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """The club's nights of one game between two dates (both included)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60)
    starts = models.DateField()
    ends = models.DateField()

    class Meta:
        ordering = ["-starts", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="unique_season_slug_per_club"),
            models.CheckConstraint(
                condition=models.Q(ends__gte=models.F("starts")), name="season_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return self.name
