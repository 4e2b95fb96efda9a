"""Learning Manille: its rules page, the hint's reasons from the play rule, and the review
of a finished deal (four hands, no Manni, the turned card), while the next deal is on."""
from __future__ import annotations

import re

from manni.bots import finish, make_bot
from manni.cards import card_code, cards_of
from manni.match import Match
from manni.text import Translator
from manni.ui import parlee, review_view, tables
from manni.ui.duties import duty_reasons
from manni.ui.game import Game
from manni.ui.phrases import action_phrase
from manni.ui.rules_page import PAGES, rules_html
from manni.ui.settings import Settings

T = Translator("en")


def test_the_rules_page_teaches_the_game_in_every_language():
    html = rules_html("manille", T)
    text = re.sub(r"<[^>]+>", " ", html)
    for words in ("Four players, two against two; 8 cards", "32 cards", "the manille",
                  "must overtrump", "you are free", "68 in every deal", "above 34",
                  "manille muette", "the belle"):
        assert words in text, words
    assert html.count('class="rules-section"') == len(PAGES["manille"])
    assert 'aria-label="10 of spades"' in html
    assert 'mini won" role="img" aria-label="7 of clubs"' in html
    assert 'data-action="tutorial" data-rules="manille"' in html
    assert "Manni" not in text.replace("Learn by playing", "")  # nothing of the other game
    for lang in ("fr", "nl", "is", "sv", "ru"):
        other = re.sub(r"<[^>]+>", " ", rules_html("manille", Translator(lang)))
        assert "rules." not in other and other != text
    assert "surcouper" in rules_html("manille", Translator("fr"))
    assert "Manillen" in rules_html("manille", Translator("nl"))


def lesson_at(moment: str, last: bool = False) -> Game:
    """The lesson played (the first legal card each time, or the last) to the moment it
    teaches."""
    g = Game.new_tutorial(Settings(), T, rules="manille")
    while g.tutorial.current != moment:
        assert g.phase == "play", moment
        if g.bot_seat() is not None:
            g.play_opponent_now()
        else:
            assert g.tap_card(card_code(cards_of(g.view.legal)[-1 if last else 0]))
    return g


def test_the_hint_names_what_the_play_rule_asks():
    v = lesson_at("overtrump", last=True).view
    trumped = next(c for c in v.trick if c // 13 == v.contract.trump)
    assert duty_reasons(v) == [("must_overtrump", {"card": trumped})]
    key, params = duty_reasons(lesson_at("climb").view)[0]
    assert key == "must_beat"
    assert duty_reasons(lesson_at("trump").view) == [("must_trump", {})]
    g = lesson_at("partner")
    assert duty_reasons(g.view)[0][0] == "partner_winning"
    text = g.set_hint(g.view.legal_actions()[0], [("only_choice", {})])
    assert "your partner's" in text and "need not beat it" in text
    assert duty_reasons(Game.new(Settings(), 5, T).view) == []  # Manni: no partner, no duty


def test_a_manille_hint_comes_with_reasons():
    s = Settings()
    s.variant = "manille"
    g = Game.new(s, 11, T)
    while not g.waits_for_you():
        g.play_opponent_now()
    action, reasons = finish(g.hint_steps(300))
    assert action in g.view.legal_actions() and reasons
    text = g.set_hint(action, reasons)
    assert text.startswith("Hint:") or len(text) > 10


def test_a_hint_to_ask_says_the_question_and_marks_its_button():
    """Before your lead the Expert bot may suggest a question: the hint says it and why in
    words, in every language, and the sheet marks that question's button."""
    s = Settings()
    s.variant = "manille"
    g = Game.new(s, 6, T)  # you lead the first trick, the parlée on
    asks = parlee.sheet_asks(g.view)
    count = next(a for a in asks if a.kind == "count")
    has, reasons = finish(g.hint_steps(300))  # the Expert bot asks before it searches
    assert has in asks and reasons == [("ask_top", {"card": has.subject})]
    text = g.set_hint(has, reasons)
    short, name = parlee.short_card(has.subject, T), T.card(has.subject)
    assert text == (f"Hint: ask your partner: Do you have the {short}? — only the {name} beats"
                    " your best card of its suit: if your partner has it, your side holds the"
                    " top of the suit.")
    html = tables.table_html(g)
    hinted = re.findall(r'<button[^>]*class="[^"]*\bhinted\b[^"]*"[^>]*>', html)
    assert len(hinted) == 1 and f'data-ask="{parlee.ask_code(has)}"' in hinted[0]
    assert 'aria-description="Suggested by the hint"' in hinted[0]
    assert action_phrase(count, T) == f"ask your partner: How many {parlee.SUIT_SYMBOLS[count.subject]}?"
    assert T.reason("ask_trumps", {}).startswith("you have trumps to draw")
    for lang in ("fr", "nl", "is", "sv", "ru"):
        said = action_phrase(count, Translator(lang))
        assert parlee.SUIT_SYMBOLS[count.subject] in said and "ask" not in said.lower()
        assert "Ask(" not in said and "kind" not in said
        why = Translator(lang).reason("ask_top", {"card": has.subject})
        assert Translator(lang).card(has.subject) in why and "beats" not in why


def test_a_finished_manille_deal_is_reviewed_while_the_next_is_played():
    s = Settings()
    s.variant = "manille"
    g = Game.new(s, 4, T)
    bot = make_bot("easy", seed=1)
    while not g.match.deal_scores:
        if g.bot_seat() is not None:
            g.play_opponent_now()
        else:
            assert g.act(bot.choose(g.view))
    assert g.phase == "play" and g.match.deal.number == 2 and g.reviewable() == [0]
    assert 'data-action="review" data-deal-index="0"' in tables.table_html(g)
    review = finish(g.review_steps(0))
    assert len(review.dealt) == 4 and len(review.cards) == 8
    assert all(d.cost is None or d.cost == d.cost for d in review.cards)
    html = review_view.review_html(review, T, [0], 0)
    assert html.count('class="review-hand"') == 4 and "Manni" not in html
    assert f"Turned card: {T.card(g.match.deals[0].cut)}" in html
    assert html.count('class="play') == 32
    # the deal in play stays hidden: none of its hands' cards is named in the review's text
    assert f'data-review="1"' in html


def test_the_review_of_a_manni_deal_keeps_its_manni_and_exchange():
    m = Match("classic", {"target": 10}, seed=2)
    bots = [make_bot("easy", seed=s) for s in range(3)]
    while m.phase != "deal-over":
        m.apply(bots[m.turn].choose(m.view(m.turn)), m.turn)
    from manni.review import review_steps
    html = review_view.review_html(finish(review_steps(m, 0, 0)), T, [0], 0)
    assert T("review.manni") in html and T("review.after") in html and "Cut card" not in html
