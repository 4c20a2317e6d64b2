"""The club's register pages (its directors only): the players, renaming one, merging two;
and a new club. They live here, not in the club app, because they read the nights each
player played, which are the tournaments' entrants."""

import django_tables2 as tables
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode

from club.access import club_staff_required
from club.forms import ClubForm, MergeForm, RenameForm
from club.models import Player
from league.names import name_key
from tournament.access import director_required
from tournament.inputs import paging_refused, saved_once
from tournament.linking import LinkError, club_register, nights_played

from .tidy import merge, rename, shared_nights

PER_PAGE = 100


class RegisterTable(tables.Table):
    name = tables.Column("Player", linkify=lambda record: record["url"], order_by=("key",))
    aliases = tables.Column("Also known as", orderable=False, attrs={"td": {"class": "aliases"}})
    nights = tables.Column("Nights entered", attrs={"th": {"class": "num"}, "td": {"class": "num"}})
    last = tables.DateColumn(format="j M Y", verbose_name="Last entered")

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list register"}
        empty_text = "No players yet: they join the register when they are registered for a night."

    def render_aliases(self, value):
        return ", ".join(value)


def _rows(club, players, nights):
    return [
        {
            "id": p.pk,
            "name": p.name,
            "key": name_key(p.name),
            "aliases": p.aliases,
            "nights": nights.get(p.pk, (0, None))[0],
            "last": nights.get(p.pk, (0, None))[1],
            "url": reverse("register_player", args=[club.slug, p.pk]),
        }
        for p in players
    ]


@club_staff_required
def register_page(request, club):
    """Every player of the club, searchable (case, accents and spacing do not count), with
    the likely duplicates at the top, to merge."""
    if refused := paging_refused(request):
        return render(request, "bad_request.html", {"message": refused}, status=400)
    players = list(club.players.all())
    by_id = {p.pk: p for p in players}
    nights = nights_played(club)
    query = request.GET.get("q", "")[:100].replace("\x00", "")
    shown = players
    if query.strip():
        wanted = name_key(query)
        shown = [p for p in players if any(wanted in name_key(n) for n in [p.name, *p.aliases])]
    pairs = [(by_id[a], by_id[b]) for a, b in club_register(club).near_pairs()] if players else []
    table = RegisterTable(_rows(club, shown, nights), order_by=request.GET.get("sort") or "name")
    tables.RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(
        request,
        "register/register.html",
        {
            "club": club,
            "table": table,
            "query": query,
            "count": len(players),
            "shown": len(shown),
            "pairs": [
                (a, b, nights.get(a.pk, (0, None))[0], nights.get(b.pk, (0, None))[0])
                for a, b in pairs
            ],
        },
    )


@club_staff_required
def register_player(request, club, player):
    """One register entry: rename it, or merge it into another."""
    player = get_object_or_404(Player, club=club, pk=player)
    form = RenameForm(request.POST or None, instance=player)
    status = 200
    if request.method == "POST":
        old = player.name
        if form.is_valid():
            rename(player, form.cleaned_data["name"])
            messages.success(request, f"Renamed {old} to {player.name}.")
            return redirect("register", club=club.slug)
        status = 400
        player.name = old  # the heading keeps the stored name
    count, last = nights_played(club).get(player.pk, (0, None))
    others = club.players.exclude(pk=player.pk)
    return render(
        request,
        "register/player_edit.html",
        {
            "club": club,
            "player": player,
            "form": form,
            "nights": count,
            "last": last,
            "others": others,
        },
        status=status,
    )


@club_staff_required
def register_merge(request, club):
    """Merge two entries: GET shows what follows, POST (confirm) does it."""
    if request.method != "POST" and not request.GET:
        return render(request, "register/merge.html", {"club": club, "form": MergeForm(club=club)})
    form = MergeForm(request.POST if request.method == "POST" else request.GET, club=club)
    if not form.is_valid():
        return render(request, "register/merge.html", {"club": club, "form": form}, status=400)
    kept, merged = form.cleaned_data["kept"], form.cleaned_data["merged"]
    nights = nights_played(club)
    both = shared_nights(kept, merged)
    if request.method == "POST" and not both:
        try:
            merge(kept, merged)
        except LinkError as exc:
            form.add_error("merged", str(exc))
        else:
            messages.success(
                request, f"Merged {merged.name} into {kept.name}: its nights are {kept.name}'s."
            )
            return redirect("register", club=club.slug)
    elif both:
        form.add_error(
            "merged",
            f"{kept.name} and {merged.name} both played on {both[0].name} "
            f"({both[0].date:%d %b %Y}): they are two people.",
        )
    swap = (
        reverse("register_merge", args=[club.slug])
        + "?"
        + urlencode({"kept": merged.pk, "merged": kept.pk})
    )
    return render(
        request,
        "register/merge.html",
        {
            "club": club,
            "form": form,
            "kept": kept,
            "merged": merged,
            "kept_nights": nights.get(kept.pk, (0, None))[0],
            "merged_nights": nights.get(merged.pk, (0, None))[0],
            "swap": swap,
        },
        status=400 if form.errors else 200,
    )


@director_required
def club_new(request):
    """A new club, kept by the director who makes it (its register starts empty)."""
    form = ClubForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            club = saved_once(form, then=lambda made: made.staff.add(request.user))
            if club is None:  # the same club made by another director a moment ago
                return render(request, "register/club_form.html", {"form": form}, status=409)
            messages.success(request, f"Made {club.name}: you keep it.")
            return redirect(reverse("tournament_new") + "?" + urlencode({"club": club.slug}))
        return render(request, "register/club_form.html", {"form": form}, status=400)
    return render(request, "register/club_form.html", {"form": form})
