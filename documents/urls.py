from django.urls import path

from . import views

ROUND = "t/<slug:slug>/round/<int:number>/"

urlpatterns = [
    path(ROUND + "pairings.pdf", views.pairings_pdf, name="pairings_pdf"),
    path(ROUND + "sheets.pdf", views.sheets_pdf, name="sheets_pdf"),
    path(ROUND + "table/<int:table>/sheet.pdf", views.sheets_pdf, name="sheet_pdf"),
    path("t/<slug:slug>/checkin/codes.pdf", views.checkin_pdf, name="checkin_pdf"),
    path("t/<slug:slug>/standings/pdf/", views.standings_pdf_view, name="standings_pdf"),
]
