/* The index's hashing of a game's positions on a grid, shared by kifu's compiled cores
 * (kifu/builtin/freego/native/gosgf.c, kifu/builtin/renju/native/renju.c): what
 * kifu.plugin.symmetry's LaneTracker does in Python.  Each position is hashed under every
 * image of the board's symmetry at once (Zobrist "lanes", the tables Python draws, handed
 * over by the caller), the canonical hash the smallest lane as an unsigned number and its
 * image the first lane that gives it; the log of what changed from one position to the next
 * is kept, then turned point by point (kifu.corpus.indexing.histories), from which the index
 * works out when each point first held each colour (kifu.corpus.occupancy).  A pattern search
 * checks a record's log turned point by point against the ways a pattern lies on its board
 * here too (match_pattern: kifu.corpus.patterns.first_match is the reference).
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

/* A stone of ``colour`` put on or taken off ``cell`` of the stones whose lanes are
 * ``value``: every lane at once. */
static void lanes_flip(const Trace *t, uint64_t *value, int colour, int cell)
{
    const unsigned char *row = t->stones + (((size_t)(colour - 1) * (size_t)t->points +
                                             (size_t)cell) * (size_t)t->lanes) * 8;
    for (int lane = 0; lane < t->lanes; lane++)
        value[lane] ^= load(row + 8 * lane);
}

/* The same, of the stones on the board traced. */
static void trace_flip(Trace *t, int colour, int cell)
{
    lanes_flip(t, t->value, colour, cell);
}

/* The canonical hash of the stones whose lanes are ``value`` with ``side`` to move (the
 * smallest lane as an unsigned number), and in ``*image`` the first lane that gives it. */
