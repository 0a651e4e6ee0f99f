// culab patch 24: package variables are initialized in dependency order,
// through the functions and methods their initializers refer to.
package main

import "fmt"

type counter struct{ n int }

func (c *counter) next() int { c.n += step; return c.n }

func pair() (int, int) {
	fmt.Println("pair")
	return 1, 2
}

var (
	total = acc.next() + acc.next()
	acc   = &counter{n: base}
	base  = 10
	step  = pick()
	p, q  = pair()
	r     = func() int { return q * 2 }()
	last  = "last"
	mv    = (*counter).next
)

func pick() int {
	fmt.Println("pick, last =", last)
	return 3
}

func init() { fmt.Println("init", total, base, step, p, q, r) }

func main() {
	fmt.Println(total, acc.n, mv(acc))
}

// Output:
// pair
// pick, last = last
// init 29 10 3 1 2 4
// 29 19 19
