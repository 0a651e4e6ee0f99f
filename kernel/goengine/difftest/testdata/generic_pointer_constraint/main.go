package main

import (
	"fmt"
	"strconv"
)

// Setter is satisfied by *T where T has a pointer method Set.
type Setter[T any] interface {
	*T
	Set(string) error
}

type Celsius struct{ deg float64 }

func (c *Celsius) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	c.deg = v
	return err
}

type Count struct{ n int }

func (c *Count) Set(s string) error {
	v, err := strconv.Atoi(s)
	c.n = v
	return err
}

// ParseAll makes a T for each string, through its pointer's Set.
func ParseAll[T any, PT Setter[T]](in []string) ([]T, error) {
	out := make([]T, len(in))
	for i, s := range in {
		if err := PT(&out[i]).Set(s); err != nil {
			return out[:i], fmt.Errorf("item %d: %w", i, err)
		}
	}
	return out, nil
}

func main() {
	cs, err := ParseAll[Celsius]([]string{"1.5", "-4"})
	fmt.Println(cs, err)
	ns, err := ParseAll[Count]([]string{"7", "x", "9"})
	fmt.Println(ns, err)
}
