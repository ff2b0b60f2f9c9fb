/* The searches of _search.py (Search.wins and winning_actions' shared table, the line that leaves
 * one top, the most cards cleared, the goals' longest run and most cards of a kind) and _score.py
 * written a second time, in C, with its state in machine words: the removed set and the cards that
 * fit in bit masks, the rank counts packed 4 bits a rank in one 64-bit word (a rank has at most 4
 * cards), and the memo an open-addressing hash table. It walks the same moves in the same order
 * with the same cuts, so it meets the same positions and finds the same lines as the Python search,
 * which stays the reference: tests/test_solver_backends.py compares the two.
 *
 * Any layout (solver/_space.py's tables) of up to 50 slots: the search is compiled twice from
 * this one file, which includes itself once per width (WIDTH): 32-bit masks and 64-bit memo keys
 * where the keys fit, 64-bit masks and 128-bit keys for the rest. A memo key packs the removed
 * set, the cards that fit the discard << n and, where it counts, the draws << 2n (n the layout's
 * slots; draws below 64): 2n + 6 bits, so up to NARROW_SLOTS slots (Three Peaks' 28). Under free
 * draws only Hogue's highest score counts the draws in its keys: the other searches' keys take
 * 2n + 1 bits, up to NARROW_FREE_SLOTS (Four Peaks' 31), whose tables are then half the size.
 *
 * The Python side (solver/_backends.py) hands it one deal's tables once (space()), then runs
 * searches on them (wins(), verdicts()); the search holds the GIL released, touching no Python
 * object, so searches in several threads run at once. */

#ifndef WIDTH /* -- the parts shared by both widths, then the search at each width, then the module -- */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define NARROW_SLOTS 29      /* 2n + 6 bits in a 64-bit key */
#define NARROW_FREE_SLOTS 31 /* 2n + 1 bits in a 64-bit key: under free draws, the draws not in the key */
#define MOST_SLOTS 61   /* 2n + 6 bits in a 128-bit key (a layout has 50 at most) */
#define UNSEEN (1 << 30)
#define CHECK_EVERY 1024 /* nodes between looks at the clock */
#define MAXSTOCK 63
#define MAXPATH 160
#define UNSEEN_PAIR ((int32_t)((uint32_t)0x7fff << 16 | 0xffffu)) /* window: none passing (-1), none failing */
#define H_DRAW (-1)
#define H_NONE (-2)

typedef uint64_t u64;

/* ranks packed 4 bits a rank, rank q at bit 4q (rank 0, a joker or an empty discard, counts nothing) */
#define RANK_BIT(q) ((q) ? (u64)1 << (4 * (q)) : 0)
#define FIELD(packed, q) ((int)((packed) >> (4 * (q)) & 15))

/* -- the rule tables that depend on the rank line only, set once by setup() ------------------ */

typedef struct {
    int8_t first; /* 0: no check */
    int8_t n;
    int8_t dem[12], sup[12];
} PlayCheck;

static PlayCheck play_checks[2][14 * 14]; /* [wrap][discard rank * 14 + rank played] */
static int ready = 0;

enum { GOING = 0, FOUND = 1, OUT_OF_TIME = 2, NO_MEMORY = 3 };
enum { WINS = 0, MOST_CLEARED = 1, LONGEST_RUN = 2, MOST_OF = 3, ONE_LEFT = 4 }; /* which search a Ctx runs */

static int past(const struct timespec *deadline) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec || (now.tv_sec == deadline->tv_sec && now.tv_nsec > deadline->tv_nsec);
}

static void set_deadline(struct timespec *deadline, double seconds) {
    clock_gettime(CLOCK_MONOTONIC, deadline);
    deadline->tv_sec += (time_t)seconds;
    deadline->tv_nsec += (long)((seconds - (double)(time_t)seconds) * 1e9);
    if (deadline->tv_nsec >= 1000000000L) {
        deadline->tv_sec += 1;
        deadline->tv_nsec -= 1000000000L;
    }
}

/* The memory of large tables, kept for the next search: one block of each size (a power of two)
 * from 2^KEPT_FROM to 2^KEPT_TO bytes (64 KB to 8 MB: 16 MB kept at most), taken and given back
 * atomically, so that searches in several threads share them. A search that reuses a block finds
 * its pages mapped: a fresh block costs the system a fault and a cleared page per 4 KB, as much as
 * a third of a long search's time. So a block of 2 MB or more asks Linux for huge pages: one fault
 * per 2 MB, and one entry of the processor's page cache (TLB) for what took 512. */
#define KEPT_FROM 16
#define KEPT_TO 23
#define HUGE_PAGE ((size_t)1 << 21)
static void *kept[KEPT_TO + 1];

/* The size class of a block of ``size`` bytes: its power of two, or -1 when none is kept. */
static int kept_class(size_t size) {
    int c = 63 - __builtin_clzll((unsigned long long)size);
    return c >= KEPT_FROM && c <= KEPT_TO && ((size_t)1 << c) == size ? c : -1;
}

static void *kept_alloc(size_t size) {
    int c = kept_class(size);
    void *p = c < 0 ? NULL : __atomic_exchange_n(&kept[c], NULL, __ATOMIC_ACQ_REL);
    if (p) return p;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (size >= HUGE_PAGE) {
        p = aligned_alloc(HUGE_PAGE, size); /* a power of two: a whole number of huge pages */
        if (p) madvise(p, size, MADV_HUGEPAGE);
        return p;
    }
#endif
    return malloc(size);
}

static void kept_free(void *p, size_t size) {
    int c = kept_class(size);
    void *none = NULL;
    if (!p || c < 0 || !__atomic_compare_exchange_n(&kept[c], &none, p, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) free(p);
}

/* Whether a search has done the work it may: ``nodes`` searched of ``limit`` (-1: no bound). */
static inline int out_of_work(long nodes, long limit) { return limit >= 0 && nodes >= limit; }

/* Hall's condition on the rank line (or cycle): every run of demand ranks two apart has at least
 * as many possible predecessors (the ranks next to them) as cards (see Space.hall_ok). All the runs'
 * starts at once: rank q's count in an 8-bit lane q of 128 bits, each lane holding 128 plus the
 * spare predecessors of the run from q, a run falling short where its lane's top bit clears. */
typedef unsigned __int128 u128;
#define RANK_LANES (((u128)1 << 112) - ((u128)1 << 8)) /* the lanes of ranks 1 to 13, every bit */
#define LANE_ONES (RANK_LANES / 255)                   /* 1 in each of those lanes */

/* 4-bit rank counts to 8-bit lanes */
static inline u128 lanes(u64 packed) {
    u64 lo = (uint32_t)packed, hi = packed >> 32;
    lo = (lo | lo << 16) & 0x0000FFFF0000FFFFull;
    lo = (lo | lo << 8) & 0x00FF00FF00FF00FFull;
    lo = (lo | lo << 4) & 0x0F0F0F0F0F0F0F0Full;
    hi = (hi | hi << 16) & 0x0000FFFF0000FFFFull;
    hi = (hi | hi << 8) & 0x00FF00FF00FF00FFull;
    hi = (hi | hi << 4) & 0x0F0F0F0F0F0F0F0Full;
    return (u128)hi << 64 | lo;
}

/* lane q takes lane q + s (0 < s < 13); on the rank cycle from 13 round to 1 */
static inline u128 ahead(u128 v, int s, int wrap) {
    return wrap ? ((v >> 8 * s) | (v << 8 * (13 - s))) & RANK_LANES : v >> 8 * s;
}

static int hall_ok(int wrap, u64 left, u64 supply, int allowance) {
    u128 D = lanes(left) & RANK_LANES, S = lanes(supply) & RANK_LANES;
    u128 starts = ((D | D << 1 | D << 2 | D << 3) & LANE_ONES << 3) << 4; /* top bits: ranks with cards */
    u128 spare = LANE_ONES * (u128)(128 + allowance) + (wrap ? ahead(S, 12, 1) : (S << 8) & RANK_LANES);
    int longest = wrap ? 6 : 7; /* on the cycle, runs of up to six suffice (see Space.hall_ok) */
    for (int length = 0; length < longest; length++) {
        spare += ahead(S, 2 * length + 1, wrap);
        spare -= length ? ahead(D, 2 * length, wrap) : D;
        if (~spare & starts) return 0;
    }
    return 1;
}

static int read_ints(PyObject *seq, long long *out, Py_ssize_t want, Py_ssize_t most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if ((want >= 0 && n != want) || n > most) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd numbers, got %zd", what, want >= 0 ? want : most, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
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

#define W__(name, width) name##_##width
#define W_(name, width) W__(name, width)
#define W(name) W_(name, WIDTH) /* a name of the search at this width: plays_32, plays_64 */

#define WIDTH 32
#include "_csearch.c" /* this file again (found beside itself), at this width */
#undef WIDTH
#define WIDTH 64
#include "_csearch.c" /* this file again (found beside itself), at this width */
#undef WIDTH

/* -- the module: each function runs the search at the width its tables were made for ------------ */

static PyObject *py_setup(PyObject *self, PyObject *args) {
    PyObject *classic, *cycle;
    if (!PyArg_ParseTuple(args, "OO", &classic, &cycle)) return NULL;
    if (read_play_checks(classic, play_checks[0]) < 0 || read_play_checks(cycle, play_checks[1]) < 0) return NULL;
    ready = 1;
    Py_RETURN_NONE;
}

/* space(cover_masks, ..., free_draw, checks[, draws_in_keys]): the narrow search's tables where its
 * keys fit (see the top of the file; ``draws_in_keys`` for Hogue's highest score), else the wide one's */
static PyObject *py_space(PyObject *self, PyObject *args) {
    Py_ssize_t given = PyTuple_Size(args);
    PyObject *covering = given > 0 ? PyTuple_GetItem(args, 0) : NULL;
    Py_ssize_t n = covering ? PySequence_Size(covering) : -1;
    if (n < 0) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "space: expected the layout's cover masks first");
        return NULL;
    }
    int free_draw = given > 6 ? PyObject_IsTrue(PyTuple_GetItem(args, 6)) : 0;
    int draws_in_keys = given > 8 ? PyObject_IsTrue(PyTuple_GetItem(args, 8)) : 0;
    if (free_draw < 0 || draws_in_keys < 0) return NULL;
    int narrow = n <= NARROW_SLOTS || (n <= NARROW_FREE_SLOTS && free_draw && !draws_in_keys);
    return narrow ? py_space_32(self, args) : py_space_64(self, args);
}

