/* The index's per-record packing in C: what kifu.corpus.occupancy.firsts and
 * kifu.corpus.continuations.placed make of a grid record's changes point by point (as
 * kifu.corpus.indexing.histories packs them), and the occupancy bitmaps of many records at
 * once (kifu.corpus.occupancy.gathered).  Each gives exactly what its Python function gives
 * (which stays the reference, and runs where this was not built or KIFU_PURE_PYTHON is set);
 * tests/corpus/test_corpus_packing.py holds them to it.  The inputs are kifu's own (made by
 * its workers or its cores), yet each call is checked before anything is read (lengths,
 * counts, the arrays' alignment, numbers' ranges) and any other refused with an exception:
 * the same test makes such calls, and runs them in a build under the sanitizers.
 * Written for kifu; no code is taken from elsewhere.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#define FILLED 3

/* A record's changes, laid out: ``nodes``, each point's count and where its changes start. */
typedef struct Changes {
    uint32_t nodes;
    const unsigned char *counts, *flat;
    Py_ssize_t points, total;
} Changes;

static uint32_t load32(const unsigned char *at)
{
    uint32_t value;
    memcpy(&value, at, sizeof value);
    return value;
}

/* ``data`` read as changes of ``points`` points; -1 with ValueError where it is not that. */
static int read_changes(Changes *c, const unsigned char *data, Py_ssize_t length,
                        Py_ssize_t points)
{
    /* (a count of points past what ``data`` holds, however large, is refused before any
     * product of it is made) */
    if (points < 0 || length < 8 || (size_t)(length - 8) / 4 < (size_t)points)
        goto bad;
    c->nodes = load32(data + 4);
    c->points = points;
    Py_ssize_t rest = length - 8 - 4 * points;
    if ((size_t)rest < c->nodes || (rest - (Py_ssize_t)c->nodes) % 4)
        goto bad;
    c->counts = data + 8;
    c->flat = data + 8 + 4 * points + c->nodes;
    c->total = (rest - (Py_ssize_t)c->nodes) / 4;
    Py_ssize_t sum = 0;
    for (Py_ssize_t p = 0; p < points; p++)
        sum += load32(c->counts + 4 * p);
    if (sum != c->total)
        goto bad;
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "not a record's changes point by point");
    return -1;
}

/* firsts(changes, points, spans, last) -> bytes: kifu.corpus.occupancy.firsts, ``spans``
 * each node's span below the last span's start and ``last`` the last span. */
static PyObject *firsts(PyObject *self, PyObject *args)
{
    const unsigned char *data, *spans;
    Py_ssize_t length, points, known;
    int last;
    Changes c;
    if (!PyArg_ParseTuple(args, "y#ny#i", &data, &length, &points, &spans, &known, &last))
        return NULL;
    if (read_changes(&c, data, length, points) < 0)
        return NULL;
    uint32_t *found = malloc((2 * (size_t)c.total + 1) * sizeof(uint32_t));
    if (found == NULL)
        return PyErr_NoMemory();
    size_t made = 0;
    const unsigned char *at = c.flat;
    for (Py_ssize_t point = 0; point < points; point++) {
        uint32_t count = load32(c.counts + 4 * point);
        if (!count)
            continue;
        uint32_t first = load32(at);
        uint32_t key = (uint32_t)point << 6;
        if (count == 1) {  /* a stone placed and never taken */
            uint32_t node = first >> 2;
            uint32_t span = node < (uint32_t)known ? spans[node] : (uint32_t)last;
            uint32_t one = key | (first & 3) << 4 | span, two = key | FILLED << 4 | span;
            found[made++] = one < two ? one : two;
            found[made++] = one < two ? two : one;
        } else {
            int64_t seen[4] = {-1, -1, -1, -1};
            int emptied = 0;
            for (uint32_t i = 0; i < count; i++) {
                uint32_t change = load32(at + 4 * i), content = change & 3;
                if (content) {
                    if (seen[content] < 0)
                        seen[content] = change >> 2;
                } else {
                    emptied = 1;
                }
            }
            if (!emptied)
                seen[FILLED] = first >> 2;
            for (uint32_t kind = 1; kind < 4; kind++)
                if (seen[kind] >= 0) {
                    uint32_t node = (uint32_t)seen[kind];
                    uint32_t span = node < (uint32_t)known ? spans[node] : (uint32_t)last;
                    found[made++] = key | kind << 4 | span;
                }
        }
        at += 4 * (size_t)count;
    }
    PyObject *result = PyBytes_FromStringAndSize((const char *)found,
                                                 (Py_ssize_t)(made * sizeof(uint32_t)));
    free(found);
    return result;
}

/* placed(changes, points, permutations, images) -> bytes: kifu.corpus.continuations.placed,
 * ``permutations`` each image's points (signed 16-bit, image after image), or None where
 * the record's board is not known. */
static PyObject *placed(PyObject *self, PyObject *args)
{
    const unsigned char *data, *images;
    Py_ssize_t length, points, known;
    PyObject *permutations;
    Changes c;
    if (!PyArg_ParseTuple(args, "y#nOy#", &data, &length, &points, &permutations, &images,
                          &known))
        return NULL;
    if (read_changes(&c, data, length, points) < 0)
        return NULL;
    PyObject *result = PyBytes_FromStringAndSize(NULL, 2 * (Py_ssize_t)c.nodes);
    if (result == NULL)
        return NULL;
    int16_t *found = (int16_t *)PyBytes_AS_STRING(result);
    for (uint32_t node = 0; node < c.nodes; node++)
        found[node] = -1;
    if (permutations == Py_None || c.nodes < 2)
        return result;
    Py_buffer board;
    if (PyObject_GetBuffer(permutations, &board, PyBUF_SIMPLE) < 0) {
        Py_DECREF(result);
        return NULL;
    }
    Py_ssize_t boards = points ? board.len / (2 * points) : 0;
    int16_t *filled = malloc(((size_t)c.nodes + 1) * sizeof(int16_t));
    if (filled == NULL) {
        PyBuffer_Release(&board);
        Py_DECREF(result);
        return PyErr_NoMemory();
    }
    for (uint32_t node = 0; node <= c.nodes; node++)
        filled[node] = -1;
    const unsigned char *at = c.flat;
    for (Py_ssize_t point = 0; point < points; point++) {
        uint32_t count = load32(c.counts + 4 * point), before = 0;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t change = load32(at + 4 * i);
            if (change & 3 && !(before & 3)) {
                uint32_t node = change >> 2;
                if (node <= c.nodes)
                    filled[node] = filled[node] == -1 ? (int16_t)point : -2;
            }
            before = change;
        }
        at += 4 * (size_t)count;
    }
    const unsigned char *perms = board.buf;
    const char *problem = NULL;
    for (uint32_t node = 0; node + 1 < c.nodes; node++) {
        int16_t point = filled[node + 1];
        if (point < 0)
            continue;
        if (node >= (uint32_t)known || images[node] >= boards) {
            problem = "placed(): an image of no permutation";
            break;
        }
        int16_t to;
        memcpy(&to, perms + 2 * ((size_t)images[node] * (size_t)points + (size_t)point), 2);
        found[node] = to;
    }
    free(filled);
    PyBuffer_Release(&board);
    if (problem) {
        Py_DECREF(result);
        PyErr_SetString(PyExc_ValueError, problem);
        return NULL;
    }
    return result;
}

typedef struct Pair {
    uint32_t entry, id;
} Pair;

/* Whether the machine keeps a number's low byte first (what radix() reads keys as). */
static int low_byte_first(void)
{
    uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    return first == 1;
}

/* Sort ``items`` (``count`` of ``size`` bytes) by the ``width``-byte number at ``offset`` in
 * each (unsigned, or signed with ``flip_top``), on a machine that keeps a number's low byte
 * first, keeping the order of equal keys: a byte at a time, from the lowest, through
 * ``spare`` (as large); the sorted items are where it returns (``items`` or ``spare``).
 * Where the input is in order of its other fields, so is the output among equal keys: what
 * qsort gives, in a few passes. */
