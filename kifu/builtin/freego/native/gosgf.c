/* kifu's compiled core for Go on grids: an SGF text in, its verdict out.
 *
 * judge(text) reads one SGF record of Go (two players, a rectangular grid) and replays its
 * main line under the rules kifu's referee applies (kifu/builtin/freego/rules/referee.py):
 * captures, suicide as RU allows it, basic ko or positional or situational superko as RU
 * names them, passes and the end of the game, handicap stones, then the result the record
 * states.  It answers (moves, noted) for a record of which Python would report nothing, or
 * only notes (pedantic findings, shown on request: ``noted``); anything else (a variation, a
 * set-up in play, a value Python would warn of, an illegal move, a result that differs...)
 * is answered with a few words saying why it is not this core's to decide (a str), and the
 * record goes to Python, which reads it as it always has and writes every diagnostic.  A
 * verdict here is therefore only ever "nothing to report", and a record this core cannot be
 * sure of is never decided here.
 *
 * Written for kifu; no code is taken from elsewhere.  Plain C99 and the CPython C API only.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A grid of up to 52 lines a side (SGF's letters a-z, A-Z; kifu's MAX_GRID), with a border
 * of EDGE cells around it so that every point has four neighbours to look at. */
#define MAX_SIDE 52
#define MAX_CELLS ((MAX_SIDE + 2) * (MAX_SIDE + 2))
#define PASS (-1)

enum { EMPTY = 0, BLACK = 1, WHITE = 2, EDGE = 3 };
enum { BASIC_KO, POSITIONAL_SUPERKO, SITUATIONAL_SUPERKO };

/* Why a record is left to Python: NULL while the record is still this core's. */
typedef const char *Reason;

/* What an index asks of the reading (NULL: validation's).  An index keeps a record's errors,
 * never its warnings: what Python reads with a warning alone (or reads into what the index
 * keeps, as territory marks), validation leaves to Python to report, and an index has read
 * here as Python reads it, or handed to Python. */
typedef struct {
    double largest_komi;  /* the largest komi kifu reads, in points (parameters.MAX_KOMI) */
} Indexing;

/* ------------------------------------------------------------------------------------------
 * Reading: the SGF text as bytes, one record, its main line only.
 * ------------------------------------------------------------------------------------------ */

typedef struct {
    const char *at;   /* the raw value between its brackets, escapes and all */
    Py_ssize_t size;
} Value;

typedef struct {
    const char *at, *end;
} Cursor;

static int is_blank(char c)
{
    /* SGF's blanks as kifu's reader skips them (kifu.sgf.tokens.BLANK) */
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static void skip_blanks(Cursor *c)
{
    while (c->at < c->end && is_blank(*c->at))
        c->at++;
}

/* One value "[...]" at the cursor (a backslash escapes the next byte); 0 if none closes. */
static int read_value(Cursor *c, Value *value)
{
    const char *p = c->at + 1;
    while (p < c->end && *p != ']') {
        if (*p == '\\')
            p++;
        p++;
    }
    if (p >= c->end)
        return 0;
    value->at = c->at + 1;
    value->size = p - value->at;
    c->at = p + 1;
    return 1;
}

/* A value as a trimmed ASCII word: blanks stripped as Python's str.strip() strips them,
 * which holds only where the value has no other control or non-ASCII byte, nor an escape
 * (kifu reads escapes before stripping); 0 where it has one. */
static int plain_word(Value v, const char **start, Py_ssize_t *size)
{
    const char *a = v.at, *b = v.at + v.size;
    for (const char *p = a; p < b; p++) {
        unsigned char u = (unsigned char)*p;
        if (u == '\\' || u >= 0x7f || (u < 0x20 && !is_blank((char)u)))
            return 0;
    }
    while (a < b && is_blank(*a))
        a++;
    while (b > a && is_blank(b[-1]))
        b--;
    *start = a;
    *size = b - a;
    return 1;
}

static int word_is(const char *s, Py_ssize_t n, const char *word)
{
    return (Py_ssize_t)strlen(word) == n && memcmp(s, word, (size_t)n) == 0;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* The length of the character of Python's whitespace (str.isspace) that starts at ``p``, or 0:
 * kifu strips values as Python does, so "empty" must mean what it means there. */
static int space_at(const unsigned char *p, const unsigned char *end)
{
    if (*p < 0x80)
        return *p == ' ' || (*p >= '\t' && *p <= '\r') || (*p >= 0x1c && *p <= 0x1f);
    if (end - p >= 2 && p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0))
        return 2;
    if (end - p < 3)
        return 0;
    if (p[0] == 0xe1 && p[1] == 0x9a && p[2] == 0x80)
        return 3;  /* U+1680 */
    if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] <= 0x8a || p[2] == 0xa8 || p[2] == 0xa9 ||
                                         p[2] == 0xaf) && p[2] >= 0x80)
        return 3;  /* U+2000-200A, U+2028, U+2029, U+202F */
    if (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f)
        return 3;  /* U+205F */
    if (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80)
        return 3;  /* U+3000 */
    return 0;
}

/* Whether text holds anything but whitespace, as Python's str.strip() sees it. */
static int has_content(const char *text, Py_ssize_t size)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + size;
    while (p < end) {
        int space = space_at(p, end);
        if (space == 0)
            return 1;
        p += space;
    }
    return 0;
}

/* Limits of a file as kifu's reader applies them (kifu.sgf.tree, kifu.base.limits). */
static long max_nodes = 0, max_values = 0, max_moves = 0;

/* What kifu's Go reading does with a property, where this core must know it, by the
 * property's name (one or two capital letters; FF[4] has no longer one):
 * KNOWN, FF[4]'s properties as kifu knows them (kifu.sgf.syntax.KNOWN_PROPERTIES, handed
 * over by ``configure``, as GAME_INFO is): any other is noted as unknown, and kept;
 * READ, the root's values this core reads (one value, set-ups excepted);
 * PYTHONS, what only Python reads (stones cleared, territory, kifu's own headers);
 * GAME_INFO (kifu.sgf.syntax.GAME_INFO), noted where empty, and taken from below the root
 * into the game (sgf.lines.game_info_below): Python's there;
 * MERGED (kifu.sgf.syntax.LIST_PROPERTIES and TEXT_PROPERTIES, handed over), those whose
 * values are merged, with a note, where the property is given again in its node. */
enum { KNOWN = 1, READ = 2, PYTHONS = 4, GAME_INFO = 8, MERGED = 16 };
static unsigned char kinds[26 * 27];

/* A property's place in ``kinds``, or -1 for a name longer than FF[4]'s. */
static int kind_index(const char *name, Py_ssize_t size)
{
    if (size == 1)
        return (name[0] - 'A') * 27;
    return size == 2 ? (name[0] - 'A') * 27 + name[1] - 'A' + 1 : -1;
}

static int kind_of(const char *name, Py_ssize_t size)
{
    int index = kind_index(name, size);
    return index < 0 ? 0 : kinds[index];
}

/* Mark each name of ``names`` (separated by blanks) as of ``kind``. */
static void mark_kind(const char *names, int kind)
{
    while (*names) {
        Py_ssize_t size = (Py_ssize_t)strcspn(names, " ");
        int index = kind_index(names, size);
        if (index >= 0)
            kinds[index] |= (unsigned char)kind;
        names += size;
        while (*names == ' ')
            names++;
    }
}

static int is_one_of(const char *name, Py_ssize_t size, int kind)
{
    return (kind_of(name, size) & kind) != 0;
}

/* A set-up property's values (AB's, AW's), brackets and all, as written: in parts where the
 * property is given again in its node (Python merges its values, with a note), chained in
 * the record's list of parts (Sgf.parts): the first's place and the last's, each plus one
 * (0: none). */
typedef struct {
    int first, last;
} Values;

typedef struct {
    Value values;
    int next;  /* the next part's place plus one, 0 for none */
} Part;

/* One node of the main line below the root: its move, if it has one. */
typedef struct {
    int colour;      /* BLACK, WHITE, or EMPTY for a node without a move */
    Value point;     /* the move's value as written */
    Values black, white;  /* AB and AW of a set-up node before the first move */
} Node;

/* What the root says, as far as this core reads it. */
typedef struct {
    Value size, komi, handicap, rules, result;
    int has_size, has_komi, has_handicap, has_rules, has_result;
    Values black, white;           /* AB and AW */
    int other_game;                /* GM names another game than Go (1) */
    int player;                    /* the seat PL names to move first, or -1 */
} Root;

typedef struct {
    Root root;
    Node *nodes;
    int count, capacity;
    int noted;          /* kifu would note something (shown only when notes are asked for) */
    int moved;          /* a node with a move was read: game information below it is kept */
    int early;          /* the set-up nodes between the root and the first move */
    const char *head, *head_end;  /* the root node: from the tree's "(" to its last value */
    const Indexing *indexing;     /* for an index, or NULL */
    Part *parts;                  /* the set-up properties' parts (Values) */
    int part_count, part_capacity;
    int marked;                   /* the last node below the root with TB or TW, plus one */
    Value marks[2];               /* its TB and TW (read for an index), brackets and all */
} Sgf;

/* Room for one more item in a growable array (``*items``: ``*capacity`` items of ``size``
 * bytes, ``count`` of them used), doubled where it is full (``first`` items the first time):
 * 0, or -1 where there is no memory for it. */
static int room_for_one(void **items, int *capacity, int count, size_t size, int first)
{
    if (count < *capacity)
        return 0;
    int more = *capacity ? 2 * *capacity : first;
    void *grown = realloc(*items, (size_t)more * size);
    if (grown == NULL)
        return -1;
    *items = grown;
    *capacity = more;
    return 0;
}

/* ``all`` (a set-up property's values, as written) added to ``values``. */
static Reason add_part(Sgf *s, Values *values, Value all)
{
    void *parts = s->parts;
    if (room_for_one(&parts, &s->part_capacity, s->part_count, sizeof(Part), 16) < 0)
        return "out of memory";
    s->parts = parts;
    s->parts[s->part_count++] = (Part){all, 0};
    if (values->last)
        s->parts[values->last - 1].next = s->part_count;
    else
        values->first = s->part_count;
    values->last = s->part_count;
    return NULL;
}

#define ROOT_VALUE(field)                    \
    do {                                     \
        s->root.field = v;                   \
        s->root.has_##field = 1;             \
    } while (0)

static int is_date(const char *s, Py_ssize_t n);
static int is_real(const char *s, Py_ssize_t n);

/* DT, TM and AP in their FF[4] forms, as kifu's pedantic reading asks them
 * (kifu.sgf.syntax._VALUE_FORMS; RE and KM are read whole below, in narrower forms):
 * a value of another form is noted. */
static Reason value_form(Sgf *s, const char *name, Value v)
{
    const char *w;
    Py_ssize_t n;
    if (!plain_word(v, &w, &n))
        return "DT, TM or AP not plain";
    if (n > 0 && ((word_is(name, 2, "DT") && !is_date(w, n)) ||
                  (word_is(name, 2, "TM") && !is_real(w, n)) ||
                  (word_is(name, 2, "AP") && !memchr(w, ':', (size_t)n))))
        s->noted = 1;
    return NULL;
}

/* One property of the root, as the record reads it (``all`` spans every value of it). */
static Reason root_property(Sgf *s, const char *name, Py_ssize_t length, Value v, Value all)
{
    if (length != 2)
        return NULL;
    if (word_is(name, 2, "SZ")) ROOT_VALUE(size);
    else if (word_is(name, 2, "KM")) ROOT_VALUE(komi);
    else if (word_is(name, 2, "HA")) ROOT_VALUE(handicap);
    else if (word_is(name, 2, "RU")) ROOT_VALUE(rules);
    else if (word_is(name, 2, "RE")) ROOT_VALUE(result);
    else if (word_is(name, 2, "PL")) {
        const char *w;
        Py_ssize_t n;
        if (!plain_word(v, &w, &n) || n != 1 || !strchr("BbWw12", *w) || !*w)
            return "PL naming no player";  /* kifu warns */
        s->root.player = strchr("Bb1", *w) ? 0 : 1;
    } else if (word_is(name, 2, "AB") || word_is(name, 2, "AW"))
        return add_part(s, name[1] == 'B' ? &s->root.black : &s->root.white, all);
    else if (word_is(name, 2, "DT") || word_is(name, 2, "TM") || word_is(name, 2, "AP"))
        return value_form(s, name, v);
    else if (word_is(name, 2, "GM") || word_is(name, 2, "FF")) {
        const char *w;
        Py_ssize_t n;
        if (!plain_word(v, &w, &n) || n != 1 || !is_digit(*w))
            return "GM or FF other than a digit";
        if (name[0] == 'G' && *w != '1')
            s->root.other_game = 1;
    }
    return NULL;
}