/* The width of the search the tables passed first were made for: 32 or 64; -1 (an error set) for none. */
static int width_of(PyObject *args) {
    PyObject *blob = PyTuple_Size(args) > 0 ? PyTuple_GetItem(args, 0) : NULL;
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "setup() has not been called");
        return -1;
    }
    if (!blob || !PyBytes_Check(blob) || PyBytes_GET_SIZE(blob) < (Py_ssize_t)sizeof(int)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "expected the tables space() made");
        return -1;
    }
    int width;
    memcpy(&width, PyBytes_AS_STRING(blob), sizeof(int));
    return width;
}

#define AT_WIDTH(name)                                                                                                \
    static PyObject *name(PyObject *self, PyObject *args) {                                                           \
        int width = width_of(args);                                                                                   \
        return width < 0 ? NULL : width == 32 ? name##_32(self, args) : name##_64(self, args);                        \
    }
AT_WIDTH(py_wins)
AT_WIDTH(py_verdicts)
AT_WIDTH(py_most_cleared)
AT_WIDTH(py_highest_score)
AT_WIDTH(py_longest_run)
AT_WIDTH(py_most_of)
AT_WIDTH(py_one_left)

static PyMethodDef methods[] = {
    {"setup", py_setup, METH_VARARGS, "setup(play_checks_classic, play_checks_cycle): the rank lines' tables"},
    {"space", py_space, METH_VARARGS,
     "space(cover_masks, ranks, stock, fit, can_precede, wrap, free_draw, checks) -> the tables of one deal on a "
     "layout (cover_masks: for each slot, the slots covering it)"},
    {"wins", py_wins, METH_VARARGS,
     "wins(space, removed, drawn, rank, first_only, limit, seconds, nodes) -> (draws or None, path, complete, nodes, "
     "(most cleared, its draws, its path), limit)"},
    {"verdicts", py_verdicts, METH_VARARGS,
     "verdicts(space, [(removed, drawn, rank), ...], seconds) -> [won, ...] or None when out of time"},
    {"most_cleared", py_most_cleared, METH_VARARGS,
     "most_cleared(space, removed, drawn, rank, most, (cleared, draws, path), seconds, nodes) -> (cleared, draws, path, "
     "complete, nodes)"},
    {"highest_score", py_highest_score, METH_VARARGS,
     "highest_score(space, removed, drawn, rank, run, card, runs, draw_cost, may_stop, peak_masks, peak_bonuses, "
     "seconds, nodes) -> (points, path, complete, nodes)"},
    {"longest_run", py_longest_run, METH_VARARGS,
     "longest_run(space, removed, drawn, rank, run, at_least, seconds, nodes) -> (longest, path, complete, nodes)"},
    {"one_left", py_one_left, METH_VARARGS,
     "one_left(space, removed, drawn, rank, tops, seconds, nodes) -> (draws or None, path, complete, nodes): the "
     "fewest-draw line that clears every card but one of the tops, from a position that can't be won"},
    {"most_of", py_most_of, METH_VARARGS,
     "most_of(space, removed, drawn, rank, mask, at_least, seconds, nodes) -> (most, path, complete, nodes)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_csearch",
                                    "The solver's searches in C, a second implementation of _search's and _score's (see its source).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__csearch(void) { return PyModule_Create(&module); }

#else /* -- the search at one width: WIDTH-bit masks -------------------------------------------- */

#if WIDTH == 32
#define MASK uint32_t
#define KEY uint64_t
#define MAXSLOTS NARROW_FREE_SLOTS
#define CTZ __builtin_ctz
#define POPCOUNT __builtin_popcount
#define FOLD(key) (key)
#else
#define MASK uint64_t
#define KEY unsigned __int128
#define MAXSLOTS MOST_SLOTS
#define CTZ __builtin_ctzll
#define POPCOUNT __builtin_popcountll
#define FOLD(key) ((u64)(key) ^ (u64)((key) >> 64) * 0xC2B2AE3D27D4EB4Full)
#endif
#define EMPTY ((KEY) ~(KEY)0) /* no real key has every bit set */
#define Space W(Space)
#define Table W(Table)
#define table_init W(table_init)
#define table_free W(table_free)
#define table_clear W(table_clear)
#define slot_of W(slot_of)
#define table_get W(table_get)
#define table_place W(table_place)
#define Ctx W(Ctx)
#define set_nostock W(set_nostock)
#define uncovered W(uncovered)
#define plays W(plays)
#define mc_plays W(mc_plays)
#define lr_started W(lr_started)
#define mo_plays W(mo_plays)
#define win W(win)
#define reach W(reach)
#define draws W(draws)
#define draw_one W(draw_one)
#define nostock_for W(nostock_for)
#define within W(within)
#define hopeless W(hopeless)
#define mc_draws W(mc_draws)
#define tick W(tick)
#define window_of W(window_of)
#define DrawMoves W(DrawMoves)
#define draws_from W(draws_from)
#define draw_next W(draw_next)
#define freed W(freed)
#define lr_chain W(lr_chain)
#define lr_line W(lr_line)
#define lr_draws W(lr_draws)
#define lr_plays W(lr_plays)
#define mo_hopeless W(mo_hopeless)
#define mo_draws W(mo_draws)
#define play_ok W(play_ok)
#define ol_stuck W(ol_stuck)
#define ol_plays W(ol_plays)
#define ol_draws W(ol_draws)
#define py_one_left W(py_one_left)
#define ctx_init W(ctx_init)
#define new_ctx W(new_ctx)
#define run W(run)
#define table_forget W(table_forget)
#define forget_line W(forget_line)
#define space_of W(space_of)
#define check_position W(check_position)
#define py_space W(py_space)
#define py_wins W(py_wins)
#define py_verdicts W(py_verdicts)
#define py_most_cleared W(py_most_cleared)
#define py_longest_run W(py_longest_run)
#define py_most_of W(py_most_of)
#define Memo W(Memo)
#define memo_init W(memo_init)
#define memo_free W(memo_free)
#define memo_slot W(memo_slot)
#define memo_find W(memo_find)
#define memo_put W(memo_put)
#define Hogue W(Hogue)
#define h_stuck W(h_stuck)
#define h_after W(h_after)
#define h_best W(h_best)
#define py_highest_score W(py_highest_score)

/* -- one deal on one layout under one rule set: what Space holds ------------------------------ */

typedef struct {
    int width;                   /* WIDTH: the search that takes these tables */
    int n, n2;                   /* the layout's slots, and twice that: where a memo key's fields start */
    MASK full;                   /* every slot */
    KEY chain;                   /* memo key tag for "the draws from this removed set" (bit 2n: no draws there) */
    MASK cover_mask[MAXSLOTS];   /* for each slot: the slots covering it */
    MASK covers[MAXSLOTS];       /* for each slot: the slots it covers */
    int8_t n_uncover[MAXSLOTS];  /* for each slot: how many it covers, and which (uncover) */
    int8_t uncover[MAXSLOTS][MAXSLOTS];
    MASK above[MAXSLOTS];        /* the cards each card keeps covered, all the way up */
    int n_stock, wrap, free_draw, checks;
    int draws_in_keys; /* made for Hogue's highest score, whose keys count the draws (see py_space) */
    int8_t ranks[MAXSLOTS];
    int8_t stock[MAXSTOCK];
    MASK fit[14];
    MASK can_precede[MAXSLOTS];
    MASK succ[MAXSLOTS]; /* for a card y: the cards y could precede */
    u64 prefix[MAXSTOCK + 1];
    int8_t firsts_n[MAXSTOCK + 1];
    int8_t firsts_j[MAXSTOCK + 1][14], firsts_r[MAXSTOCK + 1][14];
} Space;

/* -- a hash table of keys (KEY) to int values; a value of UNSEEN is no entry --------------------- */

typedef struct {
    KEY *keys;
    int32_t *vals;
    size_t mask, used;
    int bits;
} Table;

static int table_init(Table *t, int bits) {
    size_t cap = (size_t)1 << bits;
    t->keys = kept_alloc(cap * sizeof(KEY));
    t->vals = kept_alloc(cap * sizeof(int32_t));
    if (!t->keys || !t->vals) {
        kept_free(t->keys, cap * sizeof(KEY));
        kept_free(t->vals, cap * sizeof(int32_t));
        t->keys = NULL;
        t->vals = NULL;
        return -1;
    }
    memset(t->keys, 0xff, cap * sizeof(KEY));
    t->mask = cap - 1;
    t->used = 0;
    t->bits = bits;
    return 0;
}

static void table_free(Table *t) {
    kept_free(t->keys, (t->mask + 1) * sizeof(KEY));
    kept_free(t->vals, (t->mask + 1) * sizeof(int32_t));
    t->keys = NULL;
    t->vals = NULL;
}

static void table_clear(Table *t) {
    memset(t->keys, 0xff, (t->mask + 1) * sizeof(KEY));
    t->used = 0;
}

static inline size_t slot_of(const Table *t, KEY key) {
    return (size_t)((FOLD(key) * 0x9E3779B97F4A7C15ull) >> (64 - t->bits));
}

static inline int32_t table_get(const Table *t, KEY key) {
    size_t i = slot_of(t, key);
    for (;;) {
        KEY k = t->keys[i];
        if (k == key) return t->vals[i];
        if (k == EMPTY) return UNSEEN;
        i = (i + 1) & t->mask;
    }
}

/* The value's place, the key entered (with UNSEEN) when it is not there; NULL when out of memory. */
static int32_t *table_place(Table *t, KEY key) {
    size_t i = slot_of(t, key);
    for (;;) {
        KEY k = t->keys[i];
        if (k == key) return &t->vals[i];
        if (k == EMPTY) break;
        i = (i + 1) & t->mask;
    }
    if (5 * (t->used + 1) > 3 * (t->mask + 1)) { /* over 60% full: four times as large (each move a copy of all) */
        Table bigger;
        if (table_init(&bigger, t->bits + 2) < 0) return NULL;
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

typedef struct {
    const Space *sp;
    const PlayCheck *pc;
    Table *seen;
    Table window; /* the draws' Hall check per multiset of cards left: latest j passing, earliest failing */
    MASK removed0, free0;
    int k0, rank0, lim, first_only, exact;
    MASK nostock[MAXSTOCK + 1];
    int path[MAXPATH], plen;
    int found, best_draws, best_path[MAXPATH], best_len;
    int most_c, most_k, most_path[MAXPATH], most_len;
    long count, nodes, node_limit; /* node_limit: stop once this many are searched; -1: no bound */
    struct timespec deadline;
    int timed, stop;
    int mode;                                    /* WINS, MOST_CLEARED, LONGEST_RUN or MOST_OF */
    int most_left;                               /* the most-cleared search: a bound on the cards cleared */
    int goal;                                    /* the goals' searches: stop at this value */
    MASK mask;                               /* MOST_OF: the cards that count; ONE_LEFT: the tops */
    Table chains;                                /* LONGEST_RUN: the longest chain of plays, by position */
    MASK nost[MAXSTOCK + 2][MAXSTOCK + 1];   /* nostock by draw limit (+1: the limit -1 too) */
    int8_t nost_ready[MAXSTOCK + 2];
} Ctx;

static void set_nostock(Ctx *c, int limit) {
    const Space *sp = c->sp;
    MASK reach = 0;
    for (int k = 0; k <= sp->n_stock; k++) c->nostock[k] = sp->full;
    for (int k = (limit < sp->n_stock ? limit : sp->n_stock) - 1; k >= 0; k--) {
        reach |= sp->fit[sp->stock[k]];
        c->nostock[k] = sp->full & ~reach;
    }
}

/* The cards the play of x frees once the removed set is S2, of those in ``keep``: those it was the last to cover. */
static inline MASK uncovered(const Space *sp, MASK S2, int x, MASK keep) {
    MASK f = 0;
    for (int i = 0; i < sp->n_uncover[x]; i++) {
        int y = sp->uncover[x][i];
        if ((S2 & sp->cover_mask[y]) == sp->cover_mask[y]) f |= (MASK)1 << y;
    }
    return f & keep;
}

static void plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans);
static void mc_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans);
static void lr_started(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans);
static void mo_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans);
static void ol_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans, MASK alive);
static void ol_draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans, MASK alive);

