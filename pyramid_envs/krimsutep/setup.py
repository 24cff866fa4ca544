"""Setting up a game: the pyramid, the jars and treasures in play, the hands, the first turn."""
import numpy as np
from ..core.jit import njit

from ..core.rng import randint, shuffle
from .spec import (CAMP, CARD_GOD, DARK_CELL, GRAVE, GRAVE_ID, JAR0, LIGHT_CELL, MAX_PLAYERS,
                   NUM_CELLS, NUM_DARK, NUM_EXC, NUM_GODS, NUM_LIGHT, NUM_PATH, START_HAND)
from .state import T_UNUSED, T_WAITING
from .turn import _begin_turn


@njit(cache=True)
def reset(states, seeds, options):
    light = np.empty(NUM_LIGHT, np.int8)
    dark = np.empty(NUM_DARK, np.int8)
    gods = np.empty(NUM_GODS, np.int8)
    for b in range(states.shape[0]):
        s = states[b]
        n = options[0]
        s.num_players = n
        s.play_on = options[1] != 0 if options.shape[0] > 1 else False
        s.terminated = False
        s.steps = 0
        s.rng = seeds[b]
        s.scores[:] = 0
        s.known[:, :] = False
        s.beside[:] = -1
        s.beside_rot[:] = 0
        s.beside_known[:, :] = False
        s.beside_n = 0
        # the light triangle
        for i in range(NUM_LIGHT):
            light[i] = i
        shuffle(s, light, NUM_LIGHT)
        k = 0
        for c in range(NUM_CELLS):
            s.cell_up[c] = False
            s.cell_rot[c] = 0
            if LIGHT_CELL[c]:
                s.cell_card[c] = light[k]
                s.cell_rot[c] = randint(s, 4)
                k += 1
        # jars and treasures of n gods; their dark cards set aside
        for g in range(NUM_GODS):
            gods[g] = g
        shuffle(s, gods, NUM_GODS)
        s.jar_used[:] = False
        s.treasure_state[:] = T_UNUSED
        for i in range(n):
            s.jar_used[gods[i]] = True
            s.treasure_state[gods[i]] = T_WAITING
        nd = 0
        for i in range(NUM_DARK):
            dark[i] = NUM_LIGHT + i
        shuffle(s, dark, NUM_DARK)
        # remove the first card of each used god, replace it by the jar
        for g in range(NUM_GODS):
            if not s.jar_used[g]:
                continue
            for i in range(NUM_DARK):
                if dark[i] < NUM_PATH and CARD_GOD[dark[i]] == g:
                    s.beside[s.beside_n] = dark[i]
                    s.beside_rot[s.beside_n] = randint(s, 4)
                    s.beside_n += 1
                    dark[i] = JAR0 + g
                    break
        shuffle(s, dark, NUM_DARK)
        for c in range(NUM_CELLS):
            if DARK_CELL[c]:
                s.cell_card[c] = dark[nd]
                s.cell_rot[c] = randint(s, 4)
                nd += 1
        s.cell_card[GRAVE] = GRAVE_ID
        s.cell_up[GRAVE] = True
        # excavation cards
        for i in range(NUM_EXC):
            s.deck[i] = i
            s.disc[i] = -1
        shuffle(s, s.deck, NUM_EXC)
        s.deck_n = NUM_EXC
        s.disc_n = 0
        s.hand[:, :] = -1
        s.hand_n[:] = 0
        for p in range(n):
            for j in range(START_HAND):
                s.deck_n -= 1
                s.hand[p, j] = s.deck[s.deck_n]
                s.deck[s.deck_n] = -1
            s.hand_n[p] = START_HAND
        s.deck_n -= 1
        s.disc[0] = s.deck[s.deck_n]
        s.deck[s.deck_n] = -1
        s.disc_n = 1
        # researchers and the mummy
        for p in range(MAX_PLAYERS):
            s.pos[p] = CAMP
            s.ankhs[p] = 0
            s.carry_jar[p] = -1
            s.carry_tr[p] = -1
            s.camp_jars[p] = 0
            s.attacked[p] = False
            s.lying[p] = False
            s.chamber[p] = False
            s.torch[p] = -1
            s.finished[p] = 0
        s.mummy = GRAVE
        s.awake = False
        s.pend_wake = False
        s.pend_pickup = -1
        s.pend_special = -1
        s.mm_mover = -1
        s.mm_left = 0
        s.mm_taken = 0
        s.mm_dir = -1
        s.mm_target = -1
        s.torch_ask = 0
        s.disp_mask = 0
        s.disp_by = -1
        s.rq[:] = -1
        s.rq_n = 0
        s.sh_by = -1
        s.sh_target = -1
        s.exch_first = -1
        s.tr_god = -1
        s.tr_cells[:] = -1
        s.tr_cards[:] = -1
        s.tr_known[:] = 0
        s.tr_n = 0
        s.tr_stage = 0
        s.tr_i = 0
        s.tr_total = 0
        s.step_win = False
        s.react_back = -1
        _begin_turn(s, 0)
