package main

import (
	"fmt"
	"math/big"
)

func main() {
	r := big.NewRat(1, 3)
	r.Add(r, big.NewRat(1, 6))
	fmt.Println(r, r.FloatString(5))
	x := new(big.Int)
	x.SetString("123456789012345678901234567890", 10)
	y := new(big.Int).Mul(x, x)
	fmt.Println(y)
	fmt.Println(y.BitLen(), x.Cmp(y), new(big.Int).Mod(y, big.NewInt(97)))
	f := new(big.Float).SetPrec(100)
	f.SetInt64(2)
	f.Sqrt(f)
	fmt.Println(f.Text('f', 25))
	var sum big.Int
	for i := int64(1); i <= 30; i++ {
		sum.Add(&sum, new(big.Int).Exp(big.NewInt(2), big.NewInt(i), nil))
	}
	fmt.Println(&sum, sum.String())
	fmt.Printf("%x %d %s\n", big.NewInt(255), big.NewInt(-7), big.NewInt(12))
	q, m := new(big.Int).DivMod(big.NewInt(-7), big.NewInt(2), new(big.Int))
	fmt.Println(q, m, new(big.Int).Quo(big.NewInt(-7), big.NewInt(2)))
}
