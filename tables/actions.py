"""How an action at a table is done: each declares who may do it (`action`), and
`perform` checks its form, carries it out once, and answers with the page.

`players` actions are posted from a side's own link (`/s/<token>/<action>/`) and from a
director's table page; `link` actions only from a side's link; `director` actions only
from the director's page (a side's link has no such address: 404). The actions are
listed in tables/registry.py, from which tables/urls.py makes their addresses, so an
action cannot exist without its permission.

Each action gets its checked form values and returns None (then the page is shown again
at the sheet) or a response of its own; a refused write comes back as the page with the
form as typed and the messages by their fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from scoring import entry
from scoring.forms import PIN_NEEDED, HandForm
from scoring.models import SentAction
from tournament.access import director_required

from .access import Access, director_access, link_access
from .forms import Failed, Section, hand_specs
from .page import render_table

PLAYERS = "players"  # a side's link, or a director
LINK = "link"  # a side's link only
DIRECTOR = "director"  # a director of the tournament only


@dataclass(frozen=True)
class TableAction:
    name: str
    form: type
    run: Callable
    who: str
    section: Section  # where the page shows the action's form (again, when it is refused)
    hand_prefix: str | None = None  # the action carries a hand's inputs, with this prefix

    @property
    def by_link(self) -> bool:
        return self.who in (PLAYERS, LINK)

    @property
    def by_director(self) -> bool:
        return self.who in (PLAYERS, DIRECTOR)


def action(name: str, form: type, *, who: str, section: Section, hand_prefix: str | None = None):
    """The function below as a table action (listed in tables/registry.py to exist)."""

    def declared(run: Callable) -> TableAction:
        return TableAction(name, form, run, who, section, hand_prefix)

    return declared


def perform(request, access: Access, table_action: TableAction):
    """Check the posted form (and hand), carry the action out, answer with the page."""
    post = request.POST
    pin_needed = _pin_needed(access, table_action.form, post)
    if not access.director and not post.get("pin") and not pin_needed:
        # A link acts for its own side, whatever side was posted: the refused form then
        # comes back in that side's place.
        post = post.copy()
        post["side"] = str(access.side)
    form = table_action.form(post)
    if pin_needed:
        form.add_error("pin", PIN_NEEDED)
    hand_form = None
    if table_action.hand_prefix is not None:
        prefix = table_action.hand_prefix or None
        hand_form = HandForm(post, specs=hand_specs(access), prefix=prefix)
    failed = Failed(table_action.name, form, hand_form, section=table_action.section)
    valid = form.is_valid() and not pin_needed
    if hand_form is not None and not hand_form.is_valid():
        valid = False  # both checked, so every message shows at once
    if not valid:
        return render_table(request, access, failed=failed, status=400)
    key, exc = post.get("key", ""), None
    with transaction.atomic():
        if not _first_sending(access, table_action, key):
            messages.info(request, "Sent already: it was stored the first time.")
            return redirect(access.page_url + "#sheet")
        try:
            done = table_action.run(request, access, form.cleaned_data, hand_form)
        except entry.EntryError as refused:
            # Refused: the key goes, so the same form may be sent again; what the refusal
            # itself keeps (a wrong PIN counted) stays.
            if key:
                SentAction.objects.filter(table=access.table, key=key).delete()
            exc = refused
    if exc is not None:
        rest = form.add_entry_errors(
            hand_form.add_entry_errors(exc.errors) if hand_form else exc.errors
        )
        # A message placed by its field is said there, once; the top of the page then says
        # only that nothing was stored (Failed.messages).
        by_field = {m for k, m in exc.errors.items() if k not in rest}
        failed.told = [m for m in dict.fromkeys([str(exc), *rest.values()]) if m not in by_field]
        refused = render_table(request, access, failed=failed, status=exc.status)
        if exc.retry:
            refused["Retry-After"] = "10"
        return refused
    return done or redirect(access.page_url + "#sheet")


def _first_sending(access: Access, table_action: TableAction, key: str) -> bool:
    """Keep the form's one-time key with what it stores (the caller's transaction); False
    when it was kept already: the same form sent again, after an answer the phone lost. A
    form sent without a key (a phone without the page's script) is done as it comes."""
    if not key or len(key) > SentAction._meta.get_field("key").max_length:
        return True
    try:
        with transaction.atomic():  # on its own, so the caller's transaction goes on
            SentAction.objects.create(table=access.table, key=key, action=table_action.name)
    except IntegrityError:
        return False
    return True


def _pin_needed(access: Access, form_class: type, post) -> bool:
    """On a side's link, another side's box on this phone (accepting, disputing, signing
    as them) sent with no PIN: a posted side alone counts for nothing, so the box comes
    back in its place asking for their PIN by its field, not acting for the link's side."""
    posted = post.get("side", "")
    return (
        not access.director
        and "pin" in getattr(form_class, "visible", ())
        and not post.get("pin")
        and posted not in ("", str(access.side))
    )


# An action's address is only posted to, but a refused form's page stays at it: opened
# again (a reload, the address kept on the phone), it goes back to the table's page.
def _performed(request, access: Access, table_action: TableAction):
    if request.method == "GET":
        return redirect(access.page_url)
    return perform(request, access, table_action)


def link_view(table_action: TableAction):
    @never_cache
    @require_http_methods(["GET", "POST"])
    def view(request, token):
        return _performed(request, link_access(request, token), table_action)

    return view


def director_view(table_action: TableAction):
    @director_required
    @never_cache
    @require_http_methods(["GET", "POST"])
    def view(request, slug, number, table):
        return _performed(request, director_access(request, slug, number, table), table_action)

    return view


def acting(access: Access, data: dict) -> entry.Actor:
    """Who acts: a director for the side it names; on a side's link, the side whose PIN was
    typed on this phone, else the link's own side (a posted side alone counts for nothing)."""
    if access.director or not data.get("pin"):
        return access.actor(data.get("side"))
    return entry.by_pin(access.table, data.get("side"), data["pin"], phone=access.side)
