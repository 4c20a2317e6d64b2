"""A player's own link (`/p/<token>/`): one page that follows its player through the night.

Before their first table it says whether they are checked in (and checks them in, where
the night lets players do it); as soon as a round is published it shows their table,
seat and opponents, buzzing once; while they are seated it is their side's table page,
acting for their side only, as the side's link does (tables/page.py); a bye says so;
once the night is over, their results and place. Every state polls: the page moves on
by itself.

Trust: the link is a bearer credential for its player alone. It acts only for their side
at their table in a published round (the table's `link` and `players` actions, never a
director's), each form bound to its round, so a form sent late never lands at the next
table; the director replaces it (tournament.own_links.replace); it is masked in the logs
(config/logs.py) and never sent on in a Referer.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from leaderboard.board import PUBLIC, board
from plumbing import live
from tables.access import Access
from tables.actions import TableAction, perform
from tables.model import clock_shown, table_version
from tables.page import live_table
from tables.preview import preview
from tables.pwa import manifest
from tables.reads import PageRead
from tournament import leaving, news
from tournament.checkin import CheckinError, self_check_in
from tournament.models import Round, Tournament
from tournament.own_links import own_path

from .night import NOT_VALID, POLLS, Night, night_of, seats_in_round


def _access(night: Night, seats, number: int) -> Access:
    """The player's side at their table in round `number`, as the side's link has it. The
    newest round's page lives at the player's own address and follows them; a past
    round's stays on that round."""
    seat = next((s for s in seats if s.entrant_id == night.link.entrant_id), None)
    if seat is None:
        raise Http404(NOT_VALID)
    table = seat.table
    token = night.link.token
    return Access(
        table,
        table.round.tournament,
        reverse("own_link_round", args=[token, number]),
        seat=seat,
        seated=[(s.position, s.entrant) for s in seats],
        home=own_path(token) if night.is_newest(number) else "",
        follows=night.facts(),
        own=Strip(night, seat, seats),
        read=PageRead.of(seat),  # read with the seats
    )


class Strip:
    """What a player's own page adds above their table: whose page, where they sit, and
    against whom; their ask to leave."""

    def __init__(self, night: Night, seat, seats: list):
        self.night = night
        ruleset = night.tournament.ruleset
        names = ruleset.side_names(ruleset.players_at_table(len(seats)))
        self.player = night.player
        self.entrant = night.entrant
        self.round = seat.table.round
        self.table = seat.table
        self.side = names[seat.position] if seat.position < len(names) else ""
        self.opponents = [s.entrant for s in seats if s.entrant_id != seat.entrant_id]
        self.alert = night.alert
        self.home = own_path(night.link.token)
        self.club = night.tournament.club  # read with the link
        self.newest = night.is_newest(self.round.number)

    @cached_property
    def member(self):
        """The player's entry in the club's register (their season and rating pages)."""
        entrant = self.night.entrant
        return entrant.member2 if self.night.link.place == 2 else entrant.member1

    @cached_property
    def standing(self):
        """(the player's row, how many are ranked) in the public standings: asked by the
        page once their sheet is final, whose page then rarely draws again."""
        b, row = _standing(self.night)
        return row, b.ranked


def _standing(night: Night):
    """The player's place in the public standings (signed sheets) and the row, or None
    (None too before a table or a bye counts for them: no rank yet)."""
    b = board(night.tournament, PUBLIC)
    row = next((r for r in b.rows if r.entrant == night.link.entrant_id and r.ranked), None)
    return b, row