static void *radix(void *items, void *spare, size_t count, size_t size, size_t offset,
                   size_t width, int flip_top)
{
    unsigned char *from = items, *to = spare;
    size_t counts[256];
    for (size_t byte = 0; byte < width; byte++) {
        memset(counts, 0, sizeof counts);
        unsigned char flip = (flip_top && byte == width - 1) ? 0x80 : 0;
        for (size_t i = 0; i < count; i++)
            counts[from[i * size + offset + byte] ^ flip]++;
        size_t total = 0;
        for (int b = 0; b < 256; b++) {
            size_t here = counts[b];
            counts[b] = total;
            total += here;
        }
        for (size_t i = 0; i < count; i++) {
            unsigned char key = from[i * size + offset + byte] ^ flip;
            memcpy(to + counts[key]++ * size, from + i * size, size);
        }
        unsigned char *swap = from;
        from = to;
        to = swap;
    }
    return from;
}

/* The rows from which radix_top_first pays (below, its 256 runs cost more than they save). */
#define TOP_FIRST 262144

/* ``radix`` of ``width``-byte signed keys (``flip_top``), by the top byte first into 256
 * runs, then each run by its other bytes: the same order, in ``items`` (where it returns),
 * but each run's passes within a cache's reach rather than over the whole (a first run's
 * 2 million rows: 118 ms rather than 152 ms, an eighth of the end of its run on two
 * cores). */
static void *radix_top_first(void *items, void *spare, size_t count, size_t size,
                             size_t offset, size_t width)
{
    unsigned char *from = items, *to = spare;
    size_t starts[257];
    memset(starts, 0, sizeof starts);
    for (size_t i = 0; i < count; i++)
        starts[(from[i * size + offset + width - 1] ^ 0x80) + 1]++;
    for (int b = 0; b < 256; b++)
        starts[b + 1] += starts[b];
    size_t next[256];
    memcpy(next, starts, sizeof next);
    for (size_t i = 0; i < count; i++) {
        unsigned char key = from[i * size + offset + width - 1] ^ 0x80;
        memcpy(to + next[key]++ * size, from + i * size, size);
    }
    for (int b = 0; b < 256; b++) {
        size_t first = starts[b], run = starts[b + 1] - first;
        if (run == 0)
            continue;
        unsigned char *done = radix(to + first * size, from + first * size, run, size, offset,
                                    width - 1, 0);
        if (done != from + first * size)
            memcpy(from + first * size, done, run * size);
    }
    return from;
}

static int by_entry(const void *a, const void *b)
{
    const Pair *x = a, *y = b;
    if (x->entry != y->entry)
        return x->entry < y->entry ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* gathered(entries, ids) -> [(entry, bitmap)]: kifu.corpus.occupancy.gathered, ``entries``
 * and ``ids`` unsigned 32-bit numbers side by side. */
static PyObject *gathered(PyObject *self, PyObject *args)
{
    const unsigned char *entries, *ids;
    Py_ssize_t count, other;
    if (!PyArg_ParseTuple(args, "y#y#", &entries, &count, &ids, &other))
        return NULL;
    if (count != other || count % 4) {
        PyErr_SetString(PyExc_ValueError, "gathered(): entries and ids of other lengths");
        return NULL;
    }
    size_t pairs = (size_t)count / 4;
    Pair *sorted = malloc((pairs + 1) * sizeof(Pair));
    if (sorted == NULL)
        return PyErr_NoMemory();
    int ascending = 1;
    for (size_t i = 0; i < pairs; i++) {
        sorted[i].entry = load32(entries + 4 * i);
        sorted[i].id = load32(ids + 4 * i);
        if (i && sorted[i].id < sorted[i - 1].id)
            ascending = 0;
    }
    Pair *spare = ascending && low_byte_first() ? malloc((pairs + 1) * sizeof(Pair)) : NULL;
    if (spare != NULL) {  /* the ids in order already: by entry alone, stably */
        Pair *done = radix(sorted, spare, pairs, sizeof(Pair), offsetof(Pair, entry), 4, 0);
        if (done != sorted)
            memcpy(sorted, done, pairs * sizeof(Pair));
        free(spare);
    } else {
        qsort(sorted, pairs, sizeof(Pair), by_entry);
    }
    PyObject *found = PyList_New(0);
    for (size_t start = 0; found != NULL && start < pairs;) {
        size_t end = start;
        while (end < pairs && sorted[end].entry == sorted[start].entry)
            end++;
        /* the ids ascend: the last is the largest */
        PyObject *bits = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sorted[end - 1].id >> 3) + 1);
        PyObject *item = NULL;
        if (bits != NULL) {
            unsigned char *set = (unsigned char *)PyBytes_AS_STRING(bits);
            memset(set, 0, (sorted[end - 1].id >> 3) + 1);
            for (size_t i = start; i < end; i++)
                set[sorted[i].id >> 3] |= (unsigned char)(1 << (sorted[i].id & 7));
            item = Py_BuildValue("(kN)", (unsigned long)sorted[start].entry, bits);
        }
        if (item == NULL || PyList_Append(found, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(found);
            break;
        }
        Py_DECREF(item);
        start = end;
    }
    free(sorted);
    return found;
}

/* A binary heap's sift-down, ``name``, for items of ``type`` kept with the first by
 * ``before`` on top: the order of ``heap`` (``size`` items) restored below ``at``. */
#define SIFT_DOWN(name, type, before)                                           \
    static void name(type *heap, size_t size, size_t at)                        \
    {                                                                           \
        for (;;) {                                                              \
            size_t first = at, left = 2 * at + 1, right = left + 1;             \
            if (left < size && before(&heap[left], &heap[first]))               \
                first = left;                                                   \
            if (right < size && before(&heap[right], &heap[first]))             \
                first = right;                                                  \
            if (first == at)                                                    \
                return;                                                         \
            type swap = heap[at];                                               \
            heap[at] = heap[first];                                             \
            heap[first] = swap;                                                 \
            at = first;                                                         \
        }                                                                       \
    }

typedef struct Row {
    int64_t hash, place;
    uint32_t at;
} Row;

static int by_hash(const void *a, const void *b)
{
    const Row *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->place < y->place ? -1 : x->place > y->place;
}

/* arrange()'s work on the hashes and places where they are (``length`` and ``other`` bytes). */
static PyObject *arranged(const unsigned char *hashes, Py_ssize_t length,
                          const unsigned char *places, Py_ssize_t other)
{
    if (length != other || length % 8 || length / 8 > (Py_ssize_t)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "arrange(): hashes and places of other lengths");
        return NULL;
    }
    size_t count = (size_t)length / 8;
    Row *rows = malloc((count + 1) * sizeof(Row));
    if (rows == NULL)
        return PyErr_NoMemory();
    int ascending = 1;
    for (size_t i = 0; i < count; i++) {
        memcpy(&rows[i].hash, hashes + 8 * i, 8);
        memcpy(&rows[i].place, places + 8 * i, 8);
        rows[i].at = (uint32_t)i;
        if (i && rows[i].place <= rows[i - 1].place)
            ascending = 0;
    }
    Row *spare = ascending && low_byte_first() ? malloc((count + 1) * sizeof(Row)) : NULL;
    Row *done = rows;
    if (spare != NULL)  /* the places in order already: by hash alone (signed), stably */
        done = count < TOP_FIRST
               ? radix(rows, spare, count, sizeof(Row), offsetof(Row, hash), 8, 1)
               : radix_top_first(rows, spare, count, sizeof(Row), offsetof(Row, hash), 8);
    else
        qsort(rows, count, sizeof(Row), by_hash);
    if (done != rows) {
        memcpy(rows, done, count * sizeof(Row));
    }
    free(spare);
    PyObject *order = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * count));
    PyObject *pairs = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(16 * count));
    if (order != NULL && pairs != NULL) {
        unsigned char *o = (unsigned char *)PyBytes_AS_STRING(order);
        unsigned char *w = (unsigned char *)PyBytes_AS_STRING(pairs);
        for (size_t i = 0; i < count; i++) {
            memcpy(o + 4 * i, &rows[i].at, 4);
            memcpy(w + 16 * i, &rows[i].hash, 8);
            memcpy(w + 16 * i + 8, &rows[i].place, 8);
        }
    }
    free(rows);
    if (order == NULL || pairs == NULL) {
        Py_XDECREF(order);
        Py_XDECREF(pairs);
        return NULL;
    }
    return Py_BuildValue("(NN)", order, pairs);
}

