"""Krimsutep state record: one whole game in a NumPy record (a batch is `np.zeros(B, STATE)`),
and the small queries on it that every part of the rules uses.

One turn is several steps of the turn player (`phase`); decisions that belong to another
player (torch, gun jam, re-placing a card, treasure picks, the reaction windows) hand
`current_player` to that player, and `resume` says where play goes back to.
"""
import numpy as np
from ..core.jit import njit

from .spec import (HAND_LIMIT, MAX_ANKHS, MAX_BESIDE, MAX_PLAN, MAX_PLAYERS, NUM_CELLS, NUM_EXC,
                   NUM_GODS, NUM_PATH)


# treasure states
T_UNUSED, T_WAITING, T_IN_PLAY, T_WON = 0, 1, 2, 3


STATE = np.dtype([
    ("num_players", np.int8),
    ("current_player", np.int8),
    ("terminated", np.bool_),
    ("steps", np.int32),
    ("rng", np.uint64),
    ("scores", np.int32, (MAX_PLAYERS,)),
    ("play_on", np.bool_),
    ("phase", np.int8),
    ("turn", np.int8),                       # whose turn it is
    # the pyramid: card id per cell (GRAVE_ID at the grave), face up, front rotation
    ("cell_card", np.int8, (NUM_CELLS,)),
    ("cell_up", np.uint8, (NUM_CELLS,)),
    ("cell_rot", np.int8, (NUM_CELLS,)),
    ("known", np.uint8, (MAX_PLAYERS, NUM_CELLS)),   # seat knows the face-down card there
    # path cards beside the pyramid, face down, in line order
    ("beside", np.int8, (MAX_BESIDE,)),
    ("beside_rot", np.int8, (MAX_BESIDE,)),
    ("beside_known", np.uint8, (MAX_PLAYERS, MAX_BESIDE)),
    ("beside_n", np.int8),
    ("jar_used", np.uint8, (NUM_GODS,)),            # the game's jars (one per player)
    ("treasure_state", np.int8, (NUM_GODS,)),
    # researchers
    ("pos", np.int8, (MAX_PLAYERS,)),               # cell, or CAMP
    ("ankhs", np.int8, (MAX_PLAYERS,)),
    ("carry_jar", np.int8, (MAX_PLAYERS,)),         # card id or -1
    ("carry_tr", np.int8, (MAX_PLAYERS,)),
    ("camp_jars", np.int8, (MAX_PLAYERS,)),         # bit g: jar of god g in this camp
    ("attacked", np.uint8, (MAX_PLAYERS,)),
    ("lying", np.uint8, (MAX_PLAYERS,)),
    ("chamber", np.uint8, (MAX_PLAYERS,)),
    ("torch", np.int8, (MAX_PLAYERS,)),             # lit torch card, -1 none
    ("finished", np.int8, (MAX_PLAYERS,)),          # 0 playing, k = k-th to bring a treasure
    # excavation cards
    ("hand", np.int8, (MAX_PLAYERS, HAND_LIMIT)),   # compact, hand_n cards
    ("hand_n", np.int8, (MAX_PLAYERS,)),
    ("deck", np.int8, (NUM_EXC,)),                  # top at deck[deck_n - 1]
    ("deck_n", np.int8),
    ("disc", np.int8, (NUM_EXC,)),                  # top at disc[disc_n - 1]
    ("disc_n", np.int8),
    # the mummy
    ("mummy", np.int8),                             # cell (GRAVE while asleep)
    ("awake", np.bool_),
    # this turn
    ("moved", np.bool_),            # the turn's move was started
    ("no_move", np.bool_),          # pit turn: no movement
    ("extra_used", np.bool_),
    ("extra_pt", np.bool_),         # a sixth point bought for the coming move
    ("mummy_moved", np.bool_),      # the free (diagonal) mummy move was used
    ("mv_god", np.int8),
    ("mv_pts", np.int8),
    ("mv_tok", np.int8),            # secret passages in hand for this move
    ("mv_any", np.bool_),           # the next step may leave in any direction
    ("mv_dir", np.int8),            # direction of the last step (ramps)
    ("mv_steps", np.int8),
    # the path declared at the move's first reveal (rulings): direction + 4 for a reveal
    ("plan", np.int8, (MAX_PLAN,)),
    ("plan_n", np.int8),
    ("plan_i", np.int8),            # planned steps walked
    ("planning", np.bool_),         # the path is being declared
    # pending decisions
    ("resume", np.int8),
    ("pend_wake", np.bool_),
    ("pend_pickup", np.int8),       # cell, -1 none
    ("pend_special", np.int8),      # cell, -1 none
    ("mm_mover", np.int8),
    ("mm_left", np.int8),
    ("mm_taken", np.int8),
    ("mm_dir", np.int8),
    ("mm_target", np.int8),
    ("torch_ask", np.int8),         # bit mask of seats still to ask about a torch
    ("disp_mask", np.int8),
    ("disp_by", np.int8),
    ("rq", np.int8, (2 * NUM_GODS,)),   # jars/treasures to re-place
    ("rq_n", np.int8),
    ("sh_by", np.int8),
    ("sh_target", np.int8),
    ("exch_first", np.int8),
    ("tr_god", np.int8),
    ("tr_cells", np.int8, (MAX_BESIDE,)),
    ("tr_cards", np.int8, (MAX_BESIDE,)),
    ("tr_n", np.int8),
    ("tr_known", np.uint8, (MAX_BESIDE,)),  # per picked card: seats that knew it (bit mask)
    ("tr_stage", np.int8),          # 0 none, 1 first card, 2 picks
    ("tr_i", np.int8),              # picks made so far
    ("tr_total", np.int8),          # picks to make in all
    ("react_i", np.int8),
    ("step_win", np.bool_),         # a step was made: the others' window is due once it settles
    ("react_back", np.int8),        # where a mid-turn window goes back to (-1: end-of-turn window)
])


@njit(cache=True, inline="always")
def _is_path(card):
    return card >= 0 and card < NUM_PATH


@njit(cache=True)
def _researcher_at(s, c, except_seat):
    for q in range(s.num_players):
        if q != except_seat and s.finished[q] == 0 and s.pos[q] == c:
            return True
    return False


@njit(cache=True, inline="always")
def _occupied(s, c):
    """A researcher or the mummy is on cell c."""
    return _researcher_at(s, c, -1) or (s.awake and s.mummy == c)


@njit(cache=True)
def _next_active(s, p):
    n = s.num_players
    for i in range(1, n + 1):
        q = (p + i) % n
        if s.finished[q] == 0:
            return q
    return p


@njit(cache=True, inline="always")
def _gain_ankh(s, p):
    if s.ankhs[p] < MAX_ANKHS:
        s.ankhs[p] += 1
