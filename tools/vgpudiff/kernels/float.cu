// f32 and f64 arithmetic in every rounding mode, min/max with NaN, abs,
// neg, saturation, classification and every comparison. vgpudiff compiles
// this file twice: as is, and with -ftz=true, where the f32 intrinsics
// become their .ftz forms.

FOUR(fadd, F32, F32, NONE, bf, __fadd, (f32(a), f32(b)))
FOUR(fsub, F32, F32, NONE, bf, __fsub, (f32(a), f32(b)))
FOUR(fmul, F32, F32, NONE, bf, __fmul, (f32(a), f32(b)))
FOUR(fmaf, F32, F32, F32, bf, __fmaf, (f32(a), f32(b), f32(c)))
FOUR(fdiv, F32, F32, NONE, bf, __fdiv, (f32(a), f32(b)))
FOUR(frcp, F32, NONE, NONE, bf, __frcp, (f32(a)))
FOUR(fsqrt, F32, NONE, NONE, bf, __fsqrt, (f32(a)))
FOUR(dadd, F64, F64, NONE, bd, __dadd, (f64(a), f64(b)))
FOUR(dsub, F64, F64, NONE, bd, __dsub, (f64(a), f64(b)))
FOUR(dmul, F64, F64, NONE, bd, __dmul, (f64(a), f64(b)))
FOUR(fma, F64, F64, F64, bd, __fma, (f64(a), f64(b), f64(c)))
FOUR(ddiv, F64, F64, NONE, bd, __ddiv, (f64(a), f64(b)))
FOUR(drcp, F64, NONE, NONE, bd, __drcp, (f64(a)))
FOUR(dsqrt, F64, NONE, NONE, bd, __dsqrt, (f64(a)))

// C operators: what a+b, a*b+c (contracted to fma), a/b and sqrtf compile to.
K(c_add_f32, F32, F32, NONE, r = bf(f32(a) + f32(b)))
K(c_muladd_f32, F32, F32, F32, r = bf(f32(a) * f32(b) + f32(c)))
K(c_div_f32, F32, F32, NONE, r = bf(f32(a) / f32(b)))
K(c_sqrt_f32, F32, NONE, NONE, r = bf(sqrtf(f32(a))))
K(c_div_f64, F64, F64, NONE, r = bd(f64(a) / f64(b)))
K(c_sqrt_f64, F64, NONE, NONE, r = bd(sqrt(f64(a))))

K(c_fminf, F32, F32, NONE, r = bf(fminf(f32(a), f32(b))))
K(c_fmaxf, F32, F32, NONE, r = bf(fmaxf(f32(a), f32(b))))
K(c_fmin, F64, F64, NONE, r = bd(fmin(f64(a), f64(b))))
K(c_fmax, F64, F64, NONE, r = bd(fmax(f64(a), f64(b))))
K(c_fabsf, F32, NONE, NONE, r = bf(fabsf(f32(a))))
K(c_fabs, F64, NONE, NONE, r = bd(fabs(f64(a))))
K(fnegf, F32, NONE, NONE, r = bf(-f32(a)))
K(fneg, F64, NONE, NONE, r = bd(-f64(a)))
K(c_copysignf, F32, F32, NONE, r = bf(copysignf(f32(a), f32(b))))
K(saturatef, F32, NONE, NONE, r = bf(__saturatef(f32(a))))
K(classify_f32, F32, NONE, NONE, r = isnan(f32(a)) | isinf(f32(a)) << 1 | isfinite(f32(a)) << 2 | (signbit(f32(a)) != 0) << 3)
K(classify_f64, F64, NONE, NONE, r = isnan(f64(a)) | isinf(f64(a)) << 1 | isfinite(f64(a)) << 2 | (signbit(f64(a)) != 0) << 3)

