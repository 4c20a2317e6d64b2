from django.urls import path

from . import statistics_views

urlpatterns = [
    path("club/<slug:club>/players/<int:player>/", statistics_views.player_page, name="player"),
    path("club/<slug:club>/pair/<int:a>/<int:b>/", statistics_views.pair_page, name="pair"),
]
