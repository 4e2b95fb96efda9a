"""Pure parts of the page's robustness: the two-tab protocol (manni/ui/tabs.py) and the
alerts (manni/ui/alerts.py). The page itself is tested in tests/e2e/test_robust.py."""
from __future__ import annotations

import json

from manni import Match
from manni.record import match_to_record
from manni.text import Translator
from manni.ui.alerts import Alerts, elsewhere_html
from manni.ui.tabs import TabSync, read

T = Translator("en")


def _records():
    m = Match("classic", seed=4)
    before = match_to_record(m)
    m.apply(m.legal_actions()[0])
    return before, match_to_record(m)


def test_newer_claim_pauses_the_older_tab_which_hands_over_its_match():
    before, after = _records()
    old, new = TabSync("a"), TabSync("b")
    old.claim(before, 1000)
    claim = new.claim(before, 2000)
    what, reply = old.on_message(claim, after)  # the old tab moved after the new one read storage
    assert what == "pause" and not old.active
    assert json.loads(reply) == {"type": "handover", "tab": "a", "to": "b", "record": after}
    assert new.on_message(reply, before) == ("adopt", after)
    assert new.on_message(reply, before) is None  # once
    # a paused tab ignores further claims; the active one ignores its own messages
    assert old.on_message(new.claim(after, 3000), after) is None
    assert new.on_message(new.claim(after, 3000), after) is None


def test_same_record_handover_changes_nothing_and_others_ignore_it():
    before, _ = _records()
    a, b, c = TabSync("a"), TabSync("b"), TabSync("c")
    a.claim(before, 1)
    _, reply = a.on_message(b.claim(before, 2), before)
    assert b.on_message(reply, before) is None  # nothing newer
    assert c.on_message(reply, before) is None  # not addressed to c


def test_two_tabs_claiming_at_once_agree_on_one():
    before, _ = _records()
    a, b = TabSync("a"), TabSync("b")
    ca, cb = a.claim(before, 5000), b.claim(before, 5000)  # same instant: tab id decides
    assert a.on_message(cb, before)[0] == "pause"
    assert b.on_message(ca, before) is None
    assert b.active and not a.active


def test_messages_go_through_the_input_boundary():
    for bad in ["[" * 100_000, "x" * 2_000_000, '{"type": "claim"}', '{"type": "claim", "tab": 1, "at": 1}',
                '{"type": "handover", "tab": "x", "to": "y", "record": []}', "null", "\ud800"]:
        assert read(bad) is None
    tab = TabSync("a")
    assert tab.on_message("[" * 100_000, {}) is None and tab.active


def test_alerts_markup():
    a = Alerts()
    assert a.html(T) == ""
    a.set_aside = [T("alert.settings_bad"), "<b>x</b>"]
    html = a.html(T)
    assert 'data-alert="set-aside"' in html and "&lt;b&gt;" in html
    assert 'data-action="dismiss-alert"' in html and "download-damaged" not in html
    a.damaged = True
    assert 'data-action="download-damaged"' in a.html(T)
    a.dismissed, a.unsaved = True, True
    html = a.html(T)
    assert "set-aside" not in html and 'data-alert="unsaved"' in html and 'data-action="export"' in html
    assert 'data-action="take-back"' in elsewhere_html(T)


def test_saved_statistics_go_through_the_boundary():
    from manni.ui.stats import Stats
    assert Stats.from_json("[" * 100_000) == Stats()
    assert Stats.from_json('{"deals": ' + "9" * 5000 + "}") == Stats()
    assert Stats.from_json('{"deals": 3}').deals == 3
