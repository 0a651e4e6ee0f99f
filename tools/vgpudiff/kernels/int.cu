// Integer arithmetic: add/sub/mul (lo, hi, wide, 24-bit)/mad/div/rem/min/
// max/abs/neg/sad for s32 u32 s64 u64, saturation and carry chains.
// Division by zero is included: PTX leaves its result to the machine, and
// the virtual GPU promises the H100's.

K(add_s32, I32, I32, NONE, A32_2("add.s32"))
K(sub_s32, I32, I32, NONE, A32_2("sub.s32"))
K(add_sat_s32, I32, I32, NONE, A32_2("add.sat.s32"))
K(sub_sat_s32, I32, I32, NONE, A32_2("sub.sat.s32"))
K(add_s64, I64, I64, NONE, A64_2("add.s64"))
K(sub_s64, I64, I64, NONE, A64_2("sub.s64"))

K(mul_lo_s32, I32, I32, NONE, A32_2("mul.lo.s32"))
K(mul_hi_s32, I32, I32, NONE, A32_2("mul.hi.s32"))
K(mul_hi_u32, I32, I32, NONE, A32_2("mul.hi.u32"))
K(mul_wide_s32, I32, I32, NONE, { u64 d; asm("mul.wide.s32 %0, %1, %2;" : "=l"(d) : "r"((u32)a), "r"((u32)b)); r = d; })
K(mul_wide_s16, I32, I32, NONE, { u32 d; asm("mul.wide.s16 %0, %1, %2;" : "=r"(d) : "h"((u16)a), "h"((u16)b)); r = d; })
K(mul_wide_u32, I32, I32, NONE, { u64 d; asm("mul.wide.u32 %0, %1, %2;" : "=l"(d) : "r"((u32)a), "r"((u32)b)); r = d; })
K(mul_lo_s64, I64, I64, NONE, A64_2("mul.lo.s64"))
K(mul_hi_s64, I64, I64, NONE, A64_2("mul.hi.s64"))
K(mul_hi_u64, I64, I64, NONE, A64_2("mul.hi.u64"))
K(mul24_lo_s32, I32, I32, NONE, A32_2("mul24.lo.s32"))
K(mul24_hi_u32, I32, I32, NONE, A32_2("mul24.hi.u32"))
K(mul24_hi_s32, I32, I32, NONE, A32_2("mul24.hi.s32"))
K(mad_lo_s32, I32, I32, I32, A32_3("mad.lo.s32"))
K(mad_hi_s32, I32, I32, I32, A32_3("mad.hi.s32"))
K(mad_hi_u32, I32, I32, I32, A32_3("mad.hi.u32"))
K(mad_lo_s64, I64, I64, I64, A64_3("mad.lo.s64"))
K(mad_hi_u64, I64, I64, I64, A64_3("mad.hi.u64"))
K(mad_wide_s32, I32, I32, I64, { u64 d; asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(d) : "r"((u32)a), "r"((u32)b), "l"(c)); r = d; })
K(mad_wide_u32, I32, I32, I64, { u64 d; asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(d) : "r"((u32)a), "r"((u32)b), "l"(c)); r = d; })
K(mad24_lo_u32, I32, I32, I32, A32_3("mad24.lo.u32"))
K(mad_hi_sat_s32, I32, I32, I32, A32_3("mad.hi.sat.s32"))

K(div_s32, I32, I32, NONE, A32_2("div.s32"))
K(div_u32, I32, I32, NONE, A32_2("div.u32"))
K(rem_s32, I32, I32, NONE, A32_2("rem.s32"))
K(rem_u32, I32, I32, NONE, A32_2("rem.u32"))
K(div_s64, I64, I64, NONE, A64_2("div.s64"))
K(div_u64, I64, I64, NONE, A64_2("div.u64"))
K(rem_s64, I64, I64, NONE, A64_2("rem.s64"))
K(rem_u64, I64, I64, NONE, A64_2("rem.u64"))
// What C's / and % compile to (nvcc expands them into instruction sequences).
K(cdiv_s32, I32, I32, NONE, if ((int)b != 0 && !((int)a == (int)0x80000000 && (int)b == -1)) r = bi((int)a / (int)b))
K(crem_u64, I64, I64, NONE, if (b != 0) r = a % b)

