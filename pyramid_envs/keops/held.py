"""Which Family face and which Decrees a Vizier holds, and the small rule changes they make
at the point a base rule applies (§11.1, §11.2). Only spec data is imported here, so every
base kernel module can ask these without an import cycle; the decisions and flows of the
advanced rules live in families.py and decrees.py."""
from ..core.jit import njit

from .spec import WHARF_DEBENS_PER_SERVANT
from .spec_advanced import (D_MARKET, D_PENALIZED, D_QUARRY, D_TRANSIT, D_TREASURY, D_WHARF,
                            FF_KHENT_A, FF_KHENT_B, FF_NEFER_A, FF_NIKA_A, FF_PTAH_B, FF_SES_A,
                            KHENTKAUS_RESERVED_KIND, MARKET_DECREE_DISCOUNT, MARKET_MIN_PRICE,
                            NIKA_EXTRA_OFFERINGS, PTAHHOTEP_BONUS_POINTS, QUARRY_DECREE_MATERIALS,
                            TIE_DECREES, TREASURY_MARKET_ACTIONS, WHARF_DECREE_DEBENS)


@njit(cache=True)
def face_of(s, p):
    """The Family face (card * 2 + side) seat p plays with, -1 none (no option, not chosen,
    or a seat without a Family card such as the High Priest)."""
    if not s.opt_families or p < 0 or p >= s.num_players or s.fam_card[p] < 0 or s.fam_face[p] < 0:
        return -1
    return s.fam_card[p] * 2 + s.fam_face[p]


@njit(cache=True)
def has_face(s, p, ff):
    return face_of(s, p) == ff


@njit(cache=True)
def has_decree(s, p, d):
    """p has a Decree Marker on decree d (§11.2: only then is its benefit active), or p is
    the High Priest holding d as a tie-winning card (§12, with or without the option)."""
    if p >= 0 and p == s.ra_seat:
        for i in range(len(TIE_DECREES)):
            if TIE_DECREES[i] == d and (s.ra_ties >> i) & 1:
                return True
    return s.opt_decrees and p >= 0 and p < s.num_players and s.dec_marker[d, p] > 0


@njit(cache=True)
def win_ties(s, vals, d, least):
    """Exclusive tie decree d: its holder wins the ties of these values (§13.7). Values are
    doubled and the holder's gets +1 when it places at all (value >= least, 0 or 1), so ties
    between the others stay ties and a value below least stays below it."""
    for p in range(s.num_players):
        bonus = 1 if vals[p] >= least and has_decree(s, p, d) else 0
        vals[p] = vals[p] * 2 + bonus


@njit(cache=True)
def beats_tie(s, q, p, d):
    """q wins a tie against p by the exclusive decree d."""
    return q != p and has_decree(s, q, d)


@njit(cache=True)
def wharf_debens(s, p):
    return WHARF_DECREE_DEBENS if has_decree(s, p, D_WHARF) else WHARF_DEBENS_PER_SERVANT


@njit(cache=True)
def to_tumult(s, p, t):
    """A servant of p that goes to the Tumult Zone (upkeep, happiness); the transit decree
    sends it to the Transit Zone instead (§13.7)."""
    s.serv_home[p, t] -= 1
    if has_decree(s, p, D_TRANSIT):
        s.serv_transit[p, t] += 1
    else:
        s.serv_tumult[p, t] += 1


@njit(cache=True)
def buy_price(s, p, price):
    if has_decree(s, p, D_MARKET):
        return max(MARKET_MIN_PRICE, price - MARKET_DECREE_DISCOUNT)
    return price


@njit(cache=True)
def sell_price(s, p, price):
    return price + (MARKET_DECREE_DISCOUNT if has_decree(s, p, D_MARKET) else 0)


@njit(cache=True)
def extra_market_actions(s, p):
    return TREASURY_MARKET_ACTIONS if has_decree(s, p, D_TREASURY) else 0


@njit(cache=True)
def extra_quarry_materials(s, p):
    return QUARRY_DECREE_MATERIALS if has_decree(s, p, D_QUARRY) else 0


@njit(cache=True)
def pays_penalized(s, p):
    return not has_decree(s, p, D_PENALIZED)


@njit(cache=True)
def ignores_defense(s, p, b):
    """Nefer-Seshem A: this round's chosen border ignores its Defense for p."""
    return has_face(s, p, FF_NEFER_A) and s.fam_border[p] == b


@njit(cache=True)
def new_round(s):
    """New border cards: Nefer-Seshem A chooses its border again (§13.6 "each Round")."""
    for p in range(s.num_players):
        if has_face(s, p, FF_NEFER_A):
            s.fam_border[p] = -1


@njit(cache=True)
def pyramid_action_bonus(s, p):
    """Ptahhotep B: +1 point for an action of p's own turn that places materials; not in
    Licensing nor in the Akhet round (§13.6)."""
    if has_face(s, p, FF_PTAH_B) and p == s.turn_player and s.lic_stage < 0 and s.akhet_stage < 0:
        return PTAHHOTEP_BONUS_POINTS
    return 0


@njit(cache=True)
def extra_temple_offerings(s, p):
    return NIKA_EXTRA_OFFERINGS if has_face(s, p, FF_NIKA_A) else 0


@njit(cache=True)
def construct_good_need(s, p):
    """Goods a construction costs p (Khentkaus B saves it, §13.6)."""
    return 0 if has_face(s, p, FF_KHENT_B) else 1


@njit(cache=True)
def kind_reserved(s, p, k, others_of_color):
    """Khentkaus A: the Courtroom belongs to that Family; another Vizier may construct one
    only when no other tile of its colour is left (`others_of_color`, §13.6)."""
    if k != KHENTKAUS_RESERVED_KIND or others_of_color == 0:
        return False
    for q in range(s.num_players):
        if q != p and has_face(s, q, FF_KHENT_A):
            return True
    return False


@njit(cache=True)
def die_level(s, p, lv):
    """Sesostris A rolls the Level 2 die for a Level 1 reward."""
    return 1 if has_face(s, p, FF_SES_A) else lv
