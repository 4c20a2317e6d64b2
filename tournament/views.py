"""Tournament set-up pages: the tournament, its entrants, check-in, the games' help."""

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club.access import runs_club
from club.models import Club
from laptop.links import phone_url
from rules import RULESETS
from rules.base import count, to_int

from . import own_links
from .access import director_required, is_director, runs, sees, visible_tournament
from .checkin import (
    SEARCH_MIN_LETTERS,
    CheckinError,
    check_in_all,
    self_check_in,
    self_search,
    tapped,
    withdrawn_message,
)
from .csv_import import expected_header, player_key, read_entrants
from .forms import (
    CheckinForm,
    CheckinSearchForm,
    EntrantForm,
    ImportForm,
    LinkForm,
    SelfCheckinForm,
    TournamentForm,
    registered_players,
)
from .inputs import saved_once
from .linking import LINKS, LinkError, confirm, link_entrants, to_confirm, typed_players
from .models import GAME_CHOICES, Entrant, Table, Tournament, with_round_counts


def home(request):
    # A finished night is kept on its club's page, with the club's seasons.
    tournaments = Tournament.objects.exclude(status=Tournament.Status.FINISHED)
    if not request.user.is_superuser:  # the public sees published ones; staff their own too
        mine = Q(staff=request.user) if is_director(request.user) else Q(pk__in=[])
        tournaments = tournaments.filter(Q(published=True) | mine).distinct()
    clubs = list(
        Club.objects.annotate(
            nights=Count("tournaments", filter=Q(tournaments__published=True), distinct=True),
            season_count=Count("seasons", distinct=True),
        )
    )
    kept = set()  # the clubs whose register this user keeps: reached from here too
    if request.user.is_authenticated and request.user.is_active:
        mine = clubs if request.user.is_superuser else Club.objects.filter(staff=request.user)
        kept = {club.pk for club in mine}
    for club in clubs:
        club.kept = club.pk in kept
    return render(
        request,
        "tournament/home.html",
        {"tournaments": with_round_counts(tournaments), "clubs": clubs, "games": GAME_CHOICES},
    )


def tournament_page(request, slug):
    tournament = visible_tournament(request, slug)
    counts = tournament.entrants.aggregate(
        registered=Count("id", filter=Q(withdrawn=False)),
        checked_in=Count("id", filter=Q(withdrawn=False, checked_in=True)),
    )
    rounds = tournament.round_set.all()
    if not runs(request.user, tournament):
        rounds = rounds.exclude(status="draft")
    return render(
        request,
        "tournament/tournament.html",
        {
            "tournament": tournament,
            "counts": counts,
            "rounds": rounds,
            "settings": describe_settings(tournament),
        },
    )


def describe_settings(tournament: Tournament) -> list[tuple[str, str]]:
    values = tournament.game_options
    shown = []
    for option in tournament.ruleset.options:
        shown.append((option.label, option.words(values[option.key])))
    minutes = tournament.correction_minutes
    shown.append(("Correction period after signing", f"{minutes} minute{'s' * (minutes != 1)}"))
    return shown


def _save_tournament(request, form, template, tournament=None, status=200):
    if request.method == "POST":
        if form.is_valid():
            creating = form.instance.pk is None

            def run_it(saved):  # who creates a tournament runs it, and keeps a club nobody kept
                if creating:
                    saved.staff.add(request.user)
                    if not saved.club.staff.exists():
                        saved.club.staff.add(request.user)

            saved = saved_once(form, then=run_it)
            if saved is None:  # the same address taken a moment ago: the field says so
                return render(
                    request, template, {"form": form, "tournament": tournament}, status=409
                )
            messages.success(request, f"Saved {saved.name}.")
            return redirect(saved)
        status = 400
    return render(request, template, {"form": form, "tournament": tournament}, status=status)


@director_required
def tournament_new(request):
    chosen = request.GET.get("game")  # "New tournament of this game" links
    initial = {"game": chosen} if chosen in RULESETS else {}
    form = TournamentForm(request.POST or None, initial=initial, user=request.user)
    club = request.GET.get("club")  # "New club" comes back here with it
    offered = {c.slug: c.pk for c in form.offered_clubs}
    if isinstance(club, str) and club in offered:
        form.fields["club"].initial = offered[club]
    return _save_tournament(request, form, "tournament/tournament_form.html")


