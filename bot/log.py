"""Logging set up once for the whole process, with secrets scrubbed from every record."""

from __future__ import annotations

import logging

_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class RedactSecrets(logging.Filter):
    """Replaces each secret with ``[redacted]`` in a record's final message."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = message
        for secret in self.secrets:
            cleaned = cleaned.replace(secret, "[redacted]")
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def setup_logging(level: str = "INFO", *, secrets: list[str] | None = None) -> None:
    """Configure the root logger once; later calls only adjust the level and the secrets."""
    root = logging.getLogger()
    handler = next((h for h in root.handlers if getattr(h, "_caravanserai", False)), None)
    if handler is None:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(_FORMAT))
        handler._caravanserai = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    for old in [f for f in handler.filters if isinstance(f, RedactSecrets)]:
        handler.removeFilter(old)
    handler.addFilter(RedactSecrets(secrets or []))
    root.setLevel(level)
    # discord.py's gateway chatter is useful only when debugging the connection itself.
    logging.getLogger("discord.gateway").setLevel(max(logging.INFO, root.level))