static Reason add_node(Sgf *s)
{
    void *nodes = s->nodes;
    if (room_for_one(&nodes, &s->capacity, s->count, sizeof(Node), 256) < 0)
        return "out of memory";
    s->nodes = nodes;
    memset(&s->nodes[s->count++], 0, sizeof(Node));
    return NULL;
}

/* A property of a node below the root: a move, or what the record keeps as it is. */
static Reason node_property(Sgf *s, const char *name, Py_ssize_t length, Value v, Value all,
                            int values)
{
    if (length == 1 && (*name == 'B' || *name == 'W')) {
        Node *node = &s->nodes[s->count - 1];
        if (node->colour != EMPTY)
            return "a black and a white move in one node";
        node->colour = *name == 'B' ? BLACK : WHITE;
        node->point = v;
        s->noted |= values > 1;  /* a move takes one value: the others kept, noted */
        return NULL;
    }
    if (word_is(name, length, "AB") || word_is(name, length, "AW")) {
        Node *node = &s->nodes[s->count - 1];
        return add_part(s, name[1] == 'B' ? &node->black : &node->white, all);
    }
    if (word_is(name, length, "TB") || word_is(name, length, "TW")) {
        /* territory marks: Python's, which an index hands over (read_properties) */
        if (s->marked != s->count) {  /* (the first marks of this node) */
            s->marked = s->count;
            s->marks[0] = s->marks[1] = (Value){NULL, 0};
        }
        s->marks[name[1] == 'W'] = all;
        return NULL;
    }
    if (word_is(name, length, "PL"))
        return "a set-up in play";
    if (word_is(name, length, "SZ") || word_is(name, length, "GM"))
        return "a board or game named below the root";
    if (is_one_of(name, length, GAME_INFO) && !s->moved)
        return "game information below the root";
    return NULL;
}

/* A node below the root read whole: game information is taken from nodes up to the first
 * move's, included; stones set up in nodes between the root and the first move join the
 * start (sgf/moves.py early_setup), and elsewhere they are a set-up in play, Python's. */
static Reason end_of_node(Sgf *s)
{
    const Node *node = &s->nodes[s->count - 1];
    if (node->black.first || node->white.first) {
        if (node->colour != EMPTY || s->count - 1 != s->early)
            return "a set-up in play";
        s->early++;
    }
    s->moved |= node->colour != EMPTY;
    return NULL;
}

/* Whether a property given again in its node is read here as Python reads it: one whose
 * values Python merges, with a note (MERGED: lists, and texts joined), AB and AW (set up as
 * one list) or one this core reads nothing of; any other is Python's (a value that differs
 * is a warning there, a second move splits the node). */
static int merged_as_python_merges(const char *name, Py_ssize_t length)
{
    return word_is(name, length, "AB") || word_is(name, length, "AW") ||
           (is_one_of(name, length, MERGED) &&
            !is_one_of(name, length, READ | PYTHONS | GAME_INFO));
}

/* The properties of one node (the root when ``root``), up to the next node or tree. */
static Reason read_properties(Sgf *s, Cursor *c, int root, long *values_read)
{
    const char *seen[64];  /* the properties met in this node */
    Py_ssize_t seen_length[64];
    int met = 0;
    if (!root) {
        Reason why = add_node(s);
        if (why)
            return why;
    }
    for (;;) {
        skip_blanks(c);
        if (c->at >= c->end)
            return "the text ends inside the game";
        if (*c->at == ';' || *c->at == ')' || *c->at == '(')
            return root ? NULL : end_of_node(s);
        const char *name = c->at;
        while (c->at < c->end && *c->at >= 'A' && *c->at <= 'Z')
            c->at++;
        Py_ssize_t length = c->at - name;
        if (length == 0 || length > 8)
            return "a property name this core does not read";
        /* (an index hands the territory marks of the last node below the root to Python,
         * which makes headers of them: gameinfo.territory) */
        int marks = !root && (word_is(name, length, "TB") || word_is(name, length, "TW"));
        if (marks && s->indexing == NULL)
            return "territory marks";
        if (is_one_of(name, length, PYTHONS) && !marks)
            return "a property Python reads";
        if (root && length == 1 && (*name == 'B' || *name == 'W'))
            return "a move in the root";
        int again = 0;
        for (int i = 0; i < met; i++)
            again |= seen_length[i] == length && memcmp(seen[i], name, (size_t)length) == 0;
        if (again) {
            if (!merged_as_python_merges(name, length))
                return "a property given twice in a node";
            s->noted = 1;  /* the values merged */
        } else {
            if (met == 64)
                return "a node of many properties";
            seen[met] = name;
            seen_length[met++] = length;
        }
        Value first = {NULL, 0}, all = {c->at, 0};
        int values = 0, content = 0;
        for (;;) {
            skip_blanks(c);
            if (c->at >= c->end || *c->at != '[')
                break;
            Value v;
            if (!read_value(c, &v))
                return "a value never closed";
            if (values++ == 0)
                first = v;
            content |= has_content(v.at, v.size);
        }
        if (values == 0)
            return "a property without a value";
        all.size = c->at - all.at;
        *values_read += values - 1;
        if (!is_one_of(name, length, KNOWN))
            s->noted = 1;  /* an unknown property, kept as it is */
        if (is_one_of(name, length, GAME_INFO) && root && !content)
            s->noted = 1;  /* game information left empty */
        if (word_is(name, length, "C") || word_is(name, length, "GC"))
            s->noted |= values > 1;  /* texts that take one value */
        int lists = word_is(name, length, "AB") || word_is(name, length, "AW");
        if (root && values > 1 && !lists && is_one_of(name, length, READ))
            return "several values for a property read";
        Reason why = root ? root_property(s, name, length, first, all)
                          : node_property(s, name, length, first, all, values);
        if (why)
            return why;
    }
}

/* Where the game tree begins: the first "(" that opens a node (text before it is noted where
 * it is more than blanks); NULL where a tree opens without its ";" (repaired by Python). */
static const char *game_start(Sgf *s, const char *text, const char *end)
{
    for (const char *at = text; at < end; at++) {
        if (*at != '(')
            continue;
        Cursor c = {at + 1, end};
        skip_blanks(&c);
        if (c.at < end && *c.at == ';') {
            s->noted |= has_content(text, at - text);
            return at;
        }
        const char *letters = c.at;
        while (c.at < end && ((*c.at >= 'A' && *c.at <= 'Z') || (*c.at >= 'a' && *c.at <= 'z')))
            c.at++;
        skip_blanks(&c);
        if (c.at > letters && c.at < end && *c.at == '[')
            return NULL;
    }
    return NULL;
}

/* What follows the game tree: text is noted; another tree ("(" outside a value) is another
 * game, Python's. */
static Reason after_game(Sgf *s, const char *at, const char *end)
{
    Cursor c = {at, end};
    while (c.at < end) {
        Value v;
        if (*c.at == '(')
            return "text or games after the game tree";
        if (*c.at == '[' && read_value(&c, &v)) {
            s->noted = 1;
            continue;
        }
        s->noted |= !is_blank(*c.at);  /* anything but SGF's blanks is text outside */
        c.at++;
    }
    return NULL;
}

/* The one game tree of the text, its main line only: "(" ";" root { ";" node } ")". */
static Reason read_sgf(Sgf *s, const char *text, Py_ssize_t size)
{
    const char *end = text + size;
    const char *first = text;
    while (first < end && space_at((const unsigned char *)first, (const unsigned char *)end))
        first += space_at((const unsigned char *)first, (const unsigned char *)end);
    if (first < end && *first == ';')
        return "a game tree without its '('";
    const char *start = game_start(s, text, end);
    if (start == NULL)
        return "no game tree this core reads";
    Cursor c = {start + 1, end};
    long nodes = 0, more_values = 0;
    s->head = start;
    skip_blanks(&c);
    for (;;) {
        c.at++;  /* the ";" of a node */
        nodes++;
        Reason why = read_properties(s, &c, nodes == 1, &more_values);
        if (why)
            return why;
        if (nodes == 1)
            s->head_end = c.at;
        if (nodes > max_nodes || nodes + more_values > max_values)
            return "past the limits of a file";
        if (*c.at == '(')
            return "variations";
        if (*c.at == ')')
            break;
    }
    return after_game(s, c.at + 1, end);
}

/* ------------------------------------------------------------------------------------------
 * The root's game information: board, komi, rules, handicap, result, as kifu reads them
 * (kifu/builtin/freego/sgf/gameinfo.py, setup/parameters.py, kifu.sgf.syntax.style).
 * ------------------------------------------------------------------------------------------ */

/* A whole number as kifu.base.limits.read_int reads one: ASCII digits, at most 20. */
static int whole_number(const char *s, Py_ssize_t n, long long *number)
{
    if (n < 1 || n > 20)
        return 0;
    long long value = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!is_digit(s[i]))
            return 0;
        value = value > 100000000LL ? 1000000000LL : value * 10 + (s[i] - '0');
    }
    *number = value;
    return 1;
}

/* Digits from ``*i``, between ``least`` and ``most`` of them; how many. */
static int digits(const char *s, Py_ssize_t n, Py_ssize_t *i, int least, int most)
{
    int count = 0;
    while (*i < n && is_digit(s[*i]) && count < most + 1) {
        (*i)++;
        count++;
    }
    return count >= least && count <= most ? count : -1;
}

/* A decimal number "[+-]digits[.digits]" of at most ``whole`` digits before the point and
 * ``fraction`` after it, and of 15 digits in all: its value then is the one division of two
 * doubles held exactly, rounded once, as Python's float() rounds it, whatever the locale. */
static int decimal(const char *s, Py_ssize_t n, int whole, int fraction, double *value)
{
    static const double TENS[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
                                  1e11, 1e12, 1e13, 1e14, 1e15};
    Py_ssize_t i = 0, start;
    int places = 0, count = 0;
    double number = 0;
    if (n > 0 && (s[0] == '+' || s[0] == '-'))
        i++;
    start = i;
    if (digits(s, n, &i, 1, whole) < 0)
        return 0;
    count = (int)(i - start);
    if (i < n && s[i] == '.') {
        i++;
        start = i;
        if (digits(s, n, &i, 1, fraction) < 0)
            return 0;
        places = (int)(i - start);
        count += places;
    }
    if (i != n || count > 15)
        return 0;
    for (Py_ssize_t k = 0; k < n; k++)
        if (is_digit(s[k]))
            number = number * 10 + (s[k] - '0');
    *value = (s[0] == '-' ? -number : number) / TENS[places];
    return 1;
}

/* SZ[19] or SZ[19:13]: columns and rows, 1 to 52. */
static Reason board_size(const Root *root, int *columns, int *rows)
{
    *columns = *rows = 19;
    if (!root->has_size)
        return NULL;
    const char *w;
    Py_ssize_t n;
    if (!plain_word(root->size, &w, &n))
        return "SZ not plain";
    const char *colon = memchr(w, ':', (size_t)n);
    long long c, r;
    Py_ssize_t first = colon ? colon - w : n;
    if (!whole_number(w, first, &c))
        return "SZ not a size";
    if (colon && colon + 1 < w + n) {
        if (!whole_number(colon + 1, w + n - colon - 1, &r))
            return "SZ not a size";
    } else {
        r = c;
    }
    if (c < 1 || r < 1 || c > MAX_SIDE || r > MAX_SIDE)
        return "SZ off the sizes kifu reads";
    *columns = (int)c;
    *rows = (int)r;
    return NULL;
}

/* KM as points: a number of FF[4]'s form, at most twelve digits either side of the point
 * (parameters.number).  Under 100 it is points.  100 or more is a server's komi x100, which
 * Python reads with a warning (gameinfo.komi_reading): for an index, read as Python reads it,
 * hundredths of a point, or of a stone (two points) where they leave a quarter, and none past
 * the largest komi kifu reads. */
