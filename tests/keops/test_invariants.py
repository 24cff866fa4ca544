"""Long random play on the batched Keops kernels: masks, conservation, ends, determinism,
secrecy (determinize changes nothing a seat sees)."""
import numpy as np
import pytest

from pyramid_envs.keops import rules, spec
from pyramid_envs.keops import spec_rautoma as ra
from pyramid_envs.keops.actions import NUM_ACTIONS
from pyramid_envs.keops.spec_advanced import DEC_DECK, NUM_FAMILY_CARDS
from pyramid_envs.keops.state import CITY_DWELLING, GLANCE_SIZE, OBS_FIELDS, OBS_RANGE, OBS_SIZE, SLOT_EMPTY

STEP_CAP = 6000


def new_games(num_players, seeds, ra=0):
    """num_players players (and with ra > 0 the High Priest of Ra at that difficulty)."""
    st = np.zeros(len(seeds), rules.STATE)
    rules.reset(st, np.asarray(seeds, np.uint64), np.array([num_players, 0, 0, ra], np.int64))  # families, decrees off
    return st


def check_rautoma(st):
    """The High Priest's cards: deck, discard area and the card in play hold cards 1-20 and
    two Temple cards once each; it never decides and holds no Goods or Debens."""
    for s in st:
        hp = s["ra_seat"]
        if hp < 0:
            continue
        cards = list(s["ra_deck"][:s["ra_deck_n"]]) + list(s["ra_discard"][:s["ra_discard_n"]])
        cards += [s["ra_card"]] if s["ra_card"] >= 0 else []
        assert len(set(cards)) == len(cards) == 22 and set(range(20)) <= set(cards)
        assert s["current_player"] != hp and s["scarab"] != hp
        assert s["debens"][hp] == 0 and s["goods"][hp].sum() == 0
        top = s["ra_deck"][s["ra_deck_n"] - 1] if s["ra_deck_n"] else -1
        assert s["ra_top_color"] == (ra.CARD_COLOR[top] if top >= 0 else -1)


def check_conservation(st):
    """Every limited component is in exactly one place."""
    for s in st:
        n = int(s["num_players"])
        pc = n - 2
        placed = int((s["pyr_fill"] >= 0).sum())
        assert s["quarry"].sum() + s["materials"][:n].sum() + placed == 3 * spec.MATERIAL_SUPPLY
        assert (s["materials"][:n].sum(axis=1) <= spec.STOREHOUSE_MATERIAL_MAX).all()
        where = (s["serv_home"] + s["serv_spent"] + s["serv_board"] + s["serv_tumult"]
                 + s["serv_transit"] + s["serv_elim"] + s["serv_locked"])[:n]
        assert (where == spec.PLAYER_SERVANTS[None]).all()
        assert (s["serv_home"] >= 0).all() and (s["serv_board"] >= 0).all()
        assert (s["indep_pool"] + s["indep_held"].sum(0) + s["indep_board"].sum(0)
                == spec.INDEPENDENT_SUPPLY).all()
        assert s["major_supply"] + s["major_favors"].sum() == spec.MAJOR_FAVOR_SUPPLY
        assert s["minor_supply"] + s["minor_favors"].sum() == spec.MINOR_FAVOR_SUPPLY
        assert s["mandate_supply"] + s["mandates"].sum() == spec.MANDATE_SUPPLY
        assert (s["mandates"] <= spec.MANDATE_HOLD_MAX).all()
        offer = s["offer_reserve"] + s["offer_lost"] + s["offerings"].sum(axis=0)
        assert (offer[:n] == spec.OFFERINGS_PER_PLAYER).all()
        goods = s["goods_supply"] + s["pier_store"] + s["goods"].sum(axis=0)
        assert (goods == spec.GOOD_SUPPLY).all() and (s["goods"] >= 0).all()
        assert (s["debens"] >= 0).all()
        barges = list(s["dock_barge"]) + list(s["mooring_barge"]) + [s["tgt_barge"]]
        barges += list(s["barge_reserve"][:s["barge_reserve_n"]])
        barges += list(s["barge_discard"][:s["barge_discard_n"]])
        assert sorted(b for b in barges if b >= 0) == list(range(spec.NUM_BARGES))
        # tiles: supply + built = the player count's copies
        roots = [c for c in range(spec.NUM_CITY_CELLS) if s["city_root"][c] == c
                 and 0 <= s["city_kind"][c] < spec.NUM_CITY_KINDS]
        built = np.zeros(spec.NUM_POOLS, np.int64)
        for c in roots:
            built[s["city_kind"][c]] += 1
        built[11] = (s["plant_kind"] >= 0).sum()
        built[12] = (s["temple_god"] >= 0).sum()
        assert (s["pool"] + built == spec.POOL_SUPPLY[pc]).all()
        # building markers: an emptied column space per building owned of that colour
        for p in range(n):
            owned = np.zeros(3, np.int64)
            for c in roots:
                if s["city_owner"][c] == p:
                    owned[spec.BUILDING_COLOR[s["city_kind"][c]]] += 1
            owned[spec.YELLOW] += (s["plant_owner"] == p).sum()
            owned[spec.RED] += (s["temple_owner"] == p).sum()
            assert ((s["col_slot"][p] == SLOT_EMPTY).sum(axis=1) == owned).all()
            dw = ((s["city_kind"] == CITY_DWELLING) & (s["city_owner"] == p)).sum()
            assert dw == s["dwell_taken"][p].sum()
            unlocked = spec.PLAYER_SERVANTS - s["serv_locked"][p]
            assert s["population"][p] == unlocked.sum()