/* arrange(hashes, places) -> (order, rows): positions' rows (signed 64-bit numbers side by
 * side) in the order of the position table (by hash, then place): where each came from
 * (unsigned 32-bit), and the rows, hash and place after hash and place. */
static PyObject *arrange(PyObject *self, PyObject *args)
{
    Py_buffer given[2];
    if (!PyArg_ParseTuple(args, "y*y*", &given[0], &given[1]))
        return NULL;
    /* (read where they are: the writer's arrays of a first run, tens of megabytes) */
    PyObject *found = arranged(given[0].buf, given[0].len, given[1].buf, given[1].len);
    PyBuffer_Release(&given[0]);
    PyBuffer_Release(&given[1]);
    return found;
}

/* tallies(rows, shift) -> [(bucket, count, low, high)]: what kifu.corpus.checks.
 * POSITION_TALLY sums of the rows in order (arrange()'s) of each bucket (``hash >> shift``):
 * how many, the sums of the low and of the high 32 bits of ``hash XOR place``. */
static PyObject *tallies(PyObject *self, PyObject *args)
{
    const unsigned char *rows;
    Py_ssize_t length;
    int shift;
    if (!PyArg_ParseTuple(args, "y#i", &rows, &length, &shift))
        return NULL;
    if (length % 16 || shift < 1 || shift > 63 || length / 16 > (Py_ssize_t)INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "tallies(): not rows of positions");
        return NULL;
    }
    size_t count = (size_t)length / 16;
    PyObject *found = PyList_New(0);
    size_t i = 0;
    while (found != NULL && i < count) {
        int64_t hash, place;
        memcpy(&hash, rows + 16 * i, 8);
        /* an arithmetic shift, as SQLite's and Python's: the top bits of a negative hash */
        int64_t bucket = hash < 0 ? -(int64_t)((~(uint64_t)hash) >> shift) - 1
                                  : (int64_t)((uint64_t)hash >> shift);
        int64_t rows_in = 0, low = 0, high = 0;
        for (; i < count; i++) {
            memcpy(&hash, rows + 16 * i, 8);
            int64_t mine = hash < 0 ? -(int64_t)((~(uint64_t)hash) >> shift) - 1
                                    : (int64_t)((uint64_t)hash >> shift);
            if (mine != bucket)
                break;
            memcpy(&place, rows + 16 * i + 8, 8);
            uint64_t mix = (uint64_t)hash ^ (uint64_t)place;
            int64_t top = (int64_t)(mix >> 32);
            if (top >= ((int64_t)1 << 31))
                top -= (int64_t)1 << 32;
            rows_in++;
            low += (int64_t)(mix & 0xFFFFFFFFu);
            high += top;
        }
        PyObject *item = Py_BuildValue("(LLLL)", (long long)bucket, (long long)rows_in,
                                       (long long)low, (long long)high);
        if (item == NULL || PyList_Append(found, item) < 0)
            Py_CLEAR(found);
        Py_XDECREF(item);
    }
    return found;
}

static PyObject *shared_of(const unsigned char *rows, Py_ssize_t length,
                           const unsigned char *order, Py_ssize_t other, int least);

/* shared(rows, order, least) -> bytes: where each row in order (arrange()'s) of a position
 * that at least ``least`` rows hold came from (unsigned 32-bit), in that order. */
static PyObject *shared(PyObject *self, PyObject *args)
{
    Py_buffer given[2];
    int least;
    if (!PyArg_ParseTuple(args, "y*y*i", &given[0], &given[1], &least))
        return NULL;
    /* (read where they are: the explorer's arrays of a batch, tens of megabytes) */
    PyObject *found = shared_of(given[0].buf, given[0].len, given[1].buf, given[1].len, least);
    PyBuffer_Release(&given[0]);
    PyBuffer_Release(&given[1]);
    return found;
}

/* shared()'s work on the rows and order where they are (``length`` and ``other`` bytes). */
static PyObject *shared_of(const unsigned char *rows, Py_ssize_t length,
                           const unsigned char *order, Py_ssize_t other, int least)
{
    if (length % 16 || other != length / 4) {
        PyErr_SetString(PyExc_ValueError, "shared(): not rows of positions and their order");
        return NULL;
    }
    size_t count = (size_t)length / 16, made = 0;
    PyObject *found = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * count));
    if (found == NULL)
        return NULL;
    unsigned char *w = (unsigned char *)PyBytes_AS_STRING(found);
    for (size_t start = 0; start < count;) {
        int64_t hash, next;
        memcpy(&hash, rows + 16 * start, 8);
        size_t end = start + 1;
        for (; end < count; end++) {
            memcpy(&next, rows + 16 * end, 8);
            if (next != hash)
                break;
        }
        if (end - start >= (size_t)(least > 0 ? least : 0)) {
            memcpy(w + 4 * made, order + 4 * start, 4 * (end - start));
            made += end - start;
        }
        start = end;
    }
    if (_PyBytes_Resize(&found, (Py_ssize_t)(4 * made)) < 0)
        return NULL;
    return found;
}

/* A row of a sorted run (run(), merge()): a position's hash and place, the hash of the node
 * after it in its record (0 after the last held), and the point its move puts a stone on. */
#define RUN_ROW 32

/* run(rows, order, hashes, points) -> bytes: a first run's rows in order (arrange()'s, and
 * where each came from) written out as a sorted run: each row's hash and place, the hash
 * held after it (``hashes``, 0 after the last) and its point (``points``, signed 16-bit),
 * 32 bytes a row (three signed 64-bit numbers, the point, six zero bytes). */
static PyObject *run(PyObject *self, PyObject *args)
{
    Py_buffer given[4];
    if (!PyArg_ParseTuple(args, "y*y*y*y*", &given[0], &given[1], &given[2], &given[3]))
        return NULL;
    /* (read where they are: the writer's arrays, tens of megabytes) */
    const unsigned char *rows = given[0].buf, *order = given[1].buf, *hashes = given[2].buf,
                        *points = given[3].buf;
    Py_ssize_t length = given[0].len, other = given[1].len, held = given[2].len,
               pointed = given[3].len;
    PyObject *found = NULL;
    if (length % 16 || other != length / 4 || held % 8 || pointed != held / 4 ||
        length / 16 > PY_SSIZE_T_MAX / RUN_ROW) {
        PyErr_SetString(PyExc_ValueError, "run(): rows, order, hashes and points of other "
                                          "lengths");
        goto done;
    }
    size_t count = (size_t)length / 16, many = (size_t)held / 8;
    for (size_t i = 0; i < count; i++) {
        uint32_t at;
        memcpy(&at, order + 4 * i, 4);
        if (at >= many) {
            PyErr_SetString(PyExc_ValueError, "run(): a row from past the positions held");
            goto done;
        }
    }
    found = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(RUN_ROW * count));
    if (found == NULL)
        goto done;
    unsigned char *w = (unsigned char *)PyBytes_AS_STRING(found);
    memset(w, 0, RUN_ROW * count);
    for (size_t i = 0; i < count; i++, w += RUN_ROW) {
        uint32_t at;
        memcpy(&at, order + 4 * i, 4);
        memcpy(w, rows + 16 * i, 16);
        if ((size_t)at + 1 < many)
            memcpy(w + 16, hashes + 8 * ((size_t)at + 1), 8);
        memcpy(w + 24, points + 2 * (size_t)at, 2);
    }
done:
    for (int k = 0; k < 4; k++)
        PyBuffer_Release(&given[k]);
    return found;
}

static int row_before(const Row *x, const Row *y)
{
    return by_hash(x, y) < 0;
}

/* The heads of the runs being merged (each one's next row, ``at`` its run), kept in a heap
 * by hash, then place: the first comes first. */
SIFT_DOWN(heap_down, Row, row_before)

/* merge(runs, cursors, limit) -> bytes: the rows of sorted runs (run()'s, each a buffer)
 * from each one's cursor on (``cursors``, a writable buffer of signed 64-bit numbers, one a
 * run: rows taken), merged in the position table's order (by hash, then place): at least
 * ``limit`` rows and then the rest of the last one's position (a position is never cut), or
 * all that is left; the cursors moved past the rows given.  Runs out of order (a row not
 * after the one before it, in its run or in the merge) are refused. */
