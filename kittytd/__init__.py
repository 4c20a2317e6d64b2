"""Kitty TD, tournament software for card clubs: the program a club installs (a wheel with
the `kittytd` command), its version, and where the club's data lives (`kittytd.data`).

The version is written here only: the package's metadata, `kittytd --version`, the foot
of the director's pages, the backup file and the database's upgrade record all read it.
"""

__version__ = "1.0.0"