static uint64_t trace_canonical(const Trace *t, const uint64_t *value, int side, int *image)
{
    const unsigned char *turn = t->turns + (size_t)side * (size_t)t->lanes * 8;
    uint64_t best = value[0] ^ load(turn);
    *image = 0;
    for (int lane = 1; lane < t->lanes; lane++) {
        uint64_t hash = value[lane] ^ load(turn + 8 * lane);
        if (hash < best) {
            best = hash;
            *image = lane;
        }
    }
    return best;
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
    int image;
    uint64_t best = trace_canonical(t, t->value, side, &image);
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

/* The ``i``-th 32-bit number (in the machine's order) of ``at``. */
static uint32_t word(const unsigned char *at, size_t i)
{
    uint32_t value;
    memcpy(&value, at + 4 * i, 4);
    return value;
}

/* One event of a placement's points, as kifu.corpus.patterns._first_node sorts them: the
 * node, then the point (its place in the placement, whose points are in order), then what
 * it came to hold. */
static int compare_events(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The first node at which the placement ``need`` (``n`` points and what each must hold, 0
 * empty; ``side`` the side to move it asks for, 0 either) holds in a record's log turned point
 * by point (``counts``, ``offsets`` into ``flat``, ``sides``, ``nodes`` positions); -1 for
 * none, -2 out of memory.  As _first_node: the events of its points in order, and the
 * placement holds from the node where the last of its points came right (or, asking for a
 * side to move, the first node after it with that side to move) until one of them changes. */
static long first_node(const unsigned char *need, long n, uint32_t side, const uint32_t *counts,
                       const size_t *offsets, const unsigned char *flat,
                       const unsigned char *sides, size_t nodes)
{
    size_t total = 0;
    for (long i = 0; i < n; i++)
        total += counts[word(need, 2 * (size_t)i)];
    uint64_t *events = malloc((total + 1) * sizeof(uint64_t));
    unsigned char *held = calloc((size_t)n + 1, 1);
    if (events == NULL || held == NULL) {
        free(events);
        free(held);
        return -2;
    }
    size_t count = 0;
    long matched = 0;
    for (long i = 0; i < n; i++) {
        uint32_t point = word(need, 2 * (size_t)i);
        matched += word(need, 2 * (size_t)i + 1) == 0;
        for (uint32_t k = 0; k < counts[point]; k++) {
            uint32_t change = word(flat, offsets[point] + k);
            events[count++] = (uint64_t)(change >> 2) << 14 | (uint64_t)i << 2 | (change & 3);
        }
    }
    qsort(events, count, sizeof(uint64_t), compare_events);
    long found = -1;
    size_t at = 0;
    while (at < count && found < 0) {
        uint64_t node = events[at] >> 14;
        while (at < count && events[at] >> 14 == node) {
            long i = (long)(events[at] >> 2 & 0xFFF);
            unsigned char content = (unsigned char)(events[at] & 3);
            uint32_t want = word(need, 2 * (size_t)i + 1);
            matched += (content == want) - (held[i] == want);
            held[i] = content;
            at++;
        }
        if (matched != n)
            continue;
        if (side == 0) {
            found = (long)node;
            break;
        }
        uint64_t until = at < count ? events[at] >> 14 : (uint64_t)nodes;
        if (until > nodes)
            until = nodes;
        for (uint64_t k = node; k < until; k++)
            if (sides[k] == side) {
                found = (long)k;
                break;
            }
    }
    free(events);
    free(held);
    return found;
}

/* match_pattern(data, points, nodes, laid, chosen): the first node of a grid record whose
 * position holds one of a pattern's placements, and which: ``data`` its log turned point by
 * point (trace_histories' layout, decompressed), of ``points`` points and ``nodes`` positions;
 * ``laid`` the pattern's placements as 32-bit numbers, each its count of points, the side to
 * move it asks for (0 either), then each point (in order) and what it must hold; ``chosen``
 * where each placement to try begins in ``laid`` (32-bit numbers).  ``(node, start)`` of the
 * first such node (of the placements holding there, the first chosen), None if none holds,
 * or a few words (a str) where ``data`` is not such a log, for Python to say what is wrong. */
static PyObject *match_pattern(PyObject *self, PyObject *args)
{
    const unsigned char *data, *laid_bytes, *chosen_bytes;
    Py_ssize_t size, laid_size, chosen_size, points, nodes;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#nny#y#", &data, &size, &points, &nodes, &laid_bytes,
                          &laid_size, &chosen_bytes, &chosen_size))
        return NULL;
    if (points < 0 || nodes < 0 || laid_size % 4 || chosen_size % 4) {
        PyErr_SetString(PyExc_ValueError, "match_pattern(): arguments of another size");
        return NULL;
    }
    if (size < 8)
        return PyUnicode_FromString("a log too short");
    /* its header is little-endian, as indexing.histories packs it */
    uint32_t header[2];
    for (int k = 0; k < 2; k++)
        header[k] = (uint32_t)data[4 * k] | (uint32_t)data[4 * k + 1] << 8 |
                    (uint32_t)data[4 * k + 2] << 16 | (uint32_t)data[4 * k + 3] << 24;
    if (header[0] != (uint32_t)points || header[1] != (uint32_t)nodes)
        return PyUnicode_FromString("a log of another grid or count of positions");
    Py_ssize_t rest = size - 8 - 4 * points - nodes;
    if (rest < 0 || rest % 4)
        return PyUnicode_FromString("a log of another length");
    uint32_t *counts = malloc(((size_t)points + 1) * sizeof(uint32_t));
    size_t *offsets = malloc(((size_t)points + 1) * sizeof(size_t));
    if (counts == NULL || offsets == NULL) {
        free(counts);
        free(offsets);
        return PyErr_NoMemory();
    }
    memcpy(counts, data + 8, 4 * (size_t)points);
    size_t sum = 0;
    for (Py_ssize_t p = 0; p < points; p++) {
        offsets[p] = sum;
        sum += counts[p];
    }
    PyObject *answer = NULL;
    if (sum != (size_t)rest / 4) {
        answer = PyUnicode_FromString("a log whose counts of changes do not add up");
        goto done;
    }
    size_t words = (size_t)laid_size / 4;
    long best = -1;
    uint32_t best_start = 0;
    for (Py_ssize_t c = 0; c < chosen_size / 4; c++) {
        uint32_t start = word(chosen_bytes, (size_t)c);
        if ((size_t)start + 2 > words || word(laid_bytes, start) > 4096 ||
                (size_t)start + 2 + 2 * (size_t)word(laid_bytes, start) > words) {
            PyErr_SetString(PyExc_ValueError, "match_pattern(): a placement past the end");
            goto done;
        }
        long n = (long)word(laid_bytes, start);
        const unsigned char *need = laid_bytes + 4 * ((size_t)start + 2);
        for (long i = 0; i < n; i++)
            if (word(need, 2 * (size_t)i) >= (uint32_t)points) {
                PyErr_SetString(PyExc_ValueError, "match_pattern(): a point off the grid");
                goto done;
            }
        long node = first_node(need, n, word(laid_bytes, (size_t)start + 1), counts, offsets,
                               data + 8 + 4 * points + nodes, data + 8 + 4 * points,
                               (size_t)nodes);
        if (node == -2) {
            PyErr_NoMemory();
            goto done;
        }
        if (node >= 0 && (best < 0 || node < best)) {
            best = node;
            best_start = start;
        }
    }
    if (best < 0) {
        Py_INCREF(Py_None);
        answer = Py_None;
    } else {
        answer = Py_BuildValue("(lI)", best, best_start);
    }
done:
    free(counts);
    free(offsets);
    return answer;
}

#endif
