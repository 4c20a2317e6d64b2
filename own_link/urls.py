"""A player's own link: its page, its table's actions bound to a round, and its own
steps (checking in, leaving)."""

from django.urls import path

from tables.registry import ACTIONS

from . import views

OWN = "p/<str:own_token>/"
ROUND = OWN + "r/<int:number>/"

urlpatterns = [
    path(OWN, views.own_page, name="own_link"),
    path(OWN + "manifest.webmanifest", views.own_manifest, name="own_manifest"),
    path(OWN + "check-in/", views.own_check_in, name="own_check_in"),
    path(OWN + "leave/", views.own_leave, name="own_leave"),
    path(OWN + "stay/", views.own_stay, name="own_stay"),
    path(ROUND, views.own_round, name="own_link_round"),
    path(ROUND + "preview/", views.own_preview, name="own_link_preview"),
]
# The side's own actions only: a player's link never reaches a director's.
for name, table_action in ACTIONS.items():
    if table_action.by_link:
        urlpatterns.append(
            path(f"{ROUND}{name}/", views.own_action(table_action), name=f"own_{name}")
        )
