from django.urls import path

from . import round_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<slug:game>/", views.rules_help, name="rules_help"),
    path("t/new/", views.tournament_new, name="tournament_new"),
    path("t/restore/", views.tournament_import, name="tournament_import"),
    path("t/<slug:slug>/backup.json", views.tournament_export, name="tournament_export"),
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
    path("t/<slug:slug>/checkin/", views.checkin, name="checkin"),
    path("t/<slug:slug>/checkin/<int:pk>/", views.checkin_toggle, name="checkin_toggle"),
    path("t/<slug:slug>/rounds/", round_views.rounds, name="rounds"),
    path("t/<slug:slug>/rounds/draw/", round_views.round_draw, name="round_draw"),
    path("t/<slug:slug>/round/<int:number>/", round_views.round_page, name="round"),
    path("t/<slug:slug>/round/<int:number>/edit/", round_views.round_edit, name="round_edit"),
    path(
        "t/<slug:slug>/round/<int:number>/publish/",
        round_views.round_publish,
        name="round_publish",
    ),
    path("t/<slug:slug>/round/<int:number>/delete/", round_views.round_delete, name="round_delete"),
    path("t/<slug:slug>/round/<int:number>/pairings/", round_views.pairings, name="pairings"),
    path(
        "t/<slug:slug>/round/<int:number>/pairings.pdf",
        round_views.pairings_pdf,
        name="pairings_pdf",
    ),
    path("t/<slug:slug>/round/<int:number>/sheets.pdf", round_views.sheets_pdf, name="sheets_pdf"),
    path(
        "t/<slug:slug>/round/<int:number>/table/<int:table>/sheet.pdf",
        round_views.sheets_pdf,
        name="sheet_pdf",
    ),
]
