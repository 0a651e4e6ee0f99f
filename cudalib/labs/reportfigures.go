package labs

// The seed reports' published figures, transcribed by hand from the
// report files in the shared seeds directory (Chinese; ../shared/LABS.md
// digests them). Each figure names the file and the table it comes from
// and the report's own label of its row, so that a reader can find it;
// Variant is the lab's variant that runs the report's kernel and launch
// ("" where the lab has none: a serial CPU loop, a kernel the report broke
// on purpose). Nothing here is derived: speedups the reports print are
// ratios of these times and are left out.

// ReportFigure is one figure of a seed report's table.
type ReportFigure struct {
	Lab     string  // the lab's key
	Variant string  // the lab's variant the report's row runs; "" for none
	Size    int     // in the lab's unit
	Value   float64 // in Unit
	Unit    string  // "ms" (a time) or the lab's MetricUnit ("Gflop/s")
	Row     string  // the report's row or column label, as it prints it
	Source  string  // the seed file and the table the figure is in
}

// The report files the figures come from.
const (
	seed000File = "000_b0379a3c136bcd48.txt"
	seed001File = "001_8df80cb712f91c45.txt"
)

// reportGPUs is the GPU each report measured on (gpus keys).
var reportGPUs = map[string]string{"000": "a40", "001": "rtx2080ti"}

// stencilFigures are seed 000's tables (Gflop/s, NVIDIA A40, double).
var stencilFigures = func() []ReportFigure {
	const (
		compile  = seed000File + ", §1 编译优化, first table (plain build)"
		compileO = seed000File + ", §1 编译优化, second table (-O3 --use_fast_math …)"
		shapes   = seed000File + ", §2 分块策略优化, block-size table"
		branch   = seed000File + ", §3, w branch / w/o branch table"
		planes   = seed000File + ", §3 2.5D, results table"
	)
	var out []ReportFigure
	add := func(source, variant, row string, sizes []int, values ...float64) {
		for i, v := range values {
			out = append(out, ReportFigure{Lab: "stencil3d", Variant: variant, Size: sizes[i], Value: v, Unit: "Gflop/s", Row: row, Source: source})
		}
	}
	s1 := []int{256, 512, 1024} // §1's columns: 256³, 512³, 1024³
	s := []int{256, 384, 512}
	add(compile, "shared (8,8,8)", "Gflops (8,8,8)", s1, 478.132433, 479.915134, 480.479321)
	add(compileO, "shared (8,8,8)", "Gflops (8,8,8)", s1, 477.644443, 479.823823, 480.339162)
	add(shapes, "shared (8,8,8)", "8,8,8", s, 477.644443, 479.823823, 480.339162)
	add(shapes, "shared (32,4,4)", "32,4,4", s, 476.651004, 478.525451, 479.139808)
	add(shapes, "shared (128,2,2)", "128,2,2", s, 476.056412, 478.132814, 478.828899)
	add(shapes, "shared (4,4,4)", "4,4,4", s, 477.464908, 478.475096, 478.794737)
	add(shapes, "shared (4,4,2)", "4,4,2", s, 478.603388, 479.216224, 479.607900)
	add(shapes, "shared (4,2,2)", "4,2,2", s, 236.320797, 236.648849, 236.606128)
	add(branch, "shared (8,8,8)", "w branch", s, 477.644443, 479.823823, 480.339162)
	// The report removed the halo loads' branches "without regard to the
	// result's correctness": no lab variant computes wrong answers.
	add(branch, "", "w/o branch", s, 477.924273, 479.883670, 480.356028)
	add(planes, "2.5D (8,8)", "8,8", s, 444.711849, 470.274611, 468.810584)
	add(planes, "2.5D (16,8)", "16,8", s, 415.873894, 469.122651, 468.049605)
	add(planes, "2.5D (32,8)", "32,8", s, 363.057206, 468.509651, 449.508509)
	add(planes, "2.5D (8,4)", "8,4", s, 441.591196, 469.428652, 468.452767)
	add(planes, "2.5D (32,32)", "32,32", s, 360.759357, 406.851275, 362.065074)
	return out
}()

// vecaddFigures are seed 001's §3.1 table (ms, RTX 2080 Ti; the serial
// loop on an Intel Xeon Gold 6154).
var vecaddFigures = func() []ReportFigure {
	const table = seed001File + ", §3.1 向量加法 table (ms)"
	var out []ReportFigure
	sizes := []int{10 * W, 20 * W, 100 * W, 200 * W, 1000 * W, 2000 * W}
	add := func(variant, row string, values ...float64) {
		for i, v := range values {
			out = append(out, ReportFigure{Lab: "vecadd", Variant: variant, Size: sizes[i], Value: v, Unit: "ms", Row: row, Source: table})
		}
	}
	add("", "串行程序 (serial CPU)", 0.383000, 0.763000, 7.352000, 29.41600, 179.1210, 376.7890)
	add("one block", "单线程块 (one block)", 0.097376, 0.174688, 1.378560, 2.749248, 13.69526, 27.43933)
	add("16 blocks, grid-stride", "多线程块 (16 blocks)", 0.090688, 0.168832, 1.332640, 2.646368, 13.16045, 26.30039)
	add("16 blocks, shared staging", "共享内存 (shared)", 0.016736, 0.024576, 0.132192, 0.250176, 1.202880, 2.387584)
	return out
}()

// matmulFigures are seed 001's §3.2 table (ms, RTX 2080 Ti), whose rows
// run from n = 2048 down to 256.
var matmulFigures = func() []ReportFigure {
	const table = seed001File + ", §3.2 矩阵乘法 table (ms)"
	var out []ReportFigure
	sizes := []int{2048, 1024, 512, 256}
	add := func(variant, row string, values ...float64) {
		for i, v := range values {
			out = append(out, ReportFigure{Lab: "matmul", Variant: variant, Size: sizes[i], Value: v, Unit: "ms", Row: row, Source: table})
		}
	}
	add("", "串行程序 (serial CPU)", 88208.50, 7824.400, 576.1470, 57.12100)
	add("one block 16×16", "单线程块 (one block)", 915.5871, 110.6394, 14.46778, 1.965312)
	add("16×16 blocks, grid-stride", "多线程块 (16×16 blocks)", 16.75062, 2.557952, 0.337920, 0.053248)
	add("shared tiles 32×32", "共享内存 (32×32 tiles)", 7.914240, 1.397664, 0.189120, 0.032896)
	return out
}()

// ReportFigures returns the published figures of the lab's report, in
// the report's order; none for a lab whose report has no table of times.
func ReportFigures(lab string) []ReportFigure {
	var src []ReportFigure
	switch lab {
	case "stencil3d":
		src = stencilFigures
	case "vecadd":
		src = vecaddFigures
	case "matmul":
		src = matmulFigures
	}
	return append([]ReportFigure(nil), src...)
}
