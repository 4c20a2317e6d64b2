"""The table's addresses: a side's own link, the director's table page, the console.

The action addresses are made from tables.actions.ACTIONS, each only where its
declared permission allows (a director-only action has no address under a side's link).
"""

from django.urls import path

from . import (
    calls,  # noqa: F401 - registers the "call" and "answer-call" actions
    check_page,
    console,
    first_dealer,  # noqa: F401 - registers the "first-dealer" action
    floor,
    page,
    pwa,
)
from .actions import ACTIONS, director_view, link_view

LINK = "s/<str:token>/"
TABLE = "t/<slug:slug>/round/<int:number>/table/<int:table>/"
CONSOLE = "t/<slug:slug>/round/<int:number>/console/"

urlpatterns = [
    path(LINK, page.table_link, name="table_link"),
    path(LINK + "preview/", page.table_link_preview, name="table_link_preview"),
    path(LINK + "manifest.webmanifest", pwa.link_manifest, name="link_manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("t/<slug:slug>/round/<int:number>/console/", console.console, name="console"),
    path("t/<slug:slug>/check/", check_page.sheet_check, name="sheet_check"),
    path(
        "t/<slug:slug>/round/<int:number>/console/start-clock/",
        console.start_clock,
        name="start_clock",
    ),
    path(CONSOLE + "announce/", floor.announce, name="announce"),
    path(
        CONSOLE + "announcements/<int:pk>/take-back/",
        floor.take_back_announcement,
        name="take_back_announcement",
    ),
    path(CONSOLE + "table/<int:table>/answer-call/", floor.answer_call, name="console_answer_call"),
    path(CONSOLE + "leaving/<int:pk>/confirm/", floor.confirm_leaving, name="confirm_leaving"),
    path(
        CONSOLE + "leaving/<int:pk>/turn-down/", floor.turn_down_leaving, name="turn_down_leaving"
    ),
    path(TABLE, page.director_table, name="director_table"),
    path(TABLE + "preview/", page.director_table_preview, name="director_table_preview"),
]
for name, table_action in ACTIONS.items():
    if table_action.by_link:
        urlpatterns.append(path(f"{LINK}{name}/", link_view(table_action), name=f"link_{name}"))
    if table_action.by_director:
        urlpatterns.append(
            path(f"{TABLE}{name}/", director_view(table_action), name=f"director_{name}")
        )
