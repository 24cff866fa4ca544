"""Consistency of the Keops component data (pyramid_envs/keops/spec.py).

Each test checks a number against the rulebook (section cited) or an internal invariant
the kernels will rely on; defaults are checked for shape, not for their values.
"""
import numpy as np
import pytest

from pyramid_envs.keops import spec as S

PCS = range(S.MIN_PLAYERS, S.MAX_PLAYERS + 1)


# --- components and setup ----------------------------------------------------
def test_tile_counts_per_player_count():
    # §4 step 8: 1/2/3 copies of each building, 3/4/6 crops; §3: 63 tiles in all
    for n, copies, crops in zip(PCS, (1, 2, 3), (3, 4, 6)):
        sup = S.POOL_SUPPLY[S.pc_index(n)]
        assert (sup[:S.NUM_CITY_KINDS] == copies).all()
        assert sup[S.POOL_OF_KIND[S.BARLEY_CROP]] == crops
        assert S.POOL_OF_KIND[S.BARLEY_CROP] == S.POOL_OF_KIND[S.PAPYRUS_CROP]  # double-sided
        assert sup[S.POOL_OF_KIND[S.TEMPLE]] >= S.PANTHEON_SPACES  # temples never run out
    assert S.POOL_SUPPLY[S.pc_index(4)].sum() == 63 == S.TOTAL_TILES


def test_servants_dwellings_population():
    # §3: 5 Artisans, 3 Scribes, 3 Priests; §4.1: start with 2 Artisans + 1 Scribe, population 3
    assert tuple(S.PLAYER_SERVANTS) == (5, 3, 3)
    assert tuple(S.START_SERVANTS) == (2, 1, 0)
    assert S.START_SERVANTS.sum() == S.START_POPULATION == 3
    assert S.PLAYER_SERVANTS.sum() == S.POPULATION_MAX
    assert S.DWELLING_ROWS * S.DWELLINGS_PER_ROW == S.DWELLINGS_PER_PLAYER == 15
    for s in range(S.NUM_SERVANT_TYPES):
        assert (S.DWELLING_UNLOCK == s).sum() == S.PLAYER_SERVANTS[s] - S.START_SERVANTS[s]
    # §8 example: the 2nd yellow dwelling unlocks an Artisan whose upkeep is 1 Barley
    assert S.DWELLING_UNLOCK[0, 1] == S.ARTISAN
    assert tuple(S.DWELLING_UPKEEP[0, 1]) == (1, 0, 0, 0)
    # §13.1 "1 Barley, 1 Beer, 1 Papyrus or 1 Silver to keep that Servant": exactly one
    # Good where a servant is unlocked, none elsewhere; every kind the glossary lists appears
    assert (S.DWELLING_UPKEEP.sum(axis=2) == (S.DWELLING_UNLOCK >= 0)).all()
    assert (S.DWELLING_UPKEEP.sum(axis=(0, 1)) > 0).all()


def test_maintenance_example_is_reachable():
    # §5.1 C: four servants whose unlocked dwellings cost "2 barley and 2 beer", where one
    # unpaid Beer may cost "the artisan or the scribe"
    slots = ((0, 1), (0, 3), (0, 4), (1, 2))
    up = sum(S.DWELLING_UPKEEP[r, k] for r, k in slots)
    assert up[S.BARLEY] == 2 and up[S.BEER] == 2 and up[S.PAPYRUS] == up[S.SILVER] == 0
    beer_payers = [S.DWELLING_UNLOCK[r, k] for r, k in slots if S.DWELLING_UPKEEP[r, k, S.BEER]]
    assert sorted(beer_payers) == [S.ARTISAN, S.SCRIBE]


