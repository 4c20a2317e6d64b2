"""Tournaments, entrants, rounds, tables and seats: who plays whom, stored."""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from club.models import Club, Player, default_club
from rules import RULESETS, get_ruleset

GAME_CHOICES = [(slug, ruleset.name) for slug, ruleset in RULESETS.items()]


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


class Tournament(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", "Setting up"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class Paper(models.TextChoices):
        LETTER = "letter", "Letter"
        A4 = "a4", "A4"

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="tournaments", default=default_club
    )
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    date = models.DateField()
    venue = models.CharField(max_length=120, blank=True)
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    rounds = models.PositiveSmallIntegerField(
        "number of rounds", default=4, help_text="How many rounds the night plays."
    )
    options = models.JSONField(
        default=dict, blank=True, help_text="The game's options that differ from their defaults."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    published = models.BooleanField(
        default=False, help_text="Visible to the public: published pairings and signed results."
    )
    paper = models.CharField(max_length=6, choices=Paper.choices, default=Paper.LETTER)
    first_round = models.CharField(
        "round 1 pairing",
        max_length=12,
        choices=[("random", "Random"), ("registration", "In registration order")],
        default="random",
    )
    seed_by_standings = models.BooleanField(
        "seat by standings",
        default=False,
        help_text="Three-player games: form tables from neighbours in the standings.",
    )
    bye_points = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Points for a bye (a round won). Empty: the rounded average of that "
        "round's winners' points.",
    )
    verify_hands = models.BooleanField(
        "opponents accept each hand",
        default=True,
        help_text="Off: single entry, a hand counts as soon as it is entered.",
    )
    boston_pot = models.DecimalField(
        "Boston pot",
        max_digits=8,
        decimal_places=2,
        default=0,
        help_text="The amount in the Boston pot (rule 39).",
    )
    tiebreaks = models.CharField(
        "standings order",
        max_length=200,
        blank=True,
        help_text="The metrics that rank the standings, first to last, separated by commas. "
        "Empty: the game's usual order.",
    )
    playoff_size = models.PositiveSmallIntegerField(
        "teams in the playoff",
        null=True,
        blank=True,
        help_text="The top teams in the standings who advance to the playoff. Empty: none.",
    )
    # The seeds as they stood when the bracket was made: the bracket is re-derived from
    # them and the playoff tables' results, whatever later corrections do to the standings.
    playoff_seeds = models.JSONField(default=list, blank=True)
    correction_minutes = models.PositiveSmallIntegerField(
        "correction period (minutes)",
        default=30,
        validators=[MaxValueValidator(24 * 60)],
        help_text="After every side signs, any side may ask for a correction for this long; "
        "after it, only the director can reopen a sheet.",
    )
    self_checkin = models.BooleanField(
        "self check-in",
        default=False,
        help_text="Players check themselves in: on the tournament's self check-in page, or "
        "with their own link (the check-in codes PDF). They can check in, never out.",
    )
    round_minutes = models.PositiveSmallIntegerField(
        "round length (minutes)",
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(24 * 60)],
        help_text="Optional. Once the director starts a round's clock, every phone and the "
        "projector show the time left, and the console flags the tables still playing after it.",
    )
    # When the director last made or took back an announcement: every live page's version
    # reads the tournament's row, so a phone's next poll brings the news with no query more.
    news_at = models.DateTimeField(null=True, blank=True)
    # Who runs this tournament: its directors. Others get 403 on its director pages.
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="staffed_tournaments"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.slug])

    @property
    def ruleset(self):
        return get_ruleset(self.game)

    @property
    def game_options(self) -> dict:
        """The game's options in play: the rules-decisions defaults with this night's
        overrides (`options`, stored), each checked by the ruleset's Option specs."""
        return self.ruleset.resolve_options(self.options)

    @property
    def is_partnership(self) -> bool:
        return self.ruleset.partnerships

    @property
    def state_display(self) -> str:
        """The night's state as its rounds have it, whatever was last stored (a restored
        copy keeps the file's): "Setting up" until a round is published, "Running" while
        one is in play or more are to come, "All rounds played" once the night's rounds
        are complete; "Finished" once it is kept with the club's played nights. Read from
        `with_round_counts` where the list annotated it, else counted here."""
        if self.status == self.Status.FINISHED:
            return self.get_status_display()
        counts = getattr(self, "round_counts", None)
        if counts is None:
            counts = Tournament.objects.filter(pk=self.pk).aggregate(**round_counts())
        if not counts["shown_rounds"]:
            return self.Status.SETUP.label
        if not counts["open_rounds"] and counts["complete_rounds"] >= self.rounds:
            return "All rounds played"
        return self.Status.RUNNING.label


def round_counts() -> dict:
    """What a night's state is read from (Tournament.state_display): its rounds published,
    those published and not complete yet, and its regular rounds complete (each round once,
    whatever else the list joined)."""

    def rounds(**where) -> models.Count:
        return models.Count("round_set", filter=models.Q(**where), distinct=True)

    playing = (Round.Status.PUBLISHED, Round.Status.IN_PLAY)
    complete = Round.Status.COMPLETE
    return {
        "shown_rounds": rounds(round_set__status__in=(*playing, complete)),
        "open_rounds": rounds(round_set__status__in=playing),
        "complete_rounds": rounds(round_set__status=complete, round_set__playoff=False),
    }