static PyObject *merge(PyObject *self, PyObject *args)
{
    PyObject *given;
    Py_buffer cursors;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "Ow*n", &given, &cursors, &limit))
        return NULL;
    PyObject *runs = PySequence_Fast(given, "merge(): runs must be a sequence");
    if (runs == NULL) {
        PyBuffer_Release(&cursors);
        return NULL;
    }
    size_t count = (size_t)PySequence_Fast_GET_SIZE(runs), opened = 0, used = 0;
    PyObject *found = NULL;
    Py_buffer *views = NULL;
    int64_t *at = NULL;
    Row *heap = NULL;
    unsigned char *out = NULL;
    size_t made = 0, room = 0;
    if (cursors.len < 0 || (size_t)cursors.len != 8 * count || limit < 1 ||
        count > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "merge(): a cursor for each run, a limit above 0");
        goto done;
    }
    views = PyMem_Calloc(count + 1, sizeof(Py_buffer));
    at = PyMem_Calloc(count + 1, sizeof(int64_t));
    heap = PyMem_Calloc(count + 1, sizeof(Row));
    if (views == NULL || at == NULL || heap == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(at, cursors.buf, 8 * count);
    for (; opened < count; opened++) {
        PyObject *item = PySequence_Fast_GET_ITEM(runs, opened);
        if (PyObject_GetBuffer(item, &views[opened], PyBUF_SIMPLE) < 0)
            goto done;
        size_t rows = (size_t)views[opened].len / RUN_ROW;
        if (views[opened].len % RUN_ROW || at[opened] < 0 || (uint64_t)at[opened] > rows) {
            opened++;
            PyErr_SetString(PyExc_ValueError, "merge(): not a run of rows, or a cursor past "
                                              "its end");
            goto done;
        }
        if ((size_t)at[opened] < rows) {
            const unsigned char *row = (const unsigned char *)views[opened].buf +
                                       RUN_ROW * (size_t)at[opened];
            memcpy(&heap[used].hash, row, 8);
            memcpy(&heap[used].place, row + 8, 8);
            heap[used++].at = (uint32_t)opened;
        }
    }
    for (size_t i = used; i-- > 0;)
        heap_down(heap, used, i);
    Row last = {0, 0, 0};
    while (used) {
        Row top = heap[0];
        if (made >= (size_t)limit && top.hash != last.hash)
            break;
        if (made && by_hash(&last, &top) >= 0) {
            PyErr_SetString(PyExc_ValueError, "merge(): runs out of order");
            goto done;
        }
        if (made == room) {
            size_t more = room ? 2 * room : 1024;
            unsigned char *grown = PyMem_Realloc(out, more * RUN_ROW);
            if (grown == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            out = grown;
            room = more;
        }
        const Py_buffer *view = &views[top.at];
        size_t rows = (size_t)view->len / RUN_ROW, next = (size_t)++at[top.at];
        memcpy(out + RUN_ROW * made++, (const unsigned char *)view->buf + RUN_ROW * (next - 1),
               RUN_ROW);
        last = top;
        if (next < rows) {
            const unsigned char *row = (const unsigned char *)view->buf + RUN_ROW * next;
            memcpy(&heap[0].hash, row, 8);
            memcpy(&heap[0].place, row + 8, 8);
        } else {
            heap[0] = heap[--used];
        }
        heap_down(heap, used, 0);
    }
    found = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)(RUN_ROW * made));
    if (found != NULL)
        memcpy(cursors.buf, at, 8 * count);
done:
    for (size_t i = 0; i < opened; i++)
        if (views[i].obj != NULL)
            PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(at);
    PyMem_Free(heap);
    PyMem_Free(out);
    Py_DECREF(runs);
    PyBuffer_Release(&cursors);
    return found;
}

/* A count of each winner's code, kept in a small list (a position has few winners). */
typedef struct Wins {
    int32_t *codes, *counts;
    size_t used, room;
} Wins;

static int win(Wins *w, int32_t code)
{
    for (size_t i = 0; i < w->used; i++)
        if (w->codes[i] == code) {
            w->counts[i]++;
            return 0;
        }
    if (w->used == w->room) {
        size_t more = w->room ? 2 * w->room : 4;
        int32_t *codes = realloc(w->codes, more * sizeof(int32_t));
        if (codes == NULL)
            return -1;
        w->codes = codes;
        int32_t *counts = realloc(w->counts, more * sizeof(int32_t));
        if (counts == NULL)
            return -1;
        w->counts = counts;
        w->room = more;
    }
    w->codes[w->used] = code;
    w->counts[w->used++] = 1;
    return 0;
}

/* ((code, count), ...) in order of the codes. */
static PyObject *wins_tuple(Wins *w)
{
    for (size_t i = 1; i < w->used; i++)  /* insertion sort: a few */
        for (size_t j = i; j > 0 && w->codes[j - 1] > w->codes[j]; j--) {
            int32_t code = w->codes[j], count = w->counts[j];
            w->codes[j] = w->codes[j - 1];
            w->counts[j] = w->counts[j - 1];
            w->codes[j - 1] = code;
            w->counts[j - 1] = count;
        }
    PyObject *found = PyTuple_New((Py_ssize_t)w->used);
    for (size_t i = 0; found != NULL && i < w->used; i++) {
        PyObject *item = Py_BuildValue("(ii)", w->codes[i], w->counts[i]);
        if (item == NULL) {
            Py_CLEAR(found);
            break;
        }
        PyTuple_SET_ITEM(found, (Py_ssize_t)i, item);
    }
    return found;
}

typedef struct Follow {
    int64_t after;
    int64_t games, example, point, latest;  /* latest: the last record that played it */
    Wins wins;
} Follow;

typedef struct Ranked {
    uint32_t rank, record;
} Ranked;

static int by_rank(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    return x->rank < y->rank ? 1 : x->rank > y->rank ? -1 : 0;
}

static int rank_below(const Ranked *x, const Ranked *y)
{
    return x->rank < y->rank;
}

/* The heap of ``top``, lowest rank on top. */
SIFT_DOWN(sift_down, Ranked, rank_below)

/* The ids of the ``listed`` records of ``records`` (``count``) of highest ``rank``, highest
 * first, as a tuple; ``scratch`` holds ``count``.  (The ranks are each record's own: where
 * there are more records than ``listed``, the highest are kept in a heap as they come, a
 * few compares a record, rather than all sorted.) */
static PyObject *top(const int64_t *records, size_t count, const uint32_t *rank,
                     int64_t first, Py_ssize_t listed, Ranked *scratch)
{
    size_t kept = count < (size_t)listed ? count : (size_t)listed;
    for (size_t i = 0; i < count; i++) {
        Ranked one = {rank[records[i] - first], (uint32_t)(records[i] - first)};
        if (i < kept) {
            scratch[i] = one;
            if (i + 1 == kept && kept < count)  /* full: a heap from here on */
                for (size_t at = kept / 2; at-- > 0;)
                    sift_down(scratch, kept, at);
        } else if (kept && one.rank > scratch[0].rank) {
            scratch[0] = one;
            sift_down(scratch, kept, 0);
        }
    }
    qsort(scratch, kept, sizeof(Ranked), by_rank);
    PyObject *found = PyTuple_New((Py_ssize_t)kept);
    for (size_t i = 0; found != NULL && i < kept; i++) {
        PyObject *id = PyLong_FromLongLong((long long)scratch[i].record + first);
        if (id == NULL) {
            Py_CLEAR(found);
            break;
        }
        PyTuple_SET_ITEM(found, (Py_ssize_t)i, id);
    }
    return found;
}

/* explore(hashes, places, points, shared, first, plain, swapped, swaps, latest, strongest,
 * listed, last, shift, images) -> [(hash, games, wins, record, latest, strongest, nexts)]:
 * the explorer's rows of each position the rows at ``shared`` hold (kifu.corpus.
 * continuations.Writer._counted, which is the reference), every record of them one of
 * the records ``first`` on, each record's winner's code as a position's image does not
 * (``plain``) or does (``swapped``) swap the colours, which images do (``swaps``, a bit
 * each), and its rank among them by date (``latest``) and by strength (``strongest``):
 * each position's count of records, of each winner, its first record, the ``listed``
 * records of highest rank each way, and each position following it (``after``, its
 * records, of each winner, the first of them and the point it fills; ``last`` in
 * ``points``: none follows). */