// Exact instructions, whatever -ftz says.
K(add_sat_f32, F32, F32, NONE, F32_2("add.rn.sat.f32"))
K(mul_sat_f32, F32, F32, NONE, F32_2("mul.rn.sat.f32"))
K(fma_sat_f32, F32, F32, F32, F32_3("fma.rn.sat.f32"))
K(add_ftz_f32, F32, F32, NONE, F32_2("add.rn.ftz.f32"))
K(mul_rz_ftz_f32, F32, F32, NONE, F32_2("mul.rz.ftz.f32"))
K(fma_ftz_f32, F32, F32, F32, F32_3("fma.rn.ftz.f32"))
K(div_rn_ftz_f32, F32, F32, NONE, F32_2("div.rn.ftz.f32"))
K(sqrt_rn_ftz_f32, F32, NONE, NONE, F32_1("sqrt.rn.ftz.f32"))
K(min_f32, F32, F32, NONE, F32_2("min.f32"))
K(max_ftz_f32, F32, F32, NONE, F32_2("max.ftz.f32"))
K(min_nan_f32, F32, F32, NONE, F32_2("min.NaN.f32"))
K(max_nan_f32, F32, F32, NONE, F32_2("max.NaN.f32"))
K(min_f64, F64, F64, NONE, F64_2("min.f64"))
K(max_f64, F64, F64, NONE, F64_2("max.f64"))
K(abs_f32, F32, NONE, NONE, F32_1("abs.f32"))
K(abs_ftz_f32, F32, NONE, NONE, F32_1("abs.ftz.f32"))
K(neg_ftz_f32, F32, NONE, NONE, F32_1("neg.ftz.f32"))
K(neg_f64, F64, NONE, NONE, F64_1("neg.f64"))

// Every comparison, ordered and unordered, one bit each.
#define SETP_ALL(ty, cons, x, y)                                                      \
    SETP("eq", ty, cons, x, y, 0) SETP("ne", ty, cons, x, y, 1)                       \
    SETP("lt", ty, cons, x, y, 2) SETP("le", ty, cons, x, y, 3)                       \
    SETP("gt", ty, cons, x, y, 4) SETP("ge", ty, cons, x, y, 5)                       \
    SETP("equ", ty, cons, x, y, 6) SETP("neu", ty, cons, x, y, 7)                     \
    SETP("ltu", ty, cons, x, y, 8) SETP("leu", ty, cons, x, y, 9)                     \
    SETP("gtu", ty, cons, x, y, 10) SETP("geu", ty, cons, x, y, 11)                   \
    SETP("num", ty, cons, x, y, 12) SETP("nan", ty, cons, x, y, 13)
K(setp_f32, F32, F32, NONE, SETP_ALL("f32", "f", f32(a), f32(b)))
K(setp_ftz_f32, F32, F32, NONE, SETP_ALL("ftz.f32", "f", f32(a), f32(b)))
K(setp_f64, F64, F64, NONE, SETP_ALL("f64", "d", f64(a), f64(b)))
K(selp_f32, F32, F32, I32, { float d; asm("{ .reg .pred p; setp.ne.u32 p, %3, 0; selp.f32 %0, %1, %2, p; }" : "=f"(d) : "f"(f32(a)), "f"(f32(b)), "r"((u32)c & 1)); r = bf(d); })
K(testp_f32, F32, NONE, NONE, {
    u32 p0, p1, p2, p3, p4, p5;
    asm("{ .reg .pred p; testp.finite.f32 p, %6; selp.u32 %0, 1, 0, p; testp.infinite.f32 p, %6; selp.u32 %1, 1, 0, p;"
        " testp.number.f32 p, %6; selp.u32 %2, 1, 0, p; testp.notanumber.f32 p, %6; selp.u32 %3, 1, 0, p;"
        " testp.normal.f32 p, %6; selp.u32 %4, 1, 0, p; testp.subnormal.f32 p, %6; selp.u32 %5, 1, 0, p; }"
        : "=r"(p0), "=r"(p1), "=r"(p2), "=r"(p3), "=r"(p4), "=r"(p5) : "f"(f32(a)));
    r = p0 | p1 << 1 | p2 << 2 | p3 << 3 | p4 << 4 | p5 << 5;
})
