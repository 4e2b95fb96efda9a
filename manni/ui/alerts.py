"""What the page must tell the player about the match itself, beyond one move: data set
aside at start-up (with the damaged save kept for download), a match that is not being
saved, a match that continues in another tab. Pure HTML from the catalog, no ``js``.

Hooks: ``#alerts`` holds ``.alert[data-alert="set-aside"|"unsaved"]``; buttons carry
``data-action`` = ``download-damaged``, ``export``, ``dismiss-alert``, ``take-back``.
"""

from __future__ import annotations

from .markup import _e


def _button(action: str, label: str, cls: str = "btn small") -> str:
    return f'<button type="button" class="{cls}" data-action="{action}">{_e(label)}</button>'


class Alerts:
    def __init__(self) -> None:
        self.set_aside: list[str] = []   # translated sentences, one per thing set aside
        self.damaged = False             # a damaged saved match can be downloaded
        self.unsaved = False             # the last save failed (storage full or off)
        self.dismissed = False           # the player closed the set-aside alert

    def html(self, t) -> str:
        out = []
        if self.set_aside and not self.dismissed:
            buttons = _button("download-damaged", t("btn.download_damaged")) if self.damaged else ""
            buttons += _button("dismiss-alert", t("btn.dismiss"))
            out.append('<div class="alert" data-alert="set-aside">'
                       + "".join(f"<p>{_e(s)}</p>" for s in self.set_aside)
                       + f'<div class="alert-actions">{buttons}</div></div>')
        if self.unsaved:
            out.append('<div class="alert warn" data-alert="unsaved">'
                       f'<p>{_e(t("alert.unsaved"))}</p><div class="alert-actions">'
                       f'{_button("export", t("btn.export"))}</div></div>')
        return "".join(out)


def elsewhere_html(t) -> str:
    """The table of a tab whose match continues in another tab."""
    return ('<div class="elsewhere" role="region" aria-labelledby="elsewhere-title">'
            f'<h2 id="elsewhere-title">{_e(t("tab.elsewhere"))}</h2>'
            f'<p>{_e(t("tab.elsewhere_detail"))}</p>'
            f'{_button("take-back", t("btn.take_back"), "btn primary")}</div>')