static PyObject *explore(PyObject *self, PyObject *args)
{
    Py_buffer b[10];
    long long first_in;
    Py_ssize_t listed;
    int last, shift, images;
    memset(b, 0, sizeof b);
    if (!PyArg_ParseTuple(args, "y*y*y*y*Ly*y*y*y*y*niii", &b[0], &b[1], &b[2], &b[3],
                          &first_in, &b[4], &b[5], &b[6], &b[7], &b[8], &listed, &last,
                          &shift, &images))
        return NULL;
    const int64_t *hashes = b[0].buf, *places = b[1].buf;
    const int16_t *points = b[2].buf;
    const uint32_t *shared = b[3].buf;
    const int32_t *plain = b[4].buf, *swapped = b[5].buf;
    const uint32_t *swaps = b[6].buf, *latest = b[7].buf, *strongest = b[8].buf;
    size_t rows = (size_t)b[0].len / 8, count = (size_t)b[3].len / 4;
    size_t records = (size_t)b[4].len / 4;
    int64_t first = (int64_t)first_in;
    PyObject *found = NULL;
    int64_t *ids = NULL;
    Ranked *scratch = NULL;
    Follow *follows = NULL;
    size_t follow_room = 0;
    Wins wins = {0};
    if ((size_t)b[1].len != 8 * rows || (size_t)b[2].len != 2 * rows ||
        (size_t)b[5].len != 4 * records || (size_t)b[6].len != 4 * records ||
        (size_t)b[7].len != 4 * records || (size_t)b[8].len != 4 * records ||
        shift < 1 || shift > 62 || images < 1 || images > 32 || listed < 0 || first < 0) {
        PyErr_SetString(PyExc_ValueError, "explore(): arrays of other lengths");
        goto done;
    }
    /* the arrays are read as numbers in place: each must start where its numbers may (a
     * slice of a buffer may not) */
    static const size_t WIDTHS[9] = {8, 8, 2, 4, 4, 4, 4, 4, 4};
    for (int k = 0; k < 9; k++)
        if ((uintptr_t)b[k].buf % WIDTHS[k]) {
            PyErr_SetString(PyExc_ValueError, "explore(): an array out of alignment");
            goto done;
        }
    for (size_t i = 0; i < count; i++)
        if (shared[i] >= rows) {
            PyErr_SetString(PyExc_ValueError, "explore(): a row out of range");
            goto done;
        }
    ids = malloc((count + 1) * sizeof(int64_t));
    scratch = malloc((count + 1) * sizeof(Ranked));
    found = PyList_New(0);
    if (ids == NULL || scratch == NULL || found == NULL) {
        if (found == NULL)
            goto done;
        PyErr_NoMemory();
        Py_CLEAR(found);
        goto done;
    }
    for (size_t i = 0; i < count;) {
        int64_t value = hashes[shared[i]];
        size_t games = 0, follow_used = 0;
        wins.used = 0;
        int64_t record = 0;
        int counted = 0;  /* (any number may be a record's: none is kept as "no record") */
        int32_t code = 0;
        for (; i < count && hashes[shared[i]] == value; i++) {
            size_t at = shared[i];
            int64_t place = places[at], own = place >> shift;
            if (!counted || own != record) {
                counted = 1;
                record = own;
                int image = (int)(place & (images - 1));
                /* (``first`` is not below 0: ``own - first`` cannot overflow) */
                if (own < first || (uint64_t)(own - first) >= records) {
                    PyErr_SetString(PyExc_ValueError, "explore(): a record out of range");
                    Py_CLEAR(found);
                    goto done;
                }
                size_t index = (size_t)(own - first);
                code = (swaps[index] >> image) & 1 ? swapped[index] : plain[index];
                if (win(&wins, code) < 0)
                    goto memory;
                ids[games++] = own;
            }
            if (points[at] == last || at + 1 >= rows)
                continue;
            int64_t after = hashes[at + 1];
            size_t f = 0;
            for (; f < follow_used && follows[f].after != after; f++)
                ;
            if (f < follow_used) {
                if (follows[f].latest == record)  /* played already in this record */
                    continue;
                follows[f].latest = record;
                follows[f].games++;
                if (win(&follows[f].wins, code) < 0)
                    goto memory;
                continue;
            }
            if (follow_used == follow_room) {
                size_t more = follow_room ? 2 * follow_room : 16;
                Follow *grown = realloc(follows, more * sizeof(Follow));
                if (grown == NULL)
                    goto memory;
                memset(grown + follow_room, 0, (more - follow_room) * sizeof(Follow));
                follows = grown;
                follow_room = more;
            }
            Follow *next = &follows[follow_used++];
            next->after = after;
            next->games = 1;
            next->example = next->latest = record;
            next->point = points[at];
            next->wins.used = 0;
            if (win(&next->wins, code) < 0)
                goto memory;
        }
        PyObject *nexts = PyTuple_New((Py_ssize_t)follow_used);
        for (size_t f = 0; nexts != NULL && f < follow_used; f++) {
            PyObject *item = Py_BuildValue("(LLNLi)", (long long)follows[f].after,
                                           (long long)follows[f].games,
                                           wins_tuple(&follows[f].wins),
                                           (long long)follows[f].example,
                                           (int)follows[f].point);
            if (item == NULL) {
                Py_CLEAR(nexts);
                break;
            }
            PyTuple_SET_ITEM(nexts, (Py_ssize_t)f, item);
        }
        PyObject *row = nexts == NULL ? NULL : Py_BuildValue(
            "(LnNLNNN)", (long long)value, (Py_ssize_t)games, wins_tuple(&wins),
            (long long)ids[0], top(ids, games, latest, first, listed, scratch),
            top(ids, games, strongest, first, listed, scratch), nexts);
        if (row == NULL || PyList_Append(found, row) < 0) {
            Py_XDECREF(row);
            Py_CLEAR(found);
            goto done;
        }
        Py_DECREF(row);
    }
    goto done;
memory:
    PyErr_NoMemory();
    Py_CLEAR(found);
done:
    for (size_t f = 0; f < follow_room; f++) {
        free(follows[f].wins.codes);
        free(follows[f].wins.counts);
    }
    free(follows);
    free(wins.codes);
    free(wins.counts);
    free(ids);
    free(scratch);
    for (int k = 0; k < 10; k++)
        if (b[k].obj != NULL)
            PyBuffer_Release(&b[k]);
    return found;
}

/* Append ``size`` bytes to ``*out`` (``*used`` of ``*room``), growing it. */
static int put(char **out, size_t *used, size_t *room, const char *data, size_t size)
{
    if (*used + size > *room) {
        size_t more = 2 * (*used + size) + 64;
        char *grown = PyMem_Realloc(*out, more);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        *out = grown;
        *room = more;
    }
    memcpy(*out + *used, data, size);
    *used += size;
    return 0;
}

/* A growing buffer of bytes (PyMem). */
typedef struct Buffer {
    char *data;
    size_t used, room;
} Buffer;

static int put_text(Buffer *b, const char *data, size_t size)
{
    char head[32];
    int length = snprintf(head, sizeof head, "t%zu:", size);
    return put(&b->data, &b->used, &b->room, head, (size_t)length) ||
        put(&b->data, &b->used, &b->room, data, size);
}

static int put_int(Buffer *b, long long number)
{
    char head[32];
    int length = snprintf(head, sizeof head, "i%lld;", number);
    return put(&b->data, &b->used, &b->room, head, (size_t)length);
}

/* ``values`` (a tuple) serialized onto ``b`` as kifu.corpus.checks.serialized does it, each
 * marked with its kind: ``n``; ``t<length>:`` and a text's UTF-8 bytes (surrogates kept);
 * ``i<digits>;``; ``b<length>:`` and the bytes; ``f<float.hex()>;``.  -1 with an exception
 * set where it cannot. */
