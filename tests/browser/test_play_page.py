"""The play page (agents/web) in headless Chromium, for every game: open it, click legal
moves (a ring on the board where a move has a place there, else a button in the list;
a place with several moves opens the chooser) until the agent has answered, check the
board changed, press New game; screenshots under the test's tmp dir."""
import threading

import pytest

import pyramid_envs
from agents.web.server import make_server
from agents.web.session import WebGames

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

MAX_CLICKS = 80  # a Keops turn is many decisions: enough for the agent's first answer
WAIT = 300       # seconds for the server to answer (a loaded machine is slow)


@pytest.fixture
def page(browser, tmp_path):
    """open(env) -> the page loaded with a new game against 'random' (the person at seat 0)."""
    servers = []

    def open_page(env):
        games = WebGames(env, "random", seat=0, seed=1, record_dir=tmp_path / "records")
        games.check()  # compiles the rules here, not while the page waits
        server = make_server(games)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        browser.set_window_size(1500, 1100)
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/")
        settled(browser)
        return browser

    yield open_page
    for server in servers:
        server.shutdown()
        server.server_close()


def data(browser, key):
    return browser.execute_script(f"return document.body.dataset.{key} || ''")


def settled(browser):
    """Wait until the page shows a state and no request is in flight."""
    WebDriverWait(browser, WAIT).until(lambda b: data(b, "gameId") and data(b, "busy") != "yes")


def board(browser):
    svg = browser.find_element(By.CSS_SELECTOR, "#board svg")
    return browser.execute_script(  # the picture without the rings the page draws on it
        "const c = arguments[0].cloneNode(true); c.querySelectorAll('.place, .place-edge, .place-words, .place-badge, .place-count')"
        ".forEach(e => e.remove()); return c.outerHTML", svg)


def click_a_move(browser, k, shot):
    """Click a legal move (the k-th, cycling): on the board where one has a place there;
    'board' or 'list' says where it was. shot(name) saves a screenshot of the chooser."""
    rings = browser.find_elements(By.CSS_SELECTOR, "#board svg .place")
    if rings:
        rings[k % len(rings)].click()
        choices = browser.find_elements(By.CSS_SELECTOR, "#chooser:not([hidden]) .choice")
        if choices:
            shot("chooser")
            choices[k % len(choices)].click()
        return "board"
    buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")
    buttons[k % len(buttons)].click()
    return "list"


@pytest.mark.parametrize("env", pyramid_envs.list_envs())
def test_play_by_clicking_until_the_agent_answers(page, env, tmp_path):
    browser = page(env)
    assert data(browser, "phase") == "your-turn"
    game_id, start = data(browser, "gameId"), board(browser)
    browser.save_screenshot(str(tmp_path / f"{env}-start.png"))
    where, answered = [], False
    while not (answered and "board" in where):  # some games open with moves off the board
        assert len(where) < MAX_CLICKS, f"after {where}: the agent answered: {answered}"
        assert data(browser, "phase") == "your-turn"
        ply = data(browser, "ply")
        where.append(click_a_move(browser, len(where), lambda name: browser.save_screenshot(
            str(tmp_path / f"{env}-{name}.png"))))
        settled(browser)
        assert data(browser, "ply") != ply, browser.find_element(By.ID, "error").text
        if not answered and data(browser, "replies") not in ("", "0"):
            answered = True
            assert browser.find_elements(By.CSS_SELECTOR, "#replies li")
            browser.save_screenshot(str(tmp_path / f"{env}-answered.png"))
    assert not browser.find_element(By.ID, "error").is_displayed()
    assert board(browser) != start

    answered = board(browser)
    browser.find_element(By.ID, "new-game").click()
    settled(browser)
    assert data(browser, "gameId") != game_id
    assert data(browser, "ply") == "0" and data(browser, "phase") == "your-turn"
    assert board(browser) != answered
    browser.save_screenshot(str(tmp_path / f"{env}-new-game.png"))
