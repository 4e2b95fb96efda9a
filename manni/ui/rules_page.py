"""How to play: one rules page per rule set, built from data (pure Python, no ``js``).

A page is a list of sections; a section ``name`` has its texts in the catalog as
``rules.<name>.title`` and ``rules.<name>.text`` (paragraphs separated by a blank line) and
may have an illustration drawn with the table's own cards. Sections shared by rule sets
are written once; a rule set added later needs one entry in :data:`PAGES` (and the texts
of its own sections).
"""

from __future__ import annotations

from ..cards import parse_card
from ..rules import get_rules
from .markup import _e, card_back, card_face
from .settings import VARIANTS

PAGES: dict[str, tuple[str, ...]] = {
    "classic": ("intro", "deck_48", "deal_classic", "exchange_swap", "contract_rotation",
                "follow", "winner", "score_classic", "end_classic"),
    "classic-minus": ("intro", "deck_48", "deal_classic", "exchange_swap", "contract_rotation",
                      "follow", "winner", "score_minus", "end_classic"),
    "hornafjordur": ("intro", "deck_52", "deal_hornafjordur", "exchange_draw", "contract_cut",
                     "follow", "winner", "winner_nolo", "score_hornafjordur", "end_hornafjordur"),
    "trjamann": ("intro_declared", "deck_52", "deal_declared", "lists_trjamann", "declare",
                 "exchange_pickup", "follow", "winner", "winner_nolo", "score_declared",
                 "end_declared"),
    "laugavatn": ("intro_declared", "deck_52", "deal_declared", "lists_laugavatn", "declare",
                  "overcalls", "exchange_pickup", "follow", "winner", "winner_nolo",
                  "score_declared", "end_declared"),
}


def _row(codes: str, t, caption_key: str | None = None, **params) -> str:
    cards = "".join(card_face(parse_card(c), t, "mini") for c in codes.split())
    caption = f'<figcaption>{_e(t(caption_key, **params))}</figcaption>' if caption_key else ""
    return f'<figure class="rules-figure"><div class="rules-cards">{cards}</div>{caption}</figure>'


def _trick(codes: str, t, caption_key: str) -> str:
    """A trick of three cards, the winner (the last code after ``>``) ringed."""
    cards, winner = codes.split(">")
    won = parse_card(winner.strip())
    faces = "".join(card_face(c, t, "mini won" if c == won else "mini")
                    for c in (parse_card(x) for x in cards.split()))
    return (f'<figure class="rules-figure"><div class="rules-cards">{faces}</div>'
            f'<figcaption>{_e(t(caption_key))}</figcaption></figure>')


ILLUSTRATIONS = {
    "deck_48": lambda t: _row("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", t, "rules.fig.suit_order"),
    "deck_52": lambda t: _row("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", t, "rules.fig.suit_order"),
    "exchange_swap": lambda t: (f'<figure class="rules-figure"><div class="rules-cards">'
                                f'{card_back("12")}</div><figcaption>{_e(t("rules.fig.manni"))}'
                                f'</figcaption></figure>'),
    "exchange_draw": lambda t: (f'<figure class="rules-figure"><div class="rules-cards">'
                                f'{card_back("16")}</div><figcaption>{_e(t("rules.fig.manni_draw"))}'
                                f'</figcaption></figure>'),
    "contract_rotation": lambda t: _row("2H 2S 2D 2C", t, "rules.fig.rotation"),
    "contract_cut": lambda t: _row("4D 7C QS", t, "rules.fig.cut"),
    "winner": lambda t: _trick("AS TS 4H > 4H", t, "rules.fig.trump_wins"),
    "winner_nolo": lambda t: _trick("5D AD KD > KD", t, "rules.fig.ace_low"),
}


def section_html(name: str, t) -> str:
    paragraphs = "".join(f"<p>{_e(p.strip())}</p>" for p in t(f"rules.{name}.text").split("\n\n") if p.strip())
    figure = ILLUSTRATIONS[name](t) if name in ILLUSTRATIONS else ""
    return (f'<section class="rules-section" data-section="{_e(name)}">'
            f'<h4>{_e(t(f"rules.{name}.title"))}</h4>{paragraphs}{figure}</section>')


def rules_html(variant: str, t) -> str:
    """The page for a UI rule-set choice (``settings.VARIANTS``), with a chooser for the others."""
    if variant not in PAGES:
        variant = next(iter(PAGES))
    rules = get_rules(VARIANTS[variant][0]) if variant in VARIANTS else None
    chooser = "".join(
        f'<button type="button" class="btn small" data-action="rules" data-variant="{_e(v)}"'
        f'{" aria-current=true" if v == variant else ""}>{_e(t(f"variant.{v}"))}</button>'
        for v in PAGES if v in VARIANTS)
    facts = ""
    if rules is not None:
        facts = f'<p class="rules-facts">{_e(t("rules.facts", cards=rules.hand_size, manni=rules.manni_size))}</p>'
    return (f'<div class="rules-page" data-rules-page="{_e(variant)}">'
            f'<nav class="rules-choice" aria-label="{_e(t("menu.rules"))}">{chooser}</nav>'
            f'<h3 class="rules-name">{_e(t(f"variant.{variant}"))}</h3>{facts}'
            f'{"".join(section_html(name, t) for name in PAGES[variant])}</div>')