@director_required
def tournament_edit(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    locked = tournament.round_set.exists()
    played = Table.objects.filter(round__tournament=tournament, hands__isnull=False).exists()
    form = TournamentForm(
        request.POST or None, instance=tournament, game_locked=locked, options_locked=played
    )
    return _save_tournament(request, form, "tournament/tournament_form.html", tournament)


@director_required
def entrants(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = EntrantForm(request.POST or None, tournament=tournament)
    if request.method == "POST":
        if form.is_valid():
            entrant = saved_once(form)
            if entrant is None:  # the same name registered a moment ago: the field says so
                return _render_entrants(request, tournament, form, status=409)
            messages.success(request, f"Registered {entrant.name}.")
            return redirect("entrants", slug=slug)
        return _render_entrants(request, tournament, form, status=400)
    return _render_entrants(request, tournament, form)


def _render_entrants(request, tournament, form, status=200, link_error=None):
    """The entrants, the registration form and the players to confirm.

    link_error: (entrant id, slot, message) of a refused confirmation, shown by its row."""
    return render(
        request,
        "tournament/entrants.html",
        {
            "tournament": tournament,
            "entrants": tournament.entrants.all(),
            "form": form,
            "header": expected_header(tournament.is_partnership),
            "pending": to_confirm(tournament),
            "runs_club": runs_club(request.user, tournament.club),
            "link_error": link_error,
        },
        status=status,
    )


@director_required
@require_POST
def player_link(request, slug):
    """One tap on "Players to confirm": the typed name is this register entry (and becomes
    its alias), or a new player. Sent twice, the second says it is done already."""
    tournament = get_object_or_404(Tournament, slug=slug)
    form = LinkForm(request.POST, tournament=tournament)
    blank = EntrantForm(tournament=tournament)
    if not form.is_valid():
        problems = "; ".join(e for errors in form.errors.values() for e in errors)
        return _render_entrants(request, tournament, blank, 400, (None, None, problems))
    entrant, slot = form.cleaned_data["entrant"], form.cleaned_data["slot"]
    linked = getattr(entrant, LINKS[slot])
    typed = dict(typed_players(entrant, tournament.is_partnership)).get(slot)
    if linked is not None:
        messages.info(request, f"{typed} is linked to {linked.name} already.")
        return redirect("entrants", slug=slug)
    try:
        player = confirm(entrant, slot, form.cleaned_data["player"])
    except LinkError as exc:
        return _render_entrants(request, tournament, blank, 400, (entrant.pk, slot, str(exc)))
    if form.cleaned_data["player"] is None:
        messages.success(request, f"{typed} is a new player in the register.")
    else:
        messages.success(request, f"{typed} is {player.name}: linked.")
    return redirect("entrants", slug=slug)


@director_required
def entrant_edit(request, slug, pk):
    tournament = get_object_or_404(Tournament, slug=slug)
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=pk)
    form = EntrantForm(request.POST or None, instance=entrant, tournament=tournament)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            if saved_once(form) is not None:
                messages.success(request, f"Saved {entrant.name}.")
                return redirect("entrants", slug=slug)
            status = 409  # the same name taken a moment ago: the field says so
    return render(
        request,
        "tournament/entrant_form.html",
        {"tournament": tournament, "entrant": entrant, "form": form},
        status=status,
    )


@director_required
@require_POST
def entrant_withdraw(request, slug, pk):
    """Withdraw an entrant (or reinstate one): they are no longer paired from the next round."""
    tournament = get_object_or_404(Tournament, slug=slug)
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=pk)
    entrant.withdrawn = not entrant.withdrawn
    entrant.save(update_fields=["withdrawn"])
    verb = "Withdrew" if entrant.withdrawn else "Reinstated"
    messages.success(request, f"{verb} {entrant.name}.")
    return redirect("entrants", slug=slug)