def _night_page(request, night: Night, status: int = 200):
    """The page when the player is not at a table of the newest round: before the first
    round, a bye, having left, or the night over."""
    tournament: Tournament = night.tournament
    # Its clock is drawn with the rest of the page: a bye, or before the first round.
    started = night.round and night.round.started
    version = live.version(night.facts(), live.fields_of(tournament), started)
    if unchanged := live.unchanged(request, version):
        return unchanged
    entrant = night.entrant
    over = tournament.status == Tournament.Status.FINISHED
    played = night.round is not None
    b, row = _standing(night) if played else (None, None)
    member = entrant.member2 if night.link.place == 2 else entrant.member1
    last = None
    if played and night.table is None:  # a bye now: their table of the round before
        last = (
            entrant.seats.select_related("table__round")
            .exclude(table__round__status=Round.Status.DRAFT)
            .order_by("-table__round__number")
            .first()
        )
    return render(
        request,
        "own_link/night.html",
        {
            "tournament": tournament,
            "night": night,
            "entrant": entrant,
            "player": night.player,
            "over": over,
            "row": row,
            "ranked": b.ranked if b else 0,
            "member": member,
            "last": last,
            "home": own_path(night.link.token),
            "announcements": news.announcements(tournament),
            "clock": None if over else news.clock(night.round, tournament, timezone.now()),
            "live_url": live.poll_url(request, version),
            "live_every": live.EVERY.own_link,
        },
        status=status,
    )


@never_cache
def own_page(request, own_token):
    """The player's night: their table's page while they sit at the newest round's table
    (the night not over), else where they stand. Its unchanged poll at a table is answered
    as a side's is (tables.unchanged_poll)."""
    answered = POLLS.answered(request, own_token)
    if answered is not None:
        return answered
    night = night_of(own_token, page=True)
    over = night.tournament.status == Tournament.Status.FINISHED
    if night.seat is not None and not over:
        access = _access(night, night.seats, night.round.number)
        response = live_table(request, access)
        version, clock = table_version(access), clock_shown(night.round)
        POLLS.remember(own_token, night.fingerprint, version, clock)
        return response
    return _night_page(request, night)


@never_cache
def own_round(request, own_token, number):
    """Round `number`'s table as the player's side sees it (a past round's, to ask for a
    correction); the actions post under this address."""
    night = night_of(own_token)
    access = _access(night, seats_in_round(night, number), number)
    if access.home:  # the newest round: the page that follows the player
        return redirect(access.home)
    return live_table(request, access)


def own_action(table_action: TableAction):
    @never_cache
    @require_POST
    def view(request, own_token, number):
        night = night_of(own_token)
        return perform(request, _access(night, seats_in_round(night, number), number), table_action)

    return view


@never_cache
@require_POST
def own_preview(request, own_token, number):
    night = night_of(own_token)
    return preview(request, _access(night, seats_in_round(night, number), number))


@never_cache
@require_POST
def own_check_in(request, own_token):
    """Checking in with one's own link, where the night lets players check themselves in
    (a player can check in, never out: tournament/checkin.py)."""
    night = night_of(own_token)
    if not night.tournament.self_checkin:
        messages.error(request, "This night's players are checked in by the director.")
        return _night_page(request, night, status=409)
    try:
        done = self_check_in(night.entrant)
    except CheckinError as exc:
        messages.error(request, str(exc))
        return _night_page(request, night, status=exc.status)
    said = "checked in: welcome!" if done else "already checked in."
    messages.success(request, f"{night.entrant.name}: {said}")
    return redirect(own_path(own_token))


@never_cache
@require_POST
def own_leave(request, own_token):
    """Ask to leave after the round in play (or before the first): the director confirms."""
    night = night_of(own_token)
    after = night.round.number if night.round is not None else 0
    try:
        asked = leaving.ask_to_leave(night.entrant, after, night.player)
    except leaving.LeavingError as exc:
        messages.error(request, str(exc))
        return _night_page(request, night, status=409)
    if asked:
        messages.warning(request, "Asked: the director confirms it on the console.")
    else:
        messages.info(request, "Already asked: the director confirms it on the console.")
    return redirect(own_path(own_token))


@never_cache
@require_POST
def own_stay(request, own_token):
    """Take the ask to leave back, before the director has confirmed it."""
    night = night_of(own_token)
    if leaving.take_back(night.entrant):
        messages.success(request, "You stay in the night: the ask to leave is taken back.")
    elif night.entrant.withdrawn:
        messages.error(request, "The director has already confirmed that you leave.")
        return _night_page(request, night, status=409)
    return redirect(own_path(own_token))


@never_cache  # it names the player's own link
def own_manifest(request, own_token):
    """The player's page on their phone's home screen: the whole night at one icon."""
    night = night_of(own_token)
    home = own_path(own_token)
    return manifest(f"{night.player} · {night.tournament.name}", night.player, home)
