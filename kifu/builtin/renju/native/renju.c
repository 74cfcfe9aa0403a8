/* kifu's compiled core for Renju and Gomoku: a record's text in, its verdict out.
 *
 * judge_notation(text) reads one record of kifu's own Renju notation (.renju), judge_psq(text)
 * one of Piskvork's .psq files as Gomocup writes them, and each replays its moves under the
 * rules kifu's referee applies (kifu/builtin/renju/rules.py and forbidden.py): the board's
 * size and what wins (Renju with black's forbidden double three, double four and overline,
 * the true and false threes found recursively; free-style gomoku; standard gomoku, exactly
 * five; Caro), the opening rules' zones and swaps, passes, a full board, a set-up, then the
 * result the record states.  Each answers (moves, False) for a record of which Python would
 * report nothing; anything else (a variation, an offer, a header Python would refuse, an
 * illegal move, a result that differs, a text it does not read as Python's scanner does...)
 * is answered with a few words saying why it is not this core's to decide (a str), and the
 * record goes to Python, which reads it as it always has and writes every diagnostic.  A
 * verdict here is therefore only ever "nothing to report".
 *
 * What Python knows by name (the rules' words and aliases, the opening rules, the results it
 * reads, the game's names, the limits) is handed over once by configure(), so that both
 * read by the same lists.
 *
 * Written for kifu; no code is taken from elsewhere.  Plain C99 and the CPython C API only.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Boards of up to 26 points a side (kifu's MAX_SIZE: a letter a column), with a wall of one
 * cell around them, as kifu.builtin.renju.position lays out its flat list. */
#define MAX_SIDE 26
#define MAX_CELLS ((MAX_SIDE + 2) * (MAX_SIDE + 2))
#define REACH 5
#define MAX_HEADERS 64
#define MAX_ZONES 16
#define MAX_OPENINGS 16
#define MAX_WORDS 64
#define MAX_RESULTS 128
#define WORD 32

enum { EMPTY = 0, BLACK = 1, WHITE = 2, WALL = 3 };
enum { WIN_RENJU, WIN_FREESTYLE, WIN_STANDARD, WIN_CARO };
enum { ORDINARY = 0, FIVE, OVERLINE, DOUBLE_FOUR, DOUBLE_THREE };
enum { PLACE, PASS, SWAP };
/* A result as Python reads it: not stated, no verdict (void, not known), a winner, a draw. */
enum { NO_RESULT = -1, UNDECIDED = 0, BLACK_WINS = 1, WHITE_WINS = 2, DRAWN = 3, WORDED = 4 };
/* What judge answers for a result Python reads with its grammar before it told the core how
 * (kifu.builtin.renju.native.WORDED_WANTED). */
#define WORDED_WANTED "a worded result, not yet read"

typedef const char *Reason;

static const int STEPS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};

/* The index's hashing of positions (kifu/plugin/lanes.h), for trace_notation and trace_psq. */
#define TRACE_CELLS 1
#define TRACE_POINTS (MAX_SIDE * MAX_SIDE)
#include "lanes.h"

/* ------------------------------------------------------------------------------------------
 * What Python knows, handed over by configure().
 * ------------------------------------------------------------------------------------------ */

typedef struct {
    char name[WORD];
    int zones[MAX_ZONES], count;  /* how far from the centre stone k+1 may stand */
    uint64_t swaps;               /* bit n: the colours may be swapped with n stones placed */
} Opening;

typedef struct {
    char word[WORD];
    int win;       /* WIN_... or -1 */
    int opening;   /* an index into openings, or -1 */
} RuleWord;

typedef struct {
    char text[WORD];
    int code;        /* UNDECIDED, BLACK_WINS, WHITE_WINS, DRAWN; WORDED: not read yet */
    int dependent;   /* read by the players' names where no word of a side is in it */
} ResultForm;

static Opening openings[MAX_OPENINGS];
static int opening_count = 0;
static RuleWord rule_words[MAX_WORDS];
static int rule_word_count = 0;
static ResultForm result_forms[MAX_RESULTS];
static int result_count = 0;
static char game_names[8][WORD];
static int game_name_count = 0;
static long max_tokens = 0, max_moves = 0, min_side = 5, max_side = 26;

/* ------------------------------------------------------------------------------------------
 * What one line holds (forbidden.line_shape): the eleven cells of a line through a black
 * stone, worked out once per distinct line and kept.
 * ------------------------------------------------------------------------------------------ */

/* A line's key: its ten cells besides the centre in base 3 (0 empty, 1 black, 2 white or
 * the edge).  A shape: 0 until worked out; else 1 | run << 1 | fours << 5 | points << 8,
 * ``points`` the offsets -4..4 (bit offset + 4) where black makes a straight four. */
#define LINE_KEYS 59049
static uint32_t shapes[LINE_KEYS];

static void run_through(const char *line, int *lo, int *hi)
{
    *lo = *hi = REACH;
    while (*lo > 0 && line[*lo - 1] == 'x')
        (*lo)--;
    while (*hi < 2 * REACH && line[*hi + 1] == 'x')
        (*hi)++;
}

/* Every empty point that turns the line into an exact five through the centre: the masks of
 * the four stones each five completes (forbidden._fives_from). */
static int fives_from(const char *line, int masks[2 * REACH + 1])
{
    int found = 0;
    for (int e = 0; e <= 2 * REACH; e++) {
        if (line[e] != '.' || abs(e - REACH) > 4)
            continue;
        char filled[2 * REACH + 1];
        memcpy(filled, line, sizeof filled);
        filled[e] = 'x';
        int lo, hi;
        run_through(filled, &lo, &hi);
        if (hi - lo + 1 == 5) {
            int mask = 0;
            for (int i = lo; i <= hi; i++)
                if (i != e)
                    mask |= 1 << i;
            masks[found++] = mask;
        }
    }
    return found;
}

static int distinct(const int *masks, int count)
{
    int seen = 0;
    for (int i = 0; i < count; i++) {
        int again = 0;
        for (int j = 0; j < i; j++)
            again |= masks[j] == masks[i];
        seen += !again;
    }
    return seen;
}

static uint32_t work_out(const char *line)
{
    int lo, hi, masks[2 * REACH + 1];
    run_through(line, &lo, &hi);
    uint32_t run = (uint32_t)(hi - lo + 1);
    if (run >= 5)
        return 1u | run << 1;
    uint32_t fours = (uint32_t)distinct(masks, fives_from(line, masks));
    uint32_t points = 0;
    if (fours == 0) {
        for (int q = 0; q <= 2 * REACH; q++) {
            if (line[q] != '.' || abs(q - REACH) > 4)
                continue;
            char filled[2 * REACH + 1];
            memcpy(filled, line, sizeof filled);
            filled[q] = 'x';
            int count = fives_from(filled, masks);
            if (distinct(masks, count) != count)  /* two ends of the same four: .XXXX. */
                points |= 1u << (q - REACH + 4);
        }
    }
    return 1u | run << 1 | (fours > 7 ? 7 : fours) << 5 | points << 8;
}

/* ------------------------------------------------------------------------------------------
 * The referee (rules.py, forbidden.py).
 * ------------------------------------------------------------------------------------------ */

typedef struct {
    int size, stride;
    unsigned char cells[MAX_CELLS];
    int win;
    const Opening *opening;
    int to_move, stones, passes, swapped_after;
    int ended, winner;  /* winner: BLACK_WINS, WHITE_WINS or DRAWN once ended */
    /* How it ended, for the outcome Python words (rules._place, _pass): END_FIVE with the
     * run's length, END_FOUL with black's forbidden shape, at the point last placed. */
    int end_kind, end_detail, end_column, end_row;
    /* The first three stones placed by moves (with a set-up's, they name the opening). */
    int first[3][2], firsts;
    Trace *trace;  /* the positions hashed for the index, or NULL */
} Game;

enum { END_NONE, END_FIVE, END_FOUL, END_FULL, END_PASSES };