def test_starting_resources():
    assert tuple(S.START_DEBENS) == (5, 6, 7, 8)            # §4.1.2
    assert tuple(S.START_GOODS) == (2, 1, 1, 0)             # §4.1.3: 2 Barley, 1 Beer, 1 Papyrus
    assert S.START_MINOR_FAVORS == 1 and S.OFFERINGS_PER_PLAYER == 10
    assert tuple(S.PIER_STOREHOUSE_START) == (1, 1, 1, 0)   # §4 step 6
    assert S.HAPPINESS_MIN <= S.HAPPINESS_START == 5 <= S.HAPPINESS_MAX
    assert S.HAPPINESS_MAX >= S.POPULATION_MAX
    assert S.MANDATE_SUPPLY == 12 and S.MANDATE_HOLD_MAX == 3
    assert (S.MAJOR_FAVOR_SUPPLY, S.MINOR_FAVOR_SUPPLY) == (14, 28)
    assert tuple(S.INDEPENDENT_SUPPLY) == (8, 6, 6) and S.INDEPENDENT_SUPPLY.sum() == 20


def test_limited_supplies_cover_setup():
    for n in PCS:
        assert (S.START_GOODS * n + S.PIER_STOREHOUSE_START <= S.GOOD_SUPPLY).all()
        assert n * S.START_MINOR_FAVORS <= S.MINOR_FAVOR_SUPPLY
    # 3 favor checks per round, a Major each: never more than the 14 printed
    assert 3 * S.NUM_ROUNDS <= S.MAJOR_FAVOR_SUPPLY


def test_worked_example_numbers():
    # §10: a Cartographer costs any servant + 1 Papyrus + 1 Deben (+1 Deben per penalized square)
    assert S.BUILDING_COLOR[S.CARTOGRAPHER] == S.RED
    assert S.COLOR_CONSTRUCT_GOOD[S.RED] == S.PAPYRUS and S.CONSTRUCT_DEBENS == 1
    assert S.PENALTY_DEBENS_PER_SQUARE == 1
    # the first Scribe-row dwelling frees nobody, the first Priest-row dwelling frees a Priest
    assert S.DWELLING_UNLOCK[1, 0] == -1 and S.DWELLING_UNLOCK[2, 0] == S.PRIEST
    # room 1: an Offering and 2 Medjay Power; Artisan boost: up to 5 materials
    assert tuple(S.ROOM_GAIN[S.CARTOGRAPHER, 0, [S.G_OFFERING, S.G_MEDJAY_1]]) == (1, 2)
    assert S.ROOM_COST[S.CARTOGRAPHER, 0].sum() == 0
    # §5.1 A: a crop in the Akhet zone costs 1 Artisan... 1 Barley and 2 Debens
    assert S.CONSTRUCT_DEBENS + S.AKHET_EXTRA_DEBENS == 2
    assert S.COLOR_CONSTRUCT_GOOD[S.BUILDING_COLOR[S.BARLEY_CROP]] == S.BARLEY
    # §5.1 B examples: School room 2, Pier dock 2 Debens + a 2-Deben mooring, Quarry Scribe 2,
    # Osiris 5 Debens, Artisan border space 2 Medjay
    assert S.ROOM_COST[S.SCHOOL, 1, S.C_DEBEN] == 1
    assert S.DOCK_COST[0] == 2 and S.MOORING_GAIN[S.MO_DEBENS, S.G_DEBEN] == 2
    assert S.QUARRY_MATERIALS[S.SCRIBE] == 2 and S.BORDER_SPACE_MEDJAY[S.ARTISAN] == 2


# --- city and shapes ------------------------------------------------------------
def test_city_sections_and_penalized_squares():
    assert S.NUM_CITY_CELLS == 48
    counts = np.bincount(S.CITY_CELL_SECTION, minlength=S.NUM_SECTIONS)
    assert (counts == S.SECTION_ROWS * S.SECTION_COLS).all()
    assert sorted(S.CITY_CELL_SECTION[S.PENALIZED_CELLS]) == list(range(S.NUM_SECTIONS))
    assert S.CITY_PENALIZED.sum() == S.NUM_SECTIONS
    for i in range(S.NUM_CITY_CELLS):
        for j in S.CITY_NEIGHBORS[i]:
            if j >= 0:
                assert i in S.CITY_NEIGHBORS[j]
                assert S.CITY_CELL_SECTION[i] == S.CITY_CELL_SECTION[j]