def with_round_counts(tournaments: models.QuerySet) -> list[Tournament]:
    """The tournaments, each with what its state is read from, in one query."""
    listed = list(tournaments.annotate(**round_counts()))
    for tournament in listed:
        tournament.round_counts = {key: getattr(tournament, key) for key in round_counts()}
    return listed


class Entrant(models.Model):
    """A team of two (partnership games) or one player (the three-player games)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=100)
    player1 = models.CharField("first player", max_length=100, blank=True)
    player2 = models.CharField("second player", max_length=100, blank=True)
    # The club register's entries for the players (the one player at the three-player
    # games is member1). Empty until linked: a near match waits for the director.
    member1 = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    member2 = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    order = models.PositiveIntegerField(default=0, help_text="Registration order.")
    checked_in = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    # The entrant's own check-in link (its QR code is printed for them): unguessable, like
    # a side's table link.
    checkin_token = models.CharField(max_length=64, unique=True, default=new_token)
    left_in_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Rule 41: left without a substitute in this round; later rounds are forfeited.",
    )
    # A player asked from their own link to leave after this round (leave_after_round); the
    # director confirms on the console (the entrant is withdrawn: the next draw leaves them
    # out, the round in play is played out) or turns it down (all three emptied).
    leave_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    leave_asked_at = models.DateTimeField(null=True, blank=True)
    leave_asked_by = models.CharField(max_length=100, blank=True)
    # Every save stamps it: a live page showing the entrants (the standings) sees a rename.
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["order", "id"]
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="unique_entrant_name_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def players(self) -> list[str]:
        return [p for p in (self.player1, self.player2) if p] or [self.name]

    @property
    def active(self) -> bool:
        return self.checked_in and not self.withdrawn


class OwnLink(models.Model):
    """A player's own link for the night (`/p/<token>/`): one per player, each partner of a
    team too. A bearer credential for that player alone: it shows their check-in, their
    table as soon as a round is published, and acts there for their side only, as the
    side's link does. The director can replace it (a new token; the old one stops)."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="own_links")
    place = models.PositiveSmallIntegerField(help_text="1: the first player, 2: the second.")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    made = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entrant", "place"]
        constraints = [
            models.UniqueConstraint(fields=["entrant", "place"], name="one_own_link_per_player")
        ]


class Announcement(models.Model):
    """A short message from the director to every phone of the night and the projector."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="announcements"
    )
    text = models.CharField(max_length=280)
    at = models.DateTimeField(auto_now_add=True)
    by = models.CharField(max_length=150, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return self.text


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"
        IN_PLAY = "in_play", "In play"
        COMPLETE = "complete", "Complete"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    started = models.DateTimeField(null=True, blank=True)
    playoff = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.DRAFT

    @property
    def state_shown_to_players(self) -> str:
        """The round's state as the players' and the public's pages show it. Published and
        in play look alike there (the director's pages alone tell them apart), so a page's
        version names this: the round's first hand, which puts it in play, would otherwise
        redraw every phone of the night at once."""
        return str(self.Status.PUBLISHED if self.status == self.Status.IN_PLAY else self.status)

    def start_clock(self) -> None:
        """Start the round's clock now, once: a second start (a double tap, two directors)
        keeps the first time, so the late tables are counted from when play began."""
        now = timezone.now()
        if Round.objects.filter(pk=self.pk, started__isnull=True).update(started=now):
            self.started = now
        else:
            self.refresh_from_db(fields=["started"])


PIN_DIGITS = 6
PIN_TRIES = 10  # wrong PINs in a row before a side's PIN rests
PIN_REST_MINUTES = 15  # the first rest; each later one lasts twice as long as the one before


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    # Who dealt hand 1: a seat in the ruleset's seat order (6 Card Kitty: North, East,
    # South, West), as the table said before its first hand (6 Card Kitty rule 8, "the
    # first club will determine who deals first"; Pinochle: the highest card drawn). A
    # new table starts with the first seat until it says otherwise; empty on a table from
    # before a table could say it, whose dealers were taken to start at the first seat
    # (rules.Ruleset.first_dealer).
    first_dealer = models.PositiveSmallIntegerField(null=True, blank=True, default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_number")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Seat(models.Model):
    """An entrant's place at a table: position 0.. in the ruleset's seat order, which is
    also the side's number on the sheet. Each side holds its own credentials: a private
    link, and a PIN printed on its half of the table card for accepting on the other
    side's phone."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: an entrant who has played cannot be deleted, but the tournament can.
    entrant = models.ForeignKey(Entrant, on_delete=models.RESTRICT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token)
    pin = models.CharField(max_length=PIN_DIGITS, default=new_pin)
    pin_failures = models.PositiveSmallIntegerField(default=0)
    # After PIN_TRIES wrong PINs the PIN rests until then; how many rests it has had.
    pin_rests_until = models.DateTimeField(null=True, blank=True)
    pin_rests = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat_position"),
        ]


class Bye(models.Model):
    """An entrant not seated in a round: a bye (partnership games) or sitting out."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.RESTRICT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="unique_bye_per_round")
        ]


class Director(models.Model):
    """Marks a user account as a tournament director (may change tournaments)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="director"
    )

    def __str__(self) -> str:
        return str(self.user)