@director_required
def entrants_import(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            existing = {player_key(n) for n in tournament.entrants.values_list("name", flat=True)}
            rows, errors = read_entrants(
                form.cleaned_data["file"].read(),
                partnership=tournament.is_partnership,
                existing=existing,
                teams=registered_players(tournament),
            )
            if not errors:
                with transaction.atomic():
                    last = tournament.entrants.order_by("-order").values_list("order", flat=True)
                    start = (last.first() or 0) + 1
                    created = Entrant.objects.bulk_create(
                        Entrant(
                            tournament=tournament,
                            name=row.name,
                            player1=row.player1,
                            player2=row.player2,
                            order=start + i,
                        )
                        for i, row in enumerate(rows)
                    )
                    link_entrants(tournament, created)
                messages.success(request, f"Imported {count(len(rows), 'entrant')}.")
                return redirect("entrants", slug=slug)
    return render(
        request,
        "tournament/import.html",
        {
            "tournament": tournament,
            "form": form,
            "errors": errors,
            "header": expected_header(tournament.is_partnership),
        },
        status=status,
    )


@director_required
@never_cache  # it may show a player's own link
def checkin(request, slug):
    """The list at the door: search by name, one tap checks an entrant in or out. Each
    entrant's players' own links, for the director to show (`link`: that entrant's) or
    replace."""
    tournament = get_object_or_404(Tournament, slug=slug)
    return render_checkin(request, tournament, CheckinSearchForm(request.GET))


def render_checkin(request, tournament: Tournament, form: CheckinSearchForm, status: int = 200):
    """The list, searched by the form's name if it is one (a bad search shows everyone)."""
    query = form.cleaned_data.get("q", "") if form.is_valid() else ""
    partnerships = tournament.is_partnership
    everyone = tournament.entrants.filter(withdrawn=False)
    shown = everyone
    if query:
        shown = shown.filter(
            Q(name__icontains=query) | Q(player1__icontains=query) | Q(player2__icontains=query)
        )
    counts = everyone.aggregate(
        registered=Count("id"), checked_in=Count("id", filter=Q(checked_in=True))
    )
    counts["waiting"] = counts["registered"] - counts["checked_in"]
    entrants = list(shown.order_by("name"))
    # The entrant whose own links to show (to_int: "²" passes isdigit(), then int() fails).
    asked = to_int(request.GET.get("link", ""))
    showing = [e for e in entrants if e.pk == asked]
    owns = own_links.shown(request, showing, partnerships) if showing else {}
    rows = [(e, _players(e, partnerships), owns.get(e.pk, [])) for e in entrants]
    return render(
        request,
        "tournament/checkin.html",
        {
            "tournament": tournament,
            "entrants": entrants,
            "rows": rows,
            "query": query,
            "form": form,
            "counts": counts,
            "self_checkin_url": phone_url(request, reverse("self_checkin", args=[tournament.slug])),
        },
        status=status if form.is_valid() else 400,
    )


@director_required
@require_POST
def checkin_toggle(request, slug, pk):
    tournament = get_object_or_404(Tournament, slug=slug)
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=pk, withdrawn=False)
    form = CheckinForm(request.POST)
    if not form.is_valid():
        return render_checkin(request, tournament, form)
    wanted = form.cleaned_data["checked_in"]
    entrant.checked_in = (wanted == "1") if wanted else not entrant.checked_in
    entrant.save(update_fields=["checked_in"])
    url = reverse("checkin", args=[slug])
    query = form.cleaned_data["q"]
    if query:
        url += "?" + urlencode({"q": query})
    return redirect(f"{url}#e{entrant.pk}")


@director_required
@require_POST
def checkin_new_link(request, slug, pk):
    """A player's own link lost or shared: a new one, shown on the check-in page to scan
    there (or printed again); the old one stops working at once."""
    tournament = get_object_or_404(Tournament, slug=slug)
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=pk, withdrawn=False)
    form = CheckinSearchForm(request.POST)
    place = request.POST.get("place", "")
    places = own_links.places(entrant, tournament.is_partnership)
    place = to_int(place)  # "²" passes str.isdigit(), then int() fails
    if form.is_valid() and place not in places:
        form.add_error(None, f"Choose which player of {entrant.name} gets a new link.")
    if not form.is_valid():
        return render_checkin(request, tournament, form)
    own_links.replace(entrant, place)
    player = own_links.player_name(entrant, place, tournament.is_partnership)
    messages.success(
        request,
        f"{player} has a new own link: the old one no longer works. Let them scan the new "
        "one here, or print the check-in codes again.",
    )
    query = {"q": form.cleaned_data["q"], "link": entrant.pk}
    return redirect(reverse("checkin", args=[slug]) + "?" + urlencode(query) + f"#e{entrant.pk}")


def _players(entrant: Entrant, partnerships: bool) -> list[tuple[int, str]]:
    """Each player of the entrant: their place and name."""
    return [
        (place, own_links.player_name(entrant, place, partnerships))
        for place in own_links.places(entrant, partnerships)
    ]


