package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

type codeErr struct{ code int }

func (e codeErr) Error() string { return fmt.Sprint("code", e.code) }

func Report[W io.Writer](w W, items ...string) W {
	for _, it := range items {
		fmt.Fprintf(w, "- %s\n", it)
	}
	io.WriteString(w, "end\n")
	return w
}

func First[E error](errs []E) error {
	for _, e := range errs {
		return fmt.Errorf("first: %w", e)
	}
	return nil
}

func SortAll[S sort.Interface](xs ...S) {
	for _, x := range xs {
		sort.Sort(x)
	}
}

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func Joined[T fmt.Stringer](xs []T) string {
	var sb strings.Builder
	for i, x := range xs {
		if i > 0 {
			sb.WriteString("|")
		}
		fmt.Fprint(&sb, x)
	}
	return sb.String()
}

type pt struct{ x int }

func (p pt) String() string { return fmt.Sprint("pt", p.x) }

func main() {
	c := Report(&counter{}, "a", "bb")
	fmt.Println(c.n)
	var sb strings.Builder
	Report(&sb, "x")
	fmt.Print(sb.String())
	err := First([]codeErr{{4}, {5}})
	fmt.Println(err)
	var ce codeErr
	fmt.Println(errors.As(err, &ce), ce.code)
	a, b := byLen{"ccc", "a", "bb"}, byLen{"zz", "y"}
	SortAll(a, b)
	fmt.Println(a, b)
	fmt.Println(Joined([]pt{{1}, {2}}))
}
