"""Game records: the file format, arena and terminal games written as records, and
`python -m agents.replay` checking a record against the rules."""
import itertools
import json

import numpy as np
import pytest

import pyramid_envs
from agents import replay
from agents.arena import main as arena_main
from agents.arena import run_arena
from agents.play import play
from agents.records import GameRecord, start_seed
from agents.replay_page import seat_names

ENV = "kheops_v1"


@pytest.fixture(scope="module")
def arena_records(tmp_path_factory):
    """Two recorded Kheops games, random against greedy in both seatings."""
    out = tmp_path_factory.mktemp("records")
    result = run_arena(ENV, ["random", "greedy"], games=2, seed=3, record=out)
    return result, sorted(out.glob("*.jsonl"))


def lines(path):
    return [json.loads(t) for t in path.read_text().splitlines()]


def write_lines(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_record_reads_back_as_written(tmp_path):
    rec = GameRecord(ENV, {"num_players": 2}, start_seed(7), ["me", "greedy"])
    rec.add(0, 12, "tile 3b")
    rec.add(1, 40, "worker 7i")
    rec.finish([5, 9])
    back = GameRecord.read(rec.write(tmp_path / "sub" / "game.jsonl"))
    assert (back.env, back.options, back.seed, back.agents) == (ENV, {"num_players": 2}, start_seed(7), ["me", "greedy"])
    assert back.moves == [(0, 12, "tile 3b"), (1, 40, "worker 7i")] and back.scores == [5, 9] and back.ended
    rows = lines(tmp_path / "sub" / "game.jsonl")
    assert rows[0]["format"] == "pyramid_envs.record" and rows[0]["version"] == 1
    assert rows[2] == {"step": 1, "seat": 1, "action": 40, "name": "worker 7i"}


@pytest.mark.parametrize("edit, message", [
    (lambda rows: rows[:-1], "line 3: the record ends without its final scores line"),
    (lambda rows: [], "line 1: the file is empty"),
    (lambda rows: [{**rows[0], "version": 9}] + rows[1:], "line 1: not a pyramid_envs.record version 1 header"),
    (lambda rows: rows[:1] + [{**rows[1], "action": "12"}] + rows[2:], "line 2: 'action' must be int"),
    (lambda rows: rows[:1] + [{**rows[1], "step": 4}] + rows[2:], "line 2: step 4, expected 0"),
    (lambda rows: rows[:-1] + [{"scores": [1, True], "ended": True}], "line 4: scores must be integers"),
])
def test_a_malformed_record_names_its_line(tmp_path, edit, message):
    rec = GameRecord(ENV, {}, 1, ["a", "b"])
    rec.add(0, 1, "x")
    rec.add(1, 2, "y")
    rec.finish([0, 0])
    path = write_lines(tmp_path / "bad.jsonl", edit(lines(rec.write(tmp_path / "good.jsonl"))))
    with pytest.raises(ValueError, match=message):
        GameRecord.read(path)


def test_a_line_that_is_not_json_is_named(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"format": "pyramid_envs.record"}\n{"step": 0,\n')
    with pytest.raises(ValueError, match=r"bad.jsonl line 2: not JSON \(.*\) \(a truncated file\?\)"):
        GameRecord.read(path)


def test_the_arena_records_every_game_and_each_replays(arena_records):
    result, paths = arena_records
    assert [p.name for p in paths] == ["game0000_random-vs-greedy.jsonl", "game0001_greedy-vs-random.jsonl"]
    for g, path in enumerate(paths):
        rec = GameRecord.read(path)
        assert rec.agents == [result.agents[k] for k in result.seats[g]]
        assert rec.scores == result.scores[g].tolist() and rec.ended
        states = replay.replay(rec)
        assert states[0]["terminated"] and len(rec.moves) == int(states[0]["steps"])


def test_recording_leaves_the_arena_results_unchanged(arena_records):
    result, _ = arena_records
    plain = run_arena(ENV, ["random", "greedy"], games=2, seed=3)
    assert np.array_equal(plain.scores, result.scores) and np.array_equal(plain.rewards, result.rewards)


def test_the_arena_command_takes_record(tmp_path, capsys):
    arena_main(["--game", "kheops", "--agents", "random", "random", "--games", "2",
                "--out", str(tmp_path / "out"), "--record", str(tmp_path / "rec")])
    assert sorted(p.name for p in (tmp_path / "rec").iterdir()) == [
        "game0000_random-vs-random_2.jsonl", "game0001_random_2-vs-random.jsonl"]


def test_replay_prints_a_summary(arena_records, capsys):
    _, paths = arena_records
    assert replay.main([str(paths[0])]) == 0
    out = capsys.readouterr().out
    rec = GameRecord.read(paths[0])
    assert f"{len(rec.moves)} moves replayed" in out and "final scores match the record" in out
    assert all(str(s) in out for s in rec.scores)


def _tamper_action(rows):
    """Step 5 replaced by an action the rules do not allow there."""
    game = pyramid_envs.get_game(ENV)
    rec = GameRecord(ENV, rows[0]["options"], rows[0]["seed"], rows[0]["agents"])
    rec.moves = [(r["seat"], r["action"], r["name"]) for r in rows[1:-1]]
    states = rec.start(game)
    for seat, action, _ in rec.moves[:5]:
        game.step(states, [action])
    illegal = int(np.flatnonzero(game.legal_mask(states)[0] == 0)[0])
    rows[6] = {**rows[6], "action": illegal}
    return rows, f"step 5: action {illegal} is not legal"


def _tamper_name(rows):
    rows[4] = {**rows[4], "name": "pass"}
    return rows, f"step 3: the rules name action {rows[4]['action']} '"


def _tamper_scores(rows):
    scores = rows[-1]["scores"]
    rows[-1] = {**rows[-1], "scores": [scores[0] + 1] + scores[1:]}
    return rows, "final scores differ: the rules give"


def _tamper_seat(rows):
    rows[2] = {**rows[2], "seat": 1 - rows[2]["seat"]}
    return rows, "step 1: seat"


def _truncate(rows):
    return rows[:20], "line 20: the record ends without its final scores line"


def _cut_moves(rows):
    return rows[:20] + rows[-1:], "the game has not ended after the record's 19 moves"


@pytest.mark.parametrize("tamper", [_tamper_action, _tamper_name, _tamper_scores, _tamper_seat,
                                    _truncate, _cut_moves])
def test_a_record_that_does_not_replay_names_the_step(arena_records, tmp_path, capsys, tamper):
    rows, message = tamper(lines(arena_records[1][0]))
    path = write_lines(tmp_path / "tampered.jsonl", rows)
    assert replay.main([str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err
    assert "Traceback" not in err


def test_replay_rejects_an_unknown_game(tmp_path, capsys):
    rec = GameRecord("nosuch_v1", {}, 1, ["a", "b"])
    rec.finish([0, 0])
    assert replay.main([str(rec.write(tmp_path / "r.jsonl"))]) == 1
    assert "nosuch_v1" in capsys.readouterr().err


def test_a_terminal_game_is_recorded_and_replays(tmp_path):
    said = []
    numbers = (str(n % pyramid_envs.get_game(ENV).num_actions) for n in itertools.count())
    # the player answers every action number in turn; play() asks again until one is legal
    states = play(ENV, "random", seat=1, seed=5, ask=lambda prompt: next(numbers), say=said.append,
                  record=tmp_path)
    (path,) = tmp_path.glob("*.jsonl")
    rec = GameRecord.read(path)
    assert rec.seed == start_seed(5) and rec.agents == ["random", "human"]
    assert rec.scores == states[0]["scores"][: states[0]["num_players"]].tolist()
    assert np.array_equal(replay.replay(rec), states)
    assert "seat1" in path.name and any(str(path) in s for s in said)



def page_data(path):
    text = path.read_text()
    start = text.index('id="replay-data">') + len('id="replay-data">')
    return text, json.loads(text[start:text.index("</script>", start)])


def test_the_replay_page_is_self_contained_and_holds_every_view(arena_records, tmp_path, capsys):
    path = arena_records[1][1]
    rec = GameRecord.read(path)
    assert replay.main([str(path), "--html", str(tmp_path / "r.html")]) == 0
    text, data = page_data(tmp_path / "r.html")
    assert len(text) < 1_000_000  # a Kheops game: the pictures share most of their lines
    for fetch in ("<link", " src=", "url(http", "@import", "//cdn"):
        assert fetch not in text
    namespace = 'xmlns=\\"http://www.w3.org/2000/svg\\"'  # the SVGs' (escaped in the data), not an address
    assert text.replace(namespace, "").count("http") == 0
    assert "REPLAY_" not in text.replace("REPLAY_* markers", "")
    game = pyramid_envs.get_game(ENV)
    states = rec.start(game)
    assert len(data["positions"]) == len(rec.moves) + 1 and data["views"][1:] == [
        f"White's view ({rec.agents[0]})", f"Red's view ({rec.agents[1]})"]
    for k, pictures in enumerate(data["positions"]):  # each picture decodes to the rules' render_svg
        if k in (0, 7, len(rec.moves)):
            for view, f in zip([None, 0, 1], pictures):
                runs = data["frames"][f]
                lines = [data["lines"][j] for i in range(0, len(runs), 2) for j in range(runs[i], runs[i] + runs[i + 1])]
                assert "\n".join(lines) == game.render_svg(states, view)
        if k < len(rec.moves):
            game.step(states, [rec.moves[k][1]])
    assert [m["name"] for m in data["moves"]] == [n for _, _, n in rec.moves]
    assert [s["score"] for s in data["scores"]] == rec.scores


def test_no_page_is_written_for_a_record_that_does_not_replay(arena_records, tmp_path, capsys):
    rows = lines(arena_records[1][0])
    rows[-1] = {**rows[-1], "scores": [-1, -1]}
    path = write_lines(tmp_path / "bad.jsonl", rows)
    assert replay.main([str(path), "--html", str(tmp_path / "r.html")]) == 1
    assert not (tmp_path / "r.html").exists() and "final scores differ" in capsys.readouterr().err


def test_seats_the_rules_play_are_named_as_such():
    rec = GameRecord("keops_v1", {"num_players": 1, "ra_utoma": 1}, 1, ["greedy"])
    rec.finish([4, 5])
    assert seat_names(pyramid_envs.get_game("keops_v1"), rec) == ["Vizier 1", "seat 1 (rules)"]