@director_required
@require_POST
def checkin_all(request, slug):
    """Everyone registered and not withdrawn, checked in at once (a club night where all
    who registered are in the room)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    done = check_in_all(tournament)
    if done:
        messages.success(request, f"Checked in {done} entrant{'s' * (done != 1)}.")
    else:
        messages.info(request, "Everyone registered was already checked in.")
    return redirect("checkin", slug=slug)


def _self_checkin_closed(request, tournament: Tournament):
    return render(
        request, "tournament/self_checkin_closed.html", {"tournament": tournament}, status=404
    )


# Where a player who checked in without their own link finds it: the tap proved nothing.
OWN_LINK_ELSEWHERE = "Your link is on your check-in card, or ask the director."


# Never cached: what a tap said is for the phone that tapped, not its back button or a proxy.
@never_cache
def self_checkin(request, slug):
    """The players' own check-in page (no login), open while the director allows it: type
    a few letters of your team or name, tap to check in. A night not published is not
    there for anyone but its staff, as its other pages (its name and entrants are private).
    It checks in and gives nothing else: a tap proves nothing of who taps, so it is told
    where the player's own link is, never shown it (tournament/checkin.py)."""
    tournament = visible_tournament(request, slug)
    if not tournament.self_checkin:
        return _self_checkin_closed(request, tournament)
    if request.method != "POST":
        return _render_self_checkin(request, tournament, SelfCheckinForm(request.GET))
    form = SelfCheckinForm(request.POST)
    if form.is_valid():
        query = form.cleaned_data["q"].strip()
        entrant = tapped(tournament, query, form.cleaned_data["entrant"])
        if entrant is None:
            form.add_error("q", "Search your name again, then tap it.")
        else:
            try:
                done = self_check_in(entrant)
            except CheckinError as exc:
                form.add_error("q", str(exc))
            else:
                said = "checked in: welcome!" if done else "already checked in."
                messages.success(request, f"{entrant.name}: {said} {OWN_LINK_ELSEWHERE}")
                url = reverse("self_checkin", args=[slug]) + "?" + urlencode({"q": query})
                return redirect(f"{url}#e{entrant.pk}")
    return _render_self_checkin(request, tournament, form, status=400)


def _render_self_checkin(request, tournament: Tournament, form, status: int = 200):
    query = form.cleaned_data.get("q", "") if form.is_valid() else ""
    if status == 200 and not form.is_valid():
        status = 400
    return render(
        request,
        "tournament/self_checkin.html",
        {
            "tournament": tournament,
            "form": form,
            "query": query.strip(),
            "found": self_search(tournament, query),
            "min_letters": SEARCH_MIN_LETTERS,
        },
        status=status,
    )


@never_cache  # its address is the entrant's check-in code
def self_checkin_link(request, slug, checkin_token):
    """An entrant's own check-in link (the code printed for a team before each player had
    an own link): one tap confirms. Opening it checks nobody in, so a link previewed by a
    chat app does nothing.

    The link checks its entrant in (as a side's table link acts for its side): it works
    before the night is published too, but a wrong one then says no more than that there
    is no such night. It proves nothing of the players' own links, so it shows none: it
    says where they are, as the self check-in page does."""
    tournament = get_object_or_404(Tournament, slug=slug)
    entrant = Entrant.objects.filter(tournament=tournament, checkin_token=checkin_token).first()
    if entrant is None and not sees(request.user, tournament):
        raise Http404("No such tournament.")
    if not tournament.self_checkin:  # closed: whatever the link, it says only that
        return _self_checkin_closed(request, tournament)
    if entrant is None:
        raise Http404("No entrant has this check-in link: ask the director.")
    status, error = 200, ""
    if request.method == "POST":
        try:
            done = self_check_in(entrant)
        except CheckinError as exc:
            status, error = exc.status, str(exc)
        else:
            said = "checked in: welcome!" if done else "already checked in."
            messages.success(request, f"{entrant.name}: {said}")
            return redirect(request.path)
    elif entrant.withdrawn:
        status, error = 409, withdrawn_message(entrant)
    return render(
        request,
        "tournament/self_checkin_link.html",
        {
            "tournament": tournament,
            "entrant": entrant,
            "error": error,
            "own_link_elsewhere": OWN_LINK_ELSEWHERE,
        },
        status=status,
    )


def rules_help(request, game):
    ruleset = RULESETS.get(game)
    if ruleset is None:
        raise Http404("No such game.")
    return render(
        request, "tournament/rules_help.html", {"ruleset": ruleset, "games": RULESETS.values()}
    )
