"""Helpers shared by tests that are not fixtures of the whole suite (tests/conftest.py)."""
