/* The searches of _search.py (Search.wins and winning_actions' shared table, the most cards
 * cleared, the goals' longest run and most cards of a kind) and _score.py written a second time, in C, with its state in machine words: the removed set and the cards that fit in 28-bit
 * masks, the rank counts packed 4 bits a rank in one 64-bit word (a rank has at most 4 cards),
 * and the memo an open-addressing hash table of 64-bit keys. It walks the same moves in the same
 * order with the same cuts, so it meets the same positions and finds the same lines as the
 * Python search, which stays the reference: tests/test_solver_backends.py compares the two.
 *
 * The Python side (solver/__init__.py) hands it one deal's tables once (space()), then runs
 * searches on them (wins(), verdicts()); the search holds the GIL released, touching no Python
 * object, so searches in several threads run at once. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SLOTS 28
#define FULL ((uint32_t)((1u << SLOTS) - 1))
#define CHAIN ((uint64_t)1 << 60) /* memo key tag for "the draws from this removed set" */
#define UNSEEN (1 << 30)
#define CHECK_EVERY 1024 /* nodes between looks at the clock */
#define MAXSTOCK 64
#define MAXPATH 160
#define EMPTY UINT64_MAX /* no real key has every bit set */
#define UNSEEN_PAIR ((int32_t)((uint32_t)0x7fff << 16 | 0xffffu)) /* window: none passing (-1), none failing */

typedef uint64_t u64;

/* ranks packed 4 bits a rank, rank q at bit 4q (rank 0, a joker or an empty discard, counts nothing) */
#define RANK_BIT(q) ((q) ? (u64)1 << (4 * (q)) : 0)
#define FIELD(packed, q) ((int)((packed) >> (4 * (q)) & 15))

/* -- the layout and the rule tables that depend on the rank line only, set once by setup() -- */

typedef struct {
    int8_t first; /* 0: no check */
    int8_t n;
    int8_t dem[12], sup[12];
} PlayCheck;

static uint32_t cover_mask[SLOTS];
static uint32_t above[SLOTS]; /* the cards each card keeps covered, all the way up */
static int n_uncover[SLOTS];
static uint32_t uncover_bit[SLOTS][4], uncover_mask[SLOTS][4];
static PlayCheck play_checks[2][14 * 14]; /* [wrap][discard rank * 14 + rank played] */
static int ready = 0;

/* -- one deal under one rule set: what Space holds ------------------------------------------- */

typedef struct {
    int n_stock, wrap, free_draw, checks;
    int8_t ranks[SLOTS];
    int8_t stock[MAXSTOCK];
    uint32_t fit[14];
    uint32_t can_precede[SLOTS];
    uint32_t succ[SLOTS]; /* for a card y: the cards y could precede */
    u64 prefix[MAXSTOCK + 1];
    int8_t firsts_n[MAXSTOCK + 1];
    int8_t firsts_j[MAXSTOCK + 1][14], firsts_r[MAXSTOCK + 1][14];
} Space;

/* -- a hash table of 64-bit keys to int values; a value of UNSEEN is no entry ----------------- */

typedef struct {
    u64 *keys;
    int32_t *vals;
    size_t mask, used;
    int bits;
} Table;

static int table_init(Table *t, int bits) {
    size_t cap = (size_t)1 << bits;
    t->keys = malloc(cap * sizeof(u64));
    t->vals = malloc(cap * sizeof(int32_t));
    if (!t->keys || !t->vals) {
        free(t->keys);
        free(t->vals);
        t->keys = NULL;
        t->vals = NULL;
        return -1;
    }
    memset(t->keys, 0xff, cap * sizeof(u64));
    t->mask = cap - 1;
    t->used = 0;
    t->bits = bits;
    return 0;
}

static void table_free(Table *t) {
    free(t->keys);
    free(t->vals);
    t->keys = NULL;
    t->vals = NULL;
}

static void table_clear(Table *t) {
    memset(t->keys, 0xff, (t->mask + 1) * sizeof(u64));
    t->used = 0;
}

static inline size_t slot_of(const Table *t, u64 key) {
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - t->bits));
}

static inline int32_t table_get(const Table *t, u64 key) {
    size_t i = slot_of(t, key);
    for (;;) {
        u64 k = t->keys[i];
        if (k == key) return t->vals[i];
        if (k == EMPTY) return UNSEEN;
        i = (i + 1) & t->mask;
    }
}

/* The value's place, the key entered (with UNSEEN) when it is not there; NULL when out of memory. */
static int32_t *table_place(Table *t, u64 key) {
    size_t i = slot_of(t, key);
    for (;;) {
        u64 k = t->keys[i];
        if (k == key) return &t->vals[i];
        if (k == EMPTY) break;
        i = (i + 1) & t->mask;
    }
    if (2 * (t->used + 1) > t->mask + 1) { /* over half full: double it */
        Table bigger;
        if (table_init(&bigger, t->bits + 1) < 0) return NULL;
        for (size_t j = 0; j <= t->mask; j++) {
            if (t->keys[j] != EMPTY) {
                size_t p = slot_of(&bigger, t->keys[j]);
                while (bigger.keys[p] != EMPTY) p = (p + 1) & bigger.mask;
                bigger.keys[p] = t->keys[j];
                bigger.vals[p] = t->vals[j];
            }
        }
        bigger.used = t->used;
        table_free(t);
        *t = bigger;
        i = slot_of(t, key);
        while (t->keys[i] != EMPTY) i = (i + 1) & t->mask;
    }
    t->keys[i] = key;
    t->vals[i] = UNSEEN;
    t->used++;
    return &t->vals[i];
}

/* -- one search ----------------------------------------------------------------------------- */

enum { GOING = 0, FOUND = 1, OUT_OF_TIME = 2, NO_MEMORY = 3 };
enum { WINS = 0, MOST_CLEARED = 1, LONGEST_RUN = 2, MOST_OF = 3 }; /* which search a Ctx runs */

typedef struct {
    const Space *sp;
    const PlayCheck *pc;
    Table *seen;
    Table window; /* the draws' Hall check per multiset of cards left: latest j passing, earliest failing */
    uint32_t removed0, free0;
    int k0, rank0, lim, first_only, exact;
    uint32_t nostock[MAXSTOCK + 1];
    int path[MAXPATH], plen;
    int found, best_draws, best_path[MAXPATH], best_len;
    int most_c, most_k, most_path[MAXPATH], most_len;
    long count, nodes;
    struct timespec deadline;
    int timed, stop;
    int mode;                                    /* WINS, MOST_CLEARED, LONGEST_RUN or MOST_OF */
    int most_left;                               /* the most-cleared search: a bound on the cards cleared */
    int goal;                                    /* the goals' searches: stop at this value */
    uint32_t mask;                               /* MOST_OF: the cards that count */
    Table chains;                                /* LONGEST_RUN: the longest chain of plays, by position */
    uint32_t nost[MAXSTOCK + 2][MAXSTOCK + 1];   /* nostock by draw limit (+1: the limit -1 too) */
    int8_t nost_ready[MAXSTOCK + 2];
} Ctx;

static void set_nostock(Ctx *c, int limit) {
    const Space *sp = c->sp;
    uint32_t reach = 0;
    for (int k = 0; k <= sp->n_stock; k++) c->nostock[k] = FULL;
    for (int k = (limit < sp->n_stock ? limit : sp->n_stock) - 1; k >= 0; k--) {
        reach |= sp->fit[sp->stock[k]];
        c->nostock[k] = FULL & ~reach;
    }
}

static int past_deadline(const Ctx *c) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > c->deadline.tv_sec || (now.tv_sec == c->deadline.tv_sec && now.tv_nsec > c->deadline.tv_nsec);
}

/* Hall's condition on the rank line (or cycle): every run of demand ranks two apart has at least
 * as many possible predecessors (the ranks next to them) as cards (see Space.hall_ok). */
