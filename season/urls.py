"""The season's pages: the ladder, the ratings, each player's statistics."""

from .ladder import urls as ladder_urls
from .ratings import urls as rating_urls
from .statistics import urls as statistics_urls

urlpatterns = [*ladder_urls.urlpatterns, *rating_urls.urlpatterns, *statistics_urls.urlpatterns]