static int serialize(PyObject *values, Buffer *b)
{
    char head[48];
    if (!PyTuple_Check(values)) {
        PyErr_SetString(PyExc_TypeError, "serialized(): a tuple of values");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(values); i++) {
        PyObject *value = PyTuple_GET_ITEM(values, i);
        int failed = 0;
        if (value == Py_None) {
            failed = put(&b->data, &b->used, &b->room, "n", 1);
        } else if (PyUnicode_Check(value)) {
            PyObject *data = PyUnicode_AsEncodedString(value, "utf-8", "surrogatepass");
            if (data == NULL) {
                failed = 1;
            } else {
                failed = put_text(b, PyBytes_AS_STRING(data), (size_t)PyBytes_GET_SIZE(data));
                Py_DECREF(data);
            }
        } else if (PyLong_Check(value)) {
            int overflow = 0;
            long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
            if (number == -1 && PyErr_Occurred()) {
                failed = 1;
            } else if (!overflow) {
                failed = put_int(b, number);
            } else {  /* beyond 64 bits: its digits as Python writes them */
                PyObject *text = PyNumber_ToBase(value, 10);
                const char *digits = text ? PyUnicode_AsUTF8(text) : NULL;
                failed = digits == NULL || put(&b->data, &b->used, &b->room, "i", 1) ||
                    put(&b->data, &b->used, &b->room, digits, strlen(digits)) ||
                    put(&b->data, &b->used, &b->room, ";", 1);
                Py_XDECREF(text);
            }
        } else if (PyBytes_Check(value)) {
            int length = snprintf(head, sizeof head, "b%zd:", PyBytes_GET_SIZE(value));
            failed = put(&b->data, &b->used, &b->room, head, (size_t)length) ||
                put(&b->data, &b->used, &b->room, PyBytes_AS_STRING(value),
                    (size_t)PyBytes_GET_SIZE(value));
        } else if (PyFloat_Check(value)) {
            PyObject *text = PyObject_CallMethod(value, "hex", NULL);
            const char *digits = text ? PyUnicode_AsUTF8(text) : NULL;
            failed = digits == NULL || put(&b->data, &b->used, &b->room, "f", 1) ||
                put(&b->data, &b->used, &b->room, digits, strlen(digits)) ||
                put(&b->data, &b->used, &b->room, ";", 1);
            Py_XDECREF(text);
        } else {
            PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(value), "__name__");
            if (name != NULL)
                PyErr_Format(PyExc_TypeError, "no checksum of a %U", name);
            Py_XDECREF(name);
            failed = 1;
        }
        if (failed)
            return -1;
    }
    return 0;
}

/* serialized(values) -> bytes: what kifu.corpus.checks.checksum hashes of a row's values
 * (a tuple: see serialize). */
static PyObject *serialized(PyObject *self, PyObject *values)
{
    Buffer b = {NULL, 0, 0};
    if (serialize(values, &b) < 0) {
        PyMem_Free(b.data);
        return NULL;
    }
    PyObject *found = PyBytes_FromStringAndSize(b.data ? b.data : "", (Py_ssize_t)b.used);
    PyMem_Free(b.data);
    return found;
}

/* BLAKE2b (RFC 7693) with a digest of 8 bytes, no key and a personalisation of at most 16
 * bytes: what kifu.corpus.checks.checksum asks of hashlib.blake2b, written here from the
 * RFC's description so that a row's checksum is made without a call back into Python. */
static const uint64_t BLAKE_IV[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

/* The order the message's words are taken in, round by round (rounds 10 and 11 repeat 0
 * and 1). */
static const uint8_t BLAKE_SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

static uint64_t load64(const unsigned char *at)
{
    uint64_t value = 0;
    for (int k = 7; k >= 0; k--)
        value = value << 8 | at[k];
    return value;
}

static uint64_t rotr64(uint64_t x, int n)
{
    return x >> n | x << (64 - n);
}

#define BLAKE_G(a, b, c, d, x, y) do { \
        v[a] = v[a] + v[b] + (x); v[d] = rotr64(v[d] ^ v[a], 32); \
        v[c] = v[c] + v[d]; v[b] = rotr64(v[b] ^ v[c], 24); \
        v[a] = v[a] + v[b] + (y); v[d] = rotr64(v[d] ^ v[a], 16); \
        v[c] = v[c] + v[d]; v[b] = rotr64(v[b] ^ v[c], 63); \
    } while (0)

/* One block of 128 bytes into the state ``h``; ``counted`` bytes hashed with it. */
static void blake_block(uint64_t h[8], const unsigned char *block, uint64_t counted, int last)
{
    uint64_t v[16], m[16];
    for (int k = 0; k < 16; k++)
        m[k] = load64(block + 8 * k);
    for (int k = 0; k < 8; k++) {
        v[k] = h[k];
        v[k + 8] = BLAKE_IV[k];
    }
    v[12] ^= counted;  /* (the counter's high word stays 0: no row is 2**64 bytes) */
    if (last)
        v[14] = ~v[14];
    for (int round = 0; round < 12; round++) {
        const uint8_t *s = BLAKE_SIGMA[round % 10];
        BLAKE_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
        BLAKE_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
        BLAKE_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
        BLAKE_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
        BLAKE_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
        BLAKE_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
        BLAKE_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
        BLAKE_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int k = 0; k < 8; k++)
        h[k] ^= v[k] ^ v[k + 8];
}

/* The checksum of ``size`` bytes at ``data`` personalised with ``person`` (a table's name,
 * padded with zeros to 16 bytes): its 8-byte BLAKE2b digest read as a signed little-endian
 * number, as kifu.corpus.checks.checksum reads hashlib's. */
static int64_t blake_checksum(const unsigned char person[16], const char *data, size_t size)
{
    uint64_t h[8];
    unsigned char block[128];
    memcpy(h, BLAKE_IV, sizeof h);
    h[0] ^= 0x01010000ULL ^ 8;  /* a fanout and depth of 1, no key, 8 bytes of digest */
    h[6] ^= load64(person);
    h[7] ^= load64(person + 8);
    uint64_t counted = 0;
    const unsigned char *at = (const unsigned char *)data;
    while (size > 128) {
        counted += 128;
        blake_block(h, at, counted, 0);
        at += 128;
        size -= 128;
    }
    memset(block, 0, sizeof block);
    if (size)
        memcpy(block, at, size);
    blake_block(h, block, counted + size, 1);
    return (int64_t)h[0];
}

/* A table's name as BLAKE2b's personalisation (at most 16 bytes, as hashlib takes it). */
static int person_of(const char *table, size_t size, unsigned char person[16])
{
    if (size > 16) {
        PyErr_SetString(PyExc_ValueError, "checksum(): a table's name of at most 16 bytes");
        return -1;
    }
    memset(person, 0, 16);
    memcpy(person, table, size);
    return 0;
}

/* The arguments (table, values) of checksum and checksums: the table's name as BLAKE2b's
 * personalisation, and ``values`` of the ``type`` asked for; -1 with an exception set. */
static int table_and(PyObject *args, PyTypeObject *type, PyObject **values,
                     unsigned char person[16])
{
    const char *table;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "s#O!", &table, &size, type, values))
        return -1;
    return person_of(table, (size_t)size, person);
}

/* checksum(table, values) -> int: kifu.corpus.checks.checksum of a row of ``table`` (its
 * name, ASCII) holding ``values`` (a tuple). */
static PyObject *checksum(PyObject *self, PyObject *args)
{
    PyObject *values;
    unsigned char person[16];
    if (table_and(args, &PyTuple_Type, &values, person) < 0)
        return NULL;
    Buffer b = {NULL, 0, 0};
    if (serialize(values, &b) < 0) {
        PyMem_Free(b.data);
        return NULL;
    }
    int64_t found = blake_checksum(person, b.data ? b.data : "", b.used);
    PyMem_Free(b.data);
    return PyLong_FromLongLong((long long)found);
}

/* checksums(table, rows) -> [int]: kifu.corpus.checks.checksum of each row of ``table``
 * (a list of tuples, each with its checksum last: the values before it), in one call: a
 * reader checks hundreds of an explorer's rows a step. */
