"""A tournament as one JSON file: download its backup, restore one into this database
(replacing the night at its address, for that night's directors), and delete a night
once a copy of it is kept."""

import logging

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tournament import deleting
from tournament.access import NOT_STAFF, director_required
from tournament.linking import to_confirm
from tournament.models import Tournament

from . import exporting, importing
from .forms import REPLACE_LABEL, DeleteForm, RestoreForm

# A night deleted or replaced leaves no history of its own: the log says who, and where
# its copy went.
log = logging.getLogger(__name__)


@director_required
def tournament_export(request, slug):
    """The whole tournament as one JSON file: the night's backup."""
    tournament = get_object_or_404(Tournament, slug=slug)
    response = HttpResponse(exporting.export_json(tournament), content_type="application/json")
    response["Content-Disposition"] = (
        f'attachment; filename="{exporting.backup_filename(tournament)}"'
    )
    return response


@director_required
def tournament_import(request):
    """Restore a tournament from its backup file into this database; with the choice
    ticked, in place of the night at the file's address (a copy of it kept first)."""
    form = RestoreForm(request.POST or None, request.FILES or None, user=request.user)
    if request.method != "POST":
        return _restore_page(request, form)
    if not form.is_valid():
        return _restore_page(request, form, status=400)
    club = form.cleaned_data["club"]
    kept, staff = None, []
    try:
        data = importing.read_json(form.cleaned_data["file"].read())
        there = importing.night_at_address(data)
        if there is not None:
            if refused := _replace_refused(request.user, there, form.cleaned_data["replace"]):
                status, words = refused
                form.add_error("replace", words)
                return _restore_page(request, form, status=status, there=there)
            kept = deleting.keep_copies(there, exporting.export_json(there).encode(), "replacing")
            staff = list(there.staff.all())  # who ran the night runs it still
        tournament = importing.import_tournament(data, club, replacing=there)
    except importing.BackupError as exc:
        return _restore_page(request, form, status=400, error=str(exc))
    except deleting.NotKept as exc:
        return _restore_page(request, form, status=503, error=str(exc))
    tournament.staff.add(request.user)  # who restores a tournament runs it
    if not club.staff.exists():
        club.staff.add(request.user)
    tournament.staff.add(*staff)
    if kept is None:
        messages.success(request, f"Restored {tournament.name} from its backup.")
    else:
        log.info("%s replaced %s from a file; copies: %s", request.user, there.slug, kept)
        messages.success(
            request,
            f"Replaced {there.name} with the night in the backup file. "
            + _kept_words(kept, f"{there.name} as it was"),
        )
    if tournament.round_set.exists():  # what the page said before the upload, said again
        messages.info(
            request,
            "Every table has a new private link: print its table cards and sheets again.",
        )
    waiting = len(to_confirm(tournament))
    if waiting:
        messages.info(
            request,
            f"{waiting} player{'s' * (waiting != 1)} to confirm on the entrants "
            f"page: near a name in {club.name}'s register.",
        )
    return redirect(tournament)


def _replace_refused(user, there: Tournament, replace: bool) -> tuple[int, str] | None:
    """Why the night at the file's address stops this restore (status, words by the
    choice), or None when the director chose to replace it and may."""
    address = f"A tournament with the address “{there.slug}” already exists ({there.name})"
    if not deleting.may_delete(user, there):
        return 403, (
            f"{address}, run by other directors: only they may replace it. Or change the "
            "slug in the file to restore it as another night."
        )
    if not replace:
        return 400, (
            f"{address}: tick “{REPLACE_LABEL}” to put this file's night in its place (a "
            "copy of it is kept first), or change the slug in the file to restore it as "
            "another night."
        )
    return None


def _restore_page(request, form, status=200, error="", there=None):
    return render(
        request,
        "backup/restore.html",
        {
            "form": form,
            "error": error,
            "folders": deleting.folders(),
            # The night in the way, when its directors may download it before replacing it.
            "there": there if there and deleting.may_delete(request.user, there) else None,
        },
        status=status,
    )


@director_required
def tournament_delete(request, slug):
    """Delete a night, once its name is typed and a copy of it is kept: on the laptop the
    whole database and the night's own backup file beside the copies; on a server with no
    folder of copies, the page offers that file to download first."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not deleting.may_delete(request.user, tournament):
        raise PermissionDenied(NOT_STAFF)
    form = DeleteForm(request.POST or None, tournament=tournament)
    goes = deleting.what_goes(tournament)
    if request.method != "POST":
        return _delete_page(request, tournament, form, goes)
    if not form.is_valid():
        return _delete_page(request, tournament, form, goes, status=400)
    try:
        kept = deleting.keep_copies(tournament, exporting.export_json(tournament).encode())
    except deleting.NotKept as exc:
        return _delete_page(request, tournament, form, goes, status=503, error=str(exc))
    name = tournament.name
    deleting.delete_night(tournament)
    log.info("%s deleted %s (%s); copies: %s", request.user, name, slug, kept)
    messages.success(request, f"Deleted {name}: {goes.words()}. " + _kept_words(kept, name))
    return redirect("home")


def _delete_page(request, tournament, form, goes, status=200, error=""):
    return render(
        request,
        "backup/delete.html",
        {
            "tournament": tournament,
            "form": form,
            "goes": goes,
            "folders": deleting.folders(),
            "database": deleting.copies_database(),
            "error": error,
        },
        status=status,
    )


def _kept_words(kept: deleting.Kept, night: str) -> str:
    """Where the copy of a night that went is, and how it comes back."""
    if not kept.files:
        return (
            f"No copy of {night} is kept on this server: the backup file downloaded before "
            "brings it back, with Restore from a backup."
        )
    where = " and ".join(str(path) for path in kept.files)
    words = f"A copy of {night} is kept: its backup file {where}, which Restore from a backup takes"
    if kept.database:
        words += f"; and the whole database as it was, the copy {kept.database[0].name}"
    return words + "."
