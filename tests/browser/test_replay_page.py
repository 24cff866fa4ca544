"""The replay viewer in a real browser: a recorded Kheops game written as HTML, opened
from file://, stepped with the buttons, the arrow keys, the slider and the move list,
and looked at from one seat's view. Screenshots go to the test's tmp dir."""
import pytest

from agents import replay
from agents.arena import run_arena
from agents.records import GameRecord

pytest.importorskip("selenium", reason="selenium is not installed")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("replay")
    run_arena("kheops_v1", ["random", "greedy"], games=2, seed=11, record=out)
    path = sorted(out.glob("game0000_*.jsonl"))[0]
    html = out / "replay.html"
    assert replay.main([str(path), "--html", str(html)]) == 0
    return html, GameRecord.read(path)


def state(driver):
    """(counter text, index of the highlighted move or None, the board's SVG)."""
    items = driver.find_elements(By.CSS_SELECTOR, "#moves li")
    current = [i for i, li in enumerate(items) if "current" in li.get_attribute("class").split()]
    assert len(current) <= 1
    svg = driver.find_element(By.CSS_SELECTOR, "#board svg").get_attribute("outerHTML")
    return driver.find_element(By.ID, "counter").text, (current[0] if current else None), svg


def test_stepping_through_a_replay(browser, page, tmp_path):
    html, rec = page
    n = len(rec.moves)
    browser.get(html.as_uri())
    click = lambda name: browser.find_element(By.ID, name).click()  # noqa: E731
    counter, current, start_svg = state(browser)
    assert (counter, current) == (f"move 0 of {n}", None)
    assert browser.find_element(By.ID, "prev").get_attribute("disabled")
    browser.save_screenshot(str(tmp_path / "replay-start.png"))

    click("next")
    counter, current, svg = state(browser)
    assert (counter, current) == (f"move 1 of {n}", 0) and svg != start_svg
    assert rec.moves[0][2] in browser.find_element(By.ID, "caption").text

    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert state(browser)[:2] == (f"move 3 of {n}", 2)
    body.send_keys(Keys.ARROW_LEFT)
    assert state(browser)[:2] == (f"move 2 of {n}", 1)

    slider = browser.find_element(By.ID, "slider")
    slider.click()  # the middle of the track
    middle = int(slider.get_attribute("value"))
    assert 0 < middle < n and state(browser)[:2] == (f"move {middle} of {n}", middle - 1)
    slider.send_keys(Keys.ARROW_RIGHT)  # the slider's own key: one step, not two
    assert state(browser)[:2] == (f"move {middle + 1} of {n}", middle)

    browser.find_elements(By.CSS_SELECTOR, "#moves li")[9].click()
    counter, current, all_svg = state(browser)
    assert (counter, current) == (f"move 10 of {n}", 9)
    browser.save_screenshot(str(tmp_path / "replay-move10-all.png"))

    Select(browser.find_element(By.ID, "view")).select_by_index(2)  # Red's own view
    counter, current, red_svg = state(browser)
    assert (counter, current) == (f"move 10 of {n}", 9) and red_svg != all_svg and "view of Red" in red_svg
    browser.save_screenshot(str(tmp_path / "replay-move10-red.png"))
    width = "return document.querySelector('#board svg').getBoundingClientRect().width"
    natural = int(browser.find_element(By.CSS_SELECTOR, "#board svg").get_attribute("width"))
    assert browser.execute_script(width) < natural  # fitted to the page
    click("fullsize")
    assert browser.execute_script(width) == natural
    click("fullsize")

    click("last")
    counter, current, _ = state(browser)
    assert (counter, current) == (f"move {n} of {n}", n - 1)
    assert "game over" in browser.find_element(By.ID, "caption").text
    assert browser.find_element(By.ID, "next").get_attribute("disabled")
    rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#scores tbody tr")]
    assert rows == [f"White {rec.agents[0]} {rec.scores[0]}", f"Red {rec.agents[1]} {rec.scores[1]}"]
    browser.save_screenshot(str(tmp_path / "replay-end-red.png"))

    click("first")
    assert state(browser)[:2] == (f"move 0 of {n}", None)
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0  # fetched nothing
    assert all((tmp_path / f).stat().st_size > 10_000 for f in
               ("replay-start.png", "replay-move10-all.png", "replay-move10-red.png", "replay-end-red.png"))