static int at_point(const Game *g, int column, int row)
{
    return (row + 1) * g->stride + column + 1;
}

static int on_board(const Game *g, int column, int row)
{
    return column >= 0 && row >= 0 && column < g->size && row < g->size;
}

static uint32_t shape_at(const Game *g, int column, int row, int direction)
{
    int dc = STEPS[direction][0], dr = STEPS[direction][1];
    char line[2 * REACH + 1];
    int key = 0;
    for (int k = -REACH; k <= REACH; k++) {
        int c = column + k * dc, r = row + k * dr;
        int v = on_board(g, c, r) ? g->cells[at_point(g, c, r)] : WALL;
        char cell = v == BLACK ? 'x' : v == EMPTY ? '.' : '#';
        line[k + REACH] = cell;
        if (k != 0)
            key = key * 3 + (cell == '.' ? 0 : cell == 'x' ? 1 : 2);
    }
    if (shapes[key] == 0) {
        line[REACH] = 'x';
        shapes[key] = work_out(line);
    }
    return shapes[key];
}

static int legal_black(Game *g, int column, int row);

/* A black stone just placed at (column, row): FIVE, a forbidden shape or ORDINARY
 * (forbidden.black_verdict; a five wins whatever else the move makes). */
static int black_verdict(Game *g, int column, int row)
{
    uint32_t found[4];
    int overline = 0, fours = 0, candidates = 0;
    for (int d = 0; d < 4; d++) {
        found[d] = shape_at(g, column, row, d);
        uint32_t run = found[d] >> 1 & 15;
        if (run == 5)
            return FIVE;
        overline |= run > 5;
        fours += (int)(found[d] >> 5 & 7);
        candidates += (found[d] >> 8) != 0;
    }
    if (overline)
        return OVERLINE;
    if (fours >= 2)
        return DOUBLE_FOUR;
    if (candidates < 2)
        return ORDINARY;
    int threes = 0;
    for (int d = 0; d < 4; d++) {
        uint32_t points = found[d] >> 8;
        for (int q = -4; q <= 4 && points; q++) {
            if (!(points & 1u << (q + 4)))
                continue;
            if (legal_black(g, column + q * STEPS[d][0], row + q * STEPS[d][1])) {
                if (++threes == 2)
                    return DOUBLE_THREE;
                break;
            }
        }
    }
    return ORDINARY;
}

/* Whether black may play at the empty point (a true three's straight four): a five always. */
static int legal_black(Game *g, int column, int row)
{
    int at = at_point(g, column, row);
    g->cells[at] = BLACK;
    int verdict = black_verdict(g, column, row);
    g->cells[at] = EMPTY;
    return verdict == ORDINARY || verdict == FIVE;
}

static int longest_run(const Game *g, int at, int colour)
{
    const int steps[4] = {1, g->stride, g->stride + 1, g->stride - 1};
    int best = 1;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int i = at + steps[d]; g->cells[i] == colour; i += steps[d])
            run++;
        for (int i = at - steps[d]; g->cells[i] == colour; i -= steps[d])
            run++;
        if (run > best)
            best = run;
    }
    return best;
}

/* Piskvork's Caro rule (forbidden.wins_under_caro): six or more, or five not closed at both
 * ends by the other colour (the edge closes nothing). */
static int wins_under_caro(const Game *g, int at, int colour)
{
    const int steps[4] = {1, g->stride, g->stride + 1, g->stride - 1};
    int other = colour == BLACK ? WHITE : BLACK;
    for (int d = 0; d < 4; d++) {
        int run = 1, after = at + steps[d], before = at - steps[d];
        while (g->cells[after] == colour) {
            run++;
            after += steps[d];
        }
        while (g->cells[before] == colour) {
            run++;
            before -= steps[d];
        }
        if (run > 5 || (run == 5 && !(g->cells[after] == other && g->cells[before] == other)))
            return 1;
    }
    return 0;
}

static void new_game(Game *g, int size, int win, const Opening *opening)
{
    Trace *trace = g->trace;
    memset(g, 0, sizeof *g);
    g->trace = trace;
    g->size = size;
    g->stride = size + 2;
    memset(g->cells, WALL, sizeof g->cells);
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            g->cells[at_point(g, c, r)] = EMPTY;
    g->win = win;
    g->opening = opening;
    g->to_move = BLACK;
    g->swapped_after = -1;
}

/* rules._place: a stone of the side to move, and what it makes. */
static Reason place(Game *g, int column, int row)
{
    if (!on_board(g, column, row))
        return "illegal: off the board";
    int at = at_point(g, column, row);
    if (g->cells[at] != EMPTY)
        return "illegal: occupied";
    if (g->stones < g->opening->count) {
        int reach = g->opening->zones[g->stones], centre = g->size / 2;
        if (abs(column - centre) > reach || abs(row - centre) > reach)
            return "illegal: outside the opening's zone";
    }
    int colour = g->to_move;
    if (g->firsts < 3) {
        g->first[g->firsts][0] = column;
        g->first[g->firsts++][1] = row;
    }
    g->cells[at] = (unsigned char)colour;
    g->stones++;
    g->passes = 0;
    g->to_move = colour == BLACK ? WHITE : BLACK;
    if (colour == BLACK && g->win == WIN_RENJU) {
        int verdict = black_verdict(g, column, row);
        if (verdict != ORDINARY) {
            g->ended = 1;
            g->winner = verdict == FIVE ? BLACK_WINS : WHITE_WINS;
            g->end_kind = verdict == FIVE ? END_FIVE : END_FOUL;
            g->end_detail = verdict == FIVE ? 5 : verdict;
        }
    } else {
        int run = longest_run(g, at, colour);
        if (run >= 5) {
            int wins = g->win == WIN_CARO ? wins_under_caro(g, at, colour)
                                          : run == 5 || g->win != WIN_STANDARD;
            if (wins) {
                g->ended = 1;
                g->winner = colour == BLACK ? BLACK_WINS : WHITE_WINS;
                g->end_kind = END_FIVE;
                g->end_detail = run;
            }
        }
    }
    if (!g->ended && g->stones == g->size * g->size) {
        g->ended = 1;
        g->winner = DRAWN;
        g->end_kind = END_FULL;
    }
    g->end_column = column;
    g->end_row = row;
    return NULL;
}

static Reason play(Game *g, int kind, int column, int row)
{
    if (g->ended)
        return "illegal: a move after the end";
    if (kind == PLACE)
        return place(g, column, row);
    if (kind == PASS) {
        g->passes++;
        g->to_move = g->to_move == BLACK ? WHITE : BLACK;
        if (g->passes >= 2) {
            g->ended = 1;
            g->winner = DRAWN;
            g->end_kind = END_PASSES;
        }
        return NULL;
    }
    if (g->stones >= 64 || !(g->opening->swaps >> g->stones & 1))
        return "illegal: a swap the opening rule does not allow";
    if (g->swapped_after == g->stones)
        return "illegal: swapped twice";
    g->swapped_after = g->stones;
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * A record as both readers give it: the rules, a set-up, the moves, the result.
 * ------------------------------------------------------------------------------------------ */

typedef struct {
    int kind;
    int column, row;
} Move;

/* A header as the text gives it (its key and value point into the text read). */
typedef struct {
    const char *key, *value;
    Py_ssize_t key_size, value_size;
} Header;

typedef struct {
    Header all[MAX_HEADERS];
    int count;
} Headers;

typedef struct {
    Headers headers;  /* kifu's notation's, in their order (a psq file's are Python's) */
    int size, win, opening;
    int setup, black_stones, white_stones, to_move;
    int setup_points[2 * MAX_SIDE * MAX_SIDE + 2][2];  /* black's, then white's */
    Move *moves;
    long count, capacity;
    int result, dependent, players;
} Rec;

static Reason add_move(Rec *rec, int kind, int column, int row)
{
    if (rec->count >= max_moves)
        return "past the limit of moves";
    if (rec->count == rec->capacity) {
        long more = rec->capacity ? rec->capacity * 2 : 256;
        Move *grown = realloc(rec->moves, (size_t)more * sizeof(Move));
        if (grown == NULL)
            return "out of memory";
        rec->moves = grown;
        rec->capacity = more;
    }
    rec->moves[rec->count].kind = kind;
    rec->moves[rec->count].column = column;
    rec->moves[rec->count].row = row;
    rec->count++;
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * The index's view of a record (kifu/builtin/renju/index.py's Tracker, as kifu.corpus.indexing
 * walks a record without variations): the start from its stones, then each move's stone (a
 * pass or a swap changes none), each position hashed with the side to move (0 once the game
 * has ended), through kifu/plugin/lanes.h.
 * ------------------------------------------------------------------------------------------ */

