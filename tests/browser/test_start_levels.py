"""The start screen's levels: each game lists only the levels it offers (Mexican Train
Easy and Normal; Chicken Foot and All Fives also Hard), each with a line on what it
does, at a phone's size and a laptop's."""

from __future__ import annotations

from playwright.sync_api import expect

from browser_steps import shot


def levels_of(page, seat: int) -> list[str]:
    return page.get_by_label(f"Level of player {seat}").locator("option").all_inner_texts()


def test_the_start_screen_lists_each_games_levels_and_says_what_each_does(page, open_game,
                                                                          page_watch):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page)
    words = page.get_by_role("list", name="The computer players' levels")
    expect(page.get_by_role("radio", name="Mexican Train", exact=True)).to_be_checked()
    assert levels_of(page, 2) == ["Easy", "Normal"]
    expect(words.get_by_role("listitem")).to_have_count(2)
    expect(words).to_contain_text("Normal is the strongest")
    words.scroll_into_view_if_needed()
    shot(page, "start-levels-mexican-390x844")

    page.get_by_role("radio", name="Chicken Foot", exact=True).check()
    expect(page.get_by_label("Level of player 2").locator("option")).to_have_count(3)
    assert levels_of(page, 2) == ["Easy", "Normal", "Hard"]
    expect(words.get_by_role("listitem").nth(2)).to_contain_text(
        "It ends a round with fewer points than Normal.")
    page.get_by_label("Level of player 2").select_option("hard")
    words.scroll_into_view_if_needed()
    shot(page, "start-levels-chicken-390x844")

    # Back to Mexican Train: the Hard player becomes Normal, its strongest level there.
    page.get_by_role("radio", name="Mexican Train", exact=True).check()
    expect(page.get_by_label("Level of player 2")).to_have_value("normal")

    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("radio", name="All Fives", exact=True).check()
    expect(words).to_contain_text("Against Normal it wins about 6 games in 10.")
    words.scroll_into_view_if_needed()
    shot(page, "start-levels-allfives-1280x800")
    page_watch.assert_clean()