def _connected(cells):
    cells = set(cells)
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [p for p in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if p in cells]
    return seen == cells


@pytest.mark.parametrize("shape", range(S.NUM_SHAPES))
def test_shape_orientations(shape):
    n = S.SHAPE_SIZE[shape]
    assert 2 <= n <= 4  # GAPS.md: polyominoes of 2-4 squares
    ors = [tuple(map(tuple, S.SHAPE_CELLS[shape, o, :n])) for o in range(S.SHAPE_NUM_ORIENT[shape])]
    assert len(set(ors)) == len(ors)  # distinct
    for cells in ors:
        assert len(set(cells)) == n and _connected(cells)
        assert min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0
    # closed under a quarter turn and a flip, i.e. all 8 images of the tile are present
    def norm(pts):
        mr, mc = min(p[0] for p in pts), min(p[1] for p in pts)
        return tuple(sorted((r - mr, c - mc) for r, c in pts))
    for cells in ors:
        assert norm([(c, -r) for r, c in cells]) in ors
        assert norm([(r, -c) for r, c in cells]) in ors
    assert (S.SHAPE_CELLS[shape, len(ors):] == -1).all()


def test_known_symmetry_counts():
    assert tuple(S.SHAPE_NUM_ORIENT) == (2, 2, 4, 2, 1, 4, 8, 4)


def test_placements():
    for s in range(S.NUM_SHAPES):
        for o in range(S.MAX_ORIENTATIONS):
            for a in range(S.NUM_CITY_CELLS):
                cells = S.PLACEMENT_CELLS[s, o, a]
                if not S.PLACEMENT_VALID[s, o, a]:
                    assert (cells == -1).all()
                    continue
                cells = cells[:S.SHAPE_SIZE[s]]
                assert (cells >= 0).all() and len(set(cells)) == len(cells)
                assert len(set(S.CITY_CELL_SECTION[cells])) == 1
                assert (S.PLACEMENT_CELLS[s, o, a, S.SHAPE_SIZE[s]:] == -1).all()
    # every city building has a placement in an empty city and every cell can be covered
    for b in range(S.NUM_CITY_KINDS):
        assert S.PLACEMENT_VALID[S.BUILDING_SHAPE[b]].any()
    covered = set(S.PLACEMENT_CELLS[S.PLACEMENT_VALID].ravel()) - {-1}
    assert covered == set(range(S.NUM_CITY_CELLS))


