from django.urls import path

from . import views

urlpatterns = [
    path("club/<slug:club>/players/<int:player>/", views.player_page, name="player"),
    path("club/<slug:club>/pair/<int:a>/<int:b>/", views.pair_page, name="pair"),
]