static Reason komi(const Root *root, const Indexing *indexing, double *points)
{
    *points = 0.0;
    if (!root->has_komi)
        return NULL;
    const char *w;
    Py_ssize_t n;
    if (!plain_word(root->komi, &w, &n) || n > 40)
        return "KM not plain";
    if (n == 0)
        return NULL;  /* KM[]: no komi (noted as empty) */
    if (!decimal(w, n, 12, 12, points))
        return "KM not a number this core reads";
    if (*points < 100.0 && *points > -100.0)
        return NULL;
    if (indexing == NULL)
        return "KM in hundredths";
    double largest = indexing->largest_komi;
    if (*points > 100 * largest || *points < -100 * largest) {
        *points = 0.0;
        return NULL;
    }
    double hundredths = *points / 100;
    *points = fmod(hundredths * 2, 1.0) != 0.0 ? hundredths * 2 : hundredths;
    return NULL;
}

/* HA as kifu reads it: a whole number, anything else none (0). */
static Reason handicap(const Root *root, long long *stones)
{
    *stones = 0;
    if (!root->has_handicap)
        return NULL;
    const char *w;
    Py_ssize_t n;
    if (!plain_word(root->handicap, &w, &n) || memchr(w, '\n', (size_t)n))
        return "HA not plain";
    if (!whole_number(w, n, stones))
        *stones = 0;
    return NULL;
}

typedef struct {
    int ko;         /* BASIC_KO, POSITIONAL_SUPERKO, SITUATIONAL_SUPERKO */
    int area;       /* area scoring, else territory */
    int suicide;    /* suicide allowed */
    int agreed;     /* the players agree on dead stones: no count refutes a score */
} Rules;

/* KataGo's rule strings: ko(simple|positional|situational|spight)score(area|territory)
 * [tax(none|seki|all)]sui(0|1), anywhere in RU, any case. */