static PyObject *checksums(PyObject *self, PyObject *args)
{
    PyObject *rows;
    unsigned char person[16];
    if (table_and(args, &PyList_Type, &rows, person) < 0)
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(rows);
    PyObject *found = PyList_New(count);
    if (found == NULL)
        return NULL;
    Buffer b = {NULL, 0, 0};
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *row = PyList_GET_ITEM(rows, i);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) < 1) {
            PyErr_SetString(PyExc_TypeError, "checksums(): rows are tuples, checksum last");
            goto failed;
        }
        PyObject *values = PyTuple_GetSlice(row, 0, PyTuple_GET_SIZE(row) - 1);
        if (values == NULL)
            goto failed;
        b.used = 0;
        int wrong = serialize(values, &b);
        Py_DECREF(values);
        if (wrong < 0)
            goto failed;
        PyObject *check = PyLong_FromLongLong(
            (long long)blake_checksum(person, b.data ? b.data : "", b.used));
        if (check == NULL)
            goto failed;
        PyList_SET_ITEM(found, i, check);
    }
    PyMem_Free(b.data);
    return found;
failed:
    PyMem_Free(b.data);
    Py_DECREF(found);
    return NULL;
}

/* What a row's tally adds of a checksum: its low 32 bits, and the rest (Python's ``>> 32``,
 * rounding down). */
static void tally_add(int64_t sums[3], int64_t check)
{
    sums[0] += 1;
    sums[1] += (int64_t)((uint64_t)check & 0xFFFFFFFFULL);
    sums[2] += check < 0 ? ~((~check) >> 32) : check >> 32;
}

/* Where a record ``id`` stands among those from ``first`` on: its id less ``first``, or -1
 * where that is below 0 or does not fit (worked out without overflow, whatever they are). */
static Py_ssize_t record_at(long long id, long long first)
{
    if (id < first)
        return -1;
    unsigned long long at = (unsigned long long)id - (unsigned long long)first;
    return at > (unsigned long long)PY_SSIZE_T_MAX ? -1 : (Py_ssize_t)at;
}

/* A text of the ``texts`` tuple (at ``index``), as UTF-8; NULL with an exception where there
 * is none. */
static const char *text_at(PyObject *texts, Py_ssize_t index, Py_ssize_t *size)
{
    if (index < 0 || index >= PyTuple_GET_SIZE(texts) ||
        !PyUnicode_Check(PyTuple_GET_ITEM(texts, index))) {
        PyErr_SetString(PyExc_ValueError, "rows(): no text for a code or a record");
        return NULL;
    }
    return PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(texts, index), size);
}

/* A count of each winner, ``wins`` (explore's ((code, count), ...)), as JSON onto ``b``:
 * ``{"name": count, ...}`` in the order of the names (``order``: each code's rank), the
 * names' JSON texts ``names``, as kifu.corpus.continuations._json writes it. */
static int wins_text(Buffer *b, PyObject *wins, PyObject *names, const uint32_t *order,
                     size_t codes)
{
    Py_ssize_t count = PyTuple_Check(wins) ? PyTuple_GET_SIZE(wins) : -1;
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, "rows(): not a count of winners");
        return -1;
    }
    long long (*pairs)[2] = PyMem_Malloc(((size_t)count + 1) * sizeof *pairs);
    if (pairs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = -1;
    Py_ssize_t kept = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        long long code, number;
        PyObject *pair = PyTuple_GET_ITEM(wins, i);
        if (!PyTuple_Check(pair)) {
            PyErr_SetString(PyExc_TypeError, "rows(): a winner's count is a tuple");
            goto done;
        }
        if (!PyArg_ParseTuple(pair, "LL", &code, &number))
            goto done;
        if (code < 0 || (size_t)code >= codes) {
            PyErr_SetString(PyExc_ValueError, "rows(): a winner's code out of range");
            goto done;
        }
        if (number <= 0)
            continue;
        Py_ssize_t j = kept++;
        for (; j > 0 && order[pairs[j - 1][0]] > order[code]; j--) {
            pairs[j][0] = pairs[j - 1][0];
            pairs[j][1] = pairs[j - 1][1];
        }
        pairs[j][0] = code;
        pairs[j][1] = number;
    }
    if (put(&b->data, &b->used, &b->room, "{", 1))
        goto done;
    for (Py_ssize_t i = 0; i < kept; i++) {
        Py_ssize_t size;
        const char *name = text_at(names, (Py_ssize_t)pairs[i][0], &size);
        char number[32];
        int length = snprintf(number, sizeof number, ": %lld", pairs[i][1]);
        if (name == NULL || (i && put(&b->data, &b->used, &b->room, ", ", 2)) ||
            put(&b->data, &b->used, &b->room, name, (size_t)size) ||
            put(&b->data, &b->used, &b->room, number, (size_t)length))
            goto done;
    }
    failed = put(&b->data, &b->used, &b->room, "}", 1);
done:
    PyMem_Free(pairs);
    return failed;
}

/* Records (explore's ids) as a JSON list onto ``b``: each one's text of ``listed`` (by its id
 * less ``first``), joined as json.dumps joins a list's items. */
static int listed_text(Buffer *b, PyObject *ids, PyObject *listed, long long first)
{
    if (!PyTuple_Check(ids)) {
        PyErr_SetString(PyExc_ValueError, "rows(): not a list of records");
        return -1;
    }
    if (put(&b->data, &b->used, &b->room, "[", 1))
        return -1;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(ids); i++) {
        long long id = PyLong_AsLongLong(PyTuple_GET_ITEM(ids, i));
        if (id == -1 && PyErr_Occurred())
            return -1;
        Py_ssize_t size;
        const char *text = text_at(listed, record_at(id, first), &size);
        if (text == NULL || (i && put(&b->data, &b->used, &b->room, ", ", 2)) ||
            put(&b->data, &b->used, &b->room, text, (size_t)size))
            return -1;
    }
    return put(&b->data, &b->used, &b->room, "]", 1);
}

typedef struct Following {
    long long after, games, example;
    int point;
    PyObject *wins;
} Following;

static int by_after(const void *a, const void *b)
{
    const Following *x = a, *y = b;
    return x->after < y->after ? -1 : x->after > y->after;
}

/* The texts made for a row, kept apart from the bytes its checksum hashes. */
static PyObject *text_of(Buffer *b, size_t from)
{
    return PyUnicode_DecodeUTF8(b->data + from, (Py_ssize_t)(b->used - from), "strict");
}

/* One position's rows (``counted``: explore's tuple of it) onto ``continuations`` and
 * ``explored``; see rows(). */
