from django.apps import AppConfig


class LaptopConfig(AppConfig):
    name = "laptop"
    verbose_name = "The laptop in the hall"

    def ready(self):
        # The writes say what they stored, once it is committed (plumbing.signals): a copy
        # of the night then. Whether copies are kept (backups.enabled: a folder for them and
        # an SQLite file) is asked at each signal, so on a server with none it asks nothing.
        from plumbing import signals

        from . import backups

        signals.sheet_signed.connect(backups.sheet_signed, dispatch_uid="laptop.sheet_signed")
        signals.round_published.connect(
            backups.round_published, dispatch_uid="laptop.round_published"
        )
