// The approximate instructions and the CUDA intrinsics built on them.
// vgpudiff checks each device's error against a float64 reference and the
// documented bound (approx.go), and compares specials (NaN, ±Inf, ±0)
// exactly.

K(sin_approx, TRIG, NONE, NONE, F32_1("sin.approx.f32"))
K(cos_approx, TRIG, NONE, NONE, F32_1("cos.approx.f32"))
K(sin_approx_ftz, TRIG, NONE, NONE, F32_1("sin.approx.ftz.f32"))
K(ex2_approx, FR, NONE, NONE, F32_1("ex2.approx.f32"))
K(ex2_approx_ftz, FR, NONE, NONE, F32_1("ex2.approx.ftz.f32"))
K(lg2_approx, FR, NONE, NONE, F32_1("lg2.approx.f32"))
K(rsqrt_approx, FR, NONE, NONE, F32_1("rsqrt.approx.f32"))
K(rcp_approx, FR, NONE, NONE, F32_1("rcp.approx.f32"))
K(sqrt_approx, FR, NONE, NONE, F32_1("sqrt.approx.f32"))
K(div_approx, FR, FR, NONE, F32_2("div.approx.f32"))
K(div_full, FR, FR, NONE, F32_2("div.full.f32"))
K(tanh_approx, FR, NONE, NONE, F32_1("tanh.approx.f32"))
K(rsqrt_approx_f64, F64, NONE, NONE, F64_1("rsqrt.approx.f64"))
K(rcp_approx_ftz_f64, F64, NONE, NONE, F64_1("rcp.approx.ftz.f64"))

K(sinf_intr, TRIG, NONE, NONE, r = bf(__sinf(f32(a))))
K(cosf_intr, TRIG, NONE, NONE, r = bf(__cosf(f32(a))))
K(expf_intr, FR, NONE, NONE, r = bf(__expf(f32(a))))
K(log2f_intr, FR, NONE, NONE, r = bf(__log2f(f32(a))))
K(logf_intr, FR, NONE, NONE, r = bf(__logf(f32(a))))
K(fdividef_intr, FR, FR, NONE, r = bf(__fdividef(f32(a), f32(b))))
K(rsqrtf_intr, FR, NONE, NONE, r = bf(rsqrtf(f32(a))))
