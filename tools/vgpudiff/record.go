package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
)

// A record keeps the GPU's output of each exact kernel as a digest, so
// that the virtual GPU can be held to the GPU where there is none (the Go
// test reads testdata/gpu.digests). Each line is
//
//	KEY SUM SOURCE: NAME
//
// KEY hashes what the output depends on (the prelude, the kernel's file,
// its options, its name and its inputs): a kernel whose key changed since
// the record is stale, not wrong. SUM hashes the output's bits.

// recorded is one line of a record.
type recorded struct{ key, sum string }

// kernelKey hashes what kernel k's output depends on.
func kernelKey(k testKernel, a, b, c []uint64) (string, error) {
	prog, err := k.src.program()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%q %q %q\n", prog, k.src.label(), k.name)
	for _, v := range [][]uint64{a, b, c} {
		h.Write(words(v))
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// outputSum hashes a kernel's output.
func outputSum(out []uint64) string {
	s := sha256.Sum256(words(out))
	return hex.EncodeToString(s[:])[:32]
}

func words(v []uint64) []byte {
	b := make([]byte, 0, 8*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return b
}

// writeRecord writes the GPU's digests of the exact kernels in results.
func writeRecord(path string, info runInfo, results []*result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# vgpudiff record of %s (%s, %s), %s: -n %d -seed %d\n", info.gpu, info.backend, info.nvrtc, info.date, info.n, info.seed)
	b.WriteString("# KEY SUM SOURCE: NAME (see tools/vgpudiff/record.go)\n")
	for _, r := range results {
		if r.gpuSum != "" {
			fmt.Fprintf(&b, "%s %s %s\n", r.key, r.gpuSum, r.k)
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readRecord reads a record: digests by "SOURCE: NAME".
func readRecord(path string) (map[string]recorded, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]recorded{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := sc.Text()
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		key, rest, ok1 := strings.Cut(t, " ")
		sum, name, ok2 := strings.Cut(rest, " ")
		if !ok1 || !ok2 || len(key) != 16 || len(sum) != 32 {
			return nil, fmt.Errorf("%s:%d: want KEY SUM SOURCE: NAME, got %q", path, line, t)
		}
		out[name] = recorded{key: key, sum: sum}
	}
	return out, sc.Err()
}

// checkRecord holds an exact kernel's virtual GPU output to the GPU's
// recorded one.
func checkRecord(r *result, rec map[string]recorded) {
	if r.approx != nil || r.err != nil {
		return
	}
	switch got, ok := rec[r.k.String()]; {
	case !ok:
		r.recorded = "not recorded"
	case got.key != r.key:
		r.recorded = "stale record"
	case got.sum != r.virtualSum:
		r.recorded = "differs"
	default:
		r.recorded = "same"
	}
}
