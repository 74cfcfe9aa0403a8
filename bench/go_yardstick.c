/* The yardstick of Go's compiled core: a plain C program, written here for kifu's benchmarks
 * (bench/go_core.py), that does the least the same work takes: read each SGF file whole, find
 * its moves (";B[pd]"), and replay them with Go's rules (captures, suicide forbidden, basic ko,
 * passes) on the board SZ gives.  No game information is read, no variation, no finding: it
 * measures how fast the work can go, not what kifu checks besides.
 *
 *     cc -O2 -o go_yardstick bench/go_yardstick.c && ./go_yardstick FILE...
 *
 * Prints one line: files, moves, illegal moves, the sum over the files of black's and white's
 * stones at the end (kifu's final positions give the same sums), CPU seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIDE 54 /* 52 lines and a border */
#define CELLS (SIDE * SIDE)

static unsigned char board[CELLS], before_last[CELLS], probe[CELLS];
static int stack[CELLS], seen[CELLS], mark;

/* The group at p: its stones in stack[], how many; -1 as soon as it has a liberty. */
static int group(int p)
{
    int colour = board[p], count = 1;
    stack[0] = p;
    seen[p] = ++mark;
    for (int i = 0; i < count; i++) {
        int q = stack[i], around[4] = {q - 1, q + 1, q - SIDE, q + SIDE};
        for (int k = 0; k < 4; k++) {
            int r = around[k];
            if (board[r] == 0)
                return -1;
            if (board[r] == colour && seen[r] != mark) {
                seen[r] = mark;
                stack[count++] = r;
            }
        }
    }
    return count;
}

static int play(int p, int colour, int *last_was_move)
{
    if (board[p] != 0)
        return 0;
    memcpy(probe, board, sizeof board);
    board[p] = (unsigned char)colour;
    int around[4] = {p - 1, p + 1, p - SIDE, p + SIDE};
    for (int k = 0; k < 4; k++)
        if (board[around[k]] == 3 - colour) {
            int n = group(around[k]);
            for (int i = 0; i < n; i++)
                board[stack[i]] = 0;
        }
    if (group(p) > 0 || (*last_was_move && memcmp(board, before_last, sizeof board) == 0)) {
        memcpy(board, probe, sizeof board); /* suicide or ko */
        return 0;
    }
    memcpy(before_last, probe, sizeof board);
    *last_was_move = 1;
    return 1;
}

int main(int argc, char **argv)
{
    long moves = 0, illegal = 0, stones[3] = {0, 0, 0};
    clock_t started = clock();
    for (int f = 1; f < argc; f++) {
        FILE *file = fopen(argv[f], "rb");
        if (!file)
            continue;
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        fseek(file, 0, SEEK_SET);
        char *text = malloc((size_t)size + 1);
        size_t got = fread(text, 1, (size_t)size, file);
        fclose(file);
        text[got] = 0;
        int side = 19;
        char *sz = strstr(text, "SZ[");
        if (sz)
            side = atoi(sz + 3);
        memset(board, 3, sizeof board);
        for (int r = 1; r <= side; r++)
            for (int c = 1; c <= side; c++)
                board[r * SIDE + c] = 0;
        int last_was_move = 0;
        for (char *at = text; (at = strchr(at, ';')) != NULL; at++) {
            if ((at[1] != 'B' && at[1] != 'W') || at[2] != '[')
                continue;
            int colour = at[1] == 'B' ? 1 : 2;
            moves++;
            if (at[3] == ']' || (at[3] == 't' && at[4] == 't' && side <= 19)) {
                last_was_move = 0; /* a pass */
                memcpy(before_last, board, sizeof board);
                continue;
            }
            int p = (at[4] - 'a' + 1) * SIDE + (at[3] - 'a' + 1);
            illegal += !play(p, colour, &last_was_move);
        }
        for (int p = 0; p < CELLS; p++)
            if (board[p] == 1 || board[p] == 2)
                stones[board[p]]++;
        free(text);
    }
    printf("%d %ld %ld %ld %ld %.6f\n", argc - 1, moves, illegal, stones[1], stones[2],
           (double)(clock() - started) / CLOCKS_PER_SEC);
    return 0;
}
