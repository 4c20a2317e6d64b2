"""The club's public home, its seasons' ladders and the staff's forms for them."""

from django.urls import path

from . import views

urlpatterns = [
    path("club/<slug:club>/", views.club_home, name="club"),
    path("club/<slug:club>/ladder-settings/", views.ladder_settings, name="ladder_settings"),
    path("club/<slug:club>/new-season/", views.season_new, name="season_new"),
    path("club/<slug:club>/season/<slug:season>/", views.season_page, name="season"),
    path("club/<slug:club>/season/<slug:season>/edit/", views.season_edit, name="season_edit"),
    path(
        "club/<slug:club>/season/<slug:season>/ladder.csv",
        views.ladder_export,
        {"fmt": "csv"},
        name="season_ladder_csv",
    ),
    path(
        "club/<slug:club>/season/<slug:season>/ladder.xlsx",
        views.ladder_export,
        {"fmt": "xlsx"},
        name="season_ladder_xlsx",
    ),
]