# --- buildings ----------------------------------------------------------------------
def test_buildings():
    assert len(S.BUILDING_NAMES) == S.NUM_BUILDING_KINDS == len(set(S.BUILDING_NAMES))
    assert (S.BUILDING_SHAPE[:S.NUM_CITY_KINDS] >= 0).all()
    assert (S.BUILDING_SHAPE[S.NUM_CITY_KINDS:] == -1).all()
    # §13.3: colours; §5.1 A: crops are yellow, temples red
    assert S.BUILDING_COLOR[S.BREWERY] == S.BUILDING_COLOR[S.BARLEY_CROP] == S.YELLOW
    assert S.BUILDING_COLOR[S.BAZAAR] == S.GREEN and S.BUILDING_COLOR[S.TEMPLE] == S.RED
    # §5.1 A, §10: yellow pays Barley, red pays Papyrus (green: Beer)
    assert tuple(S.COLOR_CONSTRUCT_GOOD) == (S.BARLEY, S.BEER, S.PAPYRUS)
    for b in range(S.NUM_BUILDING_KINDS):
        nr = S.BUILDING_ROOMS[b]
        assert 1 <= nr <= S.MAX_ROOMS
        assert (S.ROOM_COST[b] >= 0).all() and (S.ROOM_GAIN[b] >= 0).all()
        assert (S.ROOM_COST[b, nr:] == 0).all() and (S.ROOM_GAIN[b, nr:] == 0).all()
        if b != S.TEMPLE:
            assert (S.ROOM_GAIN[b, :nr].sum(axis=1) > 0).all()
        has_patron = S.PATRON_GAIN[b].sum() > 0 or S.PATRON_FLAG[b] != S.PF_NONE
        assert has_patron
    # §13.3 spot checks
    assert S.ROOM_GAIN[S.BREWERY, 1, S.G_BEER] == 3 and S.ROOM_COST[S.BREWERY, 1, S.C_BARLEY] == 2
    assert S.ROOM_GAIN[S.TAX_COLLECTOR, 1, S.G_DEBEN] == 6
    assert S.ROOM_GAIN[S.BARLEY_CROP, 0, S.G_BARLEY] + S.ROOM_AKHET_GAIN[S.BARLEY_CROP, 0, S.G_BARLEY] == 3
    assert S.ROOM_GAIN[S.SCHOOL, 1, S.G_INDEP] == S.INDEP_BIT[S.SCRIBE] | S.INDEP_BIT[S.PRIEST]


def test_plantation():
    for n in PCS:
        usable = (S.PLANTATION_MIN_PLAYERS <= n).sum()
        assert usable == (8 if n == 4 else 6)
    assert S.PLANTATION_AKHET.sum() == 2
    assert (S.PLANTATION_MIN_PLAYERS[S.PLANTATION_AKHET] == S.MIN_PLAYERS).all()


def test_gods():
    assert len(set(S.GOD_NAMES)) == S.NUM_GODS == 8
    for g in range(S.NUM_GODS):
        assert S.GOD_GAIN[g].sum() > 0 or S.GOD_SPECIAL[g] != S.GS_NONE
    assert S.GOD_GAIN[S.OSIRIS, S.G_DEBEN] == 5  # §13.2
    assert S.PANTHEON_SPACES == 4


# --- pyramid ----------------------------------------------------------------------
def test_pyramid_totals():
    # GAPS.md: 4 players 18/14/10, 3 players 15/12/8, 2 players 12/9/6
    expected = {4: (18, 14, 10), 3: (15, 12, 8), 2: (12, 9, 6)}
    for n, tot in expected.items():
        assert tuple(S.PYR_NUM_SPACES[:, S.pc_index(n)]) == tot
    assert (np.diff(S.PYR_NUM_SPACES, axis=0) < 0).all()  # each level smaller (§5)
    assert (np.diff(S.PYR_NUM_SPACES, axis=1) > 0).all()  # more players, more materials
    assert S.PYR_NUM_SPACES.max() <= S.PYR_MAX_SPACES


