from django.urls import path

from . import views

TABLE = "t/<slug:slug>/round/<int:number>/table/<int:table>/"

urlpatterns = [
    path("s/<str:token>/", views.table_link, name="table_link"),
    path("s/<str:token>/preview/", views.table_link_preview, name="table_link_preview"),
    path("s/<str:token>/<slug:action>/", views.table_link_action, name="table_link_action"),
    path("t/<slug:slug>/round/<int:number>/console/", views.console, name="console"),
    path(TABLE, views.director_table, name="director_table"),
    path(TABLE + "preview/", views.director_table_preview, name="director_table_preview"),
    path(TABLE + "<slug:action>/", views.director_table_action, name="director_table_action"),
]
