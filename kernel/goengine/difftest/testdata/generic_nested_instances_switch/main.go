package main

import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Opt[T any] struct {
	v  T
	ok bool
}

func Some[T any](v T) Opt[T] { return Opt[T]{v, true} }

func describe(x any) string {
	switch v := x.(type) {
	case Pair[string, int]:
		return fmt.Sprintf("count %s=%d", v.Key, v.Val)
	case Pair[string, Opt[float64]]:
		if v.Val.ok {
			return fmt.Sprintf("maybe %s=%g", v.Key, v.Val.v)
		}
		return "maybe " + v.Key + " unset"
	case Opt[Pair[int, int]]:
		return fmt.Sprintf("opt pair %d,%d", v.v.Key, v.v.Val)
	case nil:
		return "nil"
	}
	return fmt.Sprintf("other %T", x)
}

func main() {
	vals := []any{
		Pair[string, int]{"warps", 32},
		Pair[string, Opt[float64]]{"clock", Some(1.98)},
		Pair[string, Opt[float64]]{Key: "temp"},
		Some(Pair[int, int]{3, 4}),
		Pair[int, string]{1, "x"},
		Opt[Opt[bool]]{},
		nil,
	}
	for _, v := range vals {
		fmt.Println(describe(v))
	}
	fmt.Printf("%T\n%T\n", Some(Some("s")), []Pair[Opt[int], *Opt[string]]{})
	p, ok := vals[1].(Pair[string, Opt[float64]])
	fmt.Printf("%v %+v\n", ok, p)
}
