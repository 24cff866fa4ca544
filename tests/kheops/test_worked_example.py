"""The rulebook's final-scoring example (Endgame, A-E), rebuilt with the real 50 tiles.

Rulebook: Red 4 (2 ankhs) + 38 + 2 = 44; White 9 (3 ankhs) + 12 + 8 + 22 = 51.
The position in data/final_scoring_example.json is one move before the end:
Red holds the last tile (44, a 2-opening corridor) for cell 7k, White still
holds one tile, the pile is empty. Networks once 7k is placed at r0:

  White 12  1a 2b 2c           the top tile (room/1 ankh, White worker) and two
                               corridor sarcophagi, purple and orange: 1 room,
                               mismatched (0), top +5, closed x2
  White  8  3d 3e 4f 4g 5h 5i  3 rooms, one sarcophagus (orange room at 3d),
                               open to the right frame; White worker on the ankh 5i
  White 22  3c 4c..4e 5c..5g 6e 6f 6g
                               12 tiles, 6 rooms, the biggest, closed; also the
                               ownership example: Red worker 4c + priest 5e (2)
                               against White workers 5c + 5g on a doubler (3)
  Red   38  6h..6j 7h..7l      4 rooms, green pair (room 6h, corridor 7j), closed;
                               Red worker on the ankh 6i, Red mummy 7i
  Red    2  2a 3a 3b 4a 4b     2 rooms, open to the left frame; Red worker on the ankh 3a
  cursed    6a 6b 7a 7b        White worker on the ankh 6b and a Red worker: removed,
                               that ankh does not count
  fragment  7m                 White worker on an ankh: it counts (ankhs come
                               before fragments), then the pawn is removed
  others    6c 6d 7d, 7f 7g and fragments 5a 5b 6k 7c 7e: no pawns, no owner
"""
import json
from pathlib import Path

import numpy as np

from pyramid_envs.kheops import GAME
from pyramid_envs.kheops.codec import CELL_NAMES
from pyramid_envs.kheops.scoring import (N_BIGGEST, N_CLOSED, N_CURSED, N_OWNER, N_POINTS,
                                         N_ROOMS, N_SARC, N_SARC_PTS, N_SIZE, N_TOP, tally)

DATA = Path(__file__).parent / "data" / "final_scoring_example.json"
WHITE, RED = 0, 1


def _load():
    return GAME.from_dict(json.loads(DATA.read_text()))


def _play_last_tile(rot=0):
    states = _load()
    a = GAME.str_to_action(states, f"tile 1 7k r{rot}")
    assert GAME.legal_mask(states)[0, a] == 1
    rewards = GAME.step(states, [a])
    return states, rewards


def _networks(states):
    s = states[0]
    comp, nets, ankhs, scores = tally(s["cell_tile"], s["cell_rot"], s["pawn_owner"], s["pawn_kind"])
    groups = {}
    for g in range(len(nets)):
        cells = " ".join(CELL_NAMES[c] for c in np.flatnonzero(comp == g))
        groups[cells] = nets[g]
    return groups, ankhs, scores


def test_position_is_one_move_before_the_end():
    s = _load()[0]
    assert not s["terminated"]
    assert int(s["current_player"]) == RED
    assert (s["cell_tile"] < 0).sum() == 1 and s["cell_tile"][CELL_NAMES.index("7k")] < 0
    assert s["pile_size"] == 0
    assert [int((s["hand"][p] >= 0).sum()) for p in (WHITE, RED)] == [1, 1]


def test_worked_example_totals():
    states, rewards = _play_last_tile()
    s = states[0]
    assert s["terminated"]
    assert [int(x) for x in s["scores"]] == [51, 44]
    assert rewards[0].tolist() == [1.0, -1.0]
    assert GAME.to_dict(states)["scores"] == [51, 44]
    sheet = GAME.score_sheet(states)
    assert "44" in sheet and "51" in sheet
    assert "total 51" in sheet and "total 44" in sheet
    assert "White wins" in sheet


def test_worked_example_breakdown():
    states, _ = _play_last_tile()
    groups, ankhs, scores = _networks(states)
    assert ankhs.tolist() == [3, 2]  # White 3x3 = 9, Red 2x2 = 4
    assert scores.tolist() == [51, 44]

    owned = {p: sorted(int(n[N_POINTS]) for n in groups.values() if n[N_OWNER] == p)
             for p in (WHITE, RED)}
    assert owned == {WHITE: [8, 12, 22], RED: [2, 38]}

    # cells: (owner, tiles, rooms, sarcophagi, sarcophagus points, top, biggest, closed, points)
    expected = {
        "1a 2b 2c": (WHITE, 3, 1, 2, 0, 1, 0, 1, 12),
        "3d 3e 4f 4g 5h 5i": (WHITE, 6, 3, 1, 5, 0, 0, 0, 8),
        "3c 4c 4d 4e 5c 5d 5e 5f 5g 6e 6f 6g": (WHITE, 12, 6, 0, 0, 0, 1, 1, 22),
        "6h 6i 6j 7h 7i 7j 7k 7l": (RED, 8, 4, 2, 15, 0, 0, 1, 38),
        "2a 3a 3b 4a 4b": (RED, 5, 2, 0, 0, 0, 0, 0, 2),
    }
    cols = (N_OWNER, N_SIZE, N_ROOMS, N_SARC, N_SARC_PTS, N_TOP, N_BIGGEST, N_CLOSED, N_POINTS)
    for cells, row in expected.items():
        assert tuple(int(groups[cells][k]) for k in cols) == row, cells

    # The biggest is strictly the biggest: every other group is smaller.
    assert all(n[N_SIZE] < 12 for cells, n in groups.items() if not cells.startswith("3c"))
    # Curse: both players had pawns there (one on an ankh); nobody owns it.
    cursed = groups["6a 6b 7a 7b"]
    assert cursed[N_CURSED] == 1 and cursed[N_OWNER] == -1
    s = states[0]
    cursed_owners = {int(s["pawn_owner"][CELL_NAMES.index(c)]) for c in "6a 6b 7a 7b".split()}
    assert cursed_owners == {-1, WHITE, RED}
    # The fragment with a White pawn on an ankh scores nothing itself.
    assert groups["7m"][N_SIZE] == 1 and groups["7m"][N_OWNER] == -1
    assert s["pawn_owner"][CELL_NAMES.index("7m")] == WHITE
    # Every group other than the five scored networks is unowned.
    others = [n for cells, n in groups.items() if cells not in expected]
    assert all(n[N_OWNER] == -1 and n[N_POINTS] == 0 for n in others)


def test_last_tile_turned_opens_reds_pair_network():
    """At r1 the corridor opens 7k to the bottom frame: Red's pair network loses x2 and 7l."""
    states, rewards = _play_last_tile(rot=1)
    assert [int(x) for x in states[0]["scores"]] == [51, 4 + 19 + 2]
    groups, _, _ = _networks(states)
    pair = groups["6h 6i 6j 7h 7i 7j 7k"]
    assert pair[N_CLOSED] == 0 and pair[N_POINTS] == 19