def play_random(st, seed, check_every, checks):
    """Uniformly random legal play of the batch st to the end (or STEP_CAP steps), running
    every check on the batch every check_every steps; returns st and the actions taken."""
    B = len(st)
    mask = np.zeros((B, NUM_ACTIONS), np.int8)
    rew = np.zeros((B, spec.MAX_PLAYERS), np.float32)
    rng = np.random.default_rng(seed)
    history = []
    for k in range(STEP_CAP):
        live = ~st["terminated"]
        if not live.any():
            break
        rules.legal_mask(st, mask)
        acts = np.full(B, -1, np.int64)
        for b in np.flatnonzero(live):
            legal = np.flatnonzero(mask[b])
            assert len(legal) > 0, f"empty mask in phase {spec.PHASES[st[b]['phase']]}"
            acts[b] = rng.choice(legal)
        history.append(acts)
        rules.step(st, acts, rew)
        if k % check_every == 0:
            for check in checks:
                check(st)
    return st, history


def run(num_players, seeds, check_every=1, ra=0):
    """Uniformly random legal play; returns the final states and the actions taken."""
    return play_random(new_games(num_players, seeds, ra), int(seeds[0]), check_every,
                       (check_conservation, check_rautoma))


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_games_end_and_conserve(num_players):
    st, _ = run(num_players, list(range(100, 106)), check_every=7)
    check_conservation(st)
    assert st["terminated"].all(), "random games should end within the step cap"
    assert (st["level"] == 2).all()
    for s in st:
        n = int(s["num_players"])
        assert (s["ranks"][:n] >= 0).all() and s["ranks"][:n].min() == 0
        assert (s["scores"][:n] == s["major_favors"][:n] + s["minor_favors"][:n] // 2).all()


@pytest.mark.parametrize("players,level", [(1, 1), (1, 2), (1, 3), (2, 2), (3, 3)])
def test_random_games_with_the_high_priest_end_and_conserve(players, level):
    st, _ = run(players, list(range(200, 206)), check_every=3, ra=level)
    check_conservation(st)
    check_rautoma(st)
    assert st["terminated"].all() and (st["level"] == 2).all()
    for s in st:
        n = players + 1
        assert s["num_players"] == n and s["ra_seat"] == n - 1
        assert (s["ranks"][:n] >= 0).all() and s["ranks"][:n].min() == 0


def test_same_seed_same_game():
    a, ha = run(3, [7, 8], check_every=50)
    b, hb = run(3, [7, 8], check_every=50)
    assert np.array_equal(np.array(ha), np.array(hb))
    assert a.tobytes() == b.tobytes()
    assert a[0].tobytes() != a[1].tobytes()


def determinized_copies_look_the_same(st, steps, every, extra=None):
    """Random play of st; every `every` steps each game's seat to move must see the same
    observation and mask in a determinized copy; extra(st, copy, seats) checks more."""
    B = len(st)
    mask, m2 = np.zeros((B, NUM_ACTIONS), np.int8), np.zeros((B, NUM_ACTIONS), np.int8)
    rew = np.zeros((B, spec.MAX_PLAYERS), np.float32)
    rng = np.random.default_rng(1)
    obs_a, obs_b = np.zeros((B, OBS_SIZE), np.float32), np.zeros((B, OBS_SIZE), np.float32)
    for k in range(steps):
        rules.legal_mask(st, mask)
        acts = np.array([rng.choice(np.flatnonzero(m)) if not s["terminated"] else -1
                         for m, s in zip(mask, st)])
        rules.step(st, acts, rew)
        if k % every == 0:
            seats = st["current_player"].astype(np.int64)
            rules.observe(st, seats, obs_a)
            assert obs_a.min() >= 0.0 and obs_a.max() <= 1.0
            d = st.copy()
            rules.determinize(d, seats, np.arange(B, dtype=np.uint64) + 99 + k)
            rules.observe(d, seats, obs_b)
            assert np.array_equal(obs_a, obs_b)
            rules.legal_mask(st, mask)
            rules.legal_mask(d, m2)
            assert np.array_equal(mask, m2)
            if extra is not None:
                extra(st, d, seats)


def test_determinize_changes_nothing_a_seat_sees():
    def same_reserve(st, d, seats):
        assert sorted(d[0]["barge_reserve"]) == sorted(st[0]["barge_reserve"])

    determinized_copies_look_the_same(new_games(4, [11, 12, 13]), 400, 40, same_reserve)


def _scaled(v, lo, hi):
    return np.clip((np.asarray(v, np.float64).ravel() - lo) / (hi - lo), 0.0, 1.0)


def reference_advanced_tail(s, seat):
    """state.py's advanced-rules tail (ADV_OBS_SIZE), written with NumPy."""
    P = spec.MAX_PLAYERS
    adv_phase = np.zeros(spec.RA_PHASE0 - spec.ADV_PHASE0)
    if spec.ADV_PHASE0 <= s["phase"] < spec.RA_PHASE0:
        adv_phase[s["phase"] - spec.ADV_PHASE0] = 1.0
    parts = [adv_phase, [float(s["opt_families"]), float(s["opt_decrees"])]]
    for p in range(P):
        card, face = np.zeros(NUM_FAMILY_CARDS), np.zeros(2)
        if s["fam_card"][p] >= 0:
            card[s["fam_card"][p]] = 1.0
        if s["fam_face"][p] >= 0:
            face[s["fam_face"][p]] = 1.0
        parts += [card, face, _scaled(s["fam_border"][p], -1, 2)]
    parts += [_scaled(s["fam_debens_left"], 0, 2), _scaled(s["fam_build"], -1, 2),
              _scaled(s["split_left"], 0, 10), _scaled(s["split"], 0, 10),
              _scaled(s["offer_q"], -1, 3), _scaled(s["offer_n"], 0, 8),
              _scaled(s["die_faces"], -1, spec.DIE_FACES - 1), _scaled(s["die_level"], -1, 1)]
    on = bool(s["opt_decrees"])
    loc = s["dec_loc"]
    for c in range(len(loc)):
        played = on and 4 <= loc[c] < DEC_DECK
        parts += [[float(on and loc[c] == seat), float(played)],
                  _scaled(loc[c] - 4 if played else -1, -1, 3), _scaled(s["dec_marker"][c], 0, 1)]
    hands = [int(((loc == p) & on).sum()) for p in range(P)]
    parts += [_scaled(hands, 0, 12), _scaled(s["dec_deck_n"], 0, 12), _scaled(s["dec_markers_left"], 0, 3)]
    return np.concatenate([np.asarray(x, np.float64).ravel() for x in parts])


def reference_observation(s, seat):
    """state.py's observation layout up to the glance block, written with NumPy."""
    phase = np.zeros(spec.NUM_PHASES)
    phase[s["phase"]] = 1.0
    parts = [np.eye(spec.MAX_PLAYERS)[seat], phase[:spec.NUM_BASE_PHASES]]
    for name in OBS_FIELDS:
        lo, hi = OBS_RANGE[name]
        v = np.asarray(s[name], np.float64).ravel()
        parts.append(np.clip((v - lo) / (hi - lo), 0.0, 1.0))
    comp = np.zeros(spec.NUM_BARGES)
    comp[s["barge_reserve"][:s["barge_reserve_n"]]] = 1.0
    parts.append(comp)
    parts.append(reference_advanced_tail(s, seat))
    # the Ra-utoma section
    hp, P = s["ra_seat"], spec.MAX_PLAYERS
    seats = np.zeros(2 * P + 1)
    if hp >= 0:
        seats[hp], seats[P], seats[P + 1 + s["scarab"]] = 1.0, s["ra_level"] / 3, 1.0
    discard = np.zeros(ra.RA_NUM_CARDS)
    discard[s["ra_discard"][:s["ra_discard_n"]]] = 1.0
    card = np.zeros(ra.RA_NUM_CARDS + 1)
    card[s["ra_card"]] = 1.0  # index -1 (none) falls outside what is kept
    stage = np.zeros(len(ra.RA_STAGE_NAMES) + 1)
    stage[s["ra_stage"]] = 1.0
    top = np.zeros(4)
    top[s["ra_top_color"]] = 1.0
    parts += [seats, [float(s["ra_voice"])], phase[spec.RA_PHASE0:], [s["ra_deck_n"] / 22],
              discard, [s["ra_discard_n"] / 22], top[:3], card[:-1], stage[:-1],
              [float(s["ra_second"]), float(s["ra_failed"]), min(1.0, s["ra_medjay"] / 4),
               s["ra_player"] / 2], [(s["ra_ties"] >> k) & 1 for k in range(2)]]
    return np.concatenate(parts).astype(np.float32)


def _mask(st):
    m = np.zeros((len(st), NUM_ACTIONS), np.int8)
    rules.legal_mask(st, m)
    return m


def test_observation_follows_the_documented_layout():
    st, _ = run(4, [31, 32], check_every=10_000)
    mid = new_games(2, [5], ra=2)
    rules.step(mid, np.array([np.flatnonzero(_mask(mid)[0])[-1]], np.int64), np.zeros((1, 4), np.float32))
    st = np.concatenate([new_games(2, [3]), st, run(1, [33], check_every=10_000, ra=3)[0], mid])
    obs = np.zeros((len(st), OBS_SIZE), np.float32)
    seats = np.array([1, 2, 3, 0, 1], np.int64)
    rules.observe(st, seats, obs)
    for b in range(len(st)):
        want = reference_observation(st[b], seats[b])  # the glance block: test_observation.py
        assert want.shape == (OBS_SIZE - GLANCE_SIZE,)
        assert np.allclose(obs[b, :OBS_SIZE - GLANCE_SIZE], want, atol=1e-6)
    assert obs.min() >= 0.0 and obs.max() <= 1.0


def test_mask_and_observe_do_not_touch_the_state_and_minus_one_skips():
    st = new_games(3, [21, 22])
    rng = np.random.default_rng(5)
    mask = np.zeros((2, NUM_ACTIONS), np.int8)
    rew = np.zeros((2, 4), np.float32)
    obs = np.zeros((2, OBS_SIZE), np.float32)
    for _ in range(150):
        before = st.tobytes()
        rules.legal_mask(st, mask)
        rules.observe(st, np.array([0, 1], np.int64), obs)
        assert st.tobytes() == before
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in mask], np.int64)
        acts[1] = -1
        second = st[1].tobytes()
        rules.step(st, acts, rew)
        assert st[1].tobytes() == second