/* A node searched: counts it, and looks at the clock now and then; nonzero when out of time. */
static int tick(Ctx *c) {
    if (++c->count >= CHECK_EVERY) {
        c->nodes += c->count;
        c->count = 0;
        if (out_of_work(c->nodes, c->node_limit) || (c->timed && past(&c->deadline))) {
            c->stop = OUT_OF_TIME;
            return 1;
        }
    }
    return 0;
}

/* The rank counts of the stock to come, from k drawn to the limit. */
static inline u64 window_of(const Ctx *c, int k) {
    return k < c->lim ? c->sp->prefix[c->lim] - c->sp->prefix[k] : 0;
}

/* The draw moves from a removed set S reached with k drawn (Search._draw_moves): to the next card of
 * each rank, no further than the limit, from the fewest draws this set was reached with. draws_from
 * starts them (0: none, the set met before with as few draws, or out of memory); draw_next gives
 * each not met before in turn, marked met (0: no more, or out of memory). */
typedef struct {
    MASK S, free;
    int k, i, done;
} DrawMoves;

static inline int draws_from(Ctx *c, DrawMoves *d, MASK S, MASK free, int k) {
    int32_t *slot = table_place(c->seen, S | c->sp->chain);
    if (!slot) {
        c->stop = NO_MEMORY;
        return 0;
    }
    if (*slot <= k) return 0;
    d->done = *slot;
    *slot = k;
    d->S = S, d->free = free, d->k = k, d->i = 0;
    return 1;
}

