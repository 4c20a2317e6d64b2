from django.apps import AppConfig


class OwnLinkConfig(AppConfig):
    name = "own_link"
    verbose_name = "A player's own link"
