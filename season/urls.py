"""The season's pages: the ladder, the ratings, each player's statistics."""

from . import ladder_urls, rating_urls, statistics_urls

urlpatterns = [*ladder_urls.urlpatterns, *rating_urls.urlpatterns, *statistics_urls.urlpatterns]
