/* The host test runner: runs every test of tests.def (or those named on the command line). */
#include <stdio.h>
#include <string.h>

#include "harness.h"

#define TEST(name) void test_##name(void);
#include "tests.def"
#undef TEST

struct test {
    const char *name;
    void (*run)(void);
};

static const struct test tests[] = {
#define TEST(name) {#name, test_##name},
#include "tests.def"
#undef TEST
};

static int selected(int argc, char **argv, const char *name)
{
    int i;
    if (argc < 2) return 1;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], name) == 0) return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    size_t i;
    unsigned long ran = 0;
    for (i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        unsigned long f0 = harness_failures, c0 = harness_checks;
        if (!selected(argc, argv, tests[i].name)) continue;
        tests[i].run();
        ran++;
        printf("%-16s %8lu checks  %s\n", tests[i].name, harness_checks - c0,
               harness_failures == f0 ? "ok" : "FAILED");
        fflush(stdout);
        if (harness_checks == c0) {
            harness_fail(__FILE__, __LINE__, "test %s made no checks", tests[i].name);
        }
    }
    if (ran == 0) {
        fprintf(stderr, "no test matched\n");
        return 2;
    }
    printf("%lu checks, %lu failures\n", harness_checks, harness_failures);
    return harness_failures == 0 ? 0 : 1;
}
