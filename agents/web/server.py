"""The play page's HTTP server: the standard library's ThreadingHTTPServer on 127.0.0.1.

    GET  /                          the page (play.html, play.js, play.css from this package)
    POST /api/new    {"seed"?, "seat"?, "replaces"?}   a new game; answers its state
    GET  /api/state?game=ID         the game's state as the person's seat sees it
    POST /api/move   {"game", "action", "ply"}          play a move; answers the new state

A state is {"game_id", "ply", "your_turn", "to_move", "svg" (render_svg for the person's
seat), "moves" ([{"action", "name", "kind", "place": [x, y] in the picture or null}]),
"replies" (the agent's moves since the person's last one), "over", "scores", "record"}.
A refused request is answered {"error": "..."} with status 400 (malformed, illegal, stale
ply, game over) or 404 (unknown or closed game, unknown path) and changes nothing.
"""
from __future__ import annotations

import json
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .session import WebError, WebGames

STATIC = Path(__file__).parent
PAGES = {"/": ("play.html", "text/html"), "/play.html": ("play.html", "text/html"),
         "/play.js": ("play.js", "text/javascript"), "/play.css": ("play.css", "text/css")}
MAX_BODY = 64 * 1024


def _fields(body, required, optional=()):
    """The body's fields, each an int (or a game id string); anything else is refused."""
    if not isinstance(body, dict):
        raise WebError("the request body must be a JSON object")
    unknown = sorted(set(body) - set(required) - set(optional))
    if unknown:
        raise WebError(f"unknown field(s) {unknown}; fields: {sorted(required) + sorted(optional)}")
    missing = [k for k in required if k not in body]
    if missing:
        raise WebError(f"missing field(s) {missing}")
    for key, value in body.items():
        want = str if key in ("game", "replaces") else int
        if value is not None and (type(value) is not want):
            raise WebError(f"field {key!r} must be {'a string' if want is str else 'an integer'}, got {value!r}")
    return body


class Handler(BaseHTTPRequestHandler):
    server_version = "pyramid_envs-play"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # one line per request would bury the URL the person needs

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path in PAGES:
            name, kind = PAGES[url.path]
            return self._send(HTTPStatus.OK, (STATIC / name).read_bytes(), f"{kind}; charset=utf-8")
        if url.path == "/api/state":
            return self._answer(lambda: self._state(parse_qs(url.query)))
        self._error(WebError(f"no page {url.path!r}", 404))

    def do_POST(self):
        path = urlsplit(self.path).path
        games = self.server.games
        if path == "/api/new":
            return self._answer(lambda: games.new(**self._body((), ("seed", "seat", "replaces"))).view())
        if path == "/api/move":
            def move():
                b = self._body(("game", "action", "ply"))
                return games.get(b["game"]).move(b["action"], b["ply"])
            return self._answer(move)
        self._error(WebError(f"no API {path!r}; POST /api/new or /api/move", 404))

    # --- requests --------------------------------------------------------------------
    def _state(self, query):
        ids = query.get("game", [])
        if len(ids) != 1:
            raise WebError("give the game id once: /api/state?game=ID")
        return self.server.games.get(ids[0]).view()

    def _body(self, required, optional=()):
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise WebError("the request needs a Content-Length header") from None
        if not 0 <= length <= MAX_BODY:
            raise WebError(f"the request body must be at most {MAX_BODY} bytes")
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw or b"{}")
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise WebError(f"the request body is not JSON: {e}") from None
        return _fields(body, required, optional)

    def _answer(self, make):
        try:
            out = make()
        except WebError as e:
            return self._error(e)
        except Exception as e:  # an agent or renderer failing: say so instead of dropping the line
            return self._error(WebError(f"server error: {type(e).__name__}: {e}", 500))
        self._send(HTTPStatus.OK, json.dumps(out).encode(), "application/json")

    def _error(self, e):
        self._send(e.status, json.dumps({"error": str(e)}).encode(), "application/json")

    def _send(self, status, data, kind):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


def make_server(games: WebGames, port=0) -> ThreadingHTTPServer:
    """A server on 127.0.0.1:port (0: any free port) serving `games`; not yet started."""
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.games = games
    return server


def serve(env, agent_spec, seat=0, seed=0, options=None, record_dir="runs/records", port=8000, say=print):
    """Serve the play page until interrupted."""
    games = WebGames(env, agent_spec, seat, seed, options, record_dir)
    games.check()
    server = make_server(games, port)
    say(f"play in your browser: http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops the server; "
        f"finished games are saved under {record_dir})")
    try:
        server.serve_forever()
    finally:
        server.server_close()