@pytest.mark.parametrize("lv", range(S.NUM_LEVELS))
@pytest.mark.parametrize("pc", range(S.NUM_PC))
def test_pyramid_template(lv, pc):
    n = S.PYR_NUM_SPACES[lv, pc]
    pos = list(zip(S.PYR_SPACE_ROW[lv, pc, :n].tolist(), S.PYR_SPACE_COL[lv, pc, :n].tolist()))
    assert len(set(pos)) == n
    assert (S.PYR_SPACE_ROW[lv, pc, n:] == -1).all()
    assert all(0 <= r < S.PYR_MAX_ROWS and 0 <= c < S.PYR_MAX_COLS for r, c in pos)
    mats = S.PYR_SPACE_MATERIAL[lv, pc, :n]
    assert ((mats >= 0) & (mats < S.NUM_MATERIALS)).all()
    # material requirements fit the Quarry's 20 of each (§3)
    specific = mats[~S.PYR_SPACE_ANY[lv, pc, :n]]
    assert (np.bincount(specific, minlength=3) <= S.MATERIAL_SUPPLY).all()
    need = S.PYR_MATERIAL_NEED[lv, pc]
    assert need.sum() == n and need[S.ANY_MATERIAL] == S.PYR_SPACE_ANY[lv, pc, :n].sum()
    assert (need[:S.NUM_MATERIALS] >= 1).all()  # every material is wanted on every level
    # about a third of the spaces take any material (GAPS.md)
    assert n / 4 <= S.PYR_SPACE_ANY[lv, pc, :n].sum() <= n / 2
    # sections: sizes add up, each connected, 1-2 icons
    ns = S.PYR_NUM_SECTIONS[lv, pc]
    sec = S.PYR_SPACE_SECTION[lv, pc, :n]
    assert S.PYR_SECTION_SIZE[lv, pc, :ns].sum() == n
    assert (np.bincount(sec, minlength=ns) == S.PYR_SECTION_SIZE[lv, pc, :ns]).all()
    assert ((S.PYR_SECTION_ICONS[lv, pc, :ns] >= 1) & (S.PYR_SECTION_ICONS[lv, pc, :ns] <= 2)).all()
    assert (S.PYR_SECTION_ICONS[lv, pc, ns:] == 0).all()
    for s in range(ns):
        assert _connected([pos[i] for i in range(n) if sec[i] == s])
    # neighbours symmetric; building starts on the bottom row and reaches every space
    nb = S.PYR_NEIGHBORS[lv, pc]
    for i in range(n):
        for j in nb[i]:
            if j >= 0:
                assert j < n and i in nb[j]
    start = S.PYR_SPACE_START[lv, pc, :n]
    assert start.any() and all(start[i] == (pos[i][0] == 0) for i in range(n))
    assert _connected(pos)


# --- borders ----------------------------------------------------------------------
def test_border_cards():
    assert S.NUM_BORDER_CARDS == 12
    assert (np.bincount(S.BORDER_LEVEL, minlength=3) == S.BORDER_CARDS_PER_LEVEL).all()
    assert S.NUM_BORDERS <= S.BORDER_CARDS_PER_LEVEL
    assert (np.diff(S.BORDER_PRESTIGE, axis=1) <= 0).all()  # better position, more prestige
    assert ((S.BORDER_MINIMUM > 0) & (S.BORDER_MINIMUM <= S.MEDJAY_MAX)).all()
    assert (S.BORDER_DEFENSE >= 0).all()
    for c in range(S.NUM_BORDER_CARDS):
        lv = S.BORDER_REWARD_AT[c]
        assert (lv == 1).sum() >= 1 and (lv == 2).sum() >= 1 and lv[0] == 0
    # harder borders at higher levels, on average
    mins = [S.BORDER_MINIMUM[S.BORDER_LEVEL == lv].mean() for lv in range(3)]
    assert mins[0] < mins[1] < mins[2]


def test_penalty_tokens():
    # §6 step 5: 9 tokens, 3 with the level-3 icon; §13.5: lose-a-Favor is always level 3
    assert len(S.PENALTY_TOKEN_KIND) == S.NUM_PENALTY_TOKENS == 9
    assert S.PENALTY_TOKEN_LEVEL3.sum() == 3
    assert (S.PENALTY_TOKEN_KIND[S.PENALTY_TOKEN_KIND == S.PEN_FAVOR].size > 0)
    assert S.PENALTY_TOKEN_LEVEL3[S.PENALTY_TOKEN_KIND == S.PEN_FAVOR].all()
    # the 6 others fill two rounds of 3 borders; every kind appears
    assert (~S.PENALTY_TOKEN_LEVEL3).sum() == 2 * S.NUM_BORDERS
    assert set(S.PENALTY_TOKEN_KIND.tolist()) == set(range(S.NUM_PENALTY_KINDS))


