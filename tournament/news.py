"""What every page of the night says to the room: the director's announcements and the
round's clock.

One place reads them, so every page that shows them (a side's table page, the console,
the projector, a player's own page) says the same. Making or taking back an announcement
stamps the tournament's `news_at`: every live page's version reads the tournament's row
(plumbing.live.fields_of), so the next poll of every phone brings the news with no
query more, and a night with no announcement is not read for any.

The clock counts from when the director started the round (Round.started). With a round
length (Tournament.round_minutes) it ends; the pages count down to it by themselves
(static/kitty.js) from the figure drawn here, and say when it ends for a phone without
the script. The club's procedure also has every side seated within the game's minutes of
the start (the ruleset's late_after_minutes, cited where the game's text numbers it):
`seated_by`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.utils import timezone

from .models import Announcement, Round, Tournament

TEXT_MAX = Announcement._meta.get_field("text").max_length
BY_MAX = Announcement._meta.get_field("by").max_length


def announcements(tournament: Tournament) -> list[Announcement]:
    """The night's announcements, newest first; none read when none was ever made."""
    if tournament.news_at is None:
        return []
    return list(Announcement.objects.filter(tournament=tournament).order_by("-at", "-id"))


def announce(tournament: Tournament, text: str, by: str) -> Announcement:
    """A new announcement to every phone of the night and the projector. The text is kept
    as typed: one longer than a phone shows at a glance is refused (ValueError), never cut."""
    text = text.strip()
    if not text:
        raise ValueError("Type the announcement.")
    if len(text) > TEXT_MAX:
        raise ValueError(f"Keep it to {TEXT_MAX} characters (it has {len(text)}).")
    with transaction.atomic():
        made = Announcement.objects.create(tournament=tournament, text=text, by=by[:BY_MAX])
        _stamp(tournament)
    return made


def take_back(announcement: Announcement) -> None:
    """The announcement is gone from every page at their next poll."""
    with transaction.atomic():
        tournament = announcement.tournament
        announcement.delete()
        _stamp(tournament)


def _stamp(tournament: Tournament) -> None:
    now = timezone.now()
    Tournament.objects.filter(pk=tournament.pk).update(news_at=now)
    tournament.news_at = now


@dataclass(frozen=True)
class RoundClock:
    """The round's clock as a page shows it at one moment."""

    started: datetime
    ends: datetime | None  # None: the tournament sets no round length
    seconds_left: int | None  # None with no length; 0 once the time is up
    over: bool
    # The club's procedure: every side seated by then (the ruleset's late_after_minutes
    # after the start); None for a game that sets no such time.
    seated_by: datetime | None = None
    seated_left: int | None = None  # seconds, 0 once past
    seated_cite: str = ""  # "rule 7" where the game's text numbers the step

    @property
    def left_words(self) -> str:
        """ "23 min left", "1 h 5 min left", "40 s left", "Time is up"."""
        return left_words(self.seconds_left) if self.ends is not None else ""

    @property
    def seated_words(self) -> str:
        return left_words(self.seated_left) if self.seated_by is not None else ""

    @property
    def ends_iso(self) -> str:
        return _iso(self.ends)

    @property
    def seated_iso(self) -> str:
        return _iso(self.seated_by)


def left_words(seconds: int | None) -> str:
    """The time left in words, as static/kitty.js counts it down (the same rounding: up, so
    a minute shows until the time is up)."""
    if not seconds or seconds <= 0:
        return "Time is up"
    if seconds < 60:
        return f"{seconds} s left"
    hours, minutes = divmod(math.ceil(seconds / 60), 60)
    if not hours:
        return f"{minutes} min left"
    return f"{hours} h {minutes} min left" if minutes else f"{hours} h left"


def clock(round_: Round | None, tournament: Tournament, now: datetime) -> RoundClock | None:
    """The round's clock at `now`, once the director has started it (None before, and once
    every sheet of the round is signed: the round is over, whatever its clock said)."""
    if round_ is None or round_.started is None or round_.status == Round.Status.COMPLETE:
        return None
    started = round_.started
    ends = seconds_left = None
    if tournament.round_minutes:
        ends = started + timedelta(minutes=tournament.round_minutes)
        seconds_left = _left(ends, now)
    ruleset = tournament.ruleset
    late = ruleset.late_after_minutes
    seated_by = started + timedelta(minutes=late) if late else None
    return RoundClock(
        started=started,
        ends=ends,
        seconds_left=seconds_left,
        over=ends is not None and now >= ends,
        seated_by=seated_by,
        seated_left=_left(seated_by, now) if seated_by is not None else None,
        seated_cite=ruleset.cites.get("late", ""),
    )


def _left(moment: datetime, now: datetime) -> int:
    return max(0, math.ceil((moment - now).total_seconds()))


def _iso(moment: datetime | None) -> str:
    """In UTC, to the second: what every phone's script reads alike."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else ""
