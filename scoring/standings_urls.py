"""Standings, the Boston pot and the playoff (their own module of views)."""

from django.urls import path

from . import standings_views as views

STANDINGS = "t/<slug:slug>/standings/"

urlpatterns = [
    path(STANDINGS, views.standings_page, name="standings"),
    path(STANDINGS + "projector/", views.projector, name="standings_projector"),
    path(STANDINGS + "pdf/", views.standings_pdf_view, name="standings_pdf"),
    path(STANDINGS + "entrant/<int:pk>/", views.entrant_record, name="standings_entrant"),
    path(STANDINGS + "playoff/size/", views.playoff_size, name="playoff_size"),
    path(STANDINGS + "playoff/create/", views.playoff_create, name="playoff_create"),
    path(STANDINGS + "playoff/next/", views.playoff_next, name="playoff_next"),
    path(STANDINGS + "playoff/undo/", views.playoff_undo, name="playoff_undo"),
]