static int hall_ok(int wrap, u64 left, u64 supply, int allowance) {
    int D[40] = {0}, S[40] = {0}, longest = wrap ? 6 : 7;
    for (int q = 1; q <= 13; q++) {
        D[q] = FIELD(left, q);
        S[q] = FIELD(supply, q);
    }
    if (wrap) {
        for (int q = 1; q <= 13; q++) {
            D[q + 13] = D[q];
            S[q + 13] = S[q];
        }
        S[0] = S[13];
    }
    for (int q = 1; q <= 13; q++) {
        if (!D[q]) continue; /* a run is checked from each of its ranks; one starting at an empty rank adds nothing */
        int demand = 0, spare = S[q - 1] + allowance;
        for (int length = 0; length < longest; length++) {
            demand += D[q + 2 * length];
            spare += S[q + 2 * length + 1];
            if (spare < demand) return 0;
        }
    }
    return 1;
}

static void plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans);
static void mc_plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans);
static void lr_started(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans);
static void mo_plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans);

static void win(Ctx *c, int k) {
    c->found = 1;
    c->best_draws = k - c->k0;
    memcpy(c->best_path, c->path, c->plen * sizeof(int));
    c->best_len = c->plen;
    if (c->first_only || k == c->k0) {
        c->stop = FOUND;
        return;
    }
    c->lim = k - 1;
    set_nostock(c, c->lim);
    table_clear(&c->window);
}

/* Whether the cards left may still be won with the discard drawn from j and the stock up to the limit. */
static int reach(Ctx *c, u64 left, int j) {
    int32_t *known = table_place(&c->window, left);
    if (!known) {
        c->stop = NO_MEMORY;
        return 0;
    }
    if (*known == UNSEEN) *known = UNSEEN_PAIR;
    int pass = (int16_t)(*known & 0xffff), fail = (int16_t)(*known >> 16);
    if (j <= pass) return 1;
    if (j >= fail) return 0;
    const Space *sp = c->sp;
    if (hall_ok(sp->wrap, left, left + sp->prefix[c->lim] - sp->prefix[j], 0)) {
        *known = (int32_t)((uint32_t)(uint16_t)fail << 16 | (uint16_t)j);
        return 1;
    }
    *known = (int32_t)((uint32_t)(uint16_t)j << 16 | (uint16_t)pass);
    return 0;
}

