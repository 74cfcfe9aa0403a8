/* The index's hashing of a game's positions on a grid, shared by kifu's compiled cores
 * (kifu/builtin/freego/native/gosgf.c, kifu/builtin/renju/native/renju.c): what
 * kifu.plugin.symmetry's LaneTracker does in Python.  Each position is hashed under every
 * image of the board's symmetry at once (Zobrist "lanes", the tables Python draws, handed
 * over by the caller), the canonical hash the smallest lane as an unsigned number and its
 * image the first lane that gives it; the log of what changed from one position to the next
 * is kept, then turned point by point (kifu.corpus.indexing.histories), from which the index
 * works out when each point first held each colour (kifu.corpus.occupancy).
 *
 * Included by a core's C file (after Python.h) once it defines ``Reason`` (a const char *, NULL for no
 * problem), TRACE_CELLS (its board's cells, for cell_of) and TRACE_POINTS (the most points a
 * board has).  Written for kifu; no code is taken from elsewhere.
 */
#ifndef KIFU_LANES_H
#define KIFU_LANES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LOG_MARK 0x8000
#define LOG_RESET 0x4000
#define MAX_LANES 32

typedef struct Trace {
    /* the tables: a stone's lanes [colour - 1][cell][lane], the side to move's [side][lane]
     * (0 once the game has ended, else its seat + 1), the empty board's [lane]; unaligned
     * bytes, read through load() */
    const unsigned char *stones, *turns, *base;
    int lanes, points;
    int cell_of[TRACE_CELLS];        /* a point's cell in kifu's numbering, row 0 at the bottom */
    uint64_t value[MAX_LANES];     /* the lanes of the stones on the board */
    uint16_t *log;                 /* MARK | RESET? | side, then point << 2 | content */
    size_t logged, log_capacity;
    uint64_t *hashes;              /* each position's canonical hash */
    unsigned char *images;         /* and the lane that gave it */
    size_t visits, visit_capacity;
} Trace;

static uint64_t load(const unsigned char *at)
{
    uint64_t value;
    memcpy(&value, at, sizeof value);
    return value;
}

/* Grow ``*items`` (of ``size`` bytes each) to hold one more than ``used``. */
static Reason grow(void **items, size_t *capacity, size_t used, size_t size)
{
    if (used < *capacity)
        return NULL;
    size_t more = *capacity ? 2 * *capacity : 1024;
    void *grown = realloc(*items, more * size);
    if (grown == NULL)
        return "out of memory";
    *items = grown;
    *capacity = more;
    return NULL;
}

static Reason trace_log(Trace *t, int entry)
{
    Reason why = grow((void **)&t->log, &t->log_capacity, t->logged, sizeof(uint16_t));
    if (why)
        return why;
    t->log[t->logged++] = (uint16_t)entry;
    return NULL;
}

/* A stone of ``colour`` put on or taken off ``cell``: every lane at once. */
static void trace_flip(Trace *t, int colour, int cell)
{
    const unsigned char *row = t->stones + (((size_t)(colour - 1) * (size_t)t->points +
                                             (size_t)cell) * (size_t)t->lanes) * 8;
    for (int lane = 0; lane < t->lanes; lane++)
        t->value[lane] ^= load(row + 8 * lane);
}

/* The position is complete with ``side`` to move: its canonical hash and image. */
static Reason trace_note(Trace *t, int side)
{
    if (t->visits == t->visit_capacity) {
        size_t more = t->visit_capacity ? 2 * t->visit_capacity : 1024;
        uint64_t *hashes = realloc(t->hashes, more * sizeof(uint64_t));
        if (hashes == NULL)
            return "out of memory";
        t->hashes = hashes;
        unsigned char *images = realloc(t->images, more);
        if (images == NULL)
            return "out of memory";
        t->images = images;
        t->visit_capacity = more;
    }
    const unsigned char *turn = t->turns + (size_t)side * (size_t)t->lanes * 8;
    uint64_t best = t->value[0] ^ load(turn);
    int image = 0;
    for (int lane = 1; lane < t->lanes; lane++) {
        uint64_t hash = t->value[lane] ^ load(turn + 8 * lane);
        if (hash < best) {
            best = hash;
            image = lane;
        }
    }
    t->hashes[t->visits] = best;
    t->images[t->visits++] = (unsigned char)image;
    return NULL;
}

