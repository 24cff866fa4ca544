"""The `browser` fixture: headless Chromium driven by selenium, for tests of the pages
agents/ writes or serves. Skips with the reason when selenium, chromium or chromedriver
is missing (.ci/run installs Debian's chromium and chromium-driver)."""
import shutil

import pytest

FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--no-first-run",
         "--disable-sync", "--window-size=1400,1000")


def _find(*names):
    return next((p for p in map(shutil.which, names) if p), None)


@pytest.fixture
def browser(tmp_path_factory):
    """A selenium Chrome driver on a fresh profile; closed after the test."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    chromium = _find("chromium", "chromium-browser", "google-chrome")
    driver_path = _find("chromedriver")
    if chromium is None or driver_path is None:
        pytest.skip("no chromium or chromedriver on PATH (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    try:
        yield driver
    finally:
        driver.quit()
