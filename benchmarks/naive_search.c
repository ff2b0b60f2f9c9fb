/* The benchmark's C baseline: the same plain memoised depth-first search as
 * benchmarks/solver.py's baseline_winnable, written in C, to show how close the pure-Python
 * solver gets to naive compiled code. Not part of the package.
 *
 * Build: cc -O2 -o naive_search naive_search.c
 * Input: a first line with the 28 slots' cover masks (bit c set when slot c covers the
 * slot; Three Peaks' Layout.cover_mask), then one deal a line: wrap (1 Easy, 0 Classic), then the ranks (1-13) of the 28 peak
 * cards, the discard and the stock's cards from its top, separated by spaces.
 * Output, one line a deal: the verdict (1 or 0) and the search's seconds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SLOTS 28
#define FULL ((1u << SLOTS) - 1)

static int rank[64]; /* ranks of the deck: slots 0-27, the discard at 28, the stock after it */
static int n_stock, wrap;
static uint32_t cover_mask[SLOTS];

/* the set of positions seen: open addressing on 64-bit keys (0 marks an empty cell) */
static uint64_t *table;
static size_t capacity, used;

static void table_reset(void) {
    memset(table, 0, capacity * sizeof *table);
    used = 0;
}

static int table_add(uint64_t key) { /* 1 if the key was new */
    if (2 * (used + 1) > capacity) {
        uint64_t *old = table;
        size_t old_capacity = capacity;
        capacity *= 2;
        table = calloc(capacity, sizeof *table);
        used = 0;
        for (size_t i = 0; i < old_capacity; i++)
            if (old[i]) table_add(old[i]);
        free(old);
    }
    size_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & (capacity - 1);
    while (table[i]) {
        if (table[i] == key) return 0;
        i = (i + 1) & (capacity - 1);
    }
    table[i] = key;
    used++;
    return 1;
}

static int fits(int a, int b) {
    int gap = abs(a - b);
    return gap == 1 || (gap == 12 && wrap);
}

/* discard is the deck index of the card on the discard pile */
static int search(uint32_t removed, int drawn, int discard) {
    if (removed == FULL) return 1;
    uint64_t key = (uint64_t)removed | (uint64_t)drawn << 28 | (uint64_t)discard << 34 | 1ull << 63;
    if (!table_add(key)) return 0;
    for (int slot = 0; slot < SLOTS; slot++) {
        int free_card = !(removed >> slot & 1) && (removed & cover_mask[slot]) == cover_mask[slot];
        if (free_card && fits(rank[slot], rank[discard]))
            if (search(removed | 1u << slot, drawn, slot)) return 1;
    }
    return drawn < n_stock && search(removed, drawn + 1, SLOTS + 1 + drawn);
}

int main(void) {
    for (int s = 0; s < SLOTS; s++)
        if (scanf("%u", &cover_mask[s]) != 1) return 2;
    capacity = 1 << 16;
    table = calloc(capacity, sizeof *table);
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *end;
        wrap = (int)strtol(p, &end, 10);
        int count = 0;
        for (p = end;; p = end) {
            long value = strtol(p, &end, 10);
            if (end == p) break;
            rank[count++] = (int)value;
        }
        if (count < SLOTS + 1) continue;
        n_stock = count - SLOTS - 1;
        struct timespec t0, t1;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        table_reset();
        int verdict = search(0, 0, SLOTS);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
        printf("%d %.9f\n", verdict, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
        fflush(stdout);
    }
    return 0;
}
