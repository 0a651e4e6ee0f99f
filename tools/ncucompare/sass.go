package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
)

// codeLog is what the sass mode writes: per lab kernel, its memory
// instructions in the PTX and, where cuobjdump ran, in the SASS.
type codeLog struct {
	NVRTC   string
	Arch    int
	SASS    bool   // whether cuobjdump ran
	Note    string `json:",omitempty"` // why not
	Kernels []kernelCode
}

// kernelCode counts one kernel's static memory instructions by class
// ("global ld", "shared st", ...) and width in bits per lane: "32" → n.
type kernelCode struct {
	Lab, Name, Mangled string
	PTX, SASS          map[string]map[string]int
}

// The classes of memory instructions counted.
var classes = []string{"global ld", "global st", "shared ld", "shared st", "generic ld", "generic st", "local ld", "local st", "atomic"}

// codeOf compiles every lab for arch to PTX (and CUBIN, when cuobjdump
// is there) with the NVRTC here, and counts each kernel's memory
// instructions; with keep set, it also writes the SASS text of each lab
// there (what ptxas predicated or merged is read there).
func codeOf(arch int, only []string, keep string) (*codeLog, error) {
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, err
	}
	major, minor := lib.Version()
	out := &codeLog{NVRTC: fmt.Sprintf("%d.%d", major, minor), Arch: arch}
	objdump, lookErr := exec.LookPath("cuobjdump")
	if lookErr != nil {
		if p := "/usr/local/cuda/bin/cuobjdump"; fileExists(p) {
			objdump, lookErr = p, nil
		}
	}
	out.SASS = lookErr == nil
	if !out.SASS {
		out.Note = "cuobjdump not found: PTX counts only"
	}
	dir, err := os.MkdirTemp("", "ncucompare")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for _, l := range labs.All() {
		if len(only) > 0 && !contains(only, l.Key) {
			continue
		}
		names := kernelNames(l)
		req := nvrtc.Request{Name: l.File, Source: l.Source, Options: append(append([]string(nil), l.Options...), "-lineinfo"),
			NameExpressions: names, Target: nvrtc.Target{Arch: arch}}
		res, err := lib.Compile(req)
		if err != nil {
			return nil, fmt.Errorf("lab %s: %w", l.Key, err)
		}
		mod, err := ptx.Parse(l.File, bytes.TrimRight(res.Image, "\x00"))
		if err != nil {
			return nil, fmt.Errorf("lab %s: %w", l.Key, err)
		}
		var sass map[string]map[string]map[string]int
		if out.SASS {
			req.Target.CUBIN = true
			cub, err := lib.Compile(req)
			if err != nil {
				return nil, fmt.Errorf("lab %s (CUBIN): %w", l.Key, err)
			}
			path := filepath.Join(dir, l.Key+".cubin")
			if err := os.WriteFile(path, cub.Image, 0o644); err != nil {
				return nil, err
			}
			text, err := exec.Command(objdump, "-sass", path).Output()
			if err != nil {
				return nil, fmt.Errorf("cuobjdump -sass %s: %w", path, err)
			}
			sass = countSASS(string(text))
			if keep != "" {
				if err := os.MkdirAll(keep, 0o755); err != nil {
					return nil, err
				}
				if err := os.WriteFile(filepath.Join(keep, l.Key+".sass"), text, 0o644); err != nil {
					return nil, err
				}
			}
		}
		for _, name := range names {
			mangled := res.Lowered[name]
			k := kernelCode{Lab: l.Key, Name: name, Mangled: mangled, PTX: countPTX(mod, mangled)}
			if sass != nil {
				k.SASS = sass[mangled]
			}
			out.Kernels = append(out.Kernels, k)
		}
	}
	return out, nil
}

