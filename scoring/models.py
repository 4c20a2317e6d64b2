"""What happened at the table, stored: hands, rulings, signatures and every change.

Scores are never stored as the truth: they are derived from these facts by the
tournament's ruleset, so a corrected ruling or a reopened sheet rescored gives the same
standings as a fresh computation.
"""

from django.conf import settings
from django.db import models

from tournament.models import Table


class Hand(models.Model):
    class Status(models.TextChoices):
        ENTERED = "entered", "Entered"
        ACCEPTED = "accepted", "Accepted"
        DISPUTED = "disputed", "Disputed"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    # A hand voided by a ruling stays in the history; its replay is the next attempt.
    attempt = models.PositiveSmallIntegerField(default=1)
    record = models.JSONField(
        null=True, blank=True, help_text="The facts, as the ruleset reads them."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    entered_by = models.SmallIntegerField(
        null=True, blank=True, help_text="Side index; empty: director."
    )
    nonce = models.CharField(max_length=40, help_text="The entry form's one-time key.")
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # Off the sheet, kept here (what happened is never deleted): taken back by the side
    # that entered it before another side accepted it (entered_by took it back), or
    # struck by a director with a reason (a hand entered at the wrong table). Neither
    # counts anywhere; the table's history says who and why (scoring.entry).
    taken_back_at = models.DateTimeField(null=True, blank=True)
    struck_at = models.DateTimeField(null=True, blank=True)
    struck_by = models.CharField(
        max_length=100, blank=True, help_text="The director, as the history names them."
    )
    struck_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["number", "attempt"]
        constraints = [
            # A hand off the sheet leaves its number free: the next hand entered takes it.
            models.UniqueConstraint(
                fields=["table", "number", "attempt"],
                condition=models.Q(taken_back_at__isnull=True, struck_at__isnull=True),
                name="one_hand_per_number",
            ),
            # Even off the sheet: a resent form is recognised, never stored again.
            models.UniqueConstraint(fields=["table", "nonce"], name="one_hand_per_form"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}" + (f" (replay {self.attempt - 1})" if self.attempt > 1 else "")

    @property
    def on_sheet(self) -> bool:
        """Neither taken back nor struck: the hand is on the sheet (counting once accepted).
        scoring.results reads every hand through this, so nothing derived counts the others."""
        return self.taken_back_at is None and self.struck_at is None


class Ruling(models.Model):
    """A director's ruling from the ruleset's catalogue, on one hand or on the whole round."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rulings")
    hand = models.ForeignKey(
        Hand, on_delete=models.CASCADE, null=True, blank=True, related_name="rulings"
    )
    code = models.CharField(max_length=40)
    offender = models.SmallIntegerField(null=True, blank=True)
    choice = models.CharField(max_length=40, blank=True)
    amount = models.SmallIntegerField(null=True, blank=True)
    note = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_reason = models.CharField(max_length=300, blank=True)
    # A ruling made because of another (each later round of a team that left, rule 41):
    # withdrawing the cause withdraws exactly these.
    caused_by = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="caused"
    )

    class Meta:
        ordering = ["created", "id"]

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class Signature(models.Model):
    """One side's signature on the round's sheet (rule 40: signed by both, it is final; a
    side that forfeited need not sign: TableResult.final)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="signatures")
    side = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=100)
    signed_at = models.DateTimeField(auto_now_add=True)
    # Given by a director for the side: `name` is then the director's, as the history
    # names them ("Director td"), never a player's (rules-decisions.md).
    by_director = models.BooleanField(default=False)

    class Meta:
        ordering = ["side"]
        constraints = [
            models.UniqueConstraint(fields=["table", "side"], name="one_signature_per_side")
        ]


class SentAction(models.Model):
    """A table action's one-time key (besides a hand's own `nonce`), kept with the action it
    stored: the same form sent again (a phone resending once its network is back, not
    knowing the first answer was lost) is answered as stored, and nothing is done twice."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sent_actions")
    key = models.CharField(max_length=40)
    action = models.CharField(max_length=30)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="one_action_per_form")]


class Change(models.Model):
    """The history of a table's sheet: who did what, when, what it was and what it became."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    hand = models.ForeignKey(Hand, on_delete=models.SET_NULL, null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    actor = models.CharField(max_length=100)
    action = models.CharField(max_length=120)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    # Restored from a backup file: `actor` is the name the file gives, not an account here.
    imported = models.BooleanField(default=False)

    class Meta:
        ordering = ["at", "id"]


class CorrectionRequest(models.Model):
    """A side asks for a correction of a signed sheet, within the tournament's correction
    period; the table is flagged on the console until the director reopens the sheet or
    answers it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="corrections")
    side = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=300)
    asked_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    answer = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["asked_at", "id"]

    @property
    def open(self) -> bool:
        return self.closed_at is None


class TableOutcome(models.Model):
    """What the standings read of a table, stored with the facts it derives from.

    Written in the same transaction as every change at the table (scoring.outcomes), so the
    standings read one row per table instead of scoring every hand again. It is a copy,
    never the truth: `options` is the fingerprint of the tournament options and the
    scoring code it was scored under (outcomes.fingerprint), a row scored under others is
    scored again, and `manage.py check_results` re-derives every
    row from the facts and reports any difference.
    """

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, primary_key=True, related_name="outcome"
    )
    # Compact JSON, read for thousands of tables at once: one decode for them all.
    data = models.TextField(help_text="standings.Outcome's fields in order, as a JSON array.")
    final = models.BooleanField(help_text="Signed by every side (rule 40).")
    options = models.CharField(max_length=16, help_text="Fingerprint of the scoring options.")
