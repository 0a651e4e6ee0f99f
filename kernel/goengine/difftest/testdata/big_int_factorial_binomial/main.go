package main

import (
	"fmt"
	"math/big"
)

func fib(n int) *big.Int {
	a, b := big.NewInt(0), big.NewInt(1)
	for range n {
		a.Add(a, b)
		a, b = b, a
	}
	return a
}

func main() {
	f := new(big.Int).MulRange(1, 40)
	fmt.Println(f)
	fmt.Println(new(big.Int).Binomial(60, 30))
	fmt.Println(fib(150))
	x, _ := new(big.Int).SetString("ffffffffffffffffffff", 16)
	fmt.Println(x, x.BitLen(), x.Text(36))
	q, m := new(big.Int).DivMod(big.NewInt(-7), big.NewInt(3), new(big.Int))
	fmt.Println(q, m)
	q2, r2 := new(big.Int).QuoRem(big.NewInt(-7), big.NewInt(3), new(big.Int))
	fmt.Println(q2, r2)
	p := new(big.Int).Exp(big.NewInt(2), big.NewInt(127), nil)
	p.Sub(p, big.NewInt(1))
	fmt.Println(p.ProbablyPrime(10), p.Cmp(f), fmt.Sprintf("%x", p))
	fmt.Println(new(big.Int).GCD(nil, nil, big.NewInt(462), big.NewInt(1071)))
}
