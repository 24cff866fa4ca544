"""The play page's JSON API (agents/web), without a browser: a server on a free port in a
thread, a game played to the end by its legal moves and saved as a record that replays,
and every refused request (illegal, stale, unknown, closed, malformed) answered with a
clear error that changes nothing."""
import json
import threading
import urllib.error
import urllib.request

import numpy as np
import pytest

from agents.records import GameRecord
from agents.replay import replay
from agents.web.server import make_server
from agents.web.session import WebGames

ENV = "kheops_v1"


@pytest.fixture
def serve(tmp_path):
    """serve(seat=0, agent="random") -> base URL of a running server; stopped after the test."""
    servers = []

    def start(seat=0, agent="random", env=ENV):
        server = make_server(WebGames(env, agent, seat=seat, seed=5, record_dir=tmp_path / "records"))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def call(url, body=None, raw=None):
    """(status, JSON answer) of a GET (no body) or a POST (a JSON body, or raw bytes)."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def new_game(base, **body):
    status, state = call(base + "/api/new", body)
    assert status == 200, state
    return state


def state_of(base, game_id):
    status, state = call(f"{base}/api/state?game={game_id}")
    assert status == 200, state
    return state


def test_a_game_played_to_the_end_is_saved_as_a_record(serve, tmp_path):
    base = serve()
    s = new_game(base)
    assert s["your_turn"] and s["ply"] == 0 and s["svg"].startswith("<svg")
    assert any(m["place"] for m in s["moves"])  # Kheops names a cell in every move
    rng = np.random.default_rng(0)
    replies = 0
    while not s["over"]:
        move = s["moves"][rng.integers(len(s["moves"]))]
        status, s = call(base + "/api/move", {"game": s["game_id"], "action": move["action"], "ply": s["ply"]})
        assert status == 200, s
        assert s["your_turn"] or s["over"], "the agent plays its seats before the server answers"
        replies += len(s["replies"])
    assert replies == sum(seat == 1 for seat, _, _ in GameRecord.read(s["record"]).moves)
    assert s["moves"] == [] and not s["your_turn"] and s["score_sheet"]
    record = GameRecord.read(s["record"])
    assert record.agents == ["human", "random"] and len(record.moves) == s["ply"]
    assert record.scores == [r["score"] for r in s["scores"]]
    assert replay(record)[0]["terminated"]
    assert list((tmp_path / "records").iterdir()) == [tmp_path / "records" / s["record"].split("/")[-1]]


def test_the_agent_moves_first_when_it_has_seat_0(serve):
    s = new_game(serve(seat=1))
    assert s["your_turn"] and s["ply"] >= 1 and s["seat_name"] == "Red"
    assert [r["player"] for r in s["replies"]] == ["White"] * s["ply"]


def _refused(base, s, status, body=None, raw=None, url="/api/move", words=""):
    got, answer = call(base + url, body, raw)
    assert got == status and words in answer["error"], answer
    assert state_of(base, s["game_id"]) == s, "a refused request changes nothing"


def test_illegal_and_stale_moves_are_refused(serve):
    base = serve()
    s = new_game(base)
    legal = {m["action"] for m in s["moves"]}
    illegal = next(a for a in range(10_000) if a not in legal)
    _refused(base, s, 400, {"game": s["game_id"], "action": illegal, "ply": 0}, words="not legal")
    _refused(base, s, 400, {"game": s["game_id"], "action": -1, "ply": 0}, words="not legal")
    _refused(base, s, 400, {"game": s["game_id"], "action": 10**9, "ply": 0}, words="not legal")
    a = s["moves"][0]["action"]
    _refused(base, s, 400, {"game": s["game_id"], "action": a, "ply": 1}, words="stale")
    status, after = call(base + "/api/move", {"game": s["game_id"], "action": a, "ply": 0})
    assert status == 200 and after["ply"] >= 1
    _refused(base, after, 400, {"game": s["game_id"], "action": a, "ply": 0}, words="stale")  # a double click


def test_unknown_and_closed_games_are_refused(serve):
    base = serve()
    old = new_game(base)
    a = old["moves"][0]["action"]
    status, answer = call(base + "/api/move", {"game": "nope", "action": a, "ply": 0})
    assert status == 404 and "no game 'nope'" in answer["error"]
    status, answer = call(base + "/api/state?game=nope")
    assert status == 404 and "no game" in answer["error"]
    fresh = new_game(base, replaces=old["game_id"])
    assert fresh["game_id"] != old["game_id"] and fresh["ply"] == 0
    for url, body in ((f"/api/state?game={old['game_id']}", None),
                      ("/api/move", {"game": old["game_id"], "action": a, "ply": 0}),
                      ("/api/new", {"replaces": old["game_id"]})):
        status, answer = call(base + url, body)
        assert status == 404 and "closed: it was replaced" in answer["error"], answer
    assert state_of(base, fresh["game_id"]) == fresh


def test_malformed_requests_are_refused(serve):
    base = serve()
    s = new_game(base)
    g, a = s["game_id"], s["moves"][0]["action"]
    _refused(base, s, 400, raw=b"{not json", words="not JSON")
    _refused(base, s, 400, raw=b"[1, 2]", words="JSON object")
    _refused(base, s, 400, {"game": g, "action": a}, words="missing field(s) ['ply']")
    _refused(base, s, 400, {"game": g, "action": str(a), "ply": 0}, words="'action' must be an integer")
    _refused(base, s, 400, {"game": g, "action": True, "ply": 0}, words="'action' must be an integer")
    _refused(base, s, 400, {"game": 7, "action": a, "ply": 0}, words="'game' must be a string")
    _refused(base, s, 400, {"game": g, "action": a, "ply": 0, "seat": 1}, words="unknown field")
    _refused(base, s, 400, {"seat": 2}, url="/api/new", words="seat must be in [0, 2)")
    _refused(base, s, 400, {"colour": "red"}, url="/api/new", words="unknown field")
    _refused(base, s, 400, url="/api/state", words="game id")
    _refused(base, s, 404, url="/api/nothing", words="no page")
    _refused(base, s, 404, {}, url="/api/nothing", words="no API")


def test_a_finished_game_takes_no_more_moves(serve):
    base = serve()
    s = new_game(base)
    while not s["over"]:
        _, s = call(base + "/api/move", {"game": s["game_id"], "action": s["moves"][-1]["action"], "ply": s["ply"]})
    _refused(base, s, 400, {"game": s["game_id"], "action": 0, "ply": s["ply"]}, words="game is over")


def test_the_page_is_served_from_the_package(serve):
    base = serve()
    for path, kind, text in (("/", "text/html", b'src="play.js"'), ("/play.js", "text/javascript", b"/api/move"),
                             ("/play.css", "text/css", b".place")):
        with urllib.request.urlopen(base + path) as r:
            assert r.headers["Content-Type"].startswith(kind) and text in r.read()
