from django.apps import AppConfig


class DocumentsConfig(AppConfig):
    name = "documents"
    verbose_name = "Documents"

    def ready(self) -> None:
        from scoring import check_code

        from .printed_sheet import content

        # Signing keeps, and the check page checks, the printed sheet's content.
        check_code.covers(content)