static int trace_side(const Game *g)
{
    return g->ended ? 0 : g->to_move;
}

/* A point's cell in kifu's numbering: row by row from the bottom. */
static int trace_cell(const Game *g, int column, int row)
{
    return row * g->size + column;
}

/* The start: the whole board, its stones point by point (the tracker's restart). */
static Reason trace_start(Game *g)
{
    Trace *t = g->trace;
    Reason why;
    t->points = g->size * g->size;
    for (int lane = 0; lane < t->lanes; lane++)
        t->value[lane] = load(t->base + 8 * lane);
    if ((why = trace_log(t, LOG_MARK | LOG_RESET | trace_side(g))))
        return why;
    for (int row = 0; row < g->size; row++)
        for (int column = 0; column < g->size; column++) {
            int colour = g->cells[at_point(g, column, row)], cell = trace_cell(g, column, row);
            if (colour != BLACK && colour != WHITE)
                continue;
            trace_flip(t, colour, cell);
            if ((why = trace_log(t, cell << 2 | colour)))
                return why;
        }
    return trace_note(t, trace_side(g));
}

/* A move played: a stone of ``colour`` at (column, row), or none (a pass, a swap). */
static Reason trace_move(Game *g, int placed, int colour, int column, int row)
{
    Trace *t = g->trace;
    Reason why;
    if ((why = trace_log(t, LOG_MARK | trace_side(g))))
        return why;
    if (placed) {
        int cell = trace_cell(g, column, row);
        trace_flip(t, colour, cell);
        if ((why = trace_log(t, cell << 2 | colour)))
            return why;
    }
    return trace_note(t, trace_side(g));
}

/* rules.start and setup.place, then every move, then driver.check_result; each position
 * hashed where the game is traced. */
static Reason replay(const Rec *rec, Game *g, long *counted)
{
    new_game(g, rec->size, rec->win, &openings[rec->opening]);
    if (rec->setup) {
        int total = rec->black_stones + rec->white_stones;
        for (int i = 0; i < total; i++) {
            int c = rec->setup_points[i][0], r = rec->setup_points[i][1];
            if (!on_board(g, c, r))
                return "a set-up stone off the board";
            int at = at_point(g, c, r);
            if (g->cells[at] != EMPTY)
                return "a set-up stone given twice";
            g->cells[at] = (unsigned char)(i < rec->black_stones ? BLACK : WHITE);
        }
        for (int i = 0; i < total; i++) {
            int at = at_point(g, rec->setup_points[i][0], rec->setup_points[i][1]);
            if (longest_run(g, at, g->cells[at]) >= 5)
                return "five in the set-up";
        }
        g->stones = total;
        g->to_move = rec->to_move;
    }
    Reason why;
    if (g->trace && (why = trace_start(g)))
        return why;
    *counted = 0;
    for (long i = 0; i < rec->count; i++) {
        const Move *move = &rec->moves[i];
        int colour = g->to_move;
        if ((why = play(g, move->kind, move->column, move->row)))
            return why;
        *counted += move->kind != SWAP;
        if (g->trace && (why = trace_move(g, move->kind == PLACE, colour, move->column,
                                          move->row)))
            return why;
    }
    if (rec->result == NO_RESULT || rec->result == UNDECIDED || !g->ended)
        return NULL;
    if (rec->dependent && rec->players)
        return "a result read by the players' names";
    return rec->result == g->winner ? NULL : "the result differs";
}

/* ------------------------------------------------------------------------------------------
 * Words: header values as Python reads them (ASCII only: anything else is Python's).
 * ------------------------------------------------------------------------------------------ */