// kernelNames are the kernels the lab's variants launch, each once: the
// name expressions that instantiate its templates.
func kernelNames(l *labs.Lab) []string {
	var names []string
	for _, v := range l.Variants {
		for _, k := range v.Kernels {
			if !contains(names, k) {
				names = append(names, k)
			}
		}
	}
	return names
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// countPTX counts the memory instructions of kernel name and of the
// functions it calls (each once).
func countPTX(m *ptx.Module, name string) map[string]map[string]int {
	byName := map[string]*ptx.Func{}
	for _, f := range m.Funcs {
		if f.Body != nil {
			byName[f.Name] = f
		}
	}
	out := map[string]map[string]int{}
	seen := map[string]bool{}
	var walk func(f *ptx.Func)
	walk = func(f *ptx.Func) {
		if f == nil || seen[f.Name] {
			return
		}
		seen[f.Name] = true
		for _, in := range f.Body {
			if class, width := ptxClass(in); class != "" {
				add(out, class, width)
			}
			if in.Op == "call" {
				for _, o := range in.Operands {
					if o.Kind == ptx.Symbol {
						walk(byName[o.Name])
					}
				}
			}
		}
	}
	walk(byName[name])
	return out
}

// ptxClass is the class and width of a PTX memory instruction, or "".
func ptxClass(in *ptx.Instr) (class, width string) {
	var op string
	switch in.Op {
	case "ld", "ldu":
		op = "ld"
	case "st":
		op = "st"
	case "atom", "red":
		return "atomic", ""
	default:
		return "", ""
	}
	space, vec, bits := "generic", 1, 0
	for _, m := range in.Mods {
		switch {
		case m == "global", m == "local":
			space = m
		case strings.HasPrefix(m, "shared"):
			space = "shared"
		case m == "param", m == "const":
			return "", ""
		case m == "v2":
			vec = 2
		case m == "v4":
			vec = 4
		case len(m) >= 2 && strings.ContainsRune("bufs", rune(m[0])) && isDigits(m[1:]):
			fmt.Sscan(m[1:], &bits)
		}
	}
	return space + " " + op, fmt.Sprint(bits * vec)
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func add(m map[string]map[string]int, class, width string) {
	if m[class] == nil {
		m[class] = map[string]int{}
	}
	m[class][width]++
}

var (
	sassFunc = regexp.MustCompile(`Function : (\S+)`)
	sassInst = regexp.MustCompile(`^\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)`)
)

// countSASS counts the memory instructions of each function in
// `cuobjdump -sass` output.
func countSASS(text string) map[string]map[string]map[string]int {
	out := map[string]map[string]map[string]int{}
	var cur map[string]map[string]int
	for _, line := range strings.Split(text, "\n") {
		if m := sassFunc.FindStringSubmatch(line); m != nil {
			cur = map[string]map[string]int{}
			out[m[1]] = cur
			continue
		}
		m := sassInst.FindStringSubmatch(line)
		if m == nil || cur == nil {
			continue
		}
		if class, width := sassClass(m[1]); class != "" {
			add(cur, class, width)
		}
	}
	return out
}

// sassClass is the class and width of a SASS memory opcode, or "".
func sassClass(opcode string) (class, width string) {
	parts := strings.Split(opcode, ".")
	switch parts[0] {
	case "LDG":
		class = "global ld"
	case "STG":
		class = "global st"
	case "LDS":
		class = "shared ld"
	case "STS":
		class = "shared st"
	case "LD":
		class = "generic ld"
	case "ST":
		class = "generic st"
	case "LDL":
		class = "local ld"
	case "STL":
		class = "local st"
	case "ATOM", "ATOMS", "ATOMG", "RED", "REDG", "REDS":
		return "atomic", ""
	default:
		return "", ""
	}
	width = "32"
	for _, p := range parts[1:] {
		switch p {
		case "64", "128":
			width = p
		case "U8", "S8":
			width = "8"
		case "U16", "S16":
			width = "16"
		}
	}
	return class, width
}

// describe writes a class's counts as "2×32 + 1×128"; "0" when none.
func describe(m map[string]int) string {
	if len(m) == 0 {
		return "0"
	}
	var widths []string
	for w := range m {
		widths = append(widths, w)
	}
	sort.Slice(widths, func(i, j int) bool {
		return len(widths[i]) < len(widths[j]) || len(widths[i]) == len(widths[j]) && widths[i] < widths[j]
	})
	var parts []string
	for _, w := range widths {
		if w == "" {
			parts = append(parts, fmt.Sprint(m[w]))
		} else {
			parts = append(parts, fmt.Sprintf("%d×%s", m[w], w))
		}
	}
	return strings.Join(parts, " + ")
}
