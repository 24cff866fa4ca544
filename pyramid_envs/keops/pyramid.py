"""Pyramid construction (§5.1 C, §5.2 a): one material at a time on the current level's
template, next to a start space or a placed material; section icons and the any-space bonus
score when the placement earns points."""
from ..core.jit import njit

from .held import pyramid_action_bonus
from .resources import add_construction, pcx
from .spec import (ANY_MATCH_BONUS, NUM_MATERIALS, PYR_NEIGHBORS, PYR_NUM_SPACES, PYR_SECTION_ICONS,
                   PYR_SPACE_ANY, PYR_SPACE_MATERIAL, PYR_SPACE_SECTION, PYR_SPACE_START)
from .state import SRC_STOREHOUSE


@njit(cache=True)
def pyr_spaces(s):
    return PYR_NUM_SPACES[s.level, pcx(s)]


@njit(cache=True)
def level_full(s):
    for i in range(pyr_spaces(s)):
        if s.pyr_fill[i] < 0:
            return False
    return True


@njit(cache=True)
def space_ok(s, i, m):
    """Material m may go on space i by the construction rules."""
    lv, pc = s.level, pcx(s)
    if i >= PYR_NUM_SPACES[lv, pc] or s.pyr_fill[i] >= 0:
        return False
    if not PYR_SPACE_ANY[lv, pc, i] and PYR_SPACE_MATERIAL[lv, pc, i] != m:
        return False
    if PYR_SPACE_START[lv, pc, i]:
        return True
    for k in range(4):
        j = PYR_NEIGHBORS[lv, pc, i, k]
        if j >= 0 and s.pyr_fill[j] >= 0:
            return True
    return False


@njit(cache=True)
def source_has(s, m):
    """The placement in progress may still use material m."""
    if s.pyr_cap[m] <= 0:
        return False
    if s.pyr_src == SRC_STOREHOUSE:
        return s.materials[s.gain_player, m] > 0
    return s.quarry[m] > 0


@njit(cache=True)
def can_place(s, m, i):
    return s.pyr_left > 0 and source_has(s, m) and space_ok(s, i, m)


@njit(cache=True)
def any_placement(s):
    if s.pyr_left <= 0:
        return False
    for m in range(NUM_MATERIALS):
        if source_has(s, m):
            for i in range(pyr_spaces(s)):
                if space_ok(s, i, m):
                    return True
    return False


@njit(cache=True)
def stored_placement_exists(s, p):
    """One of p's stored materials fits somewhere (without starting a placement)."""
    for m in range(NUM_MATERIALS):
        if s.materials[p, m] > 0:
            for i in range(pyr_spaces(s)):
                if space_ok(s, i, m):
                    return True
    return False


@njit(cache=True)
def start_placement(s, p, src, left, c0, c1, c2, points, must):
    s.gain_player = p
    s.pyr_src = src
    s.pyr_left = left
    s.pyr_cap[0], s.pyr_cap[1], s.pyr_cap[2] = c0, c1, c2
    s.pyr_points = points
    s.pyr_must = must
    s.pyr_taken_bits = 0


@njit(cache=True)
def end_placement(s):
    s.pyr_left = 0
    s.pyr_must = False


@njit(cache=True)
def place(s, m, i):
    p = s.gain_player
    if s.pyr_src == SRC_STOREHOUSE:
        s.materials[p, m] -= 1
    else:
        s.quarry[m] -= 1
    s.pyr_fill[i] = m
    s.pyr_left -= 1
    s.pyr_cap[m] -= 1
    first = s.pyr_taken_bits == 0
    s.pyr_taken_bits |= 1 << m
    lv, pc = s.level, pcx(s)
    if s.pyr_points:
        pts = 0
        if PYR_SPACE_ANY[lv, pc, i] and PYR_SPACE_MATERIAL[lv, pc, i] == m:
            pts += ANY_MATCH_BONUS
        sec = PYR_SPACE_SECTION[lv, pc, i]
        done = True
        for j in range(PYR_NUM_SPACES[lv, pc]):
            if PYR_SPACE_SECTION[lv, pc, j] == sec and s.pyr_fill[j] < 0:
                done = False
        if done:
            pts += PYR_SECTION_ICONS[lv, pc, sec]
        if first:
            pts += pyramid_action_bonus(s, p)
        add_construction(s, p, pts)
    if level_full(s):
        s.level_done = True