static int is_space(unsigned char c)
{
    /* str.strip()'s and str.split()'s blanks among ASCII */
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

static int is_alnum(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_ascii(const char *s, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 0;
    return 1;
}

static void strip(const char **s, Py_ssize_t *n)
{
    while (*n > 0 && is_space((unsigned char)**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n > 0 && is_space((unsigned char)(*s)[*n - 1]))
        (*n)--;
}

/* ``s`` lower-cased with its runs of blanks one space (results._normal, for ASCII): 0 where
 * it does not fit ``out``. */
static int normal(const char *s, Py_ssize_t n, char *out, int room)
{
    int length = 0, blank = 0;
    strip(&s, &n);
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (is_space(c)) {
            blank = 1;
            continue;
        }
        if (length + blank + 1 >= room)
            return 0;
        if (blank)
            out[length++] = ' ';
        blank = 0;
        out[length++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    out[length] = 0;
    return 1;
}

/* A point as Point.parse reads it: a column letter, a row of ASCII digits from 1 (at most
 * three: any larger row is off every board). */
static int read_point(const char *s, Py_ssize_t n, int *column, int *row)
{
    if (n < 2 || n > 4 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
        return 0;
    int value = 0;
    for (Py_ssize_t i = 1; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        value = value * 10 + (s[i] - '0');
    }
    if (value == 0)
        return 0;
    *column = (s[0] | 32) - 'a';
    *row = value - 1;
    return 1;
}

/* variants._parse_rule: what wins and the opening rule, a part at a time. */
static Reason read_rule(const char *s, Py_ssize_t n, Rec *rec)
{
    Py_ssize_t start = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i < n && s[i] != ',' && s[i] != '/' && s[i] != ';' && s[i] != '+')
            continue;
        const char *part = s + start;
        Py_ssize_t size = i - start;
        start = i + 1;
        strip(&part, &size);
        if (size == 0)
            continue;
        char name[WORD];
        int length = 0, blank = 0;
        for (Py_ssize_t k = 0; k < size; k++) {  /* casefolded, blanks and _ as one '-' */
            unsigned char c = (unsigned char)part[k];
            if (is_space(c) || c == '_') {
                blank = 1;
                continue;
            }
            if (length + 2 >= WORD)
                return "a rule's name this core does not know";
            if (blank)
                name[length++] = '-';
            blank = 0;
            name[length++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
        }
        name[length] = 0;
        int known = 0;
        for (int w = 0; w < rule_word_count && !known; w++) {
            if (strcmp(rule_words[w].word, name) != 0)
                continue;
            known = 1;
            if (rule_words[w].win >= 0)
                rec->win = rule_words[w].win;
            else
                rec->opening = rule_words[w].opening;
        }
        if (!known)
            return "a rule's name this core does not know";
    }
    return NULL;
}

/* variants._parse_size: N, or NxN, from min_side to max_side. */
static Reason read_size(const char *s, Py_ssize_t n, Rec *rec)
{
    strip(&s, &n);
    Py_ssize_t x = 0;
    while (x < n && s[x] != 'x' && s[x] != 'X')
        x++;
    if (x == 0 || x > 3)
        return "a size this core does not read";
    int side = 0;
    for (Py_ssize_t i = 0; i < x; i++) {
        if (s[i] < '0' || s[i] > '9')
            return "a size this core does not read";
        side = side * 10 + (s[i] - '0');
    }
    if (x < n && (n - x - 1 != x || memcmp(s, s + x + 1, (size_t)x) != 0))
        return "a size this core does not read";
    if (side < min_side || side > max_side)
        return "a size off the boards kifu names";
    rec->size = side;
    return NULL;
}

static Reason read_result(const char *s, Py_ssize_t n, Rec *rec)
{
    char said[WORD];
    const char *t = s;
    Py_ssize_t m = n;
    strip(&t, &m);
    if (m == 0)
        return NULL;  /* an empty Result: nothing stated */
    if (!normal(s, n, said, WORD))
        return "a result this core does not read";
    for (int i = 0; i < result_count; i++) {
        if (strcmp(result_forms[i].text, said) == 0) {
            if (result_forms[i].code == WORDED)
                return WORDED_WANTED;
            rec->result = result_forms[i].code;
            rec->dependent = result_forms[i].dependent;
            return NULL;
        }
    }
    return "a result this core does not read";
}

static Reason read_game_name(const char *s, Py_ssize_t n)
{
    char name[WORD];
    strip(&s, &n);
    if (n == 0)
        return NULL;
    if (!normal(s, n, name, WORD))
        return "another game's name";
    for (int i = 0; i < game_name_count; i++)
        if (strcmp(game_names[i], name) == 0)
            return NULL;
    return "another game's name";
}

/* The points of a set-up header (setup._points: items between blanks and commas). */
static Reason setup_points(const char *s, Py_ssize_t n, int (*into)[2], int room, int *count)
{
    Py_ssize_t i = 0;
    *count = 0;
    while (i < n) {
        if (is_space((unsigned char)s[i]) || s[i] == ',') {
            i++;
            continue;
        }
        Py_ssize_t start = i;
        while (i < n && !is_space((unsigned char)s[i]) && s[i] != ',')
            i++;
        if (*count >= room)
            return "a set-up too large";
        if (!read_point(s + start, i - start, &into[*count][0], &into[*count][1]))
            return "a set-up stone that is no point";
        (*count)++;
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * Headers as Python keeps them (names compared in any case).
 * ------------------------------------------------------------------------------------------ */

static int same_name(const char *a, Py_ssize_t n, const char *name)
{
    if ((size_t)n != strlen(name))
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if ((a[i] | 32) != (name[i] | 32))
            return 0;
    return 1;
}

static const Header *find_header(const Headers *h, const char *name)
{
    for (int i = 0; i < h->count; i++)
        if (same_name(h->all[i].key, h->all[i].key_size, name))
            return &h->all[i];
    return NULL;
}

static Reason add_header(Headers *h, const char *key, Py_ssize_t key_size, const char *value,
                         Py_ssize_t value_size)
{
    for (int i = 0; i < h->count; i++)
        if (h->all[i].key_size == key_size) {
            Py_ssize_t k = 0;
            while (k < key_size && (h->all[i].key[k] | 32) == (key[k] | 32))
                k++;
            if (k == key_size)
                return "a header given twice";
        }
    if (h->count == MAX_HEADERS)
        return "too many headers for this core";
    h->all[h->count].key = key;
    h->all[h->count].key_size = key_size;
    h->all[h->count].value = value;
    h->all[h->count].value_size = value_size;
    h->count++;
    return NULL;
}

/* A header this core reads must be ASCII (Python's Unicode blanks and digits are its own). */
static const Header *plain_header(const Headers *h, const char *name, Reason *why)
{
    const Header *found = find_header(h, name);
    if (found && !is_ascii(found->value, found->value_size))
        *why = "a header this core reads is not ASCII";
    return found;
}

/* What the headers say: the rules (variants.rules_of), the set-up (setup.extract), the
 * result and the players (for a result read by their names), the game's name. */
static Reason read_headers(const Headers *h, Rec *rec)
{
    Reason why = NULL;
    const Header *rule = plain_header(h, "Rule", &why), *size = plain_header(h, "Size", &why),
                 *result = plain_header(h, "Result", &why), *game = plain_header(h, "Game", &why),
                 *order = plain_header(h, "Opening-stones", &why),
                 *black = plain_header(h, "Setup-Black", &why),
                 *white = plain_header(h, "Setup-White", &why),
                 *to_move = plain_header(h, "To-Move", &why);
    if (why)
        return why;
    if (find_header(h, "Opening"))
        return "an Opening header (the first stones name an opening: Python checks it)";
    rec->win = WIN_RENJU;
    rec->opening = 0;
    rec->size = 15;
    if (rule && (why = read_rule(rule->value, rule->value_size, rec)))
        return why;
    if (size && (why = read_size(size->value, size->value_size, rec)))
        return why;
    if (result && (why = read_result(result->value, result->value_size, rec)))
        return why;
    if (game && (why = read_game_name(game->value, game->value_size)))
        return why;
    for (int i = 0; i < h->count; i++)
        if ((same_name(h->all[i].key, h->all[i].key_size, "Black") ||
             same_name(h->all[i].key, h->all[i].key_size, "White")) && h->all[i].value_size)
            rec->players = 1;
    const int room = MAX_SIDE * MAX_SIDE;  /* setup.MOST_STONES */
    if (order) {
        if (black || white || to_move)
            return "Opening-stones with other set-up headers";
        int count, ordered[MAX_SIDE * MAX_SIDE][2];
        if ((why = setup_points(order->value, order->value_size, ordered, room, &count)))
            return why;
        rec->setup = 1;
        rec->black_stones = (count + 1) / 2;
        rec->white_stones = count / 2;
        for (int i = 0; i < count; i++) {
            int slot = i % 2 == 0 ? i / 2 : rec->black_stones + i / 2;
            rec->setup_points[slot][0] = ordered[i][0];
            rec->setup_points[slot][1] = ordered[i][1];
        }
        rec->to_move = count % 2 ? WHITE : BLACK;
    } else if (black || white || to_move) {
        rec->setup = 1;
        rec->to_move = BLACK;
        if (black && (why = setup_points(black->value, black->value_size, rec->setup_points,
                                         room, &rec->black_stones)))
            return why;
        if (white && (why = setup_points(white->value, white->value_size,
                                         rec->setup_points + rec->black_stones, room,
                                         &rec->white_stones)))
            return why;
        if (to_move) {
            char side[WORD];
            if (!normal(to_move->value, to_move->value_size, side, WORD))
                return "To-Move is neither black nor white";
            if (strcmp(side, "white") == 0)
                rec->to_move = WHITE;
            else if (strcmp(side, "black") != 0)
                return "To-Move is neither black nor white";
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * kifu's notation (notation/scanner.py): the common record without variations or offers.
 * ------------------------------------------------------------------------------------------ */

static int is_letter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_word_char(unsigned char c)
{
    return is_alnum(c) || c == '_' || c >= 0x80;  /* any non-ASCII: Python's \b, not ours */
}

static int word_at(const char *p, const char *end, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(end - p) < n + 1)  /* the text ends with a line end: never at its end */
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((p[i] | 32) != word[i])
            return 0;
    return !is_word_char((unsigned char)p[n]);
}

/* The numbers and moves of the record (RecordBuilder: a number is the next move's own), its
 * headers before them; the tokens counted at least as Python's lexer counts them. */
static Reason scan_notation(const char *text, Py_ssize_t size, Headers *h, Rec *rec)
{
    const char *p = text, *end = text + size;
    long tokens = 1;  /* the line end the scanner adds to a text without one */
    long pending = -1, plies = 0;
    int seen_move = 0;
    Reason why;
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t') {
            p++;
            continue;
        }
        if (++tokens > max_tokens)
            return "past the limit of tokens";
        if (c == '\n') {
            p++;
        } else if (c == '{') {
            const char *close = memchr(p, '}', (size_t)(end - p));
            if (close == NULL)
                return "a comment never closed";
            p = close + 1;
        } else if (c == ';') {
            const char *line_end = memchr(p, '\n', (size_t)(end - p));
            p = line_end ? line_end : end;
        } else if (c == ',') {
            while (p < end && *p == ',')
                p++;
        } else if (c >= '0' && c <= '9') {
            const char *start = p;
            long number = 0;
            while (p < end && *p >= '0' && *p <= '9') {
                if (p - start >= 9)
                    return "a move number this core does not read";
                number = number * 10 + (*p++ - '0');
            }
            if (p == end || *p != '.')
                return "digits that are no move number";
            while (p < end && *p == '.')
                p++;
            if (pending >= 0)
                return "a move number without its move";
            pending = number;
        } else if (is_letter(c)) {
            const char *start = p, *q = p + 1;
            while (q < end && (is_alnum((unsigned char)*q) || *q == '_' || *q == '-'))
                q++;
            const char *colon = q;
            while (colon < end && (*colon == ' ' || *colon == '\t'))
                colon++;
            if (colon < end && *colon == ':') {  /* a header: its value runs to the line end */
                if (seen_move)
                    return "a header after the moves";
                const char *v = colon + 1;
                int blanks = 0;
                while (v < end && *v != '\n') {
                    if (*v == ' ' || *v == '\t') {
                        v++;
                        blanks = 1;
                    } else if (blanks && (unsigned char)v[0] == 0xe3 && end - v >= 3 &&
                               (unsigned char)v[1] == 0x80 && (unsigned char)v[2] == 0x80) {
                        v += 3;  /* U+3000 in a run of blanks that began with one */
                    } else {
                        break;
                    }
                }
                const char *line_end = memchr(v, '\n', (size_t)(end - v));
                if (line_end == NULL)
                    line_end = end;
                Py_ssize_t value_size = line_end - v;
                if (value_size)
                    tokens++;
                while (value_size > 0 && is_space((unsigned char)v[value_size - 1]))
                    value_size--;
                if ((why = add_header(h, start, q - start, v, value_size)))
                    return why;
                p = line_end;
                continue;
            }
            int kind;
            int column = 0, row = 0;
            if (q - start >= 2 && start[1] >= '0' && start[1] <= '9') {
                q = start + 1;
                while (q < end && *q >= '0' && *q <= '9')
                    q++;
                if (!read_point(start, q - start, &column, &row))
                    return "a point this core does not read";
                kind = PLACE;
                p = q;
            } else if (word_at(start, end, "pass")) {
                kind = PASS;
                p = start + 4;
            } else if (word_at(start, end, "swap")) {
                kind = SWAP;
                p = start + 4;
            } else {
                return "a word this core does not read (an offer, say)";
            }
            seen_move = 1;
            if (kind != SWAP) {
                plies++;
                if (pending >= 0 && pending != plies)
                    return "a move number that is not the move's";
                pending = -1;
            }
            if ((why = add_move(rec, kind, column, row)))
                return why;
        } else {
            return c == '(' || c == ')' ? "variations" : "text this core does not read";
        }
    }
    if (pending >= 0)
        return "a move number without its move";
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * Piskvork's .psq (archives/psq.py).
 * ------------------------------------------------------------------------------------------ */

typedef struct {
    const char *at;
    Py_ssize_t size;
} Line;

/* The next line (without its line end) from *p; 0 at the end of the text. */
static int next_line(const char **p, const char *end, Line *line)
{
    if (*p >= end)
        return 0;
    const char *line_end = memchr(*p, '\n', (size_t)(end - *p));
    if (line_end == NULL)
        line_end = end;
    line->at = *p;
    line->size = line_end - *p;
    *p = line_end < end ? line_end + 1 : end;
    return 1;
}

/* A run of ASCII digits at s[*i] (at most ``most``), with an optional '-' where ``sign``. */
static int number_at(const char *s, Py_ssize_t n, Py_ssize_t *i, int sign, long *value)
{
    int negative = 0, digits = 0;
    *value = 0;
    if (sign && *i < n && s[*i] == '-') {
        negative = 1;
        (*i)++;
    }
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
        if (++digits > 9)
            return 0;
        *value = *value * 10 + (s[(*i)++] - '0');
    }
    if (negative)
        *value = -*value;
    return digits > 0;
}

static void skip_spaces(const char *s, Py_ssize_t n, Py_ssize_t *i)
{
    while (*i < n && is_space((unsigned char)s[*i]))
        (*i)++;
}

/* A stone's line, stripped (psq._MOVE: x,y or x,y,ms; blanks may follow a comma): 1 and
 * whether its time is 0 ms (as psq._is_zero reads it: a sign left out), 0 where the line is
 * no stone, -1 where it is one with a number past what this core reads. */
static int psq_stone(const char *s, Py_ssize_t n, long *x, long *y, int *zero)
{
    Py_ssize_t i = 0;
    long time;
    *zero = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == 0 || i >= n || s[i] != ',')
        return 0;
    Py_ssize_t x_end = i++;
    skip_spaces(s, n, &i);
    Py_ssize_t y_start = i;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == y_start)
        return 0;
    Py_ssize_t y_end = i, t_start = -1;
    if (i < n) {
        if (s[i++] != ',')
            return 0;
        skip_spaces(s, n, &i);
        if (i < n && s[i] == '-')
            i++;
        t_start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == t_start || i != n)
            return 0;
    }
    Py_ssize_t at = 0;
    if (!number_at(s, x_end, &at, 0, x))
        return -1;
    at = y_start;
    if (!number_at(s, y_end, &at, 0, y))
        return -1;
    if (t_start >= 0) {
        at = t_start;
        if (!number_at(s, n, &at, 0, &time))
            return -1;
        *zero = time == 0;
    }
    return 1;
}

/* The length of -?[0-9]+ at the start of s (any number of digits), 0 where none. */
static Py_ssize_t whole_number_length(const char *s, Py_ssize_t n)
{
    Py_ssize_t i = n > 0 && s[0] == '-';
    Py_ssize_t start = i;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    return i > start ? i : 0;
}

static int is_whole_number(const char *s, Py_ssize_t n)  /* psq._CODE: -?\d+ */
{
    return n > 0 && whole_number_length(s, n) == n;
}

/* Gomocup's line (psq._LEAGUE: -?\d+,(.*)): the seat as psq._winner reads it (0, 1 or 2 as
 * written, else -1) and the league. */
static int league_line(const char *s, Py_ssize_t n, long *seat, const char **league,
                       Py_ssize_t *league_size)
{
    Py_ssize_t i = whole_number_length(s, n);
    if (i == 0 || i >= n || s[i] != ',')
        return 0;
    *seat = i == 1 && s[0] >= '0' && s[0] <= '2' ? s[0] - '0' : -1;
    *league = s + i + 1;
    *league_size = n - i - 1;
    return 1;
}

static int starts_with(const char *s, Py_ssize_t n, const char *word)
{
    size_t k = strlen(word);
    if ((size_t)n < k)
        return 0;
    for (size_t i = 0; i < k; i++)
        if ((s[i] | 32) != word[i])
            return 0;
    return 1;
}

/* psq.rule_of_league, else Piskvork's default (free-style). */
static int league_rule(const char *s, Py_ssize_t n)
{
    strip(&s, &n);
    if (starts_with(s, n, "renju"))
        return WIN_RENJU;
    if (starts_with(s, n, "standard"))
        return WIN_STANDARD;
    if (starts_with(s, n, "caro"))
        return WIN_CARO;
    return WIN_FREESTYLE;
}

/* The longest line of one colour through the stone just placed, on a board of the file's
 * own width and height (psq._longest_line, which knows no edge: the stones do not reach it). */
static int psq_longest(const signed char *board, int width, int height, int x, int y, int colour)
{
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int best = 1;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int sign = -1; sign <= 1; sign += 2) {
            int cx = x + sign * dirs[d][0], cy = y + sign * dirs[d][1];
            while (cx >= 0 && cy >= 0 && cx < width && cy < height &&
                   board[cy * width + cx] == colour) {
                run++;
                cx += sign * dirs[d][0];
                cy += sign * dirs[d][1];
            }
        }
        if (run > best)
            best = run;
    }
    return best;
}

static int seat_winner(long seat, int opening)  /* psq._winner */
{
    int first = opening % 2 == 0 ? BLACK_WINS : WHITE_WINS;
    if (seat == 0)
        return DRAWN;
    if (seat == 1)
        return first;
    if (seat == 2)
        return first == BLACK_WINS ? WHITE_WINS : BLACK_WINS;
    return NO_RESULT;
}

typedef struct {
    int x, y;   /* 0-based column, and row from the bottom */
    int zero;   /* its time is 0 ms (a leading run of these is the opening) */
} Stone;

/* psq._last_stone_won: whether the last stone, of the longest line ``longest``, won under
 * ``win``: a five that wins, or no five and no foul (black's forbidden point in Renju). */
static Reason last_stone_won(const Stone *stones, long count, int longest, int black, int win,
                             int size, int *won)
{
    if (longest >= 5) {
        int exact = win == WIN_STANDARD || (win == WIN_RENJU && black);
        *won = exact ? longest == 5 : 1;
        return NULL;
    }
    *won = 1;
    if (!(win == WIN_RENJU && black))
        return NULL;
    Game *g = calloc(1, sizeof(Game));
    if (g == NULL)
        return "out of memory";
    new_game(g, size, WIN_RENJU, &openings[0]);
    for (long k = 0; k < count - 1; k++)
        g->cells[at_point(g, stones[k].x, stones[k].y)] = k % 2 == 0 ? BLACK : WHITE;
    const Stone *last = &stones[count - 1];
    Reason why = NULL;
    if (g->cells[at_point(g, last->x, last->y)] != EMPTY)
        why = "a last stone on a point taken (Python's)";
    else
        *won = legal_black(g, last->x, last->y);
    free(g);
    return why;
}

static Reason read_psq(const char *text, Py_ssize_t size, Rec *rec, Stone **stones_out,
                       long *count_out)
{
    const char *p = text, *end = text + size;
    Line line;
    Py_ssize_t i = 0;
    long width, height, first, level;
    if (size >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        return "a byte-order mark";
    if (!next_line(&p, end, &line))
        return "an empty file";
    const char *h = line.at;
    Py_ssize_t n = line.size;
    strip(&h, &n);
    if (n < 9 || memcmp(h, "Piskvorky", 9) != 0)
        return "no Piskvork header";
    i = 9;
    skip_spaces(h, n, &i);
    if (!number_at(h, n, &i, 0, &width) || i >= n || h[i++] != 'x')
        return "a header this core does not read";
    skip_spaces(h, n, &i);
    if (!number_at(h, n, &i, 0, &height) || i >= n || h[i++] != ',')
        return "a header this core does not read";
    skip_spaces(h, n, &i);
    if (!number_at(h, n, &i, 1, &level) || i >= n || h[i++] != ':')
        return "a header this core does not read";
    skip_spaces(h, n, &i);
    if (!number_at(h, n, &i, 1, &level) || i >= n || h[i++] != ',')
        return "a header this core does not read";
    skip_spaces(h, n, &i);
    Py_ssize_t first_at = i;
    if (!number_at(h, n, &i, 1, &first) || i != n || i - first_at != 1 || first < 0 || first > 1)
        return "a header this core does not read";
    if (width != height || width < min_side || width > max_side)
        return "a board that is not a square kifu names";
    rec->size = (int)width;
    /* the stones, one a line (blank lines skipped), up to the first line that is none */
    Stone *stones = NULL;
    long count = 0, room = 0;
    Line trailer[5];
    int kept = 0;
    Reason why = NULL;
    while (next_line(&p, end, &line)) {
        const char *s = line.at;
        Py_ssize_t m = line.size;
        strip(&s, &m);
        if (m == 0)
            continue;
        if (!is_ascii(s, m)) {
            why = "text this core does not read";
            break;
        }
        long x, y;
        int zero, stone = kept == 0 ? psq_stone(s, m, &x, &y, &zero) : 0;
        if (stone < 0) {
            why = "a number past what this core reads";
            break;
        }
        if (stone) {
            if (count >= max_moves) {
                why = "past the limit of moves";
                break;
            }
            if (x < 1 || y < 1 || x > width || y > height) {
                why = "a stone off the board";
                break;
            }
            if (count == room) {
                room = room ? room * 2 : 256;
                Stone *grown = realloc(stones, (size_t)room * sizeof(Stone));
                if (grown == NULL) {
                    why = "out of memory";
                    break;
                }
                stones = grown;
            }
            stones[count].x = (int)x - 1;
            stones[count].y = (int)(height - y);
            stones[count].zero = zero;
            count++;
            continue;
        }
        if (kept == 4) {
            why = "more lines after the stones than psq has";
            break;
        }
        trailer[kept].at = s;
        trailer[kept++].size = m;
    }
    *stones_out = stones;
    *count_out = count;
    if (why)
        return why;
    /* the lines after the stones (psq._trailer_fields) */
    long seat = -1;
    const char *league = NULL;
    Py_ssize_t league_size = 0;
    int gomocup = 0, names = 0;
    if (kept && league_line(trailer[kept - 1].at, trailer[kept - 1].size, &seat, &league,
                            &league_size) &&
        (kept != 2 || is_whole_number(trailer[0].at, trailer[0].size))) {
        gomocup = 1;
        kept--;
    }
    if (kept && kept != 2 && is_whole_number(trailer[kept - 1].at, trailer[kept - 1].size))
        kept--;  /* Piskvork's code */
    if (kept != 0 && kept != 2)
        return "lines after the stones that psq does not write";
    names = kept == 2;
    rec->players = names;
    rec->win = gomocup ? league_rule(league, league_size) : WIN_FREESTYLE;
    /* the opening: the leading stones of time 0 (psq._opening) */
    long run = 0;
    while (run < count && stones[run].zero)
        run++;
    int opening = 0;
    if (run) {
        if ((long)width * height > MAX_SIDE * MAX_SIDE)
            return "a board too large";
        signed char board[MAX_SIDE * MAX_SIDE];
        memset(board, -1, sizeof board);
        int longest = 0, no_opening = 0;
        for (long k = 0; k < count; k++) {
            board[stones[k].y * width + stones[k].x] = (signed char)(k % 2);
            longest = psq_longest(board, (int)width, (int)height, stones[k].x, stones[k].y,
                                  (int)(k % 2));
            if (longest >= 5 && k < run) {
                no_opening = 1;
                break;
            }
        }
        opening = no_opening ? 0 : (int)run;
        if (!no_opening && gomocup && (seat == 1 || seat == 2)) {
            int black = (count - 1) % 2 == 0, won;
            if (seat_winner(seat, opening) != (black ? BLACK_WINS : WHITE_WINS)) {
                if ((why = last_stone_won(stones, count, longest, black, rec->win, (int)width,
                                          &won)))
                    return why;
                opening -= won;
            }
        }
    }
    /* the result by colour: seat 1 moves first after the opening (psq._seat_result) */
    rec->result = NO_RESULT;
    if (gomocup) {
        int winner = seat_winner(seat, opening);
        if (winner != NO_RESULT) {
            static const char *said[] = {"", "black", "white", "draw"};
            if ((why = read_result(said[winner], (Py_ssize_t)strlen(said[winner]), rec)))
                return why;
        }
    }
    rec->opening = 0;
    if (opening > MAX_SIDE * MAX_SIDE)
        return "a set-up too large";
    if (opening) {
        rec->setup = 1;
        rec->black_stones = (opening + 1) / 2;
        rec->white_stones = opening / 2;
        for (int k = 0; k < opening; k++) {
            int slot = k % 2 == 0 ? k / 2 : rec->black_stones + k / 2;
            rec->setup_points[slot][0] = stones[k].x;
            rec->setup_points[slot][1] = stones[k].y;
        }
        rec->to_move = opening % 2 ? WHITE : BLACK;
    }
    for (long k = opening; k < count; k++)
        if ((why = add_move(rec, PLACE, stones[k].x, stones[k].y)))
            return why;
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * The module.
 * ------------------------------------------------------------------------------------------ */

static Reason read_notation_text(const char *text, Py_ssize_t size, Rec *rec)
{
    Reason why;
    rec->headers.count = 0;
    rec->result = NO_RESULT;
    if ((why = scan_notation(text, size, &rec->headers, rec)))
        return why;
    return read_headers(&rec->headers, rec);
}

static Reason read_psq_text(const char *text, Py_ssize_t size, Rec *rec)
{
    Stone *stones = NULL;
    long count = 0;
    Reason why = read_psq(text, size, rec, &stones, &count);
    free(stones);
    return why;
}

typedef Reason (*Reader)(const char *, Py_ssize_t, Rec *);

/* The UTF-8 bytes of ``text`` (a str), once configure() was called; NULL where there are
 * none, with ``*said`` the answer to give: NULL (an exception is set) or why this core leaves
 * the text to Python (lone surrogates). */
static const char *text_bytes(PyObject *text, Py_ssize_t *size, PyObject **said)
{
    *said = NULL;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "a judge takes a str");
        return NULL;
    }
    if (max_moves == 0) {
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

/* What a record decided is answered with: judge()'s moves, or replay()'s line. */
typedef PyObject *(*Answer)(const Rec *rec, const Game *g, long moves);

/* Read ``text`` with ``reader`` and replay it: why the record is Python's, or ``answer``'s
 * answer for it. */
static PyObject *replayed_with(PyObject *text, Reader reader, Answer answer)
{
    Py_ssize_t size;
    PyObject *said;
    const char *bytes = text_bytes(text, &size, &said);
    if (bytes == NULL)
        return said;
    Rec *rec = calloc(1, sizeof(Rec));
    Game *g = calloc(1, sizeof(Game));
    if (rec == NULL || g == NULL) {
        free(rec);
        free(g);
        return PyErr_NoMemory();
    }
    long moves = 0;
    Reason why;
    Py_BEGIN_ALLOW_THREADS
    why = reader(bytes, size, rec);
    if (why == NULL)
        why = replay(rec, g, &moves);
    Py_END_ALLOW_THREADS
    PyObject *result = why ? PyUnicode_FromString(why) : answer(rec, g, moves);
    free(rec->moves);
    free(rec);
    free(g);
    return result;
}

static PyObject *judged(const Rec *rec, const Game *g, long moves)
{
    (void)rec;
    (void)g;
    return Py_BuildValue("(lO)", moves, Py_False);
}

static PyObject *judge_with(PyObject *text, Reader reader)
{
    return replayed_with(text, reader, judged);
}

static PyObject *judge_notation(PyObject *module, PyObject *text)
{
    (void)module;
    return judge_with(text, read_notation_text);
}

static PyObject *judge_psq(PyObject *module, PyObject *text)
{
    (void)module;
    return judge_with(text, read_psq_text);
}

/* The headers of kifu's notation the record was read with, ((key, value), ...) in their
 * order, each value as the text gives it to its line's end but for ASCII blanks (Python's
 * scanner strips the rest, which may be Unicode's); none for a psq file. */
static PyObject *header_pairs(const Rec *rec)
{
    const Headers *h = &rec->headers;
    PyObject *pairs = PyTuple_New(h->count);
    for (int i = 0; pairs != NULL && i < h->count; i++) {
        PyObject *pair = Py_BuildValue("(s#s#)", h->all[i].key, h->all[i].key_size,
                                       h->all[i].value, h->all[i].value_size);
        if (pair == NULL)
            Py_CLEAR(pairs);
        else
            PyTuple_SET_ITEM(pairs, i, pair);
    }
    return pairs;
}

/* replay_notation(text) / replay_psq(text): judge()'s reading and replay, and for a record
 * decided its line for the library's replay (kifu/builtin/renju/native/steps.py): (moves,
 * size, steps, end, headers), ``steps`` three bytes a move (PLACE, PASS or SWAP, the column,
 * the row), ``end`` how the game ended, as trace gives it, and ``headers`` as header_pairs
 * gives them; or why the record is Python's. */
static PyObject *line_of(const Rec *rec, const Game *g, long moves)
{
    PyObject *steps = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(3 * rec->count));
    if (steps == NULL)
        return NULL;
    unsigned char *step = (unsigned char *)PyBytes_AS_STRING(steps);
    for (long i = 0; i < rec->count; i++) {  /* (a point of a board of MAX_SIDE: a byte) */
        int placed = rec->moves[i].kind == PLACE;
        step[3 * i] = (unsigned char)rec->moves[i].kind;
        step[3 * i + 1] = (unsigned char)(placed ? rec->moves[i].column : 0);
        step[3 * i + 2] = (unsigned char)(placed ? rec->moves[i].row : 0);
    }
    return Py_BuildValue("(liN(iiiii)N)", moves, g->size, steps, g->end_kind, g->winner,
                         g->end_detail, g->end_column, g->end_row, header_pairs(rec));
}

static PyObject *replay_notation(PyObject *module, PyObject *text)
{
    (void)module;
    return replayed_with(text, read_notation_text, line_of);
}

static PyObject *replay_psq(PyObject *module, PyObject *text)
{
    (void)module;
    return replayed_with(text, read_psq_text, line_of);
}

/* What trace_with answers for a record traced: (moves, size, hashes, images, changes,
 * events, end, first, headers); see trace_notation's doc. */
static PyObject *traced(const Rec *rec, const Game *g, const Trace *t, long moves,
                        const unsigned char *changes, size_t changes_size)
{
    PyObject *events = PyList_New(0), *first = PyTuple_New(g->firsts);
    if (events == NULL || first == NULL)
        goto failed;
    for (long i = 0; i < rec->count; i++) {
        if (rec->moves[i].kind != SWAP)
            continue;
        PyObject *depth = PyLong_FromLong(i + 1);
        if (depth == NULL || PyList_Append(events, depth) < 0) {
            Py_XDECREF(depth);
            goto failed;
        }
        Py_DECREF(depth);
    }
    for (int k = 0; k < g->firsts; k++) {
        PyObject *point = Py_BuildValue("(ii)", g->first[k][0], g->first[k][1]);
        if (point == NULL)
            goto failed;
        PyTuple_SET_ITEM(first, k, point);
    }
    return Py_BuildValue("(liy#y#y#N(iiiii)NN)", moves, g->size, (const char *)t->hashes,
                         (Py_ssize_t)(t->visits * 8), (const char *)t->images,
                         (Py_ssize_t)t->visits, (const char *)changes, (Py_ssize_t)changes_size, events,
                         g->end_kind, g->winner, g->end_detail, g->end_column, g->end_row, first,
                         header_pairs(rec));
failed:
    Py_XDECREF(events);
    Py_XDECREF(first);
    return NULL;
}

static PyObject *trace_with(PyObject *args, Reader reader)
{
    PyObject *text, *tables, *table = NULL, *result = NULL;
    if (!PyArg_ParseTuple(args, "OO", &text, &tables))
        return NULL;
    Py_ssize_t size;
    PyObject *said;
    const char *bytes = text_bytes(text, &size, &said);
    if (bytes == NULL)
        return said;
    Rec *rec = calloc(1, sizeof(Rec));
    Game *g = calloc(1, sizeof(Game));
    Trace *t = calloc(1, sizeof(Trace));
    unsigned char *changes = NULL;
    size_t changes_size = 0;
    long moves = 0;
    Reason why;
    if (rec == NULL || g == NULL || t == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    why = reader(bytes, size, rec);
    Py_END_ALLOW_THREADS
    if (why == NULL) {
        table = PyObject_CallFunction(tables, "i", rec->size);
        if (trace_tables(t, table, (Py_ssize_t)rec->size * rec->size) < 0)
            goto done;
        g->trace = t;
        Py_BEGIN_ALLOW_THREADS
        why = replay(rec, g, &moves);
        if (why == NULL)
            why = trace_histories(t, &changes, &changes_size);
        Py_END_ALLOW_THREADS
    }
    result = why ? PyUnicode_FromString(why) : traced(rec, g, t, moves, changes, changes_size);
done:
    Py_XDECREF(table);
    free(changes);
    if (rec != NULL)
        free(rec->moves);
    free(rec);
    free(g);
    if (t != NULL)
        free_trace(t);
    free(t);
    return result;
}

static PyObject *trace_notation(PyObject *module, PyObject *args)
{
    (void)module;
    return trace_with(args, read_notation_text);
}

static PyObject *trace_psq(PyObject *module, PyObject *args)
{
    (void)module;
    return trace_with(args, read_psq_text);
}

/* Copies a word into ``out`` (room WORD); 0 where it is too long. */
static int copy_word(const char *s, Py_ssize_t n, char *out)
{
    if (n <= 0 || n >= WORD)
        return 0;
    memcpy(out, s, (size_t)n);
    out[n] = 0;
    return 1;
}

static int list_of_ints(const char *s, Py_ssize_t n, int *into, int room)
{
    int count = 0;
    Py_ssize_t i = 0;
    while (i < n) {
        long value;
        if (count == room || !number_at(s, n, &i, 0, &value))
            return -1;
        into[count++] = (int)value;
        if (i < n && s[i++] != ',')
            return -1;
    }
    return count;
}

/* The lines of ``text``, each split at tabs into ``fields`` fields: -1 where one is not. */
static int each_line(const char *text, int fields, int (*take)(const char **, Py_ssize_t *))
{
    const char *p = text, *end = text + strlen(text);
    Line line;
    while (next_line(&p, end, &line)) {
        if (line.size == 0)
            continue;
        const char *field[4];
        Py_ssize_t sizes[4];
        int found = 0;
        const char *s = line.at, *stop = line.at + line.size;
        while (found < fields) {
            const char *tab = memchr(s, '\t', (size_t)(stop - s));
            const char *field_end = tab && found < fields - 1 ? tab : stop;
            field[found] = s;
            sizes[found++] = field_end - s;
            if (field_end == stop)
                break;
            s = field_end + 1;
        }
        if (found != fields || !take(field, sizes))
            return -1;
    }
    return 0;
}

static const char *WIN_NAMES[] = {"renju", "freestyle", "standard", "caro"};

static int take_opening(const char **f, Py_ssize_t *n)
{
    if (opening_count == MAX_OPENINGS)
        return 0;
    Opening *o = &openings[opening_count];
    memset(o, 0, sizeof *o);
    if (n[0] >= WORD)
        return 0;
    memcpy(o->name, f[0], (size_t)n[0]);
    int swaps[64];
    o->count = list_of_ints(f[1], n[1], o->zones, MAX_ZONES);
    int swap_count = list_of_ints(f[2], n[2], swaps, 64);
    if (o->count < 0 || swap_count < 0)
        return 0;
    for (int k = 0; k < swap_count; k++)
        if (swaps[k] >= 0 && swaps[k] < 64)
            o->swaps |= (uint64_t)1 << swaps[k];
    opening_count++;
    return 1;
}

static int take_word(const char **f, Py_ssize_t *n)
{
    if (rule_word_count == MAX_WORDS)
        return 0;
    RuleWord *w = &rule_words[rule_word_count];
    char target[WORD];
    if (!copy_word(f[0], n[0], w->word) || !copy_word(f[1], n[1], target))
        return 0;
    w->win = w->opening = -1;
    for (int k = 0; k < 4; k++)
        if (strcmp(WIN_NAMES[k], target) == 0)
            w->win = k;
    for (int k = 0; k < opening_count; k++)
        if (strcmp(openings[k].name, target) == 0)
            w->opening = k;
    if (w->win < 0 && w->opening < 0)
        return 1;  /* a rule this core does not play: left out, so its records are Python's */
    rule_word_count++;
    return 1;
}

static int take_result(const char **f, Py_ssize_t *n)
{
    if (result_count == MAX_RESULTS)
        return 0;
    ResultForm *r = &result_forms[result_count];
    if (!copy_word(f[0], n[0], r->text) || n[1] != 1 || n[2] != 1)
        return 0;
    r->code = f[1][0] == '-' ? WORDED : f[1][0] - '0';
    r->dependent = f[2][0] == '1';
    if (r->code < UNDECIDED || r->code > WORDED)
        return 0;
    result_count++;
    return 1;
}

/* configure(openings, words, results, games, max_tokens, max_moves, min_side, max_side):
 * what kifu's Python reading knows, handed over once (see native/__init__.py). */
static PyObject *configure(PyObject *module, PyObject *args)
{
    const char *opening_lines, *word_lines, *result_lines, *games;
    long tokens, moves, smallest, largest;
    (void)module;
    if (!PyArg_ParseTuple(args, "ssssllll", &opening_lines, &word_lines,
                          &result_lines, &games, &tokens, &moves, &smallest, &largest))
        return NULL;
    if (tokens < 1 || moves < 1 || smallest < 1 || largest > MAX_SIDE || smallest > largest) {
        PyErr_SetString(PyExc_ValueError, "configure(): limits out of range");
        return NULL;
    }
    opening_count = rule_word_count = result_count = game_name_count = 0;
    if (each_line(opening_lines, 3, take_opening) < 0 || opening_count == 0 ||
        each_line(word_lines, 2, take_word) < 0 || each_line(result_lines, 3, take_result) < 0) {
        PyErr_SetString(PyExc_ValueError, "configure(): a table this core cannot read");
        return NULL;
    }
    const char *p = games, *end = games + strlen(games);
    Line line;
    while (next_line(&p, end, &line))
        if (game_name_count < 8 && copy_word(line.at, line.size, game_names[game_name_count]))
            game_name_count++;
    max_tokens = tokens;
    max_moves = moves;
    min_side = smallest;
    max_side = largest;
    Py_RETURN_NONE;
}

static PyMethodDef METHODS[] = {
    {"judge_notation", judge_notation, METH_O,
     "judge_notation(text) -> (moves, noted) | str\n\n"
     "The moves of a record of kifu's Renju notation of which kifu would report nothing, or\n"
     "why the record is Python's."},
    {"judge_psq", judge_psq, METH_O,
     "judge_psq(text) -> (moves, noted) | str\n\n"
     "The moves of a Piskvork .psq file of which kifu would report nothing, or why the\n"
     "record is Python's."},
    {"trace_notation", trace_notation, METH_VARARGS,
     "trace_notation(text, tables) -> (moves, size, hashes, images, changes, events, end,\n"
     "first, headers) | str\n\n"
     "judge_notation(), and for a record decided, its positions as a corpus index keeps them:\n"
     "tables(size) gives the board's Zobrist lanes (their count, their bytes); events are the\n"
     "depths of the swaps, end (kind, winner, detail, column, row) how the game ended, first\n"
     "the first three stones placed by moves, headers ((key, value), ...) as the text gives\n"
     "them (each value to its line's end, but for ASCII blanks; none for psq)."},
    {"trace_psq", trace_psq, METH_VARARGS,
     "trace_psq(text, tables) -> as trace_notation | str\n\n"
     "judge_psq(), and for a record decided, its positions as a corpus index keeps them."},
    {"replay_notation", replay_notation, METH_O,
     "replay_notation(text) -> (moves, size, steps, end, headers) | str\n\n"
     "judge_notation(), and for a record decided, its line for the library's replay: steps\n"
     "three bytes a move (0 a stone, 1 a pass, 2 a swap; the column; the row), end and\n"
     "headers as trace_notation gives them."},
    {"replay_psq", replay_psq, METH_O,
     "replay_psq(text) -> as replay_notation | str\n\n"
     "judge_psq(), and for a record decided, its line for the library's replay."},
    {"configure", configure, METH_VARARGS,
     "configure(openings, words, results, games, max_tokens, max_moves, min_side, max_side)\n\n"
     "The opening rules, the rules' words, the results and the game's names as kifu reads\n"
     "them (lines of tab-separated fields), and the limits of a record."},
    {"match_pattern", match_pattern, METH_VARARGS,
     "match_pattern(data, points, nodes, laid, chosen) -> (node, start) | None | str\n\n"
     "A pattern search's check of a grid record's log of changes (kifu/plugin/lanes.h)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_renju",
    "kifu's compiled core for Renju and Gomoku: a record's text in, its verdict out.", -1,
    METHODS, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__renju(void)
{
    return PyModule_Create(&MODULE);
}
