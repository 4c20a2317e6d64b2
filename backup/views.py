"""A tournament as one JSON file: download its backup, restore one into this database."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tournament.access import director_required
from tournament.linking import to_confirm
from tournament.models import Tournament

from . import backup
from .forms import RestoreForm


@director_required
def tournament_export(request, slug):
    """The whole tournament as one JSON file: the night's backup."""
    tournament = get_object_or_404(Tournament, slug=slug)
    response = HttpResponse(backup.export_json(tournament), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{backup.backup_filename(tournament)}"'
    return response


@director_required
def tournament_import(request):
    """Restore a tournament from its backup file into this database."""
    form = RestoreForm(request.POST or None, request.FILES or None, user=request.user)
    error = ""
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                club = form.cleaned_data["club"]
                tournament = backup.import_json(form.cleaned_data["file"].read(), club)
            except backup.BackupError as exc:
                error = str(exc)
            else:
                tournament.staff.add(request.user)  # who restores a tournament runs it
                if not club.staff.exists():
                    club.staff.add(request.user)
                messages.success(request, f"Restored {tournament.name} from its backup.")
                waiting = len(to_confirm(tournament))
                if waiting:
                    messages.info(
                        request,
                        f"{waiting} player{'s' * (waiting != 1)} to confirm on the entrants "
                        f"page: near a name in {club.name}'s register.",
                    )
                return redirect(tournament)
    return render(request, "backup/restore.html", {"form": form, "error": error}, status=status)
