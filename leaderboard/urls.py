"""Standings pages (their own module of views); the playoff's buttons are in draw.urls and
the PDF in documents.urls."""

from django.urls import path

from . import views

STANDINGS = "t/<slug:slug>/standings/"

urlpatterns = [
    path(STANDINGS, views.standings_page, name="standings"),
    path(STANDINGS + "projector/", views.projector, name="standings_projector"),
    path(STANDINGS + "entrant/<int:pk>/", views.entrant_record, name="standings_entrant"),
]
