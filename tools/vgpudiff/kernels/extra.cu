// Less common instructions, apart from the rest. Where a source does not
// compile or load on a device, vgpudiff compiles its kernels one by one, so
// an instruction a device lacks fails only the kernels that use it.

K(max_xorsign_abs_f32, F32, F32, NONE, F32_2("max.xorsign.abs.f32"))
K(fns_b32, I32, SMALL, SMALL, { u32 d; asm("fns.b32 %0, %1, %2, %3;" : "=r"(d) : "r"((u32)a), "r"((u32)b & 31), "r"((int)(c & 63) - 32)); r = d; })
K(cvt_rzi_u8_f32, F32C, NONE, NONE, { u16 h; asm("cvt.rzi.u8.f32 %0, %1;" : "=h"(h) : "f"(f32(a))); r = bh(h); })
K(cvt_sat_s8_s32, I32, NONE, NONE, { u16 h; asm("cvt.sat.s8.s32 %0, %1;" : "=h"(h) : "r"((u32)a)); r = bh(h); })
K(cvt_rn_bf16_f32, F32C, NONE, NONE, { u16 h; asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f32(a))); r = bh(h); })
K(cvt_f32_bf16, F16, NONE, NONE, { float d; asm("cvt.f32.bf16 %0, %1;" : "=f"(d) : "h"((u16)a)); r = bf(d); })
K(cvt_rn_satfinite_f16_f32, F32C, NONE, NONE, { u16 h; asm("cvt.rn.satfinite.f16.f32 %0, %1;" : "=h"(h) : "f"(f32(a))); r = bh(h); })
K(cvt_rn_f16x2_f32, F32C, F32C, NONE, { u32 d; asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(f32(a)), "f"(f32(b))); r = d; })
K(bmsk_clamp, SMALL, SMALL, NONE, A32_2("bmsk.clamp.b32"))
K(szext_wrap_s32, I32, SMALL, NONE, A32_2("szext.wrap.s32"))
K(add_f16x2, I32, I32, NONE, A32_2("add.rn.f16x2"))
K(fma_relu_f16x2, I32, I32, I32, A32_3("fma.rn.relu.f16x2"))
K(dp4a_s32, I32, I32, I32, A32_3("dp4a.s32.s32"))
K(dp4a_su32, I32, I32, I32, A32_3("dp4a.s32.u32"))
K(dp4a_u32, I32, I32, I32, A32_3("dp4a.u32.u32"))
K(dp2a_lo_s32, I32, I32, I32, A32_3("dp2a.lo.s32.s32"))
K(dp2a_hi_u32, I32, I32, I32, A32_3("dp2a.hi.u32.u32"))

// Carry chains: 64-bit add, subtract and multiply-add from 32-bit halves.
K(addc_u64, I64, I64, NONE, {
    u32 lo, hi;
    asm("add.cc.u32 %0, %2, %4;\n\taddc.u32 %1, %3, %5;"
        : "=r"(lo), "=r"(hi) : "r"((u32)a), "r"((u32)(a >> 32)), "r"((u32)b), "r"((u32)(b >> 32)));
    r = (u64)hi << 32 | lo;
})
K(subc_u64, I64, I64, NONE, {
    u32 lo, hi;
    asm("sub.cc.u32 %0, %2, %4;\n\tsubc.u32 %1, %3, %5;"
        : "=r"(lo), "=r"(hi) : "r"((u32)a), "r"((u32)(a >> 32)), "r"((u32)b), "r"((u32)(b >> 32)));
    r = (u64)hi << 32 | lo;
})
K(madc_u32, I32, I32, I64, {
    u32 lo, hi, carry;
    asm("mad.lo.cc.u32 %0, %3, %4, %5;\n\tmadc.hi.cc.u32 %1, %3, %4, %6;\n\taddc.u32 %2, 0, 0;"
        : "=r"(lo), "=r"(hi), "=r"(carry) : "r"((u32)a), "r"((u32)b), "r"((u32)c), "r"((u32)(c >> 32)));
    r = ((u64)hi << 32 | lo) ^ ((u64)carry << 63);
})
