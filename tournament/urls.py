from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<slug:game>/", views.rules_help, name="rules_help"),
    path("t/new/", views.tournament_new, name="tournament_new"),
    path("t/<slug:slug>/", views.tournament_page, name="tournament"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/entrants/", views.entrants, name="entrants"),
    path("t/<slug:slug>/entrants/import/", views.entrants_import, name="entrants_import"),
    path("t/<slug:slug>/entrants/<int:pk>/", views.entrant_edit, name="entrant_edit"),
    path(
        "t/<slug:slug>/entrants/<int:pk>/withdraw/",
        views.entrant_withdraw,
        name="entrant_withdraw",
    ),
    path("t/<slug:slug>/players/link/", views.player_link, name="player_link"),
    path("t/<slug:slug>/checkin/", views.checkin, name="checkin"),
    path("t/<slug:slug>/checkin/<int:pk>/", views.checkin_toggle, name="checkin_toggle"),
    path("t/<slug:slug>/checkin/all/", views.checkin_all, name="checkin_all"),
    path(
        "t/<slug:slug>/checkin/<int:pk>/new-link/", views.checkin_new_link, name="checkin_new_link"
    ),
    # The players' own: no login.
    path("t/<slug:slug>/checkin/self/", views.self_checkin, name="self_checkin"),
    path(
        "t/<slug:slug>/checkin/me/<str:checkin_token>/",
        views.self_checkin_link,
        name="self_checkin_link",
    ),
]
