// SPDX-License-Identifier: MIT
// tests/cplusplus.cpp - the public headers used from C++ (tests/check-cplusplus.sh
// builds it with g++ and clang++, C++11 and C++17, -Wall -Wextra -Werror
// -pedantic, links it against the built library and runs it).
//
// It includes <lockstar.h> (which brings lockstar_world.h and lockstar_queue.h) and
// <lockstar_selftest.h> (liblockstar-selftest's), so a header that is not
// valid C++, lacks its extern "C" block or mangles a name fails to compile
// or to link here.
// The calls check real results, worked out by hand below, so a program
// that links but calls the wrong thing fails too. Exit 0 = all held.
#include <lockstar.h>
#include <lockstar_selftest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

// The ABI the header promises: fixed-width fields, no padding holes.
static_assert(sizeof(ls_point) == 8, "ls_point is two int32_t");
static_assert(sizeof(ls_result) == 24, "ls_result has no padding holes");

static int failures = 0;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        std::printf("cplusplus: FAIL: %s\n", what);
        ++failures;
    }
}

// An allocator whose hooks have C language linkage, as the function
// pointers declared inside the header's extern "C" block do; it counts
// what is live so the test can see that destroy released everything.
extern "C" {
static void *counting_alloc(void *user, size_t size)
{
    void *block = std::malloc(size);
    if (block != nullptr)
        ++*static_cast<long *>(user);
    return block;
}
static void counting_release(void *user, void *block, size_t size)
{
    (void)size;
    if (block != nullptr)
        --*static_cast<long *>(user);
    std::free(block);
}
}

int main(int argc, char **argv)
{
    // argv[1]: the digest README.md publishes for `lockstar selftest`.
    const char *published = argc > 1 ? argv[1] : nullptr;

    expect(std::strcmp(ls_version(), LS_VERSION_STRING) == 0,
           "ls_version() equals LS_VERSION_STRING");
    expect(std::strcmp(ls_status_name(LS_ERR_GOAL_BLOCKED), "LS_ERR_GOAL_BLOCKED") == 0,
           "ls_status_name names a status");

    long live = 0;
    ls_allocator allocator = {counting_alloc, counting_release, &live};
    ls_grid *grid = nullptr;
    ls_search *search = nullptr;
    expect(ls_grid_create(8, 8, &allocator, &grid) == LS_OK, "ls_grid_create");
    expect(ls_search_create(8, 8, &allocator, &search) == LS_OK, "ls_search_create");
    if (grid == nullptr || search == nullptr) {
        std::printf("cplusplus: cannot go on without a grid and a context\n");
        return 1;
    }
    expect(live > 0, "the allocator hooks were called");

    // Open 8x8 grid, (0,0) to (7,3): 3 diagonal steps (14) and 4 straight
    // ones (10) = 82, on a path of 8 cells.
    ls_query q;
    expect(ls_query_init(&q) == LS_OK, "ls_query_init");
    q.goal_x = 7;
    q.goal_y = 3;
    ls_point path[64];
    ls_result r;
    expect(ls_find_path(search, grid, &q, path, 64, &r) == LS_OK, "ls_find_path finds a path");
    expect(r.cost == 82, "the path costs 3*14 + 4*10 = 82");
    expect(r.path_length == 8, "the path has 8 cells");
    expect(path[0].x == 0 && path[0].y == 0 && path[7].x == 7 && path[7].y == 3,
           "the path runs from the start to the goal");

    uint64_t digest = 0;
    expect(ls_path_digest(path, r.path_length, &digest) == LS_OK && digest == r.digest,
           "ls_path_digest of the path equals the result's digest");

    ls_path_check check;
    expect(ls_check_path(grid, &q, path, r.path_length, r.cost, &check) == LS_OK,
           "ls_check_path");
    expect(check.first_illegal == r.path_length && check.cost == 82 && check.cost_changed == 0,
           "the path is legal and costs what the search said");

    // Too small a buffer: the length needed, nothing written.
    ls_point small[2] = {{-1, -1}, {-1, -1}};
    expect(ls_find_path(search, grid, &q, small, 2, &r) == LS_ERR_BUFFER_TOO_SMALL,
           "a 2-point buffer gives LS_ERR_BUFFER_TOO_SMALL");
    expect(r.path_length == 8 && small[0].x == -1, "the length is reported and nothing written");

    // A blocked goal is refused with its own status.
    expect(ls_grid_set(grid, 7, 3, LS_CELL_BLOCKED) == LS_OK, "ls_grid_set");
    expect(ls_find_path(search, grid, &q, path, 64, &r) == LS_ERR_GOAL_BLOCKED,
           "a blocked goal gives LS_ERR_GOAL_BLOCKED");

    // A flow field towards (0,0) on the same grid (its (7,3) blocked now):
    // (7,7) is 7 diagonal steps away, its first step NW.
    ls_flow *flow = nullptr;
    ls_point home = {0, 0};
    int32_t cost = 0, dir = 0;
    uint32_t done = 0;
    expect(ls_flow_create(8, 8, 1, &allocator, &flow) == LS_OK, "ls_flow_create");
    expect(flow != nullptr && ls_flow_begin(flow, grid, &q, &home, 1) == LS_OK,
           "ls_flow_begin");
    expect(ls_flow_step(flow, 0, &done) == LS_OK && done == 63,
           "ls_flow_step settles the 63 open cells");
    expect(ls_flow_cost(flow, 7, 7, &cost) == LS_OK && cost == 98 &&
               ls_flow_direction(flow, 7, 7, &dir) == LS_OK && dir == 7,
           "the field's cost (7 * 14) and direction (NW) at (7,7)");
    ls_flow_destroy(flow);

    ls_search_destroy(search);
    ls_grid_destroy(grid);
    expect(live == 0, "destroy released every block the allocator gave");

    // The built-in golden vectors, through the C++ caller.
    ls_selftest_report report;
    expect(ls_selftest(nullptr, &report) == LS_OK, "ls_selftest runs");
    expect(report.total > 0 && report.failed == 0 && report.passed == report.total,
           "every self-test case passes");
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(report.digest));
    if (published != nullptr)
        expect(std::strcmp(hex, published) == 0, "the self-test digest is the published one");
    std::printf("cplusplus: selftest %u passed, %u failed, digest %s\n",
                static_cast<unsigned>(report.passed), static_cast<unsigned>(report.failed), hex);

    if (failures != 0)
        return 1;
    std::printf("cplusplus: ok\n");
    return 0;
}
