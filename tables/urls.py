"""The table's addresses: a side's own link, the director's table page, the console.

The action addresses are made from tables.registry.ACTIONS, each only where its
declared permission allows (a director-only action has no address under a side's link).
"""

from django.urls import path

from . import check_page, console, console_actions, page, preview, pwa
from .actions import director_view, link_view
from .registry import ACTIONS

LINK = "s/<str:token>/"
TABLE = "t/<slug:slug>/round/<int:number>/table/<int:table>/"
CONSOLE = "t/<slug:slug>/round/<int:number>/console/"

urlpatterns = [
    path(LINK, page.table_link, name="table_link"),
    path(LINK + "preview/", preview.table_link_preview, name="table_link_preview"),
    path(LINK + "manifest.webmanifest", pwa.link_manifest, name="link_manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("t/<slug:slug>/round/<int:number>/console/", console.console, name="console"),
    path("t/<slug:slug>/check/", check_page.sheet_check, name="sheet_check"),
    path(
        "t/<slug:slug>/round/<int:number>/console/start-clock/",
        console.start_clock,
        name="start_clock",
    ),
    path(CONSOLE + "announce/", console_actions.announce, name="announce"),
    path(
        CONSOLE + "announcements/<int:pk>/take-back/",
        console_actions.take_back_announcement,
        name="take_back_announcement",
    ),
    path(
        CONSOLE + "table/<int:table>/answer-call/",
        console_actions.answer_call,
        name="console_answer_call",
    ),
    path(
        CONSOLE + "leaving/<int:pk>/confirm/",
        console_actions.confirm_leaving,
        name="confirm_leaving",
    ),
    path(
        CONSOLE + "leaving/<int:pk>/turn-down/",
        console_actions.turn_down_leaving,
        name="turn_down_leaving",
    ),
    path(TABLE, page.director_table, name="director_table"),
    path(TABLE + "preview/", preview.director_table_preview, name="director_table_preview"),
]
for name, table_action in ACTIONS.items():
    if table_action.by_link:
        urlpatterns.append(path(f"{LINK}{name}/", link_view(table_action), name=f"link_{name}"))
    if table_action.by_director:
        urlpatterns.append(
            path(f"{TABLE}{name}/", director_view(table_action), name=f"director_{name}")
        )