static int position_rows(PyObject *counted, PyObject *names, const uint32_t *order,
                         size_t codes, PyObject *sides, PyObject *listed, long long first,
                         PyObject *continuations, PyObject *explored, Buffer *text,
                         Buffer *data)
{
    static const unsigned char CONTINUATION[16] = "continuation", EXPLORED[16] = "explored";
    long long value, games, record;
    PyObject *wins, *latest, *strongest, *nexts;
    if (!PyTuple_Check(counted)) {
        PyErr_SetString(PyExc_TypeError, "rows(): a position's counts are a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(counted, "LLOLOOO!", &value, &games, &wins, &record, &latest,
                          &strongest, &PyTuple_Type, &nexts))
        return -1;
    Py_ssize_t count = PyTuple_GET_SIZE(nexts);
    Following *follows = PyMem_Malloc(((size_t)count + 1) * sizeof(Following));
    if (follows == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = -1;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *next = PyTuple_GET_ITEM(nexts, i);
        if (!PyTuple_Check(next)) {
            PyErr_SetString(PyExc_TypeError, "rows(): a continuation's counts are a tuple");
            goto done;
        }
        if (!PyArg_ParseTuple(next, "LLOLi", &follows[i].after, &follows[i].games,
                              &follows[i].wins, &follows[i].example, &follows[i].point))
            goto done;
    }
    qsort(follows, (size_t)count, sizeof(Following), by_after);
    int64_t sums[3] = {0, 0, 0};
    for (Py_ssize_t i = 0; i < count; i++) {
        Following *f = &follows[i];
        text->used = data->used = 0;
        if (wins_text(text, f->wins, names, order, codes) < 0)
            goto done;
        if (put_int(data, value) || put_int(data, f->after) || put_int(data, f->games) ||
            put_text(data, text->data, text->used) || put_int(data, f->example) ||
            (f->point < 0 ? put(&data->data, &data->used, &data->room, "n", 1) :
             put_int(data, f->point)))
            goto done;
        int64_t check = blake_checksum(CONTINUATION, data->data, data->used);
        tally_add(sums, check);
        PyObject *point = f->point < 0 ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLong(f->point);
        PyObject *row = point == NULL ? NULL : Py_BuildValue(
            "(LLLNLNL)", value, f->after, f->games, text_of(text, 0), f->example, point,
            (long long)check);
        if (row == NULL || PyList_Append(continuations, row) < 0) {
            Py_XDECREF(row);
            goto done;
        }
        Py_DECREF(row);
    }
    /* the explored row's texts one after the other in ``text``, each one's start kept */
    size_t starts[4];
    Py_ssize_t size;
    text->used = data->used = 0;
    const char *sides_text = text_at(sides, record_at(record, first), &size);
    if (sides_text == NULL)
        goto done;
    starts[0] = 0;
    if (wins_text(text, wins, names, order, codes) < 0)
        goto done;
    starts[1] = text->used;
    if (put(&text->data, &text->used, &text->room, sides_text, (size_t)size))
        goto done;
    starts[2] = text->used;
    if (listed_text(text, latest, listed, first) < 0)
        goto done;
    starts[3] = text->used;
    if (listed_text(text, strongest, listed, first) < 0)
        goto done;
    if (put_int(data, value) || put_int(data, games))
        goto done;
    for (int k = 0; k < 4; k++) {
        size_t end = k < 3 ? starts[k + 1] : text->used;
        if (put_text(data, text->data + starts[k], end - starts[k]))
            goto done;
    }
    if (put_int(data, sums[0]) || put_int(data, sums[1]) || put_int(data, sums[2]))
        goto done;
    int64_t check = blake_checksum(EXPLORED, data->data, data->used);
    PyObject *texts[4];
    for (int k = 0; k < 4; k++) {
        size_t end = k < 3 ? starts[k + 1] : text->used;
        texts[k] = PyUnicode_DecodeUTF8(text->data + starts[k], (Py_ssize_t)(end - starts[k]),
                                        "strict");
        if (texts[k] == NULL) {
            for (int j = 0; j < k; j++)
                Py_DECREF(texts[j]);
            goto done;
        }
    }
    PyObject *row = Py_BuildValue("(LLNNNNLLLL)", value, games, texts[0], texts[1], texts[2],
                                  texts[3], (long long)sums[0], (long long)sums[1],
                                  (long long)sums[2], (long long)check);
    if (row == NULL || PyList_Append(explored, row) < 0) {
        Py_XDECREF(row);
        goto done;
    }
    Py_DECREF(row);
    failed = 0;
done:
    PyMem_Free(follows);
    return failed;
}

/* rows(counted, names, order, sides, listed, first) -> (continuations, explored): the rows
 * of the explorer's tables, with their checksums, of the positions ``counted`` (explore's
 * list), as kifu.corpus.continuations.Writer._write makes them of the same counts (which
 * stays the reference): ``names`` the JSON text of each winner's code, ``order`` (uint32)
 * each code's rank among the names, ``sides`` and ``listed`` the JSON texts of each record's
 * sides and of its entry in a list (its id, date and strength), by its id less ``first``. */
static PyObject *rows(PyObject *self, PyObject *args)
{
    PyObject *counted, *names, *sides, *listed;
    Py_buffer order;
    long long first;
    if (!PyArg_ParseTuple(args, "O!O!y*O!O!L", &PyList_Type, &counted, &PyTuple_Type, &names,
                          &order, &PyTuple_Type, &sides, &PyTuple_Type, &listed, &first))
        return NULL;
    size_t codes = (size_t)order.len / 4;
    PyObject *continuations = NULL, *explored = NULL, *found = NULL;
    Buffer text = {NULL, 0, 0}, data = {NULL, 0, 0};
    if (codes != (size_t)PyTuple_GET_SIZE(names) || order.len % 4 ||
        (uintptr_t)order.buf % 4) {
        PyErr_SetString(PyExc_ValueError, "rows(): a rank for each name");
        goto done;
    }
    for (size_t k = 0; k < codes; k++)
        if (((const uint32_t *)order.buf)[k] >= codes) {
            PyErr_SetString(PyExc_ValueError, "rows(): a rank out of range");
            goto done;
        }
    continuations = PyList_New(0);
    explored = PyList_New(0);
    if (continuations == NULL || explored == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(counted); i++)
        if (position_rows(PyList_GET_ITEM(counted, i), names, order.buf, codes, sides, listed,
                          first, continuations, explored, &text, &data) < 0)
            goto done;
    found = PyTuple_Pack(2, continuations, explored);
done:
    Py_XDECREF(continuations);
    Py_XDECREF(explored);
    PyMem_Free(text.data);
    PyMem_Free(data.data);
    PyBuffer_Release(&order);
    return found;
}

/* places(first, step, images) -> bytes: kifu.corpus.build._places, the places of a record's
 * positions node by node (``first`` the first node's, ``step`` a node's), each its image
 * added; signed 64-bit numbers in the machine's order. */
static PyObject *places(PyObject *self, PyObject *args)
{
    long long first, step;
    const unsigned char *images;
    Py_ssize_t count;
    (void)self;
    if (!PyArg_ParseTuple(args, "LLy#", &first, &step, &images, &count))
        return NULL;
    if (count > 0 && (step <= 0 || first < 0 || (LLONG_MAX - 255 - first) / step < count))
        return PyErr_Format(PyExc_ValueError, "places past 64 bits");
    PyObject *found = PyBytes_FromStringAndSize(NULL, count * (Py_ssize_t)sizeof(int64_t));
    if (found == NULL)
        return NULL;
    char *out = PyBytes_AS_STRING(found);
    for (Py_ssize_t i = 0; i < count; i++) {
        int64_t place = (int64_t)(first + i * step + images[i]);
        memcpy(out + i * (Py_ssize_t)sizeof(int64_t), &place, sizeof place);
    }
    return found;
}

static PyMethodDef METHODS[] = {
    {"places", places, METH_VARARGS,
     "places(first, step, images) -> bytes\n\nkifu.corpus.build._places, packed."},
    {"serialized", serialized, METH_O,
     "serialized(values) -> bytes\n\nWhat kifu.corpus.checks.checksum hashes of a row."},
    {"checksum", checksum, METH_VARARGS,
     "checksum(table, values) -> int\n\nkifu.corpus.checks.checksum."},
    {"checksums", checksums, METH_VARARGS,
     "checksums(table, rows) -> [int]\n\nkifu.corpus.checks.checksum of each row but its last "
     "value."},
    {"rows", rows, METH_VARARGS,
     "rows(counted, names, order, sides, listed, first) -> (continuations, explored)\n\n"
     "The explorer's rows of explore's counts, as kifu.corpus.continuations.Writer._write "
     "makes them."},
    {"explore", explore, METH_VARARGS,
     "explore(...) -> [(hash, games, wins, record, latest, strongest, nexts)]\n\n"
     "kifu.corpus.continuations.Writer._counted's rows."},
    {"arrange", arrange, METH_VARARGS,
     "arrange(hashes, places) -> (order, rows)\n\nPositions' rows in the position table's order."},
    {"tallies", tallies, METH_VARARGS,
     "tallies(rows, shift) -> [(bucket, count, low, high)]\n\nThe buckets' tallies of rows in order."},
    {"shared", shared, METH_VARARGS,
     "shared(rows, order, least) -> bytes\n\nThe rows in order of positions held at least least times."},
    {"run", run, METH_VARARGS,
     "run(rows, order, hashes, points) -> bytes\n\nRows in order written out as a sorted run."},
    {"merge", merge, METH_VARARGS,
     "merge(runs, cursors, limit) -> bytes\n\nSorted runs' rows merged, whole positions."},
    {"firsts", firsts, METH_VARARGS,
     "firsts(changes, points, spans, last) -> bytes\n\nkifu.corpus.occupancy.firsts."},
    {"placed", placed, METH_VARARGS,
     "placed(changes, points, permutations, images) -> bytes\n\n"
     "kifu.corpus.continuations.placed."},
    {"gathered", gathered, METH_VARARGS,
     "gathered(entries, ids) -> [(entry, bitmap)]\n\nkifu.corpus.occupancy.gathered."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_packing",
    "The index's per-record packing in C (kifu.corpus.occupancy, kifu.corpus.continuations).",
    -1, METHODS,
};

PyMODINIT_FUNC PyInit__packing(void)
{
    return PyModule_Create(&MODULE);
}
