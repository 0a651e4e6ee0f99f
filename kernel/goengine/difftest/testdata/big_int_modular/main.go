package main

import (
	"fmt"
	"math/big"
)

func main() {
	f := big.NewInt(1)
	for i := int64(2); i <= 30; i++ {
		f.Mul(f, big.NewInt(i))
	}
	fmt.Println(f, f.BitLen(), len(f.String()))
	p := big.NewInt(1_000_000_007)
	inv := new(big.Int).ModInverse(big.NewInt(3), p)
	fmt.Println(inv, new(big.Int).Mod(new(big.Int).Mul(inv, big.NewInt(3)), p))
	fmt.Println(new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil))
	fmt.Println(new(big.Int).Exp(big.NewInt(2), big.NewInt(100), p))
	x, y := new(big.Int), new(big.Int)
	g := new(big.Int).GCD(x, y, big.NewInt(240), big.NewInt(46))
	fmt.Println(g, x, y)
	fmt.Println(new(big.Int).Binomial(50, 25), big.NewInt(97).ProbablyPrime(10))
	n, ok := new(big.Int).SetString("ff_ff", 0)
	fmt.Println(n, ok)
	_, ok = new(big.Int).SetString("12z", 10)
	fmt.Println(ok)
	q, r := new(big.Int).QuoRem(big.NewInt(-7), big.NewInt(2), new(big.Int))
	d, m := new(big.Int).DivMod(big.NewInt(-7), big.NewInt(2), new(big.Int))
	fmt.Println(q, r, d, m)
	fmt.Println(new(big.Int).Sqrt(f), f.Text(36), fmt.Sprintf("%x %08d", big.NewInt(255), big.NewInt(42)))
	fmt.Println(new(big.Int).Lsh(big.NewInt(1), 70).Cmp(new(big.Int).SetUint64(1<<63)), new(big.Int).Neg(p).Sign())
}
