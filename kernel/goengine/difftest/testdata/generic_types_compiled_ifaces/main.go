package main

import (
	"cmp"
	"errors"
	"fmt"
	"sort"
	"strings"
)

type sortable[T cmp.Ordered] []T

func (s sortable[T]) Len() int           { return len(s) }
func (s sortable[T]) Less(i, j int) bool { return s[i] < s[j] }
func (s sortable[T]) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

type box[T any] struct{ v T }

func (b *box[T]) String() string { return fmt.Sprintf("box(%v)", b.v) }

type result[T any] struct {
	val T
	err error
}

func (r result[T]) Error() string {
	if r.err != nil {
		return "failed: " + r.err.Error()
	}
	return "ok"
}

func (r result[T]) Unwrap() error { return r.err }

type pair[A, B any] struct {
	a A
	b B
}

func (p pair[A, B]) String() string { return fmt.Sprintf("<%v|%v>", p.a, p.b) }

var errBase = errors.New("base")

func main() {
	s := sortable[string]{"pear", "apple", "fig"}
	sort.Sort(s)
	fmt.Println(s, sort.IsSorted(s))
	n := sortable[float64]{2.5, -1, 0}
	sort.Sort(sort.Reverse(n))
	fmt.Println(n)
	var st fmt.Stringer = &box[int]{7}
	fmt.Println(st, st.String(), &box[string]{"x"})
	var err error = result[int]{err: errBase}
	fmt.Println(err, errors.Is(err, errBase))
	wrapped := fmt.Errorf("ctx: %w", result[string]{val: "v"})
	var r result[string]
	fmt.Println(errors.As(wrapped, &r), r.val, wrapped)
	ps := []pair[string, int]{{"a", 1}, {"b", 2}}
	fmt.Println(ps, ps[0])
	fmt.Printf("%v %s\n", pair[int, []string]{1, []string{"x"}}, pair[bool, *int]{true, nil})
	fmt.Println(strings.Join([]string{fmt.Sprint(ps[1])}, ""))
}