static void draws(Ctx *c, uint32_t S, uint32_t free, int k, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    int32_t *slot = table_place(c->seen, S | CHAIN);
    if (!slot) {
        c->stop = NO_MEMORY;
        return;
    }
    int done = *slot;
    if (done <= k) return;
    *slot = k;
    for (int i = 0; i < sp->firsts_n[k]; i++) {
        int j = sp->firsts_j[k][i], rho = sp->firsts_r[k][i];
        if (j >= done || j >= c->lim) break;
        uint32_t playable = free & sp->fit[rho];
        if (!playable) continue;
        int32_t *entry = table_place(c->seen, S | (u64)playable << 28);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= j + 1) continue;
        *entry = j + 1;
        if (sp->checks) {
            if (!reach(c, left, j)) break; /* fewer stock cards still to come: no better further on */
            if (c->stop) return;
            if (orphans & ~S & c->nostock[j + 1] & ~playable) continue;
        }
        c->path[c->plen++] = -(j + 1 - k);
        plays(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

/* V5: a draw only when no card fits, one card at a time. */
static void draw_one(Ctx *c, uint32_t S, uint32_t free, int k, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    if (k >= c->lim) return;
    int rho = sp->stock[k];
    int32_t *entry = table_place(c->seen, S | (u64)(free & sp->fit[rho]) << 28 | (u64)(k + 1) << 56);
    if (!entry) {
        c->stop = NO_MEMORY;
        return;
    }
    if (*entry != UNSEEN) return;
    *entry = k + 1;
    c->path[c->plen++] = -1;
    if (!(free & sp->fit[rho]))
        draw_one(c, S, free, k + 1, left, orphans);
    else if (c->mode == MOST_CLEARED)
        mc_plays(c, S, free, k + 1, rho, left, orphans);
    else if (c->mode == LONGEST_RUN)
        lr_started(c, S, free, k + 1, rho, left, orphans);
    else if (c->mode == MOST_OF)
        mo_plays(c, S, free, k + 1, rho, left, orphans);
    else
        plays(c, S, free, k + 1, rho, left, orphans);
    if (c->stop) return;
    c->plen--;
}

static void plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    uint32_t m = free & sp->fit[r];
    u64 window = k < c->lim ? sp->prefix[c->lim] - sp->prefix[k] : 0;
    u64 tag = c->exact ? (u64)k << 56 : 0;
    while (m) {
        if (k > c->lim) return;
        uint32_t b = m & -m;
        m ^= b;
        uint32_t S2 = S | b;
        int x = __builtin_ctz(b), rx = sp->ranks[x];
        if (S2 == FULL) {
            c->path[c->plen++] = x;
            win(c, k);
            c->plen--;
            return;
        }
        uint32_t f2 = free ^ b;
        for (int i = 0; i < n_uncover[x]; i++)
            if ((S2 & uncover_mask[x][i]) == uncover_mask[x][i]) f2 |= uncover_bit[x][i] & ~c->removed0;
        int32_t *entry = table_place(c->seen, S2 | (u64)(f2 & sp->fit[rx]) << 28 | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        u64 left2 = left - RANK_BIT(rx);
        uint32_t orphans2 = orphans;
        if (sp->checks) {
            /* Hall's condition: only the runs of demand ranks next to the old discard's rank can fail */
            const PlayCheck *pc = &c->pc[r * 14 + rx];
            if (pc->first) {
                u64 supply = left2 + window + RANK_BIT(rx);
                int slack = FIELD(supply, r) - FIELD(left2, pc->first);
                if (slack < 0) {
                    for (int i = 0; i < pc->n; i++) {
                        if (pc->dem[i]) slack -= FIELD(left2, pc->dem[i]);
                        if (pc->sup[i]) slack += FIELD(supply, pc->sup[i]);
                        if (slack < 0) break;
                    }
                    if (slack < 0) continue;
                }
            }
            /* a card left with no possible predecessor at all */
            uint32_t rest = ~S2 & FULL;
            for (uint32_t s = sp->succ[x] & rest; s; s &= s - 1) {
                int y = __builtin_ctz(s);
                if (!(sp->can_precede[y] & rest)) orphans2 |= (uint32_t)1 << y;
            }
            if (orphans2 & rest & c->nostock[k] & ~(f2 & sp->fit[rx])) continue;
        }
        if (++c->count >= CHECK_EVERY) {
            c->nodes += c->count;
            c->count = 0;
            if (c->timed && past_deadline(c)) {
                c->stop = OUT_OF_TIME;
                return;
            }
        }
        if (!c->found) { /* remember the most cards cleared, in case there is no win */
            int cleared = __builtin_popcount(S2);
            if (cleared > c->most_c || (cleared == c->most_c && k < c->most_k)) {
                c->most_c = cleared;
                c->most_k = k;
                memcpy(c->most_path, c->path, c->plen * sizeof(int));
                c->most_path[c->plen] = x;
                c->most_len = c->plen + 1;
            }
        }
        c->path[c->plen++] = x;
        plays(c, S2, f2, k, rx, left2, orphans2);
        if (c->stop) return;
        if (sp->free_draw)
            draws(c, S2, f2, k, left2, orphans2);
        else if (!(f2 & sp->fit[rx]))
            draw_one(c, S2, f2, k, left2, orphans2);
        if (c->stop) return;
        c->plen--;
    }
}

/* -- the most-cleared search (Search.most_cleared): for a position that cannot be won, branch and
 * bound on (cards cleared, then fewest draws), from the best line the win search met ---------- */

static const uint32_t *nostock_for(Ctx *c, int limit) {
    int i = limit + 1; /* limits from -1 */
    if (!c->nost_ready[i]) {
        const Space *sp = c->sp;
        uint32_t reach = 0;
        for (int k = 0; k <= sp->n_stock; k++) c->nost[i][k] = FULL;
        for (int k = (limit < sp->n_stock ? limit : sp->n_stock) - 1; k >= 0; k--) {
            reach |= sp->fit[sp->stock[k]];
            c->nost[i][k] = FULL & ~reach;
        }
        c->nost_ready[i] = 1;
    }
    return c->nost[i];
}

/* Whether a line from here drawing no further than ``limit`` may leave as few as ``allowed`` peak
 * cards unplayed, as far as the predecessor checks can tell. */
static int within(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans, int limit, int allowed) {
    const Space *sp = c->sp;
    u64 window = k < limit ? sp->prefix[limit] - sp->prefix[k] : 0;
    if (!hall_ok(sp->wrap, left, left + window + RANK_BIT(r), allowed)) return 0;
    uint32_t rest = ~S & FULL, stuck = orphans & rest & nostock_for(c, limit)[k] & ~(free & sp->fit[r]), lost = 0;
    if (!stuck) return 1;
    for (; stuck; stuck &= stuck - 1) {
        int y = __builtin_ctz(stuck);
        lost |= ((uint32_t)1 << y) | (above[y] & rest); /* and every card it keeps covered */
    }
    return __builtin_popcount(lost) <= allowed;
}

/* Can a line from here beat the best: more cards, or as many with fewer draws? */
static int hopeless(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans) {
    int cleared = c->most_c, drawn = c->most_k;
    if (!c->sp->checks) return cleared >= c->most_left && k >= drawn;
    if (cleared < c->most_left && within(c, S, free, k, r, left, orphans, c->sp->n_stock, SLOTS - cleared - 1))
        return 0;
    return k >= drawn || !within(c, S, free, k, r, left, orphans, drawn - 1, SLOTS - cleared);
}

static void mc_draws(Ctx *c, uint32_t S, uint32_t free, int k, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    int32_t *slot = table_place(c->seen, S | CHAIN);
    if (!slot) {
        c->stop = NO_MEMORY;
        return;
    }
    int done = *slot;
    if (done <= k) return;
    *slot = k;
    for (int i = 0; i < sp->firsts_n[k]; i++) {
        int j = sp->firsts_j[k][i], rho = sp->firsts_r[k][i];
        if (j >= done) break;
        uint32_t playable = free & sp->fit[rho];
        if (!playable) continue;
        int32_t *entry = table_place(c->seen, S | (u64)playable << 28);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= j + 1) continue;
        *entry = j + 1;
        if (hopeless(c, S, free, j + 1, rho, left, orphans)) continue;
        c->path[c->plen++] = -(j + 1 - k);
        mc_plays(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

static void mc_plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    uint32_t m = free & sp->fit[r];
    u64 tag = c->exact ? (u64)k << 56 : 0;
    while (m) {
        uint32_t b = m & -m;
        m ^= b;
        uint32_t S2 = S | b;
        int x = __builtin_ctz(b), rx = sp->ranks[x];
        uint32_t f2 = free ^ b;
        for (int i = 0; i < n_uncover[x]; i++)
            if ((S2 & uncover_mask[x][i]) == uncover_mask[x][i]) f2 |= uncover_bit[x][i] & ~c->removed0;
        int32_t *entry = table_place(c->seen, S2 | (u64)(f2 & sp->fit[rx]) << 28 | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        u64 left2 = left - RANK_BIT(rx);
        int cleared = __builtin_popcount(S2);
        if (cleared > c->most_c || (cleared == c->most_c && k < c->most_k)) {
            c->most_c = cleared;
            c->most_k = k;
            memcpy(c->most_path, c->path, c->plen * sizeof(int));
            c->most_path[c->plen] = x;
            c->most_len = c->plen + 1;
        }
        uint32_t orphans2 = orphans, rest = ~S2 & FULL;
        for (uint32_t s = sp->succ[x] & rest; s; s &= s - 1) {
            int y = __builtin_ctz(s);
            if (!(sp->can_precede[y] & rest)) orphans2 |= (uint32_t)1 << y;
        }
        if (hopeless(c, S2, f2, k, rx, left2, orphans2)) continue;
        if (++c->count >= CHECK_EVERY) {
            c->nodes += c->count;
            c->count = 0;
            if (c->timed && past_deadline(c)) {
                c->stop = OUT_OF_TIME;
                return;
            }
        }
        c->path[c->plen++] = x;
        mc_plays(c, S2, f2, k, rx, left2, orphans2);
        if (c->stop) return;
        if (sp->free_draw)
            mc_draws(c, S2, f2, k, left2, orphans2);
        else if (!(f2 & sp->fit[rx]))
            draw_one(c, S2, f2, k, left2, orphans2);
        if (c->stop) return;
        c->plen--;
    }
}

/* -- the goals' searches: the longest run without a draw (Search.longest_run), the most cards of a
 * kind cleared (Search.most_of) --------------------------------------------------------------- */

/* A node searched: counts it, and looks at the clock now and then; nonzero when out of time. */
static int tick(Ctx *c) {
    if (++c->count >= CHECK_EVERY) {
        c->nodes += c->count;
        c->count = 0;
        if (c->timed && past_deadline(c)) {
            c->stop = OUT_OF_TIME;
            return 1;
        }
    }
    return 0;
}

/* The cards a play frees: those it was the last to cover. */
static inline uint32_t freed(const Ctx *c, uint32_t S2, uint32_t free, int x) {
    uint32_t f2 = free ^ ((uint32_t)1 << x);
    for (int i = 0; i < n_uncover[x]; i++)
        if ((S2 & uncover_mask[x][i]) == uncover_mask[x][i]) f2 |= uncover_bit[x][i] & ~c->removed0;
    return f2;
}

/* The longest chain of plays from here, memoised on the removed set and the cards that fit. */
static int lr_chain(Ctx *c, uint32_t S, uint32_t free, int r) {
    const Space *sp = c->sp;
    uint32_t m = free & sp->fit[r];
    u64 key = S | (u64)m << 28;
    int32_t known = table_get(&c->chains, key);
    if (known != UNSEEN) return known >> 8;
    if (tick(c)) return 0;
    int top = 0, first = -1, most = SLOTS - __builtin_popcount(S); /* no chain is longer than the cards left */
    while (m) {
        uint32_t b = m & -m;
        m ^= b;
        uint32_t S2 = S | b;
        int x = __builtin_ctz(b), rx = sp->ranks[x];
        int length = 1 + lr_chain(c, S2, freed(c, S2, free, x), rx);
        if (c->stop) return 0;
        if (length > top) {
            top = length, first = x;
            if (top == most) break;
        }
    }
    int32_t *slot = table_place(&c->chains, key);
    if (!slot) {
        c->stop = NO_MEMORY;
        return 0;
    }
    *slot = top << 8 | (first + 1);
    return top;
}

/* The best line: the path to here, then the longest chain of plays from here. */
static void lr_line(Ctx *c, uint32_t S, uint32_t free, int r) {
    const Space *sp = c->sp;
    memcpy(c->most_path, c->path, c->plen * sizeof(int));
    c->most_len = c->plen;
    int step = table_get(&c->chains, S | (u64)(free & sp->fit[r]) << 28) & 255;
    while (step && c->most_len < MAXPATH) {
        int x = step - 1;
        c->most_path[c->most_len++] = x;
        S |= (uint32_t)1 << x;
        free = freed(c, S, free, x);
        r = sp->ranks[x];
        step = table_get(&c->chains, S | (u64)(free & sp->fit[r]) << 28) & 255;
    }
}

static void lr_draws(Ctx *c, uint32_t S, uint32_t free, int k, u64 left, uint32_t orphans);

static void lr_plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    uint32_t m = free & sp->fit[r];
    u64 tag = c->exact ? (u64)k << 56 : 0;
    while (m) {
        uint32_t b = m & -m;
        m ^= b;
        uint32_t S2 = S | b;
        if (SLOTS - __builtin_popcount(S2) <= c->most_c) continue; /* too few cards left to start a longer run */
        int x = __builtin_ctz(b), rx = sp->ranks[x];
        uint32_t f2 = freed(c, S2, free, x);
        int32_t *entry = table_place(c->seen, S2 | (u64)(f2 & sp->fit[rx]) << 28 | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        if (tick(c)) return;
        c->path[c->plen++] = x;
        lr_plays(c, S2, f2, k, rx, left, orphans);
        if (c->stop) return;
        if (sp->free_draw)
            lr_draws(c, S2, f2, k, left, orphans);
        else if (!(f2 & sp->fit[rx]))
            draw_one(c, S2, f2, k, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

/* A draw was made: a run starts here. */
static void lr_started(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans) {
    int length = lr_chain(c, S, free, r);
    if (c->stop) return;
    if (length > c->most_c) {
        c->most_c = length;
        lr_line(c, S, free, r);
        if (length >= c->goal) {
            c->stop = FOUND;
            return;
        }
    }
    lr_plays(c, S, free, k, r, left, orphans);
}

static void lr_draws(Ctx *c, uint32_t S, uint32_t free, int k, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    int32_t *slot = table_place(c->seen, S | CHAIN);
    if (!slot) {
        c->stop = NO_MEMORY;
        return;
    }
    int done = *slot;
    if (done <= k) return;
    *slot = k;
    for (int i = 0; i < sp->firsts_n[k]; i++) {
        int j = sp->firsts_j[k][i], rho = sp->firsts_r[k][i];
        if (j >= done) break;
        uint32_t playable = free & sp->fit[rho];
        if (!playable) continue;
        int32_t *entry = table_place(c->seen, S | (u64)playable << 28);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= j + 1) continue;
        *entry = j + 1;
        if (SLOTS - __builtin_popcount(S) <= c->most_c) break;
        c->path[c->plen++] = -(j + 1 - k);
        lr_started(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

/* MOST_OF: whether no line from here can clear more cards of the mask than the best: those left
 * that can never be played (no card left could precede them, no stock card to come fits them, and
 * they do not fit now), and every card they keep covered, are out of reach. */
static int mo_hopeless(Ctx *c, uint32_t S, uint32_t free, int k, int r, uint32_t orphans) {
    const Space *sp = c->sp;
    uint32_t rest = c->mask & ~S;
    if (sp->checks)
        for (uint32_t stuck = orphans & ~S & FULL & c->nostock[k] & ~(free & sp->fit[r]); stuck; stuck &= stuck - 1) {
            int y = __builtin_ctz(stuck);
            rest &= ~(((uint32_t)1 << y) | above[y]);
        }
    return __builtin_popcount(S & c->mask) + __builtin_popcount(rest) <= c->most_c;
}

static void mo_draws(Ctx *c, uint32_t S, uint32_t free, int k, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    int32_t *slot = table_place(c->seen, S | CHAIN);
    if (!slot) {
        c->stop = NO_MEMORY;
        return;
    }
    int done = *slot;
    if (done <= k) return;
    *slot = k;
    for (int i = 0; i < sp->firsts_n[k]; i++) {
        int j = sp->firsts_j[k][i], rho = sp->firsts_r[k][i];
        if (j >= done) break;
        uint32_t playable = free & sp->fit[rho];
        if (!playable) continue;
        int32_t *entry = table_place(c->seen, S | (u64)playable << 28);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= j + 1) continue;
        *entry = j + 1;
        if (mo_hopeless(c, S, free, j + 1, rho, orphans)) continue;
        c->path[c->plen++] = -(j + 1 - k);
        mo_plays(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

static void mo_plays(Ctx *c, uint32_t S, uint32_t free, int k, int r, u64 left, uint32_t orphans) {
    const Space *sp = c->sp;
    uint32_t m = free & sp->fit[r];
    u64 tag = c->exact ? (u64)k << 56 : 0;
    while (m) {
        uint32_t b = m & -m;
        m ^= b;
        uint32_t S2 = S | b;
        int x = __builtin_ctz(b), rx = sp->ranks[x];
        uint32_t f2 = freed(c, S2, free, x);
        int32_t *entry = table_place(c->seen, S2 | (u64)(f2 & sp->fit[rx]) << 28 | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        int cleared = __builtin_popcount(S2 & c->mask);
        if (cleared > c->most_c) {
            c->most_c = cleared;
            memcpy(c->most_path, c->path, c->plen * sizeof(int));
            c->most_path[c->plen] = x;
            c->most_len = c->plen + 1;
            if (cleared >= c->goal) {
                c->stop = FOUND;
                return;
            }
        }
        uint32_t orphans2 = orphans;
        if (sp->checks) {
            uint32_t rest = ~S2 & FULL;
            for (uint32_t s = sp->succ[x] & rest; s; s &= s - 1) {
                int y = __builtin_ctz(s);
                if (!(sp->can_precede[y] & rest)) orphans2 |= (uint32_t)1 << y;
            }
        }
        if (mo_hopeless(c, S2, f2, k, rx, orphans2)) continue;
        if (tick(c)) return;
        c->path[c->plen++] = x;
        mo_plays(c, S2, f2, k, rx, left, orphans2);
        if (c->stop) return;
        if (sp->free_draw)
            mo_draws(c, S2, f2, k, left, orphans2);
        else if (!(f2 & sp->fit[rx]))
            draw_one(c, S2, f2, k, left, orphans2);
        if (c->stop) return;
        c->plen--;
    }
}

/* Set up a search from a position; the caller owns ``seen``. */
static int ctx_init(Ctx *c, const Space *sp, Table *seen, uint32_t removed, int drawn, int rank, int first_only,
                    int limit, double seconds) {
    memset(c, 0, sizeof(Ctx));
    c->sp = sp;
    c->pc = play_checks[sp->wrap ? 1 : 0];
    c->seen = seen;
    if (table_init(&c->window, 8) < 0) return -1;
    c->removed0 = removed;
    c->k0 = drawn;
    c->rank0 = rank;
    c->first_only = first_only;
    c->exact = !sp->free_draw;
    c->lim = limit < 0 ? sp->n_stock : limit;
    set_nostock(c, c->lim);
    c->plen = c->best_len = c->most_len = 0;
    c->found = 0;
    c->most_c = __builtin_popcount(removed);
    c->most_k = drawn;
    for (int s = 0; s < SLOTS; s++)
        if (!(removed >> s & 1) && (removed & cover_mask[s]) == cover_mask[s]) c->free0 |= (uint32_t)1 << s;
    c->timed = seconds >= 0;
    if (c->timed) {
        clock_gettime(CLOCK_MONOTONIC, &c->deadline);
        double whole = (double)(time_t)seconds;
        c->deadline.tv_sec += (time_t)seconds;
        c->deadline.tv_nsec += (long)((seconds - whole) * 1e9);
        if (c->deadline.tv_nsec >= 1000000000L) {
            c->deadline.tv_sec += 1;
            c->deadline.tv_nsec -= 1000000000L;
        }
    }
    return 0;
}

static void run(Ctx *c) {
    const Space *sp = c->sp;
    uint32_t S0 = c->removed0, f0 = c->free0;
    int k0 = c->k0, r0 = c->rank0;
    if (S0 == FULL) {
        c->found = 1;
        c->best_draws = 0;
        c->best_len = 0;
        return;
    }
    u64 left0 = 0;
    uint32_t orphans0 = 0;
    for (int s = 0; s < SLOTS; s++) {
        if (S0 >> s & 1) continue;
        left0 += RANK_BIT(sp->ranks[s]);
        if (!(sp->can_precede[s] & ~S0)) orphans0 |= (uint32_t)1 << s;
    }
    int32_t *entry = table_place(c->seen, S0 | (u64)(f0 & sp->fit[r0]) << 28 | (c->exact ? (u64)k0 << 56 : 0));
    if (!entry) {
        c->stop = NO_MEMORY;
        return;
    }
    *entry = k0;
    if (c->mode == MOST_CLEARED)
        mc_plays(c, S0, f0, k0, r0, left0, orphans0);
    else if (c->mode == LONGEST_RUN)
        lr_plays(c, S0, f0, k0, r0, left0, orphans0);
    else if (c->mode == MOST_OF)
        mo_plays(c, S0, f0, k0, r0, left0, orphans0);
    else
        plays(c, S0, f0, k0, r0, left0, orphans0);
    if (c->stop) return;
    if (!sp->free_draw) {
        if (!(f0 & sp->fit[r0])) draw_one(c, S0, f0, k0, left0, orphans0);
    } else if (c->mode == MOST_CLEARED)
        mc_draws(c, S0, f0, k0, left0, orphans0);
    else if (c->mode == LONGEST_RUN)
        lr_draws(c, S0, f0, k0, left0, orphans0);
    else if (c->mode == MOST_OF)
        mo_draws(c, S0, f0, k0, left0, orphans0);
    else
        draws(c, S0, f0, k0, left0, orphans0);
}

static void table_forget(Table *t, u64 key) {
    int32_t *entry = table_place(t, key);
    if (entry) *entry = UNSEEN;
}

/* Take the positions along a winning line out of a table kept after a first-win search (see
 * Search.forget_line): the search stopped inside them, so they are not proven lost. */
static void forget_line(Ctx *c) {
    const Space *sp = c->sp;
    uint32_t S = c->removed0, free = c->free0;
    int k = c->k0, r = c->rank0;
    table_forget(c->seen, S | (u64)(free & sp->fit[r]) << 28 | (c->exact ? (u64)k << 56 : 0));
    for (int i = 0; i < c->best_len; i++) {
        int step = c->best_path[i];
        if (step >= 0) {
            S |= (uint32_t)1 << step;
            free ^= (uint32_t)1 << step;
            for (int u = 0; u < n_uncover[step]; u++)
                if ((S & uncover_mask[step][u]) == uncover_mask[step][u]) free |= uncover_bit[step][u];
            r = sp->ranks[step];
            table_forget(c->seen, S | (u64)(free & sp->fit[r]) << 28 | (c->exact ? (u64)k << 56 : 0));
        } else if (c->exact) {
            r = sp->stock[k];
            k += 1;
            table_forget(c->seen, S | (u64)(free & sp->fit[r]) << 28 | (u64)k << 56);
        } else {
            table_forget(c->seen, S | CHAIN);
            k -= step;
            r = sp->stock[k - 1];
            table_forget(c->seen, S | (u64)(free & sp->fit[r]) << 28);
        }
    }
}

/* -- the Python functions ------------------------------------------------------------------- */

static int read_ints(PyObject *seq, long *out, Py_ssize_t want, Py_ssize_t most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if ((want >= 0 && n != want) || n > most) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd numbers, got %zd", what, want >= 0 ? want : most, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return (int)n;
}

static int read_play_checks(PyObject *table, PlayCheck *out) {
    PyObject *fast = PySequence_Fast(table, "play checks");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 14 * 14) {
        PyErr_SetString(PyExc_ValueError, "play checks: expected 196 entries");
        Py_DECREF(fast);
        return -1;
    }
    for (int e = 0; e < 14 * 14; e++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, e);
        memset(&out[e], 0, sizeof(PlayCheck));
        if (item == Py_None) continue;
        PyObject *steps;
        int first;
        if (!PyArg_ParseTuple(item, "iO", &first, &steps)) goto fail;
        PyObject *sfast = PySequence_Fast(steps, "play check steps");
        if (!sfast) goto fail;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(sfast);
        if (n > 12) {
            PyErr_SetString(PyExc_ValueError, "play check: more than 12 steps");
            Py_DECREF(sfast);
            goto fail;
        }
        out[e].first = (int8_t)first;
        out[e].n = (int8_t)n;
        for (Py_ssize_t i = 0; i < n; i++) {
            int dem, sup;
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(sfast, i), "ii", &dem, &sup)) {
                Py_DECREF(sfast);
                goto fail;
            }
            out[e].dem[i] = (int8_t)dem;
            out[e].sup[i] = (int8_t)sup;
        }
        Py_DECREF(sfast);
    }
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static PyObject *py_setup(PyObject *self, PyObject *args) {
    PyObject *covers, *classic, *cycle;
    long masks[SLOTS];
    if (!PyArg_ParseTuple(args, "OOO", &covers, &classic, &cycle)) return NULL;
    if (read_ints(covers, masks, SLOTS, SLOTS, "cover masks") < 0) return NULL;
    if (read_play_checks(classic, play_checks[0]) < 0 || read_play_checks(cycle, play_checks[1]) < 0) return NULL;
    for (int s = 0; s < SLOTS; s++) {
        cover_mask[s] = (uint32_t)masks[s];
        n_uncover[s] = 0;
    }
    for (int s = 0; s < SLOTS; s++)
        for (int c = 0; c < SLOTS; c++)
            if (cover_mask[c] >> s & 1) {
                if (n_uncover[s] == 4) {
                    PyErr_SetString(PyExc_ValueError, "cover masks: a card covers more than four");
                    return NULL;
                }
                uncover_bit[s][n_uncover[s]] = (uint32_t)1 << c;
                uncover_mask[s][n_uncover[s]++] = cover_mask[c];
            }
    for (int s = SLOTS - 1; s >= 0; s--) { /* the tops first in the layout: a card covers only later ones */
        above[s] = 0;
    }
    for (int pass = 0; pass < SLOTS; pass++) /* the closure, to a fixed point (28 cards: cheap, once) */
        for (int s = 0; s < SLOTS; s++)
            for (int u = 0; u < n_uncover[s]; u++) {
                int y = __builtin_ctz(uncover_bit[s][u]);
                above[s] |= uncover_bit[s][u] | above[y];
            }
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *py_space(PyObject *self, PyObject *args) {
    PyObject *ranks, *stock, *fit, *precede;
    int wrap, free_draw, checks;
    long buf[MAXSTOCK];
    if (!PyArg_ParseTuple(args, "OOOOppp", &ranks, &stock, &fit, &precede, &wrap, &free_draw, &checks)) return NULL;
    PyObject *blob = PyBytes_FromStringAndSize(NULL, sizeof(Space));
    if (!blob) return NULL;
    Space *sp = (Space *)PyBytes_AS_STRING(blob);
    memset(sp, 0, sizeof(Space));
    sp->wrap = wrap;
    sp->free_draw = free_draw;
    sp->checks = checks;
    if (read_ints(ranks, buf, SLOTS, SLOTS, "ranks") < 0) goto fail;
    for (int s = 0; s < SLOTS; s++) {
        if (buf[s] < 0 || buf[s] > 13) goto bad_rank;
        sp->ranks[s] = (int8_t)buf[s];
    }
    int n = read_ints(stock, buf, -1, MAXSTOCK, "stock");
    if (n < 0) goto fail;
    sp->n_stock = n;
    for (int j = 0; j < n; j++) {
        if (buf[j] < 0 || buf[j] > 13) goto bad_rank;
        sp->stock[j] = (int8_t)buf[j];
    }
    if (read_ints(fit, buf, 14, 14, "fit masks") < 0) goto fail;
    for (int q = 0; q < 14; q++) sp->fit[q] = (uint32_t)buf[q];
    if (read_ints(precede, buf, SLOTS, SLOTS, "predecessors") < 0) goto fail;
    for (int s = 0; s < SLOTS; s++) sp->can_precede[s] = (uint32_t)buf[s];
    for (int y = 0; y < SLOTS; y++)
        for (int x = 0; x < SLOTS; x++)
            if (sp->can_precede[x] >> y & 1) sp->succ[y] |= (uint32_t)1 << x;
    for (int j = 0; j < n; j++) sp->prefix[j + 1] = sp->prefix[j] + RANK_BIT(sp->stock[j]);
    sp->firsts_n[n] = 0; /* the next card of each rank from k on, nearest first */
    for (int j = n - 1; j >= 0; j--) {
        int count = 0, rho = sp->stock[j];
        sp->firsts_j[j][count] = (int8_t)j;
        sp->firsts_r[j][count++] = (int8_t)rho;
        for (int i = 0; i < sp->firsts_n[j + 1]; i++)
            if (sp->firsts_r[j + 1][i] != rho) {
                sp->firsts_j[j][count] = sp->firsts_j[j + 1][i];
                sp->firsts_r[j][count++] = sp->firsts_r[j + 1][i];
            }
        sp->firsts_n[j] = (int8_t)count;
    }
    return blob;
bad_rank:
    PyErr_SetString(PyExc_ValueError, "ranks: expected numbers 0 to 13");
fail:
    Py_DECREF(blob);
    return NULL;
}

static const Space *space_of(PyObject *blob) {
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "setup() has not been called");
        return NULL;
    }
    if (!PyBytes_Check(blob) || PyBytes_GET_SIZE(blob) != (Py_ssize_t)sizeof(Space)) {
        PyErr_SetString(PyExc_TypeError, "expected the tables space() made");
        return NULL;
    }
    return (const Space *)PyBytes_AS_STRING(blob);
}

static PyObject *path_list(const int *path, int n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *step = PyLong_FromLong(path[i]);
        if (!step) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, step);
    }
    return list;
}

static int check_position(const Space *sp, long removed, int drawn, int rank) {
    if (removed < 0 || removed > (long)FULL || drawn < 0 || drawn > sp->n_stock || rank < 0 || rank > 13) {
        PyErr_SetString(PyExc_ValueError, "position: expected a 28-bit removed set, a draw count within the stock and "
                                          "a rank 0 to 13");
        return -1;
    }
    return 0;
}

/* wins(space, removed, drawn, rank, first_only, limit, seconds) -> (best draws or None, best path,
 * complete, nodes, (most cleared, its draws, its path), limit at the end); limit -1: the whole
 * stock; seconds < 0: no time limit. */
static PyObject *py_wins(PyObject *self, PyObject *args) {
    PyObject *blob;
    long removed;
    int drawn, rank, first_only, limit;
    double seconds;
    if (!PyArg_ParseTuple(args, "Oliipid", &blob, &removed, &drawn, &rank, &first_only, &limit, &seconds)) return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    Ctx *c = malloc(sizeof(Ctx));
    Table seen;
    if (!c || table_init(&seen, 12) < 0) {
        free(c);
        return PyErr_NoMemory();
    }
    if (ctx_init(c, sp, &seen, (uint32_t)removed, drawn, rank, first_only, limit, seconds) < 0) {
        table_free(&seen);
        free(c);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    run(c);
    Py_END_ALLOW_THREADS
    c->nodes += c->count;
    table_free(&seen);
    table_free(&c->window);
    PyObject *result = NULL;
    if (c->stop == NO_MEMORY) {
        PyErr_NoMemory();
    } else {
        PyObject *best = path_list(c->best_path, c->best_len), *most = path_list(c->most_path, c->most_len);
        if (best && most) {
            PyObject *draws = c->found ? PyLong_FromLong(c->best_draws) : Py_NewRef(Py_None);
            result = Py_BuildValue("(NNOl(iiO)i)", draws, Py_NewRef(best), c->stop == OUT_OF_TIME ? Py_False : Py_True,
                                   c->nodes, c->most_c, c->most_k, most, c->lim);
        }
        Py_XDECREF(best);
        Py_XDECREF(most);
    }
    free(c);
    return result;
}

/* verdicts(space, [(removed, drawn, rank), ...], seconds) -> [bool, ...], or None when out of
 * time: the verdict after each action, the searches sharing one table of positions proven lost
 * (the table winning_actions keeps). */
static PyObject *py_verdicts(PyObject *self, PyObject *args) {
    PyObject *blob, *positions;
    double seconds;
    if (!PyArg_ParseTuple(args, "OOd", &blob, &positions, &seconds)) return NULL;
    const Space *sp = space_of(blob);
    if (!sp) return NULL;
    PyObject *fast = PySequence_Fast(positions, "positions");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    long *removed = malloc((n + 1) * sizeof(long));
    int *drawn = malloc((n + 1) * sizeof(int)), *rank = malloc((n + 1) * sizeof(int)),
        *won = malloc((n + 1) * sizeof(int));
    Ctx *c = malloc(sizeof(Ctx));
    Table seen = {0};
    PyObject *result = NULL;
    if (!removed || !drawn || !rank || !won || !c || table_init(&seen, 12) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "lii", &removed[i], &drawn[i], &rank[i])) goto done;
        if (check_position(sp, removed[i], drawn[i], rank[i]) < 0) goto done;
    }
    int stop = GOING;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && stop == GOING; i++) {
        double left = seconds;
        if (seconds >= 0) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            left = seconds - ((double)(now.tv_sec - start.tv_sec) + 1e-9 * (double)(now.tv_nsec - start.tv_nsec));
            if (left < 0) {
                stop = OUT_OF_TIME;
                break;
            }
        }
        if (ctx_init(c, sp, &seen, (uint32_t)removed[i], drawn[i], rank[i], 1, -1, left) < 0) {
            stop = NO_MEMORY;
            break;
        }
        run(c);
        table_free(&c->window);
        if (c->stop == OUT_OF_TIME || c->stop == NO_MEMORY) {
            stop = c->stop;
            break;
        }
        won[i] = c->found;
        if (c->found) forget_line(c);
    }
    Py_END_ALLOW_THREADS
    if (stop == NO_MEMORY) {
        PyErr_NoMemory();
        goto done;
    }
    if (stop == OUT_OF_TIME) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    result = PyList_New(n);
    if (!result) goto done;
    for (Py_ssize_t i = 0; i < n; i++) PyList_SET_ITEM(result, i, PyBool_FromLong(won[i]));
done:
    Py_DECREF(fast);
    free(removed);
    free(drawn);
    free(rank);
    free(won);
    free(c);
    table_free(&seen);
    return result;
}

/* most_cleared(space, removed, drawn, rank, most, (cleared, draws, path), seconds) -> (cleared,
 * draws, path, complete, nodes): the line that clears the most cards, then with the fewest draws,
 * from a position that cannot be won, starting from the best line known (the win search's); ``most``
 * bounds the cards that can be cleared. */
static PyObject *py_most_cleared(PyObject *self, PyObject *args) {
    PyObject *blob, *known;
    long removed;
    int drawn, rank, most, known_c, known_k;
    double seconds;
    long steps[MAXPATH];
    if (!PyArg_ParseTuple(args, "Oliii(iiO)d", &blob, &removed, &drawn, &rank, &most, &known_c, &known_k, &known,
                          &seconds))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (most < 1 || most > SLOTS) {
        PyErr_SetString(PyExc_ValueError, "most: expected 1 to 28 cards");
        return NULL;
    }
    int n = read_ints(known, steps, -1, MAXPATH, "path");
    if (n < 0) return NULL;
    Ctx *c = malloc(sizeof(Ctx));
    Table seen;
    if (!c || table_init(&seen, 12) < 0) {
        free(c);
        return PyErr_NoMemory();
    }
    if (ctx_init(c, sp, &seen, (uint32_t)removed, drawn, rank, 0, -1, seconds) < 0) {
        table_free(&seen);
        free(c);
        return PyErr_NoMemory();
    }
    c->mode = MOST_CLEARED;
    c->most_left = most;
    c->most_c = known_c;
    c->most_k = known_k;
    c->most_len = n;
    for (int i = 0; i < n; i++) c->most_path[i] = (int)steps[i];
    Py_BEGIN_ALLOW_THREADS
    run(c);
    Py_END_ALLOW_THREADS
    c->nodes += c->count;
    table_free(&seen);
    table_free(&c->window);
    PyObject *result = NULL;
    if (c->stop == NO_MEMORY) {
        PyErr_NoMemory();
    } else {
        PyObject *path = path_list(c->most_path, c->most_len);
        if (path)
            result = Py_BuildValue("(iiNOl)", c->most_c, c->most_k - drawn, path,
                                   c->stop == OUT_OF_TIME ? Py_False : Py_True, c->nodes);
    }
    free(c);
    return result;
}

/* longest_run(space, removed, drawn, rank, run, at_least, seconds) -> (longest, path, complete,
 * nodes): the longest run of plays without a draw from the position (its own ``run`` counting),
 * and the line to its end; at_least -1: no stop before the end. */
static PyObject *py_longest_run(PyObject *self, PyObject *args) {
    PyObject *blob;
    long removed;
    int drawn, rank, run_now, at_least;
    double seconds;
    if (!PyArg_ParseTuple(args, "Oliiiid", &blob, &removed, &drawn, &rank, &run_now, &at_least, &seconds)) return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (run_now < 0 || run_now > 255) {
        PyErr_SetString(PyExc_ValueError, "run: expected 0 to 255");
        return NULL;
    }
    Ctx *c = malloc(sizeof(Ctx));
    Table seen;
    if (!c || table_init(&seen, 12) < 0) {
        free(c);
        return PyErr_NoMemory();
    }
    if (ctx_init(c, sp, &seen, (uint32_t)removed, drawn, rank, 0, -1, seconds) < 0 || table_init(&c->chains, 10) < 0) {
        table_free(&c->window);
        table_free(&seen);
        free(c);
        return PyErr_NoMemory();
    }
    c->mode = LONGEST_RUN;
    c->goal = at_least < 0 ? SLOTS + run_now : at_least;
    Py_BEGIN_ALLOW_THREADS
    c->most_c = run_now + lr_chain(c, c->removed0, c->free0, rank);
    if (!c->stop) {
        lr_line(c, c->removed0, c->free0, rank);
        if (c->most_c < c->goal) run(c);
    }
    Py_END_ALLOW_THREADS
    c->nodes += c->count;
    table_free(&seen);
    table_free(&c->window);
    table_free(&c->chains);
    PyObject *result = NULL;
    if (c->stop == NO_MEMORY) {
        PyErr_NoMemory();
    } else {
        PyObject *path = path_list(c->most_path, c->most_len);
        if (path) result = Py_BuildValue("(iNOl)", c->most_c, path, c->stop == OUT_OF_TIME ? Py_False : Py_True, c->nodes);
    }
    free(c);
    return result;
}

/* most_of(space, removed, drawn, rank, mask, at_least, seconds) -> (most, path, complete, nodes):
 * the most cards of ``mask`` cleared at the end of a line from the position (those cleared already
 * counting), and the line; at_least -1: no stop before all of them. */
static PyObject *py_most_of(PyObject *self, PyObject *args) {
    PyObject *blob;
    long removed, mask;
    int drawn, rank, at_least;
    double seconds;
    if (!PyArg_ParseTuple(args, "Oliilid", &blob, &removed, &drawn, &rank, &mask, &at_least, &seconds)) return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (mask < 0 || mask > (long)FULL) {
        PyErr_SetString(PyExc_ValueError, "mask: expected a 28-bit set of slots");
        return NULL;
    }
    Ctx *c = malloc(sizeof(Ctx));
    Table seen;
    if (!c || table_init(&seen, 12) < 0) {
        free(c);
        return PyErr_NoMemory();
    }
    if (ctx_init(c, sp, &seen, (uint32_t)removed, drawn, rank, 0, -1, seconds) < 0) {
        table_free(&seen);
        free(c);
        return PyErr_NoMemory();
    }
    c->mode = MOST_OF;
    c->mask = (uint32_t)mask;
    int total = __builtin_popcount(c->mask);
    c->goal = at_least < 0 || at_least > total ? total : at_least;
    c->most_c = __builtin_popcount((uint32_t)removed & c->mask);
    Py_BEGIN_ALLOW_THREADS
    if (c->most_c < c->goal) run(c);
    Py_END_ALLOW_THREADS
    c->nodes += c->count;
    table_free(&seen);
    table_free(&c->window);
    PyObject *result = NULL;
    if (c->stop == NO_MEMORY) {
        PyErr_NoMemory();
    } else {
        PyObject *path = path_list(c->most_path, c->most_len);
        if (path) result = Py_BuildValue("(iNOl)", c->most_c, path, c->stop == OUT_OF_TIME ? Py_False : Py_True, c->nodes);
    }
    free(c);
    return result;
}

/* -- Hogue's scoring (V2): the line with the highest final score (_score.highest_score) --------- */

typedef struct {
    u64 *a;
    uint32_t *b;
    int32_t *points, *action;
    size_t mask, used;
    int bits;
} Memo; /* (removed | playable << 28 | drawn << 56, run) -> best points still to score and the action */

static int memo_init(Memo *t, int bits) {
    size_t cap = (size_t)1 << bits;
    t->a = malloc(cap * sizeof(u64));
    t->b = malloc(cap * sizeof(uint32_t));
    t->points = malloc(cap * sizeof(int32_t));
    t->action = malloc(cap * sizeof(int32_t));
    if (!t->a || !t->b || !t->points || !t->action) {
        free(t->a), free(t->b), free(t->points), free(t->action);
        return -1;
    }
    memset(t->a, 0xff, cap * sizeof(u64));
    t->mask = cap - 1;
    t->used = 0;
    t->bits = bits;
    return 0;
}

static void memo_free(Memo *t) { free(t->a), free(t->b), free(t->points), free(t->action); }

static inline size_t memo_slot(const Memo *t, u64 a, uint32_t b) {
    return (size_t)(((a ^ ((u64)b << 59 | (u64)b >> 5)) * 0x9E3779B97F4A7C15ull) >> (64 - t->bits));
}

static inline long memo_find(const Memo *t, u64 a, uint32_t b) { /* its index, or -1 */
    size_t i = memo_slot(t, a, b);
    for (;;) {
        if (t->a[i] == a && t->b[i] == b) return (long)i;
        if (t->a[i] == EMPTY) return -1;
        i = (i + 1) & t->mask;
    }
}

static int memo_put(Memo *t, u64 a, uint32_t b, int32_t points, int32_t action) {
    if (2 * (t->used + 1) > t->mask + 1) {
        Memo bigger;
        if (memo_init(&bigger, t->bits + 1) < 0) return -1;
        for (size_t j = 0; j <= t->mask; j++)
            if (t->a[j] != EMPTY) {
                size_t p = memo_slot(&bigger, t->a[j], t->b[j]);
                while (bigger.a[p] != EMPTY) p = (p + 1) & bigger.mask;
                bigger.a[p] = t->a[j], bigger.b[p] = t->b[j];
                bigger.points[p] = t->points[j], bigger.action[p] = t->action[j];
            }
        bigger.used = t->used;
        memo_free(t);
        *t = bigger;
    }
    size_t i = memo_slot(t, a, b);
    while (t->a[i] != EMPTY && !(t->a[i] == a && t->b[i] == b)) i = (i + 1) & t->mask;
    if (t->a[i] == EMPTY) t->used++;
    t->a[i] = a, t->b[i] = b, t->points[i] = points, t->action[i] = action;
    return 0;
}

#define H_DRAW (-1)
#define H_NONE (-2)

typedef struct {
    const Space *sp;
    uint32_t removed0;
    Memo memo, stuck;
    uint32_t peak_of[SLOTS], peaks[3];
    int bonus[3], card, step, draw_cost, may_stop, stop; /* step: 1 when runs pay, else 0 */
    long count, nodes;
    struct timespec deadline;
    int timed;
} Hogue;

static int h_stuck(Hogue *h, uint32_t S, uint32_t free, int k);

static int h_after(Hogue *h, uint32_t S, uint32_t free, int k, int r, int run); /* from memo or searched */

static int h_best(Hogue *h, uint32_t S, uint32_t free, int k, int r, int run) {
    const Space *sp = h->sp;
    if (++h->count >= CHECK_EVERY) {
        h->nodes += h->count;
        h->count = 0;
        Ctx probe;
        probe.deadline = h->deadline;
        if (h->timed && past_deadline(&probe)) {
            h->stop = OUT_OF_TIME;
            return 0;
        }
    }
    int top = 0, action = H_NONE, n = sp->n_stock;
    uint32_t m = free & sp->fit[r], playable = m;
    while (m) {
        uint32_t b = m & -m;
        m ^= b;
        uint32_t S2 = S | b;
        int x = __builtin_ctz(b), rx = sp->ranks[x];
        int points = h->card + run;
        if ((S2 & h->peak_of[x]) == h->peak_of[x]) {
            int emptied = 0;
            for (int p = 0; p < 3; p++) emptied += (S2 & h->peaks[p]) == h->peaks[p];
            points += h->bonus[emptied - 1];
        }
        if (S2 != FULL) {
            uint32_t f2 = free ^ b;
            for (int i = 0; i < n_uncover[x]; i++)
                if ((S2 & uncover_mask[x][i]) == uncover_mask[x][i]) f2 |= uncover_bit[x][i] & ~h->removed0;
            if (f2 & sp->fit[rx])
                points += h_after(h, S2, f2, k, rx, run + h->step);
            else if (k < n) {
                long i = memo_find(&h->stuck, S2 | (u64)k << 56, 0);
                points += i < 0 ? h_stuck(h, S2, f2, k) : h->stuck.points[i];
            }
            if (h->stop) return 0;
        }
        if (points > top || (action == H_NONE && !h->may_stop)) top = points, action = x;
    }
    if (k < n && sp->free_draw) {
        int r2 = sp->stock[k], points;
        if (free & sp->fit[r2])
            points = h_after(h, S, free, k + 1, r2, 0);
        else if (k + 1 < n) {
            long i = memo_find(&h->stuck, S | (u64)(k + 1) << 56, 0);
            points = i < 0 ? h_stuck(h, S, free, k + 1) : h->stuck.points[i];
        } else
            points = 0; /* blocked */
        if (h->stop) return 0;
        points -= h->draw_cost;
        if (points > top) top = points, action = H_DRAW;
    }
    if (memo_put(&h->memo, S | (u64)playable << 28 | (u64)k << 56, (uint32_t)run, top, action) < 0) h->stop = NO_MEMORY;
    return top;
}

static int h_after(Hogue *h, uint32_t S, uint32_t free, int k, int r, int run) {
    long i = memo_find(&h->memo, S | (u64)(free & h->sp->fit[r]) << 28 | (u64)k << 56, (uint32_t)run);
    return i < 0 ? h_best(h, S, free, k, r, run) : h->memo.points[i];
}

static int h_stuck(Hogue *h, uint32_t S, uint32_t free, int k) {
    const Space *sp = h->sp;
    h->count++;
    int r = sp->stock[k], points;
    if (free & sp->fit[r])
        points = h_after(h, S, free, k + 1, r, 0);
    else if (k + 1 < sp->n_stock) {
        long i = memo_find(&h->stuck, S | (u64)(k + 1) << 56, 0);
        points = i < 0 ? h_stuck(h, S, free, k + 1) : h->stuck.points[i];
    } else
        points = 0; /* blocked */
    if (h->stop) return 0;
    points -= h->draw_cost;
    if (points < 0 && h->may_stop) points = 0;
    if (memo_put(&h->stuck, S | (u64)k << 56, 0, points, 0) < 0) h->stop = NO_MEMORY;
    return points;
}

/* highest_score(space, removed, drawn, rank, run, card, runs, draw_cost, may_stop, peak masks, peak
 * bonuses, seconds) -> (points still to score, path, complete, nodes): a removal scores ``card``,
 * plus the run before it when ``runs`` (Hogue's scoring; the app's has no runs) */
static PyObject *py_highest_score(PyObject *self, PyObject *args) {
    PyObject *blob, *peaks_in, *bonus_in;
    long removed, peaks[3], bonus[3];
    int drawn, rank, run, card, runs, draw_cost, may_stop;
    double seconds;
    if (!PyArg_ParseTuple(args, "OliiiipipOOd", &blob, &removed, &drawn, &rank, &run, &card, &runs, &draw_cost,
                          &may_stop, &peaks_in, &bonus_in, &seconds))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (read_ints(peaks_in, peaks, 3, 3, "peak masks") < 0 || read_ints(bonus_in, bonus, 3, 3, "peak bonuses") < 0)
        return NULL;
    if (run < 0 || run > 255) {
        PyErr_SetString(PyExc_ValueError, "run: expected 0 to 255");
        return NULL;
    }
    Hogue *h = calloc(1, sizeof(Hogue));
    if (!h) return PyErr_NoMemory();
    if (memo_init(&h->memo, 12) < 0) {
        free(h);
        return PyErr_NoMemory();
    }
    if (memo_init(&h->stuck, 10) < 0) {
        memo_free(&h->memo);
        free(h);
        return PyErr_NoMemory();
    }
    h->sp = sp;
    h->removed0 = (uint32_t)removed;
    for (int p = 0; p < 3; p++) h->peaks[p] = (uint32_t)peaks[p], h->bonus[p] = (int)bonus[p];
    for (int x = 0; x < SLOTS; x++)
        for (int p = 0; p < 3; p++)
            if (h->peaks[p] >> x & 1) h->peak_of[x] = h->peaks[p];
    h->card = card;
    h->step = runs ? 1 : 0;
    if (!runs) run = 0;
    h->draw_cost = draw_cost;
    h->may_stop = may_stop;
    h->timed = seconds >= 0;
    if (h->timed) {
        clock_gettime(CLOCK_MONOTONIC, &h->deadline);
        h->deadline.tv_sec += (time_t)seconds;
        h->deadline.tv_nsec += (long)((seconds - (double)(time_t)seconds) * 1e9);
        if (h->deadline.tv_nsec >= 1000000000L) h->deadline.tv_sec += 1, h->deadline.tv_nsec -= 1000000000L;
    }
    uint32_t S = (uint32_t)removed, free0 = 0;
    for (int s = 0; s < SLOTS; s++)
        if (!(S >> s & 1) && (S & cover_mask[s]) == cover_mask[s]) free0 |= (uint32_t)1 << s;
    int total = 0, n = sp->n_stock, path[MAXPATH], plen = 0;
    if (S != FULL) {
        Py_BEGIN_ALLOW_THREADS
        total = free0 & sp->fit[rank] ? h_best(h, S, free0, drawn, rank, run) : drawn < n ? h_stuck(h, S, free0, drawn) : 0;
        Py_END_ALLOW_THREADS
    }
    h->nodes += h->count;
    PyObject *result = NULL;
    if (h->stop == NO_MEMORY) {
        PyErr_NoMemory();
        goto done;
    }
    if (h->stop == OUT_OF_TIME) {
        result = Py_BuildValue("(i[]Ol)", 0, Py_False, h->nodes);
        goto done;
    }
    uint32_t open = free0; /* walk the best actions from the start */
    int k = drawn, r = rank;
    while (S != FULL && plen < MAXPATH) {
        uint32_t playable = open & sp->fit[r];
        int action;
        if (playable) {
            long i = memo_find(&h->memo, S | (u64)playable << 28 | (u64)k << 56, (uint32_t)run);
            action = i < 0 ? H_NONE : h->memo.action[i];
        } else {
            long i = k < n ? memo_find(&h->stuck, S | (u64)k << 56, 0) : -1;
            action = k < n && ((i >= 0 && h->stuck.points[i] > 0) || !may_stop) ? H_DRAW : H_NONE;
        }
        if (action == H_NONE) break;
        path[plen++] = action >= 0 ? action : -1;
        if (action == H_DRAW) {
            r = sp->stock[k], k += 1, run = 0;
            continue;
        }
        S |= (uint32_t)1 << action;
        open ^= (uint32_t)1 << action;
        for (int u = 0; u < n_uncover[action]; u++)
            if ((S & uncover_mask[action][u]) == uncover_mask[action][u]) open |= uncover_bit[action][u];
        r = sp->ranks[action];
        run += h->step;
    }
    PyObject *steps = path_list(path, plen);
    if (steps) result = Py_BuildValue("(iNOl)", total, steps, Py_True, h->nodes);
done:
    memo_free(&h->memo);
    memo_free(&h->stuck);
    free(h);
    return result;
}

static PyMethodDef methods[] = {
    {"setup", py_setup, METH_VARARGS, "setup(cover_masks, play_checks_classic, play_checks_cycle): the layout's tables"},
    {"space", py_space, METH_VARARGS,
     "space(ranks, stock, fit, can_precede, wrap, free_draw, checks) -> the tables of one deal"},
    {"wins", py_wins, METH_VARARGS,
     "wins(space, removed, drawn, rank, first_only, limit, seconds) -> (draws or None, path, complete, nodes, "
     "(most cleared, its draws, its path), limit)"},
    {"verdicts", py_verdicts, METH_VARARGS,
     "verdicts(space, [(removed, drawn, rank), ...], seconds) -> [won, ...] or None when out of time"},
    {"most_cleared", py_most_cleared, METH_VARARGS,
     "most_cleared(space, removed, drawn, rank, most, (cleared, draws, path), seconds) -> (cleared, draws, path, "
     "complete, nodes)"},
    {"highest_score", py_highest_score, METH_VARARGS,
     "highest_score(space, removed, drawn, rank, run, card, runs, draw_cost, may_stop, peak_masks, peak_bonuses, "
     "seconds) -> (points, path, complete, nodes)"},
    {"longest_run", py_longest_run, METH_VARARGS,
     "longest_run(space, removed, drawn, rank, run, at_least, seconds) -> (longest, path, complete, nodes)"},
    {"most_of", py_most_of, METH_VARARGS,
     "most_of(space, removed, drawn, rank, mask, at_least, seconds) -> (most, path, complete, nodes)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_csearch",
                                    "The solver's searches in C, a second implementation of _search's and _score's (see its source).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__csearch(void) { return PyModule_Create(&module); }
