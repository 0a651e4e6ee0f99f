package main

import (
	"fmt"
	oldrand "math/rand"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		fmt.Print(r.IntN(100), " ")
	}
	fmt.Println()
	fmt.Println(r.Uint64(), r.Float64() < 1, r.Perm(5))
	xs := []string{"a", "b", "c", "d", "e"}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	fmt.Println(xs)
	var seed [32]byte
	copy(seed[:], "culab cuda course seed bytes....")
	c := rand.New(rand.NewChaCha8(seed))
	fmt.Println(c.IntN(1000), c.Int64N(1<<40))

	o := oldrand.New(oldrand.NewSource(42))
	fmt.Println(o.Intn(100), o.Intn(100), o.Int63(), o.Float64())
	fmt.Println(rand.N[int64](1) == 0)
}