/* The log turned point by point, as indexing.histories packs it before compressing:
 * ``points`` and the count of positions (two little-endian 32-bit numbers), each point's
 * count of changes, the side to move at each position (a byte each), then each point's
 * changes ``position << 2 | content`` (32-bit numbers in the machine's order).  A change
 * undone in the position that made it (a suicide) is none; the start is logged from an
 * empty board, so its stones are changes like any other.  In ``*out`` (``*size`` bytes),
 * allocated here. */
static Reason trace_histories(const Trace *t, unsigned char **out, size_t *size)
{
    size_t points = (size_t)t->points, nodes = 0;
    uint32_t *at = calloc(points + 1, sizeof(uint32_t));   /* each point's first change */
    uint32_t *count = calloc(points + 1, sizeof(uint32_t));
    unsigned char *state = calloc(points + 1, 1);
    uint32_t *changes = malloc((t->logged + 1) * sizeof(uint32_t));
    Reason why = NULL;
    *out = NULL;
    if (!at || !count || !state || !changes) {
        why = "out of memory";
        goto done;
    }
    for (size_t i = 0; i < t->logged; i++) {  /* room for each point's changes */
        if (t->log[i] & LOG_MARK)
            nodes++;
        else
            at[(t->log[i] >> 2) + 1]++;
    }
    for (size_t p = 0; p < points; p++)
        at[p + 1] += at[p];
    long node = -1;
    for (size_t i = 0; i < t->logged; i++) {
        int entry = t->log[i];
        if (entry & LOG_MARK) {
            node++;
            continue;
        }
        int p = entry >> 2, content = entry & 3;
        if (state[p] == content)
            continue;
        uint32_t *mine = changes + at[p];
        if (count[p] > 0 && (long)(mine[count[p] - 1] >> 2) == node)
            count[p]--;  /* changed twice in one position: once */
        int last = count[p] > 0 ? (int)(mine[count[p] - 1] & 3) : 0;
        if (last != content)
            mine[count[p]++] = (uint32_t)node << 2 | (uint32_t)content;
        state[p] = (unsigned char)content;
    }
    size_t flat = 0;
    for (size_t p = 0; p < points; p++)
        flat += count[p];
    *size = 8 + 4 * points + nodes + 4 * flat;
    unsigned char *packed = malloc(*size), *w = packed;
    if (packed == NULL) {
        why = "out of memory";
        goto done;
    }
    uint32_t header[2] = {(uint32_t)points, (uint32_t)nodes};
    for (int k = 0; k < 2; k++)
        for (int b = 0; b < 4; b++)
            *w++ = (unsigned char)(header[k] >> (8 * b));
    memcpy(w, count, 4 * points);
    w += 4 * points;
    for (size_t i = 0; i < t->logged; i++)
        if (t->log[i] & LOG_MARK)
            *w++ = (unsigned char)(t->log[i] & 3);
    for (size_t p = 0; p < points; p++) {
        memcpy(w, changes + at[p], 4 * (size_t)count[p]);
        w += 4 * (size_t)count[p];
    }
    *out = packed;
done:
    free(at);
    free(count);
    free(state);
    free(changes);
    return why;
}

/* The lanes of a board of ``points`` points as the caller's tables gave them (``table``, a
 * tuple: their count, their bytes; kifu.plugin.Lanes.table), read into ``t``, which holds on
 * to the bytes while ``table`` lives; -1 with an exception set where they are not that. */
static int trace_tables(Trace *t, PyObject *table, Py_ssize_t points)
{
    int lanes;
    const char *data;
    Py_ssize_t length;
    if (table == NULL || !PyArg_ParseTuple(table, "iy#", &lanes, &data, &length))
        return -1;
    if (lanes < 1 || lanes > MAX_LANES || length != (2 * points + 4) * lanes * 8) {
        PyErr_SetString(PyExc_ValueError, "trace(): tables gave lanes of another size");
        return -1;
    }
    t->lanes = lanes;
    t->stones = (const unsigned char *)data;
    t->turns = t->stones + 2 * points * lanes * 8;
    t->base = t->turns + 3 * lanes * 8;
    return 0;
}

static void free_trace(Trace *t)
{
    free(t->log);
    free(t->hashes);
    free(t->images);
}

#endif
