"""Standings, the Boston pot and the playoff (their own module of views)."""

urlpatterns: list = []