static int katago_rules(const char *lower, Py_ssize_t n, Rules *rules)
{
    static const char *const KO[] = {"simple", "positional", "situational", "spight"};
    static const int KO_RULE[] = {BASIC_KO, POSITIONAL_SUPERKO, SITUATIONAL_SUPERKO,
                                  SITUATIONAL_SUPERKO};
    for (Py_ssize_t start = 0; start + 2 <= n; start++) {
        if (memcmp(lower + start, "ko", 2) != 0)
            continue;
        for (int k = 0; k < 4; k++) {
            Py_ssize_t at = start + 2, len = (Py_ssize_t)strlen(KO[k]);
            if (at + len > n || memcmp(lower + at, KO[k], (size_t)len) != 0)
                continue;
            at += len;
            if (at + 5 > n || memcmp(lower + at, "score", 5) != 0)
                continue;
            at += 5;
            int area;
            if (at + 4 <= n && memcmp(lower + at, "area", 4) == 0) {
                area = 1;
                at += 4;
            } else if (at + 9 <= n && memcmp(lower + at, "territory", 9) == 0) {
                area = 0;
                at += 9;
            } else {
                continue;
            }
            /* the tax is optional: tried first, then without it */
            static const char *const TAX[] = {"taxnone", "taxseki", "taxall"};
            Py_ssize_t tries[4] = {-1, -1, -1, at};
            for (int t = 0; t < 3; t++) {
                Py_ssize_t tl = (Py_ssize_t)strlen(TAX[t]);
                if (at + tl <= n && memcmp(lower + at, TAX[t], (size_t)tl) == 0)
                    tries[t] = at + tl;
            }
            for (int t = 0; t < 4; t++) {
                Py_ssize_t s = tries[t];
                if (s >= 0 && s + 4 <= n && memcmp(lower + s, "sui", 3) == 0 &&
                    (lower[s + 3] == '0' || lower[s + 3] == '1')) {
                    rules->ko = KO_RULE[k];
                    rules->area = area;
                    rules->suicide = lower[s + 3] == '1';
                    rules->agreed = 1;
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* The rule set RU names (parameters.rule_set): Free-form Go's own, KataGo's strings, the
 * rule sets kifu knows by name, and Japanese-style rules for any other name or none. */
static Reason rule_set(const Root *root, Rules *rules)
{
    static const Rules JAPANESE = {BASIC_KO, 0, 0, 1};
    static const struct {
        const char *name;
        Rules rules;
    } NAMED[] = {
        {"japanese", {BASIC_KO, 0, 0, 1}}, {"korean", {BASIC_KO, 0, 0, 1}},
        {"jp", {BASIC_KO, 0, 0, 1}}, {"kr", {BASIC_KO, 0, 0, 1}},
        {"chinese", {POSITIONAL_SUPERKO, 1, 0, 1}}, {"cn", {POSITIONAL_SUPERKO, 1, 0, 1}},
        {"aga", {SITUATIONAL_SUPERKO, 1, 0, 1}}, {"bga", {SITUATIONAL_SUPERKO, 1, 0, 1}},
        {"newzealand", {SITUATIONAL_SUPERKO, 1, 1, 1}}, {"nz", {SITUATIONAL_SUPERKO, 1, 1, 1}},
        {"tromptaylor", {POSITIONAL_SUPERKO, 1, 1, 0}}, {"ing", {BASIC_KO, 1, 1, 1}},
        {"goe", {BASIC_KO, 1, 1, 1}},
    };
    *rules = JAPANESE;
    if (!root->has_rules)
        return NULL;  /* "unknown": Japanese-style */
    const char *w;
    Py_ssize_t n;
    if (!plain_word(root->rules, &w, &n) || memchr(w, '\n', (size_t)n) || n > 200)
        return "RU not plain";
    char lower[201], letters[201];
    Py_ssize_t kept = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        char l = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] + 32 : w[i]);
        lower[i] = l;
        if (l >= 'a' && l <= 'z')
            letters[kept++] = l;
    }
    if (n >= 12 && memcmp(lower, "free-form go", 12) == 0) {
        *rules = (Rules){POSITIONAL_SUPERKO, 0, 0, 0};
        return NULL;
    }
    if (katago_rules(lower, n, rules))
        return NULL;
    for (size_t i = 0; i < sizeof NAMED / sizeof NAMED[0]; i++)
        if (word_is(letters, kept, NAMED[i].name))
            *rules = NAMED[i].rules;
    return NULL;
}

/* A result as kifu reads it from RE, limited to the forms FF[4] gives, in ASCII (others are
 * noted); for an index, any other too, as a result not known: Python reads it (with a warning
 * where it reads none), and no result of any form is an error where play goes on to the end
 * of the record, nor where the players agree on dead stones (scoring.result_matches); a game
 * the count ended is Python's to count (trace()). */
enum { NO_RESULT, NOT_KNOWN, VOID, DRAW, WIN };

typedef struct {
    int kind;
    int winner;      /* BLACK or WHITE for a win */
    int counted;     /* a margin is given */
    int other_end;   /* resignation, time or forfeit: a count cannot refute the winner */
    double margin;
} Result;

/* A result of another form, which Python reads (``why`` validation leaves it to Python): for
 * an index, a result not known here. */
static Reason another_form(const Indexing *indexing, Result *result, Reason why)
{
    if (indexing == NULL)
        return why;
    memset(result, 0, sizeof *result);
    result->kind = NOT_KNOWN;
    return NULL;
}

static Reason stated_result(const Root *root, const Indexing *indexing, Result *result)
{
    memset(result, 0, sizeof *result);
    if (!root->has_result)
        return NULL;
    const char *w;
    Py_ssize_t n;
    if (!plain_word(root->result, &w, &n) || memchr(w, '\n', (size_t)n))
        return another_form(indexing, result, "RE not plain");
    if (n == 0)
        return NULL;  /* RE[]: no result (noted as empty) */
    if (word_is(w, n, "0") || word_is(w, n, "Draw")) {
        result->kind = DRAW;
        return NULL;
    }
    if (word_is(w, n, "Void")) {
        result->kind = VOID;
        return NULL;
    }
    if (word_is(w, n, "?")) {
        result->kind = NOT_KNOWN;
        return NULL;
    }
    if (n < 2 || (w[0] != 'B' && w[0] != 'W') || w[1] != '+')
        return another_form(indexing, result, "RE of another form");
    result->kind = WIN;
    result->winner = w[0] == 'B' ? BLACK : WHITE;
    const char *how = w + 2;
    Py_ssize_t rest = n - 2;
    static const char *const ENDS[] = {"R", "Resign", "T", "Time", "F", "Forfeit"};
    for (int i = 0; i < 6; i++)
        if (word_is(how, rest, ENDS[i])) {
            result->other_end = 1;
            return NULL;
        }
    if (rest == 0)
        return NULL;  /* "B+": the winner alone */
    /* a margin of at most six digits either side of the point: kifu reads it whole */
    if (!decimal(how, rest, 6, 6, &result->margin) || how[0] == '+' || how[0] == '-')
        return another_form(indexing, result, "RE of another form");
    result->counted = 1;
    return NULL;
}

/* Dates as FF[4] writes them: YYYY[-MM[-DD]], then ",YYYY[-MM[-DD]]" or ",MM[-DD]" more. */
static int date_part(const char *s, Py_ssize_t n, Py_ssize_t *i, int year)
{
    Py_ssize_t at = *i;
    if (digits(s, n, &at, year ? 4 : 2, year ? 4 : 2) < 0)
        return 0;
    /* then -DD (-DD): as many as fit, the regular expression's greedy choice */
    for (int parts = 0; parts < (year ? 2 : 1); parts++) {
        Py_ssize_t next = at;
        if (next < n && s[next] == '-') {
            next++;
            if (digits(s, n, &next, 2, 2) < 0)
                break;
            at = next;
        } else {
            break;
        }
    }
    *i = at;
    return 1;
}

static int is_date(const char *s, Py_ssize_t n)
{
    Py_ssize_t i = 0;
    if (!date_part(s, n, &i, 1))
        return 0;
    while (i < n) {
        if (s[i] != ',')
            return 0;
        i++;
        Py_ssize_t year = i, other = i;
        int as_year = date_part(s, n, &year, 1) && (year == n || s[year] == ',');
        int as_day = date_part(s, n, &other, 0) && (other == n || s[other] == ',');
        if (as_year)
            i = year;
        else if (as_day)
            i = other;
        else
            return 0;
    }
    return 1;
}

static int is_real(const char *s, Py_ssize_t n)
{
    Py_ssize_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    if (digits(s, n, &i, 1, 1 << 30) < 0)
        return 0;
    if (i < n && s[i] == '.') {
        i++;
        if (digits(s, n, &i, 1, 1 << 30) < 0)
            return 0;
    }
    return i == n;
}

/* ------------------------------------------------------------------------------------------
 * The board and the rules of play (kifu/builtin/freego/rules/referee.py).
 * ------------------------------------------------------------------------------------------ */

static uint64_t ZOBRIST[2][MAX_CELLS];
static uint64_t TURN[2];

static uint64_t split_mix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void make_keys(void)
{
    uint64_t state = 0x6b696675;  /* "kifu" */
    for (int s = 0; s < 2; s++)
        for (int p = 0; p < MAX_CELLS; p++)
            ZOBRIST[s][p] = split_mix(&state);
    TURN[0] = split_mix(&state);
    TURN[1] = split_mix(&state);
}

/* The positions that have stood (superko): their keys, in an open-addressed table. */
typedef struct {
    uint64_t *keys;
    int size, used;
} Seen;

static int seen_has(const Seen *seen, uint64_t key)
{
    for (int i = (int)(key & (uint64_t)(seen->size - 1));; i = (i + 1) & (seen->size - 1)) {
        if (seen->keys[i] == 0)
            return 0;
        if (seen->keys[i] == key)
            return 1;
    }
}

static Reason seen_add(Seen *seen, uint64_t key)
{
    key |= 1;  /* 0 marks a free slot; a key's lowest bit is only for the table */
    if (2 * (seen->used + 1) > seen->size) {
        Seen grown = {calloc((size_t)(seen->size ? 2 * seen->size : 1024), 8), 0, 0};
        if (grown.keys == NULL)
            return "out of memory";
        grown.size = seen->size ? 2 * seen->size : 1024;
        for (int i = 0; i < seen->size; i++)
            if (seen->keys[i])
                seen_add(&grown, seen->keys[i]);
        free(seen->keys);
        *seen = grown;
    }
    int i = (int)(key & (uint64_t)(seen->size - 1));
    while (seen->keys[i] != 0 && seen->keys[i] != key)
        i = (i + 1) & (seen->size - 1);
    if (seen->keys[i] == 0) {
        seen->keys[i] = key;
        seen->used++;
    }
    return NULL;
}

/* One placement of the journal: the stone and what it removed (in ``removed``, from
 * ``first_removed`` to the next placement's). */
typedef struct {
    int point, seat, first_removed;
} Placement;

typedef struct {
    int columns, rows, stride;
    Rules rules;
    unsigned char cells[MAX_CELLS];
    uint64_t hash;
    int to_move, start_to_move;  /* seats: 0 black, 1 white */
    int prisoners[2];
    int passed;                  /* the seats that passed since the last placement, as bits */
    int ended;                   /* every seat passed, dead stones agreed: play would resume */
    int over;                    /* every seat passed and the count ended the game */
    int last_placed;             /* the last move was a placement (basic ko) */
    uint64_t hash_before_last;
    Placement *journal;
    int placed, journal_capacity;
    int *removed;                /* point * 4 + colour of each stone a placement took off */
    int removed_count, removed_capacity;
    Seen seen;
    /* scratch for group searches */
    unsigned mark[MAX_CELLS];
    unsigned generation;
    int stack[MAX_CELLS];
    unsigned char probe[MAX_CELLS];
    struct Trace *trace;         /* the positions hashed for the index, or NULL */
    struct Steps *steps;         /* each step as the library's replay reads it, or NULL */
} Game;

static int point_at(const Game *g, int column, int from_top)
{
    return (from_top + 1) * g->stride + column + 1;
}

static void new_game(Game *g, int columns, int rows, Rules rules)
{
    struct Trace *trace = g->trace;
    struct Steps *steps = g->steps;
    memset(g, 0, sizeof *g);
    g->trace = trace;
    g->steps = steps;
    g->columns = columns;
    g->rows = rows;
    g->stride = columns + 2;
    g->rules = rules;
    memset(g->cells, EDGE, sizeof g->cells);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < columns; c++)
            g->cells[point_at(g, c, r)] = EMPTY;
}

static void free_game(Game *g)
{
    free(g->journal);
    free(g->removed);
    free(g->seen.keys);
}

/* The stones of the group at ``start`` (in ``g->stack``, their count returned), stopping at
 * its first liberty when ``until_liberty`` (then -1 means it has one). */
static int group_at(Game *g, int start, int until_liberty)
{
    int colour = g->cells[start], count = 1, stride = g->stride;
    unsigned generation = ++g->generation;
    g->stack[0] = start;
    g->mark[start] = generation;
    for (int i = 0; i < count; i++) {
        int p = g->stack[i];
        int around[4] = {p - 1, p + 1, p - stride, p + stride};
        for (int k = 0; k < 4; k++) {
            int q = around[k];
            if (g->cells[q] == EMPTY && until_liberty)
                return -1;
            if (g->cells[q] == colour && g->mark[q] != generation) {
                g->mark[q] = generation;
                g->stack[count++] = q;
            }
        }
    }
    return count;
}

static Reason note_removed(Game *g, int point, int colour)
{
    if (g->removed_count == g->removed_capacity) {
        int capacity = g->removed_capacity ? 2 * g->removed_capacity : 1024;
        int *grown = realloc(g->removed, (size_t)capacity * sizeof(int));
        if (grown == NULL)
            return "out of memory";
        g->removed = grown;
        g->removed_capacity = capacity;
    }
    g->removed[g->removed_count++] = point * 4 + colour;
    return NULL;
}

/* Take the group found by ``group_at`` (``count`` stones) off the board; the hash without it. */
static Reason take_off(Game *g, int count, uint64_t *hash)
{
    int colour = g->cells[g->stack[0]];
    for (int i = 0; i < count; i++) {
        int p = g->stack[i];
        g->cells[p] = EMPTY;
        *hash ^= ZOBRIST[colour - 1][p];
        Reason why = note_removed(g, p, colour);
        if (why)
            return why;
    }
    return NULL;
}

/* The board as it stood after ``placements`` placements, in ``g->probe``: the tentative
 * move at ``point`` undone (what it removed since ``first_removed`` put back), then the
 * journal undone down to there. */
static void board_after(Game *g, int placements, int point, int first_removed)
{
    memcpy(g->probe, g->cells, sizeof g->probe);
    for (int i = first_removed; i < g->removed_count; i++)
        g->probe[g->removed[i] / 4] = (unsigned char)(g->removed[i] % 4);
    g->probe[point] = EMPTY;
    for (int n = g->placed; n > placements; n--) {
        Placement *undone = &g->journal[n - 1];
        int end = n < g->placed ? g->journal[n].first_removed : first_removed;
        g->probe[undone->point] = EMPTY;
        for (int i = undone->first_removed; i < end; i++)
            g->probe[g->removed[i] / 4] = (unsigned char)(g->removed[i] % 4);
    }
}

static int to_move_after(const Game *g, int placements)
{
    return placements == 0 ? g->start_to_move : 1 - g->journal[placements - 1].seat;
}

/* Basic ko: the stone recreates the position before the opponent's last placement. */
static int retakes_ko(Game *g, int point, uint64_t hash, int first_removed)
{
    if (!g->last_placed || hash != g->hash_before_last)
        return 0;
    board_after(g, g->placed - 1, point, first_removed);
    return memcmp(g->probe, g->cells, sizeof g->probe) == 0;
}

/* Superko: the position (with the seat to move, if situational) has stood before.  A key
 * seen before is confirmed exactly, every earlier position compared, as the referee does. */
static int repeats(Game *g, int point, uint64_t key, int following, int first_removed)
{
    if (!seen_has(&g->seen, key | 1))
        return 0;
    int situational = g->rules.ko == SITUATIONAL_SUPERKO;
    for (int n = g->placed; n >= 0; n--) {
        board_after(g, n, point, first_removed);
        if (memcmp(g->probe, g->cells, sizeof g->probe) == 0 &&
            (!situational || to_move_after(g, n) == following))
            return 1;
    }
    return 0;
}

static uint64_t history_key(const Game *g, uint64_t hash, int to_move)
{
    return g->rules.ko == SITUATIONAL_SUPERKO ? hash ^ TURN[to_move] : hash;
}

static Reason remember(Game *g, int point, int seat, int first_removed)
{
    if (g->placed == g->journal_capacity) {
        int capacity = g->journal_capacity ? 2 * g->journal_capacity : 512;
        Placement *grown = realloc(g->journal, (size_t)capacity * sizeof(Placement));
        if (grown == NULL)
            return "out of memory";
        g->journal = grown;
        g->journal_capacity = capacity;
    }
    g->journal[g->placed++] = (Placement){point, seat, first_removed};
    return NULL;
}

/* A stone of ``seat`` on ``point``: captures, suicide, ko or superko, then the move stands. */
static Reason place(Game *g, int point, int seat)
{
    if (g->cells[point] != EMPTY)
        return "illegal: occupied";
    int colour = seat + 1, enemy = 2 - seat, first_removed = g->removed_count, captured = 0;
    int stride = g->stride, has_liberty = 0;
    uint64_t hash = g->hash ^ ZOBRIST[seat][point];
    g->cells[point] = (unsigned char)colour;
    int around[4] = {point - 1, point + 1, point - stride, point + stride};
    for (int k = 0; k < 4; k++) {
        int q = around[k];
        if (g->cells[q] == EMPTY)
            has_liberty = 1;
        else if (g->cells[q] == enemy) {
            int count = group_at(g, q, 1);
            if (count > 0) {
                Reason why = take_off(g, count, &hash);
                if (why)
                    return why;
                captured += count;
            }
        }
    }
    if (!has_liberty) {
        int own = group_at(g, point, 1);
        if (own > 0) {
            if (!g->rules.suicide)
                return "illegal: suicide";
            Reason why = take_off(g, own, &hash);  /* nobody's prisoners */
            if (why)
                return why;
        }
    }
    int following = 1 - seat;
    if (g->rules.ko == BASIC_KO) {
        if (retakes_ko(g, point, hash, first_removed))
            return "illegal: ko";
    } else {
        uint64_t key = history_key(g, hash, following);
        if (repeats(g, point, key, following, first_removed))
            return "illegal: superko";
        Reason why = seen_add(&g->seen, key);
        if (why)
            return why;
    }
    Reason why = remember(g, point, seat, first_removed);
    if (why)
        return why;
    g->hash_before_last = g->hash;
    g->hash = hash;
    g->last_placed = 1;
    g->passed = 0;
    g->to_move = following;
    g->prisoners[seat] += captured;
    return NULL;
}

/* A pass: once every seat has passed, the game ends (counted, or settled by the players). */
static void pass(Game *g, int seat)
{
    g->last_placed = 0;
    g->hash_before_last = g->hash;
    g->passed |= 1 << seat;
    g->to_move = 1 - seat;
    if (g->passed == 3) {
        if (g->rules.agreed) {
            g->ended = 1;
            g->passed = 0;
        } else {
            g->over = 1;
        }
    }
}

/* The points a set-up value names: one point "dd", or a rectangle "aa:cc" (its corners). */
static Reason set_up_points(const Game *g, Value v, int corners[4])
{
    static const char LETTERS[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const char *w;
    Py_ssize_t n;
    if (!plain_word(v, &w, &n) || !(n == 2 || (n == 5 && w[2] == ':')))
        return "a set-up value of another form";
    const char *letters[4] = {w, w + 1, w + (n - 2), w + (n - 1)};
    for (int i = 0; i < 4; i++) {
        const char *at = memchr(LETTERS, *letters[i], sizeof LETTERS - 1);
        corners[i] = at ? (int)(at - LETTERS) : MAX_SIDE;
    }
    for (int i = 0; i < 2; i++)
        if (corners[i] > corners[i + 2]) {
            int swap = corners[i];
            corners[i] = corners[i + 2];
            corners[i + 2] = swap;
        }
    return corners[2] < g->columns && corners[3] < g->rows ? NULL : "a set-up point off the board";
}

/* One part of set_up()'s values (``generation`` marks the points the property sets). */
static Reason set_up_part(Game *g, Value values, int colour, int over, unsigned generation)
{
    Cursor c = {values.at, values.at + values.size};
    for (;;) {
        skip_blanks(&c);
        Value v;
        if (c.at >= c.end || !read_value(&c, &v))
            return NULL;
        int corners[4];
        Reason why = set_up_points(g, v, corners);
        if (why)
            return why;
        for (int x = corners[0]; x <= corners[2]; x++)
            for (int y = corners[1]; y <= corners[3]; y++) {
                int p = point_at(g, x, y);
                if (g->mark[p] == generation)
                    return "a set-up point listed twice";
                if (g->cells[p] != EMPTY && !over)
                    return "a point set up twice";
                g->mark[p] = generation;
                if (g->cells[p] != EMPTY)
                    g->hash ^= ZOBRIST[g->cells[p] - 1][p];
                g->cells[p] = (unsigned char)colour;
                g->hash ^= ZOBRIST[colour - 1][p];
            }
    }
}

/* The stones AB or AW sets up (``values``: all of its values, its parts merged), each point
 * once (anything else is Python's to report).  In the root a point set up twice is Python's
 * too; in a set-up node after it (``over``), a stone replaces what stands (FF[4]: adding is
 * overwriting). */
static Reason set_up(Game *g, const Sgf *s, Values values, int colour, int over)
{
    unsigned generation = ++g->generation;  /* the points this property sets */
    for (int part = values.first; part; part = s->parts[part - 1].next) {
        Reason why = set_up_part(g, s->parts[part - 1].values, colour, over, generation);
        if (why)
            return why;
    }
    return NULL;
}

static Reason every_group_breathes(Game *g)
{
    for (int p = 0; p < g->stride * (g->rows + 2); p++)
        if ((g->cells[p] == BLACK || g->cells[p] == WHITE) && group_at(g, p, 1) > 0)
            return "a set-up group without a liberty";
    return NULL;
}

static void start_history(Game *g)
{
    g->start_to_move = g->to_move;
    g->hash_before_last = g->hash;
    if (g->rules.ko != BASIC_KO)
        seen_add(&g->seen, history_key(g, g->hash, g->to_move));
}

/* A move's point: "" or "tt" (up to 19x19) a pass, else two letters on the board. */
static Reason move_point(const Game *g, Value v, int *point)
{
    static const char LETTERS[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const char *w;
    Py_ssize_t n;
    if (!plain_word(v, &w, &n))
        return "a move not plain";
    if (n == 0 || (n == 2 && w[0] == 't' && w[1] == 't' && g->columns <= 19 && g->rows <= 19)) {
        *point = PASS;
        return NULL;
    }
    if (n != 2)
        return "a move of another form";
    const char *x = strchr(LETTERS, w[0]), *y = strchr(LETTERS, w[1]);
    if (!x || !y || !*x || !*y)
        return "a move of another form";
    int column = (int)(x - LETTERS), from_top = (int)(y - LETTERS);
    if (column >= g->columns || from_top >= g->rows)
        return "a move off the board";
    *point = point_at(g, column, from_top);
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * The result against the end (scoring.result_matches): under rules whose players agree on dead
 * stones any result kifu reads agrees; a game counted at its end is compared with the count.
 * ------------------------------------------------------------------------------------------ */

static void count(Game *g, double totals[2])
{
    double stones[2] = {0, 0}, owned[2] = {0, 0};
    unsigned generation = ++g->generation;
    for (int p = 0; p < g->stride * (g->rows + 2); p++) {
        int c = g->cells[p];
        if (c == BLACK || c == WHITE)
            stones[c - 1] += 1;
        if (c != EMPTY || g->mark[p] == generation)
            continue;
        /* an empty region, and which colours border it */
        int size = 1, borders = 0;
        g->stack[0] = p;
        g->mark[p] = generation;
        for (int i = 0; i < size; i++) {
            int q = g->stack[i];
            int around[4] = {q - 1, q + 1, q - g->stride, q + g->stride};
            for (int k = 0; k < 4; k++) {
                int r = around[k], rc = g->cells[r];
                if (rc == EMPTY && g->mark[r] != generation) {
                    g->mark[r] = generation;
                    g->stack[size++] = r;
                } else if (rc == BLACK || rc == WHITE) {
                    borders |= rc;
                }
            }
        }
        if (borders == BLACK || borders == WHITE)
            owned[borders - 1] += size;
    }
    for (int s = 0; s < 2; s++)
        totals[s] = (g->rules.area ? stones[s] : g->prisoners[s]) + owned[s];
}

static Reason result_agrees(Game *g, const Result *said, double komi)
{
    if (g->rules.agreed || !g->over || said->kind == NO_RESULT || said->kind == NOT_KNOWN ||
        said->kind == VOID)
        return NULL;
    double totals[2];
    count(g, totals);
    totals[1] += komi;
    int best = totals[1] > totals[0] ? 1 : 0;
    double margin = totals[best] - totals[1 - best];
    int winner = margin < 1e-9 ? 0 : best + 1;
    if (said->kind == DRAW)
        return winner == 0 ? NULL : "the count differs from the result";
    if (said->winner != winner)
        return "the count differs from the result";
    if (said->other_end || !said->counted)
        return NULL;
    double off = said->margin - margin;
    return off > 1e-9 || off < -1e-9 ? "the count differs from the result" : NULL;
}

/* ------------------------------------------------------------------------------------------
 * The whole judgement.
 * ------------------------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------------------------
 * The index's view of the main line (kifu/builtin/freego/index.py's Tracker, as
 * kifu.corpus.indexing walks a record without variations): each position hashed under every
 * image of the board's symmetry at once (Zobrist "lanes", the tables Python draws, handed
 * over by the caller), the canonical hash the smallest lane as an unsigned number and its
 * image the first lane that gives it; and the log of what changed from one position to the
 * next, turned point by point (indexing.histories).
 * ------------------------------------------------------------------------------------------ */

#define MAX_POINTS (MAX_SIDE * MAX_SIDE)
#define TRACE_CELLS MAX_CELLS
#define TRACE_POINTS MAX_POINTS
#include "lanes.h"

static int trace_side(const Game *g)
{
    return g->over ? 0 : g->to_move + 1;
}

/* The start: the whole board, its stones cell by cell (the tracker's restart). */
static Reason trace_start(Game *g)
{
    Trace *t = g->trace;
    Reason why;
    t->points = g->columns * g->rows;
    for (int lane = 0; lane < t->lanes; lane++)
        t->value[lane] = load(t->base + 8 * lane);
    for (int from_top = 0; from_top < g->rows; from_top++)
        for (int column = 0; column < g->columns; column++)
            t->cell_of[point_at(g, column, from_top)] = (g->rows - 1 - from_top) * g->columns +
                                                         column;
    if ((why = trace_log(t, LOG_MARK | LOG_RESET | trace_side(g))))
        return why;
    for (int cell = 0; cell < t->points; cell++) {
        int point = point_at(g, cell % g->columns, g->rows - 1 - cell / g->columns);
        int colour = g->cells[point];
        if (colour != BLACK && colour != WHITE)
            continue;
        trace_flip(t, colour, cell);
        if ((why = trace_log(t, cell << 2 | colour)))
            return why;
    }
    return trace_note(t, trace_side(g));
}

/* A move played: a pass, or a stone on ``point`` and what it took off (``g->removed`` from
 * ``first_removed``).  A stone that took only itself off (a suicide of one stone) leaves
 * the stones as they were, which the tracker logs as it logs a pass. */
static Reason trace_move(Game *g, int point, int seat, int first_removed)
{
    Trace *t = g->trace;
    Reason why;
    int same = point == PASS || (g->removed_count == first_removed + 1 &&
                                 g->removed[first_removed] / 4 == point);
    if ((why = trace_log(t, LOG_MARK | trace_side(g))))
        return why;
    if (!same) {
        int cell = t->cell_of[point];
        trace_flip(t, seat + 1, cell);
        if ((why = trace_log(t, cell << 2 | (seat + 1))))
            return why;
        for (int i = first_removed; i < g->removed_count; i++) {
            int where = t->cell_of[g->removed[i] / 4];
            trace_flip(t, g->removed[i] % 4, where);
            if ((why = trace_log(t, where << 2)))
                return why;
        }
    }
    return trace_note(t, trace_side(g));
}



/* ------------------------------------------------------------------------------------------
 * The library's replay (replay()): for a record this core decides, each step as
 * kifu.Record.replay gives it, from which Python makes each step's position when it is asked
 * for (kifu/builtin/freego/native/steps.py): the board after the step, cell by cell in
 * kifu's numbering (row 0 at the bottom), and the step's facts (STEP_FIELDS numbers).
 * ------------------------------------------------------------------------------------------ */

/* A step's facts, in this order: the cell placed on (-1 for a pass), the seat that moved,
 * the seat to move after it, both seats' prisoners, the seats that passed since the last
 * stone (bits), whether the game ended by agreement, the placements since the start, the ko
 * just taken (the cell that may not be retaken at once and the stone that took it, -1 and
 * -1 for none: position.py's _ko), and the stones the step took off (from, to: a range of
 * ``removed``, each cell * 4 + its colour). */
#define STEP_FIELDS 12
/* The most bytes of boards one replay keeps: a longer line is Python's. */
#define MAX_BOARD_BYTES (32L << 20)

typedef struct Steps {
    int points;
    int cell_of[MAX_CELLS];
    unsigned char *boards;        /* the start's board, then the board after each step,
                                   * ``points`` bytes each */
    int32_t *facts;               /* STEP_FIELDS numbers a step */
    int32_t *removed;             /* cell * 4 + colour of each stone taken off */
    size_t count, capacity, removed_count, removed_capacity;
} Steps;

/* The board of ``g`` in kifu's numbering, into ``board`` (``points`` bytes). */
static void steps_board(const Game *g, unsigned char *board)
{
    for (int from_top = 0; from_top < g->rows; from_top++)
        for (int column = 0; column < g->columns; column++) {
            int point = point_at(g, column, from_top);
            board[g->steps->cell_of[point]] = g->cells[point];
        }
}

/* The start: the numbering, and the start's board, the first of ``boards``. */
static Reason steps_start(Game *g)
{
    Steps *t = g->steps;
    t->points = g->columns * g->rows;
    for (int from_top = 0; from_top < g->rows; from_top++)
        for (int column = 0; column < g->columns; column++)
            t->cell_of[point_at(g, column, from_top)] = (g->rows - 1 - from_top) * g->columns +
                                                         column;
    t->boards = malloc((size_t)t->points);
    if (t->boards == NULL)
        return "out of memory";
    steps_board(g, t->boards);
    return NULL;
}

/* The ko the step just took, as position.py's _ko finds it: one stone taken, of the seat now
 * to move, by a lone stone whose only liberty is where it stood. */
static void step_ko(const Game *g, int point, int first_removed, int32_t *taken, int32_t *by)
{
    *taken = *by = -1;
    if (point == PASS || g->removed_count != first_removed + 1 ||
        g->removed[first_removed] % 4 != g->to_move + 1)
        return;
    int where = g->removed[first_removed] / 4, colour = g->cells[point], stride = g->stride;
    int around[4] = {point - 1, point + 1, point - stride, point + stride};
    for (int k = 0; k < 4; k++)
        if (g->cells[around[k]] == colour || (g->cells[around[k]] == EMPTY && around[k] != where))
            return;
    *taken = g->steps->cell_of[where];
    *by = g->steps->cell_of[point];
}

/* A step played: its board and its facts kept. */
static Reason step_taken(Game *g, int point, int seat, int first_removed)
{
    Steps *t = g->steps;
    Reason why;
    if ((long)(t->count + 2) * t->points > MAX_BOARD_BYTES)
        return "a line too long to keep every board";
    if (t->count == t->capacity) {
        size_t more = t->capacity ? 2 * t->capacity : 256;
        unsigned char *boards = realloc(t->boards, (more + 1) * (size_t)t->points);
        if (boards == NULL)
            return "out of memory";
        t->boards = boards;
        int32_t *facts = realloc(t->facts, more * STEP_FIELDS * sizeof(int32_t));
        if (facts == NULL)
            return "out of memory";
        t->facts = facts;
        t->capacity = more;
    }
    for (int i = first_removed; i < g->removed_count; i++) {
        if ((why = grow((void **)&t->removed, &t->removed_capacity, t->removed_count,
                        sizeof(int32_t))))
            return why;
        t->removed[t->removed_count++] = t->cell_of[g->removed[i] / 4] * 4 + g->removed[i] % 4;
    }
    /* the board before, and what the step changed */
    unsigned char *board = t->boards + (t->count + 1) * (size_t)t->points;
    memcpy(board, board - t->points, (size_t)t->points);
    if (point != PASS)
        board[t->cell_of[point]] = g->cells[point];
    for (int i = first_removed; i < g->removed_count; i++)
        board[t->cell_of[g->removed[i] / 4]] = EMPTY;
    int32_t *facts = t->facts + t->count * STEP_FIELDS;
    facts[0] = point == PASS ? -1 : t->cell_of[point];
    facts[1] = seat;
    facts[2] = g->to_move;
    facts[3] = g->prisoners[0];
    facts[4] = g->prisoners[1];
    facts[5] = g->passed;
    facts[6] = g->ended;
    facts[7] = g->placed;
    step_ko(g, point, first_removed, &facts[8], &facts[9]);
    facts[10] = (int32_t)(t->removed_count - (size_t)(g->removed_count - first_removed));
    facts[11] = (int32_t)t->removed_count;
    t->count++;
    return NULL;
}

static void free_steps(Steps *t)
{
    free(t->boards);
    free(t->facts);
    free(t->removed);
}


/* Free handicap written as black's first moves under HA[n] (sgf/moves.py handicap_moves):
 * where black's first moves, one a node, are the stones HA asks for beyond those set up,
 * and black does not move again next, they join the set-up and white moves first; where HA
 * asks for stones and white moves first, kifu warns.  Otherwise the moves stay moves. */
static Reason handicap_moves(Game *g, const Sgf *s, long long stones, int *first_move)
{
    long long wanted = stones, taken = 0;
    for (int p = 0; p < MAX_CELLS; p++)
        wanted -= g->cells[p] == BLACK;  /* the stones set up count */
    if (stones < 2 || wanted < 1)
        return NULL;
    while (taken < wanted && *first_move + taken < s->count) {
        const Node *node = &s->nodes[*first_move + taken];
        const char *w;
        Py_ssize_t n;
        if (node->colour != BLACK)
            break;
        if (!plain_word(node->point, &w, &n))
            return "a move not plain";
        if (n == 0 || word_is(w, n, "tt"))
            break;
        taken++;
    }
    const Node *after = *first_move + taken < s->count ? &s->nodes[*first_move + taken] : NULL;
    if (taken != wanted || (after && after->colour == BLACK)) {
        if (taken == 0 && after && after->colour == WHITE)
            return "HA without its stones";
        return NULL;
    }
    for (int i = *first_move; i < *first_move + taken; i++) {
        int point;
        Reason why = move_point(g, s->nodes[i].point, &point);
        if (why)
            return why;
        if (point == PASS || g->cells[point] != EMPTY)
            return "a handicap stone on a stone";
        g->cells[point] = BLACK;
        g->hash ^= ZOBRIST[0][point];
    }
    g->to_move = 1;
    *first_move += (int)taken;
    return NULL;
}

/* The game's start: the board, the stones set up in the root and in the nodes after it
 * (handicap stones among them), who moves first; every group with a liberty. */
static Reason start(Game *g, const Sgf *s, int columns, int rows, Rules rules,
                    long long stones, int *first_move)
{
    Reason why;
    new_game(g, columns, rows, rules);
    if ((why = set_up(g, s, s->root.black, BLACK, 0)) ||
        (why = set_up(g, s, s->root.white, WHITE, 0)))
        return why;
    for (*first_move = 0; *first_move < s->early; ++*first_move) {
        const Node *node = &s->nodes[*first_move];
        if ((why = set_up(g, s, node->black, BLACK, 1)) ||
            (why = set_up(g, s, node->white, WHITE, 1)))
            return why;
    }
    if ((s->root.player < 0 && (why = handicap_moves(g, s, stones, first_move))) ||
        (why = every_group_breathes(g)))
        return why;
    /* PL names who moves first; without it white does where white's move comes first
     * (handicap games are written so) */
    if (s->root.player >= 0)
        g->to_move = s->root.player;
    for (int i = *first_move; i < s->count && s->root.player < 0; i++)
        if (s->nodes[i].colour != EMPTY) {
            if (s->nodes[i].colour == WHITE)
                g->to_move = 1;
            break;
        }
    start_history(g);
    if (g->steps && (why = steps_start(g)))
        return why;
    return g->trace ? trace_start(g) : NULL;
}

/* One move of the main line by ``seat``: where ``value`` (the node's) names, or a pass the
 * record leaves out (NULL).  For an index, play after every seat passed under rules whose
 * players agree on the dead stones resumes the game, as Python's referee resumes it with a
 * warning (referee._resume); validation leaves it to Python. */
static Reason play_step(Game *g, const Sgf *s, const Value *value, int seat, long max_moves,
                        long *played)
{
    Reason why;
    int point = PASS;
    if (g->over)
        return "a move after the game ended";
    if (g->ended) {
        if (s->indexing == NULL)
            return "play after both passed";
        g->ended = 0;
    }
    if (value != NULL && (why = move_point(g, *value, &point)))
        return why;
    int first_removed = g->removed_count;
    if (point == PASS)
        pass(g, seat);
    else if ((why = place(g, point, seat)))
        return why;
    if (g->trace && (why = trace_move(g, point, seat, first_removed)))
        return why;
    if (g->steps && (why = step_taken(g, point, seat, first_removed)))
        return why;
    return ++*played > max_moves ? "past the limit of moves" : NULL;
}

/* Every move of the main line, played in turn; how many.  For an index, a colour moving
 * twice is read as Python's reading of SGF reads it (sgf/turns.py, with a warning): the other
 * side passing in between, a move of its own; validation leaves it to Python. */
static Reason play_main_line(Game *g, const Sgf *s, int first_move, long max_moves,
                             long *played)
{
    *played = 0;
    for (int i = first_move; i < s->count; i++) {
        const Node *node = &s->nodes[i];
        if (node->colour == EMPTY)
            continue;
        int seat = node->colour - 1;
        Reason why;
        if (seat != g->to_move) {
            if (s->indexing == NULL)
                return "one colour moves twice";
            if ((why = play_step(g, s, NULL, g->to_move, max_moves, played)))
                return why;
        }
        if ((why = play_step(g, s, &node->point, seat, max_moves, played)))
            return why;
    }
    return NULL;
}

/* What the root says the game is played under. */
typedef struct {
    int columns, rows;
    double komi;
    long long stones;  /* HA */
    Rules rules;
    Result said;
} Terms;

/* The record read, and the terms its root gives (``indexing``: for an index, see Indexing). */
static Reason read_game(Sgf *s, const char *text, Py_ssize_t size, const Indexing *indexing,
                        Terms *terms)
{
    Reason why;
    s->indexing = indexing;
    if ((why = read_sgf(s, text, size)))
        return why;
    if (s->root.other_game)
        return "GM names another game";
    if ((why = board_size(&s->root, &terms->columns, &terms->rows)) ||
        (why = komi(&s->root, indexing, &terms->komi)) ||
        (why = handicap(&s->root, &terms->stones)) ||
        (why = rule_set(&s->root, &terms->rules)) ||
        (why = stated_result(&s->root, indexing, &terms->said)))
        return why;
    return NULL;
}

/* The record read replayed: its start, its main line, its result against the end. */
static Reason play_game(Game *g, const Sgf *s, const Terms *terms, long *moves)
{
    int first_move;
    Reason why;
    if ((why = start(g, s, terms->columns, terms->rows, terms->rules, terms->stones,
                     &first_move)) ||
        (why = play_main_line(g, s, first_move, max_moves, moves)))
        return why;
    return result_agrees(g, &terms->said, terms->komi);
}

static Reason judge_game(Game *g, Sgf *s, const char *text, Py_ssize_t size, long *moves)
{
    Terms terms;
    Reason why = read_game(s, text, size, NULL, &terms);
    return why ? why : play_game(g, s, &terms, moves);
}

/* The UTF-8 bytes of ``text`` (a str) for judge() and trace(), once configure() was called;
 * NULL where there are none, with ``*said`` the answer to give: NULL (an exception is set) or
 * why this core leaves the text to Python (lone surrogates). */
static const char *text_bytes(PyObject *text, Py_ssize_t *size, PyObject **said)
{
    *said = NULL;
    if (max_nodes == 0) {
        PyErr_SetString(PyExc_RuntimeError, "configure() was not called");
        return NULL;
    }
    const char *bytes = PyUnicode_AsUTF8AndSize(text, size);
    if (bytes == NULL) {  /* lone surrogates: not text this core reads */
        PyErr_Clear();
        *said = PyUnicode_FromString("text that is not UTF-8");
    }
    return bytes;
}

/* What a run of judge(), trace() and replay() holds: the text's bytes, the record read,
 * the game replayed. */
typedef struct {
    const char *bytes;
    Py_ssize_t size;
    Sgf s;
    Terms terms;
    Game *g;
    long moves;
} Run;

/* A run on ``text`` begun: 0, or -1 with ``*answer`` what to return (NULL where an
 * exception is set: ``text`` is no str, say).  Ended by end_run() either way. */
static int begin_run(Run *run, PyObject *text, PyObject **answer)
{
    memset(run, 0, sizeof *run);
    run->s.root.player = -1;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "the text is a str");
        *answer = NULL;
        return -1;
    }
    run->bytes = text_bytes(text, &run->size, answer);
    if (run->bytes == NULL)
        return -1;
    run->g = calloc(1, sizeof(Game));
    if (run->g == NULL) {
        *answer = PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void end_run(Run *run)
{
    free(run->s.nodes);
    free(run->s.parts);
    if (run->g != NULL)
        free_game(run->g);
    free(run->g);
}

/* judge(text) -> (moves, noted) | str */
static PyObject *judge(PyObject *module, PyObject *text)
{
    (void)module;
    Run run;
    PyObject *answer = NULL;
    Reason why;
    if (begin_run(&run, text, &answer) == 0) {
        Py_BEGIN_ALLOW_THREADS
        why = judge_game(run.g, &run.s, run.bytes, run.size, &run.moves);
        Py_END_ALLOW_THREADS
        answer = why ? PyUnicode_FromString(why)
                     : Py_BuildValue("(lO)", run.moves, run.s.noted ? Py_True : Py_False);
    }
    end_run(&run);
    return answer;
}

/* The root node as a text of its own, "(" ... ")": what the record's head reads as. */
static PyObject *head_text(const Sgf *s)
{
    Py_ssize_t size = s->head_end - s->head;
    char *text = malloc((size_t)size + 1);
    if (text == NULL)
        return PyErr_NoMemory();
    memcpy(text, s->head, (size_t)size);
    text[size] = ')';
    PyObject *head = PyUnicode_DecodeUTF8(text, size + 1, "strict");
    free(text);
    return head;
}

/* The next of a property's values at ``c`` (blanks before it skipped): 1, or 0 where there
 * is none. */
static int next_value(Cursor *c, Value *v)
{
    skip_blanks(c);
    return c->at < c->end && *c->at == '[' && read_value(c, v);
}

/* Whether a value reads as itself in Python: no escape, no control character. */
static int plain_value(Value v)
{
    for (Py_ssize_t i = 0; i < v.size; i++) {
        unsigned char u = (unsigned char)v.at[i];
        if (u == '\\' || u < 0x20 || u == 0x7f)
            return 0;
    }
    return 1;
}

/* ``item`` (a new reference, or NULL where making it failed) added to ``list``: 0, or -1
 * where either failed (an exception set; ``item`` and ``list`` let go). */
static int append_new(PyObject *list, PyObject *item)
{
    if (item == NULL || PyList_Append(list, item) < 0) {
        Py_XDECREF(item);
        Py_DECREF(list);
        return -1;
    }
    Py_DECREF(item);
    return 0;
}

/* ``list`` as a tuple, the list let go. */
static PyObject *tuple_of(PyObject *list)
{
    PyObject *found = PyList_AsTuple(list);
    Py_DECREF(list);
    return found;
}

/* The root's properties as pairs of texts (name, value), in the order written, where Python's
 * reading of each value is the value itself: one value (AB and AW, the set-up, left out:
 * the headers do not read them), no escape and no control character (kifu reads escapes and
 * turns line ends into blanks before stripping; Python still strips, by its own rules).
 * Python makes the record's headers from them as it does from its own reading of the root
 * (kifu/builtin/freego/native/__init__.py); ``None`` (a new reference) for any other root,
 * whose head Python reads whole. */
static PyObject *root_pairs(const Sgf *s)
{
    Cursor c = {s->head, s->head_end};
    PyObject *pairs = PyList_New(0);
    if (pairs == NULL)
        return NULL;
    c.at++;  /* the "(" */
    skip_blanks(&c);
    c.at++;  /* the root's ";" */
    for (;;) {
        skip_blanks(&c);
        if (c.at >= c.end)
            break;
        const char *name = c.at;
        while (c.at < c.end && *c.at >= 'A' && *c.at <= 'Z')
            c.at++;
        Py_ssize_t length = c.at - name;
        Value v, first = {NULL, 0};
        int values = 0, plain = 1;
        while (next_value(&c, &v)) {  /* (read_sgf read the root whole) */
            if (values++ == 0)
                first = v;
            plain &= plain_value(v);
        }
        if (word_is(name, length, "AB") || word_is(name, length, "AW"))
            continue;
        int again = 0;  /* given again in the root: merged, as Python reads the root's text */
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pairs) && !again; i++) {
            PyObject *met = PyTuple_GET_ITEM(PyList_GET_ITEM(pairs, i), 0);
            again = PyUnicode_GET_LENGTH(met) == length &&
                    memcmp(PyUnicode_DATA(met), name, (size_t)length) == 0;
        }
        if (length == 0 || values != 1 || !plain || again) {
            Py_DECREF(pairs);
            Py_RETURN_NONE;
        }
        if (append_new(pairs, Py_BuildValue("(s#s#)", name, length, first.at, first.size)) < 0)
            return NULL;
    }
    return tuple_of(pairs);
}

/* The values of a property as written (``all``, brackets and all), as a tuple of str; Py_None
 * where one holds an escape or a control character, which Python reads. */
static PyObject *plain_values(Value all)
{
    Cursor c = {all.at, all.at + all.size};
    PyObject *values = PyList_New(0);
    if (values == NULL)
        return NULL;
    Value v;
    while (next_value(&c, &v)) {  /* (read_sgf read the node whole) */
        if (!plain_value(v)) {
            Py_DECREF(values);
            Py_RETURN_NONE;
        }
        if (append_new(values, PyUnicode_DecodeUTF8(v.at, v.size, NULL)) < 0)
            return NULL;
    }
    return tuple_of(values);
}

/* The territory marks of the main line's last node below the root (TB's values, TW's: see
 * plain_values), which Python makes headers of (gameinfo.territory); Py_None where it has
 * none, and a str, why the record is Python's, where a value is not plain. */
static PyObject *territory_marks(const Sgf *s)
{
    if (s->count == 0 || s->marked != s->count)
        Py_RETURN_NONE;
    PyObject *marks[2];
    for (int i = 0; i < 2; i++) {
        marks[i] = s->marks[i].at == NULL ? PyTuple_New(0) : plain_values(s->marks[i]);
        if (marks[i] == NULL || marks[i] == Py_None) {
            PyObject *failed = marks[i];
            if (i == 1)
                Py_DECREF(marks[0]);
            if (failed == NULL)
                return NULL;
            Py_DECREF(failed);
            return PyUnicode_FromString("a territory mark Python reads");
        }
    }
    return Py_BuildValue("(NN)", marks[0], marks[1]);
}

/* trace(text, tables, largest_komi) -> (moves, over, head, columns, rows, hashes, images,
 * changes, marks) | str: judge(), and for a record this core decides, what the index keeps
 * of it (``head`` the root's pairs, root_pairs, or where it gives none the root's text,
 * head_text; ``marks`` the territory marks of its last node, territory_marks) (see the Trace
 * section); an index keeps no warning, so what Python reads with a warning alone is read
 * here as Python reads it (see Indexing): a server's komi (KM[650]), none past
 * ``largest_komi`` points; a result of any form; a pass left out, play resumed.
 * ``tables(columns, rows)`` gives the board's lanes: their count and their bytes
 * (kifu.plugin.symmetry.Lanes: each colour's stones cell by cell, the sides to move, the
 * empty board; each a lane at a time, 64-bit numbers in the machine's order). */
static PyObject *trace(PyObject *module, PyObject *args)
{
    PyObject *text, *tables, *table = NULL, *result = NULL;
    Indexing indexing;
    (void)module;
    if (!PyArg_ParseTuple(args, "UOd", &text, &tables, &indexing.largest_komi))
        return NULL;
    if (!(indexing.largest_komi >= 0 && indexing.largest_komi <= 1e12)) {
        PyErr_SetString(PyExc_ValueError, "trace(): the largest komi is of 0 to 1e12 points");
        return NULL;
    }
    Run run;
    Trace *t = NULL;
    unsigned char *changes = NULL;
    size_t changes_size = 0;
    Reason why;
    if (begin_run(&run, text, &result) < 0)
        goto done;
    if ((t = calloc(1, sizeof(Trace))) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Game *g = run.g;
    Py_BEGIN_ALLOW_THREADS
    why = read_game(&run.s, run.bytes, run.size, &indexing, &run.terms);
    Py_END_ALLOW_THREADS
    if (why == NULL) {
        table = PyObject_CallFunction(tables, "ii", run.terms.columns, run.terms.rows);
        if (trace_tables(t, table, (Py_ssize_t)run.terms.columns * run.terms.rows) < 0)
            goto done;
        g->trace = t;
        Py_BEGIN_ALLOW_THREADS
        why = play_game(g, &run.s, &run.terms, &run.moves);
        if (why == NULL)
            why = trace_histories(t, &changes, &changes_size);
        Py_END_ALLOW_THREADS
    }
    if (why != NULL) {
        result = PyUnicode_FromString(why);
        goto done;
    }
    PyObject *marks = territory_marks(&run.s);
    if (marks == NULL || PyUnicode_Check(marks)) {
        result = marks;
        goto done;
    }
    PyObject *head = root_pairs(&run.s);
    if (head == Py_None) {
        Py_DECREF(head);
        head = head_text(&run.s);
    }
    if (head != NULL)
        result = Py_BuildValue("(lONiiy#y#y#N)", run.moves, g->over ? Py_True : Py_False, head,
                               run.terms.columns, run.terms.rows, (const char *)t->hashes,
                               (Py_ssize_t)(t->visits * 8), (const char *)t->images,
                               (Py_ssize_t)t->visits, (const char *)changes,
                               (Py_ssize_t)changes_size, marks);
    else
        Py_DECREF(marks);
done:
    Py_XDECREF(table);
    free(changes);
    end_run(&run);
    if (t != NULL)
        free_trace(t);
    free(t);
    return result;
}

/* replay(text) -> (moves, over, head, columns, rows, start_to_move, boards, facts, removed)
 * | str: judge(), and for a record this core decides, each step of its main line (see the
 * Steps section): the boards (the start's first) and the stones taken off as bytes, the
 * facts as 32-bit numbers in the machine's order. */
static PyObject *replay(PyObject *module, PyObject *text)
{
    PyObject *result = NULL;
    (void)module;
    Run run;
    Steps *t = NULL;
    Reason why;
    if (begin_run(&run, text, &result) < 0)
        goto done;
    if ((t = calloc(1, sizeof(Steps))) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Game *g = run.g;
    g->steps = t;
    Py_BEGIN_ALLOW_THREADS
    why = judge_game(g, &run.s, run.bytes, run.size, &run.moves);
    Py_END_ALLOW_THREADS
    PyObject *head = why ? NULL : head_text(&run.s);
    if (why)
        result = PyUnicode_FromString(why);
    else if (head != NULL)
        result = Py_BuildValue("(lONiiiy#y#y#)", run.moves, g->over ? Py_True : Py_False,
                               head, g->columns, g->rows, g->start_to_move,
                               t->boards ? (const char *)t->boards : "",
                               (Py_ssize_t)((t->count + 1) * (size_t)t->points),
                               t->facts ? (const char *)t->facts : "",
                               (Py_ssize_t)(t->count * STEP_FIELDS * sizeof(int32_t)),
                               t->removed ? (const char *)t->removed : "",
                               (Py_ssize_t)(t->removed_count * sizeof(int32_t)));
done:
    end_run(&run);
    if (t != NULL)
        free_steps(t);
    free(t);
    return result;
}

/* ``number`` (at least 1) in decimal at ``at``; past it. */
static char *decimal_at(char *at, int number)
{
    char digits[12];
    int count = 0;
    while (number > 0) {
        digits[count++] = (char)('0' + number % 10);
        number /= 10;
    }
    while (count > 0)
        *at++ = digits[--count];
    return at;
}

/* The cells field of a grid's key (position.py's key: its rows from the top separated by
 * "/", x and o the stones, - an unplayable cell, a run of empty cells its length) into
 * ``out`` (room for a character a cell and a "/" a row); its length. */
static Py_ssize_t key_rows(const signed char *board, int columns, int rows, char *out)
{
    char *at = out;
    for (int row = rows - 1; row >= 0; row--) {
        int run = 0;
        for (int column = 0; column < columns; column++) {
            signed char cell = board[row * columns + column];
            if (cell == EMPTY) {
                run++;
                continue;
            }
            if (run)
                at = decimal_at(at, run);
            run = 0;
            *at++ = cell == BLACK ? 'x' : cell == WHITE ? 'o' : '-';
        }
        if (run)
            at = decimal_at(at, run);
        if (row)
            *at++ = '/';
    }
    return at - out;
}

/* rows(boards, step, columns, rows) -> str: the cells of a position key (position.py's key:
 * a grid's rows from the top separated by "/", x and o the stones, a run of empty points its
 * length) of the board after ``step`` in ``boards`` (replay()'s). */
static PyObject *rows_text(PyObject *module, PyObject *args)
{
    Py_buffer boards;
    Py_ssize_t step;
    int columns, rows;
    (void)module;
    if (!PyArg_ParseTuple(args, "y*nii", &boards, &step, &columns, &rows))
        return NULL;
    Py_ssize_t points = (Py_ssize_t)columns * rows;
    if (columns < 1 || rows < 1 || columns > MAX_SIDE || rows > MAX_SIDE || step < 0 ||
        step >= boards.len / points) {
        PyBuffer_Release(&boards);
        PyErr_SetString(PyExc_ValueError, "rows(): no such board");
        return NULL;
    }
    const unsigned char *board = (const unsigned char *)boards.buf + step * points;
    /* at most a character a point, a "/" a row */
    char *out = malloc((size_t)(points + rows));
    if (out == NULL) {
        PyBuffer_Release(&boards);
        return PyErr_NoMemory();
    }
    /* a replay's boards hold empty points and stones only */
    Py_ssize_t length = key_rows((const signed char *)board, columns, rows, out);
    PyObject *text = PyUnicode_FromStringAndSize(out, length);
    free(out);
    PyBuffer_Release(&boards);
    return text;
}

/* ------------------------------------------------------------------------------------------
 * An explorer's step (kifu/builtin/freego/index.py's successors): the positions that stones
 * put down on one position make, each by the referee's rules of capture and suicide (whether
 * a move is legal, its ko and superko, is Python's to say: the moves are legal moves it
 * listed), hashed under every image of the board's symmetry as the tracker hashes it
 * (lanes.h), with what the position's key needs besides the position it follows: its cells,
 * the prisoners the move took, the ko it took.  The board is kifu's: its cells in kifu's
 * numbering and each cell's neighbours as the board lists them (unplayable cells left out).
 * ------------------------------------------------------------------------------------------ */

/* The group of ``colour`` from ``start`` on ``board`` (into ``stack``, its count returned),
 * each stone marked ``stamp`` in ``seen``; ``*breathes`` whether it has a liberty. */
static int group_from(const signed char *board, const int32_t *offsets, const int32_t *flat,
                      int start, int colour, int *stack, int32_t *seen, int32_t stamp,
                      int *breathes)
{
    int count = 0;
    *breathes = 0;
    stack[count++] = start;
    seen[start] = stamp;
    for (int i = 0; i < count; i++)
        for (int32_t k = offsets[stack[i]]; k < offsets[stack[i] + 1]; k++) {
            int q = flat[k];
            if (board[q] == EMPTY)
                *breathes = 1;
            else if (board[q] == colour && seen[q] != stamp) {
                seen[q] = stamp;
                stack[count++] = q;
            }
        }
    return count;
}

/* A board to put stones down on, one at a time (put_down), and what that needs. */
typedef struct Play {
    Py_ssize_t cells;
    const int32_t *offsets, *flat;   /* the neighbours of cell c: flat[offsets[c]...] */
    signed char *board, *colours;
    int *stack, *removed;
    int32_t *seen, *taken, stamp;
} Play;

static void play_close(Play *p)
{
    free(p->board);
    free(p->colours);
    free(p->stack);
    free(p->removed);
    free(p->seen);
    free(p->taken);
}

/* The board whose cells are ``cells`` (a byte each: 0 empty, 1 and 2 the seats' stones, -1
 * unplayable) and whose cells' neighbours are ``flat`` from ``offsets`` (32-bit numbers),
 * checked, into ``p``; -1 with an exception set where they are not that (``name`` the
 * function's). */
static int play_open(Play *p, const Py_buffer *cells, const Py_buffer *offsets,
                     const Py_buffer *flat, const char *name)
{
    Py_ssize_t n = cells->len, links = flat->len / 4;
    const signed char *given = cells->buf;
    memset(p, 0, sizeof *p);
    p->cells = n;
    p->offsets = offsets->buf;
    p->flat = flat->buf;
    if (n < 1 || offsets->len != 4 * (n + 1) || flat->len % 4 || p->offsets[0] != 0 ||
        p->offsets[n] != links) {
        PyErr_Format(PyExc_ValueError, "%s(): a board of another size", name);
        return -1;
    }
    for (Py_ssize_t c = 0; c < n; c++)
        if (p->offsets[c + 1] < p->offsets[c] || given[c] < -1 || given[c] > WHITE) {
            PyErr_Format(PyExc_ValueError, "%s(): no board of two seats", name);
            return -1;
        }
    for (Py_ssize_t k = 0; k < links; k++)
        if (p->flat[k] < 0 || p->flat[k] >= n) {
            PyErr_Format(PyExc_ValueError, "%s(): a neighbour off the board", name);
            return -1;
        }
    p->board = malloc((size_t)n);
    p->colours = malloc((size_t)n);
    p->stack = malloc((size_t)n * sizeof(int));
    p->removed = malloc((size_t)n * sizeof(int));
    p->seen = calloc((size_t)n, sizeof(int32_t));
    p->taken = calloc((size_t)n, sizeof(int32_t));
    if (!p->board || !p->colours || !p->stack || !p->removed || !p->seen || !p->taken) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(p->board, given, (size_t)n);
    return 0;
}

/* A stone of ``colour`` put down on ``move`` of the board (empty there): the stones it takes
 * off (into ``removed``, their colours into ``colours``, its own group last if it is a
 * suicide), their count returned, -1 for a suicide the rules forbid (the board left as it
 * was); the board, and ``value`` (its lanes, with ``t``) where given, changed to the position
 * it makes, until take_back(). */
static int put_down(Play *p, const Trace *t, uint64_t *value, int move, int colour,
                    int suicide)
{
    const int32_t *offsets = p->offsets, *flat = p->flat;
    signed char *board = p->board;
    int count = 0, liberty = 0, breathes;
    board[move] = (signed char)colour;
    if (t)
        lanes_flip(t, value, colour, move);
    int32_t mine = ++p->stamp;  /* the stones this move takes are marked so in ``taken`` */
    for (int32_t k = offsets[move]; k < offsets[move + 1]; k++) {
        int q = flat[k], c = board[q];
        if (c == EMPTY)
            liberty = 1;
        else if (c > 0 && c != colour && p->taken[q] != mine) {
            int size = group_from(board, offsets, flat, q, c, p->stack, p->seen, ++p->stamp,
                                  &breathes);
            if (breathes)
                continue;
            for (int i = 0; i < size; i++) {  /* every group without a liberty goes at once */
                p->taken[p->stack[i]] = mine;
                p->removed[count] = p->stack[i];
                p->colours[count++] = (signed char)c;
            }
        }
    }
    for (int i = 0; i < count; i++) {
        board[p->removed[i]] = EMPTY;
        if (t)
            lanes_flip(t, value, p->colours[i], p->removed[i]);
    }
    if (liberty || count)
        return count;
    int size = group_from(board, offsets, flat, move, colour, p->stack, p->seen, ++p->stamp,
                          &breathes);
    if (breathes)
        return count;
    if (!suicide) {
        board[move] = EMPTY;
        return -1;
    }
    for (int i = 0; i < size; i++) {
        board[p->stack[i]] = EMPTY;
        if (t)
            lanes_flip(t, value, colour, p->stack[i]);
        p->removed[count] = p->stack[i];
        p->colours[count++] = (signed char)colour;
    }
    return count;
}

/* The board as it was before put_down() put a stone on ``move`` and took ``count`` off. */
static void take_back(Play *p, int move, int count)
{
    for (int k = 0; k < count; k++)
        p->board[p->removed[k]] = p->colours[k];
    p->board[move] = EMPTY;
}

/* successors(cells, offsets, neighbours, seat, suicide, moves, tables, columns, rows) -> list:
 * for each cell of ``moves`` (32-bit numbers) the position a stone of ``seat`` (0 or 1, of
 * two) put down on the grid position of ``cells`` (play_open's board: ``columns`` x ``rows``
 * cells in kifu's numbering) makes: (its canonical hash, signed; the prisoners it took; the
 * ko it took, the cell that may not be retaken at once and the stone that took it, -1 and -1
 * for none; the cells field of its key), or None where no stone can go (a cell that holds
 * one, a suicide ``suicide`` forbids); ``tables`` the lanes (lanes.h's trace_tables). */
static PyObject *successors(PyObject *module, PyObject *args)
{
    Py_buffer cells, offsets_in, flat_in, moves_in;
    int seat, suicide, columns, rows;
    PyObject *table, *answer = NULL;
    char *text = NULL;
    Play p;
    Trace t;
    (void)module;
    if (!PyArg_ParseTuple(args, "y*y*y*ipy*Oii", &cells, &offsets_in, &flat_in, &seat,
                          &suicide, &moves_in, &table, &columns, &rows))
        return NULL;
    const int32_t *moves = moves_in.buf;
    Py_ssize_t n = cells.len;
    memset(&t, 0, sizeof t);
    if (play_open(&p, &cells, &offsets_in, &flat_in, "successors") < 0)
        goto done;
    if (columns < 1 || rows < 1 || columns > MAX_SIDE || rows > MAX_SIDE ||
        n != (Py_ssize_t)columns * rows || (seat != 0 && seat != 1) || moves_in.len % 4) {
        PyErr_SetString(PyExc_ValueError, "successors(): arguments of another size");
        goto done;
    }
    if (trace_tables(&t, table, n) < 0)
        goto done;
    t.points = (int)n;
    text = malloc((size_t)(n + rows));
    answer = PyList_New(moves_in.len / 4);
    if (!text || !answer) {
        Py_CLEAR(answer);
        PyErr_NoMemory();
        goto done;
    }
    uint64_t parent[MAX_LANES], value[MAX_LANES];
    for (int lane = 0; lane < t.lanes; lane++)
        parent[lane] = load(t.base + 8 * lane);
    for (Py_ssize_t c = 0; c < n; c++)
        if (p.board[c] > EMPTY)
            lanes_flip(&t, parent, p.board[c], (int)c);
    int colour = seat + 1, following = 1 - seat;
    for (Py_ssize_t i = 0; i < moves_in.len / 4; i++) {
        int move = moves[i], count = -1;
        if (move >= 0 && move < n && p.board[move] == EMPTY) {
            memcpy(value, parent, sizeof(uint64_t) * (size_t)t.lanes);
            count = put_down(&p, &t, value, move, colour, suicide);
        }
        if (count < 0) {
            Py_INCREF(Py_None);
            PyList_SET_ITEM(answer, i, Py_None);
            continue;
        }
        int gained = 0, ko_taken = -1, ko_by = -1, image;
        for (int k = 0; k < count; k++)
            gained += p.colours[k] != colour;
        /* position.py's _ko: one stone taken, of the seat now to move, by a lone stone whose
         * only liberty is where that stone stood */
        if (count == 1 && p.colours[0] == following + 1) {
            int lone = 1;
            for (int32_t k = p.offsets[move]; k < p.offsets[move + 1]; k++) {
                int q = p.flat[k];
                if (p.board[q] == colour || (p.board[q] == EMPTY && q != p.removed[0]))
                    lone = 0;
            }
            if (lone) {
                ko_taken = p.removed[0];
                ko_by = move;
            }
        }
        uint64_t hash = trace_canonical(&t, value, following + 1, &image);
        Py_ssize_t length = key_rows(p.board, columns, rows, text);
        PyObject *item = Py_BuildValue("(Liiis#)", (long long)hash, gained, ko_taken, ko_by,
                                       text, length);
        take_back(&p, move, count);
        if (item == NULL) {
            Py_CLEAR(answer);
            goto done;
        }
        PyList_SET_ITEM(answer, i, item);
    }
done:
    play_close(&p);
    free(text);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&offsets_in);
    PyBuffer_Release(&flat_in);
    PyBuffer_Release(&moves_in);
    return answer;
}

/* legal_cells(cells, offsets, neighbours, seat, suicide, zobrist, hash) -> list: the cells a
 * stone of ``seat`` (0 or 1, of two) may be put down on in the position of ``cells``
 * (play_open's board), in their order, as far as capture and suicide say (a suicide
 * ``suicide`` forbids is left out; ko and superko are the caller's to judge), each as (the
 * cell, the Zobrist hash of the position it makes: ``hash`` the position's, ``zobrist`` the
 * keys of a stone of each seat on each cell, 64-bit numbers in the machine's order, seat
 * after seat: position.py's). */
static PyObject *legal_cells(PyObject *module, PyObject *args)
{
    Py_buffer cells, offsets_in, flat_in, keys_in;
    int seat, suicide;
    unsigned long long hash;
    PyObject *answer = NULL;
    Play p;
    (void)module;
    if (!PyArg_ParseTuple(args, "y*y*y*ipy*K", &cells, &offsets_in, &flat_in, &seat,
                          &suicide, &keys_in, &hash))
        return NULL;
    Py_ssize_t n = cells.len;
    if (play_open(&p, &cells, &offsets_in, &flat_in, "legal_cells") < 0)
        goto done;
    if ((seat != 0 && seat != 1) || keys_in.len != 2 * 8 * n) {
        PyErr_SetString(PyExc_ValueError, "legal_cells(): arguments of another size");
        goto done;
    }
    const unsigned char *keys = keys_in.buf;
    answer = PyList_New(0);
    if (answer == NULL)
        goto done;
    int colour = seat + 1;
    for (Py_ssize_t cell = 0; cell < n; cell++) {
        if (p.board[cell] != EMPTY)
            continue;
        int count = put_down(&p, NULL, NULL, (int)cell, colour, suicide);
        if (count < 0)
            continue;
        uint64_t after = (uint64_t)hash ^ load(keys + 8 * ((size_t)seat * (size_t)n + (size_t)cell));
        for (int k = 0; k < count; k++)
            after ^= load(keys + 8 * ((size_t)(p.colours[k] - 1) * (size_t)n +
                                      (size_t)p.removed[k]));
        take_back(&p, (int)cell, count);
        PyObject *item = Py_BuildValue("(nK)", cell, (unsigned long long)after);
        if (item == NULL || PyList_Append(answer, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(answer);
            goto done;
        }
        Py_DECREF(item);
    }
done:
    play_close(&p);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&offsets_in);
    PyBuffer_Release(&flat_in);
    PyBuffer_Release(&keys_in);
    return answer;
}

/* configure(known, game_info, merged, max_nodes, max_values, max_moves): what kifu's Python
 * reading knows and limits, handed over once, so that both read by the same lists and numbers. */
static PyObject *configure(PyObject *module, PyObject *args)
{
    const char *known, *game_info, *merged;
    long nodes, values, moves;
    (void)module;
    if (!PyArg_ParseTuple(args, "ssslll", &known, &game_info, &merged, &nodes, &values, &moves))
        return NULL;
    if (nodes < 1 || values < 1 || moves < 1) {
        PyErr_SetString(PyExc_ValueError, "configure(): limits must be positive");
        return NULL;
    }
    memset(kinds, 0, sizeof kinds);
    mark_kind(known, KNOWN);
    mark_kind("SZ KM HA RU RE GM FF AB AW PL", READ);
    mark_kind("AE TB TW XH", PYTHONS);
    mark_kind(game_info, GAME_INFO);
    mark_kind(merged, MERGED);
    max_nodes = nodes;
    max_values = values;
    max_moves = moves;
    Py_RETURN_NONE;
}

static PyMethodDef METHODS[] = {
    {"judge", judge, METH_O,
     "judge(text) -> (moves, noted) | str\n\n"
     "The moves of a Go record of which kifu would report nothing (or notes only, where\n"
     "noted), or why the record is Python's."},
    {"trace", trace, METH_VARARGS,
     "trace(text, tables, largest_komi) -> (moves, over, head, columns, rows, hashes,\n"
     "images, changes, marks) | str\n\n"
     "judge(), and for a record decided, its positions as a corpus index keeps them; head\n"
     "the root's (name, value) pairs where each value reads as itself, else its text.\n"
     "What judge() leaves to Python for a warning alone (a server's komi, KM[650]; a result\n"
     "of another form) is read here as kifu reads it: an index keeps no warning."},
    {"replay", replay, METH_O,
     "replay(text) -> (moves, over, head, columns, rows, start_to_move, boards, facts,\n"
     "removed) | str\n\n"
     "judge(), and for a record decided, each step of its main line as the library's\n"
     "replay reads it."},
    {"rows", rows_text, METH_VARARGS,
     "rows(boards, step, columns, rows) -> str\n\n"
     "The cells of the position key of the board after a step of replay()."},
    {"configure", configure, METH_VARARGS,
     "configure(known, game_info, merged, max_nodes, max_values, max_moves)\n\n"
     "FF[4]'s properties, its game information, and those whose values kifu merges where\n"
     "one is given again in a node, as kifu knows them (names separated by blanks), and the\n"
     "limits of a file."},
    {"successors", successors, METH_VARARGS,
     "successors(cells, offsets, neighbours, seat, suicide, moves, tables, columns, rows)\n"
     "-> list\n\n"
     "The positions stones put down on a grid position make, each hashed as a corpus index\n"
     "hashes it, with what its key needs."},
    {"legal_cells", legal_cells, METH_VARARGS,
     "legal_cells(cells, offsets, neighbours, seat, suicide, zobrist, hash) -> list\n\n"
     "The cells a stone may go on as capture and suicide say, each with the Zobrist hash\n"
     "of the position it makes."},
    {"match_pattern", match_pattern, METH_VARARGS,
     "match_pattern(data, points, nodes, laid, chosen) -> (node, start) | None | str\n\n"
     "A pattern search's check of a grid record's log of changes (kifu/plugin/lanes.h)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_gosgf",
    "kifu's compiled core for Go on grids: an SGF text in, its verdict out.", -1, METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__gosgf(void)
{
    make_keys();
    return PyModule_Create(&MODULE);
}
