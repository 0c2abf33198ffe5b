/* SPDX-License-Identifier: MIT */
/*
 * isqrt.c - floor(sqrt(n)) on 64-bit integers: an estimate, then an exact
 * correction on the integers. The result is exact for every input and the
 * same on every target (no float); the estimate only decides how fast.
 *
 * The estimate: n is shifted left by an even 2s bits to m in [2^62, 2^64)
 * (exact: sqrt(m) = sqrt(n) 2^s, so floor(sqrt(n)) = floor(floor(sqrt(m))
 * / 2^s)); m's top 8 bits t (64 .. 255) pick two neighbours of a table of
 * floor(sqrt(t 2^56)), interpolated linearly by m's next 24 bits (within
 * about 2^14 of sqrt(m), which is at least 2^31: sqrt's curvature over one
 * step at t = 64); one Newton step y' = (y + m / y) / 2 squares that
 * relative error (2^-34: below one unit). The correction then makes the
 * result exact whatever the estimate was: down while r^2 > n, up while
 * (r + 1)^2 <= n. One division instead of Newton's three or four from a
 * power of two.
 */
#include "isqrt.h"
#include "bits.h"

/* floor(sqrt(t * 2^56)) for t = 64 .. 255, then 2^32 - 1 for t = 256
 * (2^32 does not fit; the estimate is only an estimate). Generated with
 * an exact integer root (Python's math.isqrt). */
static const uint32_t root_table[193] = {
    2147483648u, 2164195835u, 2180779953u, 2197238903u, 2213575477u, 2229792364u,
    2245892157u, 2261877356u, 2277750374u, 2293513541u, 2309169105u, 2324719241u,
    2340166051u, 2355511566u, 2370757755u, 2385906521u, 2400959708u, 2415919104u,
    2430786438u, 2445563392u, 2460251592u, 2474852620u, 2489368009u, 2503799249u,
    2518147786u, 2532415027u, 2546602337u, 2560711045u, 2574742443u, 2588697789u,
    2602578306u, 2616385184u, 2630119584u, 2643782635u, 2657375437u, 2670899063u,
    2684354560u, 2697742945u, 2711065213u, 2724322335u, 2737515256u, 2750644901u,
    2763712171u, 2776717947u, 2789663090u, 2802548438u, 2815374814u, 2828143019u,
    2840853838u, 2853508038u, 2866106369u, 2878649564u, 2891138341u, 2903573402u,
    2915955434u, 2928285110u, 2940563089u, 2952790016u, 2964966521u, 2977093224u,
    2989170731u, 3001199635u, 3013180520u, 3025113955u, 3037000499u, 3048840702u,
    3060635101u, 3072384223u, 3084088587u, 3095748698u, 3107365057u, 3118938151u,
    3130468461u, 3141956457u, 3153402603u, 3164807351u, 3176171148u, 3187494432u,
    3198777634u, 3210021175u, 3221225472u, 3232390931u, 3243517955u, 3254606938u,
    3265658267u, 3276672322u, 3287649480u, 3298590107u, 3309494567u, 3320363216u,
    3331196403u, 3341994475u, 3352757770u, 3363486623u, 3374181361u, 3384842308u,
    3395469782u, 3406064098u, 3416625562u, 3427154479u, 3437651148u, 3448115864u,
    3458548916u, 3468950591u, 3479321169u, 3489660928u, 3499970140u, 3510249076u,
    3520498000u, 3530717174u, 3540906855u, 3551067298u, 3561198751u, 3571301463u,
    3581375676u, 3591421631u, 3601439563u, 3611429705u, 3621392289u, 3631327540u,
    3641235683u, 3651116938u, 3660971522u, 3670799651u, 3680601537u, 3690377388u,
    3700127412u, 3709851811u, 3719550786u, 3729224537u, 3738873258u, 3748497143u,
    3758096384u, 3767671167u, 3777221679u, 3786748105u, 3796250624u, 3805729417u,
    3815184660u, 3824616528u, 3834025193u, 3843410826u, 3852773594u, 3862113665u,
    3871431203u, 3880726369u, 3889999324u, 3899250228u, 3908479235u, 3917686502u,
    3926872180u, 3936036422u, 3945179376u, 3954301190u, 3963402010u, 3972481981u,
    3981541245u, 3990579943u, 3999598214u, 4008596196u, 4017574027u, 4026531840u,
    4035469768u, 4044387944u, 4053286498u, 4062165559u, 4071025255u, 4079865711u,
    4088687052u, 4097489403u, 4106272884u, 4115037618u, 4123783722u, 4132511317u,
    4141220518u, 4149911441u, 4158584202u, 4167238913u, 4175875687u, 4184494635u,
    4193095866u, 4201679490u, 4210245614u, 4218794345u, 4227325788u, 4235840048u,
    4244337228u, 4252817431u, 4261280757u, 4269727308u, 4278157183u, 4286570479u,
    4294967295u
};

uint32_t ls__isqrt_floor(uint64_t n)
{
    uint64_t m, y, r, lo, hi, frac;
    uint32_t s, t;

    if (n < 2)
        return (uint32_t)n;
    /* highest bit h (1 .. 63): 2s = 62 - h rounded up to even, so m's top
     * bit is 62 or 63. */
    s = (63u - ls__highest_bit(n)) >> 1;
    m = n << (2u * s);
    t = (uint32_t)(m >> 56);                 /* 64 .. 255 */
    lo = root_table[t - 64u];
    hi = root_table[t - 63u];
    frac = (m >> 32) & 0xFFFFFFu;            /* 24 bits */
    /* hi - lo < 2^24 (the largest step, at t = 64, is 16712187): the
     * product < 2^48. y in [2^31, 2^32). */
    y = lo + (((hi - lo) * frac) >> 24);
    /* m / y < 2^33, so y + m / y < 2^34. */
    y = (y + m / y) >> 1;
    r = y >> s;
    /* floor(sqrt(n)) <= 2^32 - 1 for every 64-bit n: above that r^2 would
     * wrap. */
    if (r > 0xFFFFFFFFu)
        r = 0xFFFFFFFFu;
    while (r * r > n)
        r--;
    /* (r + 1)^2 <= n, tested as n - r^2 >= 2r + 1 (no overflow: r^2 <= n
     * here, and 2r + 1 < 2^33). */
    while (n - r * r >= 2u * r + 1u)
        r++;
    return (uint32_t)r;
}
