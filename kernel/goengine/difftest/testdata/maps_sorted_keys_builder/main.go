package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
)

type key struct {
	a string
	n int
}

func main() {
	m := map[string][]int{"b": {2}, "a": {1, 1}, "c": {}}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Println(k, m[k])
	}
	vals := slices.SortedFunc(maps.Values(map[int]string{1: "x", 2: "yy", 3: "z"}), func(a, b string) int { return len(b) - len(a) })
	fmt.Println(vals[0])
	km := map[key]bool{{"a", 1}: true, {"a", 0}: false}
	ks := slices.SortedFunc(maps.Keys(km), func(x, y key) int {
		if c := strings.Compare(x.a, y.a); c != 0 {
			return c
		}
		return x.n - y.n
	})
	fmt.Println(ks)

	var sb strings.Builder
	for i, r := range "Héllo, Wörld 42!" {
		switch {
		case unicode.IsUpper(r):
			fmt.Fprintf(&sb, "[U%d]", i)
		case unicode.IsDigit(r):
			sb.WriteRune('#')
		case unicode.IsLetter(r):
			sb.WriteRune(unicode.ToUpper(r))
		case unicode.IsSpace(r):
			sb.WriteByte('_')
		default:
			sb.WriteString(string(r))
		}
	}
	fmt.Println(sb.String(), sb.Len())
	fmt.Println(unicode.Is(unicode.Greek, 'λ'), unicode.In('ж', unicode.Cyrillic), unicode.SimpleFold('K'))

	ds := []time.Duration{0, 1500 * time.Millisecond, 90 * time.Minute, 3*time.Hour + 25*time.Second, 999 * time.Nanosecond, 1001 * time.Microsecond, -2 * time.Second}
	for _, d := range ds {
		fmt.Println(d, d.Seconds(), d.Round(time.Second), d.Truncate(time.Minute))
	}
	fmt.Printf("%v %d %s\n", time.Second, time.Second, time.Duration(1))
	type timeout struct{ D time.Duration }
	fmt.Printf("%v %+v\n", timeout{time.Minute}, []time.Duration{time.Millisecond})
}
