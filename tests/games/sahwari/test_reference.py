"""The /rules reference: every usual topic, and the STAND-IN marking kept visible."""

from __future__ import annotations

from games.core import spec
from games.sahwari.engine.data import STAND_IN


def test_the_usual_topics_are_written_and_stand_in_data_is_named() -> None:
    sahwari = spec("sahwari")
    for topic in ("overview", "turn", "icons", "leaders", "scoring", "ending", "notation"):
        text = sahwari.topic(topic)
        assert text and len(text) < 1500, topic
    assert "STAND-IN" in (sahwari.topic("stand-in") or "")
    assert "everyone loses" in (sahwari.topic("scoring") or "")
    assert STAND_IN
