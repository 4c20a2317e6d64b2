"""The ratings' public pages: a club's ratings at a game, its download, a pair, a player."""

from django.urls import path

from . import views

RATINGS = "club/<slug:club>/ratings/<slug:game>/"

urlpatterns = [
    path(RATINGS, views.ratings_page, name="ratings"),
    path(RATINGS + "ratings.csv", views.ratings_export, {"fmt": "csv"}, name="ratings_csv"),
    path(RATINGS + "ratings.xlsx", views.ratings_export, {"fmt": "xlsx"}, name="ratings_xlsx"),
    path(RATINGS + "pair/", views.pair_page, name="rating_pair"),
    path(RATINGS + "<int:player>/", views.player_page, name="rating"),
]
