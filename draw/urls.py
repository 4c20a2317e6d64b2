from django.urls import path

from . import views

ROUND = "t/<slug:slug>/round/<int:number>/"
PLAYOFF = "t/<slug:slug>/standings/playoff/"

urlpatterns = [
    path("t/<slug:slug>/rounds/", views.rounds, name="rounds"),
    path("t/<slug:slug>/rounds/draw/", views.round_draw, name="round_draw"),
    path(ROUND, views.round_page, name="round"),
    path(ROUND + "edit/", views.round_edit, name="round_edit"),
    path(ROUND + "publish/", views.round_publish, name="round_publish"),
    path(ROUND + "delete/", views.round_delete, name="round_delete"),
    path(ROUND + "pairings/", views.pairings, name="pairings"),
    path(PLAYOFF + "size/", views.playoff_size, name="playoff_size"),
    path(PLAYOFF + "create/", views.playoff_create, name="playoff_create"),
    path(PLAYOFF + "next/", views.playoff_next, name="playoff_next"),
    path(PLAYOFF + "undo/", views.playoff_undo, name="playoff_undo"),
]
