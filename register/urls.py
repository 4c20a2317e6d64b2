"""The club's register (its directors): the players, renaming, merging; and a new club.
Before season's "club/<club>/" pages, whose patterns would otherwise take these."""

from django.urls import path

from . import views

urlpatterns = [
    path("club/new/", views.club_new, name="club_new"),
    path("club/<slug:club>/register/", views.register_page, name="register"),
    path("club/<slug:club>/register/merge/", views.register_merge, name="register_merge"),
    path("club/<slug:club>/register/<int:player>/", views.register_player, name="register_player"),
]