def test_border_spaces():
    assert tuple(S.BORDER_SPACE_MEDJAY) == (2, 3, 4)  # §13.1
    assert (S.BORDER_SPACE_COST[:, S.C_DEBEN] == 1).all()
    assert tuple(S.BORDER_SPACE_COST[:, [S.C_BARLEY, S.C_BEER, S.C_PAPYRUS]].diagonal()) == (1, 1, 1)


# --- pier, barges, quarry -----------------------------------------------------------
def test_barges_and_docks():
    assert S.NUM_BARGES == 20 == len(S.BARGE_KIND)           # §3
    assert tuple(S.DOCK_COST) == (2, 3, 4, 5)                 # §13.1
    assert S.NUM_DOCKS == S.BARGES_AT_PIER == 4               # §4 step 5
    assert set(S.BARGE_KIND.tolist()) == set(range(5))        # every §13.4 kind
    for i in range(S.NUM_BARGES):
        mats = S.BARGE_MATERIALS[i].sum()
        k = S.BARGE_KIND[i]
        assert (mats == 0) == (k == S.BK_MANDATE)
        assert mats <= S.STOREHOUSE_MATERIAL_MAX
        if k == S.BK_SERVANT:
            assert bin(int(S.BARGE_GAIN[i, S.G_INDEP])).count("1") >= 1
    # all barges together never need more than the Quarry holds
    assert (S.BARGE_MATERIALS.sum(axis=0) <= S.MATERIAL_SUPPLY).all()
    assert S.NUM_MOORINGS == 5 and (S.MOORING_GAIN >= 0).all()


def test_quarry_and_wharf():
    assert tuple(S.QUARRY_MATERIALS) == (1, 2, 3) and S.QUARRY_BOOST_MATERIALS == 2  # §13.1
    assert S.PYRAMID_ARTISAN_MATERIALS + S.PYRAMID_BOOST_MATERIALS == 5              # §5.2 a
    assert S.WHARF_DEBENS_PER_SERVANT == 1


# --- market, dice, revenues ---------------------------------------------------------
def test_market():
    assert S.MARKET_PRICE.shape == (S.NUM_GOODS, S.MARKET_COLUMNS)
    assert S.MARKET_START == S.MARKET_COLUMNS // 2          # §4 step 4: middle column
    assert (np.diff(S.MARKET_PRICE, axis=1) >= 0).all()     # revaluing moves right, never cheaper
    assert (S.MARKET_PRICE[:, -1] > S.MARKET_PRICE[:, 0]).all()
    assert (S.MARKET_PRICE >= 1).all()
    # §8 examples: buy Barley for 2, sell Beer for 4 at the start
    assert S.MARKET_PRICE[S.BARLEY, S.MARKET_START] == 2
    assert S.MARKET_PRICE[S.BEER, S.MARKET_START] == 4


def test_reward_dice_and_table():
    assert S.REWARD_DIE.shape == (2, S.DIE_FACES, S.NUM_GAIN_FIELDS)
    assert (S.REWARD_DIE.sum(axis=2) > 0).all()
    # §10: a Level 1 roll gave "1 Barley and 1 Building Material"
    assert any(f[S.G_BARLEY] == 1 and f[S.G_MATERIAL] == 1 and f.sum() == 2 for f in S.REWARD_DIE[0])
    # Level 2 is at least as good, face by face
    assert (S.REWARD_DIE[1] >= S.REWARD_DIE[0]).all()
    assert (S.REWARD_DIE[1].sum(1) > S.REWARD_DIE[0].sum(1)).all()
    # §13.1 table: 1 Barley, 2 Debens, 1 Material, 1 Medjay ignoring Defense; L1 picks 1, L2 picks 2
    assert S.REWARD_TABLE.shape == (4, S.NUM_GAIN_FIELDS)
    assert S.REWARD_TABLE[1, S.G_DEBEN] == 2 and S.REWARD_TABLE[3, S.G_MEDJAY_FREE] == 1
    assert tuple(S.REWARD_TABLE_PICKS[1:]) == (1, 2)
    # scarabs only on reachable track values
    assert S.REWARD_AT_PRESTIGE[0] == 0 and S.REWARD_AT_CONSTRUCTION[0] == 0
    assert set(S.REWARD_AT_PRESTIGE.tolist()) <= {0, 1, 2}


