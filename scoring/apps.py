from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from . import outcomes  # noqa: F401  (connects the stored outcomes' signals)