static inline int draw_next(Ctx *c, DrawMoves *d, int *j, int *rho, MASK *playable) {
    const Space *sp = c->sp;
    while (d->i < sp->firsts_n[d->k]) {
        *j = sp->firsts_j[d->k][d->i], *rho = sp->firsts_r[d->k][d->i];
        d->i++;
        if (*j >= d->done || *j >= c->lim) return 0;
        *playable = d->free & sp->fit[*rho];
        if (!*playable) continue;
        int32_t *entry = table_place(c->seen, d->S | (KEY)*playable << sp->n);
        if (!entry) {
            c->stop = NO_MEMORY;
            return 0;
        }
        if (*entry <= *j + 1) continue;
        *entry = *j + 1;
        return 1;
    }
    return 0;
}

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
        *known = (int32_t)((MASK)(uint16_t)fail << 16 | (uint16_t)j);
        return 1;
    }
    *known = (int32_t)((MASK)(uint16_t)j << 16 | (uint16_t)pass);
    return 0;
}

static void draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans) {
    DrawMoves d;
    int j, rho;
    MASK playable;
    if (!draws_from(c, &d, S, free, k)) return;
    while (draw_next(c, &d, &j, &rho, &playable)) {
        if (c->sp->checks) {
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
static void draw_one(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans) {
    const Space *sp = c->sp;
    if (k >= c->lim) return;
    int rho = sp->stock[k];
    int32_t *entry = table_place(c->seen, S | (KEY)(free & sp->fit[rho]) << sp->n | (KEY)(k + 1) << sp->n2);
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

/* Hall's condition after a play onto rank r, on the runs of demand ranks next to r (the only ones
 * that can newly fail): ``left`` the cards left, ``supply`` their possible predecessors. */
static inline int play_ok(const PlayCheck *pc, int r, u64 left, u64 supply) {
    int slack = FIELD(supply, r) - FIELD(left, pc->first);
    if (slack >= 0) return 1;
    for (int i = 0; i < pc->n; i++) {
        if (pc->dem[i]) slack -= FIELD(left, pc->dem[i]);
        if (pc->sup[i]) slack += FIELD(supply, pc->sup[i]);
        if (slack < 0) break;
    }
    return slack >= 0;
}

static void plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans) {
    const Space *sp = c->sp;
    MASK m = free & sp->fit[r];
    u64 window = window_of(c, k);
    KEY tag = c->exact ? (KEY)k << sp->n2 : 0;
    while (m) {
        if (k > c->lim) return;
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b;
        int x = CTZ(b), rx = sp->ranks[x];
        if (S2 == sp->full) {
            c->path[c->plen++] = x;
            win(c, k);
            c->plen--;
            return;
        }
        MASK f2 = free ^ b;
        f2 |= uncovered(sp, S2, x, ~c->removed0);
        int32_t *entry = table_place(c->seen, S2 | (KEY)(f2 & sp->fit[rx]) << sp->n | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        u64 left2 = left - RANK_BIT(rx);
        MASK orphans2 = orphans;
        if (sp->checks) {
            /* Hall's condition: only the runs of demand ranks next to the old discard's rank can fail */
            const PlayCheck *pc = &c->pc[r * 14 + rx];
            if (pc->first && !play_ok(pc, r, left2, left2 + window + RANK_BIT(rx))) continue;
            /* a card left with no possible predecessor at all */
            MASK rest = ~S2 & sp->full;
            for (MASK s = sp->succ[x] & rest; s; s &= s - 1) {
                int y = CTZ(s);
                if (!(sp->can_precede[y] & rest)) orphans2 |= (MASK)1 << y;
            }
            if (orphans2 & rest & c->nostock[k] & ~(f2 & sp->fit[rx])) continue;
        }
        if (tick(c)) return;
        if (!c->found) { /* remember the most cards cleared, in case there is no win */
            int cleared = POPCOUNT(S2);
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

static const MASK *nostock_for(Ctx *c, int limit) {
    int i = limit + 1; /* limits from -1 */
    if (!c->nost_ready[i]) {
        const Space *sp = c->sp;
        MASK reach = 0;
        for (int k = 0; k <= sp->n_stock; k++) c->nost[i][k] = sp->full;
        for (int k = (limit < sp->n_stock ? limit : sp->n_stock) - 1; k >= 0; k--) {
            reach |= sp->fit[sp->stock[k]];
            c->nost[i][k] = sp->full & ~reach;
        }
        c->nost_ready[i] = 1;
    }
    return c->nost[i];
}

/* Whether a line from here drawing no further than ``limit`` may leave as few as ``allowed`` peak
 * cards unplayed, as far as the predecessor checks can tell. */
static int within(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans, int limit, int allowed) {
    const Space *sp = c->sp;
    u64 window = k < limit ? sp->prefix[limit] - sp->prefix[k] : 0;
    if (!hall_ok(sp->wrap, left, left + window + RANK_BIT(r), allowed)) return 0;
    MASK rest = ~S & sp->full, stuck = orphans & rest & nostock_for(c, limit)[k] & ~(free & sp->fit[r]), lost = 0;
    if (!stuck) return 1;
    for (; stuck; stuck &= stuck - 1) {
        int y = CTZ(stuck);
        lost |= ((MASK)1 << y) | (sp->above[y] & rest); /* and every card it keeps covered */
    }
    return POPCOUNT(lost) <= allowed;
}

/* Can a line from here beat the best: more cards, or as many with fewer draws? */
static int hopeless(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans) {
    const Space *sp = c->sp;
    int cleared = c->most_c, drawn = c->most_k;
    if (!sp->checks) return cleared >= c->most_left && k >= drawn;
    if (cleared < c->most_left && within(c, S, free, k, r, left, orphans, sp->n_stock, sp->n - cleared - 1))
        return 0;
    return k >= drawn || !within(c, S, free, k, r, left, orphans, drawn - 1, sp->n - cleared);
}

static void mc_draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans) {
    DrawMoves d;
    int j, rho;
    MASK playable;
    if (!draws_from(c, &d, S, free, k)) return;
    while (draw_next(c, &d, &j, &rho, &playable)) {
        if (hopeless(c, S, free, j + 1, rho, left, orphans)) continue;
        c->path[c->plen++] = -(j + 1 - k);
        mc_plays(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

static void mc_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans) {
    const Space *sp = c->sp;
    MASK m = free & sp->fit[r];
    KEY tag = c->exact ? (KEY)k << sp->n2 : 0;
    while (m) {
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b;
        int x = CTZ(b), rx = sp->ranks[x];
        MASK f2 = free ^ b;
        f2 |= uncovered(sp, S2, x, ~c->removed0);
        int32_t *entry = table_place(c->seen, S2 | (KEY)(f2 & sp->fit[rx]) << sp->n | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        u64 left2 = left - RANK_BIT(rx);
        int cleared = POPCOUNT(S2);
        if (cleared > c->most_c || (cleared == c->most_c && k < c->most_k)) {
            c->most_c = cleared;
            c->most_k = k;
            memcpy(c->most_path, c->path, c->plen * sizeof(int));
            c->most_path[c->plen] = x;
            c->most_len = c->plen + 1;
        }
        MASK orphans2 = orphans, rest = ~S2 & sp->full;
        for (MASK s = sp->succ[x] & rest; s; s &= s - 1) {
            int y = CTZ(s);
            if (!(sp->can_precede[y] & rest)) orphans2 |= (MASK)1 << y;
        }
        if (hopeless(c, S2, f2, k, rx, left2, orphans2)) continue;
        if (tick(c)) return;
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

/* -- a lost position's best line that leaves one top (Search.one_left): the searches without each
 * top in one, ``alive`` the tops that may still be the card left -------------------------------- */

/* Whether, without the top t, a card left has no possible predecessor. */
static int ol_stuck(const Ctx *c, int t, MASK S, MASK orphans, int k, MASK playable) {
    const Space *sp = c->sp;
    MASK rest = ~S & ~((MASK)1 << t) & sp->full, open = rest & c->nostock[k] & ~playable;
    if (orphans & open) return 1;
    for (MASK s = sp->succ[t] & open; s; s &= s - 1) /* t was perhaps the last predecessor of some */
        if (!(sp->can_precede[CTZ(s)] & rest)) return 1;
    return 0;
}

static void ol_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans, MASK alive) {
    const Space *sp = c->sp;
    MASK m = free & sp->fit[r];
    u64 window = window_of(c, k);
    while (m) {
        if (k > c->lim) return;
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b, rest = sp->full & ~S2;
        int x = CTZ(b), rx = sp->ranks[x];
        if (!(rest & (rest - 1)) && !(rest & ~alive)) { /* one top left */
            c->path[c->plen++] = x;
            win(c, k);
            c->plen--;
            return;
        }
        MASK f2 = free ^ b;
        f2 |= uncovered(sp, S2, x, ~c->removed0);
        MASK playable = f2 & sp->fit[rx];
        int32_t *entry = table_place(c->seen, S2 | (KEY)playable << sp->n);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        u64 left2 = left - RANK_BIT(rx);
        MASK orphans2 = orphans, alive2 = alive & ~b;
        if (sp->checks) {
            for (MASK s = sp->succ[x] & rest; s; s &= s - 1) {
                int y = CTZ(s);
                if (!(sp->can_precede[y] & rest)) orphans2 |= (MASK)1 << y;
            }
            const PlayCheck *pc = &c->pc[r * 14 + rx];
            for (MASK a = alive2; a; a &= a - 1) { /* which tops may still be left, by the checks without each */
                int t = CTZ(a);
                u64 left_t = left2 - RANK_BIT(sp->ranks[t]);
                if ((pc->first && !play_ok(pc, r, left_t, left_t + window + RANK_BIT(rx))) ||
                    ol_stuck(c, t, S2, orphans2, k, playable))
                    alive2 ^= (MASK)1 << t;
            }
            if (!alive2) continue;
        }
        if (tick(c)) return;
        c->path[c->plen++] = x;
        ol_plays(c, S2, f2, k, rx, left2, orphans2, alive2);
        if (c->stop) return;
        ol_draws(c, S2, f2, k, left2, orphans2, alive2);
        if (c->stop) return;
        c->plen--;
    }
}

static void ol_draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans, MASK alive) {
    DrawMoves d;
    int j, rho;
    MASK playable;
    if (!draws_from(c, &d, S, free, k)) return;
    while (draw_next(c, &d, &j, &rho, &playable)) {
        MASK now = alive;
        if (c->sp->checks) {
            for (MASK a = alive; a; a &= a - 1) {
                int t = CTZ(a);
                MASK tb = (MASK)1 << t;
                if (!reach(c, left - RANK_BIT(c->sp->ranks[t]), j)) {
                    alive ^= tb; /* fewer stock cards still to come: dead further on too */
                    now &= ~tb;
                } else if (ol_stuck(c, t, S, orphans, j + 1, playable))
                    now &= ~tb;
                if (c->stop) return;
            }
            if (!alive) break;
            if (!now) continue;
        }
        c->path[c->plen++] = -(j + 1 - k);
        ol_plays(c, S, free, j + 1, rho, left, orphans, now);
        if (c->stop) return;
        c->plen--;
    }
}

/* -- the goals' searches: the longest run without a draw (Search.longest_run), the most cards of a
 * kind cleared (Search.most_of) --------------------------------------------------------------- */

/* The cards a play frees: those it was the last to cover. */
static inline MASK freed(const Ctx *c, MASK S2, MASK free, int x) {
    return (free ^ ((MASK)1 << x)) | uncovered(c->sp, S2, x, ~c->removed0);
}

/* The longest chain of plays from here, memoised on the removed set and the cards that fit. */
static int lr_chain(Ctx *c, MASK S, MASK free, int r) {
    const Space *sp = c->sp;
    MASK m = free & sp->fit[r];
    KEY key = S | (KEY)m << sp->n;
    int32_t known = table_get(&c->chains, key);
    if (known != UNSEEN) return known >> 8;
    if (tick(c)) return 0;
    int top = 0, first = -1, most = sp->n - POPCOUNT(S); /* no chain is longer than the cards left */
    while (m) {
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b;
        int x = CTZ(b), rx = sp->ranks[x];
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
static void lr_line(Ctx *c, MASK S, MASK free, int r) {
    const Space *sp = c->sp;
    memcpy(c->most_path, c->path, c->plen * sizeof(int));
    c->most_len = c->plen;
    int step = table_get(&c->chains, S | (KEY)(free & sp->fit[r]) << sp->n) & 255;
    while (step && c->most_len < MAXPATH) {
        int x = step - 1;
        c->most_path[c->most_len++] = x;
        S |= (MASK)1 << x;
        free = freed(c, S, free, x);
        r = sp->ranks[x];
        step = table_get(&c->chains, S | (KEY)(free & sp->fit[r]) << sp->n) & 255;
    }
}

static void lr_draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans);

static void lr_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans) {
    const Space *sp = c->sp;
    MASK m = free & sp->fit[r];
    KEY tag = c->exact ? (KEY)k << sp->n2 : 0;
    while (m) {
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b;
        if (sp->n - POPCOUNT(S2) <= c->most_c) continue; /* too few cards left to start a longer run */
        int x = CTZ(b), rx = sp->ranks[x];
        MASK f2 = freed(c, S2, free, x);
        int32_t *entry = table_place(c->seen, S2 | (KEY)(f2 & sp->fit[rx]) << sp->n | tag);
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
static void lr_started(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans) {
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

static void lr_draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans) {
    DrawMoves d;
    int j, rho;
    MASK playable;
    if (!draws_from(c, &d, S, free, k)) return;
    while (draw_next(c, &d, &j, &rho, &playable)) {
        if (c->sp->n - POPCOUNT(S) <= c->most_c) break;
        c->path[c->plen++] = -(j + 1 - k);
        lr_started(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

/* MOST_OF: whether no line from here can clear more cards of the mask than the best: those left
 * that can never be played (no card left could precede them, no stock card to come fits them, and
 * they do not fit now), and every card they keep covered, are out of reach. */
static int mo_hopeless(Ctx *c, MASK S, MASK free, int k, int r, MASK orphans) {
    const Space *sp = c->sp;
    MASK rest = c->mask & ~S;
    if (sp->checks)
        for (MASK stuck = orphans & ~S & sp->full & c->nostock[k] & ~(free & sp->fit[r]); stuck; stuck &= stuck - 1) {
            int y = CTZ(stuck);
            rest &= ~(((MASK)1 << y) | sp->above[y]);
        }
    return POPCOUNT(S & c->mask) + POPCOUNT(rest) <= c->most_c;
}

static void mo_draws(Ctx *c, MASK S, MASK free, int k, u64 left, MASK orphans) {
    DrawMoves d;
    int j, rho;
    MASK playable;
    if (!draws_from(c, &d, S, free, k)) return;
    while (draw_next(c, &d, &j, &rho, &playable)) {
        if (mo_hopeless(c, S, free, j + 1, rho, orphans)) continue;
        c->path[c->plen++] = -(j + 1 - k);
        mo_plays(c, S, free, j + 1, rho, left, orphans);
        if (c->stop) return;
        c->plen--;
    }
}

static void mo_plays(Ctx *c, MASK S, MASK free, int k, int r, u64 left, MASK orphans) {
    const Space *sp = c->sp;
    MASK m = free & sp->fit[r];
    KEY tag = c->exact ? (KEY)k << sp->n2 : 0;
    while (m) {
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b;
        int x = CTZ(b), rx = sp->ranks[x];
        MASK f2 = freed(c, S2, free, x);
        int32_t *entry = table_place(c->seen, S2 | (KEY)(f2 & sp->fit[rx]) << sp->n | tag);
        if (!entry) {
            c->stop = NO_MEMORY;
            return;
        }
        if (*entry <= k) continue;
        *entry = k;
        int cleared = POPCOUNT(S2 & c->mask);
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
        MASK orphans2 = orphans;
        if (sp->checks) {
            MASK rest = ~S2 & sp->full;
            for (MASK s = sp->succ[x] & rest; s; s &= s - 1) {
                int y = CTZ(s);
                if (!(sp->can_precede[y] & rest)) orphans2 |= (MASK)1 << y;
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
static int ctx_init(Ctx *c, const Space *sp, Table *seen, MASK removed, int drawn, int rank, int first_only,
                    int limit, double seconds, long nodes) {
    memset(c, 0, sizeof(Ctx));
    c->node_limit = nodes;
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
    c->most_c = POPCOUNT(removed);
    c->most_k = drawn;
    for (int s = 0; s < sp->n; s++)
        if (!(removed >> s & 1) && (removed & sp->cover_mask[s]) == sp->cover_mask[s]) c->free0 |= (MASK)1 << s;
    c->timed = seconds >= 0;
    if (c->timed) set_deadline(&c->deadline, seconds);
    return 0;
}

/* A search's context, with its table of positions seen made beside it: NULL, with MemoryError set
 * and nothing left allocated, when memory runs out. */
static Ctx *new_ctx(const Space *sp, Table *seen, MASK removed, int drawn, int rank, int first_only, int limit,
                    double seconds, long nodes) {
    Ctx *c = malloc(sizeof(Ctx));
    if (!c || table_init(seen, 12) < 0) {
        free(c);
        PyErr_NoMemory();
        return NULL;
    }
    if (ctx_init(c, sp, seen, removed, drawn, rank, first_only, limit, seconds, nodes) < 0) {
        table_free(seen);
        free(c);
        PyErr_NoMemory();
        return NULL;
    }
    return c;
}

static void run(Ctx *c) {
    const Space *sp = c->sp;
    MASK S0 = c->removed0, f0 = c->free0;
    int k0 = c->k0, r0 = c->rank0;
    if (S0 == sp->full) {
        c->found = 1;
        c->best_draws = 0;
        c->best_len = 0;
        return;
    }
    u64 left0 = 0;
    MASK orphans0 = 0;
    for (int s = 0; s < sp->n; s++) {
        if (S0 >> s & 1) continue;
        left0 += RANK_BIT(sp->ranks[s]);
        if (!(sp->can_precede[s] & ~S0)) orphans0 |= (MASK)1 << s;
    }
    int32_t *entry = table_place(c->seen, S0 | (KEY)(f0 & sp->fit[r0]) << sp->n | (c->exact ? (KEY)k0 << sp->n2 : 0));
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
    else if (c->mode == ONE_LEFT)
        ol_plays(c, S0, f0, k0, r0, left0, orphans0, c->mask);
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
    else if (c->mode == ONE_LEFT)
        ol_draws(c, S0, f0, k0, left0, orphans0, c->mask);
    else
        draws(c, S0, f0, k0, left0, orphans0);
}

static void table_forget(Table *t, KEY key) {
    int32_t *entry = table_place(t, key);
    if (entry) *entry = UNSEEN;
}

/* Take the positions along a winning line out of a table kept after a first-win search (see
 * Search.forget_line): the search stopped inside them, so they are not proven lost. */
static void forget_line(Ctx *c) {
    const Space *sp = c->sp;
    MASK S = c->removed0, free = c->free0;
    int k = c->k0, r = c->rank0;
    table_forget(c->seen, S | (KEY)(free & sp->fit[r]) << sp->n | (c->exact ? (KEY)k << sp->n2 : 0));
    for (int i = 0; i < c->best_len; i++) {
        int step = c->best_path[i];
        if (step >= 0) {
            S |= (MASK)1 << step;
            free ^= (MASK)1 << step;
            free |= uncovered(sp, S, step, ~(MASK)0);
            r = sp->ranks[step];
            table_forget(c->seen, S | (KEY)(free & sp->fit[r]) << sp->n | (c->exact ? (KEY)k << sp->n2 : 0));
        } else if (c->exact) {
            r = sp->stock[k];
            k += 1;
            table_forget(c->seen, S | (KEY)(free & sp->fit[r]) << sp->n | (KEY)k << sp->n2);
        } else {
            table_forget(c->seen, S | sp->chain);
            k -= step;
            r = sp->stock[k - 1];
            table_forget(c->seen, S | (KEY)(free & sp->fit[r]) << sp->n);
        }
    }
}

/* -- the Python functions ------------------------------------------------------------------- */

/* The tables of one deal (see py_space in the module's part), for a layout of ``n`` slots at most MAXSLOTS. */
static PyObject *py_space(PyObject *self, PyObject *args) {
    PyObject *covering, *ranks, *stock, *fit, *precede;
    int wrap, free_draw, checks, draws_in_keys = 0;
    long long buf[MAXSTOCK + MAXSLOTS];
    if (!PyArg_ParseTuple(args, "OOOOOppp|p", &covering, &ranks, &stock, &fit, &precede, &wrap, &free_draw, &checks,
                          &draws_in_keys))
        return NULL;
    PyObject *blob = PyBytes_FromStringAndSize(NULL, sizeof(Space));
    if (!blob) return NULL;
    Space *sp = (Space *)PyBytes_AS_STRING(blob);
    memset(sp, 0, sizeof(Space));
    sp->width = WIDTH;
    sp->wrap = wrap;
    sp->free_draw = free_draw;
    sp->checks = checks;
    sp->draws_in_keys = draws_in_keys;
    int n_slots = read_ints(covering, buf, -1, MAXSLOTS, "cover masks");
    if (n_slots < 0) goto fail;
    if (n_slots < 1) {
        PyErr_SetString(PyExc_ValueError, "cover masks: expected a layout of one slot at least");
        goto fail;
    }
    sp->n = n_slots;
    sp->n2 = 2 * n_slots;
    sp->full = (MASK)(((KEY)1 << n_slots) - 1);
    sp->chain = (KEY)1 << sp->n2;
    for (int s = 0; s < n_slots; s++) {
        if (buf[s] < 0 || (KEY)buf[s] > (KEY)sp->full || buf[s] >> s & 1) {
            PyErr_SetString(PyExc_ValueError, "cover masks: expected masks of other slots of the layout");
            goto fail;
        }
        sp->cover_mask[s] = (MASK)buf[s];
    }
    for (int s = 0; s < n_slots; s++)
        for (int y = 0; y < n_slots; y++)
            if (sp->cover_mask[y] >> s & 1) {
                sp->covers[s] |= (MASK)1 << y;
                sp->uncover[s][sp->n_uncover[s]++] = (int8_t)y;
            }
    for (int grown = 1; grown;) { /* the closure, to a fixed point (once a deal: cheap) */
        grown = 0;
        for (int s = 0; s < n_slots; s++) {
            MASK reached = sp->covers[s];
            for (MASK u = sp->covers[s]; u; u &= u - 1) reached |= sp->above[CTZ(u)];
            if (reached != sp->above[s]) sp->above[s] = reached, grown = 1;
        }
    }
    if (read_ints(ranks, buf, sp->n, sp->n, "ranks") < 0) goto fail;
    for (int s = 0; s < sp->n; s++) {
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
    for (int q = 0; q < 14; q++) sp->fit[q] = (MASK)buf[q];
    if (read_ints(precede, buf, sp->n, sp->n, "predecessors") < 0) goto fail;
    for (int s = 0; s < sp->n; s++) sp->can_precede[s] = (MASK)buf[s];
    for (int y = 0; y < sp->n; y++)
        for (int x = 0; x < sp->n; x++)
            if (sp->can_precede[x] >> y & 1) sp->succ[y] |= (MASK)1 << x;
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
    if (!PyBytes_Check(blob) || PyBytes_GET_SIZE(blob) != (Py_ssize_t)sizeof(Space) ||
        ((const Space *)PyBytes_AS_STRING(blob))->width != WIDTH) {
        PyErr_SetString(PyExc_TypeError, "expected the tables space() made");
        return NULL;
    }
    return (const Space *)PyBytes_AS_STRING(blob);
}

static int check_position(const Space *sp, unsigned long long removed, int drawn, int rank) {
    if (removed > (unsigned long long)sp->full || drawn < 0 || drawn > sp->n_stock || rank < 0 || rank > 13) {
        PyErr_SetString(PyExc_ValueError, "position: expected a removed set of the layout's slots, a draw count within "
                                          "the stock and a rank 0 to 13");
        return -1;
    }
    return 0;
}

/* wins(space, removed, drawn, rank, first_only, limit, seconds, nodes) -> (best draws or None, best path,
 * complete, nodes, (most cleared, its draws, its path), limit at the end); limit -1: the whole
 * stock; seconds < 0: no time limit; nodes: the most searched, counted every CHECK_EVERY (-1: no bound). */
static PyObject *py_wins(PyObject *self, PyObject *args) {
    PyObject *blob;
    unsigned long long removed;
    int drawn, rank, first_only, limit;
    double seconds;
    long nodes;
    if (!PyArg_ParseTuple(args, "OKiipidl", &blob, &removed, &drawn, &rank, &first_only, &limit, &seconds, &nodes))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    Table seen;
    Ctx *c = new_ctx(sp, &seen, (MASK)removed, drawn, rank, first_only, limit, seconds, nodes);
    if (!c) return NULL;
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
    unsigned long long *removed = malloc((n + 1) * sizeof(unsigned long long));
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
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "Kii", &removed[i], &drawn[i], &rank[i])) goto done;
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
        if (ctx_init(c, sp, &seen, (MASK)removed[i], drawn[i], rank[i], 1, -1, left, -1) < 0) {
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

/* most_cleared(space, removed, drawn, rank, most, (cleared, draws, path), seconds, nodes) -> (cleared,
 * draws, path, complete, nodes): the line that clears the most cards, then with the fewest draws,
 * from a position that cannot be won, starting from the best line known (the win search's); ``most``
 * bounds the cards that can be cleared. */
static PyObject *py_most_cleared(PyObject *self, PyObject *args) {
    PyObject *blob, *known;
    unsigned long long removed;
    int drawn, rank, most, known_c, known_k;
    double seconds;
    long nodes;
    long long steps[MAXPATH];
    if (!PyArg_ParseTuple(args, "OKiii(iiO)dl", &blob, &removed, &drawn, &rank, &most, &known_c, &known_k, &known,
                          &seconds, &nodes))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (most < 1 || most > sp->n) {
        PyErr_SetString(PyExc_ValueError, "most: expected 1 to the layout's slots");
        return NULL;
    }
    int n = read_ints(known, steps, -1, MAXPATH, "path");
    if (n < 0) return NULL;
    Table seen;
    Ctx *c = new_ctx(sp, &seen, (MASK)removed, drawn, rank, 0, -1, seconds, nodes);
    if (!c) return NULL;
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

/* longest_run(space, removed, drawn, rank, run, at_least, seconds, nodes) -> (longest, path, complete,
 * nodes): the longest run of plays without a draw from the position (its own ``run`` counting),
 * and the line to its end; at_least -1: no stop before the end. */
static PyObject *py_longest_run(PyObject *self, PyObject *args) {
    PyObject *blob;
    unsigned long long removed;
    int drawn, rank, run_now, at_least;
    double seconds;
    long nodes;
    if (!PyArg_ParseTuple(args, "OKiiiidl", &blob, &removed, &drawn, &rank, &run_now, &at_least, &seconds, &nodes))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (run_now < 0 || run_now > 255) {
        PyErr_SetString(PyExc_ValueError, "run: expected 0 to 255");
        return NULL;
    }
    Table seen;
    Ctx *c = new_ctx(sp, &seen, (MASK)removed, drawn, rank, 0, -1, seconds, nodes);
    if (!c) return NULL;
    if (table_init(&c->chains, 10) < 0) {
        table_free(&c->window);
        table_free(&seen);
        free(c);
        return PyErr_NoMemory();
    }
    c->mode = LONGEST_RUN;
    c->goal = at_least < 0 ? sp->n + run_now : at_least;
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

/* one_left(space, removed, drawn, rank, tops, seconds, nodes) -> (draws or None, path, complete, nodes): the
 * fewest-draw line that clears every card but one of ``tops``, from a position that can't be won,
 * under free draws. */
static PyObject *py_one_left(PyObject *self, PyObject *args) {
    PyObject *blob;
    unsigned long long removed, tops;
    int drawn, rank;
    double seconds;
    long nodes;
    if (!PyArg_ParseTuple(args, "OKiiKdl", &blob, &removed, &drawn, &rank, &tops, &seconds, &nodes)) return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (tops > (unsigned long long)sp->full || !sp->free_draw) {
        PyErr_SetString(PyExc_ValueError, "one_left: expected a set of the layout's slots, under free draws");
        return NULL;
    }
    Table seen;
    Ctx *c = new_ctx(sp, &seen, (MASK)removed, drawn, rank, 0, -1, seconds, nodes);
    if (!c) return NULL;
    c->mode = ONE_LEFT;
    c->mask = (MASK)tops;
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
        PyObject *path = path_list(c->best_path, c->best_len);
        if (path) {
            PyObject *draws = c->found ? PyLong_FromLong(c->best_draws) : Py_NewRef(Py_None);
            result = Py_BuildValue("(NNOl)", draws, path, c->stop == OUT_OF_TIME ? Py_False : Py_True, c->nodes);
        }
    }
    free(c);
    return result;
}

/* most_of(space, removed, drawn, rank, mask, at_least, seconds, nodes) -> (most, path, complete, nodes):
 * the most cards of ``mask`` cleared at the end of a line from the position (those cleared already
 * counting), and the line; at_least -1: no stop before all of them. */
static PyObject *py_most_of(PyObject *self, PyObject *args) {
    PyObject *blob;
    unsigned long long removed, mask;
    int drawn, rank, at_least;
    double seconds;
    long nodes;
    if (!PyArg_ParseTuple(args, "OKiiKidl", &blob, &removed, &drawn, &rank, &mask, &at_least, &seconds, &nodes))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (mask > (unsigned long long)sp->full) {
        PyErr_SetString(PyExc_ValueError, "mask: expected a set of the layout's slots");
        return NULL;
    }
    Table seen;
    Ctx *c = new_ctx(sp, &seen, (MASK)removed, drawn, rank, 0, -1, seconds, nodes);
    if (!c) return NULL;
    c->mode = MOST_OF;
    c->mask = (MASK)mask;
    int total = POPCOUNT(c->mask);
    c->goal = at_least < 0 || at_least > total ? total : at_least;
    c->most_c = POPCOUNT((MASK)removed & c->mask);
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
    KEY *a;
    uint32_t *b;
    int32_t *points, *action;
    size_t mask, used;
    int bits;
} Memo; /* (removed | playable << n | drawn << 2n, run) -> best points still to score and the action */

static int memo_init(Memo *t, int bits) {
    size_t cap = (size_t)1 << bits;
    t->a = malloc(cap * sizeof(KEY));
    t->b = malloc(cap * sizeof(uint32_t));
    t->points = malloc(cap * sizeof(int32_t));
    t->action = malloc(cap * sizeof(int32_t));
    if (!t->a || !t->b || !t->points || !t->action) {
        free(t->a), free(t->b), free(t->points), free(t->action);
        return -1;
    }
    memset(t->a, 0xff, cap * sizeof(KEY));
    t->mask = cap - 1;
    t->used = 0;
    t->bits = bits;
    return 0;
}

static void memo_free(Memo *t) { free(t->a), free(t->b), free(t->points), free(t->action); }

static inline size_t memo_slot(const Memo *t, KEY a, uint32_t b) {
    return (size_t)(((FOLD(a) ^ ((u64)b << 59 | (u64)b >> 5)) * 0x9E3779B97F4A7C15ull) >> (64 - t->bits));
}

static inline long memo_find(const Memo *t, KEY a, uint32_t b) { /* its index, or -1 */
    size_t i = memo_slot(t, a, b);
    for (;;) {
        if (t->a[i] == a && t->b[i] == b) return (long)i;
        if (t->a[i] == EMPTY) return -1;
        i = (i + 1) & t->mask;
    }
}

static int memo_put(Memo *t, KEY a, uint32_t b, int32_t points, int32_t action) {
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

typedef struct {
    const Space *sp;
    MASK removed0;
    Memo memo, stuck;
    MASK peak_of[MAXSLOTS], peaks[MAXSLOTS];
    int n_peaks, bonus[MAXSLOTS], card, step, draw_cost, may_stop, stop; /* step: 1 when runs pay, else 0 */
    long count, nodes, node_limit;
    struct timespec deadline;
    int timed;
} Hogue;

static int h_stuck(Hogue *h, MASK S, MASK free, int k);

static int h_after(Hogue *h, MASK S, MASK free, int k, int r, int run); /* from memo or searched */

static int h_best(Hogue *h, MASK S, MASK free, int k, int r, int run) {
    const Space *sp = h->sp;
    if (++h->count >= CHECK_EVERY) {
        h->nodes += h->count;
        h->count = 0;
        if (out_of_work(h->nodes, h->node_limit) || (h->timed && past(&h->deadline))) {
            h->stop = OUT_OF_TIME;
            return 0;
        }
    }
    int top = 0, action = H_NONE, n = sp->n_stock;
    const MASK full = sp->full; /* read once: the memo's stores could alias the tables, for all the compiler knows */
    const KEY drawn = (KEY)k << sp->n2;
    MASK m = free & sp->fit[r], playable = m;
    while (m) {
        MASK b = m & -m;
        m ^= b;
        MASK S2 = S | b;
        int x = CTZ(b), rx = sp->ranks[x];
        int points = h->card + run;
        if ((S2 & h->peak_of[x]) == h->peak_of[x]) {
            int emptied = 0;
            for (int p = 0; p < h->n_peaks; p++) emptied += (S2 & h->peaks[p]) == h->peaks[p];
            points += h->bonus[emptied - 1];
        }
        if (S2 != full) {
            MASK f2 = free ^ b;
            f2 |= uncovered(sp, S2, x, ~h->removed0);
            if (f2 & sp->fit[rx])
                points += h_after(h, S2, f2, k, rx, run + h->step);
            else if (k < n) {
                long i = memo_find(&h->stuck, S2 | drawn, 0);
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
            long i = memo_find(&h->stuck, S | (KEY)(k + 1) << sp->n2, 0);
            points = i < 0 ? h_stuck(h, S, free, k + 1) : h->stuck.points[i];
        } else
            points = 0; /* blocked */
        if (h->stop) return 0;
        points -= h->draw_cost;
        if (points > top) top = points, action = H_DRAW;
    }
    if (memo_put(&h->memo, S | (KEY)playable << sp->n | drawn, (uint32_t)run, top, action) < 0) h->stop = NO_MEMORY;
    return top;
}

static int h_after(Hogue *h, MASK S, MASK free, int k, int r, int run) {
    const Space *sp = h->sp;
    long i = memo_find(&h->memo, S | (KEY)(free & sp->fit[r]) << sp->n | (KEY)k << sp->n2, (uint32_t)run);
    return i < 0 ? h_best(h, S, free, k, r, run) : h->memo.points[i];
}

static int h_stuck(Hogue *h, MASK S, MASK free, int k) {
    const Space *sp = h->sp;
    h->count++;
    int r = sp->stock[k], points;
    if (free & sp->fit[r])
        points = h_after(h, S, free, k + 1, r, 0);
    else if (k + 1 < sp->n_stock) {
        long i = memo_find(&h->stuck, S | (KEY)(k + 1) << sp->n2, 0);
        points = i < 0 ? h_stuck(h, S, free, k + 1) : h->stuck.points[i];
    } else
        points = 0; /* blocked */
    if (h->stop) return 0;
    points -= h->draw_cost;
    if (points < 0 && h->may_stop) points = 0;
    if (memo_put(&h->stuck, S | (KEY)k << sp->n2, 0, points, 0) < 0) h->stop = NO_MEMORY;
    return points;
}

/* highest_score(space, removed, drawn, rank, run, card, runs, draw_cost, may_stop, peak masks, peak
 * bonuses, seconds, nodes) -> (points still to score, path, complete, nodes): a removal scores ``card``,
 * plus the run before it when ``runs`` (Hogue's scoring; the app's has no runs) */
static PyObject *py_highest_score(PyObject *self, PyObject *args) {
    PyObject *blob, *peaks_in, *bonus_in;
    unsigned long long removed;
    long long peaks[MAXSLOTS], bonus[MAXSLOTS];
    int drawn, rank, run, card, runs, draw_cost, may_stop;
    double seconds;
    long nodes;
    if (!PyArg_ParseTuple(args, "OKiiiipipOOdl", &blob, &removed, &drawn, &rank, &run, &card, &runs, &draw_cost,
                          &may_stop, &peaks_in, &bonus_in, &seconds, &nodes))
        return NULL;
    const Space *sp = space_of(blob);
    if (!sp || check_position(sp, removed, drawn, rank) < 0) return NULL;
    if (!sp->draws_in_keys) {
        PyErr_SetString(PyExc_TypeError, "expected the tables space(..., draws_in_keys=True) made");
        return NULL;
    }
    int n_peaks = read_ints(peaks_in, peaks, -1, sp->n, "peak masks");
    if (n_peaks < 0 || read_ints(bonus_in, bonus, n_peaks, n_peaks, "peak bonuses") < 0) return NULL;
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
    h->removed0 = (MASK)removed;
    h->n_peaks = n_peaks;
    for (int p = 0; p < n_peaks; p++) h->peaks[p] = (MASK)peaks[p], h->bonus[p] = (int)bonus[p];
    for (int x = 0; x < sp->n; x++)
        for (int p = 0; p < n_peaks; p++)
            if (h->peaks[p] >> x & 1) h->peak_of[x] = h->peaks[p];
    h->card = card;
    h->step = runs ? 1 : 0;
    if (!runs) run = 0;
    h->draw_cost = draw_cost;
    h->may_stop = may_stop;
    h->timed = seconds >= 0;
    if (h->timed) set_deadline(&h->deadline, seconds);
    h->node_limit = nodes;
    MASK S = (MASK)removed, free0 = 0;
    for (int s = 0; s < sp->n; s++)
        if (!(S >> s & 1) && (S & sp->cover_mask[s]) == sp->cover_mask[s]) free0 |= (MASK)1 << s;
    int total = 0, n = sp->n_stock, path[MAXPATH], plen = 0;
    if (S != sp->full) {
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
    MASK open = free0; /* walk the best actions from the start */
    int k = drawn, r = rank;
    while (S != sp->full && plen < MAXPATH) {
        MASK playable = open & sp->fit[r];
        int action;
        if (playable) {
            long i = memo_find(&h->memo, S | (KEY)playable << sp->n | (KEY)k << sp->n2, (uint32_t)run);
            action = i < 0 ? H_NONE : h->memo.action[i];
        } else {
            long i = k < n ? memo_find(&h->stuck, S | (KEY)k << sp->n2, 0) : -1;
            action = k < n && ((i >= 0 && h->stuck.points[i] > 0) || !may_stop) ? H_DRAW : H_NONE;
        }
        if (action == H_NONE) break;
        path[plen++] = action >= 0 ? action : -1;
        if (action == H_DRAW) {
            r = sp->stock[k], k += 1, run = 0;
            continue;
        }
        S |= (MASK)1 << action;
        open ^= (MASK)1 << action;
        open |= uncovered(sp, S, action, ~(MASK)0);
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

#undef Space
#undef Table
#undef table_init
#undef table_free
#undef table_clear
#undef slot_of
#undef table_get
#undef table_place
#undef Ctx
#undef set_nostock
#undef uncovered
#undef plays
#undef mc_plays
#undef lr_started
#undef mo_plays
#undef win
#undef reach
#undef draws
#undef draw_one
#undef nostock_for
#undef within
#undef hopeless
#undef mc_draws
#undef tick
#undef window_of
#undef DrawMoves
#undef draws_from
#undef draw_next
#undef freed
#undef lr_chain
#undef lr_line
#undef lr_draws
#undef lr_plays
#undef mo_hopeless
#undef mo_draws
#undef ctx_init
#undef new_ctx
#undef run
#undef table_forget
#undef forget_line
#undef space_of
#undef check_position
#undef py_space
#undef py_wins
#undef py_verdicts
#undef py_most_cleared
#undef py_longest_run
#undef py_most_of
#undef Memo
#undef memo_init
#undef memo_free
#undef memo_slot
#undef memo_find
#undef memo_put
#undef Hogue
#undef h_stuck
#undef h_after
#undef h_best
#undef py_highest_score
#undef MASK
#undef KEY
#undef MAXSLOTS
#undef CTZ
#undef POPCOUNT
#undef FOLD
#undef EMPTY

#endif
