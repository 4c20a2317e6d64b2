from django.apps import AppConfig


class UpgradeConfig(AppConfig):
    name = "upgrade"
    default_auto_field = "django.db.models.BigAutoField"
