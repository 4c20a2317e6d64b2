from django.urls import path

from . import views

urlpatterns = [
    path("t/restore/", views.tournament_import, name="tournament_import"),
    path("t/<slug:slug>/backup.json", views.tournament_export, name="tournament_export"),
    path("t/<slug:slug>/delete/", views.tournament_delete, name="tournament_delete"),
]
