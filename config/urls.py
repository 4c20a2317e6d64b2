from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament.forms import AdminLoginForm, LoginForm

admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(form_class=LoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    # Before tournament.urls: its "t/<slug>/" would otherwise take "t/restore/".
    path("", include("backup.urls")),
    path("", include("tournament.urls")),
    # Before season.urls: its "club/<club>/" would otherwise take "club/new/".
    path("", include("register.urls")),
    path("", include("tables.urls")),
    path("", include("leaderboard.urls")),
    path("", include("draw.urls")),
    path("", include("documents.urls")),
    path("", include("season.urls")),
    path("", include("own_link.urls")),
]

# The site's own pages for a request not understood, an address not found and a page
# refused (config/errors.py).
handler400 = "config.errors.not_understood"
handler404 = "config.errors.not_found"
handler403 = "config.errors.refused"
