package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type limits struct {
	maxThreadsPerSM, maxBlocksPerSM, regsPerSM, smemPerSM int
}

type kernel struct {
	name          string
	threads, regs int
	smem          int
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func occupancy(l limits, k kernel) (blocks int, limiter string) {
	warps := ceilDiv(k.threads, 32) * 32
	blocks, limiter = l.maxBlocksPerSM, "blocks"
	if b := l.maxThreadsPerSM / warps; b < blocks {
		blocks, limiter = b, "threads"
	}
	if k.regs > 0 {
		if b := l.regsPerSM / (k.regs * warps); b < blocks {
			blocks, limiter = b, "registers"
		}
	}
	if k.smem > 0 {
		if b := l.smemPerSM / k.smem; b < blocks {
			blocks, limiter = b, "shared memory"
		}
	}
	return blocks, limiter
}

func main() {
	h100 := limits{2048, 32, 65536, 228 * 1024}
	ks := []kernel{
		{"saxpy", 256, 16, 0},
		{"reduce", 512, 32, 4096},
		{"gemm_tile", 256, 128, 64 * 1024},
		{"odd", 100, 40, 1000},
		{"tiny", 32, 8, 0},
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(tw, "kernel\tthreads\tblocks/SM\toccupancy\tlimit\t")
	for _, k := range ks {
		b, lim := occupancy(h100, k)
		occ := float64(b*ceilDiv(k.threads, 32)*32) / float64(h100.maxThreadsPerSM)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%s\t\n", k.name, k.threads, b, occ*100, lim)
	}
	tw.Flush()
}