def test_revenue_columns():
    assert S.REVENUE.shape == (S.NUM_COLORS, S.BUILDING_MARKERS_PER_COLOR, S.NUM_REVENUE_FIELDS)
    # §13.1 green: 1, 2 or 4 Debens, each with a Market action
    g = S.REVENUE[S.GREEN]
    assert sorted(g[:, S.R_DEBEN][g[:, S.R_DEBEN] > 0].tolist()) == [1, 2, 4]
    assert (g[g[:, S.R_DEBEN] > 0, S.R_MARKET] == 1).all()
    assert S.REVENUE[S.YELLOW, :, S.R_BARLEY].sum() >= 1
    assert sorted(set(S.REVENUE[S.YELLOW, :, S.R_MATERIAL_OR_PYRAMID].tolist()) - {0}) == [1, 2]
    assert sorted(set(S.REVENUE[S.RED, :, S.R_OFFERING_OR_GOD].tolist()) - {0}) == [1, 2]
    assert S.MARKET_BASE_ACTIONS == 1


# --- enumerations and kernel readability ----------------------------------------
def test_enumerations():
    assert len(S.PHASES) == S.NUM_PHASES == len(set(S.PHASES))
    assert S.PHASES[S.PH_GAME_OVER] == "game-over" and S.PHASES[S.PH_PATRON] == "patron"
    assert len(S.AKHET_STEP_NAMES) == S.NUM_AKHET_STEPS == 8
    assert len(S.LICENSE_STEP_NAMES) == S.NUM_LICENSE_STEPS == 5   # §5.1 C: five ordered steps
    assert len(S.TIEBREAK_NAMES) == 3                               # §7
    assert len(S.GAIN_NAMES) == S.NUM_GAIN_FIELDS and len(S.COST_NAMES) == S.NUM_COST_FIELDS
    for names in (S.GOOD_NAMES, S.MATERIAL_NAMES, S.SERVANT_NAMES, S.COLOR_NAMES,
                  S.PENALTY_NAMES, S.BARGE_KIND_NAMES, S.MOORING_NAMES, S.SHAPE_NAMES):
        assert len(set(names)) == len(names)
    assert all(S.COST_NAMES[S.COST_OF_GOOD[g]] == S.GOOD_NAMES[g] for g in range(S.NUM_GOODS))
    assert all(S.GAIN_NAMES[S.GAIN_OF_GOOD[g]] == S.GOOD_NAMES[g] for g in range(S.NUM_GOODS))


def test_arrays_are_plain_numeric():
    for name in dir(S):
        v = getattr(S, name)
        if isinstance(v, np.ndarray) and not name.startswith("_"):
            assert v.dtype.kind in "biu", name
            assert v.dtype.itemsize <= 2, name


def test_numba_reads_tables_as_globals():
    numba = pytest.importorskip("numba")

    @numba.njit(cache=False)
    def probe():
        t = 0
        for s in range(S.NUM_SHAPES):
            for o in range(S.SHAPE_NUM_ORIENT[s]):
                for a in range(S.NUM_CITY_CELLS):
                    if S.PLACEMENT_VALID[s, o, a]:
                        t += S.PLACEMENT_CELLS[s, o, a, 0] >= 0
        t += S.PYR_NEIGHBORS[2, 2, 0, 0] + S.MARKET_PRICE[1, S.MARKET_START] + S.REWARD_DIE[0, 0, S.G_BARLEY]
        return t

    assert probe() == S.PLACEMENT_VALID.sum() + S.PYR_NEIGHBORS[2, 2, 0, 0] + 4 + 1
