"""Benchmarks that print JSON: ``python -m bench`` runs them all (``caravanserai bench``)."""