K(min_s32, I32, I32, NONE, A32_2("min.s32"))
K(min_u32, I32, I32, NONE, A32_2("min.u32"))
K(max_s32, I32, I32, NONE, A32_2("max.s32"))
K(max_u32, I32, I32, NONE, A32_2("max.u32"))
K(min_s64, I64, I64, NONE, A64_2("min.s64"))
K(min_u64, I64, I64, NONE, A64_2("min.u64"))
K(max_s64, I64, I64, NONE, A64_2("max.s64"))
K(max_u64, I64, I64, NONE, A64_2("max.u64"))
K(abs_s32, I32, NONE, NONE, A32_1("abs.s32"))
K(abs_s64, I64, NONE, NONE, A64_1("abs.s64"))
K(neg_s32, I32, NONE, NONE, A32_1("neg.s32"))
K(neg_s64, I64, NONE, NONE, A64_1("neg.s64"))
K(sad_s32, I32, I32, I32, A32_3("sad.s32"))
K(sad_u32, I32, I32, I32, A32_3("sad.u32"))
K(hadd_s32, I32, I32, NONE, r = bi(__hadd((int)a, (int)b)))
K(rhadd_u32, I32, I32, NONE, r = __urhadd((u32)a, (u32)b))
K(mul64hi, I64, I64, NONE, r = (u64)__mul64hi((s64)a, (s64)b))

// Integer comparisons: every setp of each type, one bit each.
K(setp_s32, I32, I32, NONE, {
    SETP("eq", "s32", "r", (u32)a, (u32)b, 0) SETP("ne", "s32", "r", (u32)a, (u32)b, 1)
    SETP("lt", "s32", "r", (u32)a, (u32)b, 2) SETP("le", "s32", "r", (u32)a, (u32)b, 3)
    SETP("gt", "s32", "r", (u32)a, (u32)b, 4) SETP("ge", "s32", "r", (u32)a, (u32)b, 5)
})
K(setp_u32, I32, I32, NONE, {
    SETP("lo", "u32", "r", (u32)a, (u32)b, 0) SETP("ls", "u32", "r", (u32)a, (u32)b, 1)
    SETP("hi", "u32", "r", (u32)a, (u32)b, 2) SETP("hs", "u32", "r", (u32)a, (u32)b, 3)
    SETP("eq", "u32", "r", (u32)a, (u32)b, 4) SETP("ne", "u32", "r", (u32)a, (u32)b, 5)
})
K(setp_s64, I64, I64, NONE, {
    SETP("eq", "s64", "l", a, b, 0) SETP("ne", "s64", "l", a, b, 1)
    SETP("lt", "s64", "l", a, b, 2) SETP("le", "s64", "l", a, b, 3)
    SETP("gt", "s64", "l", a, b, 4) SETP("ge", "s64", "l", a, b, 5)
})
K(setp_u64, I64, I64, NONE, {
    SETP("lo", "u64", "l", a, b, 0) SETP("ls", "u64", "l", a, b, 1)
    SETP("hi", "u64", "l", a, b, 2) SETP("hs", "u64", "l", a, b, 3)
})
K(selp_b32, I32, I32, I32, {
    u32 d;
    asm("{ .reg .pred p; setp.ne.u32 p, %3, 0; selp.b32 %0, %1, %2, p; }" : "=r"(d) : "r"((u32)a), "r"((u32)b), "r"((u32)c & 1));
    r = d;
})
K(selp_b64, I64, I64, I32, {
    u64 d;
    asm("{ .reg .pred p; setp.ne.u32 p, %3, 0; selp.b64 %0, %1, %2, p; }" : "=l"(d) : "l"(a), "l"(b), "r"((u32)c & 1));
    r = d;
})
