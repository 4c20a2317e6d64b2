"""Debian's nginx, run by a test or a bench in a folder of its own, as docs/production.md's
proxy (the package's service is not started: .ci/run installs nginx-light)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def binary() -> str | None:
    found = shutil.which("nginx")
    if found is None and os.access("/usr/sbin/nginx", os.X_OK):  # not on a user's PATH
        found = "/usr/sbin/nginx"
    return found


def configuration(folder: Path, http: str, connections: int) -> str:
    """nginx.conf with the `http` block's own lines: one worker process, everything it
    writes in `folder`, as root the files read as this user."""
    import pwd  # POSIX only, as nginx here: the modules that import this one run on Windows too

    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    temporary = "".join(
        f"    {kind}_temp_path {folder}/{kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{user}worker_processes 1;\nerror_log {folder}/nginx-error.log warn;\n"
        f"pid {folder}/nginx.pid;\nevents {{ worker_connections {connections}; }}\n"
        f"http {{\n{temporary}{http}}}\n"
    )


def command(nginx: str, folder: Path) -> list[str]:
    """nginx in the foreground on `folder`/nginx.conf."""
    conf, log = folder / "nginx.conf", folder / "nginx-error.log"
    return [nginx, "-p", str(folder), "-c", str(conf), "-e", str(log), "-g", "daemon off;"]
