from django.db import models
from django.utils import timezone


class Release(models.Model):
    """A release that migrated this database, one row each time the version changed: the
    newest row is the version that last wrote it."""

    version = models.CharField(max_length=40)
    migrated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.version} ({self.migrated_at:%Y-%m-%d %H:%M})"
